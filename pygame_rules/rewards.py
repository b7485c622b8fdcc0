"""Rewards that judge where a playout stopped, shared by the search and the games' knobs.

A leaf module: it imports nothing of the engine, so a game's `infoset` can use these helpers
without importing the search (which reads the game's knobs).
"""

WIN_WEIGHT = 0.7     # the default reward: 0.7 · share of the win + 0.3 · where the score lies


def outcome(state, seat):
    """The default reward in [0, 1]: a share of the win by the state's scores (the game's own
    winners once it is over), and where `seat`'s score lies between the lowest and highest."""
    scores = state.scores()
    if state.is_over:
        winners = state.winners()
    else:
        winners = [s for s, v in enumerate(scores) if v == max(scores)]
    low, high = min(scores), max(scores)
    win = 1.0 / len(winners) if seat in winners else 0.0
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * (scores[seat] - low) / ((high - low) or 1)


def margin(scores, seat):
    """A reward by points: the seat's score less the mean of the best other and the others'
    mean (so it matters both to beat the leader and to stay ahead of the table)."""
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - 0.5 * (max(others) + sum(others) / len(others))
