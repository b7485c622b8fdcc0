"""Encore's four games as OpenSpiel games: `import pygame_rules.openspiel` registers them.

Needs OpenSpiel (`pip install .[openspiel]`); the engine itself keeps no dependencies, and
nothing else in it imports this module. Each game is a Python game of OpenSpiel's kind, named
`python_encore_<id>` with its players and every option as parameters:

    >>> import pyspiel, pygame_rules.openspiel
    >>> game = pyspiel.load_game("python_encore_take_bamboo(players=5,deck=six)")

How the engine's contract maps onto OpenSpiel's:
- Chance. One explicit chance node, the first move, chooses the deal seed among `seeds` (a game
  parameter, 65,536 by default), uniformly. That is the whole of the game's chance: the engine
  keeps its random generator in the state, seeded from that seed, and every later deal, draw and
  shuffle (the next venue, the bag) comes from it, so after the seed the game is a function of
  the players' actions alone, as OpenSpiel sees it.
- Actions. Every action of a game has a fixed number (`pygame_rules.actions`: a stable offset per
  kind plus a mixed-radix index of its arguments); `action_to_string` is the engine's
  `describe` followed by the action itself (so two actions never share a string).
- Seats the engine plays (Re-Chord's Jim Bot in the solo game) are not OpenSpiel players: their
  steps are played inside `apply_action`, and at Legend his choices by the engine's bot for him,
  seeded from the position (so a clone or a reloaded state plays them the same).
- Returns. Terminal only: each player's share of the win (1 for a sole winner, 1/k for k tied
  winners, 0 else). A game of two or more players always has a winner, so Take The "A" Chord,
  TAKE and Taktvoll are constant-sum (1); Re-Chord is general-sum, as its solo game may be lost
  to Jim Bot.
- Observers (`make_py_observer`): the observation is the seat's view (`state.view(seat)`) as JSON
  and, as a tensor, the game's `observation_tensor(view)` (its `space` part); the information
  state is perfect recall: the seat's whole log (`events_for(seat)`, what it may not see
  removed, e.g. the other seats' hidden passes) and its view.
- Clone and save. A state holds the engine state in a small holder: OpenSpiel's clone copies it
  with the engine's `clone`, and its serialisation pickles it as the engine's checksummed save
  (`to_json`), replayed on load.

A rival for our bots: `ismcts_bot(game_id, ...)` is OpenSpiel's Python ISMCTS bot with the
engine's own determinizer as its resampler, as a `choose(view, legal, rng)` bot (the tournament's
seat kind `openspiel-ismcts`).
"""

import json
import random
import time

try:
    import numpy as np
    import pyspiel
except ImportError as err:      # a developer's message: the engine runs without it
    raise ImportError("pygame_rules.openspiel needs OpenSpiel: pip install .[openspiel] (%s)"
                      % err) from None

from .actions import action_space
from .bots import automaton_for, bot_action
from .core import GAMES, SetupError, load_state, new_game, short
from .tensors import offsets, size_of

PREFIX = "python_encore_"
SEEDS = 1 << 16                 # the deal seeds chance chooses among, by default
DEFAULT_PLAYERS = 4


def short_name(game_id):
    """OpenSpiel's name of a game: "take-a-chord" -> "python_encore_take_a_chord"."""
    return PREFIX + game_id.replace("-", "_")


def parameters(game):
    """The game's OpenSpiel parameters and their defaults: players, seeds and every option."""
    params = {"players": min(DEFAULT_PLAYERS, game.max_players), "seeds": SEEDS}
    params.update((o.name, to_parameter(o, o.default)) for o in game.options)
    return params


def numeric(option):
    """True for an option of text values some of which are numbers (TAKE's trump: "random",
    "2".."6"): OpenSpiel reads a number in a game string as an int, so its parameter is an int,
    the number itself or 0 for its one other value."""
    return type(option.default) is str and any(v.isdigit() for v in option.allowed)


