"""Hints (issue 20): Hard's own move, and reasons built only from what its search computed."""

import json
import random

import pytest

from pygame_rules import GAMES, hint, new_game
from pygame_rules.bots import make_bot


def positions(game_id, count=3, seed=5):
    """States at random points of random games where a seat (not an automaton) has a choice."""
    game, out, rng = GAMES[game_id], [], random.Random(seed)
    for players in sorted({game.min_players, game.max_players}):
        state = new_game(game_id, players, seed=seed)
        while not state.is_over and len(out) < count * 2:
            legal = state.legal_actions()
            if len(legal) > 2 and state.current_player not in state.automata and \
                    rng.random() < 0.15:
                out.append(state.clone())
            state.apply(rng.choice(legal))
    return out[:count]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_hards_move_for_the_same_view_and_seed(game_id):
    """The seated Hard bot (no clock) and the hint agree move for move."""
    for i, state in enumerate(positions(game_id)):
        view = state.view(state.current_player)
        bot = make_bot(game_id, "hard", seed=i, clock=False)
        expected = list(bot.act(view, state.legal_actions()))
        found = hint.hint(game_id, view, seed=i, clock=False)
        assert found["action"] == expected
        assert json.loads(json.dumps(found)) == found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reasons_name_legal_moves_and_the_searchs_own_numbers(game_id):
    """Each move named is a legal candidate; each number is one in the report (rounded)."""
    for i, state in enumerate(positions(game_id)):
        view = state.view(state.current_player)
        found = hint.hint(game_id, view, seed=i, clock=False)
        legal = {tuple(a) for a in state.legal_actions()}
        assert {tuple(c) for c in found["candidates"]} <= legal
        assert found["candidates"][found["chosen"]] == found["action"]
        named = {}

        def describe(action):
            """The move's words, remembered with the move."""
            named[state.describe(action)] = action
            return state.describe(action)
        items = hint.reasons(game_id, found, describe)
        numbers = {hint.rounded(x) for x in found["score"]}
        for msg_id, params in items:
            for key, value in params.items():
                if type(value) is tuple:
                    assert value[1]["score"] in numbers
                elif key == "move":
                    assert tuple(named[value]) in legal
                elif msg_id == "ui.hint.samples":
                    assert params == {"moves": len(found["candidates"]),
                                      "count": found["samples"]} and found["samples"] > 0
        for lang in ("en", "ja"):
            lines = hint.words(items, lang)
            assert lines and all(line and "{" not in line for line in lines)


def test_the_reasons_of_a_real_choice_compare_the_best_others():
    """A Take The "A" Chord lead with several candidates: the move, two others, the deals."""
    state = positions("take-a-chord")[0]
    view = state.view(state.current_player)
    found = hint.hint("take-a-chord", view, seed=0, clock=False)
    assert found["how"] == "search" and len(found["candidates"]) >= 3
    items = hint.reasons("take-a-chord", found, state.describe)
    ids = [msg_id for msg_id, _ in items]
    assert ids[0] == "ui.hint.best" and ids.count("ui.hint.other") == 2
    assert ids[-1] == "ui.hint.samples"
    best = items[0][1]["outcome"][1]["score"]
    assert best == hint.rounded(found["score"][found["chosen"]])
