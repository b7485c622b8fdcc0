// Opens a built site's Python bundle in the runtime's own Python (Pyodide 3.14 in Node), the way
// the page does (web/bundle.py, as shipped in the site), and prints as JSON what it holds and
// that it plays: for tests/test_build.py. Usage: node tests/bundle_check.mjs <site dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const site = process.argv[2];
const py = await loadPyodide();
for (const name of ["bundle.py", "encore.bundle"]) {
  py.FS.writeFile("/home/pyodide/" + name, readFileSync(join(site, name)));
}
console.log(py.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide")
import bundle
started = time.perf_counter()
opened = bundle.read()
read_ms = (time.perf_counter() - started) * 1000
bundle.install()
finder = next(f for f in sys.meta_path if isinstance(f, bundle.BundleFinder))
import pygame_rules, app, render, replay, stats, tables
at_start = finder.bundle.read_fraction()
import tables.take_a_chord
pygame_rules.new_game("take-a-chord", players=4, seed=1)
at_first_board = finder.bundle.read_fraction()
from pygame_rules import hint
import tables.rechord
state = pygame_rules.new_game("rechord", players=2, seed=3)
while not state.is_over:
    state.apply(state.legal_actions()[0])
modules = {name: (opened.is_package(name), opened.code(name)) for name in opened.index}
json.dumps({"modules": sorted(modules),
            "source": sorted(m for m, (_p, code) in modules.items() if isinstance(code, str)),
            "packages": sorted(m for m, (package, _c) in modules.items() if package),
            "loaders": sorted({type(m.__loader__).__name__ for m in (pygame_rules, app, hint,
                                                                      tables.rechord)}),
            "version": pygame_rules.__version__, "scores": state.scores(),
            "read_ms": round(read_ms), "at_start": round(at_start, 3),
            "at_first_board": round(at_first_board, 3)})
`));