def to_parameter(option, value):
    """An option's value as OpenSpiel's parameter."""
    if not numeric(option):
        return value
    return int(value) if value.isdigit() else 0


def from_parameter(option, value):
    """An OpenSpiel parameter as the option's value (one it does not have is left for the
    engine to refuse)."""
    if not numeric(option) or type(value) is not int:
        return value
    if value == 0:
        return next(v for v in option.allowed if not v.isdigit())
    return str(value)


def option_default(game, name):
    """An option's default."""
    return next(o.default for o in game.options if o.name == name)


def constant_sum(game):
    """Do the shares of the win always sum to 1? Yes where every table has players to win it
    (ties share); a solo game (Re-Chord's, against Jim Bot) may be lost."""
    return game.min_players > 1


def game_type(game):
    """The OpenSpiel GameType of one of our games."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name="Encore: " + game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.CONSTANT_SUM if constant_sum(game) else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game))


class EncoreGame(pyspiel.Game):
    """One of our games with its players and options, as OpenSpiel loads it."""

    game_id = None          # each game's subclass names its game (`register_all`)

    def __init__(self, params=None):
        game_id = self.game_id
        game = GAMES[game_id]
        params = {**parameters(game), **(params or {})}
        self.players = int(params["players"])
        self.seeds = int(params["seeds"])
        self.options = game.resolve_options({o.name: from_parameter(o, params[o.name])
                                             for o in game.options})
        new_game(game_id, self.players, options=self.options)     # refuses a bad table at load
        if self.seeds < 1:
            raise SetupError("error.bad_seeds", seeds=self.seeds)
        self.space = action_space(game_id)
        self.kit = game.part("space")
        longest = self.kit.max_moves(self.players, self.options)
        if longest is None:       # Re-Chord without anti-stall: chord cards drawn for ever
            changed = {k: v for k, v in self.options.items() if v != option_default(game, k)}
            raise SetupError("error.no_longest_game", title=game.shown_title(), options=short(changed))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.seeds,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if constant_sum(game) else None,
            max_game_length=longest)
        super().__init__(game_type(game), info, params)

    def new_initial_state(self):
        """The chance node that deals: no engine state yet."""
        return EncoreState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer OpenSpiel asks for (called with a parameter dict alone when no type is
        given): perfect recall gives the information state, else the view."""
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError("observer parameters are not supported: %r" % (params,))
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return InfoStateObserver() if recall else ViewObserver(self)


class Table:
    """The engine state inside an OpenSpiel state: copied with the engine's clone, pickled as
    the engine's save (or, for a search's dealt state, which has no history, as itself)."""

    __slots__ = ("state", "dealt")

    def __init__(self, state, dealt=False):
        self.state = state
        self.dealt = dealt

    def __deepcopy__(self, memo):
        """OpenSpiel's clone: the engine's (events kept when the state logs them)."""
        return Table(self.state.clone(keep_events=self.state.events is not None), self.dealt)

    def __reduce__(self):
        """OpenSpiel's serialisation: the checksummed save, replayed on load."""
        if self.dealt:
            return (Table, (self.state, True))
        return (_load_table, (self.state.to_json(),))


def _load_table(text):
    """A Table from a save (the events of every action replayed with it)."""
    return Table(load_state(text))


