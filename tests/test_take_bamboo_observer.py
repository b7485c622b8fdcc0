"""TAKE's observer: `determinize(view, rng)` reads only the seat's view and deals exactly what the
resampler dealt from the state before the observer (kept below as the reference), and the view it
observes says what the rules let a seat know, no more.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.bits import cards_of, mask_of
from pygame_rules.core import Rng
from pygame_rules.games.take_bamboo import bots, infoset, observer
from pygame_rules.games.take_bamboo.cards import BAMBOO, GLOWING
from pygame_rules.games.take_bamboo.state import trick_winner
from take_helpers import card, play, position
import observer_helpers

GAME = "take-bamboo"
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --- the resampler as it was, reading the state (the reference) -----------------------------------
def old_plays_by_seat(state):
    """Each seat's cards played this round, as bitmasks (public: plays are face up, the dealer
    leads the first trick and each trick's winner the next)."""
    n, played = state.n, state.played
    out = [0] * n
    leader = state.dealer
    ranks, trump = state.ranks, state.trump
    for start in range(0, len(played), n):
        cards = played[start:start + n]
        for i, c in enumerate(cards):
            out[(leader + i) % n] |= 1 << c
        if len(cards) == n:
            leader = (leader + trick_winner(cards, ranks, trump)) % n
    return out


