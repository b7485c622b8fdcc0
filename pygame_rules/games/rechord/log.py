"""Re-Chord's events in words: one event becomes log lines from the catalogue ("rc.ev.*").

    >>> describe_event({"type": "place", "seat": 0, "space": 14, "kind": None, "up": False,
    ...                 "via": "bag"}, ["Ana", "Ben"])
    'Ana places a pick face down on D3.'

Spaces are told as players say them ("A3": string and fret), chord cards as printed ("G-2").
Only what the event holds is told: in `events_for(seat)` another seat's bag pick, face-down
placement, drawn or returned chord cards, song and genre are hidden (None, or a count of
cards), and the sentence then says only what happened. In a solo game `names` holds the one
human name and seat 1 is Jim Bot.
"""

from ...messages import join_list, sentence, text
from .cards import (CHORD_NAMES, GOLDEN, KINDS, SILVER, SONG_FAME, SONGS, card_label,
                    space_name)
from .state import HAND


def solo(names):
    """Is this the solo game's log (one human name; seat 1 is Jim Bot)?"""
    return len(names) == 1


def seat_name(seat, names, lang=None):
    """A seat's name: from `names`, Jim Bot for seat 1 of a solo game, else 'Seat n'."""
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    if seat == 1 and solo(names):
        return text("rc.name.jim", lang=lang)
    return text("rc.name.seat", {"seat": seat}, lang)


def kind_word(kind, lang=None):
    """A pick kind's name ('Red', 'Wylde')."""
    return text("rc.name.kind." + KINDS[kind], lang=lang)


def genre_word(colour, lang=None):
    """A genre's name ('Crux of Metal (Grey)')."""
    return text("rc.name.genre.%d" % colour, lang=lang)


def and_list(words, lang=None):
    """'A', 'A and B', 'A, B and C' ('nothing' for none)."""
    words = list(words)
    if not words:
        return text("rc.name.none", lang=lang)
    if len(words) == 1:
        return words[0]
    return text("rc.name.and", {"a": join_list(words[:-1], lang), "b": words[-1]}, lang)


def kinds_words(kinds, lang=None):
    """Pick kinds as a list, repeats counted: 'White, 2 Red and Blue'."""
    kinds = list(kinds)
    order = sorted(set(kinds), key=kinds.index)
    return and_list([kind_word(k, lang) if kinds.count(k) == 1 else
                     text("rc.name.kind_count", {"count": kinds.count(k), "kind": kind_word(k, lang)},
                          lang) for k in order], lang)


def cards_words(cards, lang=None):
    """Chord cards as printed, in a list: 'C-1, G-2 and D-3'."""
    return and_list([card_label(c) for c in cards], lang)


def song_words(song, lang=None):
    """A song by its chords: 'D, A, C and G'."""
    return and_list([CHORD_NAMES[t] for t in SONGS[song]], lang)


def genres_words(genres, lang=None):
    """One or two genres in words."""
    return and_list([genre_word(c, lang) for c in genres], lang)


def pick_words(kind, up, lang=None):
    """A pick on the board as the reader may know it: 'Red pick', 'face-down Red pick',
    'face-down pick'."""
    if up:
        return text("rc.name.pick.up", {"kind": kind_word(kind, lang)}, lang)
    if kind is None:
        return text("rc.name.pick.down", lang=lang)
    return text("rc.name.pick.down_known", {"kind": kind_word(kind, lang)}, lang)


class _Teller:
    """The names and language one event is told with."""

    def __init__(self, names, lang):
        self.names, self.lang = names, lang

    def seat(self, seat):
        """A seat's name."""
        return seat_name(seat, self.names, self.lang)

    def say(self, msg_id, **params):
        """One sentence in this teller's language."""
        return sentence(msg_id, params, self.lang)

    def kind(self, kind):
        """A pick kind's name."""
        return kind_word(kind, self.lang)


