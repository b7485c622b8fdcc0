"""Re-Chord in the terminal: the fretboard as a text grid, the supply, the bag, the score pad,
your chord cards with what they require, your song and genre, Jim Bot's open row in the solo
game, every legal action in words with what it would do (a chord it completes or spoils, a
fret it fills), the final scores, and the statistics of a simulation (the game's part of
`pygame_rules.cli`).

The board reads like tablature, high e on top, frets 1 to 5 left to right:

         1*  2   3   4   5
      e  ..  Rd  ..  ##  ..
      B  Gy  ..  bl  ..  ..

`Rd` is a face-up Red pick, `bl` a face-down Blue you know, `##` a face-down pick you do not
know, `..` an empty space, `*` a scored fret. With many legal actions (a supply pick may go on
any of 30 spaces) the choice comes in two steps: first the pick (or the pick to move), then
the space, by number or by name ("A3").

It reads only the person's view and the events of their log, like any other seat.
"""

from ...messages import join_list, text
from .cards import (CHORD_NAMES, GOLDEN, KINDS, REQUIREMENTS, SILVER, SONG_FAME, SONGS,
                    STRINGS, WYLDE, card_label, chord_type, fret_of, fret_spaces, space_name)
from .log import (cards_words, event_lines, genres_words, kind_word, kinds_words, seat_name,
                  song_words)
from .state import DOWN, EMPTY, HAND

PROMPT_HELP = "rc.term.help"
CODES = ("Wh", "Rd", "Bl", "Gy", "Pu", "Gn", "Wy")
FLAT = 16                          # more legal actions than this: choose in two steps
GROUPED = ("supply", "move", "swap")
WORDS = {"bag": ("bag",), "chords": ("chords",), "skip": ("skip",), "s": ("skip",),
         "done": ("done",), "keep": ("done",), "decline": ("decline",), "no": ("decline",)}


def display_name(table, seat):
    """A seat's name ('Jim Bot' for seat 1 of a solo game), marked '(you)' for the person."""
    name = seat_name(seat, table.names)
    return name + text("cli.you_mark") if seat == table.human else name


# --- the log ------------------------------------------------------------------------------------
def on_event(table, event):
    """Print one event of the person's log (a blank line before each turn and the end)."""
    if event["type"] in ("turn", "game_end"):
        table.say("%s", "")
    for line in event_lines(event, table.names):
        table.say("%s", line)


# --- the board as the person sees it ------------------------------------------------------------
def faces(view):
    """Each space's face as the person's view shows it: a kind, DOWN or EMPTY."""
    return [EMPTY if v is None else (v[0] if v[1] else DOWN) for v in view["board"]]


def cell(entry):
    """A space in two characters: 'Rd' face up, 'rd' face down and known, '##', '..'."""
    if entry is None:
        return ".."
    kind, up = entry
    if up:
        return CODES[kind]
    return "##" if kind is None else CODES[kind].lower()


def show_board(table, view, legend=True):
    """The fretboard, high e on top, frets 1 to 5 from left to right (and the codes)."""
    table.say("rc.term.board")
    head = "".join("%-4s" % ("%d%s" % (f, "*" if view["scored"][f - 1] else ""))
                   for f in range(1, 6))
    table.say("rc.term.fret_head", {"frets": head.rstrip()})
    for string in range(5, -1, -1):
        cells = "".join("%-4s" % cell(view["board"][(f - 1) * 6 + string])
                        for f in range(1, 6))
        table.say("rc.term.string_row", {"string": STRINGS[string], "cells": cells.rstrip()})
    if legend:
        table.say("rc.term.legend")


def satisfied(card, face):
    """Does a board of faces satisfy a chord card?"""
    return all(face[sp] == c or face[sp] == WYLDE for sp, c in REQUIREMENTS[card])


