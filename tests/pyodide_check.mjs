// Runs the engine under Pyodide's Python (3.14) in Node: plays seeded games and prints, as JSON,
// the Python version and a digest of each final save, for tests/test_pyodide.py to compare
// with CPython. Usage: node tests/pyodide_check.mjs <repo root> [module.py, default
// tests/digest_games.py]: any module of the repo whose report() prints JSON (the search benchmark too).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const root = process.argv[2];
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
const module = process.argv[3] || join("tests", "digest_games.py");   // any module with report()
const name = basename(module, ".py");
py.FS.writeFile("/home/pyodide/" + name + ".py", readFileSync(join(root, module)));
console.log(py.runPython(`import ${name}; ${name}.report()`));
