"""Re-Chord: full states resampled from what one seat knows (for the search bot, issue 7)."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.core import Rng
from pygame_rules.games.rechord.cards import (COLOURS, PICKS, REQUIREMENTS, SPACES, kind_of,
                                              setlist_cards, setlist_songs)
from pygame_rules.games.rechord.infoset import (claim_roles, resample, unknown_cards,
                                                unknown_picks)
from pygame_rules.games.rechord.state import DOWN, MATCHES, NEEDS, ReChordState
from rechord_helpers import card, cards, play, position, solo, sp

GAME = pygame_rules.GAMES["rechord"]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRIVATE_KEYS = ("seat", "hand", "song", "genres", "claimable", "legal", "drawn", "board")
options = st.fixed_dictionaries({
    "difficulty": st.sampled_from(["beginner", "session", "touring"]),
    "face_down_scores": st.booleans(),
    "supply_size": st.sampled_from([0, 3, 6]),
    "start_player": st.sampled_from(["random", "seat0"])})
styles = st.sampled_from(["random", "chase", "chords"])


# --- helpers --------------------------------------------------------------------------------------
def random_states(players, seed, opts, every=6, style="random"):
    """Every few actions of a random game, then its final state (the same object, moving on)."""
    state = pygame_rules.new_game("rechord", players, seed=seed, options=opts)
    rng = random.Random(seed)
    i = 0
    while not state.is_over:
        if i % every == 0:
            yield state
        random_move(state, rng, style)
        i += 1
    yield state


def random_move(state, rng, style="random"):
    """One random legal action; a claim, when there is one, 70% of the time. Style "chase"
    prefers supply picks onto spaces the mover's cards need (claims and declines galore),
    "chords" draws chord cards half the time (returns, a thinner deck, longer games)."""
    legal = state.legal_actions()
    claims = [a for a in legal if a[0] == "claim"]
    if claims and rng.random() < 0.7:
        return state.apply(rng.choice(claims))
    if style == "chase" and not state.claims:
        wanted = {need for c in state.hands[state.current_player] for need in REQUIREMENTS[c]}
        good = [a for a in legal if a[0] == "supply" and (a[2], a[1]) in wanted]
        legal = good or legal
    if style == "chords" and ("chords",) in legal and rng.random() < 0.5:
        legal = [("chords",)]
    state.apply(rng.choice(legal))


def fields(state):
    """Every field of the game (not the shared base: seed, set-up, history), and the RNG."""
    out = {name: repr(getattr(state, name)) for name in ReChordState.__slots__}
    out["rng"] = state.rng.state
    return out


def masked_board(view, state, seat):
    """A view's board with the kinds of face-down picks `seat` does not know blanked."""
    board = []
    for sp_, cell in enumerate(view["board"]):
        if cell is not None and cell[1] == 0 and not state.known[state.board[sp_]] >> seat & 1:
            cell = [None, 0]
        board.append(cell)
    return board


def public(view):
    """A view without what only its seat sees."""
    return {k: v for k, v in view.items() if k not in PRIVATE_KEYS}


