"""The engine contract, checked for every game over many random games."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from engine_helpers import random_game, snapshot

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
GAMES = sorted(pygame_rules.GAMES)


def games(game_id):
    """(players, seed, choices) for one game."""
    g = pygame_rules.GAMES[game_id]
    return st.tuples(st.integers(g.min_players, g.max_players), st.integers(0, 2**32),
                     st.lists(st.integers(0, 200), max_size=120))


def wrong_actions(state):
    """Actions of every shape that are not legal now (ints, tuples, junk)."""
    legal = set(state.legal_actions())
    candidates = [-1, 0, 1, 34, 35, 99, None, "A", 1.0, True, (), ("play",), ("play", 9999),
                  ("play", True), ("pass", 1, 1), ("gift", "up"), ("accept", 1), ("extra", -1)]
    candidates += [("play", c) for c in range(0, 60, 7)] + [("pass", 0, c) for c in range(1, 60, 9)]
    candidates += [("gift", "left"), ("gift", "right"), ("accept",), ("refuse",)]
    return [a for a in candidates if not _is_legal(a, legal)]


def _automa_won(state):
    """A solo game lost to the automa (Re-Chord's Jim Bot) has no winning seat."""
    scores = state.seat_scores()
    return any(scores[a] >= max(scores[:state.players]) for a in state.automata)


def _is_legal(action, legal):
    """Membership that tells True from 1 (they hash alike)."""
    return any(action == a and repr(action) == repr(a) for a in legal)


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_over_random_games(game_id):
    """Live states have legal actions for a real seat; the end has winners and no actions."""
    @SETTINGS
    @given(games(game_id))
    def check(game):
        players = game[0]
        for state in random_game(game_id, *game):
            seats = players + len(state.automata)
            assert all(players <= a < seats for a in state.automata)
            if state.is_over:
                assert state.legal_actions() == []
                assert state.winners() or _automa_won(state)
                assert len(state.scores()) == players and len(state.seat_scores()) == seats
                assert state.seat_scores()[:players] == state.scores()
            else:
                legal = state.legal_actions()
                assert legal and len(set(legal)) == len(legal)
                assert 0 <= state.current_player < seats
                if state.current_player in state.automata:    # its own next step, only
                    assert len(legal) == 1
                for a in legal[:3]:
                    assert state.describe(a)
    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(game_id):
    """Every wrong action raises IllegalAction with a message; the state is untouched."""
    @settings(max_examples=5, deadline=None)
    @given(games(game_id))
    def check(game):
        for state in random_game(game_id, *game):
            if state.is_over:
                break
            before = snapshot(state)
            for action in wrong_actions(state):
                with pytest.raises(pygame_rules.IllegalAction) as err:
                    state.apply(action)
                assert err.value.msg_id and err.value.message
            assert snapshot(state) == before
    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_actions_give_the_same_game_and_saves_round_trip(game_id):
    """A seed plus the actions reproduces a game; to_json → load_state → to_json is exact."""
    @settings(max_examples=6, deadline=None)
    @given(games(game_id))
    def check(game):
        players, seed, _ = game
        for i, state in enumerate(random_game(game_id, *game)):
            if i % 7 == 0 or state.is_over:
                text = state.to_json()
                loaded = pygame_rules.load_state(text)
                assert loaded.to_json() == text and snapshot(loaded) == snapshot(state)
        again = pygame_rules.new_game(game_id, players, seed=seed)
        for action in state.history:
            again.apply(action)
        assert again.events == state.events and again.to_json() == state.to_json()
    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_clones_are_independent(game_id):
    """A clone plays on to the end without changing the original."""
    g = pygame_rules.GAMES[game_id]
    state = pygame_rules.new_game(game_id, g.max_players, seed=5)
    for _ in range(25):
        state.apply(state.legal_actions()[-1])
    before = snapshot(state)
    fast = state.clone(keep_events=False)
    while not fast.is_over:
        fast.apply(fast.legal_actions()[0])
    assert fast.events is None and snapshot(state) == before
    assert snapshot(state.clone()) == before
