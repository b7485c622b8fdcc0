"""The search's resamplers for TAKE and Taktvoll (and Take The "A" Chord's reseeded chance).

A resample is a full state that looks the same to the resampling seat, keeps every public fact,
deals what the seat cannot see anew (from the seat's information and the given RNG only) and
plays on to the end.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine_helpers
import pygame_rules
from pygame_rules.bits import cards_of, mask_of
from pygame_rules.games.take_a_chord.infoset import resample as tac_resample
from pygame_rules.games.take_bamboo import infoset as take_infoset
from pygame_rules.games.take_bamboo.cards import BAMBOO, GLOWING
from pygame_rules.games.taktvoll import infoset as tak_infoset
from pygame_rules.games.taktvoll.cards import BARS, DECK

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
BAR_MASK = mask_of(BARS)


def random_states(game, players, seed):
    """Each state of a random game (the final one too)."""
    return engine_helpers.random_game(game, players, seed)


def state_fields(state):
    """Every field of a state but the records of how the real game began and went (the event
    log, the action history, a test set-up): play never reads them after the start."""
    fields = engine_helpers.snapshot(state, leave=("events", "history", "setup"))
    assert {"events", "history", "setup"}.isdisjoint(fields) and fields
    return fields


def same_to(state, other, seat):
    """The seat's view and the public view (every other seat's public fields) are unchanged."""
    assert json.dumps(other.view(seat)) == json.dumps(state.view(seat))
    assert json.dumps(other.view(None)) == json.dumps(state.view(None))


def play_out(state, rng):
    """Random legal moves to the end; the game must end."""
    for _ in range(5000):
        if state.is_over:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the resampled game did not end")


# --- TAKE ---------------------------------------------------------------------------------------

def take_all_cards(state):
    """Every card (bamboo and glowing) exactly once across the state's places."""
    p = state.card_places()
    cards = [c for h in p["hands"] for c in cards_of(h)]
    for key in ("passes", "tableau", "trick", "pending", "discard", "draw", "glowing"):
        cards += p[key]
    return sorted(cards) == list(range(BAMBOO + len(GLOWING)))


def take_check_constraints(state, other, seat):
    """Hard constraints: own hand, hand sizes, passed cards, played cards out of hands."""
    n = state.n
    assert other.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]
    assert len(other.draw) == len(state.draw)
    played = mask_of(state.played)
    for hand in other.hands:
        assert not hand & played
    assert not mask_of(other.draw) & played
    assert take_all_cards(other)
    if state.phase != "pass" and state.passes[seat] is not None:
        left, right = state.passes[seat]
        for card, to in ((left, (seat + 1) % n), (right, (seat - 1) % n)):
            if not played >> card & 1:
                assert other.hands[to] >> card & 1
        plays = take_infoset.plays_by_seat(other)
        for t in range(n):               # the rewritten passes fit the new hands
            from_left, from_right = other.received[t]
            assert other.passes[(t + 1) % n][1] == from_left
            assert other.passes[(t - 1) % n][0] == from_right
            assert (other.hands[t] | plays[t]) >> from_left & 1
            assert (other.hands[t] | plays[t]) >> from_right & 1


