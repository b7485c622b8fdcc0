"""Helpers shared by the engine's property tests: random games and state snapshots."""

import json
import random

import pygame_rules


def random_game(game, players, seed, choices=()):
    """Yield each state of a game whose moves are picked by `choices` (then by a seeded RNG)."""
    state = pygame_rules.new_game(game, players, seed=seed)
    rng = random.Random(seed)
    i = 0
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        pick = choices[i] if i < len(choices) else rng.randrange(len(legal))
        state.apply(legal[pick % len(legal)])
        i += 1
    yield state


def snapshot(state, leave=()):
    """Every field of a state but those named in `leave`, for 'nothing changed' checks."""
    fields = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name == "_legal" or name in leave:
                continue                       # (_legal: a cache of legal_actions())
            value = getattr(state, name, None)
            fields[name] = value.state if name == "rng" else field_repr(value)
    if "events" not in leave:
        fields["events"] = json.dumps(state.events)
    return fields


FROZEN = {}        # id -> (a large tuple of nothing mutable, its repr): a table a state points at


def field_repr(value):
    """repr(value); a large tuple holding nothing mutable (e.g. Taktvoll's table of where each
    note may go) is written out once, not at every snapshot: it cannot change."""
    if type(value) is not tuple:
        return repr(value)
    kept = FROZEN.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    text = repr(value)
    if len(text) > 10_000 and frozen(value):
        FROZEN[id(value)] = (value, text)
    return text


def frozen(value):
    """Whether nothing inside value can change (numbers, texts, None and tuples of them)."""
    if type(value) is tuple:
        return all(frozen(v) for v in value)
    return type(value) in (int, str, bool, float, type(None), bytes)


def events_of(state, etype):
    """The events of one type, oldest first."""
    return [e for e in state.events if e["type"] == etype]


def last_event(state, etype):
    """The newest event of one type (AssertionError if there is none)."""
    found = events_of(state, etype)
    assert found, "no %s event" % etype
    return found[-1]


def public_snapshot(state):
    """The save, every seat's view and the event log: equal snapshots mean nothing changed."""
    views = [state.view(s) for s in [None, *range(state.players)]]
    return state.to_json(), json.dumps(views, sort_keys=True), json.dumps(state.events)


def play_first_legal(state, until=None):
    """Take the first legal action until the game ends (or `until(state)` is true)."""
    while not state.is_over and not (until and until(state)):
        state.apply(state.legal_actions()[0])
    return state


class FakeClock:
    """A stand-in for the `time` module of a searching bot: each reading of `perf_counter` is
    `step` seconds after the last, so a clock's budget runs out after a known number of
    readings, on any machine, however loaded (tests never time things)."""

    def __init__(self, step):
        self.step, self.readings = step, 0

    def perf_counter(self):
        """The time now: `step` seconds a reading."""
        self.readings += 1
        return self.readings * self.step
