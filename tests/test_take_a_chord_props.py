"""Properties of Take The "A" Chord over many random games, 3 and 4 players."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine_helpers
import pygame_rules
from engine_helpers import snapshot
from pygame_rules.games.take_a_chord.cards import ALL_CARDS, COLOUR_MASK, DECK_SIZE, cards_of
from pygame_rules.games.take_a_chord.infoset import resample

GAME = "take-a-chord"
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(players, seed, choices):
    """Each state of a random Take The "A" Chord game."""
    return engine_helpers.random_game(GAME, players, seed, choices)


games = st.tuples(st.sampled_from([3, 4]), st.integers(0, 2**32),
                  st.lists(st.integers(0, 40), max_size=200))


@SETTINGS
@given(games)
def test_every_card_is_accounted_for_at_every_step(game):
    """Hands, the stack, the table, won piles and set-aside cards hold all 35, once each."""
    for state in random_game(*game):
        places = state.card_places()
        masks = places["hands"] + places["won"] + [places["table"], places["set_aside"]]
        assert sum(bin(m).count("1") for m in masks) == DECK_SIZE
        union = 0
        for m in masks:
            union |= m
        assert union == ALL_CARDS


@SETTINGS
@given(games)
def test_a_live_state_always_has_a_legal_action_for_a_real_seat(game):
    """Until the end there is a legal action, and the non-player never has the turn."""
    players = game[0]
    for state in random_game(*game):
        if state.is_over:
            assert state.legal_actions() == []
            assert state.winners()
        else:
            assert state.legal_actions()
            assert 0 <= state.current_player < players
            assert set(state.legal_actions()) <= \
                {("play", c) for c in cards_of(state.hands[state.current_player])}


@settings(max_examples=8, deadline=None)
@given(games)
def test_every_illegal_card_is_refused_and_changes_nothing(game):
    """Each card outside legal_actions() raises IllegalAction with a reason; state unchanged."""
    for state in random_game(*game):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        before = snapshot(state)
        for card in range(DECK_SIZE):
            if ("play", card) in legal:
                continue
            with pytest.raises(pygame_rules.IllegalAction) as err:
                state.apply(("play", card))
            assert err.value.msg_id.startswith("tac.") and err.value.message
        for junk in (0, 34, -1, 35, "A", None, 1.0, True, (1,), ("play",), ("play", -1),
                     ("play", 35), ("play", True), ("play", 1.0), ("play", "A-Bl"),
                     ("pass", 1), ("play", 1, 2), ["play", 1]):
            with pytest.raises(pygame_rules.IllegalAction):
                state.apply(junk)
        assert snapshot(state) == before


@SETTINGS
@given(games)
def test_views_do_not_depend_on_hidden_cards(game):
    """view(seat) is the same whatever the cards hidden from that seat are."""
    players, seed, _ = game
    rng = random.Random(seed)
    for state in random_game(*game):
        for seat in list(range(players)) + [None]:
            other = resample(state, seat, rng)
            assert json.dumps(state.view(seat)) == json.dumps(other.view(seat))


@SETTINGS
@given(games)
def test_events_for_a_seat_never_name_a_hidden_card(game):
    """events_for(seat) shows only that seat's own deal; everything else in it was public."""
    players = game[0]
    state = list(random_game(*game))[-1]
    full_starts = [e for e in state.events if e["type"] == "venue_start"]
    for seat in list(range(players)) + [None]:
        events = state.events_for(seat)
        json.dumps(events)
        starts = [e for e in events if e["type"] == "venue_start"]
        assert len(starts) == len(full_starts)
        for seen, full in zip(starts, full_starts):
            for s, hand in enumerate(seen["hands"]):
                assert hand == (full["hands"][s] if s == seat else [])
            assert seen["non_player_stack"] == []
            assert seen["set_aside"] == [full["key_card"]]
        assert [e for e in events if e["type"] != "venue_start"] == \
               [e for e in state.events if e["type"] != "venue_start"]


def test_public_events_name_only_cards_that_were_played():
    """Outside a venue start, every card an event names had been played face up."""
    for players in (3, 4):
        state = list(random_game(players, 99, []))[-1]
        played = set()
        for e in state.events:
            if e["type"] == "venue_start":
                played = {e["key_card"]}
            elif e["type"] == "card_played":
                played.add(e["card"])
            else:
                named = set(e.get("cards", [])) | ({e["card"]} if "card" in e else set())
                assert named <= played, e


def test_scores_add_up_to_the_venue_rows():
    """Every venue row is chart + bonus, and the totals are the sum of the rows."""
    for players in (3, 4):
        for seed in range(20):
            state = list(random_game(players, seed, []))[-1]
            assert len(state.venue_rows) == players
            for rows in state.venue_rows:
                assert sum(r["tricks"] for r in rows) == 8
                for r in rows:
                    assert r["score"] == r["chart"] + r["bonus"]
            for s in range(players):
                assert state.scores()[s] == sum(rows[s]["score"] for rows in state.venue_rows)


def test_view_lists_the_cards_played_this_venue_and_the_shown_voids():
    """view['played'] is every card played face up this venue; voids follow off-colour plays."""
    for players in (3, 4):
        state = pygame_rules.new_game(GAME, players, seed=17)
        rng = random.Random(17)
        played, seen = set(), 0
        while True:
            for e in state.events[seen:]:
                if e["type"] == "venue_start":
                    played = set()
                elif e["type"] == "card_played":
                    played.add(e["card"])
            seen = len(state.events)
            view = state.view(0)
            assert set(view["played"]) == played
            for s, colours in enumerate(view["voids"]):
                for c in colours:   # a shown void is true: the seat holds none of that colour
                    assert not state.hands[s] & COLOUR_MASK[c]
            if view["trick"]["number"] == 1 and view["trick"]["round"] == 1:
                assert view["last_trick"] is None
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert any(view["voids"])
