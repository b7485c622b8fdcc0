"""Scenario helpers for Re-Chord tests: set up a chosen position, play it, read it.

Picks are written KIND@SPACE, a space being its string letter and fret (strings E A D G B e,
low to high; frets 1..5):

    "R@A3"      a face-up Red on the A string, 3rd fret
    "?G@D2"     a face-down Green on D2 (known to nobody); "?G@D2/0" known to seat 0
    kinds       W White, R Red, B Blue, Gy Grey, P Purple, G Green, Wy Wylde
                (full names work too: "grey@A3", "wylde@e1")

Chord cards are written by label ("G-2" = the 2nd G card, "Am7-4"); songs by setlist and
number ("S1-1" = Uncomfortably Dumb). The deck lists the TOP LAST (as the engine keeps it).

    from rechord_helpers import position, play, board

    state = position("R@E3 B@A2 Gy@B3", supply="P W R", hands=["G-1", ""])
    play(state, "P@e3", "claim G-1")           # seat 0 completes G-1 with its own pick
    assert board(state) == "R@E3 B@A2 Gy@B3 P@e3"

Jim Bot's seat (1, in the solo game) is to play at each step of his turn, with one legal action,
("jim",). `position` and `play` play his steps through, so that a scenario reads as the rules
tell it (`steps=False` stops at each of them; `jim_plays(state)` plays them on).

Actions in `play` (a string each; an engine tuple passes through):

    "R@A3"          a supply pick (A1, or a White's ability); "Wy@A3" may replace a pick
    "bag", "place A3"               A2: draw, then place face down
    "chords", "return G-2", "done"  A3
    "remove A3", "move A3 D2", "swap A3 D2", "flip A3", "reveal A3", "wylde A3", "skip"
    "clear G" / "clear ?" / "clear Wy"   Green: a colour, the face-down picks, the Wyldes
    "claim G-2", "decline"
"""

import pygame_rules
from engine_helpers import (events_of, last_event, play_first_legal,  # noqa: F401
                            public_snapshot)  # (re-exported for the tests)
from pygame_rules.games.rechord.cards import (CHORD_CARDS, FACE_DOWN, KINDS, SPACES, STRINGS,
                                              card_label, kind_of, space_name)

GAME = "rechord"
CODES = ("W", "R", "B", "Gy", "P", "G", "Wy")
LABELS = {card_label(c): c for c in range(CHORD_CARDS)}
WORDS = ("bag", "chords", "done", "skip", "decline")


def kind(code):
    """The kind (0..6) of a pick code: 'R', 'Gy', 'Wy', 'green' ..."""
    if code in CODES:
        return CODES.index(code)
    if code.lower() in KINDS:
        return KINDS.index(code.lower())
    raise ValueError("not a pick kind: %r" % (code,))


def sp(name):
    """The space index of 'A3' (string letter, fret)."""
    if len(name) != 2 or name[0] not in STRINGS or name[1] not in "12345":
        raise ValueError("not a space: %r" % (name,))
    return (int(name[1]) - 1) * 6 + STRINGS.index(name[0])


def spaces(names):
    """Space indexes of 'A3 D2 ...' (a string or a list)."""
    return [sp(n) for n in _split(names)]


def card(label):
    """The chord card id of a label such as 'G-2' (ints pass through)."""
    return label if isinstance(label, int) else LABELS[label]


def cards(labels):
    """Chord card ids of 'G-2 C-1 ...' (a string or a list)."""
    return [card(c) for c in _split(labels)]


def labels(ids):
    """Labels of chord card ids, in the given order."""
    return [card_label(c) for c in ids]


def song(code):
    """The song id of 'S1-1' (setlist 1..4, song 1..9); ints and None pass through."""
    if code is None or isinstance(code, int):
        return code
    setlist, number = code[1:].split("-")
    return (int(setlist) - 1) * 9 + int(number) - 1


def _split(spec):
    """Tokens of a string with spaces/commas, or a list as it is."""
    if isinstance(spec, str):
        return spec.replace(",", " ").split()
    return list(spec)


def pick(code):
    """[space, kind, up, known_mask] of 'R@A3', '?G@D2' or '?G@D2/0' (known to seat 0)."""
    up = not code.startswith("?")
    code = code.lstrip("?")
    known = 0
    if "/" in code:
        code, seats = code.split("/")
        for s in seats:
            known |= 1 << int(s)
    k, at = code.split("@")
    return [sp(at), kind(k), int(up), known]


