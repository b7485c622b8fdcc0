"""Re-Chord's teachable moments (issue 20): each rule the first time it applies.

A test reads only the event as the seat sees it (`events_for`) and the seat's view, never the
state: another guitarist's bag pick, hand, song or genre never reaches a lesson. "You may do
this now" moments (no `on`) come at the seat's own decision; what happened comes with its event.

Parameters hold ids (seats, spaces as 0..29, pick kinds 0..6, chord cards, chord types, frets,
songs, genre colours); `words` turns them into names in the reader's language when the lesson
is shown. Marks, [kind, value]:

    ["space", "A3"]     a fretboard space, by its name (string letter and fret)
    ["pick", kind]      the supply's picks of that kind (0..6: White … Green, Wylde)
    ["chord", card]     a chord card in your hand
    ["fret", n]         a fret column of the board (1..5): its six spaces
    ["seat", s]         a guitarist's panel (solo: Jim Bot's is seat 1)
    ["pad", None]       the score pad
    ["bag", None]       the bag (its count beside the supply)
    ["deck", None]      the chord deck (its count beside the supply)
    ["song", None]      your secret song

What Re-Chord calls a "re-chord" (rules page, section 9): a later completed card of a chord type
you have completed before, which scores its golden value instead of the silver one.
"""

from ...teach import Moment, my_turn
from .cards import (CHORD_NAMES, GOLDEN, SILVER, SONGS, WYLDE, COLOURS, card_label,
                    chord_type, fret_spaces, space_name)
from .log import cards_words, genre_word, kind_word, seat_name, song_words

# the rules page's sections (the numbers of their heading messages, rc.rules.<n>.h)
AIM, PICKS, TURN, ABILITIES, CHORDS, LEAD, SONGS_END, SOLO = 1, 3, 5, 7, 9, 11, 13, 15
WHITE, RED, BLUE, GREY, PURPLE, GREEN = COLOURS


def legal(view, kind):
    """The seat's legal actions of one kind (lists, as the view gives them)."""
    return [a for a in view["legal"] if a[0] == kind]


def space_mark(sp):
    """A fretboard space's mark."""
    return ["space", space_name(sp)]


def supply_marks(view, kinds=None):
    """The supply's picks (of the given kinds), one mark per kind."""
    return [["pick", k] for k in sorted(set(view["supply"])) if kinds is None or k in kinds]


def fret_count(view, fret):
    """How many picks (any kind, any facing) a fret holds."""
    return sum(view["board"][sp] is not None for sp in fret_spaces(fret))


# --- your turn: the three actions ----------------------------------------------------------------
def aim(_event, view, _seat):
    """The game's aim, at the first look: the most fame (solo: more than Jim Bot), from chord
    cards, the seat's secret song and its secret genre."""
    if view["is_over"] or view["song"] is None or not view["genres"]:
        return None
    found = {"song": view["song"], "genre": view["genres"][0], "marks": [["song", None]]}
    if view["jim"] is not None:
        found["case"] = "solo"
    return found


def supply_pick(_event, view, seat):
    """Your first turn: one action of three, the supply pick first."""
    if my_turn(view, seat) and view["phase"] == "turn" and legal(view, "supply"):
        return {"marks": supply_marks(view) + [["bag", None], ["deck", None]]}
    return None


def wylde(_event, view, seat):
    """A Wylde you may place now (from the supply, or revealed by a Purple)."""
    if not my_turn(view, seat):
        return None
    if view["phase"] == "turn" and any(a[1] == WYLDE for a in legal(view, "supply")):
        return {"marks": supply_marks(view, {WYLDE})}
    ability = view["ability"]
    if view["phase"] == "ability" and ability and ability["kind"] == WYLDE:
        return {"marks": [space_mark(ability["space"])]}
    return None


def last_space(_event, view, seat):
    """Your turn, and a fret not yet scored has one empty space left."""
    if not my_turn(view, seat) or view["phase"] != "turn":
        return None
    for fret in range(1, 6):
        if not view["scored"][fret - 1] and fret_count(view, fret) == 5:
            return {"fret": fret, "marks": [["fret", fret]]}
    return None


def bag_pick(_event, view, seat):
    """You drew a pick from the bag: only you see it; place it face down."""
    if my_turn(view, seat) and view["phase"] == "bag_place" and view["drawn"] is not None:
        return {"kind": view["drawn"], "marks": [["bag", None]]}
    return None


def face_down(event, _view, seat):
    """Another guitarist placed a pick face down: only they know it."""
    if event["up"] or event["seat"] == seat:
        return None
    return {"seat": event["seat"], "space": event["space"],
            "marks": [space_mark(event["space"]), ["seat", event["seat"]]]}


def chord_cards(_event, view, seat):
    """You drew chord cards: keep at most three unfinished ones."""
    if my_turn(view, seat) and view["phase"] == "return":
        return {"count": len(view["hand"]), "marks": [["chord", c] for c in view["hand"]]}
    return None


