"""Hints (issue 20): the Hard search's move for a seat, and why, in words built from the
search's own numbers.

    found = hint(game_id, view, seed)            # Hard's move from the seat's view, and what it
                                                 # compared (search.make_report), JSON-able,
                                                 # with what the moves named do (`explain`)
    reasons(game_id, found, describe, tell)      # [(message id, parameters)]: the move, what
                                                 # it sets off under the rules, what each
                                                 # candidate scored where the playouts stopped,
                                                 # how many deals were sampled
    found = explain_move(game_id, view, move, seed)  # the same, from the view of the seat
                                                 # that made `move`, with it compared
    reasons(game_id, found, describe, tell, name)  # ... its reasons: `name`'s move first

`hint` is the same bot the table seats as "hard", with the same seed: the same view gives the
same move. The page asks its worker for it (web/bot_worker.py `best_move` with the report and `explain`),
so the main thread never searches; `describe(action)` names a move (the page's
`state.describe`) and `tell(events)` words events as the log does. Every number in the reasons
is one the search computed or one the rules' events hold; every move named is a candidate, and
every candidate is a legal move of the view.

What a move does under the rules ("effects") is read from the engine, not written here: the
move is applied in a few deals of the view, and the events after its own that come out alike in
each (as a spectator sees them, so no card dealt for the search is ever named) are what it sets
off: the trick it wins, a Key Change, a bar scored, a gift's points.
"""

import random

from .bots import cap_clock, make_bot
from .core import GAMES
from .search import as_actions, determinizer, knob, plan

HINT_LEVEL = "hard"
OTHERS = 2            # the other candidates the reasons name, best first
EFFECT_DEALS = 3      # deals of the view a move's effects must agree in
EFFECT_LINES = 2      # the lines of the chosen move's effects the reasons tell, at most
OTHER_LINES = 1       # ... of another move's (only lines the chosen move's effects lack)


def hint(game_id, view, seed=0, clock=True):
    """Hard's move for the view's seat (which is to play), the search's report of it and the
    named moves' effects."""
    bot = make_bot(game_id, HINT_LEVEL, seed, clock)
    action = bot.act(view, as_actions(view["legal"]))
    report = dict(getattr(bot.choose, "report", None) or {})
    report["effects"] = explain(game_id, view, report, seed)
    return {**report, "action": list(action)}


def explain_move(game_id, view, move, seed=0, clock=True, think=0):
    """The same search from the view of the seat that made `move` (a bot's move explained once
    the game is over), with that move among its candidates: the report, the search's own
    choice ("action") and "played", the index of the move made. `think` > 0 caps the search's
    seconds (as the page's think setting caps a bot's)."""
    bot = cap_clock(make_bot(game_id, HINT_LEVEL, seed, clock), think if clock else 0)
    bot.choose.include = tuple(move)
    action = bot.act(view, as_actions(view["legal"]))
    report = dict(getattr(bot.choose, "report", None) or {})
    moves = [tuple(a) for a in report.get("candidates") or [action]]
    report["played"] = moves.index(tuple(move))
    report["effects"] = explain(game_id, view, report, seed)
    return {**report, "action": list(action)}


def named(found):
    """The indices of the candidates the reasons name: the move made (an explained move's),
    the chosen one, then the best others."""
    moves = found.get("candidates") or [found.get("action")]
    chosen = found.get("chosen", 0)
    first = [found["played"]] if found.get("played", chosen) != chosen else []
    if found.get("how") != "search" or not found.get("samples"):
        return first + [chosen]
    others = sorted((i for i in range(len(moves)) if i != chosen and i not in first),
                    key=lambda i: -found["value"][i])[:OTHERS]
    return first + [chosen] + others


def explain(game_id, view, report, seed=0):
    """Per candidate of the report, the events its move sets off (see `effects`): a list for
    each one the reasons name, None for the others."""
    moves = report.get("candidates") or []
    out = [None] * len(moves)
    for i in named(report) if moves else ():
        out[i] = effects(game_id, view, moves[i], seed)
    return out


def effects(game_id, view, action, seed=0, deals=EFFECT_DEALS):
    """What `action` sets off under the rules that hangs on no hidden card: the events after
    its own (the first) that are alike, as a spectator sees them, in `deals` deals of the
    view (JSON-able; the game's QUIET event types left out)."""
    deal, quiet = determinizer(game_id), knob(plan(game_id), "QUIET")
    rng, runs = random.Random(seed), []
    for _ in range(deals):
        state = deal(view, rng)
        state.events = []
        state.apply(tuple(action))
        runs.append([state.redact(e, None) for e in state.events[1:]])
    return [e for e in runs[0] if e["type"] not in quiet and all(e in run for run in runs[1:])]


