"""What a module imports as it runs, and the runtime's standard library with what a start
imports precompiled (issue 41, on the way to issue 44's start).

Runs in two Pythons, so it uses nothing but the standard library: CPython (build.py orders the
bundle with `top_imports`) and the vendored Pyodide's own Python in Node (scripts/bundle.mjs runs
`precompiled_stdlib`, so the bytecode is exactly the browser's).

Pyodide ships its standard library (python_stdlib.zip) as source, so every start of the page
compiled again the ~150 modules the runtime, PyScript and our modules import as they start
(asyncio, typing, inspect, re, json, ...): about 2 s of each start's main thread on the test
machine, for every page the browser tests load. `precompiled_stdlib` puts those modules in the
zip as bytecode (an unchecked hash-based .pyc in place of the .py: zipimport prefers it and reads
no source); every other entry stays as it is, so a module no start imports is still there as
source, compiled when first imported. Which modules: the closure of the roots' imports over what
each module runs as it is imported (`top_imports`, not the imports inside its functions).

The site's zip is trimmed to those modules (issue 44: 2.48 MB of the runtime's zip is a first
visit's largest download after the runtime itself). Its roots are every module our modules
import anywhere, in a function too, and what the runtime imports as it starts; a standard
library module imports as it runs what it needs, so the closure holds every module the page can
reach, but for one a standard library function imports inside itself (pdb, pydoc, email, http,
tarfile, ...; build.py lists what it adds by hand). bench_page's bare PyScript page keeps the
whole library, with what PyScript's start imports precompiled, as this did for the site before.
"""

import ast
import importlib.util
import io
import zipfile
from importlib import _bootstrap_external

SOURCE, BYTECODE = ".py", ".pyc"


def module_name(rel):
    """The module a path holds ("pkg/__init__.py": "pkg", "pkg/mod.py": "pkg.mod")."""
    parts = rel[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_imports(rel, text):
    """The modules a module imports as it runs (its top-level imports, not those inside its
    functions or under an `if` an import never enters), in order, each with the packages above
    it."""
    me = module_name(rel)
    package = me if rel.endswith("__init__.py") else me.rpartition(".")[0]
    found = []

    def visit(body):
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    above = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(above + ([node.module] if node.module else []))
                found.extend([base] + [base + "." + alias.name for alias in node.names])
            elif isinstance(node, ast.If) and never_on_import(node.test):
                visit(node.orelse)
            elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for name in ("body", "orelse", "finalbody", "handlers"):
                    visit(getattr(node, name, None) or [])

    visit(ast.parse(text).body)
    return [".".join(name.split(".")[:i + 1]) for name in found
            for i in range(len(name.split(".")))]


def never_on_import(test):
    """True for an `if` an import never enters: `__name__ == "__main__"`, `TYPE_CHECKING`."""
    text = ast.unparse(test).replace("'", '"')
    return text in ('__name__ == "__main__"', "TYPE_CHECKING", "typing.TYPE_CHECKING")


def every_import(text):
    """Every module a source names in an import statement, wherever (absolute imports only):
    what our page's and PyScript's modules may import while the page runs."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
            found.update(node.module + "." + alias.name for alias in node.names)
    return found


def imported_at_start(sources, roots):
    """The modules of `sources` ({path in the zip: source text}) that importing `roots` runs:
    the roots found there, and what they import as they run, to the end."""
    paths = {module_name(rel): rel for rel in sources}
    seen, todo = set(), list(roots)
    while todo:
        parts = todo.pop().split(".")
        for depth in range(1, len(parts) + 1):
            name = ".".join(parts[:depth])
            if name in paths and name not in seen:
                seen.add(name)
                todo.extend(top_imports(paths[name], sources[paths[name]]))
    return seen


def hash_pyc(text, path):
    """An unchecked hash-based .pyc of a module's source (the importer never reads the source
    back to check it), its code named `path` as a traceback would show it."""
    code = compile(text, path, "exec", dont_inherit=True)
    return bytes(_bootstrap_external._code_to_hash_pyc(
        code, importlib.util.source_hash(text.encode("utf-8")), False))


def precompiled_stdlib(data, roots, prefix, frozen=(), trim=False):
    """The bytes of a standard library zip (`data`) with each module that importing `roots`
    runs stored as bytecode in place of its source, but for the `frozen` ones (built into the
    runtime, never read from the zip); `prefix` is the zip's path in the runtime
    ("/lib/python314.zip/"). With `trim`, the other modules are left out (the site's zip: see
    the module). Returns (zip bytes, the modules precompiled, sorted)."""
    with zipfile.ZipFile(io.BytesIO(data)) as old:
        infos = old.infolist()
        texts = {i.filename: old.read(i).decode("utf-8") for i in infos
                 if i.filename.endswith(SOURCE)}
        chosen = imported_at_start(texts, roots) - set(frozen)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
            for info in infos:
                if info.filename in texts and module_name(info.filename) in chosen:
                    entry = zipfile.ZipInfo(info.filename[:-len(SOURCE)] + BYTECODE,
                                            info.date_time)
                    entry.external_attr = info.external_attr
                    new.writestr(entry, hash_pyc(texts[info.filename], prefix + info.filename),
                                 zipfile.ZIP_DEFLATED, 9)
                elif not (trim and info.filename in texts):
                    new.writestr(info, old.read(info), zipfile.ZIP_DEFLATED, 9)
    return out.getvalue(), sorted(chosen)
