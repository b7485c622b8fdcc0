"""The command line: play a game in the terminal against bots, or let bots play many games.

    python -m pygame_rules play take-a-chord --players 4 --seed 7 --seat 0 --bot heuristic
    python -m pygame_rules simulate take-a-chord --games 1000 --bots heuristic,random

Every sentence printed comes from the message catalogue (`messages.py`, keys "cli.*").
"""

import argparse
import random
import statistics
import sys
import time

from .bots import bot_action, bot_names, make_bot
from .core import GAMES, IllegalAction, SetupError, new_game
from .games.take_a_chord.cards import (CHORD_OF, CHORDS, COLOUR_OF, card_name, colour_name,
                                       parse_card)
from .games.take_a_chord.log import event_lines, seat_name
from .messages import text

TERMINAL_GAMES = ("take-a-chord",)
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "h", "help")


# --- arguments --------------------------------------------------------------------------------
def build_parser():
    """The argument parser for `play` and `simulate`."""
    parser = argparse.ArgumentParser(prog="python -m pygame_rules",
                                     description=text("cli.description"))
    sub = parser.add_subparsers(dest="command", required=True)
    games = ", ".join(sorted(GAMES))
    play = sub.add_parser("play", help=text("cli.arg.play"))
    play.add_argument("game", help=text("cli.arg.game", {"games": games}))
    _common_arguments(play)
    play.add_argument("--seat", type=int, default=0, help=text("cli.arg.seat"))
    play.add_argument("--bot", default="heuristic",
                      help=text("cli.arg.bot", {"bots": ", ".join(sorted(
                          {name for game in GAMES for name in bot_names(game)}))}))
    play.add_argument("--name", default=None, help=text("cli.arg.name"))
    sim = sub.add_parser("simulate", help=text("cli.arg.simulate"))
    sim.add_argument("game", help=text("cli.arg.game", {"games": games}))
    _common_arguments(sim)
    sim.add_argument("--games", type=int, default=100, help=text("cli.arg.games"))
    sim.add_argument("--bots", default=None, help=text("cli.arg.bots"))
    return parser


def _common_arguments(parser):
    """--players and --seed, shared by both commands."""
    parser.add_argument("--players", type=int, default=4, help=text("cli.arg.players"))
    parser.add_argument("--seed", default=None, help=text("cli.arg.seed"))


def read_seed(raw):
    """The seed as given (a number stays a number); a fresh random one when none is given."""
    if raw is None:
        return random.randrange(1 << 32)
    return int(raw) if raw.lstrip("-").isdigit() else raw


def main(argv=None, stdin=None, stdout=None):
    """Run one command; returns the exit code (0 done, 2 bad arguments)."""
    args = build_parser().parse_args(argv)
    out = stdout or sys.stdout
    try:
        if args.command == "play":
            return play(args, stdin or sys.stdin, out)
        return simulate(args, out)
    except SetupError as err:
        say(out, "%s", err.message)
        return 2


def say(out, msg_id, params=None):
    """Print one catalogue message ('%s' prints a message already rendered)."""
    line = params if msg_id == "%s" else text(msg_id, params)
    out.write(line + "\n")


# --- play ---------------------------------------------------------------------------------------
class Table:
    """A terminal game: the state, the human's seat, the bots and how far the log is shown."""

    def __init__(self, args, stdin, out):
        """Deal the game and seat the person and the bots."""
        self.seed = read_seed(args.seed)
        self.state = new_game(args.game, args.players, self.seed)
        if not 0 <= args.seat < args.players:
            raise SetupError("cli.bad_seat", max=args.players - 1)
        self.human, self.stdin, self.out = args.seat, stdin, out
        self.names = [text("cli.bot_name", {"number": s + 1}) for s in range(args.players)]
        self.names[self.human] = args.name or text("cli.human_name", {"number": self.human + 1})
        self.bots = {s: make_bot(args.game, args.bot, "%s:%d" % (self.seed, s))
                     for s in range(args.players) if s != self.human}
        self.shown = 0
        self.echo = not getattr(stdin, "isatty", lambda: False)()


