"""Scenario tests for every rule and house rule of Taktvoll, from chosen positions.

Rules: docs/rules/taktvoll.md (3.1 the seed restated, 3.2 the normative spec, HR-K1..K12).
Positions are built with `taktvoll_helpers.position` (codes such as "Q:C5", "~H:E4",
"rest:Q", "3/4", "bar"; a row string starts with its time signature, its clef is implied;
the deck lists the TOP LAST). Seats sit clockwise and play passes to seat + 1. Unless a test
says otherwise there are 3 players, seat 0 starts and the variant is the basic game.
"""

from collections import Counter

import pytest

import pygame_rules
from pygame_rules import IllegalAction
from pygame_rules.bits import cards_of
from pygame_rules.games.taktvoll.cards import (BARS, CLEFS, DECK, NOTES, PITCHES, RESTS,
                                               SEMITONES, TIMES, capacity, kind_of, pos_of,
                                               value_of)
from pygame_rules.games.taktvoll.state import MAX_ROWS
from taktvoll_helpers import (action, card, code, events_of, hand, last_event, legal, play,
                              position, public_snapshot, row)

THIRDS = {"variant": "thirds"}
INTERVALS = {"variant": "intervals"}
BOTH = {"variant": "both"}


def refused(state, spec, msg_id, *words):
    """`spec` raises IllegalAction(msg_id) with a readable message and changes nothing."""
    before = public_snapshot(state)
    history = list(state.history)
    with pytest.raises(IllegalAction) as err:
        play(state, spec)
    assert err.value.msg_id == msg_id
    message = err.value.message
    assert message and "{" not in message
    for word in words:
        assert word in message, message
    assert public_snapshot(state) == before and state.history == history
    return err.value


def fields(event, *names):
    """Some fields of an event, as a tuple."""
    return tuple(event[n] for n in names)


def pos(pitch):
    """The staff position of a pitch name (D4 = -1 ... G5 = 9)."""
    return PITCHES.index(pitch) - 1


def turns_offered(state, code_, r=0):
    """The orientations the legal actions offer for a note on row r."""
    c = card(code_)
    return {a[3] for a in state.legal_actions() if a[:3] == ("note", c, r)}


def bar_state(state, r):
    """(fill, count) of a row's open bar."""
    return state.rows[r][1], state.rows[r][2]


# =============================================================================================
# The deck: 91 cards, and the options that take cards out
# =============================================================================================

def test_deck_has_91_cards_4_clefs_4_time_signatures_55_notes_24_bar_lines_4_rests():
    kinds = Counter(kind_of(c) for c in range(DECK))
    assert DECK == 91
    assert kinds == {"clef": 4, "time": 4, "note": 55, "bar": 24, "rest": 4}
    assert [capacity(t) for t in TIMES] == [4, 8, 12, 16]              # 1/4 .. 4/4
    assert [code(t) for t in TIMES] == ["1/4", "2/4", "3/4", "4/4"]
    assert sorted(value_of(r) for r in RESTS) == [1, 2, 4, 8]          # no whole rest


def test_notes_are_5_values_times_11_pitches_one_card_each_hr_k1():
    pairs = {(value_of(c), pos_of(c)) for c in NOTES}
    assert len(pairs) == 55
    assert {v for v, _ in pairs} == {16, 8, 4, 2, 1}
    assert {p for _, p in pairs} == set(range(-1, 10))                 # D4 .. G5
    assert PITCHES == ("D4", "E4", "F4", "G4", "A4", "B4", "C5", "D5", "E5", "F5", "G5")
    assert (pos("E4"), pos("B4"), pos("F5")) == (0, 4, 8)              # bottom, middle, top line
    assert [code(c) for c in NOTES[:3]] == ["W:D4", "W:E4", "W:F4"]
    assert all(card(code(c)) == c for c in range(DECK) if kind_of(c) in ("note", "rest", "time"))


def test_a_real_game_holds_every_card_exactly_once():
    state = pygame_rules.new_game("taktvoll", 4, seed=3)
    places = state.card_places()
    held = [c for h in places["hands"] for c in cards_of(h)]
    assert sorted(held + places["deck"] + places["rows"] + places["out"]) == list(range(DECK))
    assert places["out"] == [] and places["rows"] == []


@pytest.mark.parametrize("options, out", [
    ({"rests": False}, list(RESTS)),                          # the simpler game
    ({"one_four": False}, [card("1/4")]),                     # for theoretical accuracy
    ({"rests": False, "one_four": False}, list(RESTS) + [card("1/4")]),
])
def test_options_take_the_rests_or_the_1_4_card_out_of_play(options, out):
    for seed in range(4):
        state = pygame_rules.new_game("taktvoll", 3, seed=seed, options=options)
        places = state.card_places()
        in_play = [c for h in places["hands"] for c in cards_of(h)] + places["deck"]
        assert sorted(places["out"]) == sorted(out)
        assert not set(out) & set(in_play)
        assert len(in_play) == DECK - len(out)
        assert sorted(last_event(state, "game_start")["out_of_play"]) == sorted(out)


# =============================================================================================
# Set-up: bar lines shared out, leftovers into the deck (5 and 7 players), 5 cards dealt
# =============================================================================================

@pytest.mark.parametrize("players, each, leftover", [
    (3, 8, 0), (4, 6, 0), (5, 4, 4), (6, 4, 0), (7, 3, 3), (8, 3, 0)])
