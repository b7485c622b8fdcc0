"""Resampling a full state from what one seat knows (for the AI's searches)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.games.take_a_chord.cards import ALL_CARDS, COLOUR_MASK
from pygame_rules.games.take_a_chord.infoset import deal_by_matching, resample, unknown_cards


def states(players, seed):
    """Every state of a random game."""
    state = pygame_rules.new_game("take-a-chord", players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 2**31))
def test_resampled_states_look_the_same_to_the_seat_and_respect_voids(players, seed):
    """The seat's view is unchanged, cards are all there, and no one holds a shown-void colour."""
    rng = random.Random(seed)
    moved = 0
    for i, state in enumerate(states(players, seed)):
        if i % 5:
            continue
        seat = state.current_player
        other = resample(state, seat, rng)
        assert json.dumps(other.view(seat)) == json.dumps(state.view(seat))
        places = other.card_places()
        union = 0
        for m in places["hands"] + places["won"] + [places["table"], places["set_aside"]]:
            assert not union & m
            union |= m
        assert union == ALL_CARDS
        for s in range(players):
            for colour in range(5):
                if state.voids[s] >> colour & 1:
                    assert not other.hands[s] & COLOUR_MASK[colour]
        moved += other.hands != state.hands
        while not other.is_over:
            other.apply(other.legal_actions()[0])
    assert moved > 0


def test_resampling_differs_between_draws_and_keeps_the_own_hand():
    """Two draws from the same start deal others differently; the own hand stays."""
    state = pygame_rules.new_game("take-a-chord", 4, seed=3)
    a = resample(state, 0, random.Random(1))
    b = resample(state, 0, random.Random(2))
    assert a.hands[0] == b.hands[0] == state.hands[0]
    assert a.hands[1:] != b.hands[1:]
    assert unknown_cards(a, 0) == unknown_cards(state, 0)


def test_matching_finds_the_only_consistent_deal():
    """With tight voids, the matching deal still finds the single way to deal."""
    cards = [0, 1, 2]
    allowed = {"x": 1 << 0, "y": (1 << 0) | (1 << 1), "z": 0b111}
    dealt = deal_by_matching(cards, [("x", 1), ("y", 1), ("z", 1)], allowed, random.Random(0))
    assert dealt == {"x": [0], "y": [1], "z": [2]}
