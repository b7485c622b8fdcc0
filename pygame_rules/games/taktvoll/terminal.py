"""Taktvoll in the terminal: the rows in short notation, every legal play explained in words
(what fills a bar, what a bar line scores, what a bar left open hands the next player, the
Variant II intervals), the draw, keep and bonus bar-line steps, the final scores, and the
statistics of a simulation (the game's part of `pygame_rules.cli`).

A row reads `Row 1 [3/4]: Q:C5 H:G4 | E:A4 E:B4 … (5/12)`: W H Q E S are whole, half,
quarter, eighth and sixteenth notes with their sounding pitch, `*` marks a note played upside
down, `Q:rest` a quarter rest, `|` a bar line, and the open bar holds 5 of its 12 sixteenths.

It reads only the person's view and the events of their log, like any other seat.
"""

from ...messages import join_list, text
from .cards import (BARS, PITCHES, REST_VALUES, RESTS, VALUES, card_name, kind_of, pos_of,
                    semitone, value_of)
from .log import a_card, event_lines, seat_name, with_article
from .state import COMPOUND, PERFECT

PROMPT_HELP = "tak.term.help"
LETTERS = "WHQES"                 # whole, half, quarter, eighth, sixteenth
SHOWN_BARS = 3                    # closed bars shown before the open one
SINGLE = (1, 2, 4, 8, 16)


def display_name(table, seat):
    """A seat's name, marked '(you)' for the person playing."""
    name = seat_name(seat, table.names)
    return name + text("cli.you_mark") if seat == table.human else name


# --- short card codes ---------------------------------------------------------------------------
def letter(value):
    """W, H, Q, E or S for a duration in sixteenths."""
    return LETTERS[VALUES.index(value)]


def code(info):
    """A card of a row or a hand in short notation: 'Q:C5', 'H:G4*', 'E:rest', '3/4', '|'."""
    kind = info["kind"]
    if kind == "note":
        return "%s:%s%s" % (letter(info["value"]), PITCHES[info["pos"] + 1],
                            "*" if info.get("inverted") else "")
    if kind == "rest":
        return "%s:rest" % letter(info["value"])
    if kind == "time":
        return info["time"]
    if kind == "bar":
        return "|"
    return text("tak.name.clef")


def card_code(card):
    """A card in the hand (printed the right way up) in short notation."""
    kind = kind_of(card)
    if kind == "note":
        return "%s:%s" % (letter(value_of(card)), PITCHES[pos_of(card) + 1])
    if kind == "rest":
        return "%s:rest" % letter(value_of(card))
    if kind == "time":
        return "%d/4" % (card - 3)
    return text("tak.name." + kind)


def parse_card(word):
    """The card id a short code names ('Q:C5', 'E:rest', '3/4'), or None."""
    word = word.strip().upper()
    if len(word) == 3 and word[1] == "/" and word[2] == "4" and word[0] in "1234":
        return 3 + int(word[0])
    if len(word) < 3 or word[1] != ":" or word[0] not in LETTERS:
        return None
    value, rest = VALUES[LETTERS.index(word[0])], word[2:]
    if rest == "REST":
        return RESTS[REST_VALUES.index(value)] if value in REST_VALUES else None
    if rest not in PITCHES:
        return None
    return 8 + VALUES.index(value) * 11 + PITCHES.index(rest)


# --- the log ------------------------------------------------------------------------------------
def on_event(table, event):
    """Print one event of the person's log."""
    if event["type"] == "game_end":
        table.say("%s", "")
    for line in event_lines(event, table.names):
        table.say("%s", line)


# --- the situation ------------------------------------------------------------------------------
def row_line(row):
    """'Row 1 [3/4]: Q:C5 H:G4 | E:A4 E:B4 … (5/12)': the last bars and the open one."""
    if row["timesig"] is None:
        return text("tak.term.row_no_time", {"row": row["index"] + 1})
    bars, current = [], []
    for info in row["cards"]:
        if info["kind"] in ("clef", "time"):
            continue
        if info["kind"] == "bar":
            bars.append(current)
            current = []
        else:
            current.append(code(info))
    parts = [" ".join(b) for b in bars[-SHOWN_BARS:]]
    if len(bars) > SHOWN_BARS:
        parts.insert(0, "…")
    parts.append(" ".join(current + ["…"]) if row["fill"] < row["capacity"]
                 else " ".join(current))
    return text("tak.term.row", {"row": row["index"] + 1, "time": row["timesig"],
                                "cards": " | ".join(parts), "fill": row["fill"],
                                "capacity": row["capacity"]})


def show_rows(table, view):
    """Every row, with a note on a full bar waiting for its bar line."""
    if not view["rows"]:
        table.say("tak.term.no_rows")
        return
    for row in view["rows"]:
        table.say("%s", "  " + row_line(row))
        if row["timesig"] is not None and row["fill"] == row["capacity"] and row["count"]:
            table.say("tak.term.row_full", {"row": row["index"] + 1, "points": row["count"]})
    table.say("tak.term.legend")