def take_permute_hidden(state, seat, rng):
    """A clone differing from `state` only in what `seat` cannot see, built independently of the
    resampler: the unknown cards permuted over their places, the played cards out of sight
    (discard pile, face-down extras) permuted over theirs, the passes `seat` did not see
    redrawn to fit, and the future chance reseeded."""
    other = state.clone()
    n = state.n
    played = set(state.played)
    known = set()
    if state.phase != "pass" and state.passes[seat] is not None:
        known = {c for c in state.passes[seat] if c not in played}
    unknown, seen = [], []              # (place, card)
    for t in range(n):
        if t != seat:
            unknown += [(("hand", t), c) for c in cards_of(state.hands[t]) if c not in known]
            if state.phase == "pass" and state.passes[t] is not None:
                unknown += [(("pass", t, i), c) for i, c in enumerate(state.passes[t])]
    unknown += [(("draw", i), c) for i, c in enumerate(state.draw)]
    for t in range(n):
        for colour, stack in enumerate(state.tableau[t]):
            for i, e in enumerate(stack):
                if e < 0 and ~e < BAMBOO:
                    (seen if ~e in played else unknown).append((("down", t, colour, i), ~e))
    seen += [(("discard", i), c) for i, c in enumerate(state.discard)]
    if state.pending is not None:
        seen += [(("pending", i), ~e) for i, e in enumerate(state.pending["bundle"]) if e < 0]
    for t in range(n):
        if t != seat:
            other.hands[t] &= mask_of(known)
    for group in (unknown, seen):
        cards = [c for _, c in group]
        rng.shuffle(cards)
        for (place, _), card in zip(group, cards):
            kind = place[0]
            if kind == "hand":
                other.hands[place[1]] |= 1 << card
            elif kind == "pass":
                passed = list(other.passes[place[1]])
                passed[place[2]] = card
                other.passes[place[1]] = tuple(passed)
            elif kind == "draw":
                other.draw[place[1]] = card
            elif kind == "down":
                other.tableau[place[1]][place[2]][place[3]] = ~card
            elif kind == "discard":
                other.discard[place[1]] = card
            else:
                other.pending["bundle"][place[1]] = ~card
    if state.phase != "pass" and state.received[seat] is not None:
        plays = take_infoset.plays_by_seat(state)        # who played what: public
        left, right = state.passes[seat]
        got = []                                         # each seat's (from left, from right)
        for t in range(n):
            if t == seat:
                got.append(state.received[t])
                continue
            pick = [right if (t + 1) % n == seat else None, left if (t - 1) % n == seat else None]
            pool = [c for c in cards_of(other.hands[t] | plays[t]) if c not in pick]
            rng.shuffle(pool)
            got.append(tuple(c if c is not None else pool.pop() for c in pick))
        for t in range(n):
            other.received[t] = got[t]
            if t != seat:
                other.passes[t] = (got[(t + 1) % n][1], got[(t - 1) % n][0])
    other.rng = pygame_rules.core.Rng(rng.getrandbits(64))       # the future is hidden too
    return other


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32))
def test_take_resample_looks_the_same_to_the_seat_and_plays_to_the_end(players, seed):
    """Own view, public view, every card once, the hard constraints; random play ends."""
    rng = random.Random(seed)
    for i, state in enumerate(random_states("take-bamboo", players, seed)):
        if i % 4 and state.phase not in ("extra", "gift", "accept"):
            continue
        for seat in {state.current_player or 0, rng.randrange(players)}:
            other = take_infoset.resample(state, seat, rng)
            assert other.events is None
            same_to(state, other, seat)
            take_check_constraints(state, other, seat)
            if rng.random() < 0.1:
                play_out(other, rng)


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32))
def test_take_resample_depends_only_on_the_seat_information(players, seed):
    """Two states that differ only in what the seat cannot see resample identically."""
    rng = random.Random(seed)
    for i, state in enumerate(random_states("take-bamboo", players, seed)):
        if i % 6 and state.phase not in ("extra", "gift", "accept"):
            continue
        seat = rng.randrange(players)
        k = rng.getrandbits(32)
        for twin in (take_permute_hidden(state, seat, rng),
                     take_infoset.resample(state, seat, random.Random(k + 1))):
            same_to(state, twin, seat)
            a = take_infoset.resample(state, seat, random.Random(k))
            b = take_infoset.resample(twin, seat, random.Random(k))
            assert state_fields(a) == state_fields(b)
            for s in [None, *range(players)]:
                assert json.dumps(a.view(s)) == json.dumps(b.view(s))


def test_take_resample_ignores_swapped_hands_in_set_up_positions():
    """Set-ups whose other hands are swapped (before and after passing) resample alike."""
    deal = random.Random(5).sample(range(BAMBOO), 40)
    hands = [deal[i * 10:(i + 1) * 10] for i in range(4)]
    swapped = [hands[0], hands[2], hands[3], hands[1]]
    for passing in (True, False):
        one = pygame_rules.new_game("take-bamboo", 4, seed=3,
                                    setup={"hands": hands, "pass": passing, "dealer": 0})
        two = pygame_rules.new_game("take-bamboo", 4, seed=3,
                                    setup={"hands": swapped, "pass": passing, "dealer": 0})
        same_to(one, two, 0)
        for k in range(5):
            a = take_infoset.resample(one, 0, random.Random(k))
            b = take_infoset.resample(two, 0, random.Random(k))
            assert state_fields(a) == state_fields(b)


def take_mid_round(players, seed, tricks_done):
    """A random game just after the passes and `tricks_done` whole tricks."""
    for state in random_states("take-bamboo", players, seed):
        if state.phase == "play" and state.trick_no == tricks_done + 1 and not state.trick:
            return state.clone()
    raise AssertionError("no such state")


