"""The first Hard move and the first hint in a fresh page (issue 44), against later ones.

    python benchmarks/bench_first_move.py [--visits 2] [--cpu-throttle N]

Builds the site, serves it, and in one fresh persistent Chromium profile (a new player's
browser, the player's settings but for no rule tips and no sound) opens the page `visits`
times: the first visit is a first visit (nothing cached, no Python snapshot kept), the later
ones return to it. Each visit starts Take The "A" Chord for a person and three Hard bots at
their real budget, then reads the page's own logs (window.botLog, window.hintLog):

- the bots' moves until the person's first turn, and one more round: how long the page waited
  for each answer of the worker (from the question to the answer, ms), the first against the
  median of the later ones (the first one waits for the worker to start);
- a hint (H) on the person's first turn, and another after a move: the wait for each.

Prints numbers only; nothing here is a timed test.
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
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SEATS = ["human", "bot-hard", "bot-hard", "bot-hard"]
STEP_MS = 120_000
SETTINGS = ("(() => { const k = 'encore@' + location.pathname.replace(/[^/]*$/, '') + "
            "':settings'; localStorage.getItem(k) || localStorage.setItem(k, %s); })()")


def log(page, name):
    """One of the page's logs (botLog, hintLog) as a list."""
    return json.loads(page.evaluate("(n) => window[n] || '[]'", name))


def my_turn(page):
    """Wait for the person's playable board."""
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP_MS)


def hint(page):
    """Ask for a hint and wait for its answer; the wait (ms) the page logged."""
    before = len(log(page, "hintLog"))
    page.keyboard.press("h")
    page.wait_for_function("(n) => JSON.parse(window.hintLog || '[]').length > n", arg=before,
                           timeout=STEP_MS)
    page.keyboard.press("Escape")
    return log(page, "hintLog")[-1]["wait_ms"]


def visit(page, url, first):
    """One visit: start the game, two hints, a round of bot moves; the figures."""
    if first:
        page.goto(url)
    else:
        page.evaluate("sessionStorage.clear()")
        page.reload()
    page.wait_for_selector("#start-button:enabled", state="attached", timeout=STEP_MS)
    page.check('input[name="game"][value="take-a-chord"]')
    page.check('input[name="players-take-a-chord"][value="4"]')
    for i, kind in enumerate(SEATS):
        page.select_option('[name="kind-%d"]' % i, kind)
    page.fill("#seed", "first-move")
    page.click("#start-button")
    my_turn(page)
    hints = [hint(page)]
    page.click(".hand-card.playable >> nth=0")
    my_turn(page)
    hints.append(hint(page))
    page.click(".hand-card.playable >> nth=0")
    my_turn(page)
    waits = [a["wait_ms"] for a in log(page, "botLog") if a.get("level") == "hard"]
    return {"restored": page.evaluate("window.pyRestored"), "hints": hints, "bots": waits,
            "worker_boot": page.evaluate("window.botWorkerBootMs")}


def main(argv=None):
    """Build, serve, visit, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visits", type=int, default=2)
    parser.add_argument("--cpu-throttle", type=float, default=1)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from test_e2e_page import NO_TEACHING
    site = ROOT / "build" / "site"
    build.build(out=site, quiet=True)
    server = build.serve_in_thread(site)
    profile = tempfile.mkdtemp(prefix="encore-first-move-")
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
                viewport={"width": 1280, "height": 800})
            context.add_init_script(SETTINGS % json.dumps(json.dumps(
                {"teach": NO_TEACHING, "mute": True})))
            page = context.pages[0]
            if args.cpu_throttle > 1:
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                   {"rate": args.cpu_throttle})
            for n in range(args.visits):
                got = visit(page, server.url, n == 0)
                later = got["bots"][1:]
                print("visit %d (%s; Python restored from a snapshot: %s): first Hard move "
                      "waited %.0f ms, later ones median %.0f ms (%d); first hint waited %.0f ms, "
                      "the next %.0f ms; the bots' worker ready %.0f ms after it was asked for"
                      % (n + 1, "first visit" if n == 0 else "return", got["restored"],
                         got["bots"][0], statistics.median(later) if later else float("nan"),
                         len(later), got["hints"][0], got["hints"][1], got["worker_boot"] or 0),
                      flush=True)
            context.close()
    finally:
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
