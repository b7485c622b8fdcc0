"""Build Encore's static site into dist/ (stdlib only), or build it and serve it locally.

    python build.py                                   # builds dist/
    python build.py serve [--port 8000] [--subpath encore]   # builds, then serves on 127.0.0.1

The site runs fully offline: the Pyodide runtime and the QR library (vendor/qr/)
are copied from node_modules/ (pinned in package-lock.json, checked before each build; `npm ci`
runs when needed), the engine and the page's modules ship
compiled by the runtime's own Python in one bundle (web/bundle.py, scripts/bundle.mjs), with
the standard library modules a start imports precompiled too (scripts/precompile.py), and a
precaching service worker (sw.js) lists every file. Every path written is relative, so the site
also works under a sub-path such as a GitHub Pages project site.

Tests and benchmarks import this module: build(out) -> stats, serve(directory, port, subpath)
-> server, ensure_runtime(), write_service_worker(directory).
"""

import argparse
import ast
import email.utils
import functools
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
STATIC = ROOT / "static"
PACKAGE = "pygame_rules"
BUNDLE = "encore.bundle"   # the browser's Python, compiled (web/bundle.py reads it)
BROWSER_SKIP = ("__main__.py", "cli.py", "tournament.py", "terminal.py",   # the terminal's only
                "openspiel.py", "actions.py", "tensors.py", "space.py")  # and OpenSpiel's
BUNDLED_AS_SOURCE = ("hint.py", "sound.py")
# ^ modules no page imports before its first board (a hint, the sound; a first game of a title
#   is taught, so teaching is on that path): smaller as source than as bytecode, compiled when
#   first imported (web/bundle.py)
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
STDLIB = "python_stdlib.zip"
# ^ not copied as is: scripts/bundle.mjs writes it with only the modules the page can import,
#   those a start imports precompiled (scripts/precompile.py)
STDLIB_EXTRA = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig",
                "encodings.unicode_escape", "encodings.raw_unicode_escape")
# ^ kept in the trimmed library though no import names them: the codecs a str.encode or
#   bytes.decode by name looks up
LOCK = "pyodide-lock.json"
# ^ not shipped: the page loads no package, and static/python.js gives the runtime a lock
#   without packages (its "info", which build.py writes into python.js: LOCK_INFO_PLACEHOLDER),
#   so a start does not fetch and parse its 119 KB; bench_page's bare page copies it
LOCK_INFO_PLACEHOLDER = '"__PYODIDE_LOCK_INFO__"'
PYSCRIPT_PYTHON = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
VENDOR = {"qr": ("index.js", "decode.js", "LICENSE-MIT")}
# ^ the page's other npm runtime (pinned in package.json and package-lock.json like Pyodide),
#   copied as is to vendor/<package>/: paulmillr's qr (encode and decode, no dependencies;
#   MIT OR Apache-2.0, shipped under MIT with its licence), imported by static/net.js only when
#   a QR code is drawn or scanned (decode.js imports ./index.js)
PINNED = ("pyodide", "@pyscript/core") + tuple(VENDOR)   # the runtime packages npm ci installs
PYSCRIPT_SKIP_PREFIXES = ("codemirror", "xterm")
# PyScript's plugins bench_page's bare PyScript page does not use (no <py-editor>,
# <py-terminal>, <py-game>, no pyscript.net URL to warn about and no donkey): its configs turn
# them off ("!name"), so they are not imported (PyScript imports every plugin a config does not
# turn off), and their chunks are not copied. The "error" plugin stays (PyScript imports it
# even when it is turned off). The site itself ships no PyScript (static/boot.js).
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
PYSCRIPT_CHUNK = re.compile(r"^(?P<name>.+)-[A-Za-z0-9_-]{8}\.js$")   # Vite: name-<8>.js
PYSCRIPT_REF = re.compile(r"""["'`]\./([A-Za-z0-9_.-]+\.(?:js|css))["'`]""")
SW_TEMPLATE = "sw.template.js"
PAGE = "index.html"
MANIFEST = "manifest.webmanifest"
MIME_TYPES = {
    ".html": "text/html", ".css": "text/css", ".js": "text/javascript",
    ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm",
    ".zip": "application/zip", ".bundle": "application/octet-stream",
    ".toml": "application/octet-stream", ".py": "text/plain",
    ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".png": "image/png",
    ".txt": "text/plain",
}


