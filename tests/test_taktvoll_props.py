"""Properties of Taktvoll over many random games, 3 to 8 players, every variant."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine_helpers
import pygame_rules
from pygame_rules.bits import cards_of
from pygame_rules.games.taktvoll.cards import DECK, capacity, kind_of

GAME = "taktvoll"
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(3, 8), st.integers(0, 2**32),
                  st.sampled_from(["basic", "thirds", "intervals", "both"]),
                  st.booleans(), st.booleans())


def random_game(players, seed, variant, rests, one_four):
    """Each state of a random game with these options."""
    state = pygame_rules.new_game(GAME, players, seed=seed, options={
        "variant": variant, "rests": rests, "one_four": one_four})
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_place(game):
    """Hands, the deck, the rows and the cards out of play hold all 91 cards once."""
    for state in random_game(*game):
        p = state.card_places()
        cards = [c for h in p["hands"] for c in cards_of(h)] + p["deck"] + p["rows"] + p["out"]
        assert sorted(cards) == list(range(DECK))


@SETTINGS
@given(games)
def test_bars_never_overflow_and_rows_keep_their_order(game):
    """No open bar exceeds its time signature; every row starts clef, time signature."""
    for state in random_game(*game):
        assert len(state.rows) <= 4
        for time, fill, count, prev, entries in state.rows:
            assert kind_of(entries[0][0]) == "clef"
            if time is not None:
                assert entries[1][0] == time and 0 <= fill <= capacity(time)
                assert sum(1 for c, _ in entries if kind_of(c) == "time") == 1


@SETTINGS
@given(games)
def test_views_hide_other_hands_sizes_and_draws(game):
    """Another seat's hand never shows; sizes are hidden by default; draws are private."""
    players = game[0]
    last = None
    for state in random_game(*game):
        last = state
        for seat in range(players):
            view = state.view(seat)
            if not state.is_over:
                assert [s for s, k in enumerate(view["hand_sizes"]) if k is not None] == [seat]
            assert [c["card"] for c in view["hand"]] == cards_of(state.hands[seat])
    for seat in list(range(players)) + [None]:
        for e in last.events_for(seat):
            if e["type"] == "deal":
                assert all(h == [] for s, h in enumerate(e["hands"]) if s != seat)
            if e["type"] == "draw" and e["seat"] != seat:
                assert e["card"] is None
        json.dumps(last.events_for(seat))


def test_final_scores_take_one_point_per_card_left():
    """At the end, every seat's score is its points minus the cards it still holds."""
    for players in (3, 5, 8):
        state = list(random_game(players, 11, "both", True, True))[-1]
        end = engine_helpers.last_event(state, "game_end")
        assert end["final"] == [p - k for p, k in zip(end["scores"], end["penalties"])]
        assert state.winners() == [s for s, v in enumerate(end["final"])
                                   if v == max(end["final"])]
