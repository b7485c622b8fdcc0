"""The engine keeps its contract whatever it is given (issue 17): `load_state` raises only
SaveError for anything that is not a valid save, `apply` only IllegalAction for anything that
is not a legal move (the state left byte-identical), and their messages stay short however
large, deep or strange the input. Speed is measured by benchmarks/hostile_inputs.py, not here."""

import gc
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import IllegalAction, SaveError
from pygame_rules.core import _checksum
from engine_helpers import random_game

MAX_MESSAGE = 300
DEEP = 100_000
GAMES = sorted(pygame_rules.GAMES)
FIELDS = ("format", "version", "game", "players", "seed", "options", "setup", "actions", "check")
FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
FEW = settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))

ATOMS = (st.none() | st.booleans() | st.integers() | st.text(max_size=30) |
         st.floats(allow_nan=False, allow_infinity=False))
JSON = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=4) |
                    st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
EXTREME_TEXT = [("Infinity", "Infinity"), ("NaN", "NaN"), ("-Infinity", "-Infinity"),
                ("1e999", "1e999"), ("5000 digits", "9" * 5000),
                ("list 100,000 deep", "[" * DEEP + "]" * DEEP),
                ("dict 100,000 deep", '{"a":' * DEEP + "0" + "}" * DEEP),
                ("unclosed 100,000 deep", "[" * DEEP), ("1 MB string", '"%s"' % ("g" * 10**6))]


def signed(body):
    """Save text of a body with its checksum made anew (by the engine's own `_checksum`)."""
    return json.dumps(dict(body, check=_checksum(body)), ensure_ascii=False)


def real_save(game_id, moves=15, seed=3):
    """The body of a save of a real game, `moves` into play."""
    game = pygame_rules.GAMES[game_id]
    for state in random_game(game_id, game.max_players, seed):
        if len(state.history) >= moves or state.is_over:
            return json.loads(state.to_json())


def live_state(game_id, moves=10, seed=5):
    """A live state of a real game, `moves` into play."""
    game = pygame_rules.GAMES[game_id]
    for state in random_game(game_id, game.min_players, seed):
        if len(state.history) >= moves or state.is_over:
            return state


SAVES = {g: real_save(g) for g in GAMES}


def refused(text):
    """Load `text`, which must raise SaveError with a short message; return the error."""
    with pytest.raises(SaveError) as err:
        pygame_rules.load_state(text)
    assert err.value.msg_id and 0 < len(err.value.message) <= MAX_MESSAGE
    return err.value


def refused_or_loaded(text):
    """Load `text`: it loads (a valid save) or raises SaveError with a short message."""
    try:
        pygame_rules.load_state(text)
    except SaveError as err:
        assert err.msg_id and 0 < len(err.message) <= MAX_MESSAGE
        return err
    return None


def deep_tuple(depth):
    """A tuple nested `depth` deep, built without recursion (the garbage collector paused: it
    would walk the growing nest at every collection)."""
    gc.disable()
    value = ()
    for _ in range(depth):
        value = (value,)
    gc.enable()
    return value


def deep_list(depth):
    """A list nested `depth` deep, built without recursion (the collector paused)."""
    gc.disable()
    value = []
    for _ in range(depth):
        value = [value]
    gc.enable()
    return value


DEEP_TUPLE, DEEP_LIST = deep_tuple(DEEP), deep_list(DEEP)


def with_raw(body, field, raw):
    """Save text whose `field` holds the raw JSON text `raw` (re-signed over a placeholder)."""
    mark = "\u2603mark\u2603"
    return signed(dict(body, **{field: mark})).replace(json.dumps(mark, ensure_ascii=False), raw)


# --- load_state ------------------------------------------------------------------------------
def test_the_real_saves_load():
    """The saves the tests below mutate are valid to start with."""
    for body in SAVES.values():
        pygame_rules.load_state(signed(body))


@FAST
@given(JSON)
def test_any_json_value_is_refused_with_a_short_message(value):
    """A random JSON document (or one with the save's format and version) is not a save."""
    refused(json.dumps(value))
    if isinstance(value, dict):
        refused(json.dumps(dict(value, format="encore-save", version=3)))


@FAST
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_or_bytes_is_refused(text):
    """Random text or bytes are refused with SaveError."""
    refused(text)


@pytest.mark.parametrize("value", [None, 5, 1.5, [], {}, object(), b"\xff" * 10, bytearray(b"{")])
def test_what_is_not_text_is_refused(value):
    """A non-text argument is refused like text that is not JSON."""
    assert refused(value).msg_id == "save.not_json"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("field", FIELDS)
