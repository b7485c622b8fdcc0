"""The shared engine contract: registry, set-up errors, saves, RNG and the message catalogue."""

import json
import pathlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import SaveError, SetupError
from pygame_rules.core import (_GOLDEN, _MASK64, _MIX1, _MIX2, SAVE_VERSION, SHORT, UNSAFE, Rng,
                                _checksum, clip)
from pygame_rules.messages import text

GAME = "take-a-chord"


def played(n=20, players=4, seed=3):
    """A game with `n` first-legal actions played."""
    state = pygame_rules.new_game(GAME, players, seed=seed)
    for _ in range(n):
        state.apply(state.legal_actions()[0])
    return state


def test_registry_describes_the_game():
    """GAMES maps the id to its title, player counts and options with defaults."""
    game = pygame_rules.GAMES[GAME]
    assert (game.id, game.min_players, game.max_players) == (GAME, 3, 4)
    assert game.title == 'Take The "A" Chord'
    names = {o.name: o.default for o in game.options}
    assert names == {"blocked_improvisation_changes_key": True,
                     "match_face_up_round_only": True, "non_player_pair_changes_key": False}
    assert all(o.house_rule for o in game.options)
    assert {h["option"] for h in game.house_rules} >= set(names)


@pytest.mark.parametrize("args, msg_id", [
    (("nope", 4), "error.unknown_game"),
    ((GAME, 2), "error.bad_players"),
    ((GAME, 5), "error.bad_players"),
    ((GAME, True), "error.bad_players"),
    ((GAME, 4, 1.5), "error.bad_seed"),
    ((GAME, 4, 0, {"colour": 1}), "error.bad_option"),
    ((GAME, 4, 0, {"match_face_up_round_only": 1}), "error.bad_option_value"),
    ((GAME, 4, 0, None, {"hands": [[0]]}), "error.bad_setup"),
    ((GAME, 4, 0, None, {"hands": [[0], [0], [1], [2]], "key": 0}), "error.bad_setup"),
    ((GAME, 4, 0, None, {"hands": [[0], [1, 5], [2], [3]], "key": 0}), "error.bad_setup"),
    ((GAME, 4, 0, None, {"hands": [[0], [1], [2], [3]], "key": 9}), "error.bad_setup"),
])
def test_bad_set_up_is_refused_with_a_reason(args, msg_id):
    """Unknown games, player counts, seeds, options and set-ups raise SetupError."""
    with pytest.raises(SetupError) as err:
        pygame_rules.new_game(*args)
    assert err.value.msg_id == msg_id and err.value.message


def test_text_seeds_and_int_seeds_both_reproduce():
    """A text seed works like an int seed: the same seed deals the same cards."""
    a = pygame_rules.new_game(GAME, 4, seed="Friday night")
    b = pygame_rules.new_game(GAME, 4, seed="Friday night")
    c = pygame_rules.new_game(GAME, 4, seed="Saturday")
    assert a.hands == b.hands and a.hands != c.hands


def test_rng_is_uniform_enough_and_deterministic():
    """The RNG's below(n) covers its range evenly and repeats for the same seed."""
    rng = Rng(42)
    counts = [0] * 7
    for _ in range(7000):
        counts[rng.below(7)] += 1
    assert all(850 < c < 1150 for c in counts)
    assert [Rng(1).next64() for _ in range(2)] == [Rng(1).next64()] * 2


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=120))
def test_rng_shuffle_is_fisher_yates_over_below(seed, size):
    """shuffle (next64 written out in its loop, issue 21) draws exactly what below(i + 1) for
    each i from the end draws: the same order and the same generator state after it, so every
    deal is the one it always was (the event digests check whole games)."""
    fast, slow = Rng(seed), Rng(seed)
    items, expected = list(range(size)), list(range(size))
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state


def _unmix(r):
    """The splitmix64 state whose next output is r (its mix inverted)."""
    def unxorshift(x, k):
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y & _MASK64
    r = unxorshift(r, 31)
    r = (r * pow(_MIX2, -1, 1 << 64)) & _MASK64
    r = unxorshift(r, 27)
    r = (r * pow(_MIX1, -1, 1 << 64)) & _MASK64
    return (unxorshift(r, 30) - _GOLDEN) & _MASK64