def rounded(x):
    """A number as the reasons show it: one decimal, no "-0.0"."""
    value = round(x, 1)
    return 0.0 if value == 0 else value


def outcome(game_id, found, index):
    """(message id, parameters): what a candidate scored where the playouts stopped."""
    prefix = GAMES[game_id].prefix
    return "%s.hint.score" % prefix, {"score": rounded(found["score"][index])}


def reasons(game_id, found, describe, tell=None, played_by=None):
    """The hint's reasons, [(message id, parameters)]: the move and what it sets off, the score
    it leads to, the best others' (and what more they set off), and how many deals were
    sampled; a nested (id, parameters) is a part the reader words first, a list of lines is
    joined (see `words`). `tell(events)` words a move's effects (None: they are left out); for
    another move only what the first one's lack. A move worded like one already named (two
    copies of a card) is not named again. With `played_by` (a seat's name) and an explained
    move's report (`explain_move`): the move that seat made first, then whether the search
    would have made it."""
    moves = [tuple(a) for a in found.get("candidates") or [found["action"]]]
    chosen = found.get("chosen", 0)
    first = found.get("played", chosen) if played_by is not None else chosen
    move, mine = describe(moves[first]), told(found, first, tell)
    searched = found.get("how") == "search" and found.get("samples")
    if played_by is not None:
        head = ("ui.explain.played", {"name": played_by, "move": move,
                                      "outcome": outcome(game_id, found, first)}) \
            if searched else ("ui.explain.only", {"name": played_by, "move": move})
    else:
        head = ("ui.hint.best", {"move": move, "outcome": outcome(game_id, found, first)}) \
            if searched else ("ui.hint.only", {"move": move})
    out = [head] + then(mine, EFFECT_LINES)
    if not searched:
        return out
    shown, names = [], {move}
    if first != chosen:
        names.add(describe(moves[chosen]))
        shown.append(chosen)
        out.append(("ui.explain.search", {"move": describe(moves[chosen]),
                                          "outcome": outcome(game_id, found, chosen)}))
        out += then([line for line in told(found, chosen, tell) if line not in mine],
                    OTHER_LINES)
    elif played_by is not None:
        out.append(("ui.explain.agree", {}))
    for i in named(found):
        if i in (first, chosen) or describe(moves[i]) in names:
            continue
        names.add(describe(moves[i]))
        shown.append(i)
        out.append(("ui.hint.other", {"move": describe(moves[i]),
                                      "outcome": outcome(game_id, found, i)}))
        out += then([line for line in told(found, i, tell) if line not in mine], OTHER_LINES)
    if any(ranked_lower(found, i, chosen) for i in shown + [first]):
        out.append(("%s.hint.rank" % GAMES[game_id].prefix, {}))   # not by the score alone
    if chosen == 0 and any(found["value"][i] > found["value"][chosen] for i in shown + [first]):
        out.append(("ui.hint.kept", {"move": describe(moves[chosen])}))
    if played_by is None:
        out.append(("ui.hint.samples", {"moves": len(moves), "count": found["samples"]}))
    else:
        out.append(("ui.explain.samples", {"moves": len(moves), "count": found["samples"],
                                           "name": played_by}))
    return out


def ranked_lower(found, other, chosen):
    """True if `other` scores more than the chosen move but the search's reward (its "value")
    put it no higher: the reasons then say what the search ranks by."""
    return rounded(found["score"][other]) > rounded(found["score"][chosen]) and \
        found["value"][other] <= found["value"][chosen]


def told(found, index, tell):
    """What the candidate's move sets off, in the log's words ([] without `tell`)."""
    effects = found.get("effects") or []
    events = effects[index] if index < len(effects) else None
    return tell(events) if tell and events else []


def then(lines, limit):
    """[("ui.hint.then", {"what": the first `limit` lines})], or [] without lines."""
    return [("ui.hint.then", {"what": lines[:limit]})] if lines else []


def words(items, lang=None):
    """The reasons as sentences in `lang` (nested parts worded first, lines joined)."""
    from .messages import language, text
    joiner = "" if (lang or language()) == "ja" else " "
    out = []
    for msg_id, params in items:
        params = {k: text(v[0], v[1], lang) if type(v) is tuple else
                  joiner.join(v) if type(v) is list else v for k, v in params.items()}
        out.append(text(msg_id, params, lang))
    return out