def show_scores(table, view):
    """Each seat's points so far and, when shown, its cards in hand."""
    entries = []
    for seat, score in enumerate(view["scores"]):
        size = view["hand_sizes"][seat]
        msg_id = "tak.term.score_entry" if size is None else "tak.term.score_entry_cards"
        entries.append(text(msg_id, {"name": display_name(table, seat), "score": score,
                                     "count": size}))
    table.say("tak.term.scores", {"scores": join_list(entries, key="ui.group_sep")})


def show_hand(table, view):
    """The person's hand in short notation, bar lines counted."""
    cards = [c["card"] for c in view["hand"]]
    bars = sum(1 for c in cards if kind_of(c) == "bar")
    words = [card_code(c) for c in cards if kind_of(c) != "bar"]
    if bars:
        words.insert(0, text("tak.name.bars", {"count": bars}))
    table.say("tak.term.hand", {"count": len(cards), "cards": join_list(words)})


def turn(table, view):
    """Show the situation and return the choice to make (turn, drawn card or bonus bar line)."""
    table.say("%s", "")
    table.say("tak.term.header", {"count": view["deck"],
                                 "variant": text("tak.name.variant." + view["variant"])})
    show_scores(table, view)
    show_rows(table, view)
    show_hand(table, view)
    phase = view["phase"]
    if phase == "drawn":
        drawn = view["drawn"]
        words = a_card(drawn)
        if kind_of(drawn) in ("note", "rest"):
            words += " (%s)" % card_code(drawn)
        table.say("tak.term.drawn", {"card": words})
    elif phase == "bonus":
        row = view["rows"][view["bonus_row"]]
        table.say("tak.term.bonus", {"row": row["index"] + 1, "points": row["count"]})
    elif view["deck"]:
        table.say("tak.term.turn_intro")
    else:
        table.say("tak.term.turn_intro_empty")
    legal = [tuple(a) for a in view["legal"]]
    choices = [(i, a, label(view, a)) for i, a in enumerate(legal, 1)]
    return table.prompt(("tak.term.prompt", {"name": table.names[table.human]}), choices,
                        head=("tak.term.choices",), parse=lambda word: parse_action(table, word))


# --- the choices in words -----------------------------------------------------------------------
def has_bar(view):
    """True if the person holds a bar line."""
    return any(c["kind"] == "bar" for c in view["hand"])


def label(view, action):
    """A legal action in words, with what it would do."""
    kind = action[0]
    if kind == "draw":
        return text("tak.term.do.draw", {"deck": view["deck"]})
    if kind in ("pass", "done"):
        return text("tak.term.do." + kind)
    if kind == "keep":
        return text("tak.term.do.keep", {"card": a_card(view["drawn"])})
    if kind == "clef":
        return text("tak.term.do.clef", {"row": len(view["rows"]) + 1})
    if kind == "bar":
        row = view["rows"][action[1]]
        return text("tak.term.do.bar", {"row": action[1] + 1, "points": row["count"]})
    card, r = action[1], action[2]
    row = view["rows"][r]
    if kind == "time":
        return text("tak.term.do.time", {"time": card_name(card), "row": r + 1,
                                        "capacity": 4 * (card - 3)})
    turned = kind == "note" and bool(action[3])
    words = text("tak.term.do.play", {"card": card_name(card, turned), "row": r + 1,
                                     "code": card_code(card) + ("*" if turned else "")})
    notes = play_notes(view, action, row)
    return words + (text("tak.term.notes", {"notes": join_list(notes, key="ui.group_sep")}) if notes else "")


def play_notes(view, action, row):
    """What a note or rest would do: fill the bar, leave it open for one card, an interval."""
    card = action[1]
    notes = []
    if action[0] == "note" and action[3]:
        notes.append(text("tak.term.note.turned", {"printed": PITCHES[pos_of(card) + 1]}))
    if action[0] == "note" and view["variant"] in ("intervals", "both") and \
            row["prev"] is not None:
        pos = 8 - pos_of(card) if action[3] else pos_of(card)
        d = abs(semitone(pos) - semitone(row["prev"]))
        name = PERFECT.get(d) or (COMPOUND.get(d) if view["options"].get("compound_intervals")
                                  else None)
        if name:
            notes.append(text("tak.term.note.interval",
                              {"interval": with_article(text("tak.name.interval." + name))}))
    fill, count = row["fill"] + value_of(card), row["count"] + 1
    left = row["capacity"] - fill
    if left == 0 and has_bar(view):
        notes.append(text("tak.term.note.fills", {"points": count}))
    elif left == 0:
        notes.append(text("tak.term.note.fills_no_bar", {"points": count}))
    elif left in SINGLE:
        notes.append(text("tak.term.note.opens", {"fill": fill, "capacity": row["capacity"],
                                                 "value": text("tak.name.value." + value_word(left)),
                                                 "points": count + 1}))
    else:
        notes.append(text("tak.term.note.leaves", {"fill": fill, "capacity": row["capacity"]}))
    return notes


