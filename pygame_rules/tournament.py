"""Tournaments: bots against each other with the seats rotated, win rates and mean scores with
95% intervals. Reproducible: every game's seed and every bot's seed come from the one seed.

    python -m pygame_rules tournament take-a-chord --seats hard,heuristic,heuristic,heuristic --games 100
"""

import math
import time

from .bots import bot_action, make_bot, with_automata
from .core import GAMES, new_game
from .messages import text


def lineup(seats, game_no):
    """Which entry of `seats` sits at each seat in game `game_no` (rotated every game)."""
    n = len(seats)
    return [(s + game_no) % n for s in range(n)]


def play_one(game_id, seats, game_no, seed, options):
    """Play one game; return the state, the entry of each seat, [moves searched, playouts,
    seconds searching]."""
    entries = lineup(seats, game_no)
    state = new_game(game_id, len(seats), seed="%s-%d" % (seed, game_no), options=options)
    bots = with_automata(state, [make_bot(game_id, seats[e], seed=hash_seed(seed, game_no, s),
                                          clock=False)              # playout caps: repeatable
                                 for s, e in enumerate(entries)],
                         seed=hash_seed(seed, game_no, -1), clock=False)
    search = [0, 0, 0.0]                     # moves searched, playouts, seconds
    while not state.is_over:
        bot = bots[state.current_player]
        start = time.perf_counter()
        state.apply(bot_action(state, bot))
        used = getattr(bot.choose, "last_playouts", 0)
        if used:
            search[0] += 1
            search[1] += used
            search[2] += time.perf_counter() - start
    return state, entries, search


def hash_seed(seed, game_no, seat):
    """A bot's own seed, derived from the tournament seed (stable across runs and machines)."""
    return "%s/%d/%d" % (seed, game_no, seat)


def interval(values):
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def run(game_id, seats, games, seed=0, options=None):
    """Play the tournament; return a dict of per-entry wins and scores, and those of the seats
    the engine plays (`automata`: [name, scores] each)."""
    wins = [[] for _ in seats]
    scores = [[] for _ in seats]
    automata, search = {}, [0, 0, 0.0]
    for g in range(games):
        state, entries, used = play_one(game_id, seats, g, seed, options)
        winners = state.winners()
        final = state.seat_scores()
        for s, e in enumerate(entries):
            wins[e].append(1.0 / len(winners) if s in winners else 0.0)
            scores[e].append(final[s])
        for seat in state.automata:
            automata.setdefault(state.automaton_name(seat, level=True), []).append(final[seat])
        search = [a + b for a, b in zip(search, used)]
    return {"wins": wins, "scores": scores, "automata": [list(a) for a in automata.items()],
            "searched_moves": search[0], "playouts": search[1], "seconds": search[2]}


def report(say, game_id, seats, games, seed, result):
    """Print the tournament's table through `say(msg_id, params)`."""
    say("cli.tour.title", {"title": GAMES[game_id].title, "count": games,
                           "seats": text("cli.tour.seats", {"count": len(seats)}), "seed": seed})
    for e, name in enumerate(seats):
        wins, wins_ci = interval(result["wins"][e])
        mean, mean_ci = interval(result["scores"][e])
        say("cli.tour.row", {"entry": e + 1, "bot": name, "wins": wins, "wins_ci": wins_ci,
                             "mean": mean, "mean_ci": mean_ci})
    for name, totals in result["automata"]:
        mean, mean_ci = interval(totals)
        say("cli.tour.automaton", {"name": name, "mean": mean, "mean_ci": mean_ci,
                                   "wins": sum(result["wins"][0]) / games})
    if result["searched_moves"]:
        say("cli.tour.speed", {"playouts": result["playouts"] / result["searched_moves"],
                               "rate": result["playouts"] / max(result["seconds"], 1e-9),
                               "seconds": result["seconds"]})
