"""Taktvoll's teachable moments (issue 20): each rule the first time it comes into play.

A test reads the event (as the seat sees it) and the seat's own view, never the state. The
view-only moments ("you may do this now") come at the seat's own turn; the others come with
the event that showed the rule at work, whoever played it.

Parameters hold ids; `words` names them in the reader's language: `seat` (a seat), `winners`
(seats), `row` (0-based, told from 1), `card` (a card id, named the way up it is printed),
`turned` (a note's card id, named as it sounds upside down), `printed` (a note's card id: the
pitch printed on it), `time` (a time-signature card), `pitch`, `low`, `high` (staff positions,
named as pitches), `interval` (an interval's id: prime, fourth, fifth, octave, eleventh);
`count` stays a number (the plural form follows it).

Marks, what the table lights (`web/tables/taktvoll.py`, `teach_targets`):
    ["card", id]     a card in the seat's hand
    ["placed", id]   a card lying on a staff
    ["row", r]       a staff row
    ["seat", s]      a seat's panel
    ["deck", None]   the draw pile
    ["step", name]   a step button of the turn: "draw", "keep", "done", "pass", or "bonus"
                     (the bonus bar line)
"""

from ...messages import join_list, text
from ...teach import Moment, my_turn
from .cards import MIDDLE_LINE, PITCHES, card_name, pos_of, value_of
from .log import seat_name, with_article

# the rules page's sections (the numbers of their heading messages, tak.rules.<n>.h)
AIM, ROWS, TURN, UPSIDE_DOWN, VARIANTS = 1, 3, 5, 7, 9


def legal(view):
    """The seat's legal actions as tuples."""
    return [tuple(a) for a in view["legal"]]


def hand_of(view, kind):
    """The cards of one kind in the seat's hand."""
    return [c["card"] for c in view["hand"] if c["kind"] == kind]


def thirds(view):
    """Variant I is in play."""
    return view["variant"] in ("thirds", "both")


# --- rows and bars ------------------------------------------------------------------------------
def aim(_event, view, _seat):
    """The game's aim, at the first look: points for closing bars, a point off for each card
    left in hand at the end."""
    return None if view["is_over"] else {}


def no_row(_event, view, seat):
    """Your turn and no staff yet: only a clef can begin; without one, draw."""
    if not my_turn(view, seat) or view["phase"] != "turn" or view["rows"]:
        return None
    clefs = hand_of(view, "clef")
    return {"marks": [["card", c] for c in clefs] or [["deck", None]]}


def clef(event, _view, _seat):
    """A clef played: a new row, which needs a time signature next."""
    if event["kind"] != "clef":
        return None
    return {"seat": event["seat"], "row": event["row"],
            "marks": [["row", event["row"]], ["seat", event["seat"]]]}


def time_signature(event, _view, _seat):
    """A time signature played: every bar of that row must add up to it exactly."""
    if event["kind"] != "time":
        return None
    return {"seat": event["seat"], "row": event["row"], "time": event["card"],
            "count": event["card"] - 3, "marks": [["row", event["row"]]]}


def bar_lines(_event, view, seat):
    """Your turn, a row has its time signature, and you hold bar lines: what they are for."""
    bars = hand_of(view, "bar")
    if not my_turn(view, seat) or not bars or \
            not any(row["capacity"] is not None for row in view["rows"]):
        return None
    return {"count": len(bars), "marks": [["card", c] for c in bars]}


def completing(view):
    """(card, row) of the first legal note or rest that fills a bar exactly, or None."""
    rows = view["rows"]
    for action in legal(view):
        if action[0] in ("note", "rest"):
            row = rows[action[2]]
            if row["fill"] + value_of(action[1]) == row["capacity"]:
                return action[1], action[2]
    return None


def full_bar(_event, view, seat):
    """Your turn, you hold a bar line, and a card of yours would complete a bar exactly."""
    if not my_turn(view, seat) or view["phase"] == "bonus" or not hand_of(view, "bar"):
        return None
    found = completing(view)
    if found is None:
        return None
    card, r = found
    return {"card": card, "row": r, "marks": [["card", card], ["row", r]]}


def bonus(_event, view, seat):
    """You completed a bar and hold a bar line: you may close it at once."""
    if not my_turn(view, seat) or view["phase"] != "bonus":
        return None
    r = view["bonus_row"]
    return {"row": r, "count": view["rows"][r]["count"],
            "marks": [["row", r], ["step", "bonus"], ["step", "done"]]}


def bar_scored(event, _view, _seat):
    """A bar line scored: 1 point per note and rest of its bar."""
    return {"seat": event["seat"], "row": event["row"], "count": event["points"],
            "marks": [["row", event["row"]], ["seat", event["seat"]]]}


