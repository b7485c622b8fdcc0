"""Engine benchmark: random-vs-random throughput, clone()/s, and a fuzz run of bad inputs.

    python benchmarks/bench_engine.py [--seconds 3] [--fuzz 100000] [--game take-bamboo]
    python benchmarks/bench_engine.py --against-openspiel [--blocks 5] [--game rechord]

Every game is measured at its smallest and largest table (Take The "A" Chord 3 and 4 players,
TAKE 3 and 6, Taktvoll 3 and 8, Re-Chord 1 (against Jim Bot) and 5); the fuzz run mixes the games.

Prints numbers only; nothing here is a timed test. An "action" is one `legal_actions()` plus
one `apply()`, as in the issue's target (≥ 100,000 actions/s in pure Python).

`--against-openspiel` (issue 21) measures every table against OpenSpiel's C++ Hearts driven
from the same Python loop (random play, one `legal_actions()` + one `apply_action()` per
action; its deal's chance nodes are played the same way but not counted, as our deals happen
inside `new_game`), in interleaved one-second blocks
(Hearts, then ours, `--blocks` times), and prints the ratio of the medians. `open_spiel` is a
benchmark-only dependency (`pip install open_spiel==2.0.2`), imported only in this mode.
"""

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame_rules  # noqa: E402
from pygame_rules import EngineError, IllegalAction  # noqa: E402

GAME = "take-a-chord"
TABLES = {g.id: (g.min_players, g.max_players) for g in pygame_rules.GAMES.values()}  # the
# smallest and largest table of every game in the registry
TAC_JUNK = [3, -1, 35, 99, None, "A-Bl", 3.0, True, (1, 2), [], {}, "", 2**70, ("play",),
            ("play", -1), ("play", 35), ("play", "3"), ("play", 3.0), ("play", True),
            ("play", 2**70), ("play", 3, 4), ("pass", 3), ["play", 3], ("play", [3])]
TAKE_JUNK = [None, 7, "play", (), ("play",), ("play", "3"), ("play", True), ("play", 3.0),
             ("play", 2**70), ("play", [3]), ("pass", 1), ("pass", 1, 1, 1), ("gift", 1),
             ("gift", "up"), ("gift", ["left"]), ("accept", 1), ("refuse", "now"), ("fold",),
             ([], 1), ["play", 3], {"play": 3}, ("extra",), ("extra", -5)]
TAK_JUNK = [None, 7, "draw", (), ("note",), ("note", 30), ("note", 30, 0), ("note", 30, 0, 2),
            ("note", "30", 0, 0), ("note", 30, 0, True), ("note", 30.0, 0, 0),
            ("note", 2**70, 0, 0), ("note", 30, -1, 0), ("note", 30, 9, 0),
            ("note", 30, "0", 0), ("note", [30], 0, 0), ("rest", 87), ("rest", 87, None),
            ("time", 4), ("time", 99, 0), ("bar",), ("bar", "0"), ("bar", 7), ("bar", 2**70),
            ("clef", 0), ("draw", 1), ("keep", 0), ("pass", True), ("done", 0), ("fold",),
            ["draw"], {"draw": 1}]


def random_games(players, seconds, keep_events, game=GAME):
    """Play random games for about `seconds`; return (games, actions, elapsed)."""
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = pygame_rules.new_game(game, players, seed=games)
        if not keep_events:
            state.events = None
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def clones_per_second(players, seconds, game=GAME):
    """Clone a mid-game state (events off) repeatedly; return clones per second."""
    state = pygame_rules.new_game(game, players, seed=11)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.clone(keep_events=False)
        count += 1000
    return count / (time.perf_counter() - start)


def random_game(rng):
    """A new game of any kind, at any of its table sizes, with a random seed (Taktvoll in any
    variant, with or without the rests and the 1/4)."""
    game = rng.choice(sorted(TABLES))
    low, high = pygame_rules.GAMES[game].min_players, pygame_rules.GAMES[game].max_players
    options = None
    if game == "taktvoll":
        options = {"variant": rng.choice(["basic", "thirds", "intervals", "both"]),
                   "rests": rng.random() < 0.8, "one_four": rng.random() < 0.8}
    return pygame_rules.new_game(game, rng.randint(low, high), seed=rng.randrange(2**32),
                                 options=options)