def card_line(card, face, ready=False):
    """A chord card with its requirements (✓ where the board already matches) and values."""
    reqs = join_list(text("rc.term.req_met" if face[sp] in (c, WYLDE) else "rc.term.req",
                          {"space": space_name(sp), "kind": kind_word(c)})
                     for sp, c in REQUIREMENTS[card])
    return text("rc.term.card", {"card": card_label(card), "reqs": reqs, "silver": SILVER[card],
                                "golden": GOLDEN[card],
                                "mark": text("rc.term.card_ready") if ready else ""})


def show_pad(table, view):
    """The score pad: each genre's lead guitar points per scored fret, the person's marked."""
    table.say("rc.term.pad")
    frets = {"f%d" % f: str(f) for f in range(1, 6)}
    table.say("rc.term.pad_head", dict(frets, name=text("rc.term.pad_genre"),
                                      total=text("rc.term.pad_total")))
    for colour, row in enumerate(view["pad"]):
        values = {"f%d" % (f + 1): row[f] if view["scored"][f] else "-" for f in range(5)}
        table.say("rc.term.pad_row", dict(values, name=kind_word(colour), total=sum(row),
                                         mark=">" if colour in view["genres"] else " "))


def show_players(table, view):
    """Chord fame so far, completed cards, hand sizes; Jim Bot's open row and icons."""
    jim = view["jim"]
    fame = [text("rc.term.fame_entry", {"name": display_name(table, s), "fame": points})
            for s, points in enumerate(view["scores"])]
    table.say("rc.term.fame", {"scores": join_list(fame, key="ui.group_sep")})
    entries = [text("rc.term.completed_entry", {"name": display_name(table, s),
                                               "cards": join_list(card_label(c) for c in cs)})
               if cs else text("rc.term.completed_none", {"name": display_name(table, s)})
               for s, cs in enumerate(view["completed"])]
    table.say("rc.term.completed", {"cards": join_list(entries, key="ui.group_sep")})
    others = [text("rc.term.fame_entry", {"name": display_name(table, s), "fame": size})
              for s, size in enumerate(view["hand_sizes"]) if s != table.human and s != jim]
    if others:
        table.say("rc.term.hands", {"sizes": join_list(others, key="ui.group_sep")})
    if jim is not None:
        face = faces(view)
        table.say("rc.term.jim_row", {"count": len(view["jim_row"])})
        for card in view["jim_row"]:
            table.say("%s", card_line(card, face, satisfied(card, face)))
        if view["difficulty"] == "legend":            # no icons: he thinks (HR-29)
            table.say("rc.term.jim_legend")
        elif view["icon"] is None:
            table.say("rc.term.jim_icons", {"count": view["icons_left"]})
        else:
            icon = text("rc.name.icon_bag") if view["icon"] < 0 else kind_word(view["icon"])
            table.say("rc.term.jim_icons_last", {"count": view["icons_left"], "icon": icon})


def show_mine(table, view, song=True):
    """The person's chord cards (and song and genre)."""
    face = faces(view)
    if view["hand"]:
        table.say("rc.term.hand", {"count": len(view["hand"])})
        for card in view["hand"]:
            table.say("%s", card_line(card, face, card in view["claimable"]))
    else:
        table.say("rc.term.hand_none")
    if not song:
        return
    if view["song"] is not None:
        done = {chord_type(c) for c in view["completed"][table.human]}
        table.say("rc.term.song", {"chords": song_words(view["song"]), "fame": SONG_FAME,
                                  "done": sum(1 for t in SONGS[view["song"]] if t in done)})
    if view["genres"]:
        table.say("rc.term.genre", {"genres": genres_words(view["genres"]),
                                   "fame": sum(sum(view["pad"][c]) for c in view["genres"])})