def test_a_wrong_type_in_each_field_of_a_real_save_is_refused(game_id, field):
    """Each field of a real save replaced by JSON of any type (re-signed): SaveError or, where
    the value happens to be right, a game that loads."""
    @FEW
    @given(JSON)
    def check(value):
        refused_or_loaded(signed(dict(SAVES[game_id], **{field: value})))
    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_mutations_of_real_saves_are_refused_or_load(game_id):
    """Fields dropped, duplicated with another value, actions dropped, duplicated, replaced or
    nested: never anything but SaveError."""
    body = SAVES[game_id]

    @FAST
    @given(st.sampled_from(FIELDS), JSON, st.integers(0, 10**6),
           st.sampled_from(["drop", "duplicate", "drop action", "repeat action", "replace action",
                            "nest action"]))
    def check(field, value, where, how):
        actions = list(body["actions"])
        i = where % len(actions)
        if how == "drop":
            text = signed({k: v for k, v in body.items() if k != field})
        elif how == "duplicate":
            text = '{"%s": %s, %s' % (field, json.dumps(value), signed(body)[1:])
        else:
            actions[i:i + 1] = {"drop action": [], "repeat action": [actions[i]] * 2,
                                "replace action": [value], "nest action": [[actions[i]]]}[how]
            text = signed(dict(body, actions=actions))
        refused_or_loaded(text)
    check()


@pytest.mark.parametrize("field", ["engine", "game", "options", "setup", "actions", "seed"])
@pytest.mark.parametrize("name, raw", EXTREME_TEXT, ids=[n for n, _ in EXTREME_TEXT])
def test_extreme_json_in_any_field_is_refused(field, name, raw):
    """NaN, Infinity, 1e999, 5,000-digit numbers, 100,000-deep nesting and 1 MB strings, as
    the whole save or in any field of a real save: SaveError, with a short message."""
    if field == "engine":
        err = refused(raw)
    else:
        err = refused(with_raw(SAVES["take-bamboo"], field, raw))
    if "deep" in name:
        assert err.msg_id == "save.too_deep"


@pytest.mark.parametrize("game_id", GAMES)
def test_deep_nesting_in_the_engine_part_options_and_actions_is_refused(game_id):
    """100,000 deep as the save, in the options, in the set-up and in one action: too deep;
    a nesting of 20 (over the cap, under Python's limit), re-signed: too deep as well."""
    body = SAVES[game_id]
    nest = "[" * DEEP + "]" * DEEP
    assert refused(nest).msg_id == "save.too_deep"
    assert refused(with_raw(body, "options", '{"x": %s}' % nest)).msg_id == "save.too_deep"
    assert refused(with_raw(body, "setup", '{"hands": %s}' % nest)).msg_id == "save.too_deep"
    actions = json.dumps(body["actions"][:3] + ["\u2603"], ensure_ascii=False)
    text = with_raw(body, "actions", actions.replace('"\u2603"', nest))
    assert refused(text).msg_id == "save.too_deep"
    text = signed(dict(body, options={"x": deep_list(20)}))
    assert refused(text).msg_id == "save.too_deep"


