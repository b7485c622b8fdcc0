"""Take The "A" Chord's events in words: one event becomes log lines from the catalogue.

    >>> describe_event({"type": "card_played", "seat": 0, "card": 10}, ["Mia", "Bo"])
    'Mia plays C Bluesy.'
"""

from ...messages import join_list, sentence, text
from .cards import card_name


def seat_name(seat, names, lang=None):
    """A seat's name; seats beyond `names` (the non-player's seat 3) are 'the non-player'."""
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return text("tac.name.non_player", lang=lang)


def _say(msg_id, lang, **params):
    """One catalogue sentence, its first letter raised."""
    return sentence(msg_id, params, lang)


def _game_start(e, names, lang):
    """The game begins."""
    return [_say("tac.ev.game_start", lang, players=e["players"])]


def _venue_start(e, names, lang):
    """A venue is dealt: dealer, Key Chord, Lead Player."""
    return [_say("tac.ev.venue_start", lang, venue=e["venue"], key=e["key"],
                 dealer=seat_name(e["dealer"], names, lang),
                 leader=seat_name(e["leader"], names, lang))]


def _card_played(e, names, lang):
    """A card played (by a seat or the non-player)."""
    seat = None if e.get("non_player") else e["seat"]
    return [_say("tac.ev.card_played", lang, seat=seat_name(seat, names, lang),
                 card=card_name(e["card"], lang))]


def _improvisation(e, names, lang):
    """An Improvisation starts a new round."""
    return [_say("tac.ev.improvisation", lang, seat=seat_name(e["seat"], names, lang),
                 chord=e["chord"], round=e["round"])]


def _improvisation_blocked(e, names, lang):
    """An Improvisation blocked by the limit or the last trick."""
    return [_say("tac.ev.improvisation_blocked." + e["reason"], lang, limit=e.get("limit"))]


def _trick_won(e, names, lang):
    """A trick (or an Improvisation) won."""
    msg_id = "tac.ev.trick_won_impro" if e["improvisation"] else "tac.ev.trick_won"
    return [_say(msg_id, lang, seat=seat_name(e["seat"], names, lang),
                 card=card_name(e["card"], lang), count=e["rounds"])]


def _key_change(e, names, lang):
    """A Key Change, or one to the same key."""
    msg_id = "tac.ev.key_change_same" if e["same_key"] else "tac.ev.key_change"
    return [_say(msg_id, lang, seat=seat_name(e["seat"], names, lang), chord=e["chord"])]


def _key_change_ignored(e, names, lang):
    """A Key Change on the last trick, which does nothing."""
    return [_say("tac.ev.key_change_ignored", lang, seat=seat_name(e["seat"], names, lang),
                 chord=e["chord"])]


def _seat_only(msg_id):
    """A describer for events whose sentence only names a seat."""
    return lambda e, names, lang: [_say(msg_id, lang, seat=seat_name(e["seat"], names, lang))]


def _venue_scores(e, names, lang):
    """The venue's scoring: a heading and one row per seat."""
    lines = [_say("tac.ev.venue_scores", lang, venue=e["venue"])]
    for row in e["rows"]:
        msg_id = "tac.ev.venue_score_row_spotlight" if row["spotlight"] else "tac.ev.venue_score_row"
        lines.append(_say(msg_id, lang, seat=seat_name(row["seat"], names, lang),
                          count=row["tricks"], chart=row["chart"], bonus=row["bonus"],
                          score=row["score"], total=row["total"]))
    return lines


def _game_end(e, names, lang):
    """The end: the winners and how a tie was broken."""
    winners = e["winners"]
    msg_id = {"none": "tac.ev.game_end", "improvisations": "tac.ev.game_end_tiebreak",
              "shared": "tac.ev.game_end_shared"}[e["tie_break"]]
    who = join_list((seat_name(s, names, lang) for s in winners), lang)
    return [_say(msg_id, lang, winners=who,
                 score=e["scores"][winners[0]],
                 improvisations=e["improvisations"][winners[0]], count=len(winners))]


DESCRIBERS = {
    "game_start": _game_start, "venue_start": _venue_start, "card_played": _card_played,
    "improvisation": _improvisation, "improvisation_blocked": _improvisation_blocked,
    "trick_won": _trick_won, "key_change": _key_change,
    "key_change_ignored": _key_change_ignored, "spotlight": _seat_only("tac.ev.spotlight"),
    "lead": _seat_only("tac.ev.lead"), "venue_scores": _venue_scores, "game_end": _game_end,
}


def event_lines(event, names, lang=None):
    """An event as a list of log lines (empty for an event type with nothing to say)."""
    describer = DESCRIBERS.get(event["type"])
    return describer(event, names, lang) if describer else []


def describe_event(event, names, lang=None):
    """An event as log text: one line, or a venue's score lines joined by newlines."""
    return "\n".join(event_lines(event, names, lang))