# --- set-up -------------------------------------------------------------------------------------
def _game_start(e, t):
    """Who plays (solo: against Jim Bot at a difficulty), the setlist, the supply, who starts."""
    setlist = text("rc.name.setlist." + e["setlist"], lang=t.lang)
    if e.get("jim") is not None:
        difficulty = text("rc.name.difficulty." + (e.get("difficulty") or "session"), lang=t.lang)
        return [t.say("rc.ev.game_start_solo", human=t.seat(0), difficulty=difficulty,
                      setlist=setlist, supply=e["supply_size"], start=t.seat(e["start"]))]
    return [t.say("rc.ev.game_start", players=e["players"], setlist=setlist,
                  supply=e["supply_size"], start=t.seat(e["start"]))]


def _deal(e, t):
    """Three chord cards, a song and a genre each; the hands, songs and genres the reader may
    see (Jim Bot's open row is public)."""
    is_solo = solo(t.names)
    seen = [h for s, h in enumerate(e["hands"]) if h is not None and not (is_solo and s == 1)]
    cards = len(seen[0]) if seen else HAND
    if is_solo:
        lines = [t.say("rc.ev.deal_solo", human=t.seat(0), count=cards, deck=e["deck"])]
    else:
        lines = [t.say("rc.ev.deal", count=cards, deck=e["deck"])]
    songs, genres = e.get("songs") or [], e.get("genres") or []
    for seat, hand in enumerate(e["hands"]):
        if hand is None:
            continue
        if is_solo and seat == 1:
            lines.append(t.say("rc.ev.jim_row_dealt", cards=cards_words(hand, t.lang)))
            continue
        lines.append(t.say("rc.ev.hand", seat=t.seat(seat), cards=cards_words(hand, t.lang)))
        if seat < len(songs) and songs[seat] is not None:
            lines.append(t.say("rc.ev.song", seat=t.seat(seat), fame=SONG_FAME,
                               chords=song_words(songs[seat], t.lang)))
        if seat < len(genres) and genres[seat]:
            lines.append(t.say("rc.ev.genre", seat=t.seat(seat),
                               genres=genres_words(genres[seat], t.lang)))
    return lines


# --- turns and picks ----------------------------------------------------------------------------
def _turn(e, t):
    """A new turn: the supply refilled from the bag."""
    seat, refill, supply = t.seat(e["seat"]), e.get("refill") or [], e.get("supply") or []
    if not supply:
        return [t.say("rc.ev.turn_empty", seat=seat)]
    words = kinds_words(supply, t.lang)
    if not refill:
        return [t.say("rc.ev.turn_full", seat=seat, supply=words, count=e["bag"])]
    msg_id = "rc.ev.turn_all" if sorted(refill) == sorted(supply) else "rc.ev.turn"
    return [t.say(msg_id, seat=seat, refill=kinds_words(refill, t.lang), supply=words,
                  count=e["bag"])]


def _place(e, t):
    """A pick placed: face up from the supply (or through a White), or face down from the bag."""
    seat, space = t.seat(e["seat"]), space_name(e["space"])
    via = e.get("via", "supply")
    if e["up"]:
        msg_id = "rc.ev.place.white" if via == "white" else "rc.ev.place.supply"
        return [t.say(msg_id, seat=seat, kind=t.kind(e["kind"]), space=space)]
    if e.get("kind") is None:
        return [t.say("rc.ev.place.bag_hidden", seat=seat, space=space)]
    return [t.say("rc.ev.place.bag", seat=seat, kind=t.kind(e["kind"]), space=space)]


def _bag_draw(e, t):
    """A pick drawn from the bag: named only for the one who drew it."""
    if e.get("kind") is None:
        return [t.say("rc.ev.bag_draw_hidden", seat=t.seat(e["seat"]), bag=e["bag"])]
    return [t.say("rc.ev.bag_draw", seat=t.seat(e["seat"]), kind=t.kind(e["kind"]),
                  bag=e["bag"])]


def _to_bag(e, t):
    """A pick leaves the board for the bag: a face-down neighbour, Red, Green, or a Wylde
    taking its space."""
    why = e.get("why") if e.get("why") in ("adjacent", "red", "green", "wylde") else "red"
    return [t.say("rc.ev.to_bag." + why, seat=t.seat(e["seat"]), space=space_name(e["space"]),
                  pick=pick_words(e.get("kind"), e["up"], t.lang))]