def test_take_hidden_cards_move_and_constraints_always_hold():
    """Over many resamples the unknown cards go everywhere; the seat's passes stay put."""
    for players in (3, 4, 6):
        state = take_mid_round(players, 11 + players, 2)
        seat = 0
        rng = random.Random(players)
        unknown = take_infoset.unknown_cards(state, seat)
        assert unknown == sorted(unknown)
        assert set(unknown).isdisjoint(cards_of(state.hands[seat]))
        where = {c: set() for c in unknown}
        real_hands = 0
        for _ in range(300):
            other = take_infoset.resample(state, seat, rng)
            take_check_constraints(state, other, seat)
            real_hands += other.hands == state.hands
            for t in range(players):
                for c in cards_of(other.hands[t]):
                    if c in where:
                        where[c].add(t)
            for c in other.draw:
                if c in where:
                    where[c].add("draw")
        assert real_hands < 3
        assert all(len(places) >= 2 for places in where.values())
        assert not any(seat in places for places in where.values())
        passed = [c for c in state.passes[seat] if c not in state.played]
        assert passed and not set(passed) & set(unknown)     # known: with their receivers


def take_before_round_end(players, seed):
    """A state whose next action ends round 1 (and deals round 2), and that action."""
    for state in random_states("take-bamboo", players, seed):
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            if after.round_no == 1:
                return state.clone(), action
    raise AssertionError("the game ended in round 1")


def test_take_future_chance_is_reseeded():
    """The next round's deal differs between resamples and from the real one."""
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        state, action = take_before_round_end(players, seed)
        seat = state.current_player
        real = state.clone()
        real.apply(action)
        deals = []
        for k in range(3):
            other = take_infoset.resample(state, seat, random.Random(k))
            assert other.rng.state != state.rng.state
            other.apply(action)
            assert other.round_no == 1
            deals.append(other.hands[seat])
        assert len(set(deals)) == 3 and real.hands[seat] not in deals


# --- Taktvoll ------------------------------------------------------------------------------------

def tak_check_constraints(state, other, seat):
    """Own hand, hand sizes, block bar lines, bar-line counts, the drawn card, the bonus."""
    assert other.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]
    assert len(other.deck) == len(state.deck)
    places = other.card_places()
    cards = places["deck"] + places["rows"] + places["out"]
    cards += [c for h in places["hands"] for c in cards_of(h)]
    assert sorted(cards) == list(range(DECK))
    fixed = tak_infoset.known_in_hands(state, seat)
    for t in range(state.n):
        assert other.hands[t] & fixed[t] == fixed[t]
        if 24 % state.n == 0:
            assert (other.hands[t] & BAR_MASK) == (state.hands[t] & BAR_MASK)
    if other.phase == "drawn":
        assert other.hands[other.current_player] >> other.drawn & 1
    if other.phase == "bonus":
        assert other.hands[other.current_player] & BAR_MASK


def tak_permute_hidden(state, seat, rng):
    """A clone differing from `state` only in what `seat` cannot see (built independently of
    the resampler): the others' cards but their share of bar lines, and the deck, permuted."""
    other = state.clone()
    n = state.n
    each = 24 // n
    actor = state.current_player
    if actor is not None and actor != seat and state.phase == "bonus":
        return other                        # keep the bonus player's bar line where it is
    places, cards = [], []
    for t in range(n):
        if t != seat:
            block = mask_of(BARS[t * each:(t + 1) * each])
            for c in cards_of(state.hands[t] & ~block):
                places.append(t)
                cards.append(c)
            other.hands[t] &= block
    places += ["deck"] * len(state.deck)
    cards += state.deck
    rng.shuffle(cards)
    other.deck = []
    for place, card in zip(places, cards):
        if place == "deck":
            other.deck.append(card)
        else:
            other.hands[place] |= 1 << card
            if place == actor and state.phase == "drawn" and actor != seat:
                other.drawn = card
    other.rng = pygame_rules.core.Rng(rng.getrandbits(64))
    return other


@SETTINGS
@given(st.integers(3, 8), st.integers(0, 2**32),
       st.sampled_from(["basic", "thirds", "intervals", "both"]))
def test_taktvoll_resample_looks_the_same_to_the_seat_and_plays_to_the_end(players, seed,
                                                                           variant):
    """Own view, public view, every card once, the hard constraints; random play ends."""
    rng = random.Random(seed)
    state = pygame_rules.new_game("taktvoll", players, seed=seed, options={"variant": variant})
    while True:
        if rng.random() < 0.3 or state.phase != "turn":
            for seat in {state.current_player or 0, rng.randrange(players)}:
                other = tak_infoset.resample(state, seat, rng)
                assert other.events is None
                same_to(state, other, seat)
                tak_check_constraints(state, other, seat)
                if rng.random() < 0.05:
                    play_out(other, rng)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


