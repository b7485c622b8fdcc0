"""Take The "A" Chord's observer: `determinize(view, rng)` reads only the seat's view and deals
exactly what the resampler dealt from the state before the observer (kept below as the
reference), and the view it observes says what the rules let a seat know, no more.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import bots, search
from pygame_rules.core import Rng, SetupError
from pygame_rules.games.take_a_chord import infoset, observer
from pygame_rules.games.take_a_chord.cards import COLOUR_MASK, cards_of, mask_of
from pygame_rules.games.take_a_chord.state import NON_PLAYER
from tac_helpers import card, play, position
import observer_helpers

GAME = "take-a-chord"
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MATCHED = []              # a note per deal the old resampler had to find by matching


# --- the resampler as it was, reading the state (the reference) ---------------------------------
def old_unknown_cards(state, seat):
    """The cards `seat` cannot see: others' hands, the stack, the unflipped set-aside cards."""
    hidden = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= hand
    aside = mask_of(state.set_aside)
    if state.key_card is not None:
        aside &= ~(1 << state.key_card)
    return hidden | aside


def old_allowed_mask(state, holder):
    """Cards a holder (a seat, or 'aside') could have, given the voids it has shown."""
    if holder == "aside" or (state.n == 3 and holder == NON_PLAYER):
        return -1
    banned = 0
    for colour in range(5):
        if state.voids[holder] >> colour & 1:
            banned |= COLOUR_MASK[colour]
    return ~banned


def old_slots(state, seat):
    """(holder, how many hidden cards it holds) for every place a hidden card can be."""
    out = [(s, state.hands[s].bit_count()) for s in range(4) if s != seat]
    aside = len(state.set_aside) - (state.key_card is not None)
    return out + [("aside", aside)]


def old_deal(cards, places, allowed, rng):
    """Give each place its count of cards, each card allowed there; None if greedy fails."""
    pool = cards[:]
    rng.shuffle(pool)
    out = {}
    for holder, count in sorted(places, key=lambda p: bin(allowed[p[0]] & mask_of(cards)).count("1")):
        mine = [c for c in pool if allowed[holder] >> c & 1][:count]
        if len(mine) < count:
            return None
        out[holder] = mine
        pool = [c for c in pool if c not in mine]
    return out


def old_deal_by_matching(cards, places, allowed, rng):
    """Always find a consistent deal (one exists: the real one), by augmenting paths."""
    MATCHED.append(len(cards))
    seats = [h for h, count in places for _ in range(count)]
    order = cards[:]
    rng.shuffle(order)
    owner = {}

    def augment(card, seen):
        """Try to seat `card`, moving others along an augmenting path."""
        for i, holder in enumerate(seats):
            if allowed[holder] >> card & 1 and i not in seen:
                seen.add(i)
                if i not in owner or augment(owner[i], seen):
                    owner[i] = card
                    return True
        return False

    for card in order:
        augment(card, set())
    out = {h: [] for h, _ in places}
    for i, card in owner.items():
        out[seats[i]].append(card)
    return out


def old_resample(state, seat, rng):
    """infoset.resample before the observer, verbatim but for names."""
    places = old_slots(state, seat)
    cards = cards_of(old_unknown_cards(state, seat))
    allowed = {h: old_allowed_mask(state, h) for h, _ in places}
    dealt = None
    for _ in range(20):
        dealt = old_deal(cards, places, allowed, rng)
        if dealt is not None:
            break
    if dealt is None:
        dealt = old_deal_by_matching(cards, places, allowed, rng)
    other = state.clone(keep_events=False)
    for holder, got in dealt.items():
        if holder != "aside":
            other.hands[holder] = mask_of(got)
    fresh = iter(dealt["aside"])
    other.set_aside = tuple(c if c == state.key_card else next(fresh) for c in state.set_aside)
    if state.n == 3 and seat != NON_PLAYER:
        stack = dealt[NON_PLAYER][:]
        rng.shuffle(stack)
        other.np_stack = state.np_stack[:state.np_next] + tuple(stack)
    other.rng = Rng(rng.getrandbits(64))
    return other