def old_known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand: its own, and the ones it passed that their
    receiver has not played yet."""
    n = state.n
    fixed = [0] * n
    fixed[seat] = state.hands[seat]
    mine = state.passes[seat]
    if mine is not None and state.phase != "pass":
        played = 0
        for c in state.played:
            played |= 1 << c
        left, right = mine
        if not played >> left & 1:
            fixed[(seat + 1) % n] |= 1 << left
        if not played >> right & 1:
            fixed[(seat - 1) % n] |= 1 << right
    return fixed


def old_hidden(state, seat, fixed):
    """For `seat`: (the bitmask of every unknown card; the places of unknown cards besides the
    hands, the passes in flight and the draw pile; the places of played cards out of sight).
    A place is (seat, colour, index) in a tableau, ("discard", index) or ("pending", index)."""
    n = state.n
    played = 0
    for c in state.played:
        played |= 1 << c
    pool = 0
    for s in range(n):
        if s != seat:
            pool |= state.hands[s] & ~fixed[s]
    if state.phase == "pass":
        for s in range(n):
            p = state.passes[s]
            if s != seat and p is not None:
                pool |= (1 << p[0]) | (1 << p[1])
    for c in state.draw:
        pool |= 1 << c
    down_slots, up_slots = [], []          # unknown face-down cards / played ones out of sight
    for s, seat_stacks in enumerate(state.tableau):
        for colour, stack in enumerate(seat_stacks):
            for i, e in enumerate(stack):
                if e < 0 and ~e < BAMBOO:
                    if played >> ~e & 1:
                        up_slots.append((s, colour, i))
                    else:
                        down_slots.append((s, colour, i))
                        pool |= 1 << ~e
    for i, c in enumerate(state.discard):
        if played >> c & 1:
            up_slots.append(("discard", i))
        else:
            down_slots.append(("discard", i))
            pool |= 1 << c
    if state.pending is not None:
        for i, e in enumerate(state.pending["bundle"]):
            if e < 0 and ~e < BAMBOO:
                if played >> ~e & 1:
                    up_slots.append(("pending", i))
                else:
                    down_slots.append(("pending", i))
                    pool |= 1 << ~e
    return pool, down_slots, up_slots


def old_resample(state, seat, rng):
    """infoset.resample before the observer, verbatim but for names: a clone(keep_events=False)
    of `state` in which everything `seat` cannot see is dealt anew, consistently with what
    `seat` has seen, and whose chance is reseeded from `rng`."""
    n = state.n
    fixed = old_known_in_hands(state, seat)
    pool, down_slots, up_slots = old_hidden(state, seat, fixed)
    other = state.clone(keep_events=False)
    other.rng = Rng(rng.getrandbits(64))
    deck = cards_of(pool)
    rng.shuffle(deck)

    # the unknown cards, back over their places in a fixed (public) order
    k = 0
    hands = other.hands
    for s in range(n):
        if s != seat:
            size = state.hands[s].bit_count() - fixed[s].bit_count()
            mask = fixed[s]
            for c in deck[k:k + size]:
                mask |= 1 << c
            hands[s] = mask
            k += size
    if state.phase == "pass":
        for s in range(n):
            if s != seat and state.passes[s] is not None:
                other.passes[s] = (deck[k], deck[k + 1])
                k += 2
    size = len(state.draw)
    other.draw = deck[k:k + size]
    k += size
    for slot in down_slots:
        old_set_slot(other, slot, deck[k])
        k += 1

    # the played cards out of sight (discard pile, face-down extras), shuffled over their places
    if len(up_slots) > 1:
        seen = sorted(old_slot_card(state, slot) for slot in up_slots)
        rng.shuffle(seen)
        for slot, c in zip(up_slots, seen):
            old_set_slot(other, slot, c)

    if state.phase != "pass" and state.received[seat] is not None:
        old_redraw_passes(state, other, seat, rng)
    return other


def old_slot_card(state, slot):
    """The card in one out-of-sight place."""
    if slot[0] == "discard":
        return state.discard[slot[1]]
    if slot[0] == "pending":
        return ~state.pending["bundle"][slot[1]]
    s, colour, i = slot
    return ~state.tableau[s][colour][i]


def old_set_slot(other, slot, card):
    """Put a card in one out-of-sight place of the resampled state."""
    if slot[0] == "discard":
        other.discard[slot[1]] = card
    elif slot[0] == "pending":
        other.pending["bundle"][slot[1]] = ~card
    else:
        s, colour, i = slot
        other.tableau[s][colour][i] = ~card


def old_redraw_passes(state, other, seat, rng):
    """After the exchange: the passes `seat` did not see, made consistent with the new hands."""
    n = state.n
    plays = old_plays_by_seat(state)
    left, right = state.passes[seat]
    got = [None] * n                         # got[t] = [from its left, from its right]
    for t in range(n):
        if t == seat:
            got[t] = list(state.received[t])
            continue
        pick = [None, None]
        avail = other.hands[t] | plays[t]
        if (t + 1) % n == seat:              # t's left neighbour is seat: seat's right pass
            pick[0] = right
        if (t - 1) % n == seat:              # t's right neighbour is seat: seat's left pass
            pick[1] = left
        for c in pick:
            if c is not None:
                avail &= ~(1 << c)
        free = cards_of(avail)
        need = [j for j in (0, 1) if pick[j] is None]
        for j, c in zip(need, rng.sample(free, len(need))):
            pick[j] = c
        got[t] = pick
    for t in range(n):
        other.received[t] = tuple(got[t])
        if t != seat:
            other.passes[t] = (got[(t + 1) % n][1], got[(t - 1) % n][0])


# --- helpers --------------------------------------------------------------------------------------
def game_states(players, seed, options, bot_share=0.5):
    """Each state of a game (the last one too) whose moves are the heuristic bot's or random."""
    state = pygame_rules.new_game(GAME, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        if rng.random() < bot_share:
            action = bots.choose(state.view(state.current_player), legal, rng)
        else:
            action = rng.choice(legal)
        state.apply(action)
    yield state


def agree(state, seat, k):
    """determinize(view) deals what the old resample dealt (observer_helpers.agree)."""
    return observer_helpers.agree(old_resample, observer.determinize, state, seat, k)


def all_cards_once(state):
    """Every card (bamboo and glowing) exactly once across the state's places."""
    p = state.card_places()
    cards = [c for h in p["hands"] for c in cards_of(h)]
    for key in ("passes", "tableau", "trick", "pending", "discard", "draw", "glowing"):
        cards += p[key]
    return sorted(cards) == sorted(set(range(BAMBOO + len(GLOWING))) -
                                   set(state.view(None)["set_aside"]))


options = st.fixed_dictionaries({"deck": st.sampled_from(["nine", "six"]),
                                 "trump": st.sampled_from(["random", "2", "3", "6"]),
                                 "trick_extra": st.sampled_from(["winner_chooses", "none"]),
                                 "penalty": st.sampled_from(["giver", "trick_winner"])})


# --- determinize against the old resample ---------------------------------------------------------
@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32), options)
def test_determinize_deals_what_the_old_resample_dealt(players, seed, options):
    """Over bot and random games (every table size, both decks, the trump numbers, extras from
    the trick or not, either penalty), for the player to move and another seat, in every phase:
    the same state slot by slot, the generators left alike."""
    rng = random.Random(seed)
    for i, state in enumerate(game_states(players, seed, options)):
        if i % 4 and state.phase in ("pass", "play"):
            continue
        for seat in {state.current_player, rng.randrange(players)} - {None}:
            agree(state, seat, rng.getrandbits(32))
        assert infoset.resample(state, 0, random.Random(i)).hands == \
            old_resample(state, 0, random.Random(i)).hands


