// Runs a benchmark module of this folder under Pyodide's Python in Node and prints its report().
// Usage: node benchmarks/pyodide_run.mjs <repo root> <module>
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createRequire } from "node:module";

const root = process.argv[2];
const require = createRequire(join(root, "package.json"));
const { loadPyodide } = require("pyodide");
const py = await loadPyodide();
function copy(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") { py.FS.mkdirTree(target); copy(path); }
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(target, readFileSync(path));
    }
  }
}
py.FS.mkdirTree("/home/pyodide/pygame_rules");
copy(join(root, "pygame_rules"));
py.FS.mkdirTree("/home/pyodide/benchmarks");
py.FS.writeFile("/home/pyodide/benchmarks/" + process.argv[3] + ".py",
                readFileSync(join(root, "benchmarks", process.argv[3] + ".py")));
py.runPython("import sys; sys.path.insert(0, '/home/pyodide/benchmarks')");
console.log(py.runPython(`import ${process.argv[3]}; ${process.argv[3]}.report()`));