def play(args, stdin, out):
    """Play one whole game in the terminal; returns the exit code."""
    if args.game not in GAMES:
        raise SetupError("error.unknown_game", game=args.game)
    if args.game not in TERMINAL_GAMES:
        raise SetupError("cli.no_terminal_play", game=GAMES[args.game].title)
    table = Table(args, stdin, out)
    say(out, "cli.seed_used", {"seed": table.seed})
    show_seating(table, args.bot)
    while not table.state.is_over:
        show_events(table)
        if table.state.current_player != table.human:
            table.state.apply(bot_action(table.state, table.bots[table.state.current_player]))
        elif not human_turn(table):
            say(out, "cli.bye")
            return 0
    show_events(table)
    show_result(table)
    return 0


def show_seating(table, bot):
    """Who sits where, and which seat is the person's."""
    seats = [text("cli.seat_entry", {"name": name, "kind": bot if s != table.human
                                     else text("cli.kind.human")})
             for s, name in enumerate(table.names)]
    say(table.out, "cli.seating", {"seats": ", ".join(seats)})


def show_events(table):
    """Print the log lines of every event not shown yet (a score table for venue scores)."""
    events = table.state.events_for(table.human)
    for event in events[table.shown:]:
        if event["type"] == "venue_start":
            say(table.out, "%s", "")
            say(table.out, "cli.venue_banner", {"venue": event["venue"],
                                                "venues": table.state.players})
        if event["type"] == "venue_scores":
            show_venue_table(table, event)
            continue
        for line in event_lines(event, table.names):
            say(table.out, "%s", line)
    table.shown = len(events)


def show_venue_table(table, event):
    """The venue's score table: how each score came about (chart, Spotlight, bonus)."""
    say(table.out, "%s", "")
    say(table.out, "cli.venue_table", {"venue": event["venue"]})
    head = {k: text("cli.col." + k) for k in ("tricks", "spotlight", "improvisations", "chart",
                                              "bonus", "score", "total")}
    say(table.out, "cli.venue_table_row", dict(head, name=text("cli.col.player")))
    for row in event["rows"]:
        mark = "cli.spotlight_yes" if row["spotlight"] else "cli.spotlight_no"
        say(table.out, "cli.venue_table_row", {
            "name": display_name(table, row["seat"]), "tricks": row["tricks"],
            "spotlight": text(mark), "improvisations": row["improvisations"],
            "chart": row["chart"], "bonus": row["bonus"], "score": row["score"],
            "total": row["total"]})
    say(table.out, "%s", "")


def display_name(table, seat):
    """A seat's name, marked '(you)' for the person playing."""
    name = seat_name(seat, table.names)
    return name + text("cli.you_mark") if seat == table.human else name


def human_turn(table):
    """Show the table, then read choices until a card is played; False when the person quits."""
    view = table.state.view(table.human)
    show_table(table, view)
    legal = sort_cards(view["legal"], view)
    while True:
        line = ask(table)
        if line is None or line.lower() in QUIT_WORDS:
            return False
        card = read_choice(table, line, legal)
        if card is None:
            continue
        try:
            table.state.apply(card)
            return True
        except IllegalAction as err:
            say(table.out, "%s", err.message)


def ask(table):
    """Prompt and read one line; None at the end of the input."""
    table.out.write(text("cli.prompt", {"name": table.names[table.human]}))
    table.out.flush()
    try:
        line = table.stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if table.echo or not line:
        table.out.write("\n" if not line else text("cli.echo", {"text": line.strip()}) + "\n")
    return line.strip() if line else None


def read_choice(table, line, legal):
    """The card a typed line names (a list number or a card name), or None after saying why."""
    if not line:
        return None
    if line.lower() in HELP_WORDS:
        say(table.out, "cli.help")
        return None
    if line.isdigit():
        number = int(line)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        say(table.out, "cli.bad_number", {"max": len(legal)})
        return None
    card = parse_card(line)
    if card is None:
        say(table.out, "cli.unknown_card", {"text": line})
    return card


def sort_cards(cards, view):
    """Cards sorted by colour, then strongest first under the Key Chord."""
    key = CHORDS.index(view["key"])
    return sorted(cards, key=lambda c: (COLOUR_OF[c], (CHORD_OF[c] - key) % 7))


