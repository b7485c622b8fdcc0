"""Engine benchmark: random-vs-random throughput, clone()/s, and a fuzz run of bad inputs.

    python benchmarks/bench_engine.py [--seconds 3] [--fuzz 100000]

Prints numbers only; nothing here is a timed test. An "action" is one `legal_actions()` plus
one `apply()`, as in the issue's target (≥ 100,000 actions/s in pure Python).
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


def random_games(players, seconds, keep_events):
    """Play random games for about `seconds`; return (games, actions, elapsed)."""
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = pygame_rules.new_game(GAME, players, seed=games)
        if not keep_events:
            state.events = None
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def clones_per_second(players, seconds):
    """Clone a mid-game state (events off) repeatedly; return clones per second."""
    state = pygame_rules.new_game(GAME, players, seed=11)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.clone(keep_events=False)
        count += 1000
    return count / (time.perf_counter() - start)


def fuzz(inputs, seed=0):
    """Throw `inputs` random legal and illegal actions at games; count outcomes."""
    rng = random.Random(seed)
    junk = [-1, 35, 99, None, "A-Bl", 3.0, True, (1, 2), [], {}, "", 2**70]
    legal_played = refused = games = 0
    state = pygame_rules.new_game(GAME, rng.choice([3, 4]), seed=rng.randrange(2**32))
    for _ in range(inputs):
        if state.is_over:
            games += 1
            state = pygame_rules.new_game(GAME, rng.choice([3, 4]), seed=rng.randrange(2**32))
        roll = rng.random()
        if roll < 0.5:
            action = rng.choice(state.legal_actions())
        elif roll < 0.9:
            action = rng.randrange(35)
        else:
            action = rng.choice(junk)
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


def main():
    """Run the benchmarks and print a table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--fuzz", type=int, default=100_000)
    args = ap.parse_args()
    print("python %s on %s, %d cores" % (platform.python_version(), platform.machine(),
                                         os.cpu_count()))
    for players in (3, 4):
        for keep in (True, False):
            games, actions, dt = random_games(players, args.seconds, keep)
            print("%dp random-vs-random, events %-3s: %8.0f games/s %9.0f actions/s "
                  "(%d games, %.1f actions/game)" % (players, "on" if keep else "off",
                                                     games / dt, actions / dt, games,
                                                     actions / games))
        print("%dp clone(keep_events=False): %9.0f clones/s" %
              (players, clones_per_second(players, args.seconds / 2)))
    if args.fuzz:
        start = time.perf_counter()
        ok, refused, games = fuzz(args.fuzz)
        print("fuzz: %d inputs, %d legal, %d refused with a reason, %d games finished, "
              "0 unexpected exceptions, %.1f s" % (args.fuzz, ok, refused, games,
                                                   time.perf_counter() - start))


if __name__ == "__main__":
    main()
