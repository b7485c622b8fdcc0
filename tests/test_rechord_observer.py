"""Re-Chord's observer: `determinize(view, rng)` reads only the seat's view and deals what the
resampler dealt from the state before the observer (kept below as the reference), draw for
draw; the view it observes says what the rules let a seat know, no more.

The one difference from the old deal is in labels: the old resampler kept the engine's pick
ids of the face-down picks the seat knows (and so which ids the hidden picks have); a view
cannot carry those (an id tells its kind), so determinize gives those picks the lowest free
labels of their kinds. Every place gets the same kind and mask, and every other slot is the
same. (Also the seat's own `declined` bits of cards it let go and then returned to the deck,
which its hand no longer shows; and the seat of Jim Bot, for whom the old resampler read the
human's song from the state: neither is ever resampled by the search.)
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.bots import bot_action, make_bot
from pygame_rules.core import Rng
from pygame_rules.games.rechord import bots as rc_bots
from pygame_rules.games.rechord import infoset, observer
from pygame_rules.games.rechord.cards import (CHORD_CARDS, COLOURS, EMPTY, PER_KIND, PICKS,
                                              SPACES, kind_of, setlist_songs)
from pygame_rules.games.rechord.state import DOWN, NEEDS
from rechord_helpers import play, position, solo
from rechord_helpers import sp as space
import observer_helpers

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PICK_SLOTS = {"board", "known", "bag", "drawn"}                  # compared place by place
DECLINED_FLAG = 1 << CHORD_CARDS
options = st.fixed_dictionaries({
    "difficulty": st.sampled_from(["beginner", "session", "touring"]),
    "face_down_scores": st.booleans(),
    "supply_size": st.sampled_from([0, 3, 6]),
    "start_player": st.sampled_from(["random", "seat0"]),
    "anti_stall": st.booleans()})


# --- the resampler as it was, reading the state (the reference) ---------------------------------
def old_hidden_picks(state, seat):
    """(face-down spaces whose pick `seat` does not know, the drawn pick if hidden from it,
    the bag): every place a pick unknown to `seat` can be."""
    board, face, known, bit = state.board, state.face, state.known, 1 << seat
    spaces = [sp for sp in range(SPACES) if face[sp] == DOWN and not known[board[sp]] & bit]
    drawn = state.drawn
    if drawn is not None and known[drawn] & bit:
        drawn = None
    return spaces, drawn, state.bag


def old_unknown_picks(state, seat):
    """The pick ids `seat` cannot see, sorted."""
    spaces, drawn, bag = old_hidden_picks(state, seat)
    board = state.board
    pool = [board[sp] for sp in spaces] + bag
    if drawn is not None:
        pool.append(drawn)
    pool.sort()
    return pool


def old_unknown_cards(state, seat):
    """The chord cards `seat` cannot see (other guitarists' hands and the deck), sorted."""
    pool = list(state.deck)
    hands = state.hands
    for s in range(state.n):
        if s != seat:
            pool += hands[s]
    pool.sort()
    return pool


def old_claim_roles(state, seat):
    """Each other guitarist's role in the claim windows, from public facts only:
    'open' (its window is open now: it holds a satisfied card), 'declined' (it let its
    satisfied cards go for this board), 'pending' (its window this round may still come) or
    'none' (it holds no card the board satisfies)."""
    claims, declined, g, active = state.claims, state.declined, state.g, state.active
    cur = claims[0] if claims else None
    after = (cur - active) % g if cur is not None else g
    roles = {}
    for s in range(state.n):
        if s == seat:
            continue
        if s == cur:
            roles[s] = "open"
        elif declined[s]:
            roles[s] = "declined"
        elif (s - active) % g > after:
            roles[s] = "pending"
        else:
            roles[s] = "none"
    return roles


def old_resample(state, seat, rng):
    """A clone(keep_events=False) of `state` in which everything `seat` cannot see is dealt anew,
    consistently with what `seat` has seen, and whose chance is reseeded from `rng`."""
    other = state.clone(keep_events=False)
    old_deal_picks(state, other, seat, rng)
    old_deal_cards(state, other, seat, rng)
    if state.final is None:
        old_deal_secrets(state, other, seat, rng)
    if state.jim is not None and len(state.icons) > 1:
        icons = sorted(state.icons)
        rng.shuffle(icons)
        other.icons = icons
    other.rigged = []
    other.rng = Rng(rng.getrandbits(64))
    return other


def old_deal_picks(state, other, seat, rng):
    """The hidden picks, shuffled among the hidden places (spaces keep facing and masks)."""
    spaces, drawn, bag = old_hidden_picks(state, seat)
    if not spaces and drawn is None:
        pool = sorted(bag)
        rng.shuffle(pool)
        other.bag = pool
        return
    board, known = state.board, state.known
    masks = [known[board[sp]] for sp in spaces]
    pool = [board[sp] for sp in spaces] + bag
    if drawn is not None:
        pool.append(drawn)
    pool.sort()
    rng.shuffle(pool)
    new_known = other.known
    put = other._put
    i = 0
    for sp, mask in zip(spaces, masks):
        pick = pool[i]
        put(sp, pick, False)                 # same facing: `ok` and `occ` stay as they were
        new_known[pick] = mask
        i += 1
    if drawn is not None:
        pick = pool[i]
        other.drawn = pick
        new_known[pick] = known[drawn]
        i += 1
    other.bag = pool[i:]
    for pick in other.bag:
        new_known[pick] = 0


def old_satisfied_mask(ok, cards):
    """The bits of the cards the board satisfies."""
    mask = 0
    for c in cards:
        need = NEEDS[c]
        if ok & need == need:
            mask |= 1 << c
    return mask


def old_deal_cards(state, other, seat, rng):
    """Other guitarists' hands and the deck, respecting what the claim windows showed."""
    pool = old_unknown_cards(state, seat)
    hands = state.hands
    others = [s for s in range(state.n) if s != seat]
    if not others:                            # solo: only the deck is hidden
        rng.shuffle(pool)
        other.deck = pool
        return
    ok = state.ok
    sat = [c for c in pool if ok & NEEDS[c] == NEEDS[c]]
    roles = old_claim_roles(state, seat)
    if not sat:
        rng.shuffle(pool)
        i = 0
        for s in others:
            k = len(hands[s])
            other.hands[s] = sorted(pool[i:i + k])
            i += k
        other.deck = pool[i:]
    else:
        sat_set = set(sat)
        free = [c for c in pool if c not in sat_set]
        rng.shuffle(free)
        i = 0
        for s in others:                      # those that may hold no satisfied card
            if roles[s] == "none":
                k = len(hands[s])
                other.hands[s] = sorted(free[i:i + k])
                i += k
        rest = free[i:] + sat
        rest.sort()
        opened = [s for s in others if roles[s] == "open"]
        for _ in range(12):
            rng.shuffle(rest)
            if not opened or any(c in sat_set for c in rest[:len(hands[opened[0]])]):
                break
        else:                                 # rare: bring one satisfied card in at random
            j = rng.randrange(len(rest))
            while rest[j] not in sat_set:
                j = rng.randrange(len(rest))
            rest[0], rest[j] = rest[j], rest[0]
        i = 0
        for s in opened + [s for s in others if roles[s] not in ("none", "open")]:
            k = len(hands[s])
            other.hands[s] = sorted(rest[i:i + k])
            i += k
        other.deck = rest[i:]
    old_settle_claims(state, other, roles)


def old_settle_claims(state, other, roles):
    """Declines and the queue of claim windows for the new hands."""
    declined, ok = other.declined, other.ok
    for s, role in roles.items():
        flag = DECLINED_FLAG if state.declined[s] else 0
        if role == "declined":
            declined[s] = flag | old_satisfied_mask(ok, other.hands[s])
        else:
            declined[s] = flag
    if state.claims:
        cur, g, active = state.claims[0], state.g, state.active
        queue = [cur]
        for i in range((cur - active) % g + 1, g):
            s = (active + i) % g
            if s != state.jim and s < state.n and other._has_offer(s):
                queue.append(s)
        other.claims = queue


def old_deal_secrets(state, other, seat, rng):
    """Songs and genres of the other guitarists (Jim Bot: genres only)."""
    n, g = state.n, state.g
    if n > 1:
        own = state.songs[seat]
        songs = [x for x in setlist_songs(state.setlist) if x != own]
        rng.shuffle(songs)
        i = 0
        for s in range(n):
            if s != seat:
                other.songs[s] = songs[i]
                i += 1
    mine = state.genres[seat]
    colours = [c for c in COLOURS if c not in mine]
    rng.shuffle(colours)
    i = 0
    for s in range(g):
        if s != seat:
            k = len(state.genres[s])
            other.genres[s] = tuple(colours[i:i + k])
            i += k


# --- helpers ------------------------------------------------------------------------------------
def slots(state):
    """Every slot of a state a search reads (the RNG by its state), the picks aside."""
    return observer_helpers.slots(state, PICK_SLOTS)


def picks(state, seat):
    """Every place's pick: an open one (face up, the supply) and one `seat` drew by its label,
    any other by its kind, each with its mask; the bag in order."""
    board, known = state.board, state.known
    out = []
    for sp in range(SPACES):
        p, f = board[sp], state.face[sp]
        if f != EMPTY:
            out.append((sp, p if f != DOWN else kind_of(p), known[p]))
    d = state.drawn
    if d is not None:
        mine = seat is not None and known[d] >> seat & 1
        out.append(("drawn", d if mine else kind_of(d), known[d]))
    out += [("bag", kind_of(p), known[p]) for p in state.bag]
    out += [("supply", p, known[p]) for p in state.supply]
    return out


def all_picks_once(state):
    """The 35 picks each in one place."""
    places = state.pick_places()
    return sorted(sum(places.values(), [])) == list(range(PICKS))


def random_states(players, seed, opts, every=3):
    """States of a game of heuristic and random moves (Jim Bot's steps too), then its end."""
    state = pygame_rules.new_game("rechord", players, seed=seed, options=opts)
    rng = random.Random(seed)
    bots = [make_bot("rechord", "heuristic", seed=seed + i) for i in range(state.g)]
    i = 0
    while not state.is_over:
        if i % every == 0:
            yield state
        legal = state.legal_actions()
        if rng.random() < 0.5:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(bot_action(state, bots[state.current_player]))
        i += 1
    yield state


def agree(state, seat, k, exact=True):
    """determinize(view) deals what the old resample dealt (slot by slot, picks place by place)
    and leaves its generator alike; the deal looks the same to the seat; the view went through
    JSON unharmed."""
    view = state.view(seat)
    text = json.dumps(view)
    r_new, r_json = random.Random(k), random.Random(k)
    new = observer.determinize(view, r_new)
    assert json.dumps(view) == text                      # determinize leaves the view alone
    again = observer.determinize(json.loads(text), r_json)
    assert slots(again) == slots(new) and picks(again, seat) == picks(new, seat)
    assert r_json.getstate() == r_new.getstate()
    assert json.dumps(new.view(seat)) == text
    assert new.events is None and new.history == [] and all_picks_once(new)
    if exact:
        r_old = random.Random(k)
        old = old_resample(state, seat, r_old)
        a, b = slots(new), slots(old)
        assert let_go(a.pop("declined"), new, seat) == let_go(b.pop("declined"), old, seat)
        assert a == b
        assert picks(new, seat) == picks(old, seat)
        assert r_new.getstate() == r_old.getstate()
    return new


def let_go(declined, state, seat):
    """`declined` with the seat's own bits read as its view tells them: whether it let cards go
    since the board changed, and which of the cards it holds (not those it has since returned
    to the deck, which its view does not show)."""
    held = sum(1 << c for c in state.hands[seat])
    return [d if t != seat else (d != 0, d & held) for t, d in enumerate(declined)]


def twin(state, seat, rng):
    """A copy in which what `seat` cannot see is dealt otherwise, by hand: the other players'
    hands with the deck, their songs and genres (Jim Bot's too), the face-down picks it does not
    know and another's drawn pick with the bag, Jim Bot's icon order."""
    other = state.clone()
    hidden = [t for t in range(state.n) if t != seat]
    pool = [c for t in hidden for c in other.hands[t]] + other.deck
    rng.shuffle(pool)
    for t in hidden:
        k = len(other.hands[t])
        other.hands[t], pool = sorted(pool[:k]), pool[k:]
    other.deck = pool
    songs = [x for x in setlist_songs(state.setlist)
             if seat is None or x != state.songs[seat]]
    rng.shuffle(songs)
    for t in hidden:
        other.songs[t] = songs.pop()
    colours = [c for c in COLOURS if seat is None or c not in state.genres[seat]]
    rng.shuffle(colours)
    for t in range(state.g):
        if t != seat:
            k = len(other.genres[t])
            other.genres[t], colours = tuple(colours[:k]), colours[k:]
    rng.shuffle(other.icons)
    mask = 0 if seat is None else 1 << seat
    spaces = [sp for sp in range(SPACES) if state.face[sp] == DOWN
              and not state.known[state.board[sp]] & mask]
    drawn = state.drawn is not None and not state.known[state.drawn] & mask
    places = spaces + (["drawn"] if drawn else [])
    masks = [state.known[state.board[sp]] for sp in spaces] + \
        ([state.known[state.drawn]] if drawn else [])
    labels = [state.board[sp] for sp in spaces] + ([state.drawn] if drawn else []) + state.bag
    rng.shuffle(labels)
    for place, pick, m in zip(places, labels, masks):
        if place == "drawn":
            other.drawn = pick
        else:
            other.board[place] = pick
        other.known[pick] = m
    other.bag = labels[len(places):]
    for p in other.bag:
        other.known[p] = 0
    return other


# --- determinize against the old resampler --------------------------------------------------------
@SETTINGS
@given(st.integers(1, 5), st.integers(0, 2**32), options)
def test_determinize_deals_what_the_old_resample_dealt(players, seed, opts):
    """Over games of 1-5 players and the options, for the player to move, another seat and a
    spectator: the same deal as the old resampler, slot by slot and draw for draw."""
    rng = random.Random(seed)
    for state in random_states(players, seed, opts):
        mover = state.current_player
        for seat in {mover, rng.randrange(players), None}:
            jim = seat is not None and seat == state.jim
            agree(state, seat, rng.getrandbits(32), exact=seat is not None and not jim)
        if mover is not None and mover < players:
            assert infoset.resample(state, mover, random.Random(3)).hands == \
                old_resample(state, mover, random.Random(3)).hands


def test_determinize_keeps_the_claim_windows_and_the_let_go_cards():
    """States with claim windows open, pending and declined (a seat's own let-go cards among
    them), and a bag pick drawn and not placed: the old deal, draw for draw."""
    found = {"claim": 0, "own_declined": 0, "bag_place": 0, "final": 0}
    for players in (2, 3, 4, 5):
        for seed in range(12):
            for state in random_states(players, seed, {"supply_size": 6}, every=1):
                for seat in range(players):
                    view = state.view(seat)
                    kinds = [view["phase"] == "claim", view["declined"][seat],
                             view["stage"] == "bag_place", view["stage"] == "final"]
                    if any(kinds):
                        agree(state, seat, seed)
                        for key, hit in zip(found, kinds):
                            found[key] += hit
    assert min(found.values()) > 2 and found["own_declined"] > 50, found


def test_the_labels_on_open_places_follow_from_what_everyone_saw():
    """A pick that comes out of the bag or turns face up takes the lowest label of its kind on
    no open place: a lower label of its kind is open after the action, or was before it."""
    checked = 0
    for players in (1, 3, 5):
        for seed in range(4):
            state = pygame_rules.new_game("rechord", players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                before = set(observer_labels(state))
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                after = set(observer_labels(state))
                for label in after - before:
                    k = kind_of(label)
                    for q in range(k * PER_KIND, label):
                        assert q in after or q in before, (label, q)
                    checked += 1
    assert checked > 300


def observer_labels(state):
    """The labels a view shows."""
    labels = state.view(None)["labels"]
    return [p for p in labels["board"] if p is not None] + labels["supply"]


# --- the view says what the seat may know ----------------------------------------------------------
def test_views_of_states_that_differ_only_in_hidden_things_are_equal():
    """Dealing otherwise what a seat cannot see (other hands, the deck, songs, genres, unknown
    face-down picks, another's drawn pick, the bag, Jim Bot's icon order) changes nothing in its
    view, nor in a spectator's; the public facts are the same in every seat's view."""
    rng = random.Random(7)
    checked = 0
    for players in (1, 2, 4, 5):
        for state in random_states(players, players, {"difficulty": "touring"}, every=4):
            views = {s: state.view(s) for s in [None, *range(state.g)]}
            public = [k for k in views[None] if k not in rc_private_keys()]
            for s, v in views.items():
                assert {k: v[k] for k in public} == {k: views[None][k] for k in public}
            for seat in [None, *range(players)]:
                other = twin(state, seat, rng)
                assert json.dumps(other.view(seat)) == json.dumps(views[seat])
            checked += 1
    assert checked > 40


def rc_private_keys():
    """The keys of a view that only its seat sees."""
    return ("seat", "hand", "song", "genres", "claimable", "legal", "drawn", "board")


def test_a_deal_from_a_view_alone_is_a_state_that_plays_on():
    """determinize works on a view that went through JSON with no state at hand: the deal plays
    to the end with the heuristic bots, every pick and card accounted for."""
    for players in (1, 3, 5):
        state = next(s for i, s in enumerate(random_states(players, 11, {})) if i == 12)
        for seat in (None, 0, players - 1):
            text = json.dumps(state.view(seat))
            deal = observer.determinize(json.loads(text), random.Random(seat or 0))
            bots = [make_bot("rechord", "heuristic", seed=i) for i in range(deal.g)]
            while not deal.is_over:
                deal.apply(bot_action(deal, bots[deal.current_player]))
                assert all_picks_once(deal)
            cards = deal.deck + [c for h in deal.hands for c in h] + \
                [c for cs in deal.completed for c, _ in cs]
            out = json.loads(text)["out_of_play"]
            assert sorted(cards) == [c for c in range(CHORD_CARDS) if c not in out]


def test_the_bots_read_the_state_through_the_observers_readers():
    """seat_view (the search's playouts) equals the view on every key the bot reads, so the
    heuristic plays the same move from either."""
    rng = random.Random(2)
    for players in (1, 2, 4):
        for state in random_states(players, 5, {}, every=2):
            for seat in range(state.g):
                view, fast = state.view(seat), rc_bots.seat_view(state, seat)
                assert {k: view[k] for k in rc_bots.VIEW_KEYS} == fast
            if state.current_player is not None:
                legal = state.legal_actions()
                seat = state.current_player
                k = rng.random()
                assert rc_bots.choose(state.view(seat), legal, random.Random(k)) == \
                    rc_bots.play(state, seat, legal, random.Random(k))


# --- set-up positions -------------------------------------------------------------------------------
def test_determinize_agrees_in_set_up_positions():
    """Set-ups with face-down picks known to one seat, to two, to all (a Grey flip), a pick drawn
    and not placed, claim windows, cards left out of play, and Jim Bot's icons and row: the old
    deal, slot by slot; the deal's view is the seat's."""
    common = {"options": {"setlist": "campfire"}}
    positions = [
        position("B@A1 W@D1 ?G@G2/1 ?R@E5/0 ?Wy@e3/01", hands=["C-1 G-2", "D-1 A-2 E-3"],
                 supply="W B W", deck=["Am-1", "Em-2", "C-3", "G-4", "D-4"], **common),
        position("W@A3 R@D2 ?P@B2/2", supply="B W R", hands=["", "C-1 G-2 D-1", "A-1"],
                 deck="E-1 A-3 Am-1 Em-1 G-3 C-2 D-2", **common),
        position("W@A3 R@D2 W@A2 ?B@E1", supply="B W R", deck="C-2 E-1 A-3 Am-1 Em-1 G-3 D-2",
                 hands=["C-1", "G-1", "G-2", "A-1"], **common),
        solo("B@A1 ?G@G2/1 ?R@A2/0", supply="W B R", hand="A-1", row="C-1 G-2 D-3",
             human="R", jim="G B", deck="E-1 Em-2 Am-3", icons="bag W R R B",
             options={"difficulty": "touring"}),
    ]
    steps = [[], ["B@B1"], ["B@B1"], []]
    for state, moves in zip(positions, steps):
        for move in [None, *moves, "bag"]:
            if move is not None:
                if move == "bag" and ("bag",) not in state.legal_actions():
                    continue
                play(state, move)
            for seat in range(state.players):
                for k in range(4):
                    agree(state, seat, k)
            agree(state, None, 0, exact=False)


def test_a_seats_own_drawn_pick_and_known_picks_keep_their_kinds():
    """The seat's drawn pick keeps its label (the lowest free one of its kind); the face-down
    picks it knows keep their kinds and masks; the others' are dealt anew."""
    state = position("?R@A1/0 ?G@D1/01 ?B@G1/1", supply="W B R", hands=["", ""],
                     options={"setlist": "campfire"}, draws="P")
    play(state, "bag")
    assert kind_of(state.drawn) == 4 and state.drawn == min(
        p for p in range(4 * PER_KIND, 5 * PER_KIND) if p not in state.supply)
    kinds = set()
    for k in range(20):
        deal = agree(state, 0, k)
        assert deal.drawn == state.drawn
        assert kind_of(deal.board[space("A1")]) == 1 and kind_of(deal.board[space("D1")]) == 5
        assert deal.known[deal.board[space("G1")]] == 2
        kinds.add(kind_of(deal.board[space("G1")]))
        theirs = agree(state, 1, k)
        assert theirs.known[theirs.drawn] == 1 and kind_of(theirs.board[space("G1")]) == 2
        kinds.add(100 + kind_of(theirs.drawn))
    assert len(kinds) > 6
