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
not scrolled out of a container), no card cut at the top of the hand, and the board keeps its
size while the hint is open. Prints, per case, how many were checked and which were out of
reach, then a summary: the numbers behind tests/test_e2e_reach.py, which asserts the same
checks (its play_case) in every case.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "web")]

import build  # noqa: E402
from lang_helpers import prefer_language  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from test_e2e_page import Table  # noqa: E402
from test_e2e_reach import CASES, SIZES, play_case  # noqa: E402


def play(browser, url, game, players, size, lang, decisions):
    """One case, checked as tests/test_e2e_reach.py checks it (its play_case)."""
    t = Table(browser, url)
    if lang != "en":
        prefer_language(t.context, lang)
    width, height = map(int, size.split("x"))
    t.page.set_viewport_size({"width": width, "height": height})
    t.open()
    found = play_case(t, game, players, decisions)
    t.page.context.close()
    return found


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=",".join("%dx%d" % s for s in SIZES))
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
                    r = play(browser, url, game, players, size, lang, args.decisions)
                    total += 1
                    bad += bool(r["out"] or r["moved"])
                    print("%-13s %dp %-9s %s: %3d choices, %3d hint-lit (%d hints): %s%s" % (
                        game, players, size, lang, r["choices"], r["lit"], r["hints"],
                        "all in reach" if not r["out"] else "%d OUT OF REACH" % len(r["out"]),
                        "; the board resized by the hint %d times" % len(r["moved"])
                        if r["moved"] else ""), flush=True)
                    for decision, kind, name, why in r["out"][:6]:
                        print("      decision %d, %s %s: %s" % (decision, kind, name, why))
        browser.close()
    server.shutdown()
    print("cases with something out of reach: %d of %d" % (bad, total))


if __name__ == "__main__":
    main()