def phase_head(view):
    """What the person is asked now, as (message id, parameters)."""
    phase, ability = view["phase"], view["ability"] or {}
    space = space_name(ability["space"]) if ability.get("space") is not None else ""
    if phase == "claim":
        return "rc.term.phase.claim", {}
    if phase == "bag_place":
        return "rc.term.phase.bag_place", {"kind": kind_word(view["drawn"])}
    if phase in ("adjacent", "grey_move"):
        return "rc.term.phase." + phase, {"space": space}
    if phase == "return":
        return "rc.term.phase.return", {"count": len(view["hand"]), "max": HAND}
    if phase == "ability":
        kind = ability["kind"]
        return "rc.term.ability." + KINDS[kind], {"space": space,
                                                 "fret": fret_of(ability["space"])}
    return "rc.term.phase.turn", {}


def turn(table, view):
    """Show the situation and return the choice to make: everything at the start of the
    person's turn or at a claim during another's turn; the board, supply and cards for the
    later steps of an action (an ability, a bag pick, returning chord cards)."""
    name = table.names[table.human]
    table.say("%s", "")
    full = view["phase"] == "turn" or view["active"] != table.human
    if view["phase"] == "claim":
        table.say("rc.term.header_claim", {"name": name, "deck": view["deck"],
                                          "count": view["bag"]})
    elif full:
        table.say("rc.term.header", {"deck": view["deck"], "count": view["bag"],
                                    "setlist": text("rc.name.setlist." + view["setlist"])})
    else:
        table.say("rc.term.header_step", {"deck": view["deck"], "count": view["bag"]})
    show_board(table, view, legend=full)
    if view["supply"]:
        table.say("rc.term.supply", {"kinds": kinds_words(view["supply"])})
    else:
        table.say("rc.term.supply_empty")
    if full:
        show_pad(table, view)
        show_players(table, view)
    show_mine(table, view, song=full)
    table.say(*phase_head(view))
    return choice_prompt(table, view)


# --- the choices --------------------------------------------------------------------------------
class Group:
    """Several actions chosen in two steps: first the pick, then the space."""

    def __init__(self, key, actions):
        self.key, self.actions = key, actions


def grouped(legal):
    """The legal actions as choices: flat when few, else grouped by their first part."""
    groups = {}
    for action in legal:
        key = action[:2] if action[0] in GROUPED else action
        groups.setdefault(key, []).append(action)
        if action[0] == "swap":                   # a swap is found from either pick
            groups.setdefault(("swap", action[2]), []).append(action)
    if len(legal) <= FLAT or len(groups) <= 2:
        return list(legal)
    return [acts[0] if len(acts) == 1 else Group(key, acts) for key, acts in groups.items()]


def choice_prompt(table, view):
    """The numbered choices of the current decision."""
    legal = [tuple(a) for a in view["legal"]]
    values = grouped(legal)
    choices = [(i, v, group_label(v) if isinstance(v, Group) else label(table, view, v))
               for i, v in enumerate(values, 1)]
    return table.prompt(("rc.term.prompt", {"name": table.names[table.human]}), choices,
                        head=("rc.term.choices",),
                        pick=lambda value: pick(table, view, value),
                        parse=lambda word: parse_word(table, view, legal, values, word))


def pick(table, view, value):
    """A chosen group asks for its space; an action is taken as it is."""
    if not isinstance(value, Group):
        return value
    choices = [(i, a, label(table, view, a)) for i, a in enumerate(value.actions, 1)]
    return table.prompt(("rc.term.prompt_space", {"name": table.names[table.human]}), choices,
                        head=("rc.term.which",),
                        parse=lambda word: parse_word(table, view, value.actions, [], word))


def group_label(group):
    """A group of actions in words: the pick, and how many spaces follow."""
    kind, first = group.key
    if kind == "supply":
        return text("rc.term.group.supply", {"kind": kind_word(first),
                                            "count": len(group.actions)})
    return text("rc.term.group." + kind, {"space": space_name(first),
                                         "count": len(group.actions)})


