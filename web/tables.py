"""The registry of game tables: game id → the module that draws that game and reads its clicks.

A game is offered on the start screen only once it has a table module here; adding a game's
table is one module (`table_<game>.py`, see `table_take_a_chord.py` for the interface) and one
entry below.
"""

import table_take_a_chord
import table_take_bamboo

TABLES = {module.GAME_ID: module for module in (table_take_a_chord, table_take_bamboo)}


def table_for(game_id):
    """The table module of a game."""
    return TABLES[game_id]
