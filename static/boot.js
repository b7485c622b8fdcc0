// The page's Python start (issue 44): the vendored Pyodide, started by static/python.js (from
// the bots' worker's memory snapshot of this version when one is kept), without PyScript: the
// page's modules import `document` and `window` from a `pyscript` module registered here, the
// only part of PyScript they used. Then web/boot.py installs the bundle and starts the page.
// It says where it is with the events the start screen (static/shell.js) and the update check
// (static/update.js) listen for: py:progress, py:ready (Python runs), py:done (the page is
// wired). It also starts the bots' worker for web/worker.py (window.encoreBotWorker).
import { keptSnapshot, startPython } from "./python.js";

const VERSION = document.querySelector('meta[name="encore-version"]').content;
const parsed = document.readyState === "loading"         // (an async script: the page may
  ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
  : Promise.resolve();                                    // still be arriving)
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));   // let the page run
window.pyStamps = {};           // where the start's time goes (benchmarks/bench_page.py)
const stamp = (name) => { window.pyStamps[name] = Math.round(performance.now()); };

function said(name, detail) {
  dispatchEvent(new CustomEvent(name, { detail }));
}

function failed(err) {                 // the start screen says so; the console has the trace
  console.error("Encore: Python could not start", err);
  document.body.dataset.loadFailed = "1";
  const label = document.getElementById("load-text");
  const say = window.encoreSay || ((id) => id);
  if (label) label.textContent = say("ui.load_failed", { reason: String(err && err.name || err) });
}

// The bots' worker, started once: a proxy whose calls (bot_worker.py's functions) answer with
// promises; `snapshot`, when the page asked for one (`hand`), is a promise of the worker's
// fresh memory snapshot (or null if it made none).
let botWorker = null;

function startBotWorker(hand) {
  const worker = new Worker(new URL("./bot-worker.js", import.meta.url),
                            { type: "module", name: "encore-bot" });
  const waiting = new Map();
  let next = 0, handed;
  const snapshot = new Promise((resolve) => { handed = resolve; });
  function settle(id, answer) {
    const call = waiting.get(id);
    if (!call) return;
    waiting.delete(id);
    if (answer.ok) call.resolve(answer.value);
    else call.reject(new Error(answer.error));
  }
  worker.onmessage = ({ data }) => {
    if ("snapshot" in data) handed(data.snapshot);
    else if (data.kept) document.body.dataset.snapshot = "kept";
    else settle(data.id, data);
  };
  worker.onerror = (event) => {
    handed(null);
    for (const id of [...waiting.keys()]) {
      settle(id, { ok: false, error: event.message || "the bots' worker failed" });
    }
  };
  worker.postMessage({ version: VERSION, hand });
  const call = (name) => (...args) => new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
  return { best_move: call("best_move"), explain_move: call("explain_move"),
           warm_up: call("warm_up"), version: call("version"), snapshot: hand ? snapshot : null };
}

window.encoreBotWorker = () => {
  botWorker = botWorker || startBotWorker(false);
  return botWorker;
};

// A snapshot of this version kept: restore it. None (a first visit, or a new version): the bots'
// worker starts now, makes one and hands it over, so Python's own start never holds the page's
// thread; if the worker cannot, or the setting early_worker is false (the tests' quick
// settings: no worker before a search), Python starts here.
async function snapshotToRestore() {
  const kept = await keptSnapshot(VERSION);
  if (kept) return kept;
  await parsed;                                          // (static/store.js has run)
  const settings = window.encoreStore ? window.encoreStore.settings() : {};
  if (typeof Worker === "undefined" || settings.early_worker === false) return null;
  botWorker = botWorker || startBotWorker(true);
  return botWorker.snapshot;
}

async function boot() {
  stamp("boot");
  const { py, restored } = await startPython({
    files: ["bundle.py", "encore.bundle", "boot.py"], snapshot: snapshotToRestore(), stamp,
  });
  window.pyRestored = restored;
  said("py:progress", "Loaded interpreter");
  await parsed;
  await breathe();
  py.registerJsModule("pyscript", { document, window });
  said("py:ready");
  py.runPython("import bundle\nbundle.install()");
  await breathe();
  py.runPython("import boot");
  said("py:done");
}

boot().catch(failed);