class EncoreState(pyspiel.State):
    """A position: the chance node before the deal, then the engine state in a Table."""

    def __init__(self, game):
        super().__init__(game)
        self.table = None

    @property
    def engine(self):
        """The engine state (None at the chance node)."""
        return self.table.state if self.table is not None else None

    def current_player(self):
        """The seat to move, CHANCE before the deal, TERMINAL at the end."""
        engine = self.engine
        if engine is None:
            return pyspiel.PlayerId.CHANCE
        seat = engine.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        """The legal actions' numbers, ascending."""
        number = self.get_game().space.numbers.__getitem__
        return sorted(map(number, self.engine.legal_actions()))

    def chance_outcomes(self):
        """Every deal seed, equally likely."""
        seeds = self.get_game().seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action):
        """Deal with the chosen seed, or play the action; then the engine's own seats' steps."""
        game = self.get_game()
        if self.table is None:
            self.table = Table(new_game(game.game_id, game.players, seed=int(action),
                                        options=game.options))
        else:
            self.engine.apply(game.space.actions[action])
        play_automata(self.engine)

    def _action_to_string(self, player, action):
        """The deal seed, or the engine's words for the action and the action itself."""
        if player == pyspiel.PlayerId.CHANCE:
            return "deal seed %d" % action
        act = self.get_game().space.action(action)
        words = self.engine.describe(act) if self.engine is not None else ""
        return "%s (%s)" % (words, " ".join(map(str, act)))

    def is_terminal(self):
        """True once the engine's game is over."""
        return self.table is not None and self.engine.is_over

    def returns(self):
        """Each player's share of the win at the end, 0 before."""
        engine = self.engine
        players = self.get_game().players
        if engine is None or not engine.is_over:
            return [0.0] * players
        return win_shares(engine.winners(), players)

    def __str__(self):
        """The seed, the actions so far and what a spectator sees."""
        engine = self.engine
        if engine is None:
            return "chance: the deal seed"
        return dumps({"seed": engine.seed, "actions": engine.history, "table": engine.view(None)})


def win_shares(winners, players):
    """1/k to each of k winners, 0 to the others."""
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]


def play_automata(engine):
    """Play the steps of the seats the engine plays until a player is to move (or the end)."""
    while engine.current_player in engine.automata:
        seat = engine.current_player
        bot = automaton_for(engine, seat, seed="%s/%d" % (engine.seed, len(engine.history)),
                            clock=False)
        engine.apply(bot_action(engine, bot))


def dumps(data):
    """Compact JSON with sorted keys (the same data, the same string)."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


class ViewObserver:
    """The observation: the seat's view, as JSON and as the game's tensor."""

    def __init__(self, game):
        self.game = game
        layout = game.kit.tensor_layout(game.players, game.options)
        starts, size = offsets(layout)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[starts[name]:starts[name] + size_of(shape)].reshape(shape)
                     for name, shape in layout}

    def set_from(self, state, player):
        """Fill the tensor from the seat's view (zeros before the deal)."""
        engine = state.engine
        if engine is None:
            self.tensor.fill(0.0)
            return
        game = self.game
        self.tensor[:] = game.kit.observation_tensor(engine.view(player), game.players,
                                                     game.options)

    def string_from(self, state, player):
        """The seat's view as JSON ("" before the deal)."""
        engine = state.engine
        return "" if engine is None else dumps(engine.view(player))


class InfoStateObserver:
    """The information state, perfect recall: the seat's whole log and its view (no tensor)."""

    tensor = None
    dict = {}

    def set_from(self, state, player):
        """No tensor to fill."""

    def string_from(self, state, player):
        """The seat's log (`events_for`) and view as JSON ("" before the deal)."""
        engine = state.engine
        if engine is None:
            return ""
        return dumps({"seat": player, "log": engine.events_for(player),
                      "view": engine.view(player)})


CLASSES = {}        # game id -> its EncoreGame class, as registered


def register_all():
    """Register every game of the engine with OpenSpiel (again is harmless)."""
    for game_id, game in GAMES.items():
        cls = type("Encore_" + game_id.replace("-", "_"), (EncoreGame,), {"game_id": game_id})
        CLASSES[game_id] = cls         # a class, kept (a registered lambda made the interpreter
        pyspiel.register_game(game_type(game), cls)   # abort at exit)


