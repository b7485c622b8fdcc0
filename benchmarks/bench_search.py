"""Search benchmark: ISMCTS iterations per second for each game, in CPython and in Pyodide.

    python benchmarks/bench_search.py              # CPython
    python benchmarks/bench_search.py --pyodide    # the same code under Pyodide in Node

For each game a few positions from seeded random games are searched for a fixed number of
iterations; the numbers printed are iterations/s and the time a Hard move takes at that rate
(`search.LEVELS["hard"]` iterations). Prints numbers only; nothing here is a timed test.
"""

import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import pygame_rules  # noqa: E402
from pygame_rules.search import LEVELS, SearchBot  # noqa: E402

TABLES = {"take-a-chord": 4, "take-bamboo": 4, "taktvoll": 4, "rechord": 3}


def positions(game_id, players, count=4):
    """Seeded positions a few random moves into games, each with a real choice to make."""
    out = []
    for seed in range(count):
        state = pygame_rules.new_game(game_id, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(8 + 9 * seed):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        while not state.is_over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_over:
            out.append(state)
    return out


def measure(iterations=150):
    """{game: {"iterations_per_s", "hard_move_s"}} over a few positions each."""
    result = {}
    for game_id, players in TABLES.items():
        bot = SearchBot(game_id, iterations=iterations)
        done = spent = 0
        for i, state in enumerate(positions(game_id, players)):
            start = time.perf_counter()
            bot(state, random.Random(i))
            spent += time.perf_counter() - start
            done += bot.last_iterations
        rate = done / spent
        result[game_id] = {"players": players, "iterations_per_s": round(rate),
                           "hard_move_s": round(LEVELS["hard"]["iterations"][game_id] / rate, 2)}
    return result


def report():
    """The measurements as JSON text, with the Python version."""
    return json.dumps({"python": sys.version.split()[0], "games": measure()})


def main():
    """Print CPython's numbers, or Pyodide's with --pyodide."""
    if "--pyodide" in sys.argv:
        script = os.path.join(HERE, "..", "tests", "pyodide_check.mjs")
        out = subprocess.run(["node", script, os.path.join(HERE, ".."),
                              os.path.join("benchmarks", "bench_search.py")],
                             capture_output=True, text=True, check=True).stdout
        data = json.loads(out.strip().splitlines()[-1])
    else:
        data = json.loads(report())
    print("python %s" % data["python"])
    for game_id, row in data["games"].items():
        print("%-13s %dp: %6d iterations/s; a Hard move (%d iterations) takes %.2f s" %
              (game_id, row["players"], row["iterations_per_s"],
               LEVELS["hard"]["iterations"][game_id], row["hard_move_s"]))


if __name__ == "__main__":
    main()
