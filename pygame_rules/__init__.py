"""Encore's rules engine: pure Python, no dependencies, one contract for every game.

    >>> import pygame_rules
    >>> state = pygame_rules.new_game("take-a-chord", players=4, seed=7)
    >>> state.apply(state.legal_actions()[0])
"""

from .core import (GAMES, EngineError, Game, GameState, IllegalAction, Option, SaveError,
                   SetupError, load_state, new_game)
from .share import ShareError, from_share, to_share
from . import games  # noqa: F401  (registers the games)

__version__ = "0.1.0"
__all__ = ["GAMES", "EngineError", "Game", "GameState", "IllegalAction", "Option", "SaveError",
           "SetupError", "ShareError", "from_share", "load_state", "new_game", "to_share",
           "__version__"]