def position(board="", supply="", hands=("", ""), deck="", players=None, genres=None,
             songs=None, completed=None, pad=None, scored=(), draws="", icons=None, start=0,
             options=None, seed=0, steps=True):
    """A new game from a chosen position.

    board: pick codes; supply: kind codes; hands: one string (or list) of card labels per
    guitarist (solo: Jim Bot's open row second); deck: labels, TOP LAST (default empty);
    genres: one colour code (or a list of codes) per guitarist (default seat i → colour i);
    songs: song codes per guitarist (Jim Bot: None); completed: per guitarist a list of
    (label, instant); pad: 6 rows (White..Green) of 5 fret columns; scored: frets 1..5;
    draws: kinds the bag gives, in order (refills first, then A2 and Jim Bot's bag icon);
    icons: Jim Bot's icon deck (kind codes or 'bag'), NEXT LAST; players defaults to the
    number of hands (2 hands with players=1: the solo game). Jim Bot's steps are played
    through unless `steps` is False."""
    players = players or len(hands)
    setup = {"hands": [cards(h) for h in hands], "board": [pick(p) for p in _split(board)],
             "supply": [kind(k) for k in _split(supply)], "deck": cards(deck), "start": start}
    g = len(hands)
    if genres is None:
        genres = [[i] for i in range(g)]
    setup["genres"] = [[kind(c) if isinstance(c, str) else c for c in _split(x)]
                       if not isinstance(x, int) else [x] for x in genres]
    if songs is not None:
        setup["songs"] = [song(s) for s in songs]
    if completed is not None:
        setup["completed"] = [[[card(c), i] for c, i in cs] for cs in completed]
    if pad is not None:
        setup["pad"] = pad
    if scored:
        setup["scored"] = list(scored)
    if draws:
        setup["draws"] = [kind(k) for k in _split(draws)]
    if icons is not None:
        setup["icons"] = [-1 if k == "bag" else kind(k) for k in _split(icons)]
    opts = {"start_player": "seat0"}
    opts.update(options or {})
    state = pygame_rules.new_game(GAME, players, seed=seed, options=opts, setup=setup)
    if steps:
        jim_plays(state)
    return state


def jim_plays(state):
    """Play Jim Bot's steps for as long as his seat is to play; returns how many (none at
    Legend, where his seat has a guitarist's choices)."""
    count = 0
    while state.current_player is not None and state.current_player in state.automata and \
            state.automaton_bot(state.current_player) is None:
        assert state.legal_actions() == [("jim",)]
        state.apply(("jim",))
        count += 1
    return count


def solo(board="", supply="", hand="", row="", human="R", jim="B", **kw):
    """A solo game: the human (seat 0, genre `human`) against Jim Bot (seat 1, open row `row`,
    genre(s) `jim`). Pass start=1 to let Jim Bot play first, at once. Jim Bot is the classic
    one unless the options say otherwise (the balanced levels have tests of their own)."""
    kw.setdefault("songs", [None, None])
    kw["options"] = {"jim_strength": "classic", **(kw.get("options") or {})}
    return position(board, supply, hands=(hand, row), players=1, genres=[human, jim], **kw)


def action(spec):
    """An engine action from a shorthand (see the module docstring)."""
    if isinstance(spec, tuple):
        return spec
    if "@" in spec:
        k, at = spec.split("@")
        return ("supply", kind(k), sp(at))
    word, *args = spec.split()
    if word in WORDS:
        return (word,)
    if word in ("claim", "return"):
        return (word, card(args[0]))
    if word == "clear":
        return (word, FACE_DOWN if args[0] == "?" else kind(args[0]))
    return (word,) + tuple(sp(a) for a in args)


def play(state, *specs, steps=True):
    """Apply the actions in order, each for whoever is to act, and Jim Bot's steps after each
    (unless `steps` is False); returns the state."""
    for spec in specs:
        state.apply(action(spec))
        if steps:
            jim_plays(state)
    return state


def code_at(state, space):
    """The code of the pick on a space as the engine holds it ('R', '?G'), or None."""
    face = state.face[space]
    if face < 0:
        return None
    k = CODES[kind_of(state.board[space])]
    return k if face != FACE_DOWN else "?" + k


def board(state):
    """The whole board as pick codes in scan order (fret 1 to 5, strings E to e)."""
    return " ".join("%s@%s" % (code_at(state, s), space_name(s)) for s in range(SPACES)
                    if state.face[s] >= 0)


def supply(state):
    """The supply's kinds as codes, sorted by kind."""
    return " ".join(CODES[k] for k in sorted(kind_of(p) for p in state.supply))


def hand(state, seat):
    """A guitarist's unfinished chord cards as labels, in id order."""
    return labels(sorted(state.hands[seat]))


def done(state, seat):
    """A guitarist's completed cards as labels, in completion order."""
    return [card_label(c) for c, _ in state.completed[seat]]


def offered(state):
    """(seat, [labels]) of the open claim window, or None."""
    if not state.claims:
        return None
    return state.current_player, [card_label(a[1]) for a in state.legal_actions()
                                  if a[0] == "claim"]


def legal(state):
    """The legal actions now, readable: ('supply', 'R', 'A3'), ('claim', 'G-2'), ('move', 'A3',
    'D2') ..."""
    out = []
    for a in state.legal_actions():
        if a[0] == "supply":
            out.append(("supply", CODES[a[1]], space_name(a[2])))
        elif a[0] in ("claim", "return"):
            out.append((a[0], card_label(a[1])))
        elif a[0] == "clear":
            out.append(("clear", "?" if a[1] == FACE_DOWN else CODES[a[1]]))
        else:
            out.append((a[0],) + tuple(space_name(x) for x in a[1:]))
    return out
