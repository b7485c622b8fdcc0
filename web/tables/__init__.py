"""The registry of game tables: game id → the module that draws that game and reads its clicks.

A game is offered on the start screen only once it has a table module here; adding a game's
table is one module (`table_<game>.py`, see `table_take_a_chord.py` for the interface) and one
entry below. Modules are imported when a game first needs them, not at start-up.
"""

import importlib

TABLES = {"take-a-chord": "take_a_chord", "take-bamboo": "take_bamboo", "taktvoll": "taktvoll",
          "rechord": "rechord"}


def table_for(game_id):
    """The table module of a game (imported on first use)."""
    return importlib.import_module("tables." + TABLES[game_id])
