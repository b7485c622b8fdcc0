"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import CHORD_CARDS, SPACES

FRETBOARD = range(SPACES)

ACTIONS = (
    ("supply", range(7), FRETBOARD),            # a supply pick of a kind onto a space
    ("bag",),
    ("place", FRETBOARD),                       # the bag's pick, face down
    ("chords",),
    ("return", range(CHORD_CARDS)),
    ("done",),
    ("remove", FRETBOARD),
    ("move", FRETBOARD, FRETBOARD),
    ("swap", FRETBOARD, FRETBOARD),
    ("flip", FRETBOARD),
    ("reveal", FRETBOARD),
    ("clear", range(8)),                        # a pick kind 0..6, or 7 for face-down picks
    ("wylde", FRETBOARD),
    ("skip",),
    ("claim", range(CHORD_CARDS)),
    ("decline",),
    ("jim",),                                   # Jim Bot's next step (the engine's seat)
)
