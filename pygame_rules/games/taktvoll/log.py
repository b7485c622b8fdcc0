"""Taktvoll's events in words: one event becomes log lines from the catalogue ("tak.ev.*").

    >>> describe_event({"type": "play", "seat": 0, "row": 1, "card": 34, "kind": "note",
    ...                 "value": 4, "pos": 5, "inverted": True}, ["Mia", "Bo", "Cy"])
    'Mia plays a quarter note C5 on row 2, upside down (the A4 card turned round).'

Rows are told counted from 1, as the players see them. Only what the event holds is told: a
card another seat draws is None in `events_for(seat)` and is told as "draws a card", and a deal
names only the hands the reader may see.
"""

from ...messages import join_list, sentence, text
from .cards import BARS, PITCHES, card_name, kind_of, pos_of
from .state import HAND


def seat_name(seat, names, lang=None):
    """A seat's name ('Seat 3' past the end of `names`)."""
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return text("tak.name.seat", {"seat": seat}, lang)


def _say(msg_id, lang, **params):
    """One catalogue sentence, its first letter raised."""
    return sentence(msg_id, params, lang)


def a_card(card, turned=False, lang=None):
    """A card's name with its article: 'a quarter note C5', 'an eighth rest', '3/4'."""
    name = card_name(card, turned, lang)
    return name if kind_of(card) == "time" else with_article(name, lang)


def with_article(name, lang=None):
    """A name with its indefinite article: 'a quarter note C5', 'an octave' (tak.name.a or
    tak.name.an, by the sound the English name begins with; a language without articles makes
    both "{name}")."""
    msg_id = "tak.name.an" if name[:1] in "aeiou" else "tak.name.a"
    return text(msg_id, {"name": name}, lang)


class _Teller:
    """The names and language one event is told with."""

    def __init__(self, names, lang):
        self.names, self.lang = names, lang

    def seat(self, seat):
        """A seat's name."""
        return seat_name(seat, self.names, self.lang)

    def say(self, msg_id, **params):
        """One sentence in this teller's language."""
        return _say(msg_id, self.lang, **params)


def _game_start(e, t):
    """The game begins: players, variant, first player, cards out of play."""
    variant = (e.get("options") or {}).get("variant", "basic")
    lines = [t.say("tak.ev.game_start", players=e["players"], start=t.seat(e["start"]),
                   variant=text("tak.name.variant." + variant, lang=t.lang))]
    out = e.get("out_of_play") or []
    if out:
        lines.append(t.say("tak.ev.out_of_play",
                           cards=join_list((card_name(c, lang=t.lang) for c in out), t.lang)))
    return lines


def _deal(e, t):
    """Bar lines shared out, five cards each, the deck; the hands the reader may see."""
    hands = e["hands"]
    players = len(hands)
    each, leftover = len(BARS) // players, len(BARS) % players
    if leftover:
        lines = [t.say("tak.ev.deal_leftover", bars=each, cards=HAND, leftover=leftover,
                       deck=e["deck"])]
    else:
        lines = [t.say("tak.ev.deal", bars=each, cards=HAND, deck=e["deck"])]
    for seat, hand in enumerate(hands):
        if hand:
            lines.append(t.say("tak.ev.hand", seat=t.seat(seat), cards=hand_words(hand, t.lang)))
    return lines


def hand_words(cards, lang=None):
    """A hand in words: '6 bar lines, a clef, 3/4, a quarter note C5, ...'."""
    bars = sum(1 for c in cards if kind_of(c) == "bar")
    words = [a_card(c, lang=lang) for c in cards if kind_of(c) != "bar"]
    if bars:
        words.insert(0, text("tak.name.bars", {"count": bars}, lang))
    return join_list(words, lang) or text("tak.name.no_cards", lang=lang)


def _draw(e, t):
    """A card drawn: named only when the reader may see it."""
    if e.get("card") is None:
        return [t.say("tak.ev.draw_hidden", seat=t.seat(e["seat"]))]
    return [t.say("tak.ev.draw", seat=t.seat(e["seat"]), card=a_card(e["card"], lang=t.lang))]


def _play(e, t):
    """A card played on a row: a clef, a time signature, a note (maybe upside down), a rest,
    a bar line."""
    kind, seat, row = e["kind"], t.seat(e["seat"]), e["row"] + 1
    card = e["card"]
    if kind == "clef":
        return [t.say("tak.ev.play_clef", seat=seat, row=row)]
    if kind == "time":
        return [t.say("tak.ev.play_time", seat=seat, row=row, time=card_name(card))]
    if kind == "bar":
        return [t.say("tak.ev.play_bar", seat=seat, row=row)]
    turned = bool(e.get("inverted"))
    if turned:
        return [t.say("tak.ev.play_note_turned", seat=seat, row=row,
                      card=a_card(card, True, t.lang), printed=PITCHES[pos_of(card) + 1])]
    return [t.say("tak.ev.play", seat=seat, row=row, card=a_card(card, False, t.lang))]


def _bar_scored(e, t):
    """A bar line scores 1 per note and rest in its bar."""
    return [t.say("tak.ev.bar_scored", seat=t.seat(e["seat"]), row=e["row"] + 1,
                  count=e["points"])]


def _interval(e, t):
    """Variant II: a perfect interval from the row's previous note."""
    return [t.say("tak.ev.interval", seat=t.seat(e["seat"]), row=e["row"] + 1,
                  interval=with_article(text("tak.name.interval." + e["interval"], lang=t.lang),
                                        t.lang),
                  semitones=e["semitones"], count=e.get("points", 1))]


def _keep(e, t):
    """The drawn card stays in the hand."""
    return [t.say("tak.ev.keep", seat=t.seat(e["seat"]))]


def _pass(e, t):
    """The deck is empty and the player does not play."""
    return [t.say("tak.ev.pass", seat=t.seat(e["seat"]))]


def _game_end(e, t):
    """Why the game ended, each seat's points less its cards in hand, the winners."""
    penalties, final, winners = e["penalties"], e["final"], e["winners"]
    if e["reason"] == "empty_hand" and 0 in penalties:
        lines = [t.say("tak.ev.end_empty_hand", seat=t.seat(penalties.index(0)))]
    else:
        lines = [t.say("tak.ev.end_stuck")]
    for seat, (points, left, total) in enumerate(zip(e["scores"], penalties, final)):
        msg_id = "tak.ev.final_row_none" if not left else "tak.ev.final_row"
        lines.append(t.say(msg_id, seat=t.seat(seat), count=points, cards=left, final=total))
    msg_id = "tak.ev.winners_shared" if len(winners) > 1 else "tak.ev.winner"
    lines.append(t.say(msg_id, winners=join_list((t.seat(s) for s in winners), t.lang),
                       score=final[winners[0]] if winners else 0))
    return lines


DESCRIBERS = {
    "game_start": _game_start, "deal": _deal, "draw": _draw, "play": _play,
    "bar_scored": _bar_scored, "interval": _interval, "keep": _keep, "pass": _pass,
    "game_end": _game_end,
}


def event_lines(event, names, lang=None):
    """An event as a list of log lines (empty for an event type with nothing to say)."""
    describer = DESCRIBERS.get(event["type"])
    return describer(event, _Teller(names, lang)) if describer else []


def describe_event(event, names, lang=None):
    """An event as log text: one line, or several joined by newlines."""
    return "\n".join(event_lines(event, names, lang))