# --- helpers ------------------------------------------------------------------------------------
def random_game(players, seed, options):
    """Each state of a game of random moves with these options (the last one too)."""
    state = pygame_rules.new_game(GAME, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def bot_game(players, seed, options):
    """Each state of a game of heuristic bots with these options (the last one too)."""
    state = pygame_rules.new_game(GAME, players, seed=seed, options=options)
    seated = [bots.make_bot(GAME, "heuristic", seed=seed + s) for s in range(players)]
    while not state.is_over:
        yield state
        state.apply(bots.bot_action(state, seated[state.current_player]))
    yield state


def agree(state, seat, k):
    """determinize(view) deals what the old resample dealt (observer_helpers.agree)."""
    return observer_helpers.agree(old_resample, observer.determinize, state, seat, k)


options = st.fixed_dictionaries({"blocked_improvisation_changes_key": st.booleans(),
                                 "match_face_up_round_only": st.booleans(),
                                 "non_player_pair_changes_key": st.booleans()})


# --- determinize deals what the old resampler dealt -----------------------------------------------
@SETTINGS
@given(st.sampled_from([3, 4]), st.integers(0, 2**32), options)
def test_determinize_deals_what_the_old_resample_dealt(players, seed, options):
    """Over random games (3 and 4 players, every house rule on and off), for the player to move,
    another seat and a spectator, from the first deal to the end: the same state slot by slot."""
    rng = random.Random(seed)
    for i, state in enumerate(random_game(players, seed, options)):
        if i % 3 and not state.is_over:
            continue
        for seat in {state.current_player, rng.randrange(players), None}:
            agree(state, seat, rng.getrandbits(32))
        assert infoset.resample(state, 0, random.Random(i)).hands == \
            old_resample(state, 0, random.Random(i)).hands


def test_determinize_agrees_in_games_of_heuristic_bots():
    """Bots follow suit and hold their strong cards, unlike random moves: the same deal at every
    position of every seat, and the determinized states play on to the end."""
    for players, seed in ((3, 1), (4, 2), (3, 3), (4, 4)):
        opts = {"match_face_up_round_only": seed > 2}
        for i, state in enumerate(bot_game(players, seed, opts)):
            for seat in range(players):
                new = agree(state, seat, i * 8 + seat)
                if i % 11 == 0:
                    while not new.is_over:
                        new.apply(new.legal_actions()[0])


def test_determinize_agrees_when_the_greedy_deal_fails_and_matching_deals():
    """A deal whose hidden colours are scarce, each other seat shown void (set by hand, as its
    real hand allows) in every colour it lacks: the greedy deal often fails 20 times and the
    matching deal takes over. Still the old deal, draw for draw, and every void respected."""
    state = position(["A-Ea B-Ea C-Ea D-Ea E-Ea F-Ea G-Ea G-So",
                      "A-Bl B-Bl C-Bl D-Bl A-Ly B-Ly C-Ly D-Ly",
                      "E-Ly F-Ly G-Ly A-Sw B-Sw C-Sw D-Sw E-Sw",
                      "A-So B-So C-So D-So E-So F-So E-Bl F-Bl"], key="F")
    for s in range(4):
        state.voids[s] = mask_of(c for c in range(5) if not state.hands[s] & COLOUR_MASK[c])
    del MATCHED[:]
    for k in range(40):
        for seat in (0, None):
            new = agree(state, seat, k)
            for s in range(4):
                for colour in range(5):
                    if state.voids[s] >> colour & 1:
                        assert not new.hands[s] & COLOUR_MASK[colour]
    assert len(MATCHED) >= 5


def test_determinize_agrees_in_set_up_positions():
    """Set-ups deal short hands and set the rest aside in id order, so the flipped Key Chord card
    need not come first (or there is none): the same deal as the old resampler all the same."""
    positions = [
        position(["C-Bl G-Sw A-Ly", "D-Bl C-Ly B-So", "E-Bl A-Sw F-Ea", "F-Bl B-Sw G-So"],
                 key="D", leader=1),
        position(["C-Bl G-Sw", "D-Bl C-Ly", "E-Bl A-Sw", "F-Bl B-Sw"], key="C", players=3,
                 venue=2),
        position(["A-Bl B-Bl", "A-Ly B-Ly", "A-Sw A-Ea", "A-So B-So"], key="A", venue=3),
        position(["C-Bl G-Sw A-Ly E-Ly", "D-Bl C-Ly B-So D-Ea", "E-Bl A-Sw F-Ea G-Ly",
                  "F-Bl B-Sw G-So C-Sw"], key="E", players=3, leader=2,
                 options={"match_face_up_round_only": False}),
    ]
    assert positions[0].set_aside.index(positions[0].key_card) > 0
    assert positions[2].key_card is None
    for state in positions:
        for _ in range(3):
            for seat in [None, *range(state.n)]:
                for k in range(4):
                    agree(state, seat, k)
            if state.is_over:
                break
            state.apply(state.legal_actions()[-1])


def test_infoset_resamples_through_the_observer_and_the_search_deals_with_it():
    """infoset.resample is determinize(observe(...)); the search deals with the observer's
    determinize."""
    assert search.determinizer(GAME) is observer.determinize
    for state in random_game(4, 5, {}):
        if len(state.history) % 7 == 0:
            a = infoset.resample(state, 1, random.Random(3))
            b = observer.determinize(json.loads(json.dumps(state.view(1))), random.Random(3))
            assert observer_helpers.slots(a) == observer_helpers.slots(b)


# --- what the view holds ------------------------------------------------------------------------
def replayed_facts(events, players):
    """What a seat that watched its redacted event log knows of the current venue: the cards
    each seat won, the non-player's cards in order, the current trick's face-down cards."""
    won, np_cards, facedown, this_round = [[] for _ in range(players)], [], [], []
    for e in events:
        if e["type"] == "venue_start":
            won, np_cards, facedown, this_round = [[] for _ in range(players)], [], [], []
        elif e["type"] == "card_played":
            this_round.append(e["card"])
            if e["non_player"]:
                np_cards.append(e["card"])
        elif e["type"] == "improvisation":
            facedown, this_round = facedown + this_round, []
        elif e["type"] == "trick_won":
            won[e["seat"]] += e["cards"]
            facedown, this_round = [], []
    return [sorted(w) for w in won], np_cards, facedown


def test_the_new_public_facts_are_what_the_seat_watched():
    """The won piles, the non-player's cards and the trick's face-down cards in a seat's view
    are what its own (redacted) event log shows; the set-aside stack shows only the flipped
    card, in its place."""
    for players, seed in ((3, 6), (4, 7), (3, 8)):
        opts = {"match_face_up_round_only": seed != 7}
        for state in random_game(players, seed, opts):
            for seat in (None, 0, players - 1):
                view = state.view(seat)
                won, np_cards, facedown = replayed_facts(state.events_for(seat), players)
                assert view["won"] == won
                assert view["non_player_played"] == np_cards
                assert view["trick"]["facedown_cards"] == facedown
                assert len(facedown) == view["trick"]["facedown"]
                shown = [c for c in view["set_aside"] if c is not None]
                assert shown == [state.key_card]
                assert view["set_aside"].index(state.key_card) == \
                    state.set_aside.index(state.key_card)
                assert observer.unknown_cards(view) == \
                    cards_of(infoset.unknown_cards(state, seat))


def twin_of(state, seat, rng):
    """A copy of `state` with every card hidden from `seat` dealt anew, straight into the
    state (not through the observer): the other hands, the stack below the non-player's
    played cards, the face-down set-aside cards."""
    twin = state.clone()
    others = [s for s in range(4) if s != seat]
    free = 0
    for s in others:
        free |= state.hands[s]
    aside = [i for i, c in enumerate(state.set_aside) if c != state.key_card]
    cards = cards_of(free | mask_of(state.set_aside[i] for i in aside))
    rng.shuffle(cards)
    k = 0
    for s in others:
        size = state.hands[s].bit_count()
        twin.hands[s] = mask_of(cards[k:k + size])
        if state.n == 3 and s == NON_PLAYER:
            twin.np_stack = state.np_stack[:state.np_next] + tuple(cards[k:k + size])
        k += size
    slots_ = list(state.set_aside)
    for i, c in zip(aside, cards[k:]):
        slots_[i] = c
    twin.set_aside = tuple(slots_)
    return twin


def test_views_of_states_that_differ_only_in_hidden_cards_are_equal():
    """Dealing every card a seat cannot see anew, straight into the state, changes nothing in
    its view, nor in a spectator's, so neither holds them; a seat whose hand changed sees it."""
    rng = random.Random(4)
    checked = 0
    for players in (3, 4):
        for i, state in enumerate(random_game(players, 9, {})):
            if i % 4:
                continue
            seat = state.current_player if not state.is_over else 0
            twin = twin_of(state, seat, rng)
            for s in (seat, None):
                assert json.dumps(twin.view(s)) == json.dumps(state.view(s))
            for t in range(players):
                if twin.hands[t] != state.hands[t]:
                    assert json.dumps(twin.view(t)) != json.dumps(state.view(t))
                    checked += 1
    assert checked > 20


def test_a_view_holds_no_live_part_of_the_state():
    """A view taken earlier does not change as the game goes on (its lists are its own)."""
    state = pygame_rules.new_game(GAME, 4, seed=11)
    views, texts = [], []
    while not state.is_over:
        if len(state.history) % 8 == 0:
            view = state.view(state.current_player)
            views.append(view)
            texts.append(json.dumps(view))
        state.apply(state.legal_actions()[0])
    assert [json.dumps(v) for v in views] == texts


def test_a_seat_out_of_range_is_refused_and_the_non_player_plays_in_the_open():
    """observe() checks the seat as view() did: the non-player's seat is nobody's to view; the
    card its stack gives is in every view, its hand's size too."""
    state = position(["C-Bl E-Ly", "D-Bl G-Ly", "E-Bl A-Ly", "F-Bl B-Ly"], players=3)
    for bad in (3, -1, "0", 1.0):
        with pytest.raises(SetupError):
            observer.observe(state, bad)
    play(state, "C-Bl")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["non_player_played"] == [card("F-Bl")]
        assert view["non_player_stack"] == 1 and view["trick"]["cards"][1] == [3, card("F-Bl")]