def parse_word(table, view, legal, values, word):
    """A typed choice: bag, chords, skip, done, decline, a chord card ('G-2'), a pick colour
    (its supply pick), or a space ('A3') when it names one action. None after saying why."""
    lower = word.strip().lower()
    if lower in WORDS and WORDS[lower] in legal:
        return WORDS[lower]
    for action in legal:
        if action[0] in ("return", "claim") and card_label(action[1]).lower() == lower:
            return action
    for value in values:
        if isinstance(value, Group) and value.key[0] == "supply" and \
                kind_word(value.key[1]).lower() == lower:
            return value
    space = parse_space(word.strip())
    if space is not None:
        found = [a for a in legal if len(a) > 1 and a[-1] == space and
                 a[0] not in ("return", "claim", "clear")]
        if len(found) == 1:
            return found[0]
    table.say("rc.term.not_a_choice", {"text": word})
    return None


def parse_space(word):
    """A space named as string and fret ('A3'; 'E1' is low E, 'e1' high e), or None."""
    if len(word) != 2 or not word[1].isdigit() or not 1 <= int(word[1]) <= 5:
        return None
    letter = word[0]
    if letter in STRINGS:
        string = STRINGS.index(letter)
    elif letter.upper() in "ADGB":
        string = STRINGS.index(letter.upper())
    else:
        return None
    return (int(word[1]) - 1) * 6 + string


def label(table, view, action):
    """A legal action in words (the engine's own), with what it would do."""
    words = table.state.describe(action)
    notes = action_notes(view, action, table.human)
    return words + (text("rc.term.notes", {"notes": join_list(notes, key="ui.group_sep")}) if notes else "")


def after(view, action):
    """The faces of the board after an action as the person can foresee it (None: no change
    of the board, or one the person cannot foresee)."""
    face, kind = faces(view), action[0]
    at = (view["ability"] or {}).get("space")
    if kind == "supply":
        face[action[2]] = action[1]
    elif kind == "place":
        face[action[1]] = DOWN
    elif kind == "remove":
        face[action[1]] = EMPTY
    elif kind == "flip":
        face[action[1]] = DOWN
    elif kind == "move":
        face[action[2]], face[action[1]] = face[action[1]], EMPTY
    elif kind == "swap":
        face[action[1]], face[action[2]] = face[action[2]], face[action[1]]
    elif kind == "wylde" and at is not None:
        face[action[1]], face[at] = WYLDE, EMPTY
    elif kind == "reveal" and view["board"][action[1]][0] is not None:
        face[action[1]] = view["board"][action[1]][0]
    elif kind == "clear" and at is not None:
        for sp in fret_spaces(fret_of(at)):
            if sp != at and face[sp] == action[1]:
                face[sp] = EMPTY
    else:
        return None
    return face


def action_notes(view, action, seat):
    """What an action would do: complete or spoil chord cards (yours, Jim Bot's), fill a fret;
    a claim's value; a returned card that belongs to your song."""
    kind = action[0]
    done = {chord_type(c) for c in view["completed"][seat]}
    song = set(SONGS[view["song"]]) if view["song"] is not None else set()
    if kind == "claim":
        card = action[1]
        t = chord_type(card)
        msg_id = "rc.term.note.golden" if t in done else "rc.term.note.silver"
        notes = [text(msg_id, {"fame": GOLDEN[card] if t in done else SILVER[card],
                               "chord": CHORD_NAMES[t]})]
        if t in song and t not in done:
            notes.append(text("rc.term.note.song"))
        return notes
    if kind == "return":
        t = chord_type(action[1])
        return [text("rc.term.note.song")] if t in song and t not in done else []
    new = after(view, action)
    if new is None:
        return []
    old = faces(view)
    notes = []
    made = [c for c in view["hand"] if satisfied(c, new) and not satisfied(c, old)]
    lost = [c for c in view["hand"] if satisfied(c, old) and not satisfied(c, new)]
    if made:
        notes.append(text("rc.term.note.completes", {"cards": cards_words(made)}))
    if lost:
        notes.append(text("rc.term.note.breaks", {"cards": cards_words(lost)}))
    jim = [c for c in view["jim_row"] if satisfied(c, new) and not satisfied(c, old)]
    if jim:
        notes.append(text("rc.term.note.jim", {"cards": cards_words(jim)}))
    for f in range(1, 6):
        full = [all(face[sp] != EMPTY for sp in fret_spaces(f)) for face in (old, new)]
        if not view["scored"][f - 1] and full == [False, True]:
            notes.append(text("rc.term.note.fills", {"fret": f}))
    return notes