# --- abilities -------------------------------------------------------------------------------------
def ability(kind):
    """The test of a pick's ability, the first time you may use it."""
    def test(_event, view, seat):
        now = view["ability"]
        if not my_turn(view, seat) or view["phase"] != "ability" or not now or \
                now["kind"] != kind:
            return None
        sp = now["space"]
        marks = [space_mark(sp)]
        if kind == WHITE:
            marks += supply_marks(view)
        elif kind == GREEN:
            marks.append(["fret", sp // 6 + 1])
        return {"space": sp, "marks": marks}
    test.__name__ = "ability_%d" % kind
    test.__doc__ = "Your first chance to use the ability of a pick of kind %d." % kind
    return test


# --- chord cards -----------------------------------------------------------------------------------
def claim(_event, view, seat):
    """A claim window of yours: the board matches chord cards you hold."""
    if not my_turn(view, seat) or view["phase"] != "claim":
        return None
    cards = [a[1] for a in legal(view, "claim")]
    if not cards:
        return None
    return {"cards": cards, "marks": [["chord", c] for c in cards]}


def same_type(view, event):
    """How many completed cards the claimer holds of the claimed card's chord type."""
    kind = chord_type(event["card"])
    return sum(chord_type(c) == kind for c in view["completed"][event["seat"]])


def chord_done(event, _view, _seat):
    """The first chord card completed, by anyone."""
    card = event["card"]
    return {"seat": event["seat"], "card": card,
            "marks": [["seat", event["seat"]]] + [space_mark(sp) for sp in
                                                   event.get("spaces") or ()]}


def rechord(event, view, _seat):
    """A re-chord: a later card of a chord type the claimer completed before scores golden
    (not Jim Bot on Beginner, who scores silver only)."""
    if same_type(view, event) < 2:
        return None
    if event["seat"] == view["jim"] and view["difficulty"] == "beginner":
        return None
    return {"seat": event["seat"], "card": event["card"], "chord": chord_type(event["card"]),
            "marks": [["seat", event["seat"]]]}


def song(event, view, seat):
    """You completed a chord of your secret song."""
    mine = view["song"]
    if event["seat"] != seat or mine is None or chord_type(event["card"]) not in SONGS[mine]:
        return None
    return {"card": event["card"], "song": mine, "marks": [["song", None]]}


# --- scoring and the solo game -------------------------------------------------------------------------
def fret_full(event, view, _seat):
    """The first lead guitar scoring round: your genre's points in that fret's column."""
    if not view["genres"]:
        return None
    genre = view["genres"][0]
    return {"fret": event["fret"], "genre": genre, "count": event["column"][genre],
            "marks": [["fret", event["fret"]], ["pad", None]]}


def jim_turn(event, view, _seat):
    """Solo: Jim Bot's first turn."""
    if view["jim"] is None or event["seat"] != view["jim"]:
        return None
    return {"marks": [["seat", view["jim"]]]}


def jim_attack(event, view, seat):
    """Solo: Jim Bot's ability takes one of your genre's picks off the board."""
    if view["jim"] is None or event["seat"] != view["jim"] or event["why"] == "wylde" or \
            not event["up"] or event["kind"] not in view["genres"]:
        return None
    return {"kind": event["kind"], "space": event["space"],
            "marks": [space_mark(event["space"]), ["seat", view["jim"]]]}


MOMENTS = (
    Moment("aim", AIM, aim, cases=(None, "solo")),
    Moment("supply_pick", TURN, supply_pick),
    Moment("wylde", ABILITIES, wylde),
    Moment("last_space", LEAD, last_space),
    Moment("bag_pick", TURN, bag_pick),
    Moment("chord_cards", TURN, chord_cards),
    Moment("white", ABILITIES, ability(WHITE)),
    Moment("red", ABILITIES, ability(RED)),
    Moment("blue", ABILITIES, ability(BLUE)),
    Moment("grey", ABILITIES, ability(GREY)),
    Moment("purple", ABILITIES, ability(PURPLE)),
    Moment("green", ABILITIES, ability(GREEN)),
    Moment("face_down", TURN, face_down, on="place"),
    Moment("chord_done", CHORDS, chord_done, on="claim"),
    Moment("rechord", CHORDS, rechord, on="claim"),
    Moment("song", SONGS_END, song, on="claim"),
    Moment("claim", CHORDS, claim),
    Moment("fret_full", LEAD, fret_full, on="fret_scored"),
    Moment("jim_turn", SOLO, jim_turn, on="turn"),
    Moment("jim_attack", SOLO, jim_attack, on="to_bag"),
)


def words(params, names, lang=None):
    """The lesson's parameters in words: seats, spaces, picks, chord cards (with their silver
    and golden values), chords, songs and genres."""
    out = dict(params)
    if type(out.get("seat")) is int:
        out["seat"] = seat_name(out["seat"], names, lang)
    if type(out.get("space")) is int:
        out["space"] = space_name(out["space"])
    if type(out.get("kind")) is int:
        out["kind"] = kind_word(out["kind"], lang)
    if type(out.get("card")) is int:
        card = out["card"]
        out.update(card=card_label(card), silver=SILVER[card], golden=GOLDEN[card])
        out.setdefault("chord", chord_type(card))
    if type(out.get("chord")) is int:
        out["chord"] = CHORD_NAMES[out["chord"]]
    if "cards" in out:
        out["cards"] = cards_words(out["cards"], lang)
    if type(out.get("song")) is int:
        out["song"] = song_words(out["song"], lang)
    if type(out.get("genre")) is int:
        out["genre"] = genre_word(out["genre"], lang)
    return out
