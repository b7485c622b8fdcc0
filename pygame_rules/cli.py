"""The command line: play a game in the terminal against bots, or let bots play many games.

    python -m pygame_rules play take-a-chord --players 4 --seed 7 --seat 0 --bot heuristic
    python -m pygame_rules play take-bamboo --players 5
    python -m pygame_rules simulate take-bamboo --games 500 --players 4
    python -m pygame_rules play taktvoll --players 4
    python -m pygame_rules play rechord --players 1 --option difficulty=touring

This module is the same for every game: arguments, the turn loop, reading numbers, the
simulation loop and its common statistics. What is particular to a game (how its table, its
choices, its log and its statistics look) lives in the game's `terminal` module, the part
its declaration names (`core.PARTS`); each offers:

    PROMPT_HELP                                 the help message id
    on_event(table, event)                      print one event of the person's log
    turn(table, view) -> Prompt                 print the situation; the first choice to make
    show_result(table)                          the final standings
    add_game(tally, state)                      count a finished simulated game
    report(say, names, tally)                   print the game's own statistics

Every sentence printed comes from the message catalogue (`messages.py`).
"""

import argparse
import random
import statistics
import sys
import time

from .bots import automaton_for, bot_action, bot_names, default_bot, make_bot, with_automata
from .core import GAMES, IllegalAction, SetupError, clip, new_game
from .messages import LANGUAGES, join_list, language, set_language, text
from . import tournament as _tournament

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "h", "help")


# --- arguments --------------------------------------------------------------------------------
def arg_help(msg_id, params=None):
    """A catalogue text as argparse help (which formats help with %: a "95%" must be "95%%")."""
    return text(msg_id, params).replace("%", "%%")


def build_parser():
    """The argument parser for `play` and `simulate`."""
    parser = argparse.ArgumentParser(prog="python -m pygame_rules",
                                     description=text("cli.description"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=arg_help("cli.arg.lang"))
    sub = parser.add_subparsers(dest="command", required=True)
    games = ", ".join(sorted(GAMES))
    play = sub.add_parser("play", help=arg_help("cli.arg.play"))
    play.add_argument("game", help=arg_help("cli.arg.game", {"games": games}))
    _common_arguments(play)
    play.add_argument("--seat", type=int, default=0, help=arg_help("cli.arg.seat"))
    play.add_argument("--bot", default=None,
                      help=arg_help("cli.arg.bot", {"bots": ", ".join(sorted(
                          {name for game in GAMES for name in bot_names(game)}))}))
    play.add_argument("--name", default=None, help=arg_help("cli.arg.name"))
    sim = sub.add_parser("simulate", help=arg_help("cli.arg.simulate"))
    sim.add_argument("game", help=arg_help("cli.arg.game", {"games": games}))
    _common_arguments(sim)
    sim.add_argument("--games", type=int, default=100, help=arg_help("cli.arg.games"))
    sim.add_argument("--bots", default=None, help=arg_help("cli.arg.bots"))
    tour = sub.add_parser("tournament", help=arg_help("cli.arg.tournament"))
    tour.add_argument("game", help=arg_help("cli.arg.game", {"games": games}))
    tour.add_argument("--seats", required=True, help=arg_help("cli.arg.seats"))
    tour.add_argument("--games", type=int, default=100, help=arg_help("cli.arg.games"))
    tour.add_argument("--seed", default="0", help=arg_help("cli.arg.seed"))
    tour.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=arg_help("cli.arg.option"))
    tour.add_argument("--per-move-seconds", type=float, default=None, metavar="SECONDS",
                      help=arg_help("cli.arg.per_move_seconds"))
    tour.add_argument("--jobs", type=int, default=1, help=arg_help("cli.arg.jobs"))
    return parser