def check_resample(state, other, seat):
    """Everything the brief asks a resampled state to keep, for one seat."""
    assert other is not state and other.events is None
    # (1) the seat's own view, the spectator's, and the public parts of every other view
    assert other.view(seat) == state.view(seat)
    assert other.view(None) == state.view(None)
    for s in range(state.n):
        if s != seat:
            a, b = other.view(s), state.view(s)
            assert public(a) == public(b)
            assert masked_board(a, other, seat) == masked_board(b, state, seat)
            assert len(a["hand"]) == len(b["hand"])
    # picks: all 35 somewhere, once; the known ones where they were; facing and masks kept
    places = other.pick_places()
    every = places["board"] + places["supply"] + places["bag"] + places["drawn"]
    assert sorted(every) == list(range(PICKS))
    assert other.supply == state.supply and len(other.bag) == len(state.bag)
    assert other.face == state.face and other.occ == state.occ and other.ok == state.ok
    ok = occ = 0
    for x in range(SPACES):
        ok |= MATCHES[other.face[x]] << 6 * x
        occ |= (other.face[x] != -1) << x
        if state.face[x] == DOWN:
            assert kind_of(other.board[x]) == kind_of(state.board[x]) or \
                not state.known[state.board[x]] >> seat & 1
            assert other.known[other.board[x]] == state.known[state.board[x]]
        elif state.face[x] != -1:
            assert other.board[x] == state.board[x]
    assert (ok, occ) == (other.ok, other.occ)
    assert all(other.known[p] == 0 for p in other.bag)
    if state.drawn is not None:
        assert other.known[other.drawn] == state.known[state.drawn]
        if state.known[state.drawn] >> seat & 1:
            assert other.drawn == state.drawn
    assert unknown_picks(other, seat) == unknown_picks(state, seat)
    # chord cards: own hand, Jim Bot's row and the completed cards kept; sizes kept; all 28 there
    assert other.hands[seat] == state.hands[seat] and other.completed == state.completed
    if state.jim is not None:
        assert other.hands[state.jim] == state.hands[state.jim]
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    assert len(other.deck) == len(state.deck)
    dealt = other.deck + [c for h in other.hands for c in h] + \
        [c for cs in other.completed for c, _ in cs]
    assert sorted(dealt) == sorted(setlist_cards(state.setlist)) or state.setup
    assert unknown_cards(other, seat) == unknown_cards(state, seat)
    # songs and genres: own kept, others distinct, from the setlist / the six colours
    assert other.songs[seat] == state.songs[seat] and other.genres[seat] == state.genres[seat]
    songs = [x for x in other.songs if x is not None]
    assert len(set(songs)) == len(songs) == len([x for x in state.songs if x is not None])
    assert set(songs) <= set(setlist_songs(state.setlist)) or state.setup
    colours = [c for gs in other.genres for c in gs]
    assert len(set(colours)) == len(colours) and set(colours) <= set(COLOURS)
    assert [len(x) for x in other.genres] == [len(x) for x in state.genres]
    if state.final is not None:
        assert other.genres == state.genres and other.songs == state.songs
    # Jim Bot's icons: the same multiset left
    assert sorted(other.icons) == sorted(state.icons) and other.icon == state.icon
    # claim windows: the open one kept; a seat is queued exactly when it holds an offer
    assert other.claims[:1] == state.claims[:1]
    assert other.current_player == state.current_player
    for s in range(state.n):
        assert (s in other.claims) == other._has_offer(s)
    roles = claim_roles(state, seat)
    for s, role in roles.items():
        if role == "none":
            assert not any(other.satisfied(c) for c in other.hands[s])
        if role == "open":
            assert any(other.satisfied(c) for c in other.hands[s])
    # future chance reseeded, forced draws dropped
    assert other.rigged == []


def play_out(state, rng, check_every=25):
    """Random moves to the end, every pick accounted for on the way."""
    i = 0
    while not state.is_over:
        random_move(state, rng)
        i += 1
        if i % check_every == 0 or state.is_over:
            places = state.pick_places()
            assert sorted(sum(places.values(), [])) == list(range(PICKS))
    assert state.final is not None


# --- (1) the seat's view is unchanged; the state plays on -----------------------------------------
@settings(max_examples=80, **SETTINGS)
@given(st.integers(1, 5), st.integers(0, 2**32), options, styles)
def test_resampled_states_keep_what_the_seat_knows_and_play_to_the_end(players, seed, opts,
                                                                       style):
    """Over a random game: own view, public views and every constraint kept for the current
    seat and another one; a few resampled states are played to the end."""
    rng = random.Random(seed)
    played = 0
    for state in random_states(players, seed, opts, every=4, style=style):
        before = fields(state)
        seats = {state.current_player if state.current_player is not None else 0,
                 rng.randrange(players)}
        for seat in seats:
            other = resample(state, seat, rng)
            check_resample(state, other, seat)
            if played < 2 and rng.random() < 0.15:
                play_out(other, random.Random(seed + played))
                played += 1
        assert fields(state) == before                 # the original is left alone


# --- (2) only the seat's information steers the deal ----------------------------------------------
@settings(max_examples=50, **SETTINGS)
@given(st.integers(1, 5), st.integers(0, 2**32), options, styles)
def test_states_differing_only_in_hidden_information_resample_alike(players, seed, opts, style):
    """A state and a copy with every hidden thing dealt otherwise give the same resampled state
    for the same random.Random(k), whichever seat resamples."""
    rng = random.Random(seed)
    for i, state in enumerate(random_states(players, seed, opts, every=5, style=style)):
        seat = rng.randrange(players)
        twin = resample(state, seat, random.Random(seed + i))
        twin.rng = Rng(state.rng.state)
        twin.rigged = list(state.rigged)
        for k in (0, 1):
            assert fields(resample(state, seat, random.Random(k))) == \
                fields(resample(twin, seat, random.Random(k)))


