"""A crafted set-up never loads a broken game (issue 46), for the three trick games: Take The
"A" Chord, TAKE and Taktvoll. From a few valid set-ups each, one field at a time is dropped,
shortened, lengthened or replaced by a hostile value; the set-up goes into a real save and a
real link, both re-signed. Each must be refused with the engine's own reason (never the
catch-all of `load_state` or `from_share`) or load a game whose views, legal actions and scores
work, and which random play finishes."""

import builtins
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import SaveError, ShareError, from_share, to_share
from pygame_rules.core import _checksum
from pygame_rules.share import _check
from test_share import pack, payload_of
import tac_helpers
import take_helpers
import taktvoll_helpers

MAX_STEPS = 1500
EXAMPLES = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
HUGE = int("9" * 4300)            # the longest int Python writes: one more point and it cannot
HOSTILE = (-1, HUGE, 10**18, None, "x", 1.5, [[0]], True, 99,
           0, 4, 8, 40, 63, 90, -60)     # ids in range: a card of another kind or place
EXCEPTION_NAMES = frozenset(name for name, value in vars(builtins).items()
                            if isinstance(value, type) and issubclass(value, BaseException))


def _bases():
    """A few valid set-ups per game: (players, options, setup) from the tests' helpers."""
    deal = [list(range(i * 8, i * 8 + 8)) for i in range(4)]
    take_hands = ["Or1 Or2 Bi3 Bi4 St5", "Or5 Bi6 Bi7 St8 St9", "Or9 Bi9 St1 St2 Or3"]
    made = {
        "take-a-chord": [tac_helpers.position(deal, key="D", leader=1),
                         tac_helpers.position(deal, key=5, leader=2, players=3, venue=2),
                         tac_helpers.position(["C-Bl G-Sw", "D-Bl C-Ly", "E-Bl A-Sw",
                                               "F-Bl B-Sw"], key="C", leader=3)],
        "take-bamboo": [take_helpers.position(take_hands, tableau=["Or3b", "", "St9b"],
                                              scores=[3, 0, 7], discard=["Bi1"]),
                        take_helpers.position(take_hands, passing=True, initial_bamboo=True,
                                              dealer=2, round=1),
                        take_helpers.position(["Or1 Bi2", "Or4 St6", "Bi5 St3", "St6b Or6"],
                                              tableau=["Or2b ~Bi4@Or", "", "~Gl@St St1", ""],
                                              trump=3, options={"deck": "six"})],
        "taktvoll": [taktvoll_helpers.position(["Q:C5 bar", "H:G4", "E:A4"], rows=["3/4 H:E4"],
                                               deck=["S:D5", "rest:Q"], scores=[1, 2, 3]),
                     taktvoll_helpers.position(["Q:C5 bar 4/4", "H:G4 clef", "E:A4 bar",
                                                "W:D4"], rows=["2/4 E:E4 ~Q:F5", "", "1/4"],
                                               start=2),
                     taktvoll_helpers.position(["Q:C5", "H:G4 bar*2", "rest:H S:G5"],
                                               deck=["W:G5", "3/4", "clef"])],
    }
    return {g: [(s.players, dict(s.options), json.loads(json.dumps(s.setup))) for s in states]
            for g, states in made.items()}


BASES = _bases()