@pytest.mark.parametrize("game_id", GAMES)
def test_huge_values_give_short_messages(game_id):
    """A 1 MB game id, version, option name or action and 5,000-bit numbers: the message
    shows a few characters of them at most."""
    body, huge = SAVES[game_id], "q" * 10**6
    for changed in (dict(body, game=huge), dict(body, version=huge),
                    dict(body, options={huge: 1}), dict(body, options={"x": huge}),
                    dict(body, actions=[[huge]]), dict(body, players=2**5000),
                    dict(body, actions=[["play", 2**5000]]), dict(body, seed=2**5000),
                    dict(body, players=True), dict(body, options=[1]), dict(body, game=[1]),
                    dict(body, setup=[1]), dict(body, seed=None)):
        err = refused(signed(changed))
        assert "q" * (MAX_MESSAGE // 2) not in err.message


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("setup", [
    {"hands": 5}, {"hands": [[1.5]]}, {"hands": [["a"]]}, {"hands": [[i] for i in range(5000)]},
    {"hands": [[1], [2], [3]], "rows": [{"time": [1]}]}, {"hands": [[1]], "board": [[1, "a"]]},
    {"hands": [[1], [2], [3]], "rows": [{"time": "x"}]}, {"hands": [[0]], "key": [1]},
    {"hands": [[1]], "completed": [[1]]}, {"hands": [[1], [2], [3]], "scores": [2**200, 0, 0]},
], ids=["hands int", "floats", "str", "5000 hands", "time list", "board", "time str", "key",
        "completed", "huge score"])
def test_broken_set_ups_are_refused(game_id, setup):
    """Test positions of the wrong shape, in a re-signed save: SaveError."""
    refused_or_loaded(signed(dict(SAVES[game_id], setup=setup)))


@pytest.mark.parametrize("raw", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_infinity_in_a_set_up_is_refused(raw):
    """A set-up holding Infinity or NaN (which json.loads accepts) is not JSON for a save."""
    body = SAVES["take-a-chord"]
    text = signed(dict(body, setup={"hands": [["\u2603"]]})).replace('"\u2603"', raw)
    assert refused(text).msg_id == "save.not_json"


@pytest.mark.parametrize("game_id", GAMES)
def test_setup_errors_from_new_game_are_setup_errors(game_id):
    """new_game itself answers a set-up of Infinity or of the wrong shape with SetupError."""
    game = pygame_rules.GAMES[game_id]
    for setup in ({"hands": [[float("inf")]] * game.max_players},
                  {"hands": [[float("nan")]] * game.max_players},
                  {"hands": [[1], [2], [3]], "rows": [{"time": [1]}]}, {"hands": 3}, [1]):
        with pytest.raises(pygame_rules.SetupError):
            pygame_rules.new_game(game_id, game.max_players, setup=setup)
    for options in ([1], "x", {1: 2}, {"x" * 10**5: 1}):
        with pytest.raises(pygame_rules.SetupError) as err:
            pygame_rules.new_game(game_id, game.max_players, options=options)
        assert len(err.value.message) <= MAX_MESSAGE
    for bad in ([1], {"a": 1}, "x" * 10**6, None):
        with pytest.raises(pygame_rules.SetupError) as err:
            pygame_rules.new_game(bad, game.max_players)
        assert len(err.value.message) <= MAX_MESSAGE


# --- apply -----------------------------------------------------------------------------------
class Weird:
    """An object whose comparisons, hash and repr raise."""

    def __eq__(self, other):
        raise ValueError("eq")

    __hash__ = None

    def __repr__(self):
        raise ValueError("repr")


def assert_refused(state, action):
    """apply(action) raises IllegalAction with a short message and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before
    assert err.value.msg_id and 0 < len(err.value.message) <= MAX_MESSAGE
    return err.value


PARTS = (st.none() | st.booleans() | st.integers() | st.integers(-2**80, 2**80) |
         st.text(max_size=12) | st.sampled_from(["play", "pass", "note", "supply", "gift"]) |
         st.floats(allow_nan=True))
ACTIONS = st.recursive(PARTS, lambda inner: st.lists(inner, max_size=4).map(tuple) |
                       st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                      max_size=2), max_leaves=8)


def is_legal_now(state, action):
    """Legal, telling True from 1 (they compare equal)."""
    return type(action) is tuple and all(type(a) in (str, int) for a in action) and \
        action in state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_any_strange_action_is_refused_and_changes_nothing(game_id):
    """Random values of any shape (tuples, lists, dicts of atoms, bools, floats, NaN, big
    numbers): IllegalAction with a short message, the save byte-identical."""
    state = live_state(game_id)

    @FAST
    @given(ACTIONS)
    def check(action):
        assume(not is_legal_now(state, action))
        assert_refused(state, action)
    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_extreme_actions_are_refused_with_a_short_message(game_id):
    """Actions 100,000 deep, of 5,000-digit numbers, 1 MB strings, 100,000 parts, objects
    whose == and repr raise, sets, dicts, NaN, bools: IllegalAction, nothing changed."""
    state = live_state(game_id)
    kind = state.legal_actions()[0][0]
    for action in (DEEP_TUPLE, (kind, DEEP_TUPLE), (kind, DEEP_LIST), DEEP_LIST, (10**5000,),
                   (kind, 10**5000), (kind, -10**5000),
                   ("p" * 10**6,), (kind, "p" * 10**6), (kind,) + (0,) * DEEP, (Weird(),),
                   (kind, Weird()), Weird(), {kind: 1}, {1, 2}, (kind, float("nan")),
                   (kind, True), ()):
        err = assert_refused(state, action)
        assert err.msg_id == "error.bad_action"


def test_a_tuple_subclass_is_not_an_action():
    """A namedtuple equal to a legal action is refused: actions are plain tuples."""
    import collections
    state = live_state("take-a-chord")
    Play = collections.namedtuple("Play", "kind card")
    assert_refused(state, Play(*state.legal_actions()[0]))


def test_legal_play_still_works_after_refusals():
    """After hostile actions the game plays on to the end as before."""
    state = live_state("taktvoll")
    for action in (DEEP_TUPLE, (10**5000,), (Weird(),)):
        assert_refused(state, action)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert state.winners()


# --- the helpers the web layer shares --------------------------------------------------------
def depth(value):
    """Nesting depth of a small JSON value (0 for a scalar)."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


@FAST
@given(JSON)
def test_json_depth_ok_knows_the_depth_of_any_json(value):
    """json_depth_ok(text, d) is true exactly from the document's depth up, and strings that
    hold brackets, quotes and backslashes do not count."""
    core = pygame_rules.core
    text = json.dumps(value)
    d = depth(value)
    assert core.json_depth_ok(text, d)
    if d:
        assert not core.json_depth_ok(text, d - 1)
    assert core.safe_json_loads(text, 10**6, d) == value


@pytest.mark.parametrize("text, reason", [
    ("[" * DEEP, "nested too deep"), ("[1, NaN]", "not JSON"), ("Infinity", "not JSON"),
    ("[1e999]", "not JSON"), ("9" * 5000, "not JSON"), ("x" * 101, "too big"),
    ("\u00e9" * 60, "too big"), (b"[1]" * 40, "too big"), (None, "not text"), ("{", "not JSON"),
], ids=["deep", "NaN", "Infinity", "1e999", "5000 digits", "101 chars", "120 bytes", "bytes",
        "None", "not JSON"])
def test_safe_json_loads_refuses_with_a_short_reason(text, reason):
    """Text over the size, nested over the depth, NaN, Infinity, numbers too big: ValueError
    with a short reason (the size counts UTF-8 bytes)."""
    with pytest.raises(ValueError) as err:
        pygame_rules.core.safe_json_loads(text, 100 if reason == "too big" else 10**6, 16)
    assert str(err.value) == reason


@FAST
@given(ACTIONS | JSON)
def test_short_is_bounded_and_is_repr_for_small_values(value):
    """short() is at most its limit plus "…", and the repr itself when that fits."""
    core = pygame_rules.core
    shown = core.short(value)
    assert len(shown) <= core.SHORT + 1
    try:
        plain = repr(value)
    except ValueError:
        return
    if len(plain) <= core.SHORT and "-bit number" not in shown:
        assert shown == plain


def test_short_of_extremes():
    """Deep, huge and strange values are summarised, not rendered."""
    short = pygame_rules.core.short
    assert short(10**5000) == "<a 16610-bit number>"
    assert short(DEEP_LIST).startswith("[[[[") and short(DEEP_LIST).endswith("…")
    assert short(Weird()) == "<Weird>"
    assert short(("play", 3)) == "('play', 3)" and short(("accept",)) == "('accept',)"
    assert len(short("z" * 10**6)) <= 41


@pytest.mark.parametrize("game_id", GAMES)
def test_a_strange_seat_gives_a_short_message(game_id):
    """view() of a seat that is a 5,000-digit number, 1 MB of text or a nested list: SetupError
    with a short message."""
    state = live_state(game_id)
    for seat in (10**5000, "s" * 10**6, DEEP_LIST, -1):
        with pytest.raises(pygame_rules.SetupError) as err:
            state.view(seat)
        assert len(err.value.message) <= MAX_MESSAGE


class Touchy:
    """An object whose == raises TypeError (not ValueError) and whose repr raises."""

    def __eq__(self, other):
        raise TypeError("eq")

    __hash__ = None

    def __repr__(self):
        raise TypeError("repr")


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_whose_comparison_raises_are_refused(game_id):
    """A part whose == raises any error, alone or beside a legal action's first part:
    IllegalAction, nothing changed (apply compares before it checks the parts' types)."""
    state = live_state(game_id)
    kind = state.legal_actions()[0][0]
    for action in (Touchy(), (Touchy(),), (kind, Touchy()), (kind, Touchy(), 0)):
        assert assert_refused(state, action).msg_id == "error.bad_action"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_equal_copy_of_a_legal_action_is_played_and_an_equal_bool_is_not(game_id):
    """apply accepts a legal action by identity or by equal value (a copy built from a click or
    a save) with the same result, and still tells 1 from True."""
    first, second = live_state(game_id), live_state(game_id)
    action = first.legal_actions()[0]
    first.apply(action)
    second.apply(tuple(list(action)))
    assert first.to_json() == second.to_json()
    state = live_state(game_id)
    ints = [a for a in state.legal_actions() if any(type(p) is int and p in (0, 1) for p in a)]
    if ints:
        fake = tuple(bool(p) if type(p) is int and p in (0, 1) else p for p in ints[0])
        assert_refused(state, fake)
