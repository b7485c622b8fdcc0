"""Search benchmark: playouts per second for each game, in CPython and in Pyodide.

    python benchmarks/bench_search.py              # CPython
    python benchmarks/bench_search.py --pyodide    # the same code under Pyodide in Node

For each game the Hard bot (without its clock) searches positions of heuristic games, a few
moves apart, with a fixed playout cap; the numbers printed are playouts/s, the median and the
slowest time of a move at Hard's cap (each game's `infoset.LEVELS["hard"]`), the share of moves whose
cap would not fit in Hard's one-second budget at that speed, and the time of one resample (a
full state dealt afresh from the mover's knowledge, each game's `infoset.resample`; the aim is
well under a millisecond). Prints numbers only; nothing here is a timed test.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import pygame_rules  # noqa: E402
from pygame_rules import bots  # noqa: E402
from pygame_rules.search import SECONDS, plan  # noqa: E402

TABLES = {g.id: min(4, g.max_players) for g in pygame_rules.GAMES.values()}  # 4 players a game
PLAYOUTS = 120         # per measured move (the rate is what matters; Hard's cap scales it)


def positions(game_id, players, count=6):
    """Positions of seeded heuristic games, spread over the game, each with a real choice."""
    out = []
    for seed in range(count):
        state = pygame_rules.new_game(game_id, players, seed="bench-%d" % seed)
        heuristic = [bots.make_bot(game_id, "heuristic", seed=s) for s in range(players)]
        for _ in range(5 + 13 * seed):
            if state.is_over:
                break
            state.apply(bots.bot_action(state, heuristic[state.current_player]))
        while not state.is_over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_over:
            out.append(state)
    return out


def resample_us(game_id, states, rounds=20):
    """Microseconds a call of the game's `resample` takes over the states (median of rounds)."""
    resample, rng, times = plan(game_id).resample, random.Random(0), []
    for _ in range(rounds):
        start = time.perf_counter()
        for state in states:
            resample(state, state.current_player or 0, rng)
        times.append((time.perf_counter() - start) / len(states))
    return round(statistics.median(times) * 1e6, 1)


def measure(playouts=PLAYOUTS):
    """{game: {"playouts_per_s", "hard_move_s", "hard_move_max_s", "over_budget",
    "resample_us"}}."""
    result = {}
    for game_id, players in TABLES.items():
        bot = bots.new_bot(game_id, "hard", clock=False)
        bot.playouts = playouts
        cap, budget = plan(game_id).LEVELS["hard"], SECONDS["hard"]
        done, spent, moves = 0, 0.0, []
        states = positions(game_id, players)
        for i, state in enumerate(states):
            start = time.perf_counter()
            bot(state.view(state.current_player), state.legal_actions(), random.Random(i))
            took = time.perf_counter() - start
            spent += took
            done += bot.last_playouts
            if bot.last_playouts:
                moves.append(took * cap / bot.last_playouts)
        result[game_id] = {"players": players, "playouts_per_s": round(done / spent),
                           "hard_move_s": round(statistics.median(moves), 2),
                           "hard_move_max_s": round(max(moves), 2),
                           "over_budget": round(sum(m > budget for m in moves) / len(moves), 2),
                           "resample_us": resample_us(game_id, states)}
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
        print("%-13s %dp: %5d playouts/s; a Hard move (%d playouts) takes %.2f s median, "
              "%.2f s at most; %d%% of moves over the %.0f s budget; a resample %.0f us" %
              (game_id, row["players"], row["playouts_per_s"],
               plan(game_id).LEVELS["hard"], row["hard_move_s"],
               row["hard_move_max_s"], 100 * row["over_budget"], SECONDS["hard"],
               row["resample_us"]))


if __name__ == "__main__":
    main()