def _move(e, t):
    """Blue moves a pick, Grey moves the pick it flipped, a Wylde jumps."""
    why = e.get("why") if e.get("why") in ("blue", "grey", "wylde") else "blue"
    return [t.say("rc.ev.move." + why, seat=t.seat(e["seat"]), a=space_name(e["space"]),
                  b=space_name(e["to"]), pick=pick_words(e.get("kind"), e["up"], t.lang))]


def _swap(e, t):
    """Blue swaps two picks."""
    return [t.say("rc.ev.swap", seat=t.seat(e["seat"]), a=space_name(e["space"]),
                  b=space_name(e["to"]))]


def _flip(e, t):
    """Grey flips a face-up pick face down (everyone saw it)."""
    return [t.say("rc.ev.flip", seat=t.seat(e["seat"]), kind=t.kind(e["kind"]),
                  space=space_name(e["space"]))]


def _reveal(e, t):
    """Purple turns a face-down pick face up."""
    return [t.say("rc.ev.reveal", seat=t.seat(e["seat"]), kind=t.kind(e["kind"]),
                  space=space_name(e["space"]))]


def _skip(e, t):
    """An ability, a neighbour's removal or a Grey's move not used."""
    seat, phase = t.seat(e["seat"]), e.get("phase") or ""
    if phase in ("adjacent", "grey_move"):
        return [t.say("rc.ev.skip." + phase, seat=seat)]
    name = phase[len("ability_"):] if phase.startswith("ability_") else None
    if name in KINDS:
        return [t.say("rc.ev.skip.ability", seat=seat, kind=t.kind(KINDS.index(name)))]
    return [t.say("rc.ev.skip.other", seat=seat)]


# --- chord cards --------------------------------------------------------------------------------
def _chords(e, t):
    """Chord cards drawn: named for the one who drew them, else counted."""
    seat, cards, deck = t.seat(e["seat"]), e.get("cards"), e.get("deck", 0)
    if isinstance(cards, int):
        if cards == 0:
            return [t.say("rc.ev.chords_none", seat=seat)]
        return [t.say("rc.ev.chords_hidden", seat=seat, count=cards, deck=deck)]
    if not cards:
        return [t.say("rc.ev.chords_none", seat=seat)]
    msg_id = "rc.ev.chords_one" if len(cards) == 1 and not deck else "rc.ev.chords"
    return [t.say(msg_id, seat=seat, cards=cards_words(cards, t.lang), deck=deck)]


def _return(e, t):
    """An unfinished chord card goes to the bottom of the deck."""
    if e.get("card") is None:
        return [t.say("rc.ev.return_hidden", seat=t.seat(e["seat"]))]
    return [t.say("rc.ev.return", seat=t.seat(e["seat"]), card=card_label(e["card"]))]


def _claim(e, t):
    """A chord card completed, with the spaces that match it and its values."""
    card = e["card"]
    spaces = and_list([space_name(sp) for sp in e.get("spaces") or ()], t.lang)
    return [t.say("rc.ev.claim", seat=t.seat(e["seat"]), card=card_label(card), spaces=spaces,
                  silver=SILVER[card], golden=GOLDEN[card])]


def _decline(e, t):
    """Matching chord cards let go until the board changes."""
    return [t.say("rc.ev.decline", seat=t.seat(e["seat"]))]


# --- scoring and the end ------------------------------------------------------------------------
def _fret_scored(e, t):
    """A lead guitar scoring round: every genre's points in this fret's column of the pad."""
    column = join_list((text("rc.ev.column_entry", {"kind": t.kind(c), "points": p}, t.lang)
                        for c, p in enumerate(e["column"])), t.lang)
    return [t.say("rc.ev.fret_scored", fret=e["fret"], column=column)]