def random_input(state, rng):
    """Half legal actions, half things that may or may not be moves of the game."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(state.legal_actions())
    if state.game.id == "take-a-chord":
        return ("play", rng.randrange(35)) if roll < 0.9 else rng.choice(TAC_JUNK)
    if state.game.id == "taktvoll":
        return random_tak_input(rng, roll)
    if state.game.id == "rechord":
        return random_rc_input(rng, roll)
    if roll < 0.9:                       # well-formed TAKE tuples, mostly refused
        card = rng.randrange(-2, 62)
        return rng.choice([("play", card), ("pass", card, rng.randrange(62)),
                           ("pass", card, card), ("extra", card),
                           ("gift", rng.choice(["left", "right"])), ("accept",),
                           ("refuse",)])
    return rng.choice(TAKE_JUNK)


def random_tak_input(rng, roll):
    """Well-formed Taktvoll tuples (mostly refused: wrong card, row, phase) or junk."""
    if roll >= 0.9:
        return rng.choice(TAK_JUNK)
    card, row = rng.randrange(-2, 93), rng.randrange(-1, 5)
    return rng.choice([("note", card, row, rng.randrange(2)), ("rest", card, row),
                       ("time", card, row), ("bar", row), ("clef",), ("draw",), ("keep",),
                       ("pass",), ("done",)])


RC_JUNK = [None, 3, "bag", (), ("supply",), ("supply", 0), ("supply", 0, "3"),
           ("supply", 0, 30), ("supply", 9, 3), ("supply", 0, -1), ("supply", True, 3),
           ("supply", 0, 2**70), ("place",), ("place", 3.0), ("move", 1), ("swap", 1, 1, 1),
           ("clear", None), ("claim", "G-1"), ("claim", 72), ("return", -1), ("skip", 0),
           ("fold",), ["bag"], {"bag": 1}]


def random_rc_input(rng, roll):
    """Well-formed Re-Chord tuples (mostly refused: wrong space, kind, card, phase) or junk."""
    if roll >= 0.9:
        return rng.choice(RC_JUNK)
    sp, other = rng.randrange(-1, 31), rng.randrange(30)
    return rng.choice([("supply", rng.randrange(8), sp), ("bag",), ("place", sp), ("chords",),
                       ("return", rng.randrange(73)), ("done",), ("remove", sp),
                       ("move", sp, other), ("swap", sp, other), ("flip", sp), ("reveal", sp),
                       ("clear", rng.randrange(9)), ("wylde", sp), ("skip",),
                       ("claim", rng.randrange(73)), ("decline",)])


def fuzz(inputs, seed=0):
    """Throw `inputs` random legal and illegal actions at games; count outcomes."""
    rng = random.Random(seed)
    legal_played = refused = games = 0
    state = random_game(rng)
    for _ in range(inputs):
        if state.is_over:
            games += 1
            state = random_game(rng)
        action = random_input(state, rng)
        try:
            state.apply(action)
            legal_played += 1
        except IllegalAction as err:
            assert err.message and err.msg_id
            refused += 1
    for text in ("", "{", state.to_json()[:-3], "null", "[]"):
        try:
            pygame_rules.load_state(text)
        except EngineError:
            refused += 1
    return legal_played, refused, games


def hearts_rate(pyspiel, seconds, rng):
    """OpenSpiel's Hearts played at random for about `seconds`: actions per second."""
    game = pyspiel.load_game("hearts")
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()       # at a chance node: its outcomes (all uniform)
            if not state.is_chance_node():
                actions += 1                    # the deal is not counted, as ours is dealt
            state.apply_action(legal[rng.randrange(len(legal))])   # inside new_game
    return actions / (time.perf_counter() - start)


def against_openspiel(games, blocks, seconds=1.0):
    """Every table against Hearts, in interleaved blocks: print the medians and their ratio."""
    try:
        import pyspiel
    except ImportError:
        sys.exit("--against-openspiel needs OpenSpiel: pip install open_spiel==2.0.2")
    rng = random.Random(7)
    print("ratio = our actions/s ÷ OpenSpiel C++ Hearts' (median of %d blocks of %.0f s each, "
          "interleaved; events on)" % (blocks, seconds))
    for game in games:
        for players in TABLES[game]:
            hearts, ours = [], []
            for _ in range(blocks):
                hearts.append(hearts_rate(pyspiel, seconds, rng))
                _games, actions, dt = random_games(players, seconds, True, game)
                ours.append(actions / dt)
            h, o = sorted(hearts)[blocks // 2], sorted(ours)[blocks // 2]
            print("%-13s %dp: %8.0f actions/s, Hearts %8.0f: ratio %.2f"
                  % (game, players, o, h, o / h))


def main():
    """Run the benchmarks and print a table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--fuzz", type=int, default=100_000)
    ap.add_argument("--game", choices=sorted(TABLES), action="append",
                    help="only this game (repeatable; default: every game)")
    ap.add_argument("--against-openspiel", action="store_true",
                    help="every table's ratio to OpenSpiel's C++ Hearts (issue 21)")
    ap.add_argument("--blocks", type=int, default=5, help="blocks of each, interleaved")
    args = ap.parse_args()
    print("python %s on %s, %d cores" % (platform.python_version(), platform.machine(),
                                         os.cpu_count()))
    if args.against_openspiel:
        against_openspiel(args.game or sorted(TABLES), args.blocks)
        return
    for game in args.game or sorted(TABLES):
        for players in TABLES[game]:
            for keep in (True, False):
                games, actions, dt = random_games(players, args.seconds, keep, game)
                print("%s %dp random-vs-random, events %-3s: %8.0f games/s %9.0f actions/s "
                      "(%d games, %.1f actions/game)" % (game, players, "on" if keep else "off",
                                                         games / dt, actions / dt, games,
                                                         actions / games))
            print("%s %dp clone(keep_events=False): %9.0f clones/s" %
                  (game, players, clones_per_second(players, args.seconds / 2, game)))
    if args.fuzz:
        start = time.perf_counter()
        ok, refused, games = fuzz(args.fuzz)
        print("fuzz: %d inputs, %d legal, %d refused with a reason, %d games finished, "
              "0 unexpected exceptions, %.1f s" % (args.fuzz, ok, refused, games,
                                                   time.perf_counter() - start))


if __name__ == "__main__":
    main()
