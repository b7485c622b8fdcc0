"""The observation tensor (each game's space.tensor_layout and space.observation_tensor): a
fixed-size list of floats per seat, read from the seat's view alone, in random games at every
position, for every seat, a spectator and at the end."""

import json
import math
import random

import pytest

import pygame_rules
from pygame_rules.tensors import offsets, size_of

NON_DEFAULT = {
    "take-a-chord": {"blocked_improvisation_changes_key": False,
                     "match_face_up_round_only": False, "non_player_pair_changes_key": True},
    "take-bamboo": {"deck": "six", "trump": "2", "trick_extra": "none",
                    "penalty": "trick_winner"},
    "taktvoll": {"variant": "both", "rests": False, "one_four": False,
                 "hide_hand_sizes": False, "start_player": "random"},
    "rechord": {"difficulty": "touring", "lead_scoring": "linear", "supply_size": 6,
                "face_down_scores": True, "anti_stall": False},
}


def configs():
    """(game, players, options, seed): the smallest and the largest table with the default
    options, and one with other options, for every game."""
    out = []
    for game_id in sorted(pygame_rules.GAMES):
        game = pygame_rules.GAMES[game_id]
        low, high = game.min_players, game.max_players
        out += [(game_id, low, None, 1), (game_id, high, None, 2),
                (game_id, low, NON_DEFAULT[game_id], 3), (game_id, high, NON_DEFAULT[game_id], 4)]
    return out


def seats_of(state):
    """Every seat a view can be asked for (Re-Chord's solo game: Jim Bot's seat too)."""
    return list(range(getattr(state, "g", state.n)))


def space_of(game_id):
    """The game's space part."""
    return pygame_rules.GAMES[game_id].part("space")


def piece(tensor, layout, name):
    """One named piece of a tensor, flat."""
    at, _size = offsets(layout)
    shape = dict(layout)[name]
    return tensor[at[name]:at[name] + size_of(shape)]


def hand_ids(view):
    """The card ids of the view's own hand (Taktvoll's hand entries are card dicts)."""
    return sorted(c["card"] if type(c) is dict else c for c in view["hand"])


def play(game_id, players, options, seed, every=1):
    """A random game's states, every `every`-th position and the end."""
    state = pygame_rules.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    k = 0
    while state.current_player is not None:
        if k % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        k += 1
    yield state


def check(space, view, players, options, layout, size):
    """Every property of one seat's tensor at one position."""
    tensor = space.observation_tensor(view, players, options)
    assert len(tensor) == size
    assert all(type(x) is float and math.isfinite(x) for x in tensor)
    assert space.observation_tensor(view, players, options) == tensor
    # from the view alone: the JSON round trip of the view gives the same tensor
    assert space.observation_tensor(json.loads(json.dumps(view)), players, options) == tensor
    # the own hand: its bits are exactly the view's hand
    hand = piece(tensor, layout, "hand")
    assert [i for i, x in enumerate(hand) if x] == hand_ids(view)
    assert set(hand) <= {0.0, 1.0}
    # whose turn, relative to the seat: one-hot, place 0 the seat itself
    turn = piece(tensor, layout, "current_player")
    if view["current_player"] is None:
        assert not any(turn)
    else:
        assert sorted(turn)[-1] == 1.0 and sum(turn) == 1.0
        assert (turn[0] == 1.0) == (view["current_player"] == (view["seat"] or 0))
    return tensor


@pytest.mark.parametrize("game_id,players,options,seed", configs())
def test_every_seat_every_position_and_the_end(game_id, players, options, seed):
    """The tensor has the layout's size at every position, for every seat and a spectator,
    holds finite floats only, is the same computed twice or from the view's JSON, and its hand
    and turn pieces say what the view says; it changes as the seat's hand changes."""
    space = space_of(game_id)
    full = pygame_rules.GAMES[game_id].resolve_options(options)
    layout = space.tensor_layout(players, full)
    names = [name for name, _ in layout]
    assert len(set(names)) == len(names) and "hand" in names and "current_player" in names
    assert all(type(shape) is tuple and shape and all(type(d) is int and d > 0 for d in shape)
               for _, shape in layout)
    size = offsets(layout)[1]
    assert 100 <= size <= 5000
    last = {}
    changed = 0
    state = None
    for state in play(game_id, players, options, seed, every=2 if game_id == "rechord" else 1):
        for seat in seats_of(state) + [None]:
            tensor = check(space, state.view(seat), players, full, layout, size)
            if seat is not None:
                hand = hand_ids(state.view(seat))
                if seat in last and last[seat][0] != hand:
                    assert last[seat][1] != tensor
                    changed += 1
                last[seat] = hand, tensor
    assert state.current_player is None and changed > 0
    assert space.tensor_layout(players, full) == layout      # the same at the end


@pytest.mark.parametrize("game_id", sorted(pygame_rules.GAMES))
def test_equal_views_give_equal_tensors(game_id):
    """A state dealt anew from a seat's view (observer.determinize: the other hands changed)
    gives that seat the same tensor; a view with another hand gives another tensor."""
    game = pygame_rules.GAMES[game_id]
    space, observer = space_of(game_id), game.part("observer")
    players = game.max_players if game_id != "rechord" else 3
    full = game.resolve_options(None)
    rng = random.Random(7)
    tried = 0
    for k, state in enumerate(play(game_id, players, None, 5)):
        if k % 7 or state.current_player is None:
            continue
        seat = state.current_player
        view = state.view(seat)
        tensor = space.observation_tensor(view, players, full)
        other = observer.determinize(view, rng)
        others = [other.view(s) for s in seats_of(state) if s != seat]
        assert space.observation_tensor(other.view(seat), players, full) == tensor
        tried += 1
        # the other seats' tensors are read from their own views: another hand, another tensor
        for s, seen in zip([s for s in seats_of(state) if s != seat], others):
            if hand_ids(seen) != hand_ids(view):
                assert space.observation_tensor(seen, players, full) != tensor
    assert tried >= 3


@pytest.mark.parametrize("game_id", sorted(pygame_rules.GAMES))
def test_a_changed_hand_changes_the_tensor(game_id):
    """Taking a card out of the view's hand clears exactly its bit in the hand piece."""
    game = pygame_rules.GAMES[game_id]
    space = space_of(game_id)
    players = game.min_players
    full = game.resolve_options(None)
    layout = space.tensor_layout(players, full)
    state = pygame_rules.new_game(game_id, players, seed=3)
    view = state.view(0)
    before = space.observation_tensor(view, players, full)
    gone = view["hand"].pop()
    after = space.observation_tensor(view, players, full)
    card = gone["card"] if type(gone) is dict else gone
    diff = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert diff == [offsets(layout)[0]["hand"] + card]
