"""TAKE トリックの翁's teachable moments (issue 20): each rule the first time it applies.

Parameters hold ids (cards, seats, colours, numbers); `words` turns them into names in the
reader's language when the lesson is shown. A lesson that names a card also holds "deck" (the
deck option, "nine" or "six"): a card's number depends on it and `words` sees no view, so it
reads the numbers from there (and drops "deck" from the message's parameters).

Marks, what the page lights on the table (web/tables/take_bamboo.py, `teach_targets`):
- ["card", id]        a card in the hand, in the trick, or offered as a trump winner's extra;
- ["seat", s]         a seat's panel;
- ["stack", [s, c]]   seat s's bamboo stack of colour c (in its panel);
- ["trump", None]     the trump indicator;
- ["track", s]        seat s's marker on the score track;
- ["action", name]    the buttons of the seat's own decision ("gift", "accept", "refuse").
A lesson marks only what its seat's table shows: the decision's buttons for the seat that
decides, a stack once it holds a card.

Every test reads the event and the seat's view only, never the state.
"""

from ...messages import text
from ...teach import Moment, my_turn
from .cards import COLOURS, TARGET, card_name, colour_of, rank_table
from .log import seat_name

# the rules page's sections (the numbers of their heading messages, take.rules.<n>.h)
AIM, CARDS, ROUND, TRICKS, GIFTS, SCORING = 1, 3, 5, 7, 9, 11


def deck(view):
    """The deck option (the card numbers)."""
    return view["options"]["deck"]


def ranks(view):
    """Every card's number in this game."""
    return view["ranks"]


def hand_marks(view):
    """Every card of the seat's hand."""
    return [["card", c] for c in view["hand"]]


def stack_marks(view, seat, colours):
    """The seat's stacks of these colours that are on the table (a gifted card makes none)."""
    return [["stack", [seat, c]] for c in colours if view["tableau"][seat][c]["count"]]


def penalised(view, giver):
    """Who loses the point if a gift is refused: the giver, or the trick's winner (HR-T9)."""
    if view["options"]["penalty"] == "trick_winner" and view["trick_winner"] is not None:
        return view["trick_winner"]
    return giver


# --- the round's start ---------------------------------------------------------------------------
def aim(_event, view, seat):
    """The game's aim, at the first look: exactly 25, or the closest above it."""
    if view["is_over"]:
        return None
    return {"target": view["target"], "rounds": view["rounds"],
            "marks": [] if seat is None else [["track", seat]]}


def initial_double(event, view, _seat):
    """An initial bamboo of the trump number: a face-down card doubles it."""
    seat, colour = event["seat"], event["colour"]
    up = view["tableau"][seat][colour]["up"]
    if not up:
        return None
    return {"seat": seat, "card": up[0], "deck": deck(view), "trump": view["trump"],
            "marks": stack_marks(view, seat, [colour]) + [["trump", None]]}


def passing(_event, view, seat):
    """Your pass: one card to each neighbour, in secret, before the first trick."""
    if my_turn(view, seat) and view["phase"] == "pass":
        n = view["players"]
        return {"left": (seat + 1) % n, "right": (seat - 1) % n, "marks": hand_marks(view)}
    return None


# --- tricks --------------------------------------------------------------------------------------
def lead(_event, view, seat):
    """Your first lead: any card; its colour is the lead colour."""
    if my_turn(view, seat) and view["phase"] == "play" and not view["trick"]["cards"]:
        return {"trump": view["trump"], "marks": hand_marks(view) + [["trump", None]]}
    return None


def any_card(_event, view, seat):
    """Your first follow: no need to follow the lead colour."""
    if my_turn(view, seat) and view["phase"] == "play" and view["trick"]["cards"]:
        first = view["trick"]["cards"][0][1]
        return {"colour": colour_of(first), "trump": view["trump"],
                "marks": [["card", first], ["trump", None]]}
    return None


def trump_win(event, view, _seat):
    """The first trick won by a trump."""
    if not event["by_trump"]:
        return None
    return {"seat": event["seat"], "card": event["card"], "deck": deck(view),
            "trump": view["trump"], "marks": [["seat", event["seat"]], ["trump", None]]}


def trick_won(event, view, _seat):
    """The first trick won by the lead colour: the winner takes only its own card."""
    if event["by_trump"]:
        return None
    return {"seat": event["seat"], "card": event["card"], "deck": deck(view),
            "colour": colour_of(event["cards"][0][1]), "marks": [["seat", event["seat"]]]}


def one_taken(event, view, _seat):
    """A 1 of the lead colour played by someone who did not win: they take it anyway."""
    lead_colour = colour_of(event["cards"][0][1])
    ones = [(s, c) for s, c in event["cards"]
            if colour_of(c) == lead_colour and ranks(view)[c] == 1 and s != event["seat"]]
    if not ones:
        return None
    seat, card = ones[0]
    return {"seat": seat, "card": card, "deck": deck(view), "winner": event["seat"],
            "marks": [["seat", seat]] + stack_marks(view, seat, [lead_colour])}


def extra_choice(_event, view, seat):
    """You won with a trump while the discard pile is empty: pick your extra in the trick."""
    if my_turn(view, seat) and view["phase"] == "extra":
        return {"marks": [["card", c] for c in view["extra_choices"]]}
    return None


