"""Take The "A" Chord's teachable moments (issue 20): each rule the first time it applies.

Parameters hold ids (cards, seats, chords as letters); `words` turns them into names in the
reader's language when the lesson is shown. Marks: ["card", id] lights a card in the hand or
on the table, ["seat", s] a seat's panel, ["key", None] the key-chord wheel, ["last", None]
the Last trick button (the trick taken is off the table by the time its lesson shows).
"""

from ...teach import Moment, my_turn
from .cards import CHORD_OF, COLOUR_OF, card_name, colour_name
from .log import seat_name

# the rules page's sections (the numbers of their heading messages, tac.rules.<n>.h)
AIM, VENUE, TRICK, KEY_CHANGE, IMPROVISATION, SPOTLIGHT, THREE = 1, 3, 5, 8, 10, 12, 14


def lead_card(view):
    """The first card of this round of the trick (None when the seat leads)."""
    cards = view["trick"]["cards"]
    return cards[0][1] if cards else None


def legal_cards(view):
    """The cards the seat may play now."""
    return [a[1] for a in view["legal"]]


def aim(_event, view, _seat):
    """The game's aim, at the first look: three tricks a venue score best, over its venues."""
    if view["is_over"]:
        return None
    return {"venues": view["venues"]}


def lead(_event, view, seat):
    """Your first lead: any card."""
    if my_turn(view, seat) and lead_card(view) is None:
        return {"marks": [["card", c] for c in legal_cards(view)]}
    return None


def follow(_event, view, seat):
    """Your first follow: the lead colour, or a chord already face up this round."""
    first = lead_card(view)
    if not my_turn(view, seat) or first is None:
        return None
    colour = COLOUR_OF[first]
    if not any(COLOUR_OF[c] == colour for c in view["hand"]):
        return None
    matches = [c for c in legal_cards(view) if COLOUR_OF[c] != colour]
    return {"colour": colour, "count": len(matches),
            "marks": [["card", c] for c in legal_cards(view)]}


def void(_event, view, seat):
    """You hold none of the lead colour: anything goes."""
    first = lead_card(view)
    if not my_turn(view, seat) or first is None:
        return None
    colour = COLOUR_OF[first]
    if any(COLOUR_OF[c] == colour for c in view["hand"]):
        return None
    return {"colour": colour, "marks": [["card", first]]}


def trick_won(event, _view, _seat):
    """The first trick taken: the strongest chord from the Key Chord round the board."""
    return {"seat": event["seat"], "card": event["card"],
            "marks": [["seat", event["seat"]], ["key", None], ["last", None]]}


def key_change(event, _view, _seat):
    """A chord played twice: the key moves and the Key Changer leads."""
    return {"seat": event["seat"], "chord": event["chord"], "previous": event["previous"],
            "marks": [["key", None], ["seat", event["seat"]]]}


def improvisation(event, _view, _seat):
    """The 4th player matched the lead chord: a new round of the same trick; or, when a blocked
    match comes first, what an Improvisation would have been (case "blocked")."""
    if event["type"] == "improvisation_blocked":
        return {"case": "blocked", "marks": [["seat", event["seat"]]]}
    return {"seat": event["seat"], "chord": event["chord"], "marks": [["seat", event["seat"]]]}


def improvisation_limit(event, _view, _seat):
    """A matched lead chord that does not improvise, in its case: the trick's limit of
    Improvisations reached ("limit"), or the venue's last trick ("last_trick")."""
    found = {"case": event["reason"], "seat": event["seat"], "marks": [["seat", event["seat"]]]}
    if event["reason"] == "limit":
        found["limit"] = event["limit"]
    return found


def spotlight(event, _view, _seat):
    """The Spotlight Card taken from the centre."""
    if event["previous"] is not None:
        return None
    return {"seat": event["seat"], "marks": [["seat", event["seat"]]]}


def spotlight_stolen(event, _view, _seat):
    """The Spotlight Card taken from another player."""
    if event["previous"] is None:
        return None
    return {"seat": event["seat"], "previous": event["previous"],
            "marks": [["seat", event["seat"]], ["seat", event["previous"]]]}


def last_trick(_event, view, seat):
    """The venue's last trick: no Improvisation, no Key Change."""
    if my_turn(view, seat) and view["trick"]["is_last"]:
        return {}
    return None


def non_player(event, _view, _seat):
    """Three players: the non-player's stack plays the 2nd card."""
    if not event.get("non_player"):
        return None
    return {"card": event["card"], "marks": [["card", event["card"]]]}


def venue_scores(_event, _view, _seat):
    """The first venue scored: the chart, the Spotlight, the bonuses."""
    return {}


MOMENTS = (
    Moment("aim", AIM, aim),
    Moment("lead", TRICK, lead),
    Moment("follow", TRICK, follow),
    Moment("void", TRICK, void),
    Moment("non_player", THREE, non_player, on="card_played"),
    Moment("trick_won", TRICK, trick_won, on="trick_won"),
    Moment("spotlight", SPOTLIGHT, spotlight, on="spotlight"),
    Moment("spotlight_stolen", SPOTLIGHT, spotlight_stolen, on="spotlight"),
    Moment("key_change", KEY_CHANGE, key_change, on="key_change"),
    Moment("improvisation", IMPROVISATION, improvisation,          # (before any limit: the
           on=("improvisation", "improvisation_blocked"), cases=(None, "blocked")),  # rule first)
    Moment("improvisation_limit", IMPROVISATION, improvisation_limit,
           on="improvisation_blocked", cases=("limit", "last_trick")),
    Moment("last_trick", TRICK, last_trick),
    Moment("venue_scores", AIM, venue_scores, on="venue_scores"),
)


def words(params, names, lang=None):
    """The lesson's parameters in words: names of cards, colours and seats."""
    out = dict(params)
    for key in ("seat", "previous"):
        if type(out.get(key)) is int:
            out[key] = seat_name(out[key], names, lang)
    if "card" in out:
        out["card"] = card_name(out["card"], lang)
    if "colour" in out:
        out["colour"] = colour_name(out["colour"], lang)
    return out
