"""The game tables: one module per game, named by the game's own declaration.

`pygame_rules.GAMES[game_id].table` names the module here that draws that game and reads its
clicks (`"take_bamboo"`: `tables/take_bamboo.py`), so the page keeps no list of games: a game is
offered on the start screen once its declaration names a table, in the registry's order.
`base.py` says what a table module offers and supplies the defaults. Beside the tables lies
their art: `notation.py` (Taktvoll's staves), `fretboard.py` (Re-Chord's board and chord
diagrams) and `sound.py` (WebAudio). Modules are imported when a game first needs them, not at
start-up.
"""

import importlib

from pygame_rules import GAMES


def game_ids():
    """The ids of the games the page can draw (their declaration names a table), in the
    registry's order: the start screen's tiles."""
    return tuple(g for g, game in GAMES.items() if game.table)


def table_for(game_id):
    """The table module of a game (imported on first use)."""
    return importlib.import_module("%s.%s" % (__name__, GAMES[game_id].table))
