// Compiles the Python modules the browser runs into one bundle (issue 21), with the vendored
// Pyodide's own Python, so the bytecode is exactly that of the browser's runtime.
// Usage: node scripts/bundle.mjs <source dir> <bundle file> <plan.json>, where the plan is
// {"loader": <web/bundle.py>, "order": [<path>.py, ...], "cold": [<path>.py, ...]}: every path
// (relative to the source dir) becomes the module named by it (pkg/__init__.py: the package
// pkg), in the plan's order (the order the page needs them: build.py's bundle_order), compiled
// with optimize=2 (no docstrings; nothing shipped uses assert or __doc__) and without line
// tables (bytes: the first visit's download; a traceback names the function, not the line).
// The cold paths are the modules no page needs before its first board (the hint, the sound:
// build.py's BUNDLED_AS_SOURCE): they ship as their source (build.py strips its docstrings),
// smaller than their bytecode, compiled when first imported. The bundle's format is the
// loader's (web/bundle.py's `pack`, run here).
// With "stdlib": {"zip": <the runtime's python_stdlib.zip>, "output": <zip to write>, "scan":
// [<more Python files>], "extra": [<module names>], "trim": <bool>} in the plan, it also writes
// the standard library with what a start imports precompiled (scripts/precompile.py): the
// modules the runtime has imported once it is up, the `extra` ones and every module our modules
// and the scanned files import, with what those import as they run; with "trim", only those.
// build.py calls this for the site (trimmed), bench_page for its bare PyScript page (the whole
// library, PyScript's files scanned, no "order": no bundle); the output is the same for the same
// sources.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [source, output, planFile] = process.argv.slice(2, 5).map((p) => resolve(p));
const plan = JSON.parse(readFileSync(planFile, "utf-8"));
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const started = py.runPython(`
import sys
[name for name, module in sys.modules.items() if ".zip/" in (getattr(module, "__file__", None) or "")]
`).toJs();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: source }, "/src");
py.globals.set("plan", py.toPy(plan));
if (plan.order) {                 // (bench_page's bare page asks for the library alone)
  py.globals.set("loader_source", readFileSync(plan.loader, "utf-8"));
  const bundle = py.runPython(`
import sys, types

loader = {"__name__": "encore_bundle_loader"}
exec(compile(loader_source, "bundle.py", "exec"), loader)

def without_lines(code):
    """The code object and every one inside it without its line table."""
    return code.replace(co_linetable=b"", co_consts=tuple(
        without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts))

modules = []
for rel in plan["order"]:
    parts = rel[:-3].split("/")
    package = parts[-1] == "__init__"
    with open("/src/" + rel, encoding="utf-8") as f:
        text = f.read()
    modules.append((".".join(parts[:-1] if package else parts), package,
                    text if rel in plan["cold"] else
                    without_lines(compile(text, rel, "exec", optimize=2))))
loader["pack"](modules)
`);
  writeFileSync(output, bundle.toJs());
  console.log(`${py.runPython("len(modules)")} modules bundled by Python ${py.runPython("sys.version.split()[0]")}`);
}
if (plan.stdlib) {
  py.globals.set("started", py.toPy(started));
  py.globals.set("scanned", py.toPy(plan.stdlib.scan.map((p) => readFileSync(p, "utf-8"))));
  py.FS.writeFile("/stdlib.zip", readFileSync(plan.stdlib.zip));
  py.globals.set("precompile_source", readFileSync(new URL("precompile.py", import.meta.url), "utf-8"));
  const result = py.runPython(`
import _imp, sys
precompile = {"__name__": "encore_precompile"}
exec(compile(precompile_source, "precompile.py", "exec"), precompile)
roots = set(started) | set(plan["stdlib"].get("extra", ()))
for rel in plan.get("order", ()):
    with open("/src/" + rel, encoding="utf-8") as f:
        roots |= precompile["every_import"](f.read())
for text in scanned:
    roots |= precompile["every_import"](text)
prefix = next(p for p in sys.path if p.endswith(".zip")) + "/"
with open("/stdlib.zip", "rb") as f:
    data, chosen = precompile["precompiled_stdlib"](f.read(), roots, prefix,
                                                    _imp._frozen_module_names(),
                                                    plan["stdlib"].get("trim", False))
(data, len(chosen))
`).toJs();
  writeFileSync(plan.stdlib.output, result[0]);
  console.log(`${result[1]} standard library modules precompiled`);
}
