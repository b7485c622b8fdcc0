"""Properties of TAKE over many random games, 3 to 6 players."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine_helpers
from pygame_rules.games.take_bamboo.cards import BAMBOO, GLOWING, cards_of

GAME = "take-bamboo"
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(3, 6), st.integers(0, 2**32),
                  st.lists(st.integers(0, 200), max_size=150))


def random_game(players, seed, choices=()):
    """Each state of a random TAKE game."""
    return engine_helpers.random_game(GAME, players, seed, choices)


@SETTINGS
@given(games)
def test_every_card_incl_face_down_and_glowing_is_accounted_for(game):
    """Hands, passes, tableaux, the trick, a gift, discard, draw and glowing: 60 cards, once."""
    for state in random_game(*game):
        p = state.card_places()
        cards = [c for h in p["hands"] for c in cards_of(h)]
        for key in ("passes", "tableau", "trick", "pending", "discard", "draw", "glowing"):
            cards += p[key]
        assert sorted(cards) == list(range(BAMBOO + len(GLOWING))), state.phase


@SETTINGS
@given(games)
def test_two_colour_limit_and_score_floor_always_hold(game):
    """No tableau ever holds a third colour; scores never drop below 0."""
    for state in random_game(*game):
        for seat in range(state.n):
            assert len(state.held(seat)) <= 2
        assert min(state.scores()) >= 0


def hidden_shuffle(state, seat, rng):
    """A clone whose cards hidden from `seat` are dealt differently among their places."""
    other = state.clone()
    slots = []                                   # (kind, owner, index)
    for s in range(state.n):
        if s != seat:
            slots += [("hand", s, c) for c in cards_of(state.hands[s])]
    for s in range(state.n):
        if s != seat and state.passes[s] and state.phase == "pass":
            slots += [("pass", (s, i), c) for i, c in enumerate(state.passes[s])]
    for i, c in enumerate(state.draw):
        slots.append(("draw", i, c))
    for i, c in enumerate(state.discard):
        slots.append(("discard", i, c))
    for s in range(state.n):
        for colour, stack in enumerate(state.tableau[s]):
            for i, e in enumerate(stack):
                if e < 0 and ~e < BAMBOO:
                    slots.append(("down", (s, colour, i), ~e))
    pool = [c for *_, c in slots]
    rng.shuffle(pool)
    for s in range(state.n):
        if s != seat:
            other.hands[s] = 0
    for (kind, where, _), card in zip(slots, pool):
        if kind == "hand":
            other.hands[where] |= 1 << card
        elif kind == "draw":
            other.draw[where] = card
        elif kind == "discard":
            other.discard[where] = card
        elif kind == "pass":
            s, i = where
            passed = list(other.passes[s])
            passed[i] = card
            other.passes[s] = tuple(passed)
        else:
            s, colour, i = where
            other.tableau[s][colour][i] = ~card
    return other


@SETTINGS
@given(games)
def test_views_do_not_depend_on_what_is_hidden(game):
    """view(seat) is the same whatever the other hands, the piles and face-down cards hold."""
    players, seed, _ = game
    rng = random.Random(seed)
    for i, state in enumerate(random_game(*game)):
        if i % 3 and state.phase != "pass":
            continue
        for seat in list(range(players)) + [None]:
            other = hidden_shuffle(state, seat, rng)
            assert json.dumps(state.view(seat)) == json.dumps(other.view(seat))


def test_after_the_exchange_each_seat_sees_the_two_cards_it_received():
    """The received cards are the left neighbour's right pass and the right one's left."""
    for players in (3, 6):
        state = next(s for s in random_game(players, 7) if s.phase == "pass")
        while state.phase == "pass":
            state.apply(state.legal_actions()[0])
        for seat in range(players):
            left, right = state.view(seat)["received"]
            assert left == state.passes[(seat + 1) % players][1]
            assert right == state.passes[(seat - 1) % players][0]


@SETTINGS
@given(games)
def test_events_for_a_seat_hide_hands_passes_and_face_down_cards(game):
    """Each seat's log shows its own deal and passes only; face-down identities never."""
    players = game[0]
    state = list(random_game(*game))[-1]
    for seat in list(range(players)) + [None]:
        for e in state.events_for(seat):
            kind = e["type"]
            if kind == "round_start":
                assert all(h == [] for s, h in enumerate(e["hands"]) if s != seat)
            elif kind == "pass_chosen" and e["seat"] != seat:
                assert e["left"] is None and e["right"] is None
            elif kind == "pass_exchange":
                assert all(r is None for s, r in enumerate(e["received"]) if s != seat)
            elif kind == "initial_double":
                assert e["extra"] is None
            elif kind == "extra_taken" and e["source"] == "discard":
                assert e["card"] is None
        json.dumps(state.events_for(seat))


def test_round_scores_follow_the_colour_rule_and_totals_add_up():
    """Every round row is the S1 colour rule applied to the counts; its round is their sum."""
    from pygame_rules.games.take_bamboo.state import colour_points
    for players in (3, 4, 5, 6):
        for seed in range(6):
            state = list(random_game(players, seed))[-1]
            for rows in state.round_rows:
                for colour in range(3):
                    counts = [r["counts"][colour] for r in rows]
                    assert [r["points"][colour] for r in rows] == colour_points(counts)
                for r in rows:
                    assert r["round"] == sum(r["points"])
            if state.end_reason != "gift":
                assert state.round_rows
