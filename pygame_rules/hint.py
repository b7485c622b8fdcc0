"""Hints (issue 20): the Hard search's move for a seat, and why, in words built from the
search's own numbers.

    found = hint(game_id, view, seed)            # Hard's move from the seat's view, and what it
                                                 # compared (search.make_report), JSON-able
    reasons(game_id, found, describe)            # [(message id, parameters)]: the move, what
                                                 # each candidate scored where the playouts
                                                 # stopped, how many deals were sampled

`hint` is the same bot the table seats as "hard", with the same seed: the same view gives the
same move. The page asks its worker for it (web/bot_worker.py `best_move` with the report), so
the main thread never searches; `describe(action)` names a move (the page's `state.describe`).
Every number in the reasons is one the search computed; every move named is a candidate, and
every candidate is a legal move of the view.
"""

from .bots import make_bot
from .core import GAMES
from .search import as_actions

HINT_LEVEL = "hard"
OTHERS = 2            # the other candidates the reasons name, best first


def hint(game_id, view, seed=0, clock=True):
    """Hard's move for the view's seat (which is to play) and the search's report of it."""
    bot = make_bot(game_id, HINT_LEVEL, seed, clock)
    action = bot.act(view, as_actions(view["legal"]))
    report = getattr(bot.choose, "report", None) or {}
    return {**report, "action": list(action)}


def rounded(x):
    """A number as the reasons show it: one decimal, no "-0.0"."""
    value = round(x, 1)
    return 0.0 if value == 0 else value


def outcome(game_id, found, index):
    """(message id, parameters): what a candidate scored where the playouts stopped."""
    prefix = GAMES[game_id].prefix
    return "%s.hint.score" % prefix, {"score": rounded(found["score"][index])}


def reasons(game_id, found, describe):
    """The hint's reasons, [(message id, parameters)]: the move, the score it leads to and
    the best others', and how many deals were sampled; a nested (id, parameters) is a part the
    reader words first (see `words`)."""
    moves = [tuple(a) for a in found.get("candidates") or [found["action"]]]
    chosen = found.get("chosen", 0)
    move = describe(moves[chosen])
    if found.get("how") != "search" or not found.get("samples"):
        return [("ui.hint.only", {"move": move})]
    out = [("ui.hint.best", {"move": move, "outcome": outcome(game_id, found, chosen)})]
    others = sorted((i for i in range(len(moves)) if i != chosen),
                    key=lambda i: -found["value"][i])[:OTHERS]
    out += [("ui.hint.other", {"move": describe(moves[i]),
                               "outcome": outcome(game_id, found, i)}) for i in others]
    if chosen == 0:
        out.append(("ui.hint.kept", {"move": move}))
    out.append(("ui.hint.samples", {"moves": len(moves), "count": found["samples"]}))
    return out


def words(items, lang=None):
    """The reasons as sentences in `lang` (nested parts worded first)."""
    from .messages import text
    out = []
    for msg_id, params in items:
        params = {k: text(v[0], v[1], lang) if type(v) is tuple else v
                  for k, v in params.items()}
        out.append(text(msg_id, params, lang))
    return out
