"""The engine contract shared by every game: errors, seeded chance, the registry, saves.

A game registers a `Game` description and a state class derived from `GameState`. The base
class owns what every game does alike: the seeded RNG kept in the state, the append-only event
log, the action history, legality checks around `apply`, cheap cloning and the versioned,
checksummed save format that is replayed (so a loaded save is exactly the game that was saved).
"""

import hashlib
import importlib
import json
from dataclasses import dataclass, field

from .messages import add as add_texts, text

SAVE_FORMAT = "encore-save"
SAVE_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)   # older saves are migrated as they are replayed (`_upgrade`)
_MASK64 = (1 << 64) - 1
_ATOMS = frozenset((str, int))   # the types an action's parts may have (not bool, not float)


class EngineError(Exception):
    """An error a player may read: a message id, its parameters and the English text."""

    def __init__(self, msg_id, **params):
        self.msg_id = msg_id
        self.params = params
        super().__init__(text(msg_id, params))

    @property
    def message(self):
        """The English text of the error."""
        return self.args[0]


class IllegalAction(EngineError):
    """An action the rules do not allow now; the state is left untouched."""


class SaveError(EngineError):
    """A save that is corrupt, tampered with, from another version or not a save at all."""


class SetupError(EngineError, ValueError):
    """A bad game id, player count, option, seed or test position."""


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one int, so clones are free."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state & _MASK64

    def next64(self):
        """Return the next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n):
        """Return a uniform int in [0, n) (n ≤ 2**32), without modulo bias."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_to_int(seed):
    """Turn a seed (int or text) into the RNG's 64-bit starting state."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SetupError("error.bad_seed")
    raw = str(seed).encode("utf-8") if isinstance(seed, str) else str(int(seed)).encode()
    return int.from_bytes(hashlib.sha256(raw).digest()[:8], "big")


@dataclass(frozen=True)
class Option:
    """A named game option with its default; `house_rule` marks a ruling of ours."""

    name: str
    default: object
    allowed: tuple
    msg: str            # the catalogue message that describes it
    house_rule: bool = False


def house_msg(prefix, rule_id):
    """The catalogue key of a house rule's words: ("tak", "HR-K9") -> "tak.house.hr_k9"."""
    return "%s.house.%s" % (prefix, rule_id.lower().replace("-", "_"))


def option_msg(prefix, name, value=None):
    """The catalogue key of an option's short label ("take.opt.trump.label") or of one of its
    values in plain words ("take.opt.trump.random"); yes/no options have only the label."""
    return "%s.opt.%s.%s" % (prefix, name, "label" if value is None else value)


def house_rules(prefix, rules):
    """A game's HOUSE_RULES from (id, option name or None) pairs, ids as in its rules document."""
    return tuple({"id": hr, "option": option, "msg": house_msg(prefix, hr)} for hr, option in rules)