# --- upside down --------------------------------------------------------------------------------
def turn_over(_event, view, seat):
    """Your turn and a note of yours may go upside down somewhere (one whose pitch it changes:
    not a whole B4)."""
    if not my_turn(view, seat):
        return None
    card = next((a[1] for a in legal(view) if a[0] == "note" and a[3] and
                 pos_of(a[1]) != MIDDLE_LINE), None)
    if card is None:
        return None
    return {"card": card, "turned": card, "marks": [["card", card]]}


def upside_down(event, _view, _seat):
    """A note played upside down: it sounds mirrored about the middle line."""
    if event["kind"] != "note" or not event.get("inverted"):
        return None
    return {"seat": event["seat"], "turned": event["card"], "printed": event["card"],
            "marks": [["placed", event["card"]], ["seat", event["seat"]]]}


# --- the variants -------------------------------------------------------------------------------
def third_limit(_event, view, seat):
    """Variant I, your turn, a row with a note before: the next one within a third of it."""
    if not my_turn(view, seat) or view["phase"] == "bonus" or not thirds(view):
        return None
    for row in view["rows"]:
        prev = row["prev"]
        if prev is not None and row["capacity"] is not None:
            return {"row": row["index"], "pitch": prev, "low": max(prev - 2, -1),
                    "high": min(prev + 2, len(PITCHES) - 2), "marks": [["row", row["index"]]]}
    return None


def rest_line(event, view, _seat):
    """A variant, and a rest played: it cuts the melodic line."""
    if event["kind"] != "rest" or view["variant"] == "basic":
        return None
    return {"row": event["row"], "marks": [["placed", event["card"]], ["row", event["row"]]]}


def interval(event, _view, _seat):
    """Variant II: a perfect interval from the note before scored 1 at once."""
    return {"seat": event["seat"], "row": event["row"], "interval": event["interval"],
            "count": event.get("points", 1),
            "marks": [["row", event["row"]], ["seat", event["seat"]]]}


# --- drawing, passing, the end ------------------------------------------------------------------
def drawn(_event, view, seat):
    """You drew a card: play it now if it fits, or keep it."""
    if not my_turn(view, seat) or view["phase"] != "drawn" or view["drawn"] is None:
        return None
    return {"card": view["drawn"], "marks": [["card", view["drawn"]], ["step", "keep"]]}


def pass_turn(_event, view, seat):
    """The deck is empty: you may pass."""
    if my_turn(view, seat) and ("pass",) in legal(view):
        return {"marks": [["step", "pass"], ["deck", None]]}
    return None


def game_end(event, _view, _seat):
    """The end: cards left in hand cost 1 each; the most points wins."""
    winners = list(event["winners"])
    return {"winners": winners, "count": len(winners),
            "marks": [["seat", s] for s in winners]}


MOMENTS = (
    Moment("aim", AIM, aim),
    Moment("no_row", ROWS, no_row),
    Moment("clef", ROWS, clef, on="play"),
    Moment("time", ROWS, time_signature, on="play"),
    Moment("bar_lines", ROWS, bar_lines),
    Moment("full_bar", ROWS, full_bar),
    Moment("bonus", TURN, bonus),
    Moment("bar_scored", AIM, bar_scored, on="bar_scored"),
    Moment("turn_over", UPSIDE_DOWN, turn_over),
    Moment("upside_down", UPSIDE_DOWN, upside_down, on="play"),
    Moment("thirds", VARIANTS, third_limit),
    Moment("rest_line", VARIANTS, rest_line, on="play"),
    Moment("interval", VARIANTS, interval, on="interval"),
    Moment("drawn", TURN, drawn),
    Moment("pass", TURN, pass_turn),
    Moment("game_end", AIM, game_end, on="game_end"),
)


def pitch(pos):
    """A staff position's pitch ('C5')."""
    return PITCHES[pos + 1]


def words(params, names, lang=None):
    """The lesson's parameters in words: seats, rows, cards, pitches and intervals named."""
    out = dict(params)
    if type(out.get("seat")) is int:
        out["seat"] = seat_name(out["seat"], names, lang)
    if "winners" in out:
        out["winners"] = join_list((seat_name(s, names, lang) for s in out["winners"]), lang)
    if type(out.get("row")) is int:
        out["row"] = out["row"] + 1
    if "card" in out:
        out["card"] = card_name(out["card"], False, lang)
    if "turned" in out:
        out["turned"] = card_name(out["turned"], True, lang)
    if "printed" in out:
        out["printed"] = pitch(pos_of(out["printed"]))
    if "time" in out:
        out["time"] = card_name(out["time"], False, lang)
    for key in ("pitch", "low", "high"):
        if type(out.get(key)) is int:
            out[key] = pitch(out[key])
    if "interval" in out:
        out["interval"] = with_article(text("tak.name.interval." + out["interval"], lang=lang),
                                       lang)
    return out

