"""The heuristic bots' three faces agree: choose(view), ranked(view) (the choice first) and
play(state) for playouts (the same move straight from the state, reading only the seat's share)."""

import json
import random

import pytest

import pygame_rules
from pygame_rules import bots
from pygame_rules.search import as_actions, determinizer

CASES = [("take-a-chord", 4, {}), ("take-a-chord", 3, {}),
         ("take-bamboo", 4, {}), ("take-bamboo", 3, {"deck": "six"}),
         ("taktvoll", 4, {}), ("taktvoll", 5, {"variant": "both"}),
         ("rechord", 1, {}), ("rechord", 3, {"lead_scoring": "linear"})]


def positions(game_id, players, options, seed):
    """Every position with a choice in one game of heuristic bots mixed with random moves."""
    state = pygame_rules.new_game(game_id, players, seed=seed, options=options)
    seated = bots.with_automata(state, [bots.make_bot(game_id, "heuristic", seed=i)
                                        for i in range(players)])
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1:
            yield state, legal
        if rng.random() < 0.2:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(bots.bot_action(state, seated[state.current_player]))


@pytest.mark.parametrize("game_id,players,options", CASES)
def test_ranked_play_and_choose_agree(game_id, players, options):
    """ranked() is a permutation of the legal actions led by choose(); play() from the state
    gives choose()'s move; the state's hidden cards do not change play()'s move; the view read
    back from JSON (as the page's worker gets it) ranks alike."""
    choose = bots.new_bot(game_id, "heuristic")
    rank, play = bots.kit(game_id).ranked, bots.kit(game_id).play
    determinize = determinizer(game_id)
    checked = 0
    for seed in range(2):
        for state, legal in positions(game_id, players, options, seed):
            seat = state.current_player
            view = state.view(seat)
            move = choose(view, legal, random.Random(1))
            order = rank(view, legal, random.Random(1))
            assert order[0] == move
            assert sorted(order, key=repr) == sorted(legal, key=repr)
            assert play(state, seat, legal, random.Random(1)) == move
            sent = json.loads(json.dumps(view))
            assert rank(sent, as_actions(sent["legal"]), random.Random(1)) == order
            other = determinize(view, random.Random(checked))
            assert play(other, seat, other.legal_actions(), random.Random(1)) == move
            checked += 1
    assert checked > 20
