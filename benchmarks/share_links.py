"""Share links of long games: their length and the time to make and to open them (issue 18).

    python benchmarks/share_links.py [--seeds 8] [--runs 7] [--page URL]

For the longest table of each title (Taktvoll 8 players, Re-Chord 5 without anti-stall, Take The
"A" Chord 4, TAKE 6) the heuristic bots (random where a game has none) play `--seeds` games to
the end; the longest game's link is measured: its characters with the actions as indices among
the legal moves (the format) and, for comparison, with the actions themselves, and the median
over `--runs` of the time to encode and to decode + replay. With `--page` (the site served, e.g.
`python build.py serve`), each longest link is also opened in headless Debian Chromium and the
page's own time to open it is printed (body[data-link-ms]: read, replayed, indexed for the
replay and drawn, after Python is ready). Prints numbers only.
"""

import argparse
import base64
import json
import os
import statistics
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_rules  # noqa: E402
from pygame_rules import share  # noqa: E402
from pygame_rules.bots import bot_action, default_bot, make_bot, with_automata  # noqa: E402

TABLES = (("taktvoll", 8, {}), ("rechord", 5, {"anti_stall": False}),
          ("take-a-chord", 4, {}), ("take-bamboo", 6, {}))
NAME = "A forty-character player name, at most.."


def bot_game(game_id, players, seed, options):
    """A game the default bots play to the end."""
    state = pygame_rules.new_game(game_id, players, seed=seed, options=options)
    bots = with_automata(state, [make_bot(game_id, default_bot(game_id), seed=seed * 10 + i,
                                          clock=False) for i in range(players)])
    while not state.is_over:
        state.apply(bot_action(state, bots[state.current_player]))
    return state


def seats_of(players):
    """Seats with the longest names a link keeps."""
    return [{"name": NAME[:40], "kind": "human" if i == 0 else "bot",
             "bot": None if i == 0 else "normal"} for i in range(players)]


def raw_action_link(state, seats):
    """The link the format would give with the actions themselves instead of indices."""
    payload = {"f": share.SHARE_FORMAT, "v": share.SHARE_VERSION, "g": state.game.id,
               "p": state.players, "s": state.seed, "o": share.changed_options(state),
               "u": state.setup, "a": state.history, "t": share.seat_rows(seats)}
    payload["c"] = share._check(payload)
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return share.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def median_ms(fn, runs):
    """The median time of `fn()` over `runs` runs, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    """Play the games and print one line per title."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=8, help="games per title (default 8)")
    ap.add_argument("--runs", type=int, default=7, help="timed runs (default 7)")
    ap.add_argument("--page", help="the served site's URL: open each link there too")
    args = ap.parse_args()
    links = []
    print("%-14s %3s %7s %11s %11s %9s %10s %10s" % ("game", "p", "actions", "link:index",
                                                    "link:action", "JSON B", "encode ms",
                                                    "open ms"))
    for game_id, players, options in TABLES:
        state = max((bot_game(game_id, players, seed, options) for seed in range(args.seeds)),
                    key=lambda s: len(share.to_share(s, seats_of(players))))
        seats = seats_of(players)
        link = share.to_share(state, seats)
        raw = share.decompress(link[len(share.PREFIX):])
        assert share.from_share(link)[0].to_json() == state.to_json()
        print("%-14s %3d %7d %11d %11d %9d %10.1f %10.1f" % (
            game_id, players, len(state.history), len(link),
            len(raw_action_link(state, seats)), len(raw),
            median_ms(lambda: share.to_share(state, seats), args.runs),
            median_ms(lambda: share.from_share(link), args.runs)))
        links.append((game_id, players, link))
    if args.page:
        open_in_page(args.page, links, args.runs)


def open_in_page(url, links, runs):
    """Open each link in the page (a fresh tab each time) and print the page's times."""
    from playwright.sync_api import sync_playwright
    print("%-14s %3s %12s %12s" % ("game", "p", "page open ms", "range"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--headless=new"])
        for game_id, players, link in links:
            times = []
            for _ in range(min(runs, 3)):
                page = browser.new_page()
                page.goto(url.rstrip("/") + "/#" + link)
                page.wait_for_selector("body[data-link-ms]", state="attached", timeout=120_000)
                times.append(float(page.evaluate("document.body.dataset.linkMs")))
                page.close()
            print("%-14s %3d %12.0f %5.0f–%.0f" % (game_id, players, statistics.median(times),
                                                  min(times), max(times)))
        browser.close()


if __name__ == "__main__":
    main()