SET_UPS = [
    dict(hands=["Or5 Bi2 St9 Or1", "Or9 Bi7 St3 Bi1", "St2 Or8 Bi9 St7"],
         tableau=["Or3 ~Or4 ~Gl@Or", "", "St5 ~Or6@St"], discard=["Bi5", "St8"], trump=2),
    dict(hands=["Or5 Bi2", "Or9 Bi7", "St2 Or8", "Bi3 St4"], discard=["Or6"],
         draw=["Or2", "Bi6"], round=2, scores=[20, 23, 4, 9], trump=2, dealer=2),
    dict(hands=["Or5 Bi2 St9", "Or9 Bi7 St3", "St2 Or8 Bi9"], passing=True,
         tableau=["Bi4", "Or7 ~Or3", "St6"], discard=["Or1", "Bi8", "St1"], trump=3),
    dict(hands=["Or5 Bi2 St9 Or1 Bi4", "Or9 Bi7 St3 Bi1 St6", "St2 Or8 Bi9 St7 Or3",
                "Or2 Bi3 St4 Or4 Bi5"], passing=True, initial_bamboo=True, trump=4),
    dict(hands=["Or2 Bi2", "St2 Or9", "Bi9 St9", "Or3 Bi3", "St3 Or4"],
         tableau=["Or5 ~Gl@Or", "Bi5 ~Bi6", "St5 ~Gl@St", "", "Or7 Bi7"],
         discard=["Or8", "Bi8", "St8"], trump=2, options={"penalty": "trick_winner"}),
]


def test_determinize_agrees_in_set_up_positions():
    """Set-ups with cards nobody saw in the discard pile and face down (which a trump winner
    takes as extras), glowing bamboo, cards left out, later rounds, passing or not: the same
    deal as the old resampler, for every seat, at every step of a bot game from them."""
    checked = 0
    for i, spec in enumerate(SET_UPS):
        state = position(**spec)
        rng = random.Random(i)
        while True:
            assert state.view(0)["set_up"]
            for seat in range(state.n):
                agree(state, seat, rng.getrandbits(32))
            checked += 1
            if state.is_over or state.round_no > spec.get("round", 0):
                break
            legal = state.legal_actions()
            state.apply(bots.choose(state.view(state.current_player), legal, rng)
                        if i % 2 else rng.choice(legal))
    assert checked > 30


def test_a_set_up_s_hidden_places_are_told_apart_by_their_cards():
    """In a set-up the discard pile holds cards nobody saw, and a trump winner can take one as
    its face-down extra: the view calls it unseen, though it lies on a played card."""
    state = play(position(["Or5", "Bi2", "St9"], discard=["Bi7", "St8"], round=2),
                 "Or5", "Bi2", "St9")
    view = state.view(0)
    assert view["faces"][1][1] == [card("Bi2"), "unseen"]
    assert view["discard_pile"] == ["unseen", "played", "played"]
    assert view["set_aside"] == [] and view["set_up"]


# --- what the view says ---------------------------------------------------------------------------
def this_round(events):
    """The events of the round under way."""
    start = max(i for i, e in enumerate(events) if e["type"] == "round_start")
    return events[start:]


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32), options)
def test_the_public_facts_agree_with_the_event_log_and_the_cards(players, seed, options):
    """`plays` and `trick_winner` are what the log shows; a face-down card the view calls
    played is one of the round's played cards and one it calls unseen is not (in a dealt game
    its place tells it: the unseen ones are the doubles drawn from the draw pile); the same
    public facts in every seat's view; no card set aside."""
    for i, state in enumerate(game_states(players, seed, options)):
        if i % 3 and state.phase in ("pass", "play"):
            continue
        events = this_round(state.events_for(None))
        view = state.view(None)
        assert view["plays"] == [[e["seat"], e["card"]] for e in events
                                 if e["type"] == "card_played"]
        won = [e["seat"] for e in state.events if e["type"] == "trick_won"]
        assert view["trick_winner"] == (won[-1] if won else None)
        played = mask_of(state.played)
        doubles = {(e["seat"], e["colour"]) for e in events
                   if e["type"] == "initial_double" and not e["glowing"]}
        for t, stacks in enumerate(state.tableau):
            for colour, stack in enumerate(stacks):
                faces = view["faces"][t][colour]
                for i, (e, f) in enumerate(zip(stack, faces)):
                    if e >= 0 or ~e >= BAMBOO:
                        assert f == e
                    else:
                        assert f == ("played" if played >> ~e & 1 else "unseen")
                        assert (f == "unseen") == (i == 1 and (t, colour) in doubles)
        assert view["discard_pile"] == ["played"] * len(state.discard)
        assert not view["set_up"] and view["set_aside"] == []
        public = {k: v for k, v in view.items() if k not in
                  ("seat", "hand", "legal", "my_pass", "received")}
        for seat in range(players):
            assert {k: v for k, v in state.view(seat).items() if k in public} == public