def _game_end(e, t):
    """Why it ended, each guitarist's chords + song + genre, and the result."""
    reason = e.get("reason") if e.get("reason") in ("frets", "stall") else "frets"
    lines = [t.say("rc.ev.end." + reason)]
    final, jim = e.get("final") or [], e.get("jim")
    for row in final:
        seat = row["seat"]
        genres = genres_words(row.get("genres") or (), t.lang)
        if seat == jim:                  # HR-28: the balanced Jim Bot scores his row's cards too
            msg_id = "rc.ev.final_row_jim_row" if "row" in row else "rc.ev.final_row_jim"
            lines.append(t.say(msg_id, chords=row["chords"], count=row["cards"], row=row.get("row"),
                               genre=row["genre"], genres=genres, total=row["total"]))
            continue
        song = row.get("song_id")
        lines.append(t.say("rc.ev.final_row", seat=t.seat(seat), chords=row["chords"],
                           count=row["cards"], song=row["song"], genre=row["genre"],
                           genres=genres, total=row["total"],
                           song_chords=song_words(song, t.lang) if song is not None
                           else text("rc.name.none", lang=t.lang)))
    if final:
        lines.append(_result(e, t, final, jim))
    return lines


def _result(e, t, final, jim):
    """The result: solo, whether the human outscored Jim Bot; else the winners and the
    tie-break in words when it decided."""
    winners = e.get("winners") or []
    if jim is not None:
        mine, his = final[0]["total"], final[jim]["total"]
        msg_id = "rc.ev.solo_win" if mine > his else \
            "rc.ev.solo_tie" if mine == his else "rc.ev.solo_loss"
        return t.say(msg_id, human=t.seat(0), mine=mine, his=his)
    if not winners:
        winners = [max(range(len(final)), key=lambda s: final[s]["total"])]
    best = final[winners[0]]
    words = and_list([t.seat(s) for s in winners], t.lang)
    params = {"winners": words, "total": best["total"], "genre": best["genre"],
              "cards": best["cards"]}
    if len(winners) > 1:
        return t.say("rc.ev.winners_shared", **params)
    tied = [r for r in final if r["total"] == best["total"]]
    if len(tied) == 1:
        return t.say("rc.ev.winner", **params)
    if sum(1 for r in tied if r["genre"] == best["genre"]) == 1:
        return t.say("rc.ev.winner_genre", **params)
    return t.say("rc.ev.winner_cards", **params)


# --- Jim Bot ------------------------------------------------------------------------------------
def _jim_plan(e, t):
    """Priority 1: one supply pick completes a card of his row."""
    return [t.say("rc.ev.jim_plan.chord", kind=t.kind(e["kind"]), space=space_name(e["space"]))]


def _jim_icon(e, t):
    """Priority 2: an icon turned up."""
    icon = e.get("icon")
    if icon is None or not 0 <= icon < len(KINDS):
        return [t.say("rc.ev.jim_icon_bag")]
    return [t.say("rc.ev.jim_icon", icon=t.kind(icon))]


def _jim_shuffle(e, t):
    """The icon deck reshuffled."""
    return [t.say("rc.ev.jim_shuffle")]


def _jim_pass(e, t):
    """Nothing to place."""
    return [t.say("rc.ev.jim_pass")]


def _jim_ability(e, t):
    """Jim Bot's version of a pick's ability."""
    return [t.say("rc.ev.jim_ability", kind=t.kind(e["kind"]), space=space_name(e["space"]))]


def _jim_row(e, t):
    """His open row refilled after completing cards."""
    if not e.get("cards"):
        return [t.say("rc.ev.jim_row_empty")]
    return [t.say("rc.ev.jim_row", cards=cards_words(e["cards"], t.lang), deck=e["deck"])]


DESCRIBERS = {
    "game_start": _game_start, "deal": _deal, "turn": _turn, "place": _place,
    "bag_draw": _bag_draw, "to_bag": _to_bag, "move": _move, "swap": _swap, "flip": _flip,
    "reveal": _reveal, "skip": _skip, "chords": _chords, "return": _return, "claim": _claim,
    "decline": _decline, "fret_scored": _fret_scored, "game_end": _game_end,
    "jim_plan": _jim_plan, "jim_icon": _jim_icon, "jim_shuffle": _jim_shuffle,
    "jim_pass": _jim_pass, "jim_ability": _jim_ability, "jim_row": _jim_row,
}


def event_lines(event, names, lang=None):
    """An event as a list of log lines (empty for an event type with nothing to say)."""
    describer = DESCRIBERS.get(event["type"])
    return describer(event, _Teller(list(names), lang)) if describer else []


def describe_event(event, names, lang=None):
    """An event as log text: one line, or several joined by newlines."""
    return "\n".join(event_lines(event, names, lang))
