"""Scenario helpers for TAKE トリックの翁 tests: set up a chosen position, play it, read it.

Cards are written as codes: a colour (Or Organic, Bi Biotech, St Stainless) and a rank, with
a letter for the copy ("Or7" is the 1st copy, "Or7b" the 2nd, "Or7c" the 3rd of the "six"
deck). "Gl1".."Gl6" are the glowing bamboo (ids 54..59). Seats sit clockwise 0..n-1; a seat's
LEFT neighbour is seat + 1, its RIGHT neighbour seat - 1.

A tableau is one string per seat. Each token is an entry of a stack:

    "Or7"        face up, in its colour's stack
    "~Or7"       face down, in its own colour's stack
    "~Or7@St"    face down in another colour's stack (a trump winner's extra)
    "~Gl@Bi"     a glowing bamboo (the next unused one) face down in the Biotech stack
    "Or*3"       three face-up Organic cards nobody else is using (filler for counts)

    from take_helpers import position, play, events_of

    state = position(["Or9 Bi4", "Bi2 Or3", "St5 St6"], tableau=["Or3b", "", "St9"], trump=2)
    play(state, "Or9", "Bi2", "St5")          # seat 1 wins with the trump Bi2
    assert events_of(state, "trick_won")[-1]["seat"] == 1

`position` skips the passing step unless `passing=True`, and uses the given tableaux (empty by
default) instead of drawing initial bamboo unless `initial_bamboo=True`.
"""

import re

import pygame_rules
from engine_helpers import (events_of, last_event, play_first_legal,  # noqa: F401
                            public_snapshot as snapshot)  # (re-exported for the tests)
from pygame_rules.games.take_bamboo.cards import (BAMBOO, COLOUR_CODES, GLOWING, PRESETS,
                                                  card_of, colour_of, rank_table)

GAME = "take-bamboo"
_CODE = re.compile(r"^(or|bi|st)([1-9])([abc]?)$", re.I)
_GLOW = re.compile(r"^gl([1-6])$", re.I)


def card(code, preset="nine"):
    """The id of a code such as 'Or7', 'Or7b' or 'Gl2' (an int passes through)."""
    if isinstance(code, int):
        return code
    m = _GLOW.match(code)
    if m:
        return GLOWING[int(m.group(1)) - 1]
    m = _CODE.match(code)
    top, copies = PRESETS[preset]
    if not m or int(m.group(2)) > top or "abc".index(m.group(3) or "a") >= copies:
        raise ValueError("not a card: %r" % (code,))
    return card_of(COLOUR_CODES.index(m.group(1).lower()), int(m.group(2)),
                   "abc".index(m.group(3) or "a"), preset)


def cards(spec, preset="nine"):
    """Card ids from 'Or7 Bi3b' (spaces or commas) or from a list of codes/ids."""
    if isinstance(spec, str):
        spec = spec.replace(",", " ").split()
    return [card(c, preset) for c in spec]


def code(card_id, preset="nine"):
    """The code of one card id ('Or7', 'Or7b', 'Gl1'); a negative id gives '~Or7'."""
    if card_id < 0:
        return "~" + code(~card_id, preset)
    if card_id >= BAMBOO:
        return "Gl%d" % (card_id - BAMBOO + 1)
    ranks = rank_table(preset)
    copies = PRESETS[preset][1]
    copy = (card_id % 18) % copies
    return "%s%d%s" % (COLOUR_CODES[colour_of(card_id)].capitalize(), ranks[card_id],
                       "abc"[copy] if copy else "")


def codes(ids, preset="nine"):
    """Codes of some card ids, in the given order (for readable assertions)."""
    return [code(c, preset) for c in ids]


def colour_index(name):
    """0, 1 or 2 for 'Or', 'Bi' or 'St'."""
    return COLOUR_CODES.index(name.lower())


def _tableau(specs, used, preset):
    """Turn tableau strings into stacks of entries, filling 'Or*3' with unused cards."""
    out = [[[] for _ in range(3)] for _ in specs]
    fills, glowing = [], [g for g in GLOWING]
    for seat, spec in enumerate(specs):
        for token in (spec or "").replace(",", " ").split():
            where = None
            if "@" in token:
                token, where = token.split("@")
            if "*" in token:
                colour, count = token.split("*")
                fills.append((seat, colour_index(colour), int(count)))
                continue
            down = token.startswith("~")
            name = token.lstrip("~")
            if name.lower() == "gl":
                c = glowing.pop(0)
            else:
                c = card(name, preset)
                if c in glowing:
                    glowing.remove(c)
            colour = colour_index(where) if where else colour_of(c)
            out[seat][colour].append(~c if down else c)
            used.add(c)
    for seat, colour, count in fills:
        spare = [c for c in range(colour * 18 + 17, colour * 18 - 1, -1) if c not in used]
        assert len(spare) >= count, "not enough spare cards for the filler"
        out[seat][colour].extend(spare[:count])
        used.update(spare[:count])
    return out


def position(hands, tableau=None, trump=2, dealer=0, round=0, scores=None, draw=None,
             discard=None, passing=False, initial_bamboo=False, options=None, seed=0):
    """A new game whose round `round` (0-based) starts from these hands (one string per seat)."""
    preset = (options or {}).get("deck", "nine")
    hand_ids = [cards(h, preset) for h in hands]
    players = len(hand_ids)
    setup = {"hands": hand_ids, "trump": trump, "dealer": dealer, "round": round,
             "pass": passing}
    used = set(sum(hand_ids, []))
    for key, value in (("draw", draw), ("discard", discard)):
        if value is not None:
            setup[key] = cards(value, preset)
            used.update(setup[key])
    if scores is not None:
        setup["scores"] = list(scores)
    if not initial_bamboo:
        setup["tableau"] = _tableau(tableau or [""] * players, used, preset)
    return pygame_rules.new_game(GAME, players, seed=seed, options=options, setup=setup)


def action(state, spec):
    """An action from a shorthand: 'Or7' plays it, 'left'/'right' gifts, 'accept'/'refuse';
    a tuple such as ('pass', 'Or7', 'Bi3') or ('extra', 'St4') has its codes turned to ids."""
    preset = state.options["deck"]
    if isinstance(spec, tuple):
        return (spec[0],) + tuple(card(a, preset) if spec[0] in ("pass", "play", "extra")
                                  and isinstance(a, str) else a for a in spec[1:])
    if spec in ("left", "right"):
        return ("gift", spec)
    if spec in ("accept", "refuse"):
        return (spec,)
    return ("play", card(spec, preset))


def play(state, *actions):
    """Apply the actions in order, each for whoever is to act; returns the state."""
    for spec in actions:
        state.apply(action(state, spec))
    return state


def stacks(state, seat):
    """A seat's three stacks as codes (face-down entries as '~Or7')."""
    return [codes(stack, state.options["deck"]) for stack in state.tableau[seat]]


def hand(state, seat):
    """A seat's hand as sorted codes."""
    return codes(state.view(seat)["hand"], state.options["deck"])
