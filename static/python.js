// Encore's Python start (issue 44), shared by the page (static/boot.js) and the bots' worker
// (static/bot-worker.js): the vendored Pyodide, loaded without PyScript, from a memory snapshot
// of this version when one is kept, else plainly.
//
// The snapshot is the runtime's memory after the engine and the bots were imported. The bots'
// worker makes it on its first start (nothing else is running there, and the page's thread is
// never held for it), hands a copy to the page when the page waits for it (a first visit: the
// page then never runs Python's own start on its thread) and keeps it in Cache Storage, under
// this scope's URL, with the version it was made from; a page or a worker of the same version
// restores it instead of starting Python, which skips the interpreter's start and every import
// of the engine. A snapshot of another version is never used (it is replaced by the next one
// made); one that cannot be restored is dropped and Python starts plainly.

export const ROOT = new URL("../", import.meta.url).href;   // the site (static/..)
// The runtime's script, imported when this module runs but not awaited by it: a page or worker
// can start reading the kept snapshot before the runtime's script is in.
const RUNTIME = import("../pyodide/pyodide.mjs");
const CACHE = "encore python snapshot";
const KEY = ROOT + "python.snapshot";
const VERSION_HEADER = "x-encore-version";
const NOTHING_KEPT = new Error("no Python snapshot of this version is kept");
// The runtime's lock file without its packages (the page loads none): build.py writes the
// vendored lock's "info" here, so a start neither fetches nor parses the 119 KB file.
const LOCK_INFO = "__PYODIDE_LOCK_INFO__";

export async function keptSnapshot(version) {   // its bytes (read, unpacked), or null if none
  try {
    const hit = await (await caches.open(CACHE)).match(KEY);
    if (!hit || hit.headers.get(VERSION_HEADER) !== version) return null;
    return hit.arrayBuffer().then((data) => unpacked(new Uint8Array(data)));
  } catch (err) {
    return null;
  }
}

export async function keepSnapshot(version, bytes) {
  const headers = { [VERSION_HEADER]: version, "content-type": "application/octet-stream" };
  await (await caches.open(CACHE)).put(KEY, new Response(packed(bytes), { headers }));
}

// The snapshot is kept without its pages of zeros (about half of the memory): its length (4
// bytes), a byte per PAGE (1: kept), then the kept pages in order. Half the bytes to read back.
const PAGE = 65536;
const pageSize = (length, i) => Math.min(PAGE, length - i * PAGE);   // (the last may be short)

function packed(bytes) {
  const pages = Math.ceil(bytes.length / PAGE), kept = [];
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  for (let i = 0; i < pages; i++) {
    const end = i * PAGE + pageSize(bytes.length, i);
    let any = false;
    for (let w = (i * PAGE) >> 2; w < end >> 2 && !any; w++) any = words[w] !== 0;
    for (let b = end & ~3; b < end && !any; b++) any = bytes[b] !== 0;
    if (any) kept.push(i);
  }
  let at = 4 + pages;
  const out = new Uint8Array(at + kept.reduce((n, i) => n + pageSize(bytes.length, i), 0));
  new DataView(out.buffer).setUint32(0, bytes.length);
  for (const i of kept) {
    const size = pageSize(bytes.length, i);
    out[4 + i] = 1;
    out.set(bytes.subarray(i * PAGE, i * PAGE + size), at);
    at += size;
  }
  return out;
}

function unpacked(data) {                 // throws on a kept snapshot of the wrong shape
  const length = new DataView(data.buffer, data.byteOffset).getUint32(0);
  const pages = Math.ceil(length / PAGE), bytes = new Uint8Array(length);
  let at = 4 + pages;
  for (let i = 0; i < pages; i++) {
    if (!data[4 + i]) continue;
    const size = pageSize(length, i);
    if (at + size > data.length) throw new Error("the kept snapshot is cut short");
    bytes.set(data.subarray(at, at + size), i * PAGE);
    at += size;
  }
  if (at !== data.length) throw new Error("the kept snapshot is not of its length");
  return bytes;
}

async function forgetSnapshot() {
  try {
    await (await caches.open(CACHE)).delete(KEY);
  } catch (err) {
    // nothing kept, or no Cache Storage: nothing to forget
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function fetched(name) {                        // [name, bytes] of a file of the site
  const response = await fetch(ROOT + name);
  if (!response.ok) throw new Error(name + ": HTTP " + response.status);
  return [name, new Uint8Array(await response.arrayBuffer())];
}

// Start Python with `files` of the site written to its working directory: restored from
// `snapshot` (bytes, or a promise of bytes or of null) when one is given, else (or when it
// cannot be restored) plainly, in the mode that can make a snapshot if `make`; Python's output
// goes to the console. Returns {py, restored, making}.
export async function startPython({ files, snapshot = null, make = false, stamp = () => {} }) {
  stamp("start");
  const arriving = Promise.all(files.map(fetched));
  arriving.catch(() => {});          // (awaited below: a failed fetch fails the start there)
  const { loadPyodide } = await RUNTIME;
  const options = { indexURL: ROOT + "pyodide/", stdout: (line) => console.log(line),
                    stderr: (line) => console.warn(line),
                    lockFileContents: { info: LOCK_INFO, packages: {} } };
  let py = null;
  if (snapshot) {                    // (read while the runtime's script loads)
    const bytes = Promise.resolve(snapshot).then(async (got) => {
      stamp("snapshot in");
      await nextTask();              // (the unpacking and the runtime's start: two tasks, not one)
      return got || Promise.reject(NOTHING_KEPT);
    });
    bytes.catch(() => {});           // (awaited by loadPyodide, after its script is in)
    try {
      py = await loadPyodide({ ...options, _loadSnapshot: bytes });
    } catch (err) {
      if (err !== NOTHING_KEPT) {
        console.warn("Encore: the Python snapshot could not be restored; starting plainly", err);
        await forgetSnapshot();
      }
    }
  }
  const restored = Boolean(py), making = !py && make;
  py = py || await loadPyodide({ ...options, _makeSnapshot: making });
  stamp("runtime");
  for (const [name, bytes] of await arriving) py.FS.writeFile(name, bytes);
  stamp("files");
  return { py, restored, making };
}
