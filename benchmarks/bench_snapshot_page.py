"""Snapshot benchmark in the browser (issue 44): Pyodide ready in headless Chromium, loaded
plainly and restored from a memory snapshot kept in the page's Cache Storage.

    python benchmarks/bench_snapshot_page.py [--runs 3] [--cpu-throttle 4]

Builds the site (build/site/), copies it with one more page, snap.html, which loads the vendored
Pyodide in one of three ways chosen by its fragment: #plain (loadPyodide), #make (a snapshot-
making instance imports a few standard modules, makes its memory snapshot and puts it in Cache
Storage) and #restore (reads the snapshot back and loads from it). In one persistent profile, so
the runtime's files come from the HTTP cache as on a warm visit: two plain loads, one make, then
`runs` restores and plain loads alternately. Prints each load's times (ms) and the medians; it
is the browser's side of benchmarks/bench_snapshot.mjs (Node). Numbers only.
"""

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snapshot</title>
</head><body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const mode = location.hash.slice(1), out = {}, IMPORTS = "import json, random, hashlib, zlib, base64";
const since = (t) => performance.now() - t;
let t = performance.now();
if (mode === "make") {
  const py = await loadPyodide({_makeSnapshot: true});
  out.load = since(t);
  py.runPython(IMPORTS);
  t = performance.now();
  const snapshot = py.makeMemorySnapshot();
  out.make = since(t);
  out.bytes = snapshot.length;
  await (await caches.open("snapshot")).put("./snapshot", new Response(snapshot));
} else if (mode === "restore") {
  const kept = await (await caches.open("snapshot")).match("./snapshot");
  const snapshot = new Uint8Array(await kept.arrayBuffer());
  out.read = since(t);
  t = performance.now();
  const py = await loadPyodide({_loadSnapshot: snapshot});
  out.load = since(t);
  out.imported = py.runPython("import sys; 'zlib' in sys.modules");
} else {
  const py = await loadPyodide();
  out.load = since(t);
  py.runPython(IMPORTS);
}
out.ready = performance.now();
document.body.dataset.out = JSON.stringify(out);
</script></body></html>
"""


def load(page, url, mode):
    """One load of snap.html in `mode`; its figures."""
    page.goto(url + "#" + mode)
    page.reload()                        # (a fragment change alone does not load the page)
    page.wait_for_selector("body[data-out]", state="attached", timeout=300_000)
    return json.loads(page.get_attribute("body", "data-out"))


def main(argv=None):
    """Build, serve, load, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=1)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    site = Path(tempfile.mkdtemp(prefix="encore-snapshot-"))
    profile = tempfile.mkdtemp(prefix="encore-snapshot-profile-")
    build.build(out=ROOT / "build" / "site", quiet=True)
    shutil.copytree(ROOT / "build" / "site", site, dirs_exist_ok=True)
    (site / "snap.html").write_text(PAGE, encoding="utf-8")
    server = build.serve_in_thread(site)
    url = "%s/snap.html" % server.url.rstrip("/")
    seen = {"plain": [], "restore": []}
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            page = context.pages[0]
            if args.cpu_throttle > 1:
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                   {"rate": args.cpu_throttle})
            modes = ["plain", "plain", "make"] + ["restore", "plain"] * args.runs
            for i, mode in enumerate(modes):
                out = load(page, url, mode)
                print("%-8s %s" % (mode, ", ".join("%s %s" % (k, round(v) if isinstance(
                    v, float) else v) for k, v in out.items())), flush=True)
                if i >= 2 and mode in seen:                 # (the first two warm the cache)
                    seen[mode].append(out)
            context.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)
    plain = statistics.median(o["load"] for o in seen["plain"])
    restore = statistics.median(o["read"] + o["load"] for o in seen["restore"])
    print("CPU throttle %gx; medians of %d: plain loadPyodide %d ms; from the snapshot %d ms "
          "(reading it from Cache Storage included), %.2f of plain"
          % (args.cpu_throttle, args.runs, plain, restore, restore / plain))


if __name__ == "__main__":
    main()
