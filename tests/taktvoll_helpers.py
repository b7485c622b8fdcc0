"""Scenario helpers for Taktvoll tests: set up a chosen position, play it, read it.

Cards are written as codes:

    "Q:C5"      a quarter note C5 (values W H Q E S, pitches D4 E4 F4 G4 A4 B4 C5 D5 E5 F5 G5)
    "~H:E4"     in a row: a half note E4 lying upside down (it sounds F5); see `play` for hands
    "rest:Q"    the quarter rest (rests: H Q E S, one each)
    "3/4"       a time signature (1/4 2/4 3/4 4/4)
    "clef"      a clef (clefs are alike: the next unused one)
    "bar"       a bar line (bar lines are alike: the next unused one); "bar*3" is three

A row is one string: its time signature (or none) and then its cards in order; the clef that
starts it is added by `position`. The deck is a list of codes with the TOP LAST (as the
engine keeps it). Seats sit clockwise; play passes to seat + 1.

    from taktvoll_helpers import position, play

    state = position(["Q:C5 bar", "H:G4", "E:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("Q:C5", 0), ("bar", 0))       # seat 0 completes the bar and closes it: +2
    assert state.scores() == [2, 0, 0]
"""

import re

import pygame_rules
from engine_helpers import (events_of, last_event, play_first_legal,  # noqa: F401
                            public_snapshot)  # (re-exported for the tests)
from pygame_rules.bits import cards_of
from pygame_rules.games.taktvoll.cards import BARS, CLEFS, PITCHES, RESTS, kind_of, pos_of

GAME = "taktvoll"
VALUE_CODES = "WHQES"
REST_CODES = "HQES"
_NOTE = re.compile(r"^([WHQES]):([A-G][45])$")
_REST = re.compile(r"^rest:([HQES])$")
_TIME = re.compile(r"^([1-4])/4$")
ACTION_WORDS = ("clef", "time", "note", "rest", "bar", "draw", "keep", "pass", "done")


class _Alike:
    """Hands out the next unused clef or bar line (they are alike)."""

    def __init__(self):
        self.clefs, self.bars = list(CLEFS), list(BARS)

    def take(self, kind):
        return (self.clefs if kind == "clef" else self.bars).pop(0)


def card(code, alike=None):
    """The id of a code such as 'Q:C5', 'rest:H', '3/4', 'clef' or 'bar' (ints pass through).

    'clef' and 'bar' give the first clef / bar line unless `alike` hands out unused ones."""
    if isinstance(code, int):
        return code
    m = _NOTE.match(code)
    if m and m.group(2) in PITCHES:
        return 8 + VALUE_CODES.index(m.group(1)) * 11 + PITCHES.index(m.group(2))
    m = _REST.match(code)
    if m:
        return RESTS[REST_CODES.index(m.group(1))]
    m = _TIME.match(code)
    if m:
        return 3 + int(m.group(1))
    if code in ("clef", "bar"):
        return alike.take(code) if alike else (CLEFS[0] if code == "clef" else BARS[0])
    raise ValueError("not a Taktvoll card: %r" % (code,))


def _tokens(spec):
    """Split 'Q:C5 bar*2 rest:Q' into tokens, expanding 'bar*2'."""
    if isinstance(spec, str):
        spec = spec.replace(",", " ").split()
    out = []
    for token in spec:
        if isinstance(token, str) and "*" in token:
            name, count = token.split("*")
            out += [name] * int(count)
        else:
            out.append(token)
    return out


def cards(spec, alike=None):
    """Card ids of some codes (a string with spaces/commas or a list)."""
    alike = alike or _Alike()
    return [card(c, alike) for c in _tokens(spec)]


def code(card_id, turned=False):
    """The code of one card id: 'Q:C5', '~H:E4' (turned), 'rest:Q', '3/4', 'clef', 'bar'."""
    kind = kind_of(card_id)
    if kind == "note":
        value = VALUE_CODES[(card_id - 8) // 11]
        return "%s%s:%s" % ("~" if turned else "", value, PITCHES[pos_of(card_id) + 1])
    if kind == "rest":
        return "rest:" + REST_CODES[card_id - RESTS[0]]
    if kind == "time":
        return "%d/4" % (card_id - 3)
    return kind


def codes(ids):
    """Codes of some card ids, in the given order."""
    return [code(c) for c in ids]


def position(hands, rows=(), deck=(), scores=None, start=0, options=None, seed=0):
    """A new game from a chosen position: hands (one string per seat), rows (one string per
    row: time signature then cards, '~' for an upside-down note), deck (top LAST)."""
    alike = _Alike()
    setup_rows = []
    for spec in rows:
        tokens = _tokens(spec)
        time = None
        if tokens and _TIME.match(tokens[0]):
            time = card(tokens.pop(0))
        entries = [[card(t.lstrip("~"), alike), int(t.startswith("~"))] for t in tokens]
        setup_rows.append({"clef": alike.take("clef"), "time": time, "cards": entries})
    setup = {"hands": [cards(h, alike) for h in hands], "deck": cards(list(deck), alike),
             "rows": setup_rows, "start": start}
    if scores is not None:
        setup["scores"] = list(scores)
    return pygame_rules.new_game(GAME, len(hands), seed=seed, options=options, setup=setup)


def action(spec):
    """An engine action from a shorthand:

        "draw" / "keep" / "pass" / "done" / "clef"     the action of that name
        ("Q:C5", 0)      the card on row 0 (a note upright); ("~Q:C5", 0) upside down
        ("bar", 0)       a bar line on row 0;   ("3/4", 1)  a time signature on row 1
        ("note", "Q:C5", 0, 1)   a full action whose card codes become ids
    """
    if isinstance(spec, str):
        return (spec,)
    head = spec[0]
    if head in ACTION_WORDS:
        return (head,) + tuple(card(a) if isinstance(a, str) else a for a in spec[1:])
    turned = head.startswith("~")
    c = card(head.lstrip("~"))
    kind = kind_of(c)
    if kind == "note":
        return ("note", c, spec[1], int(turned))
    if kind == "clef":
        return ("clef",)
    return (kind, c, spec[1])


def play(state, *actions):
    """Apply the actions in order, each for whoever is to act; returns the state."""
    for spec in actions:
        state.apply(action(spec))
    return state


def hand(state, seat):
    """A seat's hand as codes, in id order."""
    return codes(cards_of(state.hands[seat]))


def row(state, r):
    """A row's cards as codes, clef first ('~' marks an upside-down note)."""
    return [code(c, t) for c, t in state.rows[r][4]]


def legal(state):
    """The legal actions now, with card ids as codes (for readable assertions)."""
    out = []
    for a in state.legal_actions():
        if a[0] in ("time", "note", "rest"):
            a = (a[0], code(a[1])) + a[2:]
        out.append(a)
    return out