def show_table(table, view):
    """The trick header, key ring, scores, cards on the table, what to do, hand and choices."""
    out, trick = table.out, view["trick"]
    say(out, "%s", "")
    if trick["round"] > 1:
        say(out, "cli.trick_header_round", {"venue": view["venue"], "trick": trick["number"],
                                            "round": trick["round"],
                                            "facedown": trick["facedown"]})
    else:
        say(out, "cli.trick_header", {"venue": view["venue"], "trick": trick["number"]})
    say(out, "cli.key_ring", {"key": view["key"], "order": " > ".join(view["key_order"])})
    show_scores(table, view)
    show_trick(table, view)
    say(out, "cli.your_hand")
    say(out, "cli.hand_line", {"cards": ", ".join(card_name(c)
                                                   for c in sort_cards(view["hand"], view))})
    say(out, "cli.legal")
    for number, card in enumerate(sort_cards(view["legal"], view), 1):
        say(out, "cli.legal_row", {"number": number, "card": card_name(card)})


def show_scores(table, view):
    """Each seat's total, tricks this venue and the Spotlight Card."""
    say(table.out, "cli.scores")
    for row in view["seats"]:
        mark = text("cli.spotlight_mark") if row["spotlight"] else ""
        say(table.out, "cli.score_row", {"name": display_name(table, row["seat"]),
                                         "total": row["total"], "tricks": row["tricks"],
                                         "spotlight": mark})
    if view["spotlight"] is None:
        say(table.out, "cli.spotlight_centre")


def show_trick(table, view):
    """The face-up cards of this round and what the rules allow now."""
    trick, out = view["trick"], table.out
    if trick["cards"]:
        say(out, "cli.trick", {"round": trick["round"]})
        for seat, card in trick["cards"]:
            name = seat_name(seat, table.names)
            say(out, "cli.table_card", {"name": name[:1].upper() + name[1:],
                                        "card": card_name(card)})
        show_duty(table, view)
    else:
        say(out, "cli.you_lead")
    if trick["is_last"]:
        say(out, "cli.last_trick")


def show_duty(table, view):
    """What the person must do: follow the lead colour (or match a chord), or anything."""
    trick, out = view["trick"], table.out
    colour = trick["lead_colour"]
    held = any(COLOUR_OF[c] == colour for c in view["hand"])
    say(out, "cli.must_follow" if held else "cli.free_choice", {"colour": colour_name(colour)})
    lead_chord = CHORD_OF[trick["cards"][0][1]]
    if (len(trick["cards"]) == 3 and not trick["is_last"]
            and trick["round"] - 1 < view["improvisation_limit"]
            and any(CHORD_OF[c] == lead_chord for c in view["legal"])):
        say(out, "cli.can_improvise", {"chord": CHORDS[lead_chord]})


def show_result(table):
    """The final standings and whether the person won."""
    state = table.state
    say(table.out, "cli.final")
    seats = sorted(range(state.players), key=lambda s: (-state.scores()[s],
                                                        -state.impro_totals[s]))
    for place, seat in enumerate(seats, 1):
        say(table.out, "cli.final_row", {"place": place, "name": display_name(table, seat),
                                         "total": state.scores()[seat],
                                         "improvisations": state.impro_totals[seat]})
    say(table.out, "cli.you_won" if table.human in state.winners() else "cli.you_lost")


# --- simulate -----------------------------------------------------------------------------------
def seat_bots(args):
    """The bot name of every seat from --bots (default: heuristic against random bots)."""
    raw = args.bots or ",".join(["heuristic"] + ["random"] * (args.players - 1))
    names = [n.strip() for n in raw.split(",") if n.strip()]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise SetupError("cli.bad_bots", players=args.players, count=len(names))
    return names


def simulate(args, out):
    """Let bots play many games; print scores, Improvisation, Key Change and Spotlight stats."""
    if args.game not in GAMES:
        raise SetupError("error.unknown_game", game=args.game)
    if args.games < 1:
        raise SetupError("cli.bad_games")
    seed = read_seed(args.seed) if args.seed is not None else 0
    names = seat_bots(args)
    bots = [make_bot(args.game, n, "%s:%d" % (seed, s)) for s, n in enumerate(names)]
    tally = Tally(args.players)
    started = time.perf_counter()
    for number in range(args.games):
        state = new_game(args.game, args.players, "%s:%d" % (seed, number))
        while not state.is_over:
            state.apply(bot_action(state, bots[state.current_player]))
        tally.add(state)
    seconds = max(time.perf_counter() - started, 1e-9)
    report(out, args, seed, names, tally, seconds)
    return 0


