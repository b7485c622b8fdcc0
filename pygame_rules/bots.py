"""Bots any table can seat: a bot is a callable `choose(view, legal, rng) -> action`.

A bot sees exactly what its seat may see, the `view(seat)` dict, and the list of legal
actions; it never receives the state, so the same bot can run from JSON in a browser worker.
`rng` is the bot's own `random.Random`, apart from the game's seeded chance, so a bot never
changes how the cards fall.

Which bots a game has is declared in the game's own `bots` module (`BOTS`, `DESCRIPTIONS`,
`ranked`, `play`; see `core.PARTS`); every game also gets the bots made here from its heuristic:
random, Easy (the heuristic with noise), and the search levels Normal and Hard. Each call of
`make_bot` makes a new bot, so no two seats share one.

    >>> bot = make_bot("take-a-chord", "heuristic", seed=1)
    >>> action = bot.act(state.view(state.current_player), state.legal_actions())
"""

import random

from .core import GAMES, SetupError
from .messages import text
from .search import SECONDS, search_bot

LEVELS = ("easy",) + tuple(SECONDS)            # the levels made from a game's heuristic
DESCRIPTIONS = {"easy": "bot.easy", "normal": "bot.normal", "hard": "bot.hard"}


def random_choice(view, legal, rng):
    """Any legal action, uniformly (as a tuple: the list may have come through JSON)."""
    action = legal[rng.randrange(len(legal))]
    return tuple(action) if isinstance(action, list) else action


class NoisyBot:
    """Easy: the heuristic bot, but now and then any legal action instead."""

    def __init__(self, choose, noise=0.3):
        self.choose = choose
        self.noise = noise

    def __call__(self, view, legal, rng):
        """The heuristic's choice, or with probability `noise` a random legal action."""
        if rng.random() < self.noise:
            return random_choice(view, legal, rng)
        return self.choose(view, legal, rng)


def kit(game_id):
    """The game's bots module (its BOTS, DESCRIPTIONS, ranked and play)."""
    return GAMES[game_id].part("bots")


def bot_names(game_id):
    """The bot names a game offers (none for an unknown game)."""
    if game_id not in GAMES:
        return []
    own = kit(game_id).BOTS
    return sorted({"random", *own, *(LEVELS if "heuristic" in own else ())})


def default_bot(game_id):
    """The bot seated when none is named: the heuristic one where the game has it."""
    return "heuristic" if "heuristic" in bot_names(game_id) else "random"


def new_bot(game_id, name, clock=True):
    """A new `choose` callable of a named bot, or SetupError if there is none; a search level
    plays without its clock when `clock` is False (the same seed, the same move)."""
    if name not in bot_names(game_id):
        raise SetupError("cli.unknown_bot", bot=name, game=game_id,
                         known=", ".join(bot_names(game_id)) or "-")
    game = kit(game_id)
    if name in game.BOTS:
        return game.BOTS[name]
    if name == "random":
        return random_choice
    if name == "easy":
        return NoisyBot(game.BOTS["heuristic"])
    return search_bot(game_id, name, guide=game.BOTS["heuristic"], rank=game.ranked,
                      policy=game.play, clock=clock)


def bot_description(game_id, name, lang=None):
    """A sentence saying how a bot plays ('' when there is none)."""
    msg_id = DESCRIPTIONS.get(name) or (kit(game_id).DESCRIPTIONS.get(name)
                                        if game_id in GAMES else None)
    return text(msg_id, lang=lang) if msg_id else ""


class Automaton:
    """The bot of a seat the engine plays itself (Re-Chord's Jim Bot): its one legal action,
    the automaton's own next step; it has no random generator."""

    name = "automaton"
    rng = None

    @staticmethod
    def choose(view, legal, rng):
        """The only legal action."""
        (step,) = legal
        return step

    def act(self, view, legal):
        """The only legal action."""
        return self.choose(view, legal, None)

    __call__ = act


AUTOMATON = Automaton()


def with_automata(state, bots, seed=0, clock=True):
    """One bot per seat: `bots` (one per player, in seat order), then at each seat the engine
    plays its automaton, or the bot the game names for it (`automaton_bot`, seeded from `seed`
    and the seat; `clock` as for make_bot)."""
    return list(bots) + [automaton_for(state, seat, seed, clock) for seat in state.automata]


def automaton_for(state, seat, seed=0, clock=True):
    """The bot of a seat the engine plays: AUTOMATON (its one step), or a bot of the level the
    game names for its choices."""
    level = state.automaton_bot(seat)
    if level is None:
        return AUTOMATON
    return make_bot(state.game.id, level, seed="%s/automaton/%d" % (seed, seat), clock=clock)


class SeatedBot:
    """A bot with its own seeded random generator, ready to act for one seat."""

    def __init__(self, game_id, name, seed=0, clock=True):
        self.game_id = game_id
        self.name = name
        self.choose = new_bot(game_id, name, clock)
        self.rng = random.Random(seed)

    def act(self, view, legal):
        """The bot's action for this view and these legal actions."""
        return self.choose(view, legal, self.rng)

    __call__ = act


def make_bot(game_id, name="random", seed=0, clock=True):
    """A new seated bot of the named kind for a game, seeded for repeatable play."""
    return SeatedBot(game_id, name, seed, clock)


def searches(bot):
    """True for a bot that searches (the page asks its worker for the bot's moves)."""
    return bot is not None and getattr(bot.choose, "searches", False)


def cap_clock(bot, think):
    """Cap a searching bot's clock at `think` seconds (> 0; the page's think setting); the
    bot."""
    if think and think > 0 and searches(bot):
        bot.choose.seconds = min(float(think), bot.choose.seconds or float(think))
    return bot


def bot_action(state, bot):
    """Ask `bot` for the current player's action, handing it only the seat's view and the legal
    list, whatever the bot (a search deals its samples from that view). At a seat the engine
    plays, its one action is played: no bot is asked, no random number drawn."""
    if state.current_player in state.automata and \
            state.automaton_bot(state.current_player) is None:
        return AUTOMATON.act(None, state.legal_actions())
    return bot.act(state.view(state.current_player), state.legal_actions())