class BuildError(Exception):
    """A problem the person building must fix; the message says how."""


# --- runtime (npm) -----------------------------------------------------------------------------
def runtime_is_stale():
    """True when node_modules/ is missing or older than package-lock.json."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    return not marker.is_file() or lock.stat().st_mtime > marker.stat().st_mtime


def ensure_runtime():
    """Run `npm ci` when node_modules/ is missing or stale; fail clearly without npm."""
    if runtime_is_stale():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed once to fetch the pinned Pyodide and PyScript "
                             "files (package-lock.json). Install Node.js 20 or newer, which "
                             "includes npm (https://nodejs.org/en/download; on Debian/Ubuntu: "
                             "apt-get install nodejs npm), then run `python build.py` again.")
        print("build.py: node_modules/ is missing or stale; running npm ci", flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    missing = [name for name in PYODIDE_FILES if not (NODE_MODULES / "pyodide" / name).is_file()]
    missing += ["%s/%s" % (package, name) for package, names in VENDOR.items() for name in names
                if not (NODE_MODULES / package / name).is_file()]
    if not (PYSCRIPT_PYTHON / "__init__.py").is_file():
        missing.append("@pyscript/core/src/stdlib/pyscript")
    if missing or not (NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js").is_file():
        raise BuildError("node_modules/ lacks %s; run `npm ci`, and after an upgrade check "
                         "PYODIDE_FILES and VENDOR in build.py"
                         % (", ".join(missing) or "@pyscript/core/dist"))
    wrong = unpinned_runtime()
    if wrong:
        raise BuildError("node_modules/ holds %s, not the version package-lock.json pins; run "
                         "`npm ci`" % ", ".join(wrong))


def pinned_versions(lock=None):
    """{package: version} of the runtime packages (PINNED) as package-lock.json pins them."""
    lock = json.loads((lock or ROOT / "package-lock.json").read_text(encoding="utf-8"))
    packages = lock.get("packages", {})
    return {name: packages.get("node_modules/" + name, {}).get("version") for name in PINNED}


def unpinned_runtime(modules=None, lock=None):
    """The runtime packages in node_modules/ whose version is not the one the lock pins, as
    "name@installed" (a node_modules/ left by another branch or a hand install)."""
    modules = modules or NODE_MODULES
    wrong = []
    for name, version in pinned_versions(lock).items():
        try:
            installed = json.loads((modules / name / "package.json").read_text(
                encoding="utf-8")).get("version")
        except (OSError, ValueError):
            installed = None
        if version is None or installed != version:
            wrong.append("%s@%s" % (name, installed))
    return wrong


def copy_runtime(out):
    """Copy the Pyodide files and the other vendored packages' files (VENDOR) to
    vendor/<package>/. PyScript is not shipped: the page starts Pyodide itself (static/boot.js,
    static/python.js); bench_page's bare page takes PyScript's files from node_modules/
    (pyscript_files)."""
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != STDLIB:                        # build_bundle writes it, precompiled
            copy_script(NODE_MODULES / "pyodide" / name, out / "pyodide" / name)
    for package, names in VENDOR.items():
        (out / "vendor" / package).mkdir(parents=True)
        for name in names:
            copy_script(NODE_MODULES / package / name, out / "vendor" / package / name)


SOURCE_MAP_LINE = re.compile(rb"\n//# sourceMappingURL=[^\n]*\s*$")


def copy_script(src, dest):
    """Copy a runtime file; a script loses its closing sourceMappingURL comment, since the
    maps are not shipped (a browser's tools would report each as a map it cannot load)."""
    if src.suffix not in (".js", ".mjs"):
        shutil.copyfile(src, dest)
        return
    dest.write_bytes(SOURCE_MAP_LINE.sub(b"\n", src.read_bytes()))


def pyscript_file_wanted(name):
    """Never ship maps, CodeMirror, xterm, the empty SW stub, or a plugin turned off."""
    chunk = PYSCRIPT_CHUNK.match(name)
    return not (name.endswith(".map") or name.startswith(PYSCRIPT_SKIP_PREFIXES)
                or name == "service-worker.js"
                or (chunk and chunk["name"] in PYSCRIPT_PLUGINS_OFF))


def pyscript_files(dist):
    """The names of the PyScript files bench_page's bare page needs: core.js, core.css and every
    file they import, directly or not ("./name.js" in their text), except those
    pyscript_file_wanted refuses. So
    the chunks only an unused plugin imports (the terminal's loaders, the editor's TOML parser,
    CodeMirror's index) and the unused `storage.js` entry are left out too."""
    core = sorted(dist.glob("core-*.js"))
    if len(core) != 1:
        raise BuildError("expected one core-*.js in %s, found %d" % (dist, len(core)))
    text = core[0].read_text(encoding="utf-8")
    missing = [name for name in PYSCRIPT_PLUGINS_OFF
               if not re.search(r'"?%s"?:\(\)=>import\("\./%s-' % (re.escape(name),
                                                                      re.escape(name)), text)]
    if missing:                      # a renamed plugin would be imported while its file is gone
        raise BuildError("PyScript's core no longer names the plugins %s; check "
                         "PYSCRIPT_PLUGINS_OFF in build.py after an upgrade" % ", ".join(missing))
    keep, todo = set(), ["core.js", "core.css"]
    while todo:
        name = todo.pop()
        if name in keep or not (dist / name).is_file() or not pyscript_file_wanted(name):
            continue
        keep.add(name)
        todo += PYSCRIPT_REF.findall((dist / name).read_text(encoding="utf-8"))
    return sorted(keep)


# --- the Python bundle --------------------------------------------------------------------------
def browser_files(source=ROOT / PACKAGE):
    """(module path, source path) of every engine module the browser runs, sorted: the package
    without the terminal's modules (BROWSER_SKIP) and __pycache__."""
    files = []
    for path in sorted(source.rglob("*.py")):
        rel = path.relative_to(source.parent)
        if "__pycache__" not in rel.parts and path.name not in BROWSER_SKIP:
            files.append((rel.as_posix(), path))
    return files


def bundle_sources(web=WEB, source=ROOT / PACKAGE):
    """(module path, source path) of everything the bundle holds: the engine (browser_files)
    and the page's modules (web_modules), sorted."""
    return sorted(browser_files(source) + [(rel, web / rel) for rel in web_modules(web)])


def bundle_order(sources, entry="main"):
    """The bundle's module paths in the order the page needs them: what `entry` imports to
    start, then each game's rules and table (in the registry's order), then the rest; each
    module after the modules it imports."""
    texts = {PRECOMPILE.module_name(rel): (rel, path.read_text(encoding="utf-8"))
             for rel, path in sources}
    placed, order = set(), []

    def place(name):
        if name in placed or name not in texts:
            return
        placed.add(name)
        for imported in PRECOMPILE.top_imports(*texts[name]):
            place(imported)
        order.append(texts[name][0])

    games = "%s.games" % PACKAGE
    game_packages = [m for m in PRECOMPILE.top_imports(*texts[games]) if m.count(".") == 2] \
        if games in texts else []
    roots = [entry] + [root for package in dict.fromkeys(game_packages) for root in
                       (package + ".state", "tables." + package.rsplit(".", 1)[-1])]
    for name in roots + sorted(texts):
        place(name)
    return order


def without_docstrings(text):
    """Python source without its docstrings and comments (what the browser runs as source:
    fewer bytes to download; ast.unparse keeps the code as it is)."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


NOT_SAID_IN_BROWSER = re.compile(r"^(cli\.|[a-z]+\.term\.|[a-z]+\.rules\.(?!.*\.h$))")
# ^ the terminal's own sentences, and the rules' text, which index.html holds (web/shell.py
#   writes it); of the rules the page's Python names only the headings (teaching links to them)
MESSAGE_ID = re.compile(r"""["']([a-z]+\.[a-z0-9_.]+)["']""")


def is_catalogue(rel):
    """True for a module of the message catalogue (messages*.py, a game's texts*.py)."""
    return rel.rsplit("/", 1)[-1].startswith(("messages", "texts"))


def named_messages(sources):
    """The message ids written out in the given modules' code (not the catalogue's)."""
    return {m for rel, src in sources if not is_catalogue(rel)
            for m in MESSAGE_ID.findall(src.read_text(encoding="utf-8"))}


def without_unsaid_sentences(text, keep):
    """A catalogue module without the sentences the browser's Python never says
    (NOT_SAID_IN_BROWSER), but for the ids in `keep`, which browser modules name."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            pairs = [(k, v) for k, v in zip(node.keys, node.values)
                     if not (isinstance(k, ast.Constant) and isinstance(k.value, str)
                             and NOT_SAID_IN_BROWSER.match(k.value) and k.value not in keep)]
            node.keys, node.values = [k for k, _v in pairs], [v for _k, v in pairs]
    return ast.unparse(tree) + "\n"


def build_bundle(out, web=WEB, source=ROOT / PACKAGE):
    """Compile the browser's modules with the runtime's Python into out/encore.bundle (see
    web/bundle.py), and the standard library a start imports into out/pyodide/STDLIB (see
    scripts/precompile.py), by running scripts/bundle.mjs in Node; returns the bundle's path."""
    node_path()
    path = out / BUNDLE
    with tempfile.TemporaryDirectory(prefix="encore-bundle-") as tmp:
        cold, sources = [], bundle_sources(web, source)
        keep = named_messages(sources)
        for rel, src in sources:
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            if is_catalogue(rel):
                (Path(tmp) / rel).write_text(without_unsaid_sentences(
                    src.read_text(encoding="utf-8"), keep), encoding="utf-8")
            elif rel.rsplit("/", 1)[-1] in BUNDLED_AS_SOURCE:
                cold.append(rel)
                (Path(tmp) / rel).write_text(without_docstrings(src.read_text(encoding="utf-8")),
                                             encoding="utf-8")
            else:
                shutil.copyfile(src, Path(tmp) / rel)
        (out / "pyodide").mkdir(parents=True, exist_ok=True)
        stdlib = {"zip": str(NODE_MODULES / "pyodide" / STDLIB),
                  "output": str(out / "pyodide" / STDLIB), "trim": True,
                  "extra": list(STDLIB_EXTRA),
                  "scan": [str(web / name) for name in (ENTRY, LOADER, WORKER)
                           if (web / name).is_file()]}
        run_bundle_script(tmp, path, {"loader": str(web / LOADER), "cold": cold,
                                      "stdlib": stdlib, "order": bundle_order(sources)},
                          "compiling the page's Python", (path, out / "pyodide" / STDLIB))
    return path


def node_path():
    """The Node.js that runs scripts/bundle.mjs, or BuildError saying how to get it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to compile the page's Python with the runtime's own "
                         "Python (scripts/bundle.mjs); install Node.js 20 or newer")
    return node


def run_bundle_script(source, output, plan, what, made):
    """Run scripts/bundle.mjs on `plan` (written into the folder `source`, which holds the
    modules it names) and `output`; BuildError saying `what` failed unless it ran and wrote
    every file of `made`."""
    plan_file = Path(source) / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    done = subprocess.run([node_path(), str(ROOT / "scripts" / "bundle.mjs"), str(source),
                           str(output), str(plan_file)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0 or not all(Path(p).is_file() for p in made):
        raise BuildError("%s failed (scripts/bundle.mjs):\n%s"
                         % (what, done.stderr.strip() or done.stdout.strip()))


# --- the page -----------------------------------------------------------------------------------
BUILD_ONLY = ("shell.py",)  # fills index.html at build time; the browser never needs it
ENTRY = "boot.py"          # imported by static/boot.js: installs the bundle, imports main
LOADER = "bundle.py"       # imports the bundle's modules (the page's and the worker's first import)
WORKER = "bot_worker.py"   # the bots' worker's Python (static/bot-worker.js runs it)
SHIPPED_AS_SOURCE = (ENTRY, LOADER, WORKER)   # run as source: they start the bundle (the worker's
                                              # file also carries the version stamp)


def web_modules(web=WEB):
    """The page's modules the bundle holds, relative to web/ as POSIX paths, sorted: main.py,
    its helper modules and the packages beside them (tables/); not shell.py, not the files
    shipped as source."""
    found = [p.relative_to(web) for p in web.rglob("*.py")
             if p.is_file() and "__pycache__" not in p.relative_to(web).parts]
    return sorted(rel.as_posix() for rel in found
                  if rel.as_posix() not in BUILD_ONLY + SHIPPED_AS_SOURCE)


def plugins_line():
    """The PyScript config line that turns its unused plugins off (PYSCRIPT_PLUGINS_OFF), for
    bench_page's bare PyScript page."""
    return "plugins = %s" % json.dumps(["!" + name for name in PYSCRIPT_PLUGINS_OFF])


def mpy_config():
    """bench_page's bare page's <mpy-config>: PyScript reads a config for MicroPython too even
    though the page runs none, and with none it imports every plugin; this one turns them off."""
    return "<mpy-config hidden>%s</mpy-config>" % json.dumps(
        {"plugins": ["!" + name for name in PYSCRIPT_PLUGINS_OFF]})


def ship_source(src, dest):
    """Copy a Python file the browser runs as source, without its docstrings and comments."""
    dest.write_text(without_docstrings(src.read_text(encoding="utf-8")), encoding="utf-8")


def build_worker(out, web):
    """Ship the bots' worker and its config when web/ has one; returns whether it did."""
    if not (web / WORKER).is_file():
        return False
    ship_source(web / WORKER, out / WORKER)
    return True


def load_precompile():
    """Import scripts/precompile.py (what a module imports; the precompiled standard library),
    which scripts/bundle.mjs also runs in the runtime's Python."""
    spec = importlib.util.spec_from_file_location("encore_precompile",
                                                  ROOT / "scripts" / "precompile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PRECOMPILE = load_precompile()


def load_shell(web=WEB):
    """Import web/shell.py (the template filler) from the web folder."""
    path = web / "shell.py"
    if not path.is_file():
        raise BuildError("%s is missing; it provides fill_template(html, sizes)" % path)
    spec = importlib.util.spec_from_file_location("encore_web_shell", path)
    module = importlib.util.module_from_spec(spec)
    added = [str(d) for d in (web, ROOT) if str(d) not in sys.path]
    sys.path[:0] = added                            # shell.py imports pygame_rules and web modules
    try:
        spec.loader.exec_module(module)
    finally:
        for entry in added:
            sys.path.remove(entry)
    return module


def startup_sizes(out, names):
    """Byte size of each file the page downloads at start, keyed by its relative URL."""
    return {name: (out / name).stat().st_size for name in names}


def build_page(out, web):
    """Bundle the Python, copy the entry and the loader, and fill
    index.html; returns the sizes."""
    if not (web / "index.html").is_file() or "main.py" not in web_modules(web) or not all(
            (web / name).is_file() for name in (ENTRY, LOADER)):
        raise BuildError("%s needs index.html (the template), main.py, %s and %s"
                         % (web, ENTRY, LOADER))
    build_bundle(out, web)
    for name in (ENTRY, LOADER):
        ship_source(web / name, out / name)
    build_worker(out, web)
    names = ["pyodide/" + n for n in PYODIDE_FILES] + [ENTRY, LOADER, BUNDLE]
    sizes = startup_sizes(out, names)
    template = (web / "index.html").read_text(encoding="utf-8")
    html = load_shell(web).fill_template(template, sizes)
    (out / "index.html").write_text(html, encoding="utf-8")
    return sizes


def lock_info():
    """The "info" of the vendored runtime's lock file (its ABI, which the runtime checks)."""
    lock = json.loads((NODE_MODULES / "pyodide" / LOCK).read_text(encoding="utf-8"))
    return lock["info"]


def full_stdlib(dest):
    """The whole standard library, with what PyScript's and our modules' start imports
    precompiled, written to dest: bench_page's bare PyScript page's (the site ships a trimmed
    one); runs scripts/bundle.mjs like build_bundle."""
    scan = [str(p) for p in sorted(PYSCRIPT_PYTHON.glob("*.py"))]
    scan += [str(path) for _rel, path in bundle_sources()]
    with tempfile.TemporaryDirectory(prefix="encore-stdlib-") as tmp:
        run_bundle_script(tmp, os.devnull, {"stdlib": {
            "zip": str(NODE_MODULES / "pyodide" / STDLIB), "output": str(dest), "scan": scan}},
            "precompiling the standard library", (dest,))
    return dest


def copy_static(out, static=STATIC):
    """Copy static/ to out/static/, except the manifest (to out/) and the SW template; style
    sheets and scripts without their comments (SHIPPED_WITHOUT_COMMENTS)."""
    for src in sorted(static.rglob("*")):
        rel = src.relative_to(static)
        if src.is_dir() or "__pycache__" in rel.parts or rel.as_posix() == SW_TEMPLATE:
            continue
        dest = out / MANIFEST if rel.as_posix() == MANIFEST else out / "static" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix in SHIPPED_WITHOUT_COMMENTS:
            text = SHIPPED_WITHOUT_COMMENTS[src.suffix](src.read_text(encoding="utf-8"))
            if LOCK_INFO_PLACEHOLDER in text:
                text = text.replace(LOCK_INFO_PLACEHOLDER, json.dumps(lock_info()))
            dest.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(src, dest)


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def css_without_comments(css):
    """The style sheet without its comments, indentation or blank lines (bytes: the first visit
    downloads it; our CSS has no "/*" inside a string)."""
    lines = (line.strip() for line in CSS_COMMENT.sub("", css).splitlines())
    return "\n".join(line for line in lines if line) + "\n"


def js_without_comment_lines(js):
    """A script without its whole-line // comments and blank lines (bytes; our scripts have no
    string or template literal that spans lines)."""
    lines = (line.rstrip() for line in js.splitlines())
    return "\n".join(line for line in lines if line and not line.lstrip().startswith("//")) + "\n"


SHIPPED_WITHOUT_COMMENTS = {".css": css_without_comments, ".js": js_without_comment_lines}


# --- the service worker -------------------------------------------------------------------------
def site_files(out):
    """Relative POSIX paths of every file in out, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


INSTALL_ONLY = ("static/icons/icon-192.png", "static/icons/icon-512.png")
# ^ the manifest's PNG icons: read by the browser when the site is installed, never by the page,
#   so not precached (a first visit does not download them; the page's icon is the SVG)


LAZY = ("vendor/qr/",)
# ^ not precached either: the QR library, which the page imports only when a code of play from
#   other devices is drawn or read (46 KB gzipped of a first visit's 390 KB); sw.js keeps each
#   such file in this version's cache the first time the page fetches it, so it works offline
#   after one use


def versioned(out):
    """The files the site's version covers: all but sw.js itself, dotfiles like .nojekyll and
    the icons only an installation reads (INSTALL_ONLY)."""
    return [rel for rel in site_files(out)
            if rel != "sw.js" and rel not in INSTALL_ONLY
            and not any(part.startswith(".") for part in rel.split("/"))]


def precached(out):
    """The files sw.js precaches: the versioned ones but the LAZY ones."""
    return [rel for rel in versioned(out) if not rel.startswith(LAZY)]


def cache_name(out, files):
    """encore-<16 hex of the sha256 over the files' paths and contents>."""
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    return "encore-" + digest.hexdigest()[:16]


VERSION_STAMP = "__ENCORE_VERSION__"
STAMPED = ("index.html", WORKER)   # the page's <meta name="encore-version"> and the bots' worker


def stamp_version(out, version):
    """Write the site's version into the files that report it: index.html's
    <meta name="encore-version"> (the page's version) and bot_worker.py's VERSION (the bots'
    worker's), so the page can check that its worker came from the same cache. Each must hold
    the placeholder exactly once (bot_worker.py only when it is shipped)."""
    for rel in STAMPED:
        path = out / rel
        if rel == WORKER and not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if text.count(VERSION_STAMP) != 1:
            raise BuildError("%s must contain %s exactly once (the version stamp)"
                             % (rel, VERSION_STAMP))
        path.write_text(text.replace(VERSION_STAMP, version), encoding="utf-8")


def write_service_worker(out, template=STATIC / SW_TEMPLATE):
    """Fill the SW template with the cache name and file list; write out/sw.js; return the name.
    The page is listed once, as "./" (the SW answers index.html from it): a first visit
    downloads it once for the precache, not twice.

    The cache name is the site's version: build() hashes the files here, before stamp_version
    writes that version into index.html and bot_worker.py."""
    files = precached(out)
    name = cache_name(out, versioned(out))
    text = template.read_text(encoding="utf-8")
    if any(text.count(mark) != 1 for mark in ("__CACHE__", "__FILES__", "__LAZY__")):
        raise BuildError("%s must contain __CACHE__, __FILES__ and __LAZY__ once each"
                         % template)
    urls = json.dumps(["./"] + ["./" + rel for rel in files if rel != PAGE], indent=2)
    text = text.replace("__CACHE__", name).replace("__FILES__", urls).replace(
        "__LAZY__", json.dumps(["./" + prefix for prefix in LAZY]))
    (out / "sw.js").write_text(text, encoding="utf-8")
    return name


# --- the whole build ----------------------------------------------------------------------------
def reset_dir(out):
    """Delete and recreate out, refusing anything that looks like a source folder."""
    out = out.resolve()
    if out in (ROOT, *ROOT.parents) or (out / ".git").exists() or out == Path.home():
        raise BuildError("refusing to delete %s" % out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)


def build(out=Path("dist"), web=WEB, static=STATIC, quiet=False):
    """Build the site into out (deleted first); returns a dict of stats."""
    out = Path(out)
    ensure_runtime()
    reset_dir(out)
    copy_runtime(out)
    copy_static(out, static)
    sizes = build_page(out, web)
    (out / ".nojekyll").write_bytes(b"")
    cache = write_service_worker(out, static / SW_TEMPLATE)
    stamp_version(out, cache)
    files = site_files(out)
    stats = {"out": str(out), "files": len(files), "bytes": sum((out / f).stat().st_size
                                                                 for f in files),
             "bundle": BUNDLE, "cache": cache, "sizes": sizes,
             "startup_bytes": sum(sizes.values())}
    if not quiet:
        print("built %s: %d files, %s bytes (%s bytes fetched at start), cache %s"
              % (out, stats["files"], format(stats["bytes"], ","),
                 format(stats["startup_bytes"], ","), cache))
    return stats


# --- local server -------------------------------------------------------------------------------
GZIP_TYPES = {"text/html", "text/css", "text/javascript", "application/json", "image/svg+xml",
              "application/manifest+json", "application/wasm"}
# ^ what GitHub Pages sends compressed: text, and WebAssembly (the runtime's 9.6 MB arrive as
#   3.5 MB); not the zip, already compressed


@functools.lru_cache(maxsize=64)
def gzipped(path, mtime_ns, size):
    """A file's bytes gzip-compressed (level 6, a web server's usual; cached per version)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=6, mtime=0)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtime needs, optionally under a sub-path."""

    prefix = ""
    quiet = True

    def guess_type(self, path):
        """Our MIME table first, then the system's."""
        return MIME_TYPES.get(os.path.splitext(path)[1].lower()) or super().guess_type(path)

    def routed(self):
        """True if the request is inside the sub-path; else answer it with a redirect or 404."""
        path = urlsplit(self.path).path
        if not self.prefix or path.startswith(self.prefix + "/"):
            return True
        if path == self.prefix:
            self.send_response(301)
            self.send_header("Location", self.prefix + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_error(404, "the site is under %s/" % self.prefix)
        return False

    def translate_path(self, path):
        """Strip the sub-path before mapping the URL to a file."""
        return super().translate_path(path[len(self.prefix):] if self.prefix else path)

    def do_GET(self):
        """GET inside the sub-path."""
        if self.routed():
            super().do_GET()

    def send_head(self):
        """Headers of the file, gzip-compressed when it is text and the browser accepts gzip
        (as GitHub Pages serves such files, so the bytes measured here are a visitor's)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, PAGE)          # the folder's page, as the base serves it
        mime = self.guess_type(path)
        if (mime not in GZIP_TYPES or not os.path.isfile(path)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = os.stat(path)
        if self.not_modified_since(stat.st_mtime):
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def not_modified_since(self, mtime):
        """True if the request's If-Modified-Since covers the file's time (answered 304, as the
        base handler and GitHub Pages answer a revalidation)."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()

    def do_HEAD(self):
        """HEAD inside the sub-path."""
        if self.routed():
            super().do_HEAD()

    def log_message(self, format, *args):
        """Log requests only when not quiet."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """ThreadingHTTPServer that ignores clients hanging up mid-response (browsers do)."""

    def handle_error(self, request, client_address):
        """Stay quiet about broken pipes and resets; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory, port=8000, subpath=None, quiet=True):
    """A ThreadingHTTPServer on 127.0.0.1 for directory (port 0: any free port); not started.

    The site is at server.url; run server.serve_forever() (in a thread for tests), and
    server.shutdown() + server.server_close() to stop it.
    """
    prefix = "/" + subpath.strip("/") if subpath and subpath.strip("/") else ""
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "quiet": quiet})
    server = SiteServer(("127.0.0.1", port),
                        functools.partial(handler, directory=str(directory)))
    server.url = "http://127.0.0.1:%d%s/" % (server.server_port, prefix)
    return server


def serve_in_thread(directory, port=0, subpath=None):
    """Start serve(...) in a daemon thread; returns the running server."""
    server = serve(directory, port, subpath)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None):
    """Command line: build, or build and serve."""
    parser = argparse.ArgumentParser(prog="python build.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    parser.add_argument("--port", type=int, default=8000, help="serve: port on 127.0.0.1")
    parser.add_argument("--subpath", help="serve: put the site under /NAME/, like GitHub Pages")
    args = parser.parse_args(argv)
    try:
        build(args.out)
    except BuildError as err:
        print("build.py: %s" % err, file=sys.stderr)
        return 1
    if args.command == "serve":
        server = serve(args.out, args.port, args.subpath, quiet=False)
        print("serving %s at %s (Ctrl-C to stop)" % (args.out, server.url), flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