# --- a spectator ----------------------------------------------------------------------------------
@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32))
def test_a_spectator_s_view_determinizes_into_a_full_deal(players, seed):
    """A spectator knows no hand and no pass: every hand and pass is dealt anew, each card
    once, every hand its size, no played card back in a hand, the passes fitting the hands,
    and the deal looks the same to the spectator."""
    rng = random.Random(seed)
    for i, state in enumerate(game_states(players, seed, {})):
        if i % 5 and state.phase in ("pass", "play"):
            continue
        view = json.loads(json.dumps(state.view(None)))
        det = observer.determinize(view, rng)
        assert json.dumps(det.view(None)) == json.dumps(state.view(None))
        assert all_cards_once(det)
        played = mask_of(state.played)
        assert not any(h & played for h in det.hands) and not mask_of(det.draw) & played
        if state.phase != "pass" and all(state.passes):
            plays = infoset.plays_by_seat(det)
            for t in range(players):
                from_left, from_right = det.received[t]
                assert det.passes[(t + 1) % players][1] == from_left
                assert det.passes[(t - 1) % players][0] == from_right
                assert (det.hands[t] | plays[t]) >> from_left & 1
                assert (det.hands[t] | plays[t]) >> from_right & 1


def test_a_spectator_s_deals_differ():
    """Every hand is dealt anew: three deals of a spectator's view, three sets of hands."""
    for players in (3, 6):
        state = next(s for s in game_states(players, 9, {}) if s.trick_no == 3)
        deals = {tuple(observer.determinize(state.view(None), random.Random(k)).hands)
                 for k in range(3)}
        assert len(deals) == 3 and tuple(state.hands) not in deals


# --- the view leaks nothing -----------------------------------------------------------------------
def twin_of(state, seat, rng):
    """A clone in which one hidden card of every other hand is swapped with a card of the
    draw pile (or of the next other hand when the pile is empty), a pass in flight with a
    card of another hand, and two played cards out of sight with each other."""
    twin = state.clone()
    fixed = observer.known_in_hands(state.view(seat))
    others = [t for t in range(state.n) if t != seat]
    for j, t in enumerate(others):
        free = cards_of(twin.hands[t] & ~fixed[t])
        if not free:
            continue
        card = rng.choice(free)
        if twin.draw:
            i = rng.randrange(len(twin.draw))
            twin.hands[t] ^= 1 << card | 1 << twin.draw[i]
            twin.draw[i] = card
        else:
            u = others[(j + 1) % len(others)]
            other = cards_of(twin.hands[u] & ~fixed[u])
            if u != t and other:
                swap = rng.choice(other)
                twin.hands[t] ^= 1 << card | 1 << swap
                twin.hands[u] ^= 1 << card | 1 << swap
    if state.phase == "pass":
        for t in others:
            if twin.passes[t] is not None and twin.hands[others[0]]:
                u = others[0] if t != others[0] else others[-1]
                free = cards_of(twin.hands[u] & ~fixed[u])
                if u != t and free:
                    card, (left, right) = free[0], twin.passes[t]
                    twin.hands[u] ^= 1 << card | 1 << left
                    twin.passes[t] = (card, right)
                break
    if len(twin.discard) > 1:
        twin.discard[0], twin.discard[-1] = twin.discard[-1], twin.discard[0]
    return twin


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32))
def test_views_of_states_that_differ_only_in_hidden_cards_are_equal(players, seed):
    """Swapping hidden cards (other hands with the draw pile or each other, a pass in flight,
    the discard pile's order) changes nothing in a seat's view, nor in a spectator's, while
    the view of a seat whose hand changed does change."""
    rng = random.Random(seed)
    changed = 0
    for i, state in enumerate(game_states(players, seed, {})):
        if i % 4 and state.phase in ("pass", "play") or state.is_over:
            continue
        seat = rng.randrange(players)
        twin = twin_of(state, seat, rng)
        for s in (seat, None):
            assert json.dumps(twin.view(s)) == json.dumps(state.view(s))
        for t in range(players):
            if twin.hands[t] != state.hands[t]:
                assert json.dumps(twin.view(t)) != json.dumps(state.view(t))
                changed += 1
    assert changed


# --- the bots read through the observer -----------------------------------------------------------
@SETTINGS
@given(st.integers(3, 6), st.integers(0, 2**32), options)
def test_the_bots_fast_readers_see_what_the_view_shows(players, seed, options):
    """Seen.from_state (the playouts' reader) holds what Seen(view) holds, and the bot's move
    read from the state is its move read from the view, in every phase."""
    rng = random.Random(seed)
    for state in game_states(players, seed, options):
        if state.is_over:
            break
        seat, legal = state.current_player, state.legal_actions()
        fast, slow = bots.Seen.from_state(state, seat), bots.Seen(state.view(seat))
        for name in bots.Seen.__slots__:
            assert list(getattr(fast, name)) == list(getattr(slow, name)) \
                if name in ("ranks", "trick") else getattr(fast, name) == getattr(slow, name)
        k = rng.getrandbits(32)
        assert bots.play(state, seat, legal, random.Random(k)) == \
            bots.choose(state.view(seat), legal, random.Random(k))
