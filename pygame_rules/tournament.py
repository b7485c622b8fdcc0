"""Tournaments: bots against each other with the seats rotated, win rates and mean scores with
95% intervals. Reproducible: every game's seed and every bot's seed come from the one seed (with
`seconds`, a clock per move, the searches' moves depend on the machine's speed).

    python -m pygame_rules tournament take-a-chord --seats hard,heuristic,heuristic,heuristic --games 100
    python -m pygame_rules tournament take-bamboo --seats hard,openspiel-ismcts,openspiel-ismcts,openspiel-ismcts \
        --games 60 --per-move-seconds 0.2 --jobs 2

Besides the game's bots, a seat may be `openspiel-ismcts`: OpenSpiel's ISMCTS (needs
`pip install .[openspiel]`; `pygame_rules.openspiel`).
"""

import math
import random
import time
from functools import partial

from .bots import SeatedBot, bot_action, bot_names, make_bot, searches, with_automata
from .core import GAMES, SetupError, new_game
from .messages import text

RIVAL = "openspiel-ismcts"       # OpenSpiel's ISMCTS bot, a seat kind of tournaments only
RIVAL_SIMULATIONS = 200          # its simulations a move without a clock
UNCAPPED = 10 ** 9               # the playout cap of a search given a clock


def seat_kinds(game_id):
    """The seat kinds a tournament offers: the game's bots and OpenSpiel's ISMCTS."""
    return bot_names(game_id) + [RIVAL]


def seat_bot(game_id, name, players, options, seed, seconds=None):
    """A seated bot of a kind for one game; with `seconds`, every searching bot (ours and
    OpenSpiel's) plays by that clock a move, its playouts uncapped."""
    if name == RIVAL:
        return rival(game_id, players, options, seed, seconds)
    bot = make_bot(game_id, name, seed=seed, clock=False)      # playout caps: repeatable
    if seconds and searches(bot):
        bot.choose.seconds, bot.choose.playouts = seconds, UNCAPPED
    return bot


def rival(game_id, players, options, seed, seconds):
    """OpenSpiel's ISMCTS as a seated bot, or SetupError if OpenSpiel is not installed."""
    try:
        from .openspiel import ismcts_bot
    except ImportError:
        raise SetupError("cli.tour.no_openspiel") from None
    bot = SeatedBot.__new__(SeatedBot)
    bot.game_id, bot.name, bot.rng = game_id, RIVAL, random.Random(seed)
    bot.choose = ismcts_bot(game_id, players, options, seed=seed, seconds=seconds,
                            simulations=UNCAPPED if seconds else RIVAL_SIMULATIONS)
    return bot


def lineup(seats, game_no):
    """Which entry of `seats` sits at each seat in game `game_no` (rotated every game)."""
    n = len(seats)
    return [(s + game_no) % n for s in range(n)]


def play_one(game_id, seats, game_no, seed, options, seconds=None):
    """Play one game; return the state, the entry of each seat, and per entry [moves searched,
    playouts, seconds searching]."""
    entries = lineup(seats, game_no)
    players = len(seats)
    state = new_game(game_id, players, seed="%s-%d" % (seed, game_no), options=options)
    bots = with_automata(state, [seat_bot(game_id, seats[e], players, state.options,
                                          hash_seed(seed, game_no, s), seconds)
                                 for s, e in enumerate(entries)],
                         seed=hash_seed(seed, game_no, -1), clock=False)
    search = [[0, 0, 0.0] for _ in seats]    # per entry: moves searched, playouts, seconds
    while not state.is_over:
        seat = state.current_player
        bot = bots[seat]
        start = time.perf_counter()
        state.apply(bot_action(state, bot))
        used = getattr(bot.choose, "last_playouts", 0)
        if used and seat < players:
            tally = search[entries[seat]]
            tally[0] += 1
            tally[1] += used
            tally[2] += time.perf_counter() - start
    return state, entries, search


def game_record(game_id, seats, seed, options, seconds, game_no):
    """One game's result, small enough to pass between processes: the entry of each seat, the
    winners, every seat's final score, the automata's (name, score) and the search tallies."""
    state, entries, search = play_one(game_id, seats, game_no, seed, options, seconds)
    final = state.seat_scores()
    automata = [(state.automaton_name(seat, level=True), final[seat]) for seat in state.automata]
    return entries, state.winners(), final, automata, search


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


def run(game_id, seats, games, seed=0, options=None, seconds=None, jobs=1):
    """Play the tournament (its games shared among `jobs` processes, the results the same);
    return per-entry wins, scores and search tallies, and the scores of the seats the engine
    plays (`automata`: [name, scores] each)."""
    one = partial(game_record, game_id, seats, seed, options, seconds)
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(min(jobs, games)) as pool:
            records = list(pool.map(one, range(games)))
    else:
        records = [one(g) for g in range(games)]
    wins = [[] for _ in seats]
    scores = [[] for _ in seats]
    automata, search = {}, [[0, 0, 0.0] for _ in seats]
    for entries, winners, final, machines, used in records:
        for s, e in enumerate(entries):
            wins[e].append(1.0 / len(winners) if s in winners else 0.0)
            scores[e].append(final[s])
        for name, score in machines:
            automata.setdefault(name, []).append(score)
        search = [[a + b for a, b in zip(mine, more)] for mine, more in zip(search, used)]
    return {"wins": wins, "scores": scores, "automata": [list(a) for a in automata.items()],
            "search": search}


def report(say, game_id, seats, games, seed, result):
    """Print the tournament's table through `say(msg_id, params)`."""
    say("cli.tour.title", {"title": GAMES[game_id].shown_title(), "count": games,
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
    for e, (moves, playouts, seconds) in enumerate(result["search"]):
        if moves:
            say("cli.tour.speed", {"entry": e + 1, "bot": seats[e], "playouts": playouts / moves,
                                   "rate": playouts / max(seconds, 1e-9), "seconds": seconds,
                                   "per_move": seconds / moves})