def value_word(value):
    """'whole', 'half', 'quarter', 'eighth' or 'sixteenth'."""
    return ("whole", "half", "quarter", "eighth", "sixteenth")[VALUES.index(value)]


def parse_action(table, words):
    """A typed action: draw, keep, pass, done, clef, 'bar 2', or a card code and a row
    ('Q:C5 1', 'Q:A4* 2' upside down, '3/4 2', 'E:rest 1'). The engine judges it."""
    parts = words.lower().split()
    simple = {"draw": ("draw",), "d": ("draw",), "keep": ("keep",), "k": ("keep",),
              "pass": ("pass",), "p": ("pass",), "done": ("done",), "no": ("done",),
              "clef": ("clef",)}
    if len(parts) == 1 and parts[0] in simple:
        return simple[parts[0]]
    if len(parts) == 2 and parts[1].isdigit():
        row = int(parts[1]) - 1
        if parts[0] in ("bar", "|"):
            return ("bar", row)
        turned = parts[0].endswith("*")
        card = parse_card(parts[0].rstrip("*"))
        if card is not None:
            kind = kind_of(card)
            return ("note", card, row, int(turned)) if kind == "note" else (kind, card, row)
    table.say("cli.unknown_card", {"text": words})
    return None


# --- the end ------------------------------------------------------------------------------------
def show_result(table):
    """The final standings (points less the cards left in hand) and whether the person won."""
    state = table.state
    view = state.view(table.human)
    final, points = state.scores(), view["scores"]
    end = next((e for e in reversed(state.events) if e["type"] == "game_end"), None)
    left = end["penalties"] if end else [0] * state.players
    winners = state.winners()
    table.say("cli.final")
    seats = sorted(range(state.players), key=lambda s: (-final[s], s))
    for place, seat in enumerate(seats, 1):
        table.say("tak.term.final_row", {"place": place, "name": display_name(table, seat),
                                        "final": final[seat],
                                        "points": text("tak.name.points", {"count": points[seat]}),
                                        "cards": text("tak.name.cards_left", {"count": left[seat]})})
    table.say("cli.you_won" if table.human in winners else "cli.you_lost")


# --- simulate -----------------------------------------------------------------------------------
def add_game(tally, state):
    """Count a finished game: its ending, bar lines and their points, intervals, cards left."""
    tally.bump("end." + state.end_reason)
    tally.bump("variant." + state.options["variant"])
    for event in state.events or ():
        kind = event["type"]
        if kind == "bar_scored":
            tally.bump("bars")
            tally.bump("bar_points", event["points"])
            tally.bump(("bars", event["seat"]))
            tally.bump(("bar_points", event["seat"]), event["points"])
        elif kind == "interval":
            tally.bump("intervals")
            tally.bump("interval." + event["interval"])
            tally.bump(("intervals", event["seat"]))
        elif kind == "draw":
            tally.bump("draws")
        elif kind == "play" and event["kind"] == "clef":
            tally.bump("rows")
        elif kind == "game_end":
            for seat, left in enumerate(event["penalties"]):
                tally.bump(("left", seat), left)
    for seat, hand in enumerate(state.hands):
        tally.bump(("bars_left", seat), sum(1 for c in BARS if hand >> c & 1))


def report(say, names, tally):
    """Endings, bar lines and their points, interval bonuses, and each bot's share of them."""
    count = tally.count
    games = tally.games or 1
    say("tak.sim.endings", {"empty": count("end.empty_hand") / games,
                            "stuck": count("end.stuck") / games,
                            "actions": tally.actions / games, "draws": count("draws") / games,
                            "rows": count("rows") / games})
    say("tak.sim.bars", {"per_game": count("bars") / games,
                         "points": count("bar_points") / (count("bars") or 1)})
    if count("variant.intervals") + count("variant.both"):
        kinds = join_list(text("tak.sim.interval_kind", {
            "interval": text("tak.name.interval." + name), "per_game": count("interval." + name) /
            games}) for name in list(PERFECT.values()) + list(COMPOUND.values())
            if count("interval." + name))
        say("tak.sim.intervals", {"per_game": count("intervals") / games,
                                  "kinds": kinds or "-"})
    else:
        say("tak.sim.intervals_off")
    for bot in sorted(set(names)):
        seats = [s for s, n in enumerate(names) if n == bot]
        per = games * len(seats)
        bars = sum(count(("bars", s)) for s in seats)
        say("tak.sim.bot", {
            "bot": bot, "bars": bars / per,
            "points": sum(count(("bar_points", s)) for s in seats) / (bars or 1),
            "intervals": sum(count(("intervals", s)) for s in seats) / per,
            "left": sum(count(("left", s)) for s in seats) / per,
            "bars_left": sum(count(("bars_left", s)) for s in seats) / per})
