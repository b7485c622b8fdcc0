"""Encore's bot worker: the bots' thinking, off the page's main thread.

The page starts this file in a Web Worker (static/bot-worker.js, through `worker.py`) the first
time a game seats a bot that searches: the worker writes the loader, the page's precompiled bundle
and this file into its Python and imports it (the engine comes from the bundle: bundle.py), or
restores the memory snapshot made once this file was imported. The worker has no DOM; it
exports (`__export__`, the calls static/bot-worker.js answers) one function the main thread
awaits:

    best_move(view_json, seat, level, seed, think=0, explain=0) -> JSON text

`view_json` is the seat's own view (`state.view(seat)` as JSON): all that seat may know and
nothing more, the same as a device of that player would hold; the worker never sees the whole
game. The bot of `level` ("easy", "normal", "hard", "heuristic", "random") answers from that view
and its legal actions, as every bot does (a search deals its samples from the view through the
game's observer). `think` > 0 caps the search's wall-clock budget in seconds (tests use it to
keep a game short); `explain` (the hint's) adds to the report what the moves its reasons name
set off under the rules (pygame_rules/hint.py `explain`). The answer:

    {"ok": true, "action": [...], "playouts": k, "ms": t, "level": "hard",
     "seconds": s, "cap": n,  # a search's budget (its clock, think-capped) and playout cap
     "report": {...}}      # a search's: what it compared (search.make_report), the hints' reasons
    {"ok": false, "error": "why"}

`version()` returns the site version build.py stamped into this file (the cache name of the build,
as in index.html's <meta name="encore-version">): the page compares it with its own and refuses a
worker whose files came from another version. Unbuilt, it is the placeholder.

Nothing here imports pyscript, so CPython tests call `best_move` directly.
"""

import json
import time

import bundle

bundle.install()
import pygame_rules  # noqa: E402  (from the bundle, once it is installed)
from pygame_rules import bots, hint, search  # noqa: E402

__export__ = ["best_move", "explain_move", "warm_up", "version"]
VERSION = "__ENCORE_VERSION__"   # build.py writes the site's version here in dist/bot_worker.py


def determinizers_ready():
    """Import every game's determinizer now (the first move should not pay for it); returns the
    games whose determinizer loaded."""
    ready = []
    for game_id in pygame_rules.GAMES:
        try:
            search.determinizer(game_id)
        except (ImportError, KeyError):
            continue
        ready.append(game_id)
    return ready


def warm_up():
    """Load the engine, the bots and the determinizers; returns the games ready to search
    (JSON)."""
    return json.dumps(determinizers_ready())


def version():
    """The site version this file was built as (see the module)."""
    return VERSION


def seated(game_id, level, seed, think):
    """The bot of `level` for one move; a search level gets a budget capped at `think` s."""
    return bots.cap_clock(bots.make_bot(game_id, level, seed), think)   # its own budget


def best_move(view_json, seat, level, seed, think=0, explain=0):
    """The move of the bot of `level` for `seat`, from that seat's view, as JSON (see the
    module)."""
    started = time.perf_counter()
    try:
        view = json.loads(str(view_json))
        seat, seed, think = int(seat), int(seed), float(think or 0)
        if not isinstance(view, dict) or view.get("game") not in pygame_rules.GAMES or \
                "seat" not in view or "legal" not in view:
            return refusal("not a view of a game")
        if view.get("seat") != seat or view.get("current_player") != seat or \
                not view.get("legal"):
            return refusal("seat %s is not to play (%s is)" % (seat, view.get("current_player")))
        bot = seated(view["game"], str(level), seed, think)
        action = bot.act(view, search.as_actions(view["legal"]))
        report = getattr(bot.choose, "report", None)
        if explain and report is not None:
            report = {**report, "effects": hint.explain(view["game"], view, report, seed)}
    except Exception as err:         # the RPC's boundary: the page falls back, never breaks
        return refusal("%s: %s" % (type(err).__name__, err))
    return json.dumps({"ok": True, "action": action,
                       "playouts": getattr(bot.choose, "last_playouts", 0),
                       "seconds": getattr(bot.choose, "seconds", None),
                       "cap": getattr(bot.choose, "playouts", None),
                       "report": report,
                       "ms": round((time.perf_counter() - started) * 1000, 1),
                       "level": bot.name})


def explain_move(view_json, seat, move_json, seed, think=0):
    """Why `seat` made `move` (JSON), asked once the game is over: the Hard search from that
    seat's view before the move, with the move among its candidates (pygame_rules/hint.py
    `explain_move`), answered as `best_move` answers, the report holding "played"."""
    started = time.perf_counter()
    try:
        view, move = json.loads(str(view_json)), json.loads(str(move_json))
        seat, seed, think = int(seat), int(seed), float(think or 0)
        if not isinstance(view, dict) or view.get("game") not in pygame_rules.GAMES or \
                view.get("seat") != seat or view.get("current_player") != seat:
            return refusal("not the view of the seat that moved")
        if not isinstance(move, list) or move not in view.get("legal", []):
            return refusal("the move was not legal in that view")
        found = hint.explain_move(view["game"], view, move, seed, think=think)
    except Exception as err:         # the RPC's boundary: the page says so, never breaks
        return refusal("%s: %s" % (type(err).__name__, err))
    report = {k: v for k, v in found.items() if k != "action"}
    return json.dumps({"ok": True, "action": found["action"], "report": report,
                       "ms": round((time.perf_counter() - started) * 1000, 1),
                       "level": hint.HINT_LEVEL})


def refusal(why):
    """The answer when no move can be given."""
    return json.dumps({"ok": False, "error": why})
