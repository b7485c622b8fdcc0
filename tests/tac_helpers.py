"""Scenario helpers for Take The "A" Chord tests: set up a chosen position, play it, read it.

A position is a deal you choose instead of a shuffled one. Seats sit clockwise 0..n-1; with
3 players the 4th hand is the non-player's face-down stack, played top-first in list order.
Cards are written as codes such as "C-Bl" (chord A..G, colour Bl Ly Sw So Ea):

    from tac_helpers import position, play, events_of

    state = position(hands=["C-Bl G-Sw", "D-Bl C-Ly", "E-Bl A-Sw", "F-Bl B-Sw"],
                     key="C", leader=0)
    play(state, "C-Bl", "D-Bl", "E-Bl", "F-Bl")      # one trick, in play order
    assert events_of(state, "trick_won")[-1]["seat"] == 0

`position` starts the venue `venue` (0-based) from these hands; later venues are dealt from the
seed as usual, so `venue=players - 1` makes the chosen venue the last one of the game.
"""


import pygame_rules
from engine_helpers import (events_of, last_event, play_first_legal,  # noqa: F401
                            public_snapshot as snapshot)  # (re-exported for the tests)
from pygame_rules.games.take_a_chord.cards import CHORDS, card_code, parse_card

GAME = "take-a-chord"


def card(code):
    """The card id of a code such as 'C-Bl' (an int is passed through); ValueError if unknown."""
    if isinstance(code, int):
        return code
    c = parse_card(code)
    if c is None:
        raise ValueError("not a card: %r" % (code,))
    return c


def cards(spec):
    """Card ids from 'A-Bl C-Sw' (spaces or commas) or from a list of codes/ids."""
    if isinstance(spec, str):
        spec = spec.replace(",", " ").split()
    return [card(c) for c in spec]


def move(code):
    """The action that plays a card: ("play", card id)."""
    return ("play", card(code))


def codes(ids):
    """Codes of some card ids, in the given order (for readable assertions)."""
    return [card_code(c) for c in ids]


def position(hands, key="C", leader=0, players=4, venue=0, options=None, seed=0):
    """A new game whose venue `venue` starts from `hands` (4 lists) with Key Chord `key`."""
    setup = {"hands": [cards(h) for h in hands],
             "key": key if isinstance(key, int) else CHORDS.index(key.upper()),
             "leader": leader, "venue": venue}
    return pygame_rules.new_game(GAME, players, seed=seed, options=options, setup=setup)


def play(state, *card_codes):
    """Play the given cards in order, each for whoever is to play; returns the state."""
    for code in card_codes:
        state.apply(move(code))
    return state


def legal_codes(state):
    """The current player's legal cards, as codes."""
    return codes(c for _, c in state.legal_actions())


def key_name(state):
    """The current Key Chord as a letter."""
    return CHORDS[state.key]
