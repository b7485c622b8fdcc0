"""TAKE's events in words: one event becomes log lines from the catalogue ("take.ev.*").

    >>> describe_event({"type": "card_played", "seat": 0, "card": 12, "trick": 1,
    ...                 "trump": False}, ["Mia", "Bo", "Cy"])
    'Mia plays Organic 7.'

Events carry card ids, not numbers; the numbers depend on the deck option, so pass `ranks`
(the view's "ranks") for a game with the "six" deck; the default is the "nine" deck.
Only what the event holds is told: a pass or a received card that the reader may not see is
None in `events_for(seat)` and is told without naming the card, and a face-down extra that
comes off the discard pile is never named.
"""

from ...messages import join_list, sentence, text
from .cards import card_name, colour_name, rank_table
from .state import MAX_ROUNDS, TARGET

NINE = rank_table("nine")


def seat_name(seat, names, lang=None):
    """A seat's name ('Seat 3' past the end of `names`)."""
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return text("take.name.seat", {"seat": seat}, lang)


def _say(msg_id, lang, **params):
    """One catalogue sentence, its first letter raised."""
    return sentence(msg_id, params, lang)


class _Teller:
    """The names, ranks and language one event is told with."""

    def __init__(self, names, lang, ranks):
        self.names, self.lang, self.ranks = names, lang, ranks or NINE

    def seat(self, seat):
        """A seat's name."""
        return seat_name(seat, self.names, self.lang)

    def card(self, card):
        """A card's name, e.g. 'Organic 7'."""
        return card_name(card, self.ranks, self.lang)

    def colour(self, colour):
        """A colour's name, e.g. 'Organic (オーガニック)'."""
        return colour_name(colour, self.lang)

    def left(self, seat):
        """The left neighbour's name (the next seat to play)."""
        return self.seat((seat + 1) % len(self.names)) if self.names else ""

    def right(self, seat):
        """The right neighbour's name."""
        return self.seat((seat - 1) % len(self.names)) if self.names else ""

    def say(self, msg_id, **params):
        """One sentence in this teller's language."""
        return _say(msg_id, self.lang, **params)


def _game_start(e, t):
    """The game begins: players, trump number, first dealer."""
    return [t.say("take.ev.game_start", players=e["players"], trump=e["trump"],
                  dealer=t.seat(e["dealer"]))]


def _round_start(e, t):
    """A round is dealt."""
    sizes = e.get("hand_sizes") or [len(h) for h in e["hands"]]
    return [t.say("take.ev.round_start", round=e["round"], rounds=MAX_ROUNDS,
                  dealer=t.seat(e["dealer"]), size=max(sizes))]


def _initial_bamboo(e, t):
    """A seat's initial bamboo, face up."""
    return [t.say("take.ev.initial_bamboo", seat=t.seat(e["seat"]), card=t.card(e["card"]))]


def _initial_double(e, t):
    """An initial bamboo numbered like the trump gets a face-down double."""
    msg_id = "take.ev.initial_double_glowing" if e.get("glowing") else "take.ev.initial_double"
    return [t.say(msg_id, seat=t.seat(e["seat"]), colour=t.colour(e["colour"]))]


def _pass_chosen(e, t):
    """A seat's pass: the cards only when the reader may see them."""
    seat = e["seat"]
    if e.get("left") is None or e.get("right") is None:
        return [t.say("take.ev.pass_chosen_hidden", seat=t.seat(seat))]
    return [t.say("take.ev.pass_chosen", seat=t.seat(seat), left=t.card(e["left"]),
                  right=t.card(e["right"]), left_seat=t.left(seat), right_seat=t.right(seat))]


def _pass_exchange(e, t):
    """The passed cards move; each seat the reader may see is told what it received."""
    lines = [t.say("take.ev.pass_exchange")]
    for seat, got in enumerate(e["received"]):
        if got is not None:
            lines.append(t.say("take.ev.pass_received", seat=t.seat(seat),
                               from_left=t.card(got[0]), from_right=t.card(got[1]),
                               left_seat=t.left(seat), right_seat=t.right(seat)))
    return lines


def _card_played(e, t):
    """A card played, marked when it is a trump."""
    msg_id = "take.ev.card_played_trump" if e.get("trump") else "take.ev.card_played"
    return [t.say(msg_id, seat=t.seat(e["seat"]), card=t.card(e["card"]))]


def _trick_won(e, t):
    """Who wins the trick, and with what."""
    msg_id = "take.ev.trick_won_trump" if e.get("by_trump") else "take.ev.trick_won"
    return [t.say(msg_id, seat=t.seat(e["seat"]), trick=e["trick"], card=t.card(e["card"]))]


def _extra_taken(e, t):
    """A trump winner's face-down extra (never named when it comes from the discard pile)."""
    if e["source"] == "discard" or e.get("card") is None:
        return [t.say("take.ev.extra_discard", seat=t.seat(e["seat"]))]
    return [t.say("take.ev.extra_trick", seat=t.seat(e["seat"]), card=t.card(e["card"]))]


