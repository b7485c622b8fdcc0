"""Bots any table can seat: a bot is a callable `choose(view, legal, rng) -> action`.

A bot sees exactly what its seat may see, the `view(seat)` dict, and the list of legal
actions; it never receives the state, so the same bot can run from JSON in a browser worker.
`rng` is the bot's own `random.Random`, apart from the game's seeded chance, so a bot never
changes how the cards fall.

    >>> bot = make_bot("take-a-chord", "heuristic", seed=1)
    >>> action = bot.act(state.view(state.current_player), state.legal_actions())
"""

import random

from .core import GAMES, SetupError
from .games.take_a_chord import bots as _take_a_chord
from .games.rechord import bots as _rechord
from .games.take_bamboo import bots as _take_bamboo
from .games.taktvoll import bots as _taktvoll
from .messages import text
from .search import LEVELS, search_bot


def random_choice(view, legal, rng):
    """Any legal action, uniformly: the baseline every game has."""
    return legal[rng.randrange(len(legal))]


class RandomBot:
    """A bot that plays a uniformly random legal action in any game."""

    name = "random"

    def __call__(self, view, legal, rng):
        """Pick one of the legal actions at random."""
        return random_choice(view, legal, rng)


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


BOTS = {
    "take-a-chord": {"random": RandomBot(), "heuristic": _take_a_chord.choose},
    "take-bamboo": {"random": _take_bamboo.choose_random, "heuristic": _take_bamboo.choose},
    "taktvoll": {"random": _taktvoll.choose_random, "heuristic": _taktvoll.choose},
    "rechord": {"random": _rechord.choose_random, "heuristic": _rechord.choose},
}

RANKS = {"take-a-chord": _take_a_chord.ranked, "take-bamboo": _take_bamboo.ranked,
         "taktvoll": _taktvoll.ranked, "rechord": _rechord.ranked}   # the heuristics' orders

POLICIES = {"take-a-chord": _take_a_chord.play, "take-bamboo": _take_bamboo.play,
            "taktvoll": _taktvoll.play, "rechord": _rechord.play}  # the heuristics read from the state, for playouts

for _game, _bots in BOTS.items():         # the levels: Easy, Normal and Hard (the search)
    _bots["easy"] = NoisyBot(_bots["heuristic"])
    for _level in LEVELS:
        _bots[_level] = search_bot(_game, _level, guide=_bots["heuristic"], rank=RANKS[_game],
                                   policy=POLICIES[_game])

DESCRIPTIONS = {  # message ids of a sentence saying how each bot plays
    "take-a-chord": {"random": "tac.bot.random", "heuristic": "tac.bot.heuristic"},
    "take-bamboo": {"random": "take.bot.random", "heuristic": "take.bot.heuristic"},
    "taktvoll": {"random": "tak.bot.random", "heuristic": "tak.bot.heuristic"},
    "rechord": {"random": "rc.bot.random", "heuristic": "rc.bot.heuristic"},
}
for _descriptions in DESCRIPTIONS.values():
    _descriptions.update({"easy": "bot.easy", "normal": "bot.normal", "hard": "bot.hard"})


def bot_names(game_id):
    """The bot names a game offers ('random' for every registered game)."""
    return sorted(BOTS.get(game_id, {"random": None})) if game_id in GAMES else []


def default_bot(game_id):
    """The bot seated when none is named: the heuristic one where the game has it."""
    return "heuristic" if "heuristic" in bot_names(game_id) else "random"


def get_bot(game_id, name):
    """The `choose` callable of a named bot, or SetupError if there is none."""
    if name not in bot_names(game_id):
        raise SetupError("cli.unknown_bot", bot=name, game=game_id,
                         known=", ".join(bot_names(game_id)) or "-")
    return BOTS.get(game_id, {}).get(name) or RandomBot()


def bot_description(game_id, name, lang="en"):
    """A sentence saying how a bot plays ('' when there is none)."""
    msg_id = DESCRIPTIONS.get(game_id, {}).get(name)
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


def with_automata(state, bots):
    """One bot per seat: `bots` (one per player, in seat order), then the automaton at each
    seat the engine plays."""
    return list(bots) + [AUTOMATON] * len(state.automata)


class SeatedBot:
    """A bot with its own seeded random generator, ready to act for one seat."""

    def __init__(self, game_id, name, seed=0):
        self.game_id = game_id
        self.name = name
        self.choose = get_bot(game_id, name)
        self.rng = random.Random(seed)

    def act(self, view, legal):
        """The bot's action for this view and these legal actions."""
        return self.choose(view, legal, self.rng)

    __call__ = act


def make_bot(game_id, name="random", seed=0):
    """A seated bot of the named kind for a game, seeded for repeatable play."""
    return SeatedBot(game_id, name, seed)


def bot_action(state, bot):
    """Ask `bot` for the current player's action, handing it only the view and the legal list
    (a search bot gets the state, which it reads only through its seat's resampler). At a seat
    the engine plays, its one action is played: no bot is asked, no random number drawn."""
    if state.current_player in state.automata:
        return AUTOMATON.act(None, state.legal_actions())
    if getattr(bot.choose, "needs_state", False):
        return bot.choose(state, bot.rng)
    return bot.act(state.view(state.current_player), state.legal_actions())
