"""Properties of Re-Chord over many random games: 1-5 players, random options, seeds and moves.

Most checks compare the engine with an independent model rebuilt from the omniscient event log
(`Tracker`): where every pick is and who may know a face-down one, the hands, the supply and bag,
the claims and declines, the score pad, the turn and idle counters. Views and per-seat logs are
checked against that model and against the spectator's view (whatever a seat sees beyond the
spectator must be its own secrets).
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from engine_helpers import snapshot
from pygame_rules.games.rechord.cards import (GOLDEN, PICKS, REQUIREMENTS, SILVER,
                                              SONG_FAME, SONGS, SPACES, WYLDE, adjacent,
                                              chord_type, fret_spaces, kind_of, setlist_cards,
                                              setlist_songs)

GAME_ID = "rechord"
GAME = pygame_rules.GAMES[GAME_ID]
DOWN = 7                                   # a face-down space's `face` in the engine
W, R, B = 0, 1, 2                          # White, Red, Blue
SHAPES = {"supply": 3, "bag": 1, "place": 2, "chords": 1, "return": 2, "done": 1,
          "remove": 2, "move": 3, "swap": 3, "flip": 2, "reveal": 2, "clear": 2,
          "wylde": 2, "skip": 1, "claim": 2, "decline": 1}
BOARD_EVENTS = ("place", "to_bag", "move", "swap", "flip", "reveal")
PUBLIC_EVENTS = ("game_start", "turn", "claim", "decline", "skip", "swap", "flip", "reveal",
                 "fret_scored", "game_end", "jim_row", "jim_plan", "jim_shuffle", "jim_icon",
                 "jim_pass", "jim_ability")
PRIVATE_VIEW_KEYS = ("seat", "hand", "song", "genres", "claimable", "legal", "drawn", "board")
LAZY = ("chords", "done", "skip", "decline", "return")
MAX_STEPS = 400                            # a cap for games without the anti-stall rule
SAFETY_STEPS = 5000                        # HR-22 ends every game long before this

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
options = st.fixed_dictionaries({o.name: st.sampled_from(o.allowed) for o in GAME.options})
# style: "random" = uniform moves; "lazy" = mostly moves that place nothing (reaches the
# anti-stall idle rule); "churn" = a bag pick that removes its neighbour each turn (the board
# never fills: reaches the 40-turns-per-guitarist rule); "chase" = place picks that match the
# mover's chord cards and claim eagerly (many claims, re-chords, same-instant claims)
games = st.tuples(st.integers(1, 5), st.integers(0, 2**32), options,
                  st.sampled_from(["random", "random", "lazy", "churn", "chase", "chase"]),
                  st.lists(st.integers(0, 10_000), max_size=60))


def triangular(k):
    """T(k) = k(k+1)/2 (HR-4)."""
    return k * (k + 1) // 2


# --- driving random games ------------------------------------------------------------------------
def _churn(state, legal):
    """Moves that keep the board nearly empty while placing a pick every turn."""
    if state.claims:
        return legal
    kinds = {a[0] for a in legal}
    if state.phase == "turn":
        return [("bag",)] if ("bag",) in legal else [("chords",)]
    if state.phase == "bag_place":
        near = [a for a in legal if any(state.face[x] != -1 for x in adjacent(a[1]))]
        return near or legal
    if state.phase == "adjacent":
        return [a for a in legal if a[0] == "remove"] or legal
    if state.phase == "return":
        return [("done",)] if "done" in kinds else legal
    return legal


def _chase(state, legal, rng):
    """Claim eagerly; place supply picks on the spaces the mover's chord cards need."""
    if state.claims:
        claims = [a for a in legal if a[0] == "claim"]
        return claims if claims and rng.random() < 0.9 else legal
    wanted = {need for card in state.hands[state.current_player] for need in REQUIREMENTS[card]}
    spaces = {sp for sp, _ in wanted}
    good = [a for a in legal if a[0] == "supply" and state.face[a[2]] != a[1] and
            ((a[2], a[1]) in wanted or a[1] == WYLDE and a[2] in spaces)]
    if good:
        return good
    if state.phase == "turn" and rng.random() < 0.3:
        return [("chords",)]
    return legal


def choose(state, style, rng, forced):
    """One legal action for the current player, by style (forced: an index from hypothesis)."""
    legal = state.legal_actions()
    if style == "chase":
        legal = _chase(state, legal, rng)
    elif style == "lazy" and rng.random() < 0.97:
        lazy = [a for a in legal if a[0] in LAZY and a[0] != "return"] or \
            [a for a in legal if a[0] in LAZY]
        legal = lazy or legal
    elif style == "churn":
        legal = _churn(state, legal)
    return legal[forced % len(legal)] if forced is not None else rng.choice(legal)


def new_game(players, seed, opts):
    """A new Re-Chord game."""
    return pygame_rules.new_game(GAME_ID, players, seed=seed, options=opts)


def play(game):
    """Play a random game; yield (state, tracker) for the start and after every action."""
    players, seed, opts, style, choices = game
    state = new_game(players, seed, opts)
    tracker = Tracker(state)
    rng = random.Random(seed)
    steps, cap = 0, SAFETY_STEPS if opts["anti_stall"] else MAX_STEPS
    while True:
        tracker.update(state)
        yield state, tracker
        if state.is_over or steps >= cap:
            return
        forced = choices[steps] if steps < len(choices) else None
        action = choose(state, style, rng, forced)
        state.apply(action)
        steps += 1


def final_state(game):
    """The last state of a random game, and its tracker."""
    for state, tracker in play(game):
        pass
    return state, tracker


# Jim Bot by level, as docs/rules/rechord.md §3.8 gives it (HR-27, HR-28): (genres, open row,
# how his completed cards score, his row scores silver at the end)
JIM_TABLE = {
    ("classic", "beginner"): (1, 3, "silver", False),
    ("classic", "session"): (1, 3, "rechord", False),
    ("classic", "touring"): (2, 3, "rechord", False),
    ("balanced", "beginner"): (1, 4, "silver", True),
    ("balanced", "session"): (1, 6, "golden", True),
    ("balanced", "touring"): (2, 7, "golden", True),
    ("balanced", "legend"): (2, 3, "after_first", False),      # HR-29: a guitarist's actions
    ("classic", "legend"): (2, 3, "after_first", False),
}