@SETTINGS
@given(st.integers(3, 8), st.integers(0, 2**32))
def test_taktvoll_resample_depends_only_on_the_seat_information(players, seed):
    """Two states that differ only in what the seat cannot see resample identically."""
    rng = random.Random(seed)
    for i, state in enumerate(random_states("taktvoll", players, seed)):
        if i % 6 and state.phase != "bonus":
            continue
        seat = rng.randrange(players)
        k = rng.getrandbits(32)
        for twin in (tak_permute_hidden(state, seat, rng),
                     tak_infoset.resample(state, seat, random.Random(k + 1))):
            same_to(state, twin, seat)
            a = tak_infoset.resample(state, seat, random.Random(k))
            b = tak_infoset.resample(twin, seat, random.Random(k))
            assert state_fields(a) == state_fields(b)
            for s in [None, *range(players)]:
                assert json.dumps(a.view(s)) == json.dumps(b.view(s))


def test_taktvoll_hidden_cards_move_and_constraints_always_hold():
    """Over many resamples the unknown cards go everywhere; bar lines stay with their seats."""
    for players in (4, 5, 7):
        states = [s.clone() for s in random_states("taktvoll", players, 40 + players)]
        state = states[len(states) // 3]
        seat = state.current_player
        rng = random.Random(players)
        unknown = tak_infoset.unknown_cards(state, seat)
        where = {c: set() for c in unknown}
        real = 0
        for _ in range(300):
            other = tak_infoset.resample(state, seat, rng)
            tak_check_constraints(state, other, seat)
            real += other.hands == state.hands and other.deck == state.deck
            for t in range(players):
                for c in cards_of(other.hands[t]):
                    if c in where:
                        where[c].add(t)
            for c in other.deck:
                where[c].add("deck")
        assert real == 0
        assert all(len(places) >= 2 for places in where.values())
        assert not any(where[c] & {seat} for c in unknown)


def test_taktvoll_bonus_player_without_its_share_gets_a_leftover_bar_line():
    """5 players: a bonus-phase player with no block bar line left holds a leftover one."""
    found = 0
    for seed in range(200):
        for state in random_states("taktvoll", 5, seed):
            actor = state.current_player
            if state.phase != "bonus":
                continue
            seat = (actor + 1) % 5
            if tak_infoset.known_in_hands(state, seat)[actor] & BAR_MASK:
                continue
            found += 1
            rng = random.Random(seed)
            for _ in range(20):
                other = tak_infoset.resample(state, seat, rng)
                tak_check_constraints(state, other, seat)
                play_out(other, rng)
        if found >= 3:
            break
    assert found >= 3


def test_taktvoll_future_chance_is_reseeded():
    """The deck order (the next draws) differs between resamples and from the real one."""
    state = pygame_rules.new_game("taktvoll", 4, seed=9)
    seat = state.current_player
    real = state.clone()
    real.apply(("draw",))
    draws = []
    for k in range(5):
        other = tak_infoset.resample(state, seat, random.Random(k))
        assert other.rng.state != state.rng.state
        other.apply(("draw",))
        draws.append(other.drawn)
    assert len(set(draws)) >= 3 and draws.count(real.drawn) <= 1


# --- Take The "A" Chord: the future chance --------------------------------------------------------

def test_take_a_chord_resample_reseeds_the_future_deals():
    """The next venue's deal differs between resamples and from the real one."""
    for players, seed in ((3, 4), (4, 5)):
        state = action = None
        for s in random_states("take-a-chord", players, seed):
            found = next((a for a in s.legal_actions()
                          if _venue_after(s, a) == 1), None)
            if found is not None:
                state, action = s.clone(), found
                break
        seat = state.current_player
        real = state.clone()
        real.apply(action)
        deals = []
        for k in range(3):
            other = tac_resample(state, seat, random.Random(k))
            assert other.rng.state != state.rng.state
            same_to(state, other, seat)
            other.apply(action)
            assert other.venue == 1
            deals.append(other.hands[seat])
        assert len(set(deals)) == 3 and real.hands[seat] not in deals


def _venue_after(state, action):
    """The venue index after `action`."""
    after = state.clone(keep_events=False)
    after.apply(action)
    return after.venue
