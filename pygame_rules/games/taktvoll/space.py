"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import NOTES, RESTS, TIMES
from .state import MAX_ROWS

ROWS = range(MAX_ROWS)

ACTIONS = (
    ("clef",),                              # a new row
    ("time", TIMES, ROWS),                  # a time signature card on a row
    ("note", NOTES, ROWS, (0, 1)),          # a note card on a row, upright (0) or turned (1)
    ("rest", RESTS, ROWS),                  # a rest card on a row
    ("bar", ROWS),                          # a bar line on a row's full bar
    ("draw",),
    ("keep",),                              # keep the drawn card
    ("pass",),                              # only with the deck empty
    ("done",),                              # no bonus bar line
)
