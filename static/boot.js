// The page's Python start (issue 44): the vendored Pyodide, started by static/python.js (from
// the bots' worker's memory snapshot of this version when one is kept), without PyScript: the
// page's modules import `document` and `window` from a `pyscript` module registered here, the
// only part of PyScript they used. Then web/boot.py installs the bundle and starts the page.
// It says where it is with the events the start screen (static/shell.js) and the update check
// (static/update.js) listen for: py:progress, py:ready (Python runs), py:done (the page is
// wired). It also starts the bots' worker for web/worker.py (window.encoreBotWorker).
import { startPython } from "./python.js";

const VERSION = document.querySelector('meta[name="encore-version"]').content;

function said(name, detail) {
  dispatchEvent(new CustomEvent(name, { detail }));
}

const parsed = document.readyState === "loading"         // (an async script: the page may
  ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
  : Promise.resolve();                                    // still be arriving)
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));   // let the page run

function failed(err) {                 // the start screen says so; the console has the trace
  console.error("Encore: Python could not start", err);
  document.body.dataset.loadFailed = "1";
  const label = document.getElementById("load-text");
  const say = window.encoreSay || ((id) => id);
  if (label) label.textContent = say("ui.load_failed", { reason: String(err && err.name || err) });
}

window.pyStamps = {};           // where the start's time goes (benchmarks/bench_page.py)

async function boot() {
  const { py, restored } = await startPython({
    version: VERSION, files: ["bundle.py", "encore.bundle", "boot.py"],
    stdout: (line) => console.log(line), stderr: (line) => console.warn(line),
    stamp: (name) => { window.pyStamps[name] = Math.round(performance.now()); },
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

// The bots' worker: a proxy whose calls (bot_worker.py's functions) answer with promises.
window.encoreBotWorker = () => {
  const worker = new Worker(new URL("./bot-worker.js", import.meta.url),
                            { type: "module", name: "encore-bot" });
  const waiting = new Map();
  let next = 0;
  function settle(id, answer) {
    const call = waiting.get(id);
    if (!call) return;
    waiting.delete(id);
    if (answer.ok) call.resolve(answer.value);
    else call.reject(new Error(answer.error));
  }
  worker.onmessage = ({ data }) => settle(data.id, data);
  worker.onerror = (event) => {
    for (const id of [...waiting.keys()]) settle(id, { ok: false, error: event.message || "the bots' worker failed" });
  };
  worker.postMessage({ version: VERSION });
  const call = (name) => (...args) => new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
  return { best_move: call("best_move"), explain_move: call("explain_move"),
           warm_up: call("warm_up"), version: call("version"), worker };
};

boot().catch(failed);