def jim_table(opts):
    """(genres, row, chords, row scores) of Jim Bot for these options."""
    return JIM_TABLE[opts["jim_strength"], opts["difficulty"]]


# --- an independent model of the game, rebuilt from the omniscient log ----------------------------
class Tracker:
    """What the event log says the game is. Event-log consistency is asserted as it is read;
    property facts are collected for the tests."""

    def __init__(self, state):
        self.n = state.players
        self.jim = 1 if self.n == 1 else None
        self.g = self.n + (1 if self.n == 1 else 0)
        self.opts = dict(state.options)
        self.seen = 0
        self.board = {}                # space -> [kind, up, placer (face-down), public]
        self.pad = [[0] * 5 for _ in range(6)]
        self.scored = []
        self.hands = self.songs = self.genres = None
        self.completed = [[] for _ in range(self.g)]
        self.supply = []
        self.bag = PICKS
        self.drawn = None              # (seat, kind) of a pick drawn with A2, not yet placed
        self.declined = [set() for _ in range(self.g)]
        self.size = None
        self.active = None
        self.turns = self.idle = 0
        self.placed_this_turn = False
        self.turn_ends = []            # (turns, idle, frets scored) when a turn ended, game on
        self.game_end = None           # (event, turns, idle)
        self.claims = []               # (seat, card, satisfied?, declined?, instant, the
        #                                 previous claim's instant, event types since it)
        self.last_instant = None
        self.since_claim = set()       # event types since the last claim
        self.fret_checks = []          # (fret, new?, filled?, column ok?, column, expected)
        self.final_window_seen = False
        self.new_events = []
        self.leaks = []                # face-down kinds shown to a seat that may not know them

    # the model's view of the board
    def satisfied(self, card):
        """Every required space holds a face-up pick of its colour or a Wylde (HR-6)."""
        b = self.board
        return all(sp in b and b[sp][1] and b[sp][0] in (c, WYLDE) for sp, c in REQUIREMENTS[card])

    def offered(self, seat):
        """The satisfied cards of a seat it has not let go for this board."""
        return sorted(c for c in self.hands[seat]
                      if c not in self.declined[seat] and self.satisfied(c))

    def column(self, fret):
        """The score pad column a lead guitar round for `fret` writes (HR-4, HR-5)."""
        counts = [[0] * 5 for _ in range(6)]
        for sp, (kind, up, _, _) in self.board.items():
            if kind < WYLDE and (up or self.opts["face_down_scores"]):
                counts[kind][sp // 6] += 1
        mode = self.opts["lead_scoring"]
        if mode == "fret_only":
            return [triangular(counts[c][fret - 1]) for c in range(6)]
        if mode == "linear":
            return [sum(counts[c]) for c in range(6)]
        return [sum(triangular(k) for k in counts[c]) for c in range(6)]

    def knows(self, seat, sp):
        """May `seat` know the kind of the face-down pick on `sp`?"""
        kind, up, placer, public = self.board[sp]
        return up or public or (seat is not None and seat == placer)

    def _board_changed(self):
        """A new board state: every seat may claim again (HR-11)."""
        self.declined = [set() for _ in range(self.g)]

    def update(self, state):
        """Read the new events; the final claim window (no event) resets the declines."""
        self.new_events = state.events[self.seen:]
        for e in self.new_events:
            self._leak_check(state, e)
            getattr(self, "_ev_" + e["type"])(e)
            self.since_claim.add(e["type"])
        self.seen = len(state.events)
        if state.phase == "final" and not self.final_window_seen:
            self.final_window_seen = True
            self.declined = [set() for _ in range(self.g)]
            self.since_claim.add("final window")

    def _leak_check(self, state, e):
        """A face-down pick's kind in a seat's log must be one that seat may know."""
        if e["type"] in ("to_bag", "move") and not e["up"]:
            for seat in [None, *range(self.n)]:
                if state.redact(e, seat).get("kind") is not None and \
                        not self.knows(seat, e["space"]):
                    self.leaks.append((seat, e, len(state.history)))

    # events, one method each
    def _ev_game_start(self, e):
        assert e["players"] == self.n and e["guitarists"] == self.g and e["jim"] == self.jim
        self.size = e["supply_size"]
        want = self.opts["supply_size"] or {1: 3, 2: 3, 3: 4, 4: 5, 5: 6}[self.n]
        assert self.size == want

    def _ev_deal(self, e):
        self.hands = [list(h) for h in e["hands"]]
        self.songs = list(e["songs"])
        self.genres = [list(x) for x in e["genres"]]
        for seat, hand in enumerate(self.hands):          # three each; Jim Bot his row
            assert len(hand) == (jim_table(self.opts)[1] if seat == self.jim else 3)

    def _ev_turn(self, e):
        if self.active is not None:                       # the previous turn ended
            self._turn_ended()
            self.turn_ends.append((self.turns, self.idle, len(self.scored)))
        self.active = e["seat"]
        assert all(len(h) <= (jim_table(self.opts)[1] if s == self.jim else 3)
                   for s, h in enumerate(self.hands))    # A3 leaves at most three cards
        self.supply += e["refill"]
        self.bag -= len(e["refill"])
        assert sorted(self.supply) == e["supply"] and self.bag == e["bag"]
        assert len(self.supply) == self.size or self.bag == 0

    def _turn_ended(self):
        """HR-22's counters: turns, and turns in a row with no pick placed."""
        self.turns += 1
        self.idle = 0 if self.placed_this_turn else self.idle + 1
        self.placed_this_turn = False

    def _ev_bag_draw(self, e):
        assert self.drawn is None
        self.drawn = (e["seat"], e["kind"])
        self.bag -= 1
        assert e["bag"] == self.bag

    def _ev_place(self, e):
        sp, kind, up, seat = e["space"], e["kind"], e["up"], e["seat"]
        assert sp not in self.board
        if e["via"] in ("supply", "white"):
            assert up
            self.supply.remove(kind)
        else:
            assert e["via"] == "bag" and not up
            if self.drawn is not None and self.drawn[0] == seat:
                assert self.drawn[1] == kind
                self.drawn = None
            else:
                assert seat == self.jim                     # Jim Bot draws without an event
                self.bag -= 1
        self.board[sp] = [kind, up, None if up else seat, False]
        self.placed_this_turn = True
        self._board_changed()

    def _ev_to_bag(self, e):
        kind, up, _, _ = self.board.pop(e["space"])
        assert (kind, up) == (e["kind"], e["up"])
        self.bag += 1
        self._board_changed()

    def _ev_move(self, e):
        a, b = e["space"], e["to"]
        assert a in self.board and b not in self.board
        assert (self.board[a][0], self.board[a][1]) == (e["kind"], e["up"])
        self.board[b] = self.board.pop(a)
        self._board_changed()

    def _ev_swap(self, e):
        a, b = e["space"], e["to"]
        self.board[a], self.board[b] = self.board[b], self.board[a]
        self._board_changed()

    def _ev_flip(self, e):
        pick = self.board[e["space"]]
        assert pick[1] and pick[0] == e["kind"]
        pick[1], pick[2], pick[3] = False, None, True      # HR-16: everyone saw it
        self._board_changed()

    def _ev_reveal(self, e):
        pick = self.board[e["space"]]
        assert not pick[1] and pick[0] == e["kind"]
        pick[1], pick[2], pick[3] = True, None, False
        self._board_changed()

    def _ev_claim(self, e):
        seat, card, instant = e["seat"], e["card"], e["instant"]
        assert card in self.hands[seat]
        self.claims.append((seat, card, self.satisfied(card), card in self.declined[seat],
                            instant, self.last_instant, frozenset(self.since_claim)))
        self.last_instant, self.since_claim = instant, set()
        assert e["spaces"] == [sp for sp, _ in REQUIREMENTS[card]]
        self.hands[seat].remove(card)
        self.completed[seat].append((card, instant))

    def _ev_decline(self, e):
        seat = e["seat"]
        assert self.offered(seat), "a decline with nothing offered"
        self.declined[seat] |= set(self.offered(seat))

    def _ev_chords(self, e):
        self.hands[e["seat"]] += e["cards"]

    def _ev_return(self, e):
        self.hands[e["seat"]].remove(e["card"])

    def _ev_jim_row(self, e):
        self.hands[self.jim] += e["cards"]
        row = jim_table(self.opts)[1]              # refilled to his level's row, deck permitting
        held = len(self.hands[self.jim])           # (at Legend A3 may leave him more, to return)
        assert held == row or e["deck"] == 0 or self.opts["difficulty"] == "legend" and held > row

    def _ev_fret_scored(self, e):
        fret = e["fret"]
        filled = all(sp in self.board for sp in fret_spaces(fret))
        self.fret_checks.append((fret, fret not in self.scored, filled,
                                 e["column"] == self.column(fret), e["column"],
                                 self.column(fret)))
        self.scored.append(fret)
        for c in range(6):
            self.pad[c][fret - 1] = e["column"][c]

    def _ev_game_end(self, e):
        self._turn_ended()
        self.game_end = (e, self.turns, self.idle)

    def _ev_skip(self, e):
        pass

    _ev_jim_plan = _ev_jim_shuffle = _ev_jim_icon = _ev_jim_pass = _ev_jim_ability = _ev_skip

    # derived results
    def chord_fame(self, seat):
        """Silver for the first card of a type, golden after (best order within one instant);
        Jim Bot by his level: silver only, so, golden each, or golden after his first (silver).
        Brute force over the first instant's cards."""
        mode = jim_table(self.opts)[2] if seat == self.jim else "rechord"
        if mode == "golden":
            return sum(GOLDEN[c] for c, _ in self.completed[seat])
        if mode == "after_first":
            done = self.completed[seat]
            first = min((i for _, i in done), default=None)
            return max((SILVER[s] + sum(GOLDEN[c] for c, _ in done) - GOLDEN[s]
                        for s, i in done if i == first), default=0)
        golden_ok = mode == "rechord"
        by_type = {}
        for card, instant in self.completed[seat]:
            by_type.setdefault(chord_type(card), []).append((instant, card))
        total = 0
        for cards in by_type.values():
            if not golden_ok:
                total += sum(SILVER[c] for _, c in cards)
                continue
            first = min(i for i, _ in cards)
            total += max(SILVER[s] + sum(GOLDEN[c] for _, c in cards if c != s)
                         for i, s in cards if i == first)
        return total

    def breakdown(self, seat):
        """Chords + song (all its types completed) + genre (own pad rows)."""
        chords = self.chord_fame(seat)
        song = self.songs[seat]
        types = {chord_type(c) for c, _ in self.completed[seat]}
        song_fame = SONG_FAME if song is not None and set(SONGS[song]) <= types else 0
        genre = sum(sum(self.pad[c]) for c in self.genres[seat])
        out = {"chords": chords, "song": song_fame, "genre": genre,
               "total": chords + song_fame + genre, "cards": len(self.completed[seat]),
               "genres": list(self.genres[seat]), "song_id": song}
        if seat == self.jim and jim_table(self.opts)[3]:     # his row, revealed at the end
            out["row"] = sum(SILVER[c] for c in self.hands[seat])
            out["total"] += out["row"]
        return out

    def winners(self):
        """HR-23: total, then genre, then cards; solo: strictly more than Jim Bot."""
        b = [self.breakdown(s) for s in range(self.g)]
        if self.jim is not None:
            return [0] if b[0]["total"] > b[1]["total"] else []
        key = [(x["total"], x["genre"], x["cards"]) for x in b]
        return [s for s in range(self.g) if key[s] == max(key)]

    def matches(self, state):
        """The model and the engine agree on everything the model tracks."""
        for sp in range(SPACES):
            if sp in self.board:
                kind, up, _, _ = self.board[sp]
                assert kind_of(state.board[sp]) == kind, sp
                assert state.face[sp] == (kind if up else DOWN), sp
            else:
                assert state.face[sp] == -1, sp
        assert [sorted(h) for h in state.hands] == [sorted(h) for h in self.hands]
        assert [list(map(tuple, c)) for c in state.completed] == self.completed
        assert sorted(kind_of(p) for p in state.supply) == sorted(self.supply)
        assert len(state.bag) == self.bag
        drawn = None if state.drawn is None else (state.active, kind_of(state.drawn))
        assert drawn == self.drawn
        assert state.pad == self.pad
        assert state.scored == [f in self.scored for f in range(1, 6)]
        assert list(state.songs) == self.songs
        assert [list(x) for x in state.genres] == self.genres


def in_claim(state):
    """Is a claim window open (as every view says)?"""
    return state.view(None)["phase"] == "claim"


def _is_legal(action, legal):
    """Membership that tells True from 1 (they hash alike)."""
    return any(action == a and repr(action) == repr(a) for a in legal)


# --- the properties -----------------------------------------------------------------------------
@settings(max_examples=30, **SETTINGS)
@given(games)
def test_all_35_picks_are_accounted_for_at_every_step(game):
    """Board + supply + bag + a drawn pick = each pick once; the views add up to 35 too."""
    for state, tracker in play(game):
        places = state.pick_places()
        picks = places["board"] + places["supply"] + places["bag"] + places["drawn"]
        assert sorted(picks) == list(range(PICKS))
        assert len(places["drawn"]) == (1 if state.phase == "bag_place" else 0)
        tracker.matches(state)
        for seat in [None, *range(state.players)]:
            v = state.view(seat)
            drawn = 1 if v["phase"] == "bag_place" else 0
            on_board = sum(1 for x in v["board"] if x is not None)
            assert on_board + len(v["supply"]) + v["bag"] + drawn == PICKS
            assert v["bag"] == tracker.bag and v["supply"] == sorted(tracker.supply)
            if v["drawn"] is not None:
                assert v["phase"] == "bag_place" and seat == state.active


def wrong_actions(state, rng):
    """Candidates of every shape, most of them wrong now."""
    out = [(), [], None, 0, "bag", ("nonsense",), ("supply",), ("supply", 0),
           ("supply", 0, 0, 0), ("bag", 0), ("place",), ("place", "A1"), ("place", 1.0),
           ("place", True), ("chords", 1), ("move", 0), ("swap", 1, 2, 3), ("skip", 0),
           ("decline", 0), ("done", None), ("clear",), ("wylde", 0, 1), ("claim",),
           ("claim", "1"), ("claim", True), ("return", 1.5), ["bag"], ("supply", 0, 30),
           ("supply", 6, -1), ("place", -1), ("place", 30), ("remove", 99), ("move", 0, 30),
           ("flip", -5), ("reveal", 31), ("wylde", 30), ("swap", -1, 0)]
    out += [(k,) for k, n in SHAPES.items() if n == 1]
    spaces = rng.sample(range(SPACES), 8)
    out += [("supply", k, sp) for k in (-1, *range(9), 29, 99) for sp in spaces]
    for kind in ("place", "remove", "flip", "reveal", "wylde"):
        out += [(kind, sp) for sp in range(SPACES)]
    pairs = [(rng.randrange(SPACES), rng.randrange(SPACES)) for _ in range(15)]
    if state.at is not None:
        pairs += [(state.at, sp) for sp in spaces] + [(sp, state.at) for sp in spaces]
    out += [(kind, a, b) for kind in ("move", "swap") for a, b in pairs]
    out += [("clear", t) for t in range(-1, 9)]
    cards = sorted({c for h in state.hands for c in h} | set(rng.sample(range(-1, 73), 5)))
    out += [(kind, c) for kind in ("return", "claim") for c in cards]
    return out


def expected_refusals(state, tracker):
    """(action, message id or prefix) that the rules forbid now, known without the engine."""
    out = []
    seat = state.current_player
    others = [c for s in range(state.g) if s != seat for c in state.hands[s]]
    hand = state.hands[seat]
    occupied = [sp for sp in range(SPACES) if sp in tracker.board]
    empty = [sp for sp in range(SPACES) if sp not in tracker.board]
    if in_claim(state):
        out += [(("claim", c), "rc.refuse.not_in_hand") for c in others]
        out += [(("claim", c), "rc.refuse.not_satisfied") for c in hand
                if not tracker.satisfied(c)]
        out += [(("claim", c), "rc.refuse.declined") for c in hand
                if tracker.satisfied(c) and c in tracker.declined[seat]]
        out += [(a, "rc.refuse.claim_first") for a in [("chords",), ("bag",), ("skip",),
                                                        ("done",)]]
        return out
    out += [(("claim", c), "rc.refuse.phase.") for c in hand + others]
    out += [(("decline",), "rc.refuse.phase.")]
    if state.phase == "turn" or (state.phase == "ability" and state.akind == 0):
        kinds = set(tracker.supply)
        out += [(("supply", k, sp), "rc.refuse.occupied")
                for k in kinds if k != WYLDE for sp in occupied]
        out += [(("supply", k, sp), "rc.refuse.not_in_supply")
                for k in range(7) if k not in kinds for sp in empty[:2]]
    if state.phase == "turn":
        out += [(a, "rc.refuse.phase.turn") for a in [("done",), ("skip",), ("decline",)]]
        out += [(("place", sp), "rc.refuse.phase.turn") for sp in empty[:2]]
    elif state.phase == "bag_place":
        out += [(("place", sp), "rc.refuse.occupied") for sp in occupied]
        out += [(a, "rc.refuse.phase.bag_place") for a in [("bag",), ("chords",), ("skip",)]]
    elif state.phase == "return":
        out += [(("return", c), "rc.refuse.not_in_hand") for c in others]
        if len(hand) > 3:
            out.append((("done",), "rc.refuse.too_many"))
        out += [(a, "rc.refuse.phase.return") for a in [("bag",), ("chords",), ("skip",)]]
    elif state.phase == "grey_move":
        out += [(("move", state.at, sp), "rc.refuse.occupied") for sp in occupied
                if sp != state.at]
    else:
        out += [(a, "rc.refuse.phase.") for a in [("bag",), ("chords",), ("done",)]]
        if state.phase == "ability" and state.akind in (1, 2, 5):
            out.append((("remove", state.at), "rc.refuse."))
    return out


@settings(max_examples=10, **SETTINGS)
@given(games)
def test_legal_actions_apply_and_wrong_ones_are_refused_without_change(game):
    """Every legal action (a sample per step) applies on a clone; wrong shapes, occupied spaces
    for a non-Wylde, cards not in hand, unsatisfied or declined claims and actions of another
    phase raise IllegalAction with a message id, and change nothing."""
    rng = random.Random(game[1])
    for i, (state, tracker) in enumerate(play(game)):
        if state.is_over:
            with pytest.raises(pygame_rules.IllegalAction) as err:
                state.apply(("chords",))
            assert err.value.msg_id
            break
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in rng.sample(legal, min(4, len(legal))) + [legal[0], legal[-1]]:
            trial = state.clone()
            trial.apply(action)
            places = trial.pick_places()
            assert sorted(sum(places.values(), [])) == list(range(PICKS))
            json.loads(json.dumps(list(action)))
        before = snapshot(state)
        for action, msg in expected_refusals(state, tracker):
            assert not _is_legal(action, legal), action
            with pytest.raises(pygame_rules.IllegalAction) as err:
                state.apply(action)
            assert err.value.msg_id.startswith(msg), (action, err.value.msg_id, msg)
        if i % 2 == 0 and i < 240:             # every shape: the first 120 decisions
            for action in wrong_actions(state, rng):
                if _is_legal(action, legal):
                    continue
                with pytest.raises(pygame_rules.IllegalAction) as err:
                    state.apply(action)
                assert err.value.msg_id and err.value.message
        assert snapshot(state) == before


@pytest.mark.parametrize("kind", [7, 8, 29, 30, -1, -8, 2**70])
def test_a_supply_pick_of_an_unknown_kind_is_refused(kind):
    """("supply", kind, space) with no such pick kind is refused, not an IndexError
    (the random games try kinds -1..8, 29 and 99 in every phase)."""
    state = new_game(1, 0, None)
    before = snapshot(state)
    with pytest.raises(pygame_rules.IllegalAction) as err:
        state.apply(("supply", kind, 0))
    assert err.value.msg_id and snapshot(state) == before


@settings(max_examples=12, **SETTINGS)
@given(games, st.integers(0, 200))
def test_same_seed_and_actions_replay_and_saves_round_trip_mid_game(game, cut):
    """Seed + options + actions reproduce the events and the save; to_json → load_state gives
    the identical state and save, mid-game too, and the loaded game plays on identically."""
    players, seed, opts, _, _ = game
    mid = None
    for i, (state, _) in enumerate(play(game)):
        if i in (cut, cut // 3) or state.is_over:
            text = state.to_json()
            loaded = pygame_rules.load_state(text)
            assert loaded.to_json() == text and snapshot(loaded) == snapshot(state)
            if i == cut and not state.is_over:
                mid = (loaded, len(state.history))
    again = new_game(players, seed, opts)
    for action in state.history:
        again.apply(action)
    assert again.events == state.events and again.to_json() == state.to_json()
    assert snapshot(again) == snapshot(state)
    if mid is not None:
        loaded, k = mid
        for action in state.history[k:]:
            loaded.apply(tuple(action))
        assert loaded.events == state.events and loaded.to_json() == state.to_json()


def hidden_shuffle(state, seat, rng):
    """A clone in which everything hidden from `seat` is dealt differently: the other hands and
    the chord deck, the other songs and genres, face-down picks it does not know and the bag."""
    other = state.clone()
    other.songs, other.genres = list(other.songs), list(other.genres)   # shared by clone()
    humans = [s for s in range(state.g) if s != seat and s != state.jim]
    pool = [c for s in humans for c in other.hands[s]] + other.deck
    rng.shuffle(pool)
    for s in humans:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    other.deck = pool
    own = state.songs[seat] if seat is not None else None
    songs = [x for x in setlist_songs(state.setlist) if x != own]
    rng.shuffle(songs)
    for s in humans:
        other.songs[s] = songs.pop()
    mine = set(state.genres[seat]) if seat is not None else set()
    colours = [c for c in range(6) if c not in mine]
    rng.shuffle(colours)
    for s in [x for x in range(state.g) if x != seat]:
        k = len(other.genres[s])
        other.genres[s], colours = tuple(colours[:k]), colours[k:]
    mask = 0 if seat is None else 1 << seat
    hidden = [sp for sp in range(SPACES) if state.face[sp] == DOWN
              and not state.known[state.board[sp]] & mask]
    picks = [state.board[sp] for sp in hidden] + list(state.bag)
    knowns = [state.known[state.board[sp]] for sp in hidden]
    rng.shuffle(picks)
    for sp, pick, known in zip(hidden, picks, knowns):
        other.board[sp] = pick
        other.known[pick] = known
    other.bag = picks[len(hidden):]
    for p in other.bag:
        other.known[p] = 0
    if state.drawn is not None and state.active != seat:
        i = rng.randrange(len(other.bag) + 1)
        if i < len(other.bag):
            other.drawn, other.bag[i] = other.bag[i], state.drawn
    return other


@settings(max_examples=20, **SETTINGS)
@given(games)
def test_views_show_a_seat_only_its_own_secrets(game):
    """view(seat) = the spectator's view + that seat's hand, song, genres, its drawn pick and
    the face-down picks it placed (or a Grey flipped); it does not change when what is hidden
    from it is dealt differently. The spectator holds no hand; Jim Bot's genres stay hidden
    until view["final"] reveals every genre and song."""
    rng = random.Random(game[1])
    for i, (state, tracker) in enumerate(play(game)):
        spectator = state.view(None)
        assert spectator["hand"] == [] and spectator["song"] is None
        assert spectator["genres"] == [] and spectator["claimable"] == []
        assert spectator["legal"] == [] and spectator["drawn"] is None
        public = {k: v for k, v in spectator.items() if k not in PRIVATE_VIEW_KEYS}
        for seat in range(state.players):
            v = state.view(seat)
            json.dumps(v)
            assert {k: x for k, x in v.items() if k not in PRIVATE_VIEW_KEYS} == public
            assert v["hand"] == sorted(tracker.hands[seat])
            assert v["song"] == tracker.songs[seat] and v["genres"] == tracker.genres[seat]
            assert v["claimable"] == [c for c in v["hand"] if tracker.satisfied(c)]
            want = [list(a) for a in state.legal_actions()] \
                if state.current_player == seat else []
            assert v["legal"] == want
            drawn = tracker.drawn[1] if tracker.drawn and tracker.drawn[0] == seat else None
            assert v["drawn"] == drawn
            for sp in range(SPACES):
                if sp not in tracker.board:
                    assert v["board"][sp] is None and spectator["board"][sp] is None
                    continue
                kind, up, _, _ = tracker.board[sp]
                assert spectator["board"][sp] == ([kind, 1] if up else [None, 0])
                shown = kind if tracker.knows(seat, sp) else None
                assert v["board"][sp] == ([kind, 1] if up else [shown, 0])
        if state.is_over:
            for seat in [None, *range(state.players)]:
                final = state.view(seat)["final"]
                assert [b["genres"] for b in final] == tracker.genres
                assert [b["song_id"] for b in final] == tracker.songs
        else:
            assert spectator["final"] is None and spectator["winners"] == []
        if i % 4 == 0 or state.is_over:
            for seat in [None, *range(state.players)]:
                other = hidden_shuffle(state, seat, rng)
                assert json.dumps(other.view(seat)) == json.dumps(state.view(seat))


@settings(max_examples=30, **SETTINGS)
@given(games)
def test_event_logs_hide_hands_songs_genres_and_bag_draws(game):
    """events_for(seat): the deal shows only that seat's hand, song and genres (and Jim Bot's
    open row); others' bag draws, drawn chord cards, returned cards and face-down placements
    stay hidden (the cards Jim Bot draws into or returns from his open row at Legend are public,
    like the row); the spectator sees no hand, song or genre; nothing else is redacted."""
    state, tracker = final_state(game)
    jim = tracker.jim
    for seat in [None, *range(state.players)]:
        log = state.events_for(seat)
        json.dumps(log)
        assert len(log) == len(state.events)
        for e, r in zip(state.events, log):
            t = e["type"]
            mine = seat is not None and e.get("seat") == seat
            if t == "deal":
                assert r["hands"] == [h if s in (seat, jim) else None
                                      for s, h in enumerate(e["hands"])]
                assert r["songs"] == [x if s == seat else None for s, x in enumerate(e["songs"])]
                assert r["genres"] == [x if s == seat else None
                                       for s, x in enumerate(e["genres"])]
            elif t == "bag_draw":
                assert r["kind"] == (e["kind"] if mine else None)
            elif t == "chords":
                open_ = mine or e["seat"] == jim
                assert r["cards"] == (e["cards"] if open_ else len(e["cards"]))
            elif t == "return":
                assert r["card"] == (e["card"] if mine or e["seat"] == jim else None)
            elif t == "place" and not e["up"]:
                assert r["kind"] == (e["kind"] if mine else None)
            elif t in ("to_bag", "move") and not e["up"]:
                assert r["kind"] in (e["kind"], None) and dict(r, kind=None) == dict(e, kind=None)
            else:
                assert t in PUBLIC_EVENTS or t in ("place", "to_bag", "move"), t
                assert r == e
    if jim is not None:
        assert state.events_for(0)[1]["genres"][jim] is None


@settings(max_examples=30, **SETTINGS)
@given(games)
def test_event_logs_never_show_a_face_down_kind_to_a_seat_that_did_not_place_it(game):
    """A face-down pick's kind appears in a seat's log only if it placed the pick or a Grey
    flipped it (public), even when that seat removes or moves the pick."""
    for state, tracker in play(game):
        assert tracker.leaks == [], tracker.leaks[0]


def test_a_wylde_replacing_a_face_down_pick_does_not_reveal_it():
    """Seat 0's face-down Red on E1; seat 1's supply Wylde replaces it: seat 1's log does not
    name the removed pick, seat 0's does."""
    state = pygame_rules.new_game(GAME_ID, 2, seed=0, setup={
        "hands": [[0, 1, 2], [4, 5, 6]], "board": [[0, R, False, 1]], "supply": [WYLDE],
        "start": 1})
    assert state.view(1)["board"][0] == [None, 0]
    state.apply(("supply", WYLDE, 0))
    removed = [e for e in state.events_for(1) if e["type"] == "to_bag"]
    assert removed and removed[0]["kind"] is None
    assert [e["kind"] for e in state.events_for(0) if e["type"] == "to_bag"] == [R]


@settings(max_examples=60, **SETTINGS)
@given(games)
def test_claim_windows_offer_exactly_the_satisfied_cards_and_close_empty(game):
    """In a claim window the legal claims are exactly the current seat's satisfied, not
    declined hand cards (+ decline), seats come active first then clockwise; outside windows
    no seat still has a card on offer and Jim Bot's open row holds no satisfied card; every
    claim satisfied the board when made; instants never fall, rise after a board change, an A3
    draw or the final window, and stay equal between claims of one window."""
    last_pos = None
    for state, tracker in play(game):
        tracker.matches(state)
        if tracker.jim is not None:
            assert not any(tracker.satisfied(c) for c in tracker.hands[tracker.jim])
        if state.is_over:
            break
        if in_claim(state):
            seat = state.current_player
            offered = tracker.offered(seat)
            assert offered and seat != tracker.jim
            assert state.legal_actions() == [("claim", c) for c in offered] + [("decline",)]
            pos = (seat - state.active) % state.g
            only_claims = all(e["type"] in ("claim", "decline") for e in tracker.new_events)
            if last_pos is not None and only_claims:
                assert pos >= last_pos
            last_pos = pos
        else:
            last_pos = None
            for seat in range(state.g):
                if seat != tracker.jim:
                    assert tracker.offered(seat) == [], (seat, state.phase)
    for seat, card, satisfied, declined, instant, previous, since in tracker.claims:
        assert satisfied and not declined, (seat, card)
        if previous is None:
            continue
        assert instant >= previous
        if since & {*BOARD_EVENTS, "chords", "final window"}:
            assert instant > previous
        if since <= {"decline"}:
            assert instant == previous


@settings(max_examples=60, **SETTINGS)
@given(games)
def test_score_pad_end_of_game_totals_and_winners(game):
    """The pad changes only at fret_scored events, each fret once, when it is filled, with the
    HR-4/5 column; the game ends exactly when five frets are scored or by HR-22 (idle ≥ 4g
    or turns ≥ 40g turns); totals = chords + song + genre; HR-23 winners (solo: strictly
    more than Jim Bot)."""
    for state, tracker in play(game):
        tracker.matches(state)
        if not state.is_over and state.phase != "final":
            assert state.turns == tracker.turns and state.idle == tracker.idle
            v = state.view(None)
            assert (v["turns"], v["idle"]) == (tracker.turns, tracker.idle)
    for fret, new, filled, ok, got, want in tracker.fret_checks:
        assert new and filled and ok, (fret, new, filled, got, want)
    g, stall = tracker.g, tracker.opts["anti_stall"]
    for turns, idle, scored in tracker.turn_ends:
        assert scored < 5
        assert not (stall and (idle >= 4 * g or turns >= 40 * g)), (turns, idle)
    if not state.is_over:
        assert not stall                     # only a game without HR-22 may hit the cap
        return
    end, turns, idle = tracker.game_end
    assert (state.turns, state.idle) == (turns, idle)
    if len(tracker.scored) == 5:
        assert end["reason"] == "frets"
    else:
        assert end["reason"] == "stall" and stall and (idle >= 4 * g or turns >= 40 * g)
    want = [tracker.breakdown(s) for s in range(g)]
    for got, b in zip(end["final"], want):
        assert {k: got[k] for k in b} == b
    assert state.final == end["final"]
    assert state.scores() == [b["total"] for b in want[:state.players]]
    assert state.winners() == tracker.winners() == end["winners"]
    if tracker.jim is not None:
        assert state.winners() == ([0] if want[0]["total"] > want[1]["total"] else [])
        assert len(want[1]["genres"]) == jim_table(tracker.opts)[0]


@settings(max_examples=40, **SETTINGS)
@given(games)
def test_chord_fame_is_silver_first_then_golden(game):
    """At every step each seat's chord fame is silver for its first card of a type and golden
    for later ones (same-instant cards in the owner's best order); Jim Bot by his level: silver
    only on Beginner, every card golden on balanced Session and Touring (HR-28), golden after
    his first at Legend (HR-29). Completed cards come from the setlist's chords."""
    cards = None
    for state, tracker in play(game):
        cards = cards or set(setlist_cards(state.setlist))
        if not state.is_over:
            assert state.scores() == [tracker.chord_fame(s) for s in range(state.players)]
        for s in range(tracker.g):
            assert state.chord_fame(s) == tracker.chord_fame(s)
            assert {c for c, _ in tracker.completed[s]} <= cards
    mode = jim_table(tracker.opts)[2] if tracker.jim is not None else None
    if tracker.jim is not None:
        plain = sum(SILVER[c] for c, _ in tracker.completed[tracker.jim])
        if tracker.opts["difficulty"] == "beginner":
            assert state.chord_fame(tracker.jim) == plain
    for s in range(tracker.g):
        if s == tracker.jim and mode == "after_first":    # his first card silver, at his best
            done = sorted(tracker.completed[s], key=lambda x: (x[1], GOLDEN[x[0]] - SILVER[x[0]]))
            total = sum(GOLDEN[c] for c, _ in done) - sum(GOLDEN[c] - SILVER[c] for c, _ in done[:1])
            assert state.chord_fame(s) == total
            continue
        seen, total = set(), 0
        for card, _ in sorted(tracker.completed[s], key=lambda x: (x[1], GOLDEN[x[0]])):
            golden = chord_type(card) in seen and (s != tracker.jim or mode == "rechord") or \
                s == tracker.jim and mode == "golden"
            total += GOLDEN[card] if golden else SILVER[card]
            seen.add(chord_type(card))
        assert state.chord_fame(s) == total


@settings(max_examples=15, **SETTINGS)
@given(games, st.integers(0, 120))
def test_clones_are_independent(game, cut):
    """A clone played to the end leaves the original unchanged; clone(keep_events=False) logs
    nothing; a clone given the same actions as the original stays identical to it."""
    players, seed, opts, style, choices = game
    state = new_game(players, seed, opts)
    rng = random.Random(seed)
    for i in range(cut):
        if state.is_over:
            break
        state.apply(choose(state, style, rng, choices[i] if i < len(choices) else None))
    before = snapshot(state)
    fast = state.clone(keep_events=False)
    assert fast.events is None
    steps = 0
    while not fast.is_over and steps < MAX_STEPS:
        fast.apply(rng.choice(fast.legal_actions()))
        steps += 1
    assert fast.events is None and snapshot(state) == before
    twin = state.clone()
    assert snapshot(twin) == before
    steps = 0
    while not state.is_over and steps < 300:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        steps += 1
    assert snapshot(twin) == snapshot(state) and twin.to_json() == state.to_json()


def test_a_declined_card_stays_declined_until_the_board_changes():
    """Seat 0 lets C-1 go; with the board unchanged its next A3 draws a satisfied Em-1: the
    window offers Em-1 only and a claim of C-1 is refused as declined (HR-11)."""
    state = pygame_rules.new_game(GAME_ID, 2, seed=3, options={"setlist": "campfire"}, setup={
        "hands": [[0, 5, 9], [1, 6, 10]], "deck": [11, 13, 24, 14, 15, 16], "start": 0,
        "board": [[7, W, 1], [8, R, 1], [13, W, 1], [4, B, 1]]})
    state.apply(("bag",))
    state.apply(("place", 27))                 # the board changes: C-1 (0) is on offer
    assert state.legal_actions() == [("claim", 0), ("decline",)]
    state.apply(("decline",))
    assert state.current_player == 1 and state.view(1)["phase"] == "turn"
    state.apply(("chords",))
    while state.view(1)["phase"] == "return":
        legal = state.legal_actions()
        state.apply(("done",) if ("done",) in legal else legal[0])
    state.apply(("chords",))                   # seat 0 draws 14 and Em-1 (24): satisfied
    assert state.current_player == 0 and state.view(0)["phase"] == "claim"
    assert state.legal_actions() == [("claim", 24), ("decline",)]
    assert state.view(0)["claimable"] == [0, 24]
    before = snapshot(state)
    with pytest.raises(pygame_rules.IllegalAction) as err:
        state.apply(("claim", 0))
    assert err.value.msg_id == "rc.refuse.declined" and snapshot(state) == before
    state.apply(("claim", 24))
    assert state.view(0)["phase"] == "return" and 0 in state.hands[0]


def test_churning_play_ends_by_the_forty_turns_per_guitarist_rule():
    """A bag pick that removes its neighbour every turn never fills a fret: HR-22 ends the game
    after 40 × guitarists turns, with no fret scored and genre fame 0."""
    game = (3, 12345, dict({o.name: o.default for o in GAME.options}, start_player="seat0"),
            "churn", [])
    state, _ = final_state(game)
    assert state.is_over and state.end_reason == "stall"
    assert state.turns == 40 * 3 and not any(state.scored)
    assert all(b["genre"] == 0 for b in state.final)


# --- end-of-game scenarios the random games rarely reach ------------------------------------------

def last_fret_position(players, difficulty, pads, completed, songs, genres, strength="classic"):
    """Frets 1-4 scored, fret 5 holds five face-up Wyldes: seat 0's Blue on e5 ends the game."""
    hands = [[40 + 3 * s, 41 + 3 * s, 42 + 3 * s] for s in range(2 if players == 1 else players)]
    used = {c for h in hands for c in h} | {c for cs in completed for c, _ in cs}
    pad = [[0] * 5 for _ in range(6)]
    for colour, total in pads.items():
        pad[colour][0] = total
    state = pygame_rules.new_game(GAME_ID, players, seed=1,
                                  options={"difficulty": difficulty, "jim_strength": strength},
                                  setup={"hands": hands, "deck": [c for c in range(60, 72)
                                                                  if c not in used],
                                         "board": [[sp, WYLDE, 1] for sp in range(24, 29)],
                                         "supply": [B], "scored": [1, 2, 3, 4], "pad": pad,
                                         "completed": completed, "songs": songs,
                                         "genres": genres, "start": 0})
    state.apply(("supply", B, 29))
    state.apply(("skip",))                     # Blue's ability
    assert state.is_over and state.end_reason == "frets"
    assert [row[4] for row in state.pad] == [0, 0, 1, 0, 0, 0]    # the lone Blue: T(1) = 1
    return state


@pytest.mark.parametrize("pads, completed, winners, chords, song", [
    # equal totals 10/10: the higher genre wins (HR-23)
    ({W: 10, R: 5}, [[], [[0, 1], [24, 2]]], [0], [0, 5], [0, 0]),
    # equal totals and genres: more completed cards wins
    ({W: 6, R: 6}, [[[4, 1]], [[28, 1], [24, 2]]], [1], [4, 4], [0, 0]),
    # all equal: a shared win
    ({W: 6, R: 6}, [[[28, 1], [24, 2]], [[32, 1], [56, 2]]], [0, 1], [4, 4], [0, 0]),
    # seat 0 completes its song D A C G (18); seat 1 re-chords C (silver 3 + golden 7)
    ({W: 0, R: 0}, [[[8, 1], [12, 2], [0, 3], [4, 4]], [[1, 1], [3, 2]]], [0], [13, 11],
     [18, 0]),
])
def test_final_totals_and_tie_breaks(pads, completed, winners, chords, song):
    """Totals = chords + song + genre; ties: genre, then completed cards, then shared."""
    state = last_fret_position(2, "session", pads, completed, [0, 1], [[W], [R]])
    for seat, b in enumerate(state.final):
        assert (b["chords"], b["song"]) == (chords[seat], song[seat])
        assert b["genre"] == sum(state.pad[(W, R)[seat]])
        assert b["total"] == b["chords"] + b["song"] + b["genre"]
    assert state.winners() == winners and state.scores() == [b["total"] for b in state.final]


@pytest.mark.parametrize("difficulty, human_genre, jim_fame, winners", [
    ("beginner", 8, 6, []),          # 10 v 10: a tie is a loss for the human
    ("beginner", 9, 6, [0]),         # 11 v 10: strictly more wins
    ("session", 9, 10, []),          # Jim Bot's re-chord counts golden above Beginner
    ("touring", 14, 10, [0]),        # two genres: Red 4 + Blue 1; 16 v 15
    ("touring", 13, 10, []),
])
def test_solo_human_must_strictly_outscore_jim_bot(difficulty, human_genre, jim_fame, winners):
    """Jim Bot's C-1 then C-2: 3 + 3 on Beginner (silver only), 3 + 7 above; his genres are
    revealed only in the final breakdown."""
    jim_genres = [R, B][:jim_table({"jim_strength": "classic", "difficulty": difficulty})[0]]
    state = last_fret_position(1, difficulty, {W: human_genre, R: 4},
                               [[[24, 1]], [[0, 1], [1, 2]]], [0, None], [[W], jim_genres])
    human, jim = state.final
    assert jim["chords"] == jim_fame == state.chord_fame(1) and human["chords"] == 2
    assert human["total"] == 2 + human_genre and jim["genres"] == jim_genres
    assert jim["genre"] == sum(sum(state.pad[c]) for c in jim_genres) == 4 + (B in jim_genres)
    assert state.winners() == winners


def idle_policy(state):
    """Never place a pick: draw chord cards, keep what is allowed, let claims go."""
    legal = state.legal_actions()
    for kind in ("decline", "chords", "done", "skip"):
        if (kind,) in legal:
            return (kind,)
    return legal[0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_idle_turns_end_the_game_after_four_rounds_only_with_the_anti_stall_rule(players):
    """HR-22: 4 × guitarists turns in a row with no pick placed end the game (unscored frets
    0); with anti_stall off the same play goes on."""
    state = pygame_rules.new_game(GAME_ID, players, seed=players)
    while not state.is_over:
        state.apply(idle_policy(state))
    assert state.end_reason == "stall" and state.turns == state.idle == 4 * players
    assert not any(state.scored) and all(b["genre"] == 0 for b in state.final)
    off = pygame_rules.new_game(GAME_ID, players, seed=players, options={"anti_stall": False})
    while off.turns < 10 * players:
        off.apply(idle_policy(off))
    assert not off.is_over and off.idle == off.turns