def load(game_id, players=None, **options):
    """OpenSpiel's game for one of ours: `load("taktvoll", 5, variant="both")`."""
    params = {} if players is None else {"players": players}
    known = {o.name: o for o in GAMES[game_id].options}
    params.update((k, to_parameter(known[k], v) if k in known else v) for k, v in options.items())
    return pyspiel.load_game(short_name(game_id), params)


# --- OpenSpiel's ISMCTS as one of our bots ---------------------------------------------------
def ismcts_bot(game_id, players, options=None, simulations=1000, seconds=None, seed=0,
               uct_c=2.0):
    """OpenSpiel's Python ISMCTS with random rollouts, as a `choose(view, legal, rng)` bot: its
    searches start from a deal of the view (the engine's `determinize`) and sample the worlds
    with it; it stops at `simulations` or after `seconds`, whichever comes first."""
    from open_spiel.python.algorithms import mcts

    game = load(game_id, players, **(options or {}))
    numpy_rng = np.random.RandomState(random.Random(seed).getrandbits(32))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng)
    bot = timed_bot_class()(game, evaluator, uct_c, simulations, seconds, numpy_rng)
    return IsmctsChooser(game, bot, GAMES[game_id].part("observer").determinize)


_TIMED = []
MIN_SIMULATIONS = 2     # the first only expands the root: a policy needs a visit below it


def timed_bot_class():
    """ISMCTSBot whose search also stops at a wall-clock budget (OpenSpiel's counts only
    simulations); made on first use, as importing OpenSpiel's algorithms takes a while."""
    if _TIMED:
        return _TIMED[0]
    from open_spiel.python.algorithms import ismcts

    class Timed(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTSBot with `seconds`, a budget per search (None: none)."""

        def __init__(self, game, evaluator, uct_c, simulations, seconds, random_state):
            super().__init__(game, evaluator, uct_c, simulations, random_state=random_state,
                             use_observation_string=True)
            self.seconds = seconds
            self.last_simulations = 0

        def run_search(self, state):
            """OpenSpiel's run_search (ismcts.py, Apache 2.0), its loop also ending on time, but
            never before the root has a visited child (issue 47: one simulation, all a short
            clock allowed, failed OpenSpiel's `assert node.total_visits > 0`)."""
            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                self.last_simulations = 0
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            root_key = self.get_state_key(state)
            deadline = time.perf_counter() + self.seconds if self.seconds else None
            done = 0
            while done < max(self._max_simulations, MIN_SIMULATIONS) and (
                    deadline is None or done < MIN_SIMULATIONS or
                    not self._root_node.total_visits or time.perf_counter() < deadline):
                sampled = self.sample_root_state(state)
                assert root_key == self.get_state_key(sampled)
                self.run_simulation(sampled)
                done += 1
            self.last_simulations = done
            return self.get_final_policy(state, self._root_node)

    _TIMED.append(Timed)
    return Timed


class IsmctsChooser:
    """OpenSpiel's ISMCTS behind our bot interface: the view in, an engine action out."""

    searches = True

    def __init__(self, game, bot, determinize):
        self.game = game
        self.bot = bot
        self.determinize = determinize
        self.rng = random.Random(0)
        self.last_playouts = 0
        bot.set_resampler(self.resample)

    def resample(self, state, player):
        """A world consistent with the seat's view: the engine's determinize of it."""
        return self.dealt(state.engine.view(player))

    def dealt(self, view):
        """An OpenSpiel state holding a deal of `view` (a search state: no history, no log)."""
        state = self.game.new_initial_state()
        state.table = Table(self.determinize(view, self.rng), dealt=True)
        return state

    def __call__(self, view, legal, rng):
        """The bot's action for the seat of `view` (its samples drawn with `rng`)."""
        if len(legal) == 1:
            self.last_playouts = 0
            return tuple(legal[0])
        self.rng = rng
        number = self.bot.step(self.dealt(view))
        self.last_playouts = self.bot.last_simulations
        return self.game.space.action(int(number))


register_all()