def test_set_up_positions_differing_in_hidden_things_resample_alike():
    """Two positions alike for seat 0, different in seat 1's hand, song and genre, a face-down
    pick only seat 1 knows, the bag and the deck: the same resampled state for each seed."""
    common = dict(supply="W B W", options={"setlist": "campfire"})
    a = position("B@A1 W@D1 ?G@G2/1 ?R@E5/0", hands=["C-1 G-2", "D-1 A-2 E-3"],
                 songs=["S1-1", "S1-2"], genres=["R", "G"],
                 deck=["Am-1", "Em-2", "C-3", "G-4", "D-4"], **common)
    b = position("B@A1 W@D1 ?Gy@G2/1 ?R@E5/0", hands=["C-1 G-2", "Em-2 G-4 Am-1"],
                 songs=["S1-1", "S1-7"], genres=["R", "W"],
                 deck=["E-3", "D-1", "D-4", "A-2", "C-3"], **common)
    assert a.view(0) == b.view(0) and fields(a) != fields(b)
    for k in range(20):
        ra, rb = resample(a, 0, random.Random(k)), resample(b, 0, random.Random(k))
        assert fields(ra) == fields(rb)
        check_resample(a, ra, 0)


def test_solo_positions_differing_in_hidden_things_resample_alike():
    """Solo: Jim Bot's genres, his icon order and the deck order are hidden; his row is not."""
    common = dict(supply="W B R", row="C-1 G-2 D-3", options={"difficulty": "touring"})
    a = solo("B@A1 ?G@G2/1", hand="A-1", human="R", jim="G B", deck="E-1 Em-2 Am-3",
             icons="bag W R R B", **common)
    b = solo("B@A1 ?G@G2/1", hand="A-1", human="R", jim="W P", deck="Am-3 E-1 Em-2",
             icons="R B bag R W", **common)
    assert a.view(0) == b.view(0)
    for k in range(20):
        ra, rb = resample(a, 0, random.Random(k)), resample(b, 0, random.Random(k))
        assert fields(ra) == fields(rb)
        check_resample(a, ra, 0)
        assert ra.hands[1] == cards("C-1 G-2 D-3")


# --- (3) the hidden parts vary; the constraints hold ----------------------------------------------
def mid_game(players, seed, opts=None, want=lambda s: True, seat=0):
    """The first state of a seeded random game where `seat` acts, some picks it cannot see are
    on the board, and `want(state)` holds."""
    for state in random_states(players, seed, dict(opts or {}), every=1):
        if state.current_player == seat and want(state) and \
                any(f == DOWN and not state.known[state.board[x]] >> seat & 1
                    for x, f in enumerate(state.face)):
            return state.clone()
    raise AssertionError("no such state")


def test_hidden_parts_vary_across_resamples():
    """Other hands, songs, genres, unknown face-down picks, the bag and the deck all vary."""
    state = mid_game(4, 11, want=lambda s: s.turns >= 8)
    seen = {key: set() for key in ("hands", "songs", "genres", "down", "bag", "deck")}
    hidden_spaces = [x for x, f in enumerate(state.face)
                     if f == DOWN and not state.known[state.board[x]] >> 0 & 1]
    for k in range(40):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        seen["hands"].add(repr(other.hands[1:]))
        seen["songs"].add(repr(other.songs[1:]))
        seen["genres"].add(repr(other.genres[1:]))
        seen["down"].add(repr([kind_of(other.board[x]) for x in hidden_spaces]))
        seen["bag"].add(repr(sorted(Counter(kind_of(p) for p in other.bag).items())))
        seen["deck"].add(repr(other.deck))
    counts = {k: len(v) for k, v in seen.items()}
    assert min(counts.values()) > 1 and counts["hands"] > 5 and counts["deck"] > 5, counts


def test_solo_hidden_parts_vary():
    """Solo: Jim Bot's genres, his icons' order, the deck order and the bag vary."""
    state = mid_game(1, 5, {"difficulty": "touring"}, want=lambda s: len(s.icons) > 3)
    genres, icons, decks = set(), set(), set()
    for k in range(30):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        genres.add(other.genres[1])
        icons.add(tuple(other.icons))
        decks.add(tuple(other.deck))
        assert other.hands[1] == state.hands[1]
    assert len(genres) > 5 and len(icons) > 5 and len(decks) > 5


def test_a_drawn_pick_is_hidden_from_the_others_only():
    """Between A2's draw and its placement the drawn pick is re-dealt for the others, kept for
    the drawer."""
    state = position("", supply="W B R", hands=["", ""], options={"setlist": "campfire"})
    play(state, "bag")
    assert state.phase == "bag_place" and state.active == 0
    kinds = set()
    for k in range(30):
        mine, theirs = resample(state, 0, random.Random(k)), resample(state, 1, random.Random(k))
        check_resample(state, mine, 0)
        check_resample(state, theirs, 1)
        assert mine.drawn == state.drawn
        assert theirs.known[theirs.drawn] == 1 << 0
        kinds.add(kind_of(theirs.drawn))
        play(theirs, "place A1")
        assert theirs.known[theirs.board[sp("A1")]] == 1
    assert len(kinds) > 3