@pytest.mark.parametrize("size", [8, 35, 62])
@pytest.mark.parametrize("rejected", [0, 5])
def test_a_shuffle_whose_draw_is_drawn_again_is_still_fisher_yates_over_below(size, rejected):
    """A draw that below() refuses (2**64 - 1, over every bound), first or later in a shuffle
    long enough to draw all at once: the same list and state as draw by draw."""
    state = (_unmix(_MASK64) - rejected * _GOLDEN) & _MASK64
    probe = Rng(state)
    assert [probe.next64() for _ in range(rejected + 1)][-1] == _MASK64
    fast, slow = Rng(state), Rng(state)
    items, expected = list("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")[
        :size], list("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")[:size]
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state


def test_save_round_trip_keeps_everything():
    """A loaded save is the same game: same view, events, and it plays on identically."""
    state = played(37)
    loaded = pygame_rules.load_state(state.to_json())
    assert loaded.view(0) == state.view(0)
    assert loaded.events == state.events
    for s in (state, loaded):
        s.apply(s.legal_actions()[-1])
    assert loaded.to_json() == state.to_json()


def test_save_of_a_test_position_round_trips():
    """A game started from a set-up saves and loads like any other."""
    setup = {"hands": [[0, 1], [5, 6], [10, 11], [15, 16]], "key": "C", "leader": 2}
    state = pygame_rules.new_game(GAME, 4, seed=1, setup=setup)
    state.apply(state.legal_actions()[0])
    assert pygame_rules.load_state(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("mangle, msg_id", [
    (lambda t: "", "save.not_json"),
    (lambda t: "{not json", "save.not_json"),
    (lambda t: t[: len(t) // 2], "save.not_json"),
    (lambda t: "[1, 2, 3]", "save.not_a_save"),
    (lambda t: json.dumps({"format": "chess"}), "save.not_a_save"),
    (lambda t: t.replace('"version":%d' % SAVE_VERSION, '"version":0'), "save.version"),
    (lambda t: t.replace('"version":%d' % SAVE_VERSION, '"version":%d' % (SAVE_VERSION + 1)),
     "save.version"),
    (lambda t: t.replace('"players":4', '"players":3'), "save.tampered"),
    (lambda t: t.replace('"seed":3', '"seed":4'), "save.tampered"),
])
def test_corrupt_or_tampered_saves_are_refused(mangle, msg_id):
    """Garbage, truncated, foreign, old or edited saves raise SaveError with a reason."""
    text_ = played().to_json()
    with pytest.raises(SaveError) as err:
        pygame_rules.load_state(mangle(text_))
    assert err.value.msg_id == msg_id and err.value.message


def test_a_resigned_save_with_an_illegal_move_is_refused():
    """Even with a recomputed checksum, a save whose moves break the rules is refused."""
    body = json.loads(played().to_json())
    legal = pygame_rules.new_game(GAME, 4, seed=3).legal_actions()
    body["actions"][0] = next(["play", c] for c in range(35) if ("play", c) not in legal)
    body["check"] = _checksum(body)
    with pytest.raises(SaveError) as err:
        pygame_rules.load_state(json.dumps(body))
    assert err.value.msg_id == "save.invalid"
    body["actions"] = "all of them"
    body["check"] = _checksum(body)
    with pytest.raises(SaveError):
        pygame_rules.load_state(json.dumps(body))


def resigned(body, version, actions):
    """A save's body with another version and other actions, its checksum made anew."""
    body = dict(body, version=version, actions=actions)
    body["check"] = _checksum(body)
    return json.dumps(body)


def test_an_older_save_of_bare_card_ids_is_upgraded_and_a_current_one_is_not():
    """Before version 3 a Take The "A" Chord action was its card id: such saves replay as
    ("play", card); a current save must hold today's actions."""
    state = played(8)
    body = json.loads(state.to_json())
    cards = [card for _, card in state.history]
    for version in range(1, SAVE_VERSION):
        assert pygame_rules.load_state(resigned(body, version, cards)).history == state.history
    with pytest.raises(SaveError) as err:
        pygame_rules.load_state(resigned(body, SAVE_VERSION, cards))
    assert err.value.msg_id == "save.invalid"


def test_playing_after_the_end_is_refused():
    """Once the game is over apply raises game_over and current_player is None."""
    state = pygame_rules.new_game(GAME, 3, seed=8)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.current_player is None and state.winners()
    with pytest.raises(pygame_rules.IllegalAction) as err:
        state.apply(("play", 0))
    assert err.value.msg_id == "error.game_over"


def test_text_renders_parameters_and_falls_back_to_english():
    """text() fills parameters; a language without a message falls back to English; the
    current language is English until set_language says otherwise."""
    from pygame_rules.messages import CATALOGUE, language, set_language
    assert text("tac.name.card", {"chord": "C", "colour": "Bluesy"}) == "C Bluesy"
    assert text("tac.name.card", {"chord": "C", "colour": "Bluesy"}, lang="ja") == "BluesyのC"
    assert text("tac.name.card", {"chord": "C", "colour": "X"}, lang="fr") == "C X"
    CATALOGUE["en"]["test.only_english"] = "only {x}"
    try:
        assert text("test.only_english", {"x": 1}, lang="ja") == "only 1"
        assert set_language("ja") == "ja" and language() == "ja"
        assert text("ui.close") == CATALOGUE["ja"]["ui.close"] != CATALOGUE["en"]["ui.close"]
        assert set_language("xx") == "en" and text("ui.close") == "Close"
    finally:
        set_language("en")
        del CATALOGUE["en"]["test.only_english"]


def test_engine_has_no_io_and_no_dependencies():
    """The engine imports only the standard library's pure modules (no I/O, no DOM); OpenSpiel's
    adapter (the optional extra `.[openspiel]`) is the one module that needs more, and only the
    tournament's OpenSpiel seat imports it, when a tournament seats it."""
    root = pathlib.Path(pygame_rules.__file__).parent
    adapter = root / "openspiel.py"
    allowed = {"hashlib", "importlib", "json", "dataclasses", "random", "math", "statistics", "time",
               "argparse", "sys", "itertools", "collections", "functools", "__future__",
               "base64", "re", "zlib",      # share links (zlib is in Pyodide's standard library)
               "string", "unicodedata",     # terminal columns (unicodedata is built into Pyodide)
               "operator",                  # apply's identity test (built in, as everywhere)
               "_sha2",                     # SHA-256 without hashlib's import (core.py says why)
               "struct",                    # a shuffle's draws all at once (core.py says why)
               "concurrent"}                # a tournament's processes (the terminal's only)
    for path in root.rglob("*.py"):
        if path == adapter:
            continue
        assert not re.search(r"^\s*(from \.+|import pygame_rules\.)openspiel\b",
                             path.read_text(), re.M) or path.name == "tournament.py", path
        for mod in re.findall(r"^\s*(?:from|import) ([a-zA-Z_][\w]*)", path.read_text(), re.M):
            assert mod in allowed or mod == "pygame_rules", (path.name, mod)


@pytest.mark.parametrize("game_id, players", [("take-a-chord", 3), ("take-bamboo", 4),
                                              ("taktvoll", 3), ("rechord", 1)])
@pytest.mark.parametrize("seat", [True, 1.0, "1", -1, 99, [0]])
def test_a_log_is_for_a_seat_at_the_table_as_a_view_is(game_id, players, seat):
    """`events_for` refuses a seat that is not one at the table, as `view` does (issue 46,
    item 4: True and 1.0 gave seat 1's log, 99 a spectator's), naming it; None (a
    spectator) and every seat, an automaton's included, are fine."""
    state = pygame_rules.new_game(game_id, players, seed=3)
    for ask in (state.view, state.events_for):
        with pytest.raises(SetupError) as refused:
            ask(seat)
        assert refused.value.msg_id == "error.bad_seat"
    for fine in [None, *range(players + len(state.automata))]:
        assert state.events_for(fine) and state.view(fine)["seat"] == fine


@given(st.text(max_size=60))
def test_a_quoted_input_never_carries_a_control_or_bidi_character(raw):
    """`clip`, which every message quoting an input uses, makes the text safe: no control,
    bidi, zero-width or lone surrogate character is left, each written as its escape (issue 46,
    item 2: a save's "\\u202eevil\\x00" reached the message as it was)."""
    shown = clip(raw)
    assert not UNSAFE.search(shown)
    assert shown == raw[:SHORT] + ("…" if len(raw) > SHORT else "") or "\\u" in shown


def test_a_save_s_crafted_version_is_quoted_escaped():
    """A save whose version is a right-to-left override and a NUL is refused, the message
    showing them as escapes."""
    body = json.loads(pygame_rules.new_game("take-bamboo", 3, seed=1).to_json())
    body["version"] = "\u202eevil\x00"
    with pytest.raises(SaveError) as refused:
        pygame_rules.load_state(json.dumps(body))
    assert refused.value.msg_id == "save.version"
    assert "\\u202eevil\\u0000" in refused.value.message
    assert not UNSAFE.search(refused.value.message)
