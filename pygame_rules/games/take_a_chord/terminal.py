"""Take The "A" Chord in the terminal: the table, the choice of a card, the venue tables, and
the statistics of a simulation (the game's part of `pygame_rules.cli`)."""

from ...messages import join_list, text
from .cards import CHORD_OF, CHORDS, COLOUR_OF, card_name, colour_name, parse_card
from .log import event_lines, seat_name

PROMPT_HELP = "tac.term.help"


# --- play ---------------------------------------------------------------------------------------
def on_event(table, event):
    """Print one event: a banner for a new venue, a score table for a venue's scores."""
    if event["type"] == "venue_start":
        table.say("%s", "")
        table.say("tac.term.venue_banner", {"venue": event["venue"], "venues": table.state.players})
    if event["type"] == "venue_scores":
        show_venue_table(table, event)
        return
    for line in event_lines(event, table.names):
        table.say("%s", line)


def show_venue_table(table, event):
    """The venue's score table: how each score came about (chart, Spotlight, bonus)."""
    table.say("%s", "")
    table.say("tac.term.venue_table", {"venue": event["venue"]})
    head = {k: text("tac.term.col." + k) for k in ("tricks", "spotlight", "improvisations", "chart",
                                              "bonus", "score", "total")}
    table.say("tac.term.venue_table_row", dict(head, name=text("cli.col.player")))
    for row in event["rows"]:
        mark = "tac.term.spotlight_yes" if row["spotlight"] else "tac.term.spotlight_no"
        table.say("tac.term.venue_table_row", {
            "name": display_name(table, row["seat"]), "tricks": row["tricks"],
            "spotlight": text(mark), "improvisations": row["improvisations"],
            "chart": row["chart"], "bonus": row["bonus"], "score": row["score"],
            "total": row["total"]})
    table.say("%s", "")


def display_name(table, seat):
    """A seat's name, marked '(you)' for the person playing."""
    name = seat_name(seat, table.names)
    return name + text("cli.you_mark") if seat == table.human else name


def turn(table, view):
    """Show the trick, key ring, scores and hand; the choice is one of the legal cards."""
    show_table(table, view)
    legal = sort_cards(legal_cards(view), view)
    choices = [(number, card, card_name(card)) for number, card in enumerate(legal, 1)]
    return table.prompt(("tac.term.prompt", {"name": table.names[table.human]}), choices,
                        head=("tac.term.legal",), pick=lambda card: ("play", card),
                        parse=lambda line: read_card(table, line))


def legal_cards(view):
    """The cards of the view's legal actions (each is ("play", card))."""
    return [card for _, card in view["legal"]]


def read_card(table, line):
    """The card a typed name stands for, or None after saying it is not a card."""
    card = parse_card(line)
    if card is None:
        table.say("cli.unknown_card", {"text": line})
    return card


def sort_cards(cards, view):
    """Cards sorted by colour, then strongest first under the Key Chord."""
    key = CHORDS.index(view["key"])
    return sorted(cards, key=lambda c: (COLOUR_OF[c], (CHORD_OF[c] - key) % 7))


def show_table(table, view):
    """The trick header, key ring, scores, cards on the table, what to do and the hand."""
    trick = view["trick"]
    table.say("%s", "")
    if trick["round"] > 1:
        table.say("tac.term.trick_header_round", {"venue": view["venue"], "trick": trick["number"],
                                             "round": trick["round"],
                                             "facedown": trick["facedown"]})
    else:
        table.say("tac.term.trick_header", {"venue": view["venue"], "trick": trick["number"]})
    table.say("tac.term.key_ring", {"key": view["key"], "order": " > ".join(view["key_order"])})
    show_scores(table, view)
    show_trick(table, view)
    table.say("tac.term.your_hand")
    table.say("tac.term.hand_line", {"cards": join_list(card_name(c)
                                                    for c in sort_cards(view["hand"], view))})


def show_scores(table, view):
    """Each seat's total, tricks this venue and the Spotlight Card."""
    table.say("tac.term.scores")
    for row in view["seats"]:
        mark = text("tac.term.spotlight_mark") if row["spotlight"] else ""
        table.say("tac.term.score_row", {"name": display_name(table, row["seat"]),
                                    "total": row["total"], "count": row["tricks"],
                                    "spotlight": mark})
    if view["spotlight"] is None:
        table.say("tac.term.spotlight_centre")