def _acquire(e, t):
    """A seat stacks a card it won (or a lead-colour 1), with any extra."""
    msg_id = "take.ev.acquire_extra" if e.get("extra") else "take.ev.acquire"
    return [t.say(msg_id, seat=t.seat(e["seat"]), card=t.card(e["card"]),
                  colour=t.colour(e["colour"]))]


def _gift_offered(e, t):
    """A third colour offered to a neighbour; said when the neighbour must refuse."""
    msg_id = "take.ev.gift_offered_extra" if e.get("extra") else "take.ev.gift_offered"
    lines = [t.say(msg_id, card=t.card(e["card"]), giver=t.seat(e["giver"]),
                   receiver=t.seat(e["receiver"]),
                   direction=text("take.name.direction." + e["direction"], lang=t.lang))]
    if e.get("forced_refusal"):
        lines.append(t.say("take.ev.gift_forced", receiver=t.seat(e["receiver"])))
    return lines


def _gift_received(e, t):
    """The receiver stacks the gift."""
    msg_id = "take.ev.gift_received_extra" if e.get("extra") else "take.ev.gift_received"
    return [t.say(msg_id, seat=t.seat(e["seat"]), card=t.card(e["card"]),
                  colour=t.colour(e["colour"]))]


def _gift_accepted(e, t):
    """Both score 1."""
    giver, receiver = e["giver"], e["receiver"]
    return [t.say("take.ev.gift_accepted", giver=t.seat(giver), receiver=t.seat(receiver),
                  giver_score=e["scores"][giver], receiver_score=e["scores"][receiver])]


def _gift_refused(e, t):
    """The gift is discarded and the penalised seat loses 1 (never below 0)."""
    if e.get("forced"):
        lines = [t.say("take.ev.gift_refused_forced")]
    else:
        lines = [t.say("take.ev.gift_refused", receiver=t.seat(e["receiver"]))]
    who = e["penalised"]
    if e.get("points"):
        lines.append(t.say("take.ev.penalty", seat=t.seat(who), score=e["scores"][who]))
    else:
        lines.append(t.say("take.ev.penalty_floor", seat=t.seat(who)))
    return lines


def _discarded(e, t):
    """The trick's cards nobody took go to the discard pile."""
    if not e["cards"]:
        return [t.say("take.ev.discarded_none", trick=e["trick"])]
    return [t.say("take.ev.discarded", trick=e["trick"],
                  cards=join_list((t.card(c) for c in e["cards"]), t.lang))]


def score_parts(row, lang=None):
    """'3 Organic (オーガニック) = 6, 1 Biotech (バイオテック) = 1' for one seat's round row."""
    parts = [text("take.ev.score_part", {"count": n, "colour": colour_name(c, lang),
                                         "points": p}, lang)
             for c, (n, p) in enumerate(zip(row["counts"], row["points"])) if n]
    return join_list(parts, lang) or text("take.ev.score_none", lang=lang)


def _round_scores(e, t):
    """The round's scoring: a heading and one row per seat."""
    lines = [t.say("take.ev.round_scores", round=e["round"])]
    for row in e["rows"]:
        lines.append(t.say("take.ev.round_score_row", seat=t.seat(row["seat"]),
                           parts=score_parts(row, t.lang), count=row["round"],
                           score=row["score"]))
    return lines


def _game_end(e, t):
    """Why the game ended, then the winners."""
    scores, winners = e["scores"], e["winners"]
    reached = join_list((t.seat(s) for s, x in enumerate(scores) if x >= TARGET), t.lang)
    lines = [t.say("take.ev.game_end." + e["reason"], seats=reached, target=TARGET,
                   rounds=MAX_ROUNDS)]
    msg_id = "take.ev.winners_shared" if len(winners) > 1 else "take.ev.winner"
    lines.append(t.say(msg_id, winners=join_list((t.seat(s) for s in winners), t.lang),
                       score=scores[winners[0]] if winners else 0))
    return lines


DESCRIBERS = {
    "game_start": _game_start, "round_start": _round_start, "initial_bamboo": _initial_bamboo,
    "initial_double": _initial_double, "pass_chosen": _pass_chosen,
    "pass_exchange": _pass_exchange, "card_played": _card_played, "trick_won": _trick_won,
    "extra_taken": _extra_taken, "acquire": _acquire, "gift_offered": _gift_offered,
    "gift_received": _gift_received, "gift_accepted": _gift_accepted,
    "gift_refused": _gift_refused, "discarded": _discarded, "round_scores": _round_scores,
    "game_end": _game_end,
}


def event_lines(event, names, lang=None, ranks=None):
    """An event as a list of log lines (empty for an event type with nothing to say)."""
    describer = DESCRIBERS.get(event["type"])
    return describer(event, _Teller(names, lang, ranks)) if describer else []


def describe_event(event, names, lang=None, ranks=None):
    """An event as log text: one line, or several joined by newlines."""
    return "\n".join(event_lines(event, names, lang, ranks))