def extra(event, view, _seat):
    """The first face-down extra a trump winner takes."""
    seat, marks = event["seat"], [["seat", event["seat"]], ["trump", None]]
    last = view["last_trick"]
    won = [c for s, c in (last["cards"] if last else ()) if s == seat]
    return {"seat": seat, "marks": marks + stack_marks(view, seat, [colour_of(c) for c in won])}


# --- two colours and gifts -----------------------------------------------------------------------
def two_colours(_event, view, seat):
    """A card that would be a third colour: it must be given away."""
    gift = view["gift"]
    if view["phase"] != "gift" or gift is None:
        return None
    giver = gift["giver"]
    buttons = [["action", "gift"]] if giver == seat else []
    return {"seat": giver, "card": gift["card"], "deck": deck(view),
            "marks": [["seat", giver]] + buttons + stack_marks(view, giver, range(COLOURS))}


def gift_offered(event, view, seat):
    """The first gift a neighbour may accept or refuse."""
    if event["forced_refusal"]:
        return None
    giver, receiver = event["giver"], event["receiver"]
    buttons = [["action", "accept"], ["action", "refuse"]] if receiver == seat and \
        view["phase"] == "accept" else []
    return {"giver": giver, "receiver": receiver, "card": event["card"], "deck": deck(view),
            "penalised": penalised(view, giver),
            "marks": [["seat", giver], ["seat", receiver]] + buttons}


def gift_forced(event, view, _seat):
    """A gift the neighbour cannot take: a third colour for them too."""
    if not event["forced_refusal"]:
        return None
    receiver = event["receiver"]
    return {"receiver": receiver, "card": event["card"], "deck": deck(view),
            "marks": [["seat", receiver]]}


def gift_accepted(event, _view, _seat):
    """The first gift accepted: both score a point."""
    giver, receiver = event["giver"], event["receiver"]
    return {"giver": giver, "receiver": receiver,
            "marks": [["track", giver], ["track", receiver]]}


def gift_refused(event, _view, _seat):
    """The first gift refused that costs a point."""
    if event["points"] == 0:
        return None
    who = event["penalised"]
    return {"receiver": event["receiver"], "penalised": who, "marks": [["track", who]]}


def score_floor(event, _view, _seat):
    """A refused gift charged to a score of 0: it stays at 0."""
    if event["points"] != 0:
        return None
    who = event["penalised"]
    return {"penalised": who, "marks": [["track", who]]}


# --- scoring and the end -------------------------------------------------------------------------
def round_scores(event, view, _seat):
    """The first round scored, colour by colour."""
    return {"round": event["round"],
            "marks": [["track", s] for s in range(view["players"])]}


def target_gift(event, _view, _seat):
    """A gift brought a score to 25: the game ends at once."""
    if event["reason"] != "gift":
        return None
    return {"target": TARGET, "marks": [["track", s] for s in event["winners"]]}


def target(event, _view, _seat):
    """Round scoring brought someone to 25: the game ends; the closest to 25 wins."""
    if event["reason"] != "target":
        return None
    return {"target": TARGET, "marks": [["track", s] for s in event["winners"]]}


def last_round(event, _view, _seat):
    """Three rounds and nobody at 25: the highest score wins."""
    if event["reason"] != "rounds":
        return None
    return {"target": TARGET, "marks": [["track", s] for s in event["winners"]]}


MOMENTS = (
    Moment("aim", AIM, aim),
    Moment("pass", ROUND, passing),
    Moment("lead", TRICKS, lead),
    Moment("any_card", TRICKS, any_card),
    Moment("trump_win", TRICKS, trump_win, on="trick_won"),
    Moment("trick_won", TRICKS, trick_won, on="trick_won"),
    Moment("one_taken", TRICKS, one_taken, on="trick_won"),
    Moment("extra_choice", TRICKS, extra_choice),
    Moment("extra", TRICKS, extra, on="extra_taken"),
    Moment("two_colours", GIFTS, two_colours),
    Moment("gift_offered", GIFTS, gift_offered, on="gift_offered"),
    Moment("gift_forced", GIFTS, gift_forced, on="gift_offered"),
    Moment("gift_accepted", GIFTS, gift_accepted, on="gift_accepted"),
    Moment("gift_refused", GIFTS, gift_refused, on="gift_refused"),
    Moment("score_floor", GIFTS, score_floor, on="gift_refused"),
    Moment("round_scores", SCORING, round_scores, on="round_scores"),
    # after the round's scores: a round's initial bamboo comes with the deal that follows the
    # last round's scoring (the first round's is dealt with the new game, before any move: the
    # first look reads it, the page's too, since its teachers join a game not begun at its start)
    Moment("initial_double", ROUND, initial_double, on="initial_double"),
    Moment("target_gift", AIM, target_gift, on="game_end"),
    Moment("target", AIM, target, on="game_end"),
    Moment("last_round", AIM, last_round, on="game_end"),
)

SEATS = ("seat", "giver", "receiver", "penalised", "winner", "left", "right")


def words(params, names, lang=None):
    """The lesson's parameters in words: names of seats, cards and colours."""
    out = dict(params)
    table = rank_table(out.pop("deck", "nine"))
    for key in SEATS:
        if type(out.get(key)) is int:
            out[key] = seat_name(out[key], names, lang)
    if "card" in out:
        out["card"] = card_name(out["card"], table, lang)
    if "colour" in out:
        out["colour"] = text("take.name.colour_short.%d" % out["colour"], lang=lang)
    return out