def test_bar_lines_are_shared_out_evenly_and_five_more_cards_dealt(players, each, leftover):
    assert (24 // players, 24 % players) == (each, leftover)
    for seed in range(3):
        state = pygame_rules.new_game("taktvoll", players, seed=seed)
        bars_in = [sum(1 for c in cards_of(h) if c in BARS) for h in state.hands]
        assert [h.bit_count() for h in state.hands] == [5 + each] * players
        assert all(k >= each for k in bars_in)
        deck_bars = sum(1 for c in state.deck if c in BARS)
        assert sum(bars_in) + deck_bars == 24
        assert sum(bars_in) - players * each + deck_bars == leftover   # dealt or in the deck
        assert len(state.deck) == DECK - 24 + leftover - 5 * players
        deal = last_event(state, "deal")
        assert [len(h) for h in deal["hands"]] == [5 + each] * players
        assert deal["deck"] == len(state.deck)


@pytest.mark.parametrize("players", [5, 7])
def test_leftover_bar_lines_are_shuffled_into_the_deck_before_the_deal(players):
    each, dealt_extra, deep = 24 // players, False, False
    for seed in range(40):
        state = pygame_rules.new_game("taktvoll", players, seed=seed)
        dealt_extra |= any(sum(1 for c in cards_of(h) if c in BARS) > each for h in state.hands)
        deep |= any(c in BARS for c in state.deck[len(state.deck) // 2:])
    assert dealt_extra            # a leftover bar line can be among the 5 cards dealt
    assert deep                   # ... or anywhere in the deck, not just at the bottom


# =============================================================================================
# The opening: draw until someone lays a clef
# =============================================================================================

def test_opening_players_draw_until_someone_lays_a_clef():
    state = position(["Q:C5 bar", "H:G4 bar", "3/4 bar"], deck=["clef", "E:A4", "S:D5"])
    assert legal(state) == [("draw",)]                     # no row yet: nothing to play on
    play(state, "draw")
    assert state.drawn == card("S:D5") and legal(state) == [("keep",)]
    play(state, "keep", "draw", "keep")
    assert state.current_player == 2 and legal(state) == [("draw",)]   # 3/4 needs a row
    play(state, "draw")
    assert legal(state) == [("clef",), ("keep",)]
    play(state, "clef")
    assert len(state.rows) == 1 and row(state, 0) == ["clef"]
    assert state.current_player == 0
    assert hand(state, 0) == ["Q:C5", "S:D5", "bar"]


def test_a_player_holding_a_clef_may_still_draw_instead():
    state = position(["clef Q:C5", "H:G4", "E:A4"], deck=["S:D5"])
    assert legal(state) == [("clef",), ("draw",)]
    play(state, "draw", "keep")
    assert state.rows == [] and state.current_player == 1


# =============================================================================================
# Rows: a clef starts one (4 at most); a time signature is the 2nd card, once
# =============================================================================================

def test_a_clef_creates_a_new_row_up_to_four_rows():
    state = position(["clef Q:C5", "clef H:G4", "E:A4"], rows=["3/4", "2/4"])
    play(state, "clef")
    assert len(state.rows) == 3 and row(state, 2) == ["clef"] and state.rows[2][0] is None
    assert fields(last_event(state, "play"), "seat", "row", "kind") == (0, 2, "clef")
    play(state, "clef")
    assert len(state.rows) == MAX_ROWS == 4 == len(CLEFS)       # every clef is on the table
    assert [state.rows[r][4][0][0] for r in range(4)] == sorted(CLEFS)
    assert [v["timesig"] for v in state.view(None)["rows"]] == ["3/4", "2/4", None, None]


def test_a_time_signature_only_as_the_second_card_of_a_row_and_only_once():
    state = position(["2/4 4/4 Q:D5", "H:G4", "E:A4"], rows=["3/4 Q:C5", ""],
                     deck=["S:D4", "S:E4", "S:F4"])
    assert [a for a in legal(state) if a[0] == "time"] == [("time", "2/4", 1),
                                                           ("time", "4/4", 1)]
    refused(state, ("2/4", 0), "tak.refuse.has_time", "one time signature")
    refused(state, ("2/4", 2), "tak.refuse.no_row")
    play(state, ("2/4", 1))
    assert row(state, 1) == ["clef", "2/4"] and state.rows[1][0] == card("2/4")
    assert fields(last_event(state, "play"), "kind", "time", "row") == ("time", "2/4", 1)
    play(state, "draw", "keep", "draw", "keep")
    assert not [a for a in legal(state) if a[0] == "time"]                  # HR-K12
    refused(state, ("4/4", 1), "tak.refuse.has_time")


def test_notes_and_rests_need_a_time_signature_on_the_row():
    state = position(["Q:C5 rest:Q", "H:G4", "E:A4"], rows=[""], deck=["S:D4"])
    assert legal(state) == [("draw",)]
    refused(state, ("Q:C5", 0), "tak.refuse.no_time", "no time signature")
    refused(state, ("rest:Q", 0), "tak.refuse.no_time")


# =============================================================================================
# Bars: the capacity of a time signature is never exceeded
# =============================================================================================

@pytest.mark.parametrize("time, before, fits, too_long", [
    ("1/4", "E:D4", "E:E4", "Q:E4"),                     # 4 sixteenths
    ("1/4", "S:D4 S:E4 S:F4", "S:G4", "E:G4"),
    ("2/4", "Q:D4 E:E4", "E:F4", "Q:F4"),                # 8
    ("3/4", "H:D4 E:E4", "E:F4", "Q:F4"),                # 12
    ("3/4", "Q:D4 Q:E4", "rest:Q", "H:F4"),
    ("4/4", "H:D4 Q:E4 S:F4", "E:G4", "Q:G4"),           # 16
    ("4/4", "Q:D4 rest:Q", "rest:H", "W:G4"),
])
def test_a_bar_never_holds_more_than_its_time_signature(time, before, fits, too_long):
    state = position([fits + " " + too_long + " bar", "H:G5", "E:A4"],
                     rows=[time + " " + before], deck=["S:D5"])
    assert action((fits, 0))[:3] in [a[:3] for a in state.legal_actions()]
    assert not [a for a in state.legal_actions() if a[1:2] == (card(too_long),)]
    refused(state, (too_long, 0), "tak.refuse.too_long", "does not fit", "overfill")
    play(state, (fits, 0))
    assert bar_state(state, 0)[0] <= capacity(card(time))


@pytest.mark.parametrize("time", ["1/4", "2/4", "3/4", "4/4"])
def test_the_whole_note_only_alone_in_4_4(time):
    state = position(["W:C5 bar", "H:G4", "E:A4"], rows=[time], deck=["S:D5"])
    assert bool(turns_offered(state, "W:C5")) == (time == "4/4")
    state = position(["W:C5 bar", "H:G4", "E:A4"], rows=[time + " S:D4"], deck=["S:D5"])
    assert not turns_offered(state, "W:C5")                    # never with another card
    refused(state, ("W:C5", 0), "tak.refuse.too_long")


def test_a_whole_note_fills_a_4_4_bar_after_a_bar_line():
    state = position(["W:C5 bar S:G4", "H:G4", "E:A4"], rows=["4/4 W:D4 bar"])
    play(state, ("W:C5", 0), ("bar", 0))
    assert state.scores() == [1, 0, 0]


@pytest.mark.parametrize("time, allowed", [("1/4", False), ("2/4", True), ("3/4", True),
                                           ("4/4", True)])
def test_the_half_note_not_in_1_4(time, allowed):
    state = position(["H:C5 rest:H bar", "H:G4", "E:A4"], rows=[time], deck=["S:D5"])
    assert bool(turns_offered(state, "H:C5")) == allowed
    assert (("rest", "rest:H", 0) in legal(state)) == allowed     # the half rest likewise


# =============================================================================================
# Bar lines: only on a full bar; the bonus bar line after the completing card
# =============================================================================================

def test_a_bar_line_only_on_a_full_bar_never_an_incomplete_or_empty_one():
    state = position(["bar S:G4", "H:G4", "E:A4"],
                     rows=["3/4 Q:C5 Q:D5", "4/4", "2/4 H:E4 bar", "1/4 Q:F5"],
                     deck=["S:D5"])
    assert [a for a in legal(state) if a[0] == "bar"] == [("bar", 3)]
    refused(state, ("bar", 0), "tak.refuse.bar", "complete bar")       # 8 of 12
    refused(state, ("bar", 1), "tak.refuse.bar")                       # empty: nothing yet
    refused(state, ("bar", 2), "tak.refuse.bar")                       # empty after a bar line


def test_a_bar_line_as_the_turns_single_play_scores_its_bar():
    state = position(["bar S:G4", "H:G4", "E:A4"], rows=["2/4 Q:C5 E:D5 rest:E"])
    play(state, ("bar", 0))
    assert state.scores() == [3, 0, 0] and state.current_player == 1
    assert bar_state(state, 0) == (0, 0) and row(state, 0)[-1] == "bar"
    assert fields(last_event(state, "bar_scored"), "seat", "row", "points") == (0, 0, 3)


def test_a_bar_line_needs_one_in_hand():
    state = position(["S:G4", "H:G4 bar", "E:A4"], rows=["2/4 H:C5"], deck=["S:D5"])
    assert not [a for a in legal(state) if a[0] == "bar"]
    refused(state, ("bar", 0), "tak.refuse.bar", "need one in hand")


@pytest.mark.parametrize("completing", ["Q:F4", "rest:Q"])
def test_completing_a_bar_offers_a_bonus_bar_line_on_that_row_only(completing):
    state = position([completing + " bar bar S:G4", "H:G4", "E:A4"],
                     rows=["3/4 H:E4", "2/4 H:C5"], deck=["S:D5"])
    play(state, (completing, 0))
    assert state.phase == "bonus" and state.current_player == 0 and state.bonus_row == 0
    assert legal(state) == [("bar", 0), ("done",)]      # row 1 is full too, but not now
    refused(state, ("bar", 1), "tak.refuse.bar")
    refused(state, ("S:G4", 0), "tak.refuse.bonus", "bar line")
    refused(state, "draw", "tak.refuse.bonus")
    play(state, ("bar", 0))
    assert state.scores() == [2, 0, 0] and state.current_player == 1
    assert hand(state, 0) == ["S:G4", "bar"] and bar_state(state, 0) == (0, 0)


def test_the_bonus_bar_line_may_be_declined_and_taken_by_someone_else():
    state = position(["Q:F4 bar S:G4", "H:G4 bar", "E:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("Q:F4", 0), "done")
    assert state.current_player == 1 and state.phase == "turn"
    assert bar_state(state, 0) == (12, 2) and state.scores() == [0, 0, 0]
    assert ("bar", 0) in legal(state)
    play(state, ("bar", 0))
    assert state.scores() == [0, 2, 0]


def test_no_bonus_without_a_bar_line_in_hand():
    state = position(["Q:F4 S:G4", "H:G4 bar", "E:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("Q:F4", 0))
    assert state.phase == "turn" and state.current_player == 1


def test_no_bonus_after_a_card_that_does_not_complete_the_bar():
    state = position(["E:F4 bar", "H:G4", "E:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("E:F4", 0))
    assert state.phase == "turn" and state.current_player == 1


def test_bonus_bar_line_after_a_drawn_and_played_card_hr_k4():
    state = position(["bar S:G4", "H:G4", "E:A4"], rows=["3/4 H:E4", "2/4 H:C5"],
                     deck=["rest:E", "Q:F4"])
    play(state, "draw")
    assert legal(state) == [("note", "Q:F4", 0, 0), ("note", "Q:F4", 0, 1), ("keep",)]
    play(state, ("Q:F4", 0))
    assert state.phase == "bonus" and legal(state) == [("bar", 0), ("done",)]
    play(state, ("bar", 0))
    assert state.scores() == [2, 0, 0] and state.current_player == 1


# =============================================================================================
# A turn: play a card, or draw (then play the drawn card if legal, or keep it); pass
# =============================================================================================

def test_a_turn_is_one_card_then_the_next_player_on_the_left():
    state = position(["E:C5 E:D5", "H:G4", "E:A4"], rows=["3/4"], deck=["S:D5"])
    assert ("draw",) in legal(state) and ("pass",) not in legal(state)
    play(state, ("E:C5", 0))
    assert state.current_player == 1 and bar_state(state, 0) == (2, 1)
    assert fields(last_event(state, "play"), "seat", "card", "row", "kind", "value", "pos",
                  "inverted") == (0, card("E:C5"), 0, "note", 2, pos("C5"), False)


def test_a_drawn_card_may_be_played_at_once_if_legal():
    state = position(["Q:C5", "H:G4", "E:A4"], rows=["3/4"], deck=["S:D5", "E:F5"])
    play(state, "draw")
    assert state.phase == "drawn" and state.current_player == 0
    assert legal(state) == [("note", "E:F5", 0, 0), ("keep",)]      # only the drawn card
    refused(state, ("Q:C5", 0), "tak.refuse.drawn", "eighth note F5")
    refused(state, ("~E:F5", 0), "tak.refuse.not_invertible")      # its own reason
    play(state, ("E:F5", 0))
    assert row(state, 0) == ["clef", "3/4", "E:F5"] and state.current_player == 1
    assert hand(state, 0) == ["Q:C5"]


def test_a_drawn_card_may_be_kept():
    state = position(["Q:C5", "H:G4", "E:A4"], rows=["3/4"], deck=["S:D5", "E:F5"])
    play(state, "draw", "keep")
    assert hand(state, 0) == ["Q:C5", "E:F5"] and state.current_player == 1
    assert last_event(state, "keep")["seat"] == 0
    assert state.deck == [card("S:D5")]


def test_a_drawn_card_that_cannot_be_played_can_only_be_kept():
    state = position(["Q:C5", "H:G4", "E:A4"], rows=["3/4"], deck=["S:D5", "W:F5"])
    play(state, "draw")
    assert legal(state) == [("keep",)]
    refused(state, ("W:F5", 0), "tak.refuse.too_long", "whole note F5", "overfill")
    refused(state, "pass", "tak.refuse.drawn")


def test_a_drawn_bar_line_may_close_a_full_bar_at_once():
    state = position(["Q:C5", "H:G4", "E:A4"], rows=["2/4 H:C5"], deck=["S:D5", "bar"])
    play(state, "draw")
    assert legal(state) == [("bar", 0), ("keep",)]
    play(state, ("bar", 0))
    assert state.scores() == [1, 0, 0] and hand(state, 0) == ["Q:C5"]


def test_pass_only_when_the_deck_is_empty():
    state = position(["W:C5", "H:G4", "E:A4"], rows=["3/4"], deck=["S:D5"])
    assert legal(state) == [("draw",)]
    refused(state, "pass", "tak.refuse.pass", "deck is empty")
    state = position(["W:C5", "H:G4", "E:A4"], rows=["3/4"])
    assert legal(state) == [("pass",)]
    refused(state, "draw", "tak.refuse.draw", "deck is empty")
    play(state, "pass")
    assert state.current_player == 1 and last_event(state, "pass")["seat"] == 0


def test_a_player_may_pass_even_with_a_legal_card_when_the_deck_is_empty():
    state = position(["Q:C5", "H:G4", "E:A4"], rows=["3/4"])
    assert legal(state) == [("note", "Q:C5", 0, 0), ("note", "Q:C5", 0, 1), ("pass",)]
    play(state, "pass")
    assert state.current_player == 1


# =============================================================================================
# Scoring: 1 per note and rest in the bar its bar line closes
# =============================================================================================

def test_a_bar_line_scores_one_point_per_note_and_rest_in_its_bar():
    state = position(["Q:G4 bar S:G4", "H:G5", "E:A4"], rows=["4/4 Q:D4 E:E4 E:F4 rest:Q"],
                     scores=[2, 1, 0], deck=["S:D5"])
    play(state, ("Q:G4", 0), ("bar", 0))
    assert state.scores() == [7, 1, 0]
    assert fields(last_event(state, "bar_scored"), "seat", "row", "points") == (0, 0, 5)


def test_clefs_time_signatures_and_bar_lines_score_nothing():
    state = position(["clef Q:E4 bar", "3/4 H:G5", "Q:F4 bar S:G4"], rows=["2/4 H:D4 bar Q:D5"],
                     deck=["S:D5"])
    play(state, "clef", ("3/4", 1))
    assert state.scores() == [0, 0, 0]
    play(state, ("Q:F4", 0), ("bar", 0))          # the earlier bar line and H:D4 not counted
    assert state.scores() == [0, 0, 2]


def test_an_open_bar_scores_nothing_at_the_end_hr_k12():
    state = position(["Q:E4", "H:G5 bar", "E:A4"], rows=["4/4 Q:D4 Q:F4"], scores=[1, 1, 1])
    play(state, ("Q:E4", 0))
    assert state.is_over and state.scores() == [1, -1, 0]
    assert not events_of(state, "bar_scored")


# =============================================================================================
# Variant I, "thirds"
# =============================================================================================

@pytest.mark.parametrize("nxt, ok", [
    ("C5", True), ("B4", True), ("D5", True),       # prime, second
    ("A4", True), ("E5", True),                     # third: same kind (space-space)
    ("G4", False), ("F5", False), ("D4", False), ("G5", False)])
def test_thirds_a_note_within_two_staff_steps_of_the_previous(nxt, ok):
    state = position(["E:%s bar" % nxt, "H:G4", "S:A4"], rows=["4/4 Q:C5"], options=THIRDS,
                     deck=["S:D5"])
    if ok:
        assert ("note", "E:" + nxt, 0, 0) in legal(state)
        play(state, ("E:" + nxt, 0))
    else:
        assert not turns_offered(state, "E:" + nxt)
        refused(state, ("E:" + nxt, 0), "tak.refuse.third", "more than a third")


def test_thirds_apply_across_bar_lines():
    state = position(["E:G4 E:A4 bar", "H:G4", "S:A4"], rows=["2/4 H:C5 bar"], options=THIRDS,
                     deck=["S:D5"])
    refused(state, ("E:G4", 0), "tak.refuse.third")
    play(state, ("E:A4", 0))


def test_thirds_any_pitch_after_a_rest():
    state = position(["E:D4 bar", "H:G4", "E:A4"], rows=["4/4 Q:G5 rest:Q"], options=THIRDS)
    assert ("note", "E:D4", 0, 0) in legal(state)
    play(state, ("E:D4", 0))
    assert state.rows[0][3] == pos("D4")


def test_thirds_the_first_note_of_a_row_is_free_each_row_its_own_line():
    state = position(["E:D4 bar", "H:G4", "S:A4"], rows=["4/4", "3/4 Q:G5"], options=THIRDS)
    assert ("note", "E:D4", 0, 0) in legal(state)
    assert ("note", "E:D4", 1, 0) not in legal(state)


def test_thirds_do_not_apply_to_rests_or_the_basic_game():
    state = position(["rest:E E:D4", "H:G4", "E:A4"], rows=["4/4 Q:G5"], options=THIRDS)
    assert ("rest", "rest:E", 0) in legal(state)
    state = position(["E:D4", "H:G4", "E:A4"], rows=["4/4 Q:G5"])
    assert ("note", "E:D4", 0, 0) in legal(state)


# =============================================================================================
# Variant II, "intervals"
# =============================================================================================

@pytest.mark.parametrize("prev, nxt, semitones, name", [
    ("D4", "D4", 0, "prime"), ("E4", "E4", 0, "prime"),
    ("D4", "G4", 5, "fourth"), ("E4", "A4", 5, "fourth"), ("C5", "F5", 5, "fourth"),
    ("G5", "D5", 5, "fourth"),                                           # downwards too
    ("D4", "A4", 7, "fifth"), ("E4", "B4", 7, "fifth"), ("G5", "C5", 7, "fifth"),
    ("D4", "D5", 12, "octave"), ("E4", "E5", 12, "octave"), ("F5", "F4", 12, "octave"),
    ("F4", "B4", 6, None), ("B4", "F4", 6, None),                         # the "X" intervals
    ("B4", "F5", 6, None), ("F5", "B4", 6, None),
    ("E4", "F4", 1, None), ("D4", "E4", 2, None),                         # seconds
    ("E4", "G4", 3, None), ("C5", "E5", 4, None),                         # thirds
    ("E4", "C5", 8, None), ("D4", "B4", 9, None),                         # sixths
    ("E4", "D5", 10, None), ("F4", "E5", 11, None),                       # sevenths
    ("D4", "E5", 14, None), ("D4", "G5", 17, None),                       # ninth, eleventh
])
def test_intervals_score_plus_one_for_prime_fourth_fifth_octave(prev, nxt, semitones, name):
    state = position(["E:%s bar" % nxt, "H:G4", "S:A4"],
                     rows=["4/4 Q:" + prev], options=INTERVALS, deck=["S:D5"])
    assert abs(SEMITONES[pos(nxt) + 1] - SEMITONES[pos(prev) + 1]) == semitones
    play(state, ("E:" + nxt, 0))
    assert state.scores() == [1 if name else 0, 0, 0]
    if name:
        assert fields(last_event(state, "interval"), "seat", "row", "semitones", "interval",
                      "points") == (0, 0, semitones, name, 1)
    else:
        assert not events_of(state, "interval")


def test_intervals_the_x_fourths_and_fifths_are_exactly_f4_b4_and_b4_f5():
    """Of all notes 3 or 4 staff steps apart, only F4-B4 and B4-F5 (6 semitones) miss out."""
    missed = set()
    for a in PITCHES:
        for b in PITCHES:
            if abs(pos(a) - pos(b)) not in (3, 4):
                continue
            state = position(["E:" + b, "H:G4", "S:A4"], rows=["4/4 Q:" + a],
                             options=INTERVALS, deck=["S:D5"])
            play(state, ("E:" + b, 0))
            if state.scores()[0] == 0:
                missed.add(frozenset((a, b)))
    assert missed == {frozenset(("F4", "B4")), frozenset(("B4", "F5"))}


def test_intervals_are_measured_across_bar_lines_hr_k5():
    state = position(["E:A4 bar", "H:G4", "S:A4"], rows=["1/4 Q:D4 bar"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("E:A4", 0))
    assert state.scores() == [1, 0, 0] and last_event(state, "interval")["interval"] == "fifth"


def test_intervals_a_rest_cuts_the_link():
    state = position(["E:A4 rest:E", "H:G4", "S:A4"], rows=["4/4 Q:D4 rest:Q"],
                     options=INTERVALS, deck=["S:D5"])
    play(state, ("E:A4", 0))
    assert state.scores() == [0, 0, 0] and not events_of(state, "interval")
    state = position(["rest:E bar", "H:G4", "S:A4"], rows=["4/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("rest:E", 0))                            # a rest itself earns nothing
    assert state.scores() == [0, 0, 0] and state.rows[0][3] is None


def test_intervals_the_first_note_of_a_row_has_no_predecessor():
    state = position(["E:A4 bar", "H:G4", "S:A4"], rows=["4/4", "3/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("E:A4", 0))
    assert state.scores() == [0, 0, 0]
    state = position(["E:A4 bar", "H:G4", "S:A4"], rows=["4/4", "3/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("E:A4", 1))
    assert state.scores() == [1, 0, 0]


def test_intervals_the_eleventh_d4_g5_counts_only_with_compound_intervals_hr_k6():
    for opts, points in (({}, 0), ({"compound_intervals": True}, 1)):
        state = position(["E:G5 bar", "H:G4", "S:A4"], rows=["4/4 Q:D4"],
                         options=dict(INTERVALS, **opts), deck=["S:D5"])
        play(state, ("E:G5", 0))
        assert state.scores() == [points, 0, 0]
        if points:
            assert fields(last_event(state, "interval"), "semitones", "interval") == \
                (17, "eleventh")


@pytest.mark.parametrize("variant", ["basic", "thirds"])
def test_no_interval_bonus_outside_variant_ii(variant):
    state = position(["E:D4 bar", "H:G4", "S:A4"], rows=["4/4 Q:D4"], options={"variant": variant},
                     deck=["S:D5"])
    play(state, ("E:D4", 0))
    assert state.scores() == [0, 0, 0] and not events_of(state, "interval")


def test_interval_bonus_and_bonus_bar_line_in_one_turn():
    state = position(["Q:A4 bar S:G4", "H:G4", "S:A4"], rows=["2/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("Q:A4", 0), ("bar", 0))
    assert state.scores() == [3, 0, 0]                     # +1 fifth, +2 for the bar


def test_both_variants_together_hr_k11():
    state = position(["E:A4 E:E4 E:F4", "H:G4", "S:A4"], rows=["4/4 Q:E4"], options=BOTH,
                     deck=["S:D5"])
    refused(state, ("E:A4", 0), "tak.refuse.third")        # a fourth is beyond a third
    play(state, ("E:E4", 0))
    assert state.scores() == [1, 0, 0]                     # only a prime can score
    assert last_event(state, "interval")["interval"] == "prime"


# =============================================================================================
# Upside-down notes
# =============================================================================================

@pytest.mark.parametrize("printed, sounds", [
    ("E4", "F5"), ("F5", "E4"), ("G4", "D5"), ("D5", "G4"), ("A4", "C5"), ("C5", "A4"),
    ("D4", "G5"), ("G5", "D4"), ("F4", "E5"), ("B4", "B4")])
def test_an_upside_down_note_mirrors_about_the_middle_line(printed, sounds):
    state = position(["W:%s bar" % printed, "H:G4", "S:A4"], rows=["4/4"], deck=["S:D5"])
    play(state, ("~W:" + printed, 0))
    assert pos(sounds) == 8 - pos(printed)
    assert fields(last_event(state, "play"), "pos", "inverted") == (pos(sounds), True)
    assert state.view(None)["rows"][0]["cards"][-1]["pos"] == pos(sounds)
    assert row(state, 0)[-1] == "~W:" + printed and state.rows[0][3] == pos(sounds)


@pytest.mark.parametrize("note, options, turnable", [
    ("W:C5", {}, True), ("W:B4", {}, True),               # a whole note has no stem
    ("H:C5", {}, True), ("H:B4", {}, False),              # HR-K3: no stemmed B4
    ("Q:C5", {}, True), ("Q:B4", {}, False),              # HR-K2 / HR-K3
    ("Q:C5", {"quarter_invertible": False}, False),
    ("E:C5", {}, False), ("S:C5", {}, False),             # tails must point right
    ("E:C5", {"quarter_invertible": True}, False),
])
def test_which_notes_may_be_played_upside_down(note, options, turnable):
    state = position([note + " bar", "H:G4", "S:A4"], rows=["4/4"], options=options,
                     deck=["S:D5"])
    assert turns_offered(state, note) == ({0, 1} if turnable else {0})
    if not turnable:
        refused(state, ("~" + note, 0), "tak.refuse.not_invertible", "upside down")
    else:
        play(state, ("~" + note, 0))
        assert last_event(state, "play")["inverted"] is True


def test_orientation_matters_in_variant_i():
    state = position(["H:E4 bar", "H:G4", "S:A4"], rows=["4/4 Q:F5"], options=THIRDS,
                     deck=["S:D5"])
    assert turns_offered(state, "H:E4") == {1}
    refused(state, ("H:E4", 0), "tak.refuse.third")          # E4 is far below F5
    play(state, ("~H:E4", 0))                                # upside down it sounds F5
    assert state.rows[0][3] == pos("F5")


@pytest.mark.parametrize("turned, points", [(0, 0), (1, 1)])
def test_orientation_matters_in_variant_ii(turned, points):
    state = position(["H:C5 bar", "H:G4", "S:A4"], rows=["4/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("note", "H:C5", 0, turned))                 # C5 (a 7th) or A4 (a fifth)
    assert state.scores() == [points, 0, 0]


def test_orientation_changes_nothing_in_the_basic_game():
    results = []
    for turned in (0, 1):
        state = position(["Q:F4 bar S:G4", "H:G4", "S:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
        play(state, ("note", "Q:F4", 0, turned), ("bar", 0))
        results.append((state.scores(), bar_state(state, 0)))
    assert results[0] == results[1] == ([2, 0, 0], (0, 0))


# =============================================================================================
# The end of the game
# =============================================================================================

def test_the_game_ends_when_a_hand_empties():
    state = position(["Q:C5", "H:G4 bar", "S:A4"], rows=["4/4"], deck=["S:D5"])
    play(state, ("Q:C5", 0))
    assert state.is_over and state.end_reason == "empty_hand"
    assert state.legal_actions() == [] and last_event(state, "game_end")["reason"] == "empty_hand"
    with pytest.raises(IllegalAction) as err:
        play(state, "draw")
    assert err.value.msg_id == "error.game_over"


def test_the_game_ends_after_the_bonus_bar_line_empties_the_hand():
    state = position(["Q:F4 bar", "H:G4 bar", "S:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("Q:F4", 0))
    assert not state.is_over and state.phase == "bonus"
    play(state, ("bar", 0))
    assert state.is_over and state.end_reason == "empty_hand"
    assert state.scores() == [2, -2, -1]


def test_declining_the_bonus_while_holding_bar_lines_does_not_end_the_game():
    state = position(["Q:F4 bar", "H:G4 bar", "S:A4"], rows=["3/4 H:E4"], deck=["S:D5"])
    play(state, ("Q:F4", 0), "done")
    assert not state.is_over and hand(state, 0) == ["bar"] and state.current_player == 1


def test_the_game_ends_when_the_deck_is_empty_and_everyone_passes_hr_k7():
    state = position(["W:C5", "W:D5", "W:E5"], rows=["3/4"])
    for seat in range(3):
        assert not state.is_over and legal(state) == [("pass",)]
        assert state.view(None)["passes"] == seat
        play(state, "pass")
    assert state.is_over and state.end_reason == "stuck"
    assert [e["seat"] for e in events_of(state, "pass")] == [0, 1, 2]
    assert state.scores() == [-1, -1, -1] and state.winners() == [0, 1, 2]


def test_a_play_resets_the_pass_count_hr_k7():
    state = position(["W:C5", "Q:D5 E:D4", "W:E5"], rows=["3/4"])
    play(state, "pass", ("Q:D5", 0), "pass", "pass")
    assert not state.is_over and state.passes == 2 and state.current_player == 1
    play(state, "pass")                                   # seat 1 will not play E:D4
    assert state.is_over and state.end_reason == "stuck"


def test_a_draw_resets_the_pass_count():
    state = position(["W:C5", "W:D5", "W:E5"], rows=["3/4"], deck=["S:D5"])
    play(state, "draw", "keep")
    play(state, "pass", "pass")
    assert not state.is_over and state.passes == 2
    play(state, "pass")
    assert state.is_over


def test_final_scores_lose_one_per_card_left_bar_lines_included():
    state = position(["Q:C5", "bar bar S:D4", "bar"], rows=["4/4"], scores=[5, 3, 4])
    play(state, ("Q:C5", 0))
    end = last_event(state, "game_end")
    assert end["scores"] == [5, 3, 4] and end["penalties"] == [0, 3, 1]
    assert end["final"] == state.scores() == [5, 0, 3]
    assert end["winners"] == state.winners() == [0]


def test_tied_final_scores_share_the_win_hr_k10():
    state = position(["Q:C5", "bar bar S:D4", "bar"], rows=["4/4"], scores=[2, 5, 3])
    play(state, ("Q:C5", 0))
    assert state.scores() == [2, 2, 2 ] and state.winners() == [0, 1, 2]
    state = position(["Q:C5", "bar bar S:D4", "bar"], rows=["4/4"], scores=[4, 7, 3])
    play(state, ("Q:C5", 0))
    assert state.scores() == [4, 4, 2] and state.winners() == [0, 1]
    assert last_event(state, "game_end")["winners"] == [0, 1]


# =============================================================================================
# What each seat sees; who starts
# =============================================================================================

def test_hand_sizes_are_hidden_by_default_hr_k9():
    state = position(["Q:C5 bar", "H:G4 bar bar", "S:A4"], rows=["4/4"], deck=["S:D5"])
    assert state.view(0)["hand_sizes"] == [2, None, None]
    assert state.view(1)["hand_sizes"] == [None, 3, None]
    assert state.view(None)["hand_sizes"] == [None, None, None]
    assert [c["card"] for c in state.view(1)["hand"]] == [card("H:G4"), BARS[1], BARS[2]]
    assert state.view(None)["hand"] == [] and state.view(2)["legal"] == []


def test_hand_sizes_are_shown_with_the_option_off():
    state = position(["Q:C5 bar", "H:G4 bar bar", "S:A4"], rows=["4/4"], deck=["S:D5"],
                     options={"hide_hand_sizes": False})
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["hand_sizes"] == [2, 3, 1]


def test_hand_sizes_are_shown_at_the_end():
    state = position(["Q:C5", "H:G4 bar bar", "S:A4"], rows=["4/4"])
    play(state, ("Q:C5", 0))
    assert state.view(None)["hand_sizes"] == [0, 3, 1]


def test_seat_0_starts_by_default_hr_k8():
    for seed in range(5):
        state = pygame_rules.new_game("taktvoll", 4, seed=seed)
        assert state.current_player == 0 and last_event(state, "game_start")["start"] == 0


def test_a_random_start_player_is_drawn_from_the_seed_hr_k8():
    opts = {"start_player": "random"}
    starts = {pygame_rules.new_game("taktvoll", 4, seed=s, options=opts).current_player
              for s in range(40)}
    assert starts == {0, 1, 2, 3}
    a = pygame_rules.new_game("taktvoll", 5, seed="same", options=opts)
    b = pygame_rules.new_game("taktvoll", 5, seed="same", options=opts)
    assert a.current_player == b.current_player
    assert last_event(a, "game_start")["start"] == a.current_player


def test_play_passes_to_the_left_from_the_start_player():
    state = position(["E:C5", "E:D5", "E:E5", "E:F5"], rows=["4/4"], start=2)
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        play(state, "pass")
    assert seen == [2, 3, 0, 1] and state.is_over


# =============================================================================================
# Events
# =============================================================================================

def test_a_draw_is_seen_only_by_the_drawer():
    state = position(["Q:C5", "H:G4", "S:A4"], rows=["4/4"], deck=["S:D5", "E:F5"])
    play(state, "draw", "keep")
    assert last_event(state, "draw") == {"type": "draw", "seat": 0, "card": card("E:F5")}
    for seat in (None, 1, 2):
        drawn = [e for e in state.events_for(seat) if e["type"] == "draw"]
        assert drawn == [{"type": "draw", "seat": 0, "card": None}]
    assert [e for e in state.events_for(0) if e["type"] == "draw"][0]["card"] == card("E:F5")
    deal = [e for e in state.events_for(1) if e["type"] == "deal"][0]
    assert deal["hands"][0] == [] and deal["hands"][2] == []
    assert deal["hands"][1] == [card("H:G4")]
    assert state.view(1)["drawn"] is None


def test_events_of_a_scored_bar_in_order():
    state = position(["Q:A4 bar S:G4", "H:G4", "S:A4"], rows=["2/4 Q:D4"], options=INTERVALS,
                     deck=["S:D5"])
    play(state, ("Q:A4", 0), ("bar", 0))
    types = [e["type"] for e in state.events if e["type"] not in ("game_start", "deal")]
    assert types == ["play", "interval", "play", "bar_scored"]
    assert fields(events_of(state, "play")[-1], "seat", "row", "kind") == (0, 0, "bar")


def test_a_position_replays_from_its_save():
    state = position(["Q:F4 bar S:G4", "H:G4", "S:A4"], rows=["3/4 H:E4"], deck=["S:D5"],
                     options=BOTH)
    play(state, ("Q:F4", 0), ("bar", 0), "draw", "keep")
    loaded = pygame_rules.load_state(state.to_json())
    assert public_snapshot(loaded) == public_snapshot(state)


# =============================================================================================
# Illegal actions: a readable reason, nothing changed
# =============================================================================================

def test_a_card_not_in_hand_is_refused():
    state = position(["Q:C5", "H:G4", "S:A4"], rows=["4/4"], deck=["S:D5"])
    refused(state, ("H:G4", 0), "tak.refuse.not_in_hand", "You do not hold half note G4")


def test_a_clef_with_none_in_hand_is_refused():
    state = position(["Q:C5", "H:G4 clef", "S:A4"], rows=["4/4"], deck=["S:D5"])
    refused(state, "clef", "tak.refuse.clef")


@pytest.mark.parametrize("bad", [("note",), ("note", 36, 0, 2), ("fly", 0), ("note", "x", 0),
                                 ("rest", card("Q:C5"), 0), ("note", card("rest:Q"), 0, 0),
                                 ("time", card("Q:C5"), 0), ("note", card("Q:C5"), 0),
                                 ["note", 36, 0, 0], ("note", 36, 0, True)])
def test_malformed_actions_are_refused_and_change_nothing(bad):
    state = position(["Q:C5 rest:Q", "H:G4", "S:A4"], rows=["4/4", ""], deck=["S:D5"])
    before = public_snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(bad)
    assert err.value.message and "{" not in err.value.message
    assert err.value.msg_id == "error.bad_action"
    assert public_snapshot(state) == before
