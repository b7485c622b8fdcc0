// Snapshot benchmark (issue 44): how long Pyodide takes to be ready in Node, loaded plainly and
// restored from a memory snapshot made after the engine was imported, and how big the snapshot
// is. It measures whether a snapshot (Pyodide's loadPyodide({_makeSnapshot}) / _loadSnapshot)
// is worth building into the page's start; it prints numbers only.
//
//     node benchmarks/bench_snapshot.mjs [runs, default 3]
//
// A snapshot holds the interpreter's memory, not its file system: the engine's files are
// written again after a restore, for the modules imported later (a game's state, on demand).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] || 3);
const ENGINE = "import json, pygame_rules, pygame_rules.games.take_a_chord, " +
  "pygame_rules.games.take_bamboo, pygame_rules.games.taktvoll, pygame_rules.games.rechord";
const GAME = "import pygame_rules; len(pygame_rules.new_game('take-a-chord', 4, seed=1)" +
  ".view(0)['legal'])";

function copy(py, dir = join(root, "pygame_rules")) {    // the engine's .py files, into its FS
  for (const name of readdirSync(dir)) {
    const path = join(dir, name), target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") { py.FS.mkdirTree(target); copy(py, path); }
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(target, readFileSync(path));
    }
  }
}

async function timed(what) {                              // [ms, result]
  const start = performance.now();
  const result = await what();
  return [performance.now() - start, result];
}

async function ready(options) {                            // [ms to ready, ms to a first game]
  const [load, py] = await timed(() => loadPyodide(options));
  const [game] = await timed(() => {
    py.FS.mkdirTree("/home/pyodide/pygame_rules");
    copy(py);
    return py.runPython(options._loadSnapshot ? GAME : ENGINE + "; " + GAME);
  });
  return [load, game];
}

const [made, snapshot] = await timed(async () => {
  const py = await loadPyodide({_makeSnapshot: true});
  py.FS.mkdirTree("/home/pyodide/pygame_rules");
  copy(py);
  py.runPython(ENGINE);
  return py.makeMemorySnapshot();
});
console.log("snapshot made in %d ms: %s bytes, %s gzipped", Math.round(made),
            snapshot.length.toLocaleString("en"), gzipSync(snapshot).length.toLocaleString("en"));
const rows = {plain: [], snapshot: []};
for (let run = 0; run < runs; run++) {
  rows.plain.push(await ready({}));
  rows.snapshot.push(await ready({_loadSnapshot: snapshot}));
}
const median = (values) => Math.round(values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
for (const [kind, samples] of Object.entries(rows)) {
  console.log("%s: Python ready %d ms, then the engine and a first game %d ms (median of %d)",
              kind.padEnd(8), median(samples.map((s) => s[0])), median(samples.map((s) => s[1])),
              runs);
}
