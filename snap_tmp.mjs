import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
function nonzero(b) { let n = 0; const P = 65536; for (let i = 0; i < b.length; i += P) { const s = new Uint32Array(b.buffer, b.byteOffset + i, Math.min(P, b.length - i) >> 2); if (s.some((x) => x)) n++; } return n * 65536; }
const mode = process.argv[2];
const py = await loadPyodide({ _makeSnapshot: true, stdLibURL: "dist/pyodide/python_stdlib.zip" });
if (mode !== "empty") {
  for (const f of ["bundle.py", "encore.bundle", "bot_worker.py"]) py.FS.writeFile(f, readFileSync("dist/" + f));
  py.runPython("import bot_worker; bot_worker.warm_up()");
  if (mode === "gc") py.runPython("import bundle, gc, sys\nfor f in sys.meta_path:\n  b = getattr(f, 'bundle', None) or f\n  print(type(f), [k for k in vars(f)] if hasattr(f, '__dict__') else '')\ngc.collect()");
}
const snap = py.makeMemorySnapshot();
console.log(mode, "snapshot", snap.length, "nonzero", nonzero(snap));
