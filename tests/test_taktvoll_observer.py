"""Taktvoll's observer: `determinize(view, rng)` reads only the seat's view and deals exactly what
the resampler dealt from the state before the observer (kept below as the reference), and the
view it observes says what the rules let a seat know, no more.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.bits import cards_of, mask_of
from pygame_rules.core import Rng
from pygame_rules.games.taktvoll import infoset, observer
from pygame_rules.games.taktvoll.cards import BARS
from taktvoll_helpers import position
import observer_helpers

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
VARIANTS = ["basic", "thirds", "intervals", "both"]
BAR_MASK = mask_of(BARS)


# --- the resampler as it was, reading the state (the reference) ---------------------------------
def old_known_in_hands(state, seat):
    """Cards `seat` knows in each hand: its own, every other seat's block bar lines."""
    each = len(BARS) // state.n
    block = (1 << each) - 1
    return [hand if t == seat else hand & (block << (BARS[0] + t * each))
            for t, hand in enumerate(state.hands)]


def old_resample(state, seat, rng):
    """infoset.resample before the observer, verbatim but for names."""
    n = state.n
    fixed = old_known_in_hands(state, seat)
    pool = 0
    for t, hand in enumerate(state.hands):
        pool |= hand & ~fixed[t]
    for c in state.deck:
        pool |= 1 << c
    cards = cards_of(pool)
    rng.shuffle(cards)
    other = state.clone(keep_events=False)
    other.rng = Rng(rng.getrandbits(64))
    actor = state.current_player
    if actor is not None and actor != seat and state.phase == "bonus" and \
            not fixed[actor] & BAR_MASK:
        start = sum(state.hands[t].bit_count() - fixed[t].bit_count()
                    for t in range(actor) if t != seat)
        mine = range(start, start + state.hands[actor].bit_count() - fixed[actor].bit_count())
        if not any(BAR_MASK >> cards[i] & 1 for i in mine):
            bars = [i for i, c in enumerate(cards) if BAR_MASK >> c & 1]
            i, j = rng.choice(bars), rng.choice(mine)
            cards[i], cards[j] = cards[j], cards[i]
    k = 0
    for t in range(n):
        if t != seat:
            size = state.hands[t].bit_count() - fixed[t].bit_count()
            mask = fixed[t]
            for c in cards[k:k + size]:
                mask |= 1 << c
            other.hands[t] = mask
            if t == actor and state.phase == "drawn":
                other.drawn = cards[k]
            k += size
    other.deck = cards[k:]
    return other


