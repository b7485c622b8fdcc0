"""Encore's bot worker: the bots' thinking, off the page's main thread.

The page starts this file as a PyScript worker (`create_named_worker` in `main.py`, with its own
small `bot_worker.toml` that only unpacks the engine wheel) the first time a game seats a bot
that searches. The worker has no DOM; it exports one function the main thread awaits:

    best_move(save_json, seat, level, seed, think=0) -> JSON text

`save_json` is the engine's own save (`state.to_json()`), so the worker rebuilds exactly the
page's state with `load_state`; the bot of `level` ("easy", "normal", "hard", "heuristic",
"random") plays for `seat` through `bots.bot_action`, which hands a search bot the state (read
only through its seat's resampler) and any other bot just its seat's view. `think` > 0 caps
the search's wall-clock budget in seconds (tests use it to keep a game short). The answer:

    {"ok": true, "action": [...], "moves": n, "playouts": k, "ms": t, "level": "hard"}
    {"ok": false, "error": "why"}

Nothing here imports pyscript, so CPython tests call `best_move` directly.
"""

import json
import time

import pygame_rules
from pygame_rules import bots, search

__export__ = ["best_move", "warm_up"]


def resamplers_ready():
    """Import every game's resampler now (the first move should not pay for it); returns the
    games whose resampler loaded."""
    ready = []
    for game_id in pygame_rules.GAMES:
        try:
            search.resampler(game_id)
        except (ImportError, KeyError):
            continue
        ready.append(game_id)
    return ready


def warm_up():
    """Load the engine, the bots and the resamplers; returns the games ready to search (JSON)."""
    return json.dumps(resamplers_ready())


def seated(game_id, level, seed, think):
    """The bot of `level` for one move; a search level gets a budget capped at `think` s."""
    bot = bots.make_bot(game_id, level, seed)           # a new bot: its budget is its own
    if think and think > 0 and getattr(bot.choose, "needs_state", False):
        bot.choose.seconds = min(float(think), bot.choose.seconds or float(think))
    return bot


def best_move(save_json, seat, level, seed, think=0):
    """The move of the bot of `level` for `seat` in the saved state, as JSON (see the module)."""
    started = time.perf_counter()
    try:
        state = pygame_rules.load_state(str(save_json))
        seat, seed, think = int(seat), int(seed), float(think or 0)
        if state.current_player != seat:
            return json.dumps({"ok": False, "error": "seat %s is not to play (%s is)"
                               % (seat, state.current_player)})
        bot = seated(state.game.id, str(level), seed, think)
        action = bots.bot_action(state, bot)
    except Exception as err:         # the RPC's boundary: the page falls back, never breaks
        return json.dumps({"ok": False, "error": "%s: %s" % (type(err).__name__, err)})
    return json.dumps({"ok": True, "action": action, "moves": len(state.history),
                       "playouts": getattr(bot.choose, "last_playouts", 0),
                       "ms": round((time.perf_counter() - started) * 1000, 1),
                       "level": bot.name})