def _common_arguments(parser):
    """--players, --seed and --option, shared by both commands."""
    parser.add_argument("--players", type=int, default=4, help=arg_help("cli.arg.players"))
    parser.add_argument("--seed", default=None, help=arg_help("cli.arg.seed"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help=arg_help("cli.arg.option"))


def read_options(game_id, raw):
    """The game options given as NAME=VALUE, each value read as one of the option's allowed
    values (the engine refuses unknown names and values with its own reason)."""
    known = {o.name: o for o in GAMES[game_id].options}
    options = {}
    for item in raw or ():
        name, _, value = item.partition("=")
        name, value = name.strip(), value.strip()
        option = known.get(name)
        allowed = option.allowed if option else ()
        options[name] = next((a for a in allowed if str(a).lower() == value.lower()), value)
    return options


def read_seed(raw):
    """The seed as given (a number stays a number); a fresh random one when none is given."""
    if raw is None:
        return random.randrange(1 << 32)
    return int(raw) if raw.lstrip("-").isdigit() else raw


def chosen_language(argv):
    """The --lang given (before the command), read first: the help texts are in it."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", choices=LANGUAGES, default="en")
    return early.parse_known_args(argv)[0].lang


def main(argv=None, stdin=None, stdout=None):
    """Run one command in the language of --lang; returns the exit code (0 done, 2 bad
    arguments)."""
    before = language()
    set_language(chosen_language(sys.argv[1:] if argv is None else argv))
    try:
        return run(build_parser().parse_args(argv), stdin, stdout)
    finally:
        set_language(before)


def run(args, stdin=None, stdout=None):
    """Run the parsed command."""
    out = stdout or sys.stdout
    try:
        if args.command == "play":
            return play(args, stdin or sys.stdin, out)
        if args.command == "tournament":
            return tournament(args, out)
        return simulate(args, out)
    except SetupError as err:
        say(out, "%s", err.message)
        return 2


def tournament(args, out):
    """Bots against each other, seats rotated; win rates and mean scores with 95% intervals."""
    if args.game not in GAMES:
        raise SetupError("error.unknown_game", game=clip(args.game))
    seats = [name.strip() for name in args.seats.split(",") if name.strip()]
    for name in seats:
        if name not in _tournament.seat_kinds(args.game):
            raise SetupError("cli.unknown_bot", bot=name, game=args.game,
                             known=", ".join(_tournament.seat_kinds(args.game)))
    options = read_options(args.game, args.option)
    seconds = args.per_move_seconds
    result = _tournament.run(args.game, seats, args.games, args.seed, options,
                             seconds=seconds if seconds and seconds > 0 else None,
                             jobs=max(1, args.jobs))
    _tournament.report(lambda msg_id, params: say(out, msg_id, params), args.game, seats,
                       args.games, args.seed, result)
    return 0


def say(out, msg_id, params=None):
    """Print one catalogue message ('%s' prints a message already rendered)."""
    line = params if msg_id == "%s" else text(msg_id, params)
    out.write(line + "\n")


# --- play ---------------------------------------------------------------------------------------
class Prompt:
    """One choice to make: a numbered list; picking a value gives an action or the next Prompt.

    `ask` is the (message id, parameters) of the input line, `head` an optional message printed
    above the list, `choices` the (number, value, label) rows, `pick(value)` turns the chosen
    value into an action (or a further Prompt), and `parse(text)` reads a typed name into a
    value (None once it has said why it could not).
    """

    def __init__(self, ask, choices, head=None, pick=None, parse=None):
        self.ask, self.choices, self.head = ask, choices, head
        self.pick = pick or (lambda value: value)
        self.parse = parse


class Table:
    """A terminal game: the state, the human's seat, the bots and how far the log is shown."""

    def __init__(self, args, stdin, out):
        """Deal the game and seat the person and the bots."""
        self.seed = read_seed(args.seed)
        self.state = new_game(args.game, args.players, self.seed,
                              read_options(args.game, args.option) or None)
        if not 0 <= args.seat < args.players:
            raise SetupError("cli.bad_seat", max=args.players - 1)
        self.term = GAMES[args.game].part("terminal")
        self.human, self.stdin, self.out = args.seat, stdin, out
        self.names = [text("cli.bot_name", {"number": s + 1}) for s in range(args.players)]
        self.names[self.human] = args.name or text("cli.human_name", {"number": self.human + 1})
        self.bots = {s: make_bot(args.game, args.bot, "%s:%d" % (self.seed, s))
                     for s in range(args.players) if s != self.human}
        self.bots.update({s: automaton_for(self.state, s, self.seed) for s in self.state.automata})
        self.shown = 0
        self.echo = not getattr(stdin, "isatty", lambda: False)()

    def say(self, msg_id, params=None):
        """Print one catalogue message to this table's output."""
        say(self.out, msg_id, params)

    def prompt(self, ask, choices, head=None, pick=None, parse=None):
        """A Prompt (the game modules build theirs here, without importing this module)."""
        return Prompt(ask, choices, head, pick, parse)


def play(args, stdin, out):
    """Play one whole game in the terminal; returns the exit code."""
    if args.game not in GAMES:
        raise SetupError("error.unknown_game", game=clip(args.game))
    args.bot = args.bot or default_bot(args.game)
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
    table.term.show_result(table)
    return 0


def show_seating(table, bot):
    """Who sits where, and which seat is the person's."""
    seats = [text("cli.seat_entry", {"name": name, "kind": bot if s != table.human
                                     else text("cli.kind.human")})
             for s, name in enumerate(table.names)]
    say(table.out, "cli.seating", {"seats": join_list(seats)})


def show_events(table):
    """Print every event of the person's log not shown yet, as the game tells it."""
    events = table.state.events_for(table.human)
    for event in events[table.shown:]:
        table.term.on_event(table, event)
    table.shown = len(events)


def show_prompt(table, prompt):
    """The prompt's heading and its numbered choices."""
    if prompt.head:
        say(table.out, *prompt.head)
    for number, _, label in prompt.choices:
        say(table.out, "cli.legal_row", {"number": number, "card": label})


def human_turn(table):
    """Show the table, then read choices until an action is taken; False when the person quits.

    Several numbers on one line answer several prompts in a row (a pass: left, then right).
    """
    first = prompt = table.term.turn(table, table.state.view(table.human))
    show_prompt(table, prompt)
    while True:
        line = ask(table, prompt)
        if line is None or line.lower() in QUIT_WORDS:
            return False
        if not line:
            continue
        if line.lower() in HELP_WORDS:
            say(table.out, table.term.PROMPT_HELP)
            continue
        words = line.split()
        words = words if len(words) > 1 and all(w.isdigit() for w in words) else [line]
        result = read_line(table, words, prompt)
        if result is None:
            continue
        if isinstance(result, Prompt):
            prompt = result
            show_prompt(table, prompt)
            continue
        try:
            table.state.apply(result)
            return True
        except IllegalAction as err:
            say(table.out, "%s", err.message)
            prompt = first


def read_line(table, words, prompt):
    """What the words of one line choose: an action, the next Prompt, or None after saying
    why (a word that is not a choice, or more numbers than there are choices to make)."""
    result = prompt
    for i, word in enumerate(words):
        if not isinstance(result, Prompt):
            say(table.out, "cli.unknown_card", {"text": " ".join(words[i:])})
            return None
        value = read_choice(table, word, result)
        if value is None:
            return None
        result = result.pick(value)
    return result


def ask(table, prompt):
    """Prompt and read one line; None at the end of the input."""
    table.out.write(text(*prompt.ask))
    table.out.flush()
    try:
        line = table.stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if table.echo or not line:
        table.out.write("\n" if not line else text("cli.echo", {"text": line.strip()}) + "\n")
    return line.strip() if line else None


def read_choice(table, word, prompt):
    """The value a typed word picks (a listed number or a name), or None after saying why."""
    if word.isdigit():
        for number, value, _ in prompt.choices:
            if number == int(word):
                return value
        say(table.out, "cli.bad_number", {"max": max(n for n, _, _ in prompt.choices)})
        return None
    if prompt.parse is None:
        say(table.out, "cli.unknown_card", {"text": word})
        return None
    return prompt.parse(word)


# --- simulate -----------------------------------------------------------------------------------
def seat_bots(args):
    """The bot name of every seat from --bots (default: heuristic, where the game has one,
    against random bots)."""
    raw = args.bots or ",".join([default_bot(args.game)] + ["random"] * (args.players - 1))
    names = [n.strip() for n in raw.split(",") if n.strip()]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise SetupError("cli.bad_bots", players=args.players, count=len(names))
    return names


def simulate(args, out):
    """Let bots play many games; print the scores, wins, the game's own rates, throughput."""
    if args.game not in GAMES:
        raise SetupError("error.unknown_game", game=clip(args.game))
    if args.games < 1:
        raise SetupError("cli.bad_games")
    seed = read_seed(args.seed) if args.seed is not None else 0
    names = seat_bots(args)
    options = read_options(args.game, args.option) or None
    bots = [make_bot(args.game, n, "%s:%d" % (seed, s)) for s, n in enumerate(names)]
    tally = Tally(args.players, GAMES[args.game].part("terminal"))
    started = time.perf_counter()
    for number in range(args.games):
        state = new_game(args.game, args.players, "%s:%d" % (seed, number), options)
        seated = with_automata(state, bots, seed="%s:%d" % (seed, number))
        while not state.is_over:
            state.apply(bot_action(state, seated[state.current_player]))
        tally.add(state)
    seconds = max(time.perf_counter() - started, 1e-9)
    report(out, args, seed, names, tally, seconds)
    return 0


class Tally:
    """Scores, wins, actions and the game's own counts over many games."""

    def __init__(self, players, term=None):
        """Empty tallies for `players` seats; `term` counts what is particular to the game."""
        self.term = term
        self.scores = [[] for _ in range(players)]
        self.wins = [0.0] * players
        self.rows = [[] for _ in range(players)]      # each seat's score rows (venue, round)
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
        if self.term is not None:
            self.term.add_game(self, state)

    def bump(self, name, by=1):
        """Add to a named count."""
        self.events[name] = self.events.get(name, 0) + by

    def count(self, name, default=0):
        """A named count."""
        return self.events.get(name, default)


def report(out, args, seed, names, tally, seconds):
    """Print the statistics of a simulation."""
    title = GAMES[args.game].shown_title()
    say(out, "cli.sim.title", {"title": title, "count": tally.games,
                               "players": text("cli.sim.players", {"count": args.players}),
                               "seed": seed})
    for seat, name in enumerate(names):
        say(out, "cli.sim.seat", dict(spread(tally.scores[seat]), seat=seat, bot=name,
                                      share=tally.wins[seat] / tally.games))
    for name in sorted(set(names)):
        seats = [s for s, n in enumerate(names) if n == name]
        scores = [x for s in seats for x in tally.scores[s]]
        share = sum(tally.wins[s] for s in seats) / tally.games / len(seats)
        say(out, "cli.sim.bot", dict(spread(scores), bot=name, count=len(seats), share=share))
    if tally.term is not None:
        tally.term.report(lambda msg_id, params=None: say(out, msg_id, params), names, tally)
    say(out, "cli.sim.throughput", {"games_per_s": tally.games / seconds,
                                    "actions_per_s": tally.actions / seconds,
                                    "actions": tally.actions, "seconds": seconds})


def spread(values):
    """Mean, standard deviation, minimum and maximum of some scores."""
    return {"mean": statistics.fmean(values), "stdev": statistics.pstdev(values),
            "min": min(values), "max": max(values)}