# --- helpers ------------------------------------------------------------------------------------
def random_game(players, seed, options):
    """Each state of a game of random moves with these options (the last one too)."""
    state = pygame_rules.new_game("taktvoll", players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def agree(state, seat, k, same_view=True):
    """determinize(view) deals what the old resample dealt (observer_helpers.agree)."""
    return observer_helpers.agree(old_resample, observer.determinize, state, seat, k, same_view)


options = st.fixed_dictionaries({"variant": st.sampled_from(VARIANTS),
                                 "hide_hand_sizes": st.booleans(), "rests": st.booleans(),
                                 "one_four": st.booleans()})


@SETTINGS
@given(st.integers(3, 8), st.integers(0, 2**32), options)
def test_determinize_deals_what_the_old_resample_dealt(players, seed, options):
    """Over random games (every table size, the variants, HR-K9 on and off, the cards out of
    play), for the player to move, another seat and a spectator: the same state slot by slot."""
    rng = random.Random(seed)
    for i, state in enumerate(random_game(players, seed, options)):
        if i % 5 and state.phase == "turn" and not state.is_over:
            continue
        for seat in {state.current_player, rng.randrange(players), None}:
            agree(state, seat, rng.getrandbits(32))
        assert infoset.resample(state, 0, random.Random(i)).hands == \
            old_resample(state, 0, random.Random(i)).hands


def test_determinize_gives_a_bonus_player_without_its_share_a_leftover_bar_line():
    """5 and 7 players: the swap of a leftover bar line into the bonus player's hand is the
    old one, draw for draw."""
    found = 0
    for players in (5, 7):
        for seed in range(300):
            for state in random_game(players, seed, {}):
                actor = state.current_player
                if state.phase == "bonus" and not state.view(None)["bar_lines"][actor]:
                    for k in range(5):
                        agree(state, (actor + 1 + k) % players, k)
                    found += 1
            if found >= 3 * (players - 4):
                break
    assert found >= 6


def test_determinize_agrees_in_set_up_positions():
    """Test positions hold bar lines outside the block rule and leave most cards out: the same
    deal as the old resampler all the same. (Their views may differ: the block rule reads a
    set-up's bar lines as if shared out, which a set-up need not respect, so a deal can put a
    bar line of one seat's share into another hand, as the old resampler did.)"""
    positions = [
        position(["bar Q:C5 H:G4", "bar H:A4", "bar E:A4", "bar S:D5"],
                 rows=["4/4 Q:E4 Q:G4 Q:B4 Q:D5"],
                 deck=["S:E4", "S:F4", "S:G4", "S:A4", "S:B4", "E:E4", "E:F4"]),
        position(["Q:C5 bar", "H:G4 bar bar", "S:A4"], rows=["4/4"], deck=["S:D5"]),
        position(["Q:E5 E:G4 S:A4 bar*2", "H:D4 bar", "S:B4 bar"], rows=["3/4 H:C5"],
                 deck=["W:E4", "W:F4"], options={"hide_hand_sizes": False}),
    ]
    for state in positions:
        for action in (None, ("draw",)):
            if action is not None:
                state.apply(action)
            for seat in [None, *range(state.n)]:
                for k in range(4):
                    agree(state, seat, k, same_view=False)


def test_a_view_counts_hand_sizes_that_hr_k9_keeps_off_the_table():
    """With hand sizes hidden the view shows only the seat's own, yet it counts the cards each
    seat was dealt, drew and played (as the event log tells them), which give every size, as a
    player at the table counts them."""
    for players, hide in ((4, True), (4, False), (5, True)):
        each = 24 // players
        for state in random_game(players, 3, {"hide_hand_sizes": hide}):
            sizes = [h.bit_count() for h in state.hands]
            events = state.events_for(None)
            for seat in (None, 0, 2):
                view = state.view(seat)
                assert view["dealt"] == [5 + each] * players
                for key, etype in (("draws", "draw"), ("plays", "play")):
                    assert view[key] == [sum(1 for e in events if e["type"] == etype and
                                             e["seat"] == t) for t in range(players)]
                assert observer.hand_sizes(view) == sizes
                shown = [s for s, k in enumerate(view["hand_sizes"]) if k is not None]
                if hide and not state.is_over:
                    assert shown == ([] if seat is None else [seat])
                else:
                    assert view["hand_sizes"] == sizes


def test_bar_lines_and_cards_out_are_public_and_follow_from_the_staves():
    """Every seat's view (and a spectator's) holds the same bar lines of each share: the ids of
    the share not yet on the staves; the cards out of play are the ones the options remove."""
    for players in (3, 5, 7):
        each = 24 // players
        opts = {"rests": False, "one_four": False}
        for state in random_game(players, players, opts):
            views = [state.view(s) for s in [None, *range(players)]]
            shown = set(observer.on_staves(state))
            share = [[b for b in BARS[t * each:(t + 1) * each] if b not in shown]
                     for t in range(players)]
            assert all(v["bar_lines"] == share for v in views)
            assert all(v["out_of_play"] == sorted(state.out) for v in views)
            assert all(v["plays"] == views[0]["plays"] for v in views)


def test_views_of_states_that_differ_only_in_hidden_cards_are_equal():
    """Swapping a card of every other hand (not a bar line of its share) with a card of the
    deck changes nothing in a seat's view, nor in a spectator's, so neither holds them."""
    rng = random.Random(4)
    checked = 0
    for players in (3, 5, 8):
        for i, state in enumerate(random_game(players, 8, {"variant": "both"})):
            if i % 5 or state.phase != "turn" or state.is_over or len(state.deck) < players:
                continue
            seat = state.current_player
            share = observer.known_in_hands(state.view(None))
            twin = state.clone()
            for t in range(players):
                free = cards_of(state.hands[t] & ~share[t])
                if t != seat and free:
                    card, top = rng.choice(free), twin.deck[t]
                    twin.hands[t] ^= 1 << card | 1 << top
                    twin.deck[t] = card
                    assert json.dumps(twin.view(t)) != json.dumps(state.view(t))
            for s in (seat, None):
                assert json.dumps(twin.view(s)) == json.dumps(state.view(s))
            checked += 1
    assert checked > 10
