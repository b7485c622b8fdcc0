"""Every action a game can ever have, numbered: the fixed enumeration a learning toolkit needs.

A game's `space` part declares its `ACTIONS`: one entry per kind of action, the kind's name
followed by the domain of each argument, e.g. ("pass", range(BAMBOO), range(BAMBOO)). Kinds are
numbered in the order declared, each from a stable offset (the sizes of the kinds before it),
and within a kind an action's number is its arguments' indices read as one mixed-radix number,
the first argument the most significant. So ("play", 7) of a kind at offset 0 is 7, and the
numbers of one kind never move when another kind's domain changes size after it.

    >>> space = action_space("take-bamboo")
    >>> space.number(("pass", 3, 5)), space.action(space.number(("pass", 3, 5)))
"""

from .core import GAMES, IllegalAction, short


class ActionSpace:
    """A game's actions and their numbers, both ways: `number(action)` and `action(number)`."""

    def __init__(self, kinds):
        self.kinds = tuple(kind[0] for kind in kinds)
        self.offsets = {}
        self.sizes = {}
        self.actions = []
        for name, *domains in kinds:
            self.offsets[name] = len(self.actions)
            before = len(self.actions)
            self._add_kind(name, domains)
            self.sizes[name] = len(self.actions) - before
        self.numbers = {a: i for i, a in enumerate(self.actions)}

    def _add_kind(self, name, domains):
        """Append every action of one kind, its arguments in mixed-radix order."""
        combos = [(name,)]
        for domain in domains:
            combos = [c + (value,) for c in combos for value in domain]
        self.actions += combos

    @property
    def size(self):
        """How many distinct actions the game has (every number is below it)."""
        return len(self.actions)

    def number(self, action):
        """The number of an action, or IllegalAction for one the game can never have."""
        try:
            return self.numbers[action]
        except (KeyError, TypeError):
            raise IllegalAction("error.bad_action", action=short(action)) from None

    def action(self, number):
        """The action of a number, or IllegalAction for a number out of range."""
        if type(number) is not int or not 0 <= number < len(self.actions):
            raise IllegalAction("error.bad_action", action=short(number))
        return self.actions[number]

    def kind_of(self, number):
        """The kind of action a number stands for."""
        return self.action(number)[0]


_SPACES = {}


def action_space(game_id):
    """The game's ActionSpace, made once from its `space` part's ACTIONS."""
    space = _SPACES.get(game_id)
    if space is None:
        space = _SPACES[game_id] = ActionSpace(GAMES[game_id].part("space").ACTIONS)
    return space
