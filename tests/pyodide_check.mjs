// Runs the engine under Pyodide's Python (3.14) in Node: plays seeded games and prints, as JSON,
// the Python version and a digest of each final save, for tests/test_pyodide.py to compare
// with CPython. Usage: node tests/pyodide_check.mjs <repo root>
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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
py.FS.writeFile("/home/pyodide/digest_games.py", readFileSync(join(root, "tests", "digest_games.py")));
console.log(py.runPython("import digest_games; digest_games.report()"));
