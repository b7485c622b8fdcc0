"""Games saved by earlier versions still load, sit at the same position, and play on to the
same end: version-1 saves (made by main at 2fd9c14) and version-2 saves (made by main at
eb1f859 with `tests/fixtures/make_saves.py`), each in the middle of play, as the engine saves
them and as the page does."""

import glob
import json
import os
import sys

import pytest

import pygame_rules
from pygame_rules.bots import bot_action, make_bot

HERE = os.path.dirname(os.path.abspath(__file__))
VERSIONS = (1, 2)
FIXTURES = {v: sorted(glob.glob(os.path.join(HERE, "fixtures", "saves_v%d" % v, "*.json")))
            for v in VERSIONS}
ALL = [p for v in VERSIONS for p in FIXTURES[v]]
sys.path.insert(0, os.path.join(HERE, "..", "web"))


def fixture(path):
    """One recorded save with what the engine of its day said about it."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def name(path):
    """A test id: the version folder and the file."""
    return "%s/%s" % (os.path.basename(os.path.dirname(path)), os.path.basename(path))


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


@pytest.mark.parametrize("version", VERSIONS)
def test_there_is_a_fixture_for_every_game(version):
    """Every game has at least one mid-game save of every older version kept."""
    recs = [fixture(p) for p in FIXTURES[version]]
    assert {r["game"] for r in recs} == set(pygame_rules.GAMES)
    assert {json.loads(r["engine"])["version"] for r in recs} == {version}


@pytest.mark.parametrize("path", ALL, ids=name)
def test_an_old_engine_save_loads_and_continues(path):
    """The engine save loads at the same position and plays out to the same result."""
    rec = fixture(path)
    state = pygame_rules.load_state(rec["engine"])
    assert state.current_player == rec["current_player"]
    assert state.scores() == rec["scores"]
    assert not state.is_over
    if "legal_described" in rec:      # the same choices, whatever shape actions have now
        assert [state.describe(a) for a in state.legal_actions()] == rec["legal_described"]
    play_out(state, rec["players"])
    assert state.scores() == rec["played_out"]["scores"]
    assert state.winners() == rec["played_out"]["winners"]
    again = pygame_rules.load_state(state.to_json())      # and it saves in the new version
    assert again.scores() == state.scores() and again.is_over
    assert json.loads(state.to_json())["version"] == pygame_rules.core.SAVE_VERSION


@pytest.mark.parametrize("path", ALL, ids=name)
def test_an_old_page_save_resumes(path):
    """The page's save (the engine save inside it) resumes at the same position."""
    import app
    rec = fixture(path)
    session = app.Session.from_save(rec["web"])
    assert session.state.current_player == rec["current_player"]
    assert session.state.scores() == rec["scores"]
    assert session.shown_round == json.loads(rec["web"])["shown_round"]
    assert [s["kind"] for s in session.seats][:1] == ["human"]
    assert app.Session.from_save(session.to_save()).state.history == session.state.history
