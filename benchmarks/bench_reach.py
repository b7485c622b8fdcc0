"""Reach report (issue 43): is every choice of the person's decision in reach, without scrolling?

    python benchmarks/bench_reach.py [--sizes 390x844,844x390,1280x720,1366x768] [--langs en,ja]
                                     [--decisions 6] [--games take-a-chord:4,...]

Builds the site, serves it, and for each game at its largest table (and Re-Chord solo), each
window size and language, plays the person's first decisions by clicking (heuristic bots play
the other seats; tests/test_e2e_page.py's Table and tests/test_e2e_rechord.py's Guitarist
decide). At each decision it checks, without scrolling anything, every element marked as a
choice (the table's CHOICES: visible and enabled), and then, with the hint open (H), every
element the hint lights (.hint-lit): its box must lie inside the window, and
`document.elementFromPoint` at its centre must be the element or inside it (nothing on top,
not scrolled out of a container). Prints, per case, how many were checked and which were out
of reach, then a summary. Prints numbers only: it is the measure the layout work of issue 43
is judged by, and the check its e2e test will assert once every case passes.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "web")]

import build  # noqa: E402
from lang_helpers import prefer_language  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from test_e2e_page import STEP, Table  # noqa: E402
from test_e2e_rechord import Guitarist  # noqa: E402

from tables.base import CHOICES  # noqa: E402

CASES = (("take-a-chord", 4), ("take-bamboo", 6), ("taktvoll", 8), ("rechord", 5), ("rechord", 1))
SIZES = ("390x844", "844x390", "1280x720", "1366x768")

# For each element a selector matches that is shown and enabled: where it is, and why it is out
# of reach (null: in reach). The window is the layout viewport; the centre is tested with
# elementFromPoint, which sees what is on top and what a scrolled container hides.
REACH = """(selector) => {
  const out = [];
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || el.matches(':disabled')) continue;
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('data-key') || el.getAttribute('data-card') ||
                  el.getAttribute('data-action') || el.className.baseVal || el.className ||
                  el.tagName)
                 .toString().slice(0, 40);
    let why = null;
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      why = 'outside the window (' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ')';
    } else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        why = 'covered or scrolled away (under ' + (hit ? (hit.className.baseVal ?? hit.className ??
              hit.tagName).toString().slice(0, 30) : 'nothing') + ')';
      }
    }
    out.push([name, why]);
  }
  return out;
}"""


def reach(page, selector):
    """(how many elements were checked, [(name, why) of those out of reach])."""
    found = page.evaluate(REACH, selector)
    return len(found), [(name, why) for name, why in found if why]


def with_hint(page):
    """Open the hint (H) and wait for it; False if none came (a search may fail)."""
    page.keyboard.press("h")
    try:
        page.wait_for_selector("body[data-hint=shown]", state="attached", timeout=STEP)
    except Exception:                 # noqa: BLE001 (no hint this time: reported as such)
        return False
    return True


def play_case(browser, url, game, players, size, lang, decisions):
    """Check the first `decisions` of the person in one case: {"choices": n, "hint": n,
    "out": [(decision, "choice"/"hint", name, why)], "hints": shown}."""
    t = Table(browser, url)
    if lang != "en":
        prefer_language(t.context, lang)
    width, height = map(int, size.split("x"))
    t.page.set_viewport_size({"width": width, "height": height})
    t.open()
    seats = ["human"] + ["bot-heuristic"] * (players - 1)
    t.start(players=players, seats=seats, seed="43", game=game)
    page, guitarist = t.page, Guitarist(t, seed=4) if game == "rechord" else None
    result = {"choices": 0, "hint": 0, "out": [], "hints": 0}
    made = steps = 0
    while made < decisions and steps < 300:
        steps += 1
        page.wait_for_selector("body:not([data-board=waiting])", state="attached", timeout=STEP)
        board = t.board()[0]
        if board == "over":
            break
        if board != "playable":
            t.step()
            continue
        checked, out = reach(page, CHOICES)
        result["choices"] += checked
        result["out"] += [(made + 1, "choice", n, w) for n, w in out]
        if with_hint(page):
            result["hints"] += 1
            checked, out = reach(page, ".hint-lit")
            result["hint"] += checked
            result["out"] += [(made + 1, "hint", n, w) for n, w in out]
            page.keyboard.press("Escape")
        (guitarist or t).decide()
        made += 1
    t.page.context.close()
    return result


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--langs", default="en,ja")
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--games", default=",".join("%s:%d" % c for c in CASES))
    return parser.parse_args(argv)


def main(argv=None):
    """Build, serve, check every case, print the report."""
    from playwright.sync_api import sync_playwright
    args = parse_args(argv)
    site = ROOT / "build" / "reach"
    build.build(site, quiet=True)
    server = build.serve_in_thread(site)
    url = "http://%s:%d/" % server.server_address[:2]
    cases = [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",")]
    total = bad = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game, players in cases:
            for size in args.sizes.split(","):
                for lang in args.langs.split(","):
                    r = play_case(browser, url, game, players, size, lang, args.decisions)
                    total += 1
                    bad += bool(r["out"])
                    print("%-13s %dp %-9s %s: %3d choices, %3d hint-lit (%d hints): %s" % (
                        game, players, size, lang, r["choices"], r["hint"], r["hints"],
                        "all in reach" if not r["out"] else "%d OUT OF REACH" % len(r["out"])),
                        flush=True)
                    for decision, kind, name, why in r["out"][:6]:
                        print("      decision %d, %s %s: %s" % (decision, kind, name, why))
        browser.close()
    server.shutdown()
    print("cases with something out of reach: %d of %d" % (bad, total))


if __name__ == "__main__":
    main()