def test_grey_flipped_and_own_face_down_picks_are_kept():
    """Face-down picks a seat knows (its own, or flipped in front of everyone) keep their kind;
    one another seat placed does not."""
    state = position("?R@A1/0 ?G@D1/01 ?B@G1/1", supply="W B R", hands=["", ""],
                     options={"setlist": "campfire"})
    kinds = set()
    for k in range(30):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        assert kind_of(other.board[sp("A1")]) == 1 and kind_of(other.board[sp("D1")]) == 5
        assert other.known[other.board[sp("G1")]] == 2
        kinds.add(kind_of(other.board[sp("G1")]))
    assert len(kinds) > 3


# --- the claim windows as public information ------------------------------------------------------
def test_a_guitarist_without_a_window_is_dealt_no_satisfied_card():
    """The board satisfies C-1 and Em-1; seat 1 had no window after the last change, so no
    resample gives it either (they stay in the deck)."""
    state = position("W@A3 R@D2 B@B1 W@A2", supply="W B R", options={"setlist": "campfire"},
                     hands=["", "G-1 G-2 D-1"], deck="C-1 E-1 A-3 Am-1 Em-1 G-3")
    play(state, "W@e5")
    sat = {c for c in cards("C-1 Em-1 E-1 A-3 Am-1 G-3 G-1 G-2 D-1") if state.satisfied(c)}
    assert state.claims == [] and sat == set(cards("C-1 Em-1"))
    assert claim_roles(state, 0) == {1: "none"}
    for k in range(40):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        assert not sat & set(other.hands[1])


def test_an_open_window_is_dealt_a_satisfied_card_and_a_decline_keeps_it_declined():
    """Seat 1's window is open: every resample gives it a satisfied card and keeps the window;
    once it declines, what it is dealt stays declined for this board."""
    state = position("W@A3 R@D2", supply="B W R", options={"setlist": "campfire"},
                     hands=["", "C-1 G-2 D-1"], deck="E-1 A-3 Am-1 Em-1 G-3 C-2 D-2")
    play(state, "B@B1")
    assert state.claims == [1] and state.current_player == 1
    assert claim_roles(state, 0) == {1: "open"}
    for k in range(40):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        assert card("C-1") in other.hands[1] and other.current_player == 1
    play(state, "decline")
    assert state.claims == [] and claim_roles(state, 0) == {1: "declined"}
    held = 0
    for k in range(40):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        held += card("C-1") in other.hands[1]
        assert not other._has_offer(1) and other.claims == []
        if k < 3:
            play_out(other, random.Random(k))
    assert 0 < held < 40


def test_windows_still_to_come_are_rebuilt_from_the_new_hands():
    """Seat 0 holds the open window, seats 1 and 2 come after it: whoever is dealt a satisfied
    card is queued, in seat order."""
    state = position("W@A3 R@D2 W@A2", supply="B W R", options={"setlist": "campfire"},
                     hands=["C-1", "G-1", "G-2", "A-1"], deck="C-2 E-1 A-3 Am-1 Em-1 G-3 D-2")
    play(state, "B@B1")
    assert state.claims == [0] and claim_roles(state, 0) == {1: "pending", 2: "pending",
                                                            3: "pending"}
    queues = {}
    for k in range(60):
        other = resample(state, 0, random.Random(k))
        check_resample(state, other, 0)
        queues.setdefault(tuple(other.claims), other)
    assert (0,) in queues and len(queues) > 2
    for twin in queues.values():               # who else is queued is not the seat's to know
        for k in range(5):
            assert fields(resample(twin, 0, random.Random(k))) == \
                fields(resample(state, 0, random.Random(k)))


# --- (4) future chance is reseeded ----------------------------------------------------------------
def test_future_chance_differs_between_seeds():
    """At the start the bag is the only hidden place (its set of picks is kept); the refill after
    the first move then depends on the resample's new RNG."""
    state = pygame_rules.new_game("rechord", 3, seed=9, options={"start_player": "seat0"})
    seat = state.current_player
    kind = kind_of(state.supply[0])
    refills, states = set(), set()
    for k in range(30):
        other = resample(state, seat, random.Random(k))
        assert sorted(other.bag) == sorted(state.bag)
        states.add(other.rng.state)
        other.apply(("supply", kind, 0))
        while other.active == seat:
            other.apply(other.legal_actions()[-1])
        refills.add(tuple(sorted(kind_of(p) for p in other.supply)))
    assert len(states) == 30 and state.rng.state not in states
    assert len(refills) > 3

