// Compiles the Python modules the browser runs into one bundle (issue 21), with the vendored
// Pyodide's own Python, so the bytecode is exactly that of the browser's runtime.
// Usage: node scripts/bundle.mjs <source dir> <bundle file> [<path> ...]: every <path>.py under
// the source dir becomes the module named by its path (pkg/__init__.py: the package pkg),
// compiled with optimize=2 (no docstrings; nothing shipped uses assert or __doc__) and without
// line tables (bytes: the first visit's download; a traceback names the function, not the
// line). The paths listed after the bundle file are the modules no page needs before its first
// board (the hint, the sound: build.py's BUNDLED_AS_SOURCE): they ship as their source
// (build.py strips its docstrings), smaller than their bytecode, compiled when first imported. The bundle is what
// web/bundle.py reads: lzma(marshal((MAGIC_NUMBER, {module name: (is a package, its code
// object or its source)}))), one marshal of them all (smaller: names are shared).
// build.py calls this; the output is the same for the same sources.
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [source, output] = process.argv.slice(2, 4).map((p) => resolve(p));
const cold = process.argv.slice(4);
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: source }, "/src");
py.globals.set("cold", py.toPy(cold));
const bundle = py.runPython(`
import importlib.util, lzma, marshal, os, sys, types

def without_lines(code):
    """The code object and every one inside it without its line table."""
    return code.replace(co_linetable=b"", co_consts=tuple(
        without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts))

modules = {}
for folder, dirs, files in os.walk("/src"):
    dirs.sort()
    for name in sorted(files):
        if name.endswith(".py"):
            rel = os.path.relpath(os.path.join(folder, name), "/src")
            parts = rel[:-3].split("/")
            package = parts[-1] == "__init__"
            module = ".".join(parts[:-1] if package else parts)
            with open(os.path.join("/src", rel), encoding="utf-8") as f:
                text = f.read()
            modules[module] = (package, text if rel in cold else
                               without_lines(compile(text, rel, "exec", optimize=2)))
data = marshal.dumps((importlib.util.MAGIC_NUMBER, dict(sorted(modules.items()))))
lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=[
    {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 21}])
`);
const { writeFileSync } = await import("node:fs");
writeFileSync(output, bundle.toJs());
console.log(`${py.runPython("len(modules)")} modules bundled by Python ${py.runPython("sys.version.split()[0]")}`);