def show_trick(table, view):
    """The face-up cards of this round and what the rules allow now."""
    trick = view["trick"]
    if trick["cards"]:
        table.say("tac.term.trick", {"round": trick["round"]})
        for seat, card in trick["cards"]:
            name = seat_name(seat, table.names)
            table.say("tac.term.table_card", {"name": name[:1].upper() + name[1:],
                                         "card": card_name(card)})
        show_duty(table, view)
    else:
        table.say("tac.term.you_lead")
    if trick["is_last"]:
        table.say("tac.term.last_trick")


def show_duty(table, view):
    """What the person must do: follow the lead colour (or match a chord), or anything."""
    trick = view["trick"]
    colour = trick["lead_colour"]
    held = any(COLOUR_OF[c] == colour for c in view["hand"])
    table.say("tac.term.must_follow" if held else "tac.term.free_choice", {"colour": colour_name(colour)})
    lead_chord = CHORD_OF[trick["cards"][0][1]]
    if (len(trick["cards"]) == 3 and not trick["is_last"]
            and trick["round"] - 1 < view["improvisation_limit"]
            and any(CHORD_OF[c] == lead_chord for c in legal_cards(view))):
        table.say("tac.term.can_improvise", {"chord": CHORDS[lead_chord]})


def show_result(table):
    """The final standings and whether the person won."""
    state = table.state
    table.say("cli.final")
    seats = sorted(range(state.players), key=lambda s: (-state.scores()[s],
                                                        -state.impro_totals[s]))
    for place, seat in enumerate(seats, 1):
        table.say("tac.term.final_row", {"place": place, "name": display_name(table, seat),
                                    "total": state.scores()[seat],
                                    "count": state.impro_totals[seat]})
    table.say("cli.you_won" if table.human in state.winners() else "cli.you_lost")


# --- simulate -----------------------------------------------------------------------------------
def add_game(tally, state):
    """Count a finished game's venue rows and events (and their interesting variants)."""
    for rows in state.venue_rows:
        for row in rows:
            tally.rows[row["seat"]].append(row)
    for event in state.events or ():
        kind = event["type"]
        if kind == "key_change" and event["same_key"]:
            tally.bump("key_change_same")
        if kind == "trick_won":
            tally.bump("trick_with_key" if event["with_key_chord"] else "trick_plain")
            if event["improvisation"]:
                tally.bump("improvised_trick")
        tally.bump(kind)


def report(say, names, tally):
    """Venue results per bot, Improvisation, Key Change and Spotlight rates."""
    count = tally.count
    tricks = count("trick_won") or 1
    venues = count("venue_scores") or 1
    for name in sorted(set(names)):
        say("tac.sim.venue", venue_shares(name, bot_rows(names, tally, name)))
    say("tac.sim.improvisation", {"per_trick": count("improvisation") / tricks,
                                  "share": count("improvised_trick") / tricks,
                                  "per_venue": count("improvisation") / venues,
                                  "blocked": count("improvisation_blocked")})
    say("tac.sim.key_change", {"per_trick": count("key_change") / tricks,
                               "same": count("key_change_same"),
                               "ignored": count("key_change_ignored")})
    held = sum(r["spotlight"] for rows in tally.rows for r in rows)
    say("tac.sim.spotlight", {"per_venue": count("spotlight") / venues,
                              "with_key": count("trick_with_key") / tricks,
                              "held": held / venues})
    for name in sorted(set(names)):
        say("tac.sim.spotlight_bot", {"bot": name,
                                      "share": spotlight_share(bot_rows(names, tally, name))})


def bot_rows(names, tally, name):
    """The venue rows of every seat a bot played."""
    return [r for s, n in enumerate(names) if n == name for r in tally.rows[s]]


def venue_shares(name, rows):
    """Mean venue score and how often a bot ends a venue on 3, over 3 and 0 tricks."""
    total = [r["tricks"] + r["spotlight"] for r in rows]
    n = len(rows) or 1
    return {"bot": name, "mean": sum(r["score"] for r in rows) / n,
            "three": total.count(3) / n, "over": sum(t > 3 for t in total) / n,
            "none": total.count(0) / n}


def spotlight_share(rows):
    """How often a bot holds the Spotlight Card when its venue is scored."""
    return sum(r["spotlight"] for r in rows) / (len(rows) or 1)
