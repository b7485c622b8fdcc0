"""Games saved by an earlier version (save version 1, made by main at 2fd9c14 in the middle of
play) still load, sit at the same position, and play on to the same end."""

import glob
import json
import os
import sys

import pytest

import pygame_rules
from pygame_rules.bots import bot_action, make_bot

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = sorted(glob.glob(os.path.join(HERE, "fixtures", "saves_v1", "*.json")))
sys.path.insert(0, os.path.join(HERE, "..", "web"))


def fixture(path):
    """One recorded v1 save with what the old engine said about it."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def play_out(state, players):
    """Play to the end with the heuristic bots the fixture was played out with (seeded
    99 + seat); a seat that is not a player's (an automaton) has one move at a time."""
    bots = [make_bot(state.game.id, "heuristic", seed=99 + i) for i in range(players)]
    moves = 0
    while not state.is_over:
        seat = state.current_player
        if seat < players:
            state.apply(bot_action(state, bots[seat]))
            moves += 1
        else:
            (only,) = state.legal_actions()
            state.apply(only)
    return moves


def test_there_is_a_fixture_for_every_game():
    """Every game has at least one mid-game v1 save kept."""
    assert {fixture(p)["game"] for p in FIXTURES} == set(pygame_rules.GAMES)


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_a_v1_engine_save_loads_and_continues(path):
    """The engine save loads at the same position and plays out to the same result."""
    rec = fixture(path)
    state = pygame_rules.load_state(rec["engine"])
    assert state.current_player == rec["current_player"]
    assert state.scores() == rec["scores"]
    assert not state.is_over
    play_out(state, rec["players"])
    assert state.scores() == rec["played_out"]["scores"]
    assert state.winners() == rec["played_out"]["winners"]
    again = pygame_rules.load_state(state.to_json())      # and it saves in the new version
    assert again.scores() == state.scores() and again.is_over


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_a_v1_page_save_resumes(path):
    """The page's save (the engine save inside it) resumes at the same position."""
    import app
    rec = fixture(path)
    session = app.Session.from_save(rec["web"])
    assert session.state.current_player == rec["current_player"]
    assert session.state.scores() == rec["scores"]
    assert [s["kind"] for s in session.seats][:1] == ["human"]