@dataclass(frozen=True)
class Game:
    """What a game is: its id, title, player counts, options and how to make a state."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple = ()
    house_rules: tuple = ()   # {"id": "HR-K9", "option": name or None, "msg": key}, ids of rules_doc
    state_class: type = field(default=None, repr=False)
    table: str = None     # the page's table module for the game (a name: the engine has no web code)
    package: str = None   # the game's package, home of its PARTS
    prefix: str = None    # the first part of every message key of the game ("tac", "rc")
    texts: dict = field(default=None, repr=False, compare=False)  # {lang: {key: text}}
    rules_doc: str = None  # the rules as we settled them, in the repository ("docs/rules/<name>.md")

    def part(self, name):
        """One of the game's parts (a module of its package, imported on first use)."""
        if name not in PARTS:
            raise KeyError(name)
        return importlib.import_module("%s.%s" % (self.package, name))

    def resolve_options(self, options):
        """Return the full option dict, refusing unknown names and values."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            if name not in known:
                raise SetupError("error.bad_option", option=name, title=self.title)
            if value not in known[name].allowed or type(value) is not type(known[name].default):
                raise SetupError("error.bad_option_value", option=name,
                                 allowed=list(known[name].allowed), value=value)
            out[name] = value
        return out


GAMES = {}

PARTS = {   # what a game's package supplies besides its state class, module by module
    "bots": ("BOTS", "DESCRIPTIONS", "ranked", "play"),       # the bots the registry seats
    "observer": ("observe", "redact", "determinize"),          # what a seat knows
    "infoset": ("LEVELS",),                                    # the search's knobs
    "terminal": ("PROMPT_HELP", "on_event", "turn", "show_result", "add_game", "report"),
}


def register(game):
    """Add a game to the registry, and its texts (every language it has) to the catalogue."""
    for lang, table in (game.texts or {}).items():
        add_texts(lang, table)
    GAMES[game.id] = game
    return game


def new_game(game_id, players, seed=0, options=None, setup=None):
    """Start a game: the id, number of players, a seed (int or text), options, a test set-up."""
    game = GAMES.get(game_id)
    if game is None:
        raise SetupError("error.unknown_game", game=game_id)
    if isinstance(players, bool) or not isinstance(players, int) or \
            not game.min_players <= players <= game.max_players:
        raise SetupError("error.bad_players", title=game.title, min=game.min_players,
                         max=game.max_players, players=players)
    return game.state_class.start(game, players, seed, game.resolve_options(options), setup)


class GameState:
    """Base of every game's state: history, events, RNG, saves, legality around `apply`."""

    __slots__ = ("game", "players", "seed", "options", "setup", "rng", "history", "events",
                 "_legal")

    def _init_base(self, game, players, seed, options, setup):
        """Fill the fields every game shares."""
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.setup = setup
        self.rng = Rng(seed_to_int(seed))
        self.history = []
        self.events = []
        self._legal = None

    def _clone_base(self, other, keep_events):
        """Copy the shared fields from `other` (events only if asked)."""
        self.game = other.game
        self.players = other.players
        self.seed = other.seed
        self.options = other.options
        self.setup = other.setup
        self.rng = Rng(other.rng.state)
        self.history = other.history[:]
        self.events = other.events[:] if keep_events and other.events is not None else None
        self._legal = None

    def emit(self, etype, **fields):
        """Append one typed event to the log (no-op when the log is switched off)."""
        if self.events is not None:
            fields["type"] = etype
            self.events.append(fields)

    # --- the contract -------------------------------------------------------------------
    @property
    def is_over(self):
        """True once the game has ended."""
        return self.current_player is None

    def apply(self, action):
        """Play `action` for the current player, or raise IllegalAction and change nothing."""
        if self.current_player is None:
            raise IllegalAction("error.game_over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if type(action) is not tuple or action not in legal or \
                not _ATOMS.issuperset(map(type, action)):
            self.check(action)       # the fast test above, then the reason why not
        self.history.append(action)
        self._legal = None
        self._apply(action)

    def legal_actions(self):
        """The legal actions in a stable order, computed once per position ([] at the end)."""
        if self.current_player is None:
            return []
        if self._legal is None:
            self._legal = self._legal_actions()
        return self._legal[:]

    def is_legal(self, action):
        """True if `action` is one of the legal actions now (same computation as above; a scan,
        cheaper than hashing the whole list for the one or two checks a position gets)."""
        if self.current_player is None:
            return False
        if self._legal is None:
            self._legal = self._legal_actions()
        return action in self._legal

    def check(self, action):
        """Raise IllegalAction with a player's reason if `action` may not be taken now: actions
        are tuples of str and int, and a game's `_refusal(action)` gives the (message id,
        parameters) of an action that is not legal."""
        if not isinstance(action, tuple) or not action or not _ATOMS.issuperset(map(type, action)):
            raise IllegalAction("error.bad_action", action=repr(action))
        if not self.is_legal(action):
            msg_id, params = self._refusal(action)
            raise IllegalAction(msg_id, **params)

    def winners(self):
        """Seats that won (empty until the game is over)."""
        return self._winners() if self.is_over else []

    # --- seats the engine plays (an automaton such as Re-Chord's Jim Bot) ---------------------
    automata = ()
    """The seats the engine plays itself, numbered after the players' seats. At each of their
    positions the one legal action is the automaton's own next step, as OpenSpiel treats chance
    and automata: whoever drives the game applies it like any move."""

    def seat_scores(self):
        """The score of every seat, the automata's after the players' (`scores()` holds the
        players' only)."""
        return self.scores()

    def automaton_name(self, seat, level=False):
        """The name of a seat the engine plays (with its level, if `level` and it has one)."""
        raise SetupError("error.bad_seat", seat=seat)

    observer = None
    """The game's observer module, the one place that decides what a seat knows: its
    `observe(state, seat)` is the seat's view, `redact(state, event, seat)` its log, and
    `determinize(view, rng)` deals a full state from a view alone (the search's)."""

    def view(self, seat=None):
        """Exactly what `seat` may see (None: a spectator), as a JSON-able dict."""
        return self.observer.observe(self, seat)

    def redact(self, event, seat):
        """An event as `seat` may see it."""
        return self.observer.redact(self, event, seat)

    def events_for(self, seat):
        """The event log with what `seat` may not see removed (None: a spectator)."""
        return [self.redact(e, seat) for e in self.events or ()]

    def replay(self, actions, version=SAVE_VERSION):
        """Apply a save's actions in order; those of an older save version pass through the
        game's `_upgrade` first."""
        for action in actions:
            for step in self._upgrade(_hashable(action), version):
                self.apply(step)

    def _upgrade(self, action, version):
        """The action(s) a saved action of `version` stands for now (a generator, so a game
        can look at the state between steps); by default the action itself."""
        yield action

    def to_json(self):
        """The versioned, checksummed save: the set-up plus every action, replayed on load."""
        body = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.id,
                "players": self.players, "seed": self.seed, "options": self.options,
                "setup": self.setup, "actions": self.history}
        body["check"] = _checksum(body)
        return json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _checksum(body):
    """SHA-256 of the canonical JSON of a save without its check field."""
    data = json.dumps({k: v for k, v in body.items() if k != "check"},
                      separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def load_state(text_):
    """Rebuild a state from `to_json()` text, refusing anything corrupt or tampered."""
    try:
        body = json.loads(text_)
    except (TypeError, ValueError):
        raise SaveError("save.not_json") from None
    if not isinstance(body, dict) or body.get("format") != SAVE_FORMAT:
        raise SaveError("save.not_a_save")
    version = body.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise SaveError("save.version", version=body.get("version"), expected=SAVE_VERSION)
    if body.get("check") != _checksum(body):
        raise SaveError("save.tampered")
    actions = body.get("actions")
    if not isinstance(actions, list):
        raise SaveError("save.invalid", why="no list of actions")
    try:
        state = new_game(body.get("game"), body.get("players"), body.get("seed"),
                         body.get("options"), body.get("setup"))
        state.replay(actions, version)
    except EngineError as err:
        raise SaveError("save.invalid", why=err.message) from None
    return state


def _hashable(value):
    """JSON gives lists where actions were tuples: turn them back."""
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value