class Tally:
    """Scores, wins and the counts of events over many games."""

    def __init__(self, players):
        """Empty tallies for `players` seats."""
        self.scores = [[] for _ in range(players)]
        self.wins = [0.0] * players
        self.venue_rows = [[] for _ in range(players)]
        self.events = {}
        self.actions = 0
        self.games = 0

    def add(self, state):
        """Count one finished game."""
        self.games += 1
        self.actions += len(state.history)
        for seat, score in enumerate(state.scores()):
            self.scores[seat].append(score)
        for seat in state.winners():
            self.wins[seat] += 1 / len(state.winners())
        for rows in getattr(state, "venue_rows", ()):
            for row in rows:
                self.venue_rows[row["seat"]].append(row)
        for event in state.events or ():
            self.count(event)

    def count(self, event):
        """Count an event by type (and its interesting variants)."""
        kind = event["type"]
        if kind == "key_change" and event["same_key"]:
            self.bump("key_change_same")
        if kind == "trick_won":
            self.bump("trick_with_key" if event["with_key_chord"] else "trick_plain")
            if event["improvisation"]:
                self.bump("improvised_trick")
        self.bump(kind)

    def bump(self, name):
        """Add one to a named count."""
        self.events[name] = self.events.get(name, 0) + 1


def report(out, args, seed, names, tally, seconds):
    """Print the statistics of a simulation."""
    title = GAMES[args.game].title
    say(out, "cli.sim.title", {"title": title, "games": tally.games, "players": args.players,
                               "seed": seed})
    for seat, name in enumerate(names):
        say(out, "cli.sim.seat", dict(spread(tally.scores[seat]), seat=seat, bot=name,
                                      share=tally.wins[seat] / tally.games))
    for name in sorted(set(names)):
        seats = [s for s, n in enumerate(names) if n == name]
        scores = [x for s in seats for x in tally.scores[s]]
        share = sum(tally.wins[s] for s in seats) / tally.games / len(seats)
        say(out, "cli.sim.bot", dict(spread(scores), bot=name, seats=len(seats), share=share))
    if args.game == "take-a-chord":
        report_take_a_chord(out, names, tally)
    say(out, "cli.sim.throughput", {"games_per_s": tally.games / seconds,
                                    "actions_per_s": tally.actions / seconds,
                                    "actions": tally.actions, "seconds": seconds})


def spread(values):
    """Mean, standard deviation, minimum and maximum of some scores."""
    return {"mean": statistics.fmean(values), "stdev": statistics.pstdev(values),
            "min": min(values), "max": max(values)}


def report_take_a_chord(out, names, tally):
    """Venue results per bot, Improvisation, Key Change and Spotlight rates."""
    count = tally.events.get
    tricks = count("trick_won", 0) or 1
    venues = count("venue_scores", 0) or 1
    for name in sorted(set(names)):
        rows = [r for s, n in enumerate(names) if n == name for r in tally.venue_rows[s]]
        say(out, "cli.sim.venue", venue_shares(name, rows))
    say(out, "cli.sim.improvisation", {"per_trick": count("improvisation", 0) / tricks,
                                       "share": count("improvised_trick", 0) / tricks,
                                       "per_venue": count("improvisation", 0) / venues,
                                       "blocked": count("improvisation_blocked", 0)})
    say(out, "cli.sim.key_change", {"per_trick": count("key_change", 0) / tricks,
                                    "same": count("key_change_same", 0),
                                    "ignored": count("key_change_ignored", 0)})
    held = sum(r["spotlight"] for rows in tally.venue_rows for r in rows)
    say(out, "cli.sim.spotlight", {"per_venue": count("spotlight", 0) / venues,
                                   "with_key": count("trick_with_key", 0) / tricks,
                                   "held": held / venues})
    for name in sorted(set(names)):
        rows = [r for s, n in enumerate(names) if n == name for r in tally.venue_rows[s]]
        say(out, "cli.sim.spotlight_bot", {"bot": name, "share": spotlight_share(rows)})


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