def paths(node, path=()):
    """Every path into a set-up's tree (dict keys and list indices), the root's included."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, path + (i,))


def at(tree, path):
    """The node at a path."""
    for step in path:
        tree = tree[step]
    return tree


def mutations(setup):
    """Each one-field change of a set-up, as (path, operation, value)."""
    out = [((), "add", "surprise")]
    for path in paths(setup):
        node = at(setup, path)
        if path:
            out += [(path, "drop", None)] + [(path, "set", v) for v in HOSTILE]
        if isinstance(node, list):
            out += [(path, "shorten", None), (path, "lengthen", 0), (path, "lengthen", [])]
            if node:
                out.append((path, "lengthen", node[-1]))
    return out


def mutated(setup, change):
    """A deep copy of the set-up with one change made."""
    path, op, value = change
    out = json.loads(json.dumps(setup))
    if op == "add":
        out[value] = 1
        return out
    node = at(out, path)
    if op == "shorten":
        del node[len(node) - 1:]
    elif op == "lengthen":
        node.append(value)
    else:
        parent = at(out, path[:-1])
        if op == "drop":
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
    return out


def save_text(game_id, players, options, setup):
    """A save of a new game of this set-up (a real one's body, the set-up swapped), re-signed."""
    body = json.loads(pygame_rules.new_game(game_id, players, seed=7,
                                            options=options).to_json())
    body["setup"] = setup
    body = {k: v for k, v in body.items() if k != "check"}
    return json.dumps(dict(body, check=_checksum(body)), ensure_ascii=False)


def link_text(game_id, players, options, setup):
    """A link of a new game of this set-up (a real one's payload, the set-up swapped),
    re-signed."""
    payload = payload_of(to_share(pygame_rules.new_game(game_id, players, seed=7,
                                                        options=options)))
    payload["u"] = setup
    payload["c"] = _check(payload)
    return pack(json.dumps(payload, ensure_ascii=False))


def played_out(state, seed):
    """Views (every seat's and a spectator's), legal actions and scores work all along random
    play to the end (at most MAX_STEPS steps); the number of steps taken."""
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if step % 25 == 0 or state.is_over:
            for seat in [None, *range(state.players)]:
                json.dumps(state.view(seat))
            assert len(state.scores()) == state.players
            json.dumps(state.scores())
        if state.is_over:
            return step
        legal = state.legal_actions()
        assert legal, "no legal action in a game that is not over"
        state.apply(rng.choice(legal))
    return MAX_STEPS


def outcome(load, text):
    """'refused' (by the engine's reason, never the catch-all) or the loaded state."""
    try:
        return load(text)
    except SaveError as err:
        assert err.msg_id != "save.engine_failed", err.message
        return "refused"
    except ShareError as err:
        assert err.params.get("why") not in EXCEPTION_NAMES, err.message
        return "refused"


def tried(game_id, base, crafted, counts, failures):
    """One crafted set-up of a base through a save and a link; counts each outcome, keeps each
    failure (an exception other than a refusal by the engine's reason)."""
    players, options, _setup = BASES[game_id][base]
    for how, make, load in (("save", save_text, pygame_rules.load_state),
                            ("link", link_text, lambda t: from_share(t)[0])):
        counts["tried"] += 1
        try:
            state = outcome(load, make(game_id, players, options, crafted))
            if state == "refused":
                counts["refused"] += 1
                continue
            played_out(state, base)
            counts["loaded"] += 1
        except Exception as err:  # noqa: BLE001 - counted and reported at the end
            failures.append("%s %s: %s %s" % (how, base, type(err).__name__, str(err)[:80]))


def reported(game_id, counts, failures, both=True):
    """Print the counts; fail with the first failures if any (or, with `both`, if no change
    was refused or none loaded: the cases would not be testing both ways)."""
    print("%s: %d tried, %d refused, %d loaded, %d failed" % (
        game_id, counts["tried"], counts["refused"], counts["loaded"], len(failures)))
    assert not failures, "%d of %d failed:\n%s" % (len(failures), counts["tried"],
                                                    "\n".join(failures[:20]))
    assert counts["refused"] and (counts["loaded"] or not both)


@pytest.mark.parametrize("game_id", sorted(BASES))
def test_each_one_field_change_is_refused_or_loads_a_working_game(game_id):
    """Every one-field change of each valid set-up (all of them: a few thousand a game), in a
    re-signed save and link, is refused with a reason or loads a game that plays to its end."""
    counts, failures = Counter(), []
    for base, (_players, _options, setup) in enumerate(BASES[game_id]):
        for change in mutations(setup):
            before = len(failures)
            tried(game_id, base, mutated(setup, change), counts, failures)
            failures[before:] = ["%s %r" % (f, change) for f in failures[before:]]
    reported(game_id, counts, failures)


@pytest.mark.parametrize("game_id", sorted(BASES))
def test_two_changes_at_once_are_refused_or_load_a_working_game(game_id):
    """Two one-field changes drawn together (hypothesis), the same contract."""
    counts, failures = Counter(), []

    @EXAMPLES
    @given(st.data())
    def run(data):
        """One case: a base, two of its changes made in turn."""
        base = data.draw(st.integers(0, len(BASES[game_id]) - 1))
        crafted = BASES[game_id][base][2]
        for _ in range(2):
            change = data.draw(st.sampled_from(mutations(crafted)))
            crafted = mutated(crafted, change)
        tried(game_id, base, crafted, counts, failures)

    run()
    reported(game_id, counts, failures, both=False)


@pytest.mark.parametrize("game_id", sorted(BASES))
def test_every_base_set_up_loads_from_a_save_and_a_link(game_id):
    """The unchanged set-ups load both ways (so a refusal above is the change's doing)."""
    for players, options, setup in BASES[game_id]:
        assert played_out(pygame_rules.load_state(save_text(game_id, players, options, setup)),
                          0) >= 0
        assert played_out(from_share(link_text(game_id, players, options, setup))[0], 0) >= 0


def strict_changes(setup):
    """Each change that a strict check refuses: an unknown field, and each whole number of the
    set-up replaced by a float, a bool, a string or a 4,300-digit number."""
    out = [((), "add", "surprise")]
    for path in paths(setup):
        node = at(setup, path)
        if path and type(node) is int:
            out += [(path, "set", v) for v in (1.5, True, "x", HUGE)]
    return out


@pytest.mark.parametrize("game_id", sorted(BASES))
def test_a_wrong_type_a_huge_number_or_an_unknown_field_is_refused(game_id):
    """What only loosely looks right (1.5 read as 1, True as 1, a score too long to write) is
    refused by the set-up's check, in a save and in a link alike."""
    wrong = []
    for base, (players, options, setup) in enumerate(BASES[game_id]):
        for change in strict_changes(setup):
            crafted = mutated(setup, change)
            for make, load in ((save_text, pygame_rules.load_state),
                               (link_text, lambda t: from_share(t)[0])):
                try:
                    load(make(game_id, players, options, crafted))
                    wrong.append((base, change, "loaded"))
                except (SaveError, ShareError) as err:
                    if "set-up is not a valid position" not in err.message:
                        wrong.append((base, change, err.message))
    assert not wrong, "%d not refused by the set-up's check: %s" % (len(wrong), wrong[:10])
