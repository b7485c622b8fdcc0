// The bots' worker (web/worker.py asks for it through static/boot.js's encoreBotWorker): Python
// off the page's thread, running web/bot_worker.py, which imports the engine from the bundle.
// The page posts {version, hand} first, then calls {id, name, args} of the functions bot_worker
// exports (its __export__: best_move, explain_move, warm_up, version); each answer is {id, ok, value} or
// {id, ok: false, error}. On its first start of a version it makes the memory snapshot the page
// and later workers restore (static/python.js): the engine, the bots and every game's
// determinizer already imported; with `hand` it first posts a copy to the page, {snapshot}
// (null if it has none), and once the snapshot is kept, {kept: true}.
import { keepSnapshot, keptSnapshot, startPython } from "./python.js";

let ready = null;

async function start(version, hand) {
  const kept = await keptSnapshot(version);
  const { py, making } = await startPython({
    files: ["bundle.py", "encore.bundle", "bot_worker.py"], snapshot: kept, make: true,
  });
  py.runPython("import bot_worker\nbot_worker.warm_up()");
  const made = making ? py.makeMemorySnapshot() : null;
  if (hand) {
    const copy = made ? made.slice() : null;
    self.postMessage({ snapshot: copy }, copy ? [copy.buffer] : []);
  }
  if (made) {
    keepSnapshot(version, made).then(() => self.postMessage({ kept: true }),
                                      (err) => console.warn("Encore: no Python snapshot was kept", err));
  }
  const bot = py.pyimport("bot_worker"), exported = bot.__export__;
  const calls = new Set(exported.toJs());
  exported.destroy();
  return { bot, calls };
}

self.onmessage = async ({ data }) => {
  if (ready === null) {
    ready = start(String(data.version || ""), Boolean(data.hand));
    ready.catch(() => data.hand && self.postMessage({ snapshot: null }));
    return;
  }
  const { id, name, args } = data;
  try {
    const { bot, calls } = await ready;
    if (!calls.has(name)) throw new Error("no such call: " + name);
    self.postMessage({ id, ok: true, value: String(bot[name](...(args || []))) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err && err.message || err) });
  }
};