# --- the end ------------------------------------------------------------------------------------
def show_result(table):
    """The final standings (chords, song, genre) and whether the person won."""
    view = table.state.view(table.human)
    final = view["final"] or []
    table.say("cli.final")
    order = sorted(final, key=lambda r: (-r["total"], -r["genre"], -r["cards"], r["seat"]))
    for place, row in enumerate(order, 1):
        table.say("rc.term.final_row_jim_row" if "row" in row else "rc.term.final_row",
                  dict(row, place=place, count=row["cards"],
                       name=display_name(table, row["seat"])))
    table.say("cli.you_won" if table.human in view["winners"] else "cli.you_lost")


# --- simulate -----------------------------------------------------------------------------------
def add_game(tally, state):
    """Count a finished game: its ending, turns, actions by kind, claims, fame by part; in
    the solo game Jim Bot's total."""
    tally.bump("end." + (state.end_reason or "frets"))
    tally.bump("turns", state.turns)
    for event in state.events or ():
        kind = event["type"]
        if kind == "claim":
            tally.bump("claims")
        elif kind == "place" and event["seat"] != state.jim:
            tally.bump("act." + ("bag" if event["via"] == "bag" else "supply")
                       if event["via"] != "white" else "abilities")
        elif kind == "chords":
            tally.bump("act.chords")
        elif kind in ("swap", "flip", "reveal") or \
                event.get("why") in ("red", "green", "blue", "grey", "wylde") and \
                not (kind == "to_bag" and event["why"] == "wylde"):
            tally.bump("abilities")
        elif kind == "skip":
            tally.bump("skips")
    for row in state.final or ():
        seat = row["seat"]
        if seat == state.jim:
            tally.bump("jim.total", row["total"])
            tally.bump("jim.cards", row["cards"])
            continue
        for part in ("chords", "cards", "genre"):
            tally.bump((part, seat), row[part])
        tally.bump(("songs", seat), 1 if row["song"] else 0)
    if state.jim is not None:
        tally.bump("difficulty." + state.options["difficulty"])


def report(say, names, tally):
    """Endings, the mix of actions, fame by part for each bot; Jim Bot in the solo game."""
    count, games = tally.count, tally.games or 1
    say("rc.sim.endings", {"frets": count("end.frets") / games,
                           "stall": count("end.stall") / games, "turns": count("turns") / games,
                           "actions": tally.actions / games, "claims": count("claims") / games})
    acts = sum(count("act." + k) for k in ("supply", "bag", "chords")) or 1
    say("rc.sim.actions", {"supply": count("act.supply") / acts, "bag": count("act.bag") / acts,
                           "chords": count("act.chords") / acts,
                           "abilities": count("abilities") / games,
                           "skips": count("skips") / games})
    for bot in sorted(set(names)):
        seats = [s for s, n in enumerate(names) if n == bot]
        per = games * len(seats)
        say("rc.sim.bot", {"bot": bot, **{part: sum(count((part, s)) for s in seats) / per
                                          for part in ("chords", "cards", "songs", "genre")}})
    levels = [d for d in ("beginner", "session", "touring", "legend") if count("difficulty." + d)]
    if levels:
        say("rc.sim.jim", {"difficulty": join_list(text("rc.name.difficulty." + d) for d in levels),
                           "mean": count("jim.total") / games, "cards": count("jim.cards") / games,
                           "share": tally.wins[0] / games})
