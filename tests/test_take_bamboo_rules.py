"""Scenario tests for every ruling and house rule of TAKE トリックの翁, from chosen positions.

Rules: docs/rules/take-bamboo.md (translation, spec G1/R1/T1/S1/S2/E1, HR-T1..T13).
Positions are built with `take_helpers.position`; seats sit clockwise, a seat's LEFT neighbour
is seat + 1 and its RIGHT neighbour seat - 1, and a trick led by L is played L, L+1, ...
Unless a test says otherwise the trump number is 2 (so Or2, Bi2, St2 are trumps), the dealer
is seat 0, tableaux start empty and the passing step is skipped.
"""

import pytest

import pygame_rules
from pygame_rules import IllegalAction
from pygame_rules.games.take_bamboo.cards import BAMBOO, GLOWING
from pygame_rules.games.take_bamboo.state import HAND_SIZE, colour_points
from take_helpers import (card, cards, codes, events_of, hand, last_event, play,
                          play_first_legal, position, snapshot, stacks)

OR, BI, ST = 0, 1, 2
LAST = 2            # the 3rd round: the game ends after it, so its tableaux stay to be read


def fields(event, *names):
    """Some fields of an event, as a tuple."""
    return tuple(event[n] for n in names)


# =============================================================================================
# S1: the rulebook's scoring example and the colour rule
# =============================================================================================

def test_rulebook_example_colour_by_colour():
    """Okina A green 4 pink 3; B green 2 silver 2; C pink 3 silver 2 → 6, 6, 10."""
    green = colour_points([4, 2, 0])      # A sole highest: 0; B 2 alone: 2
    pink = colour_points([3, 0, 3])       # A and C tie on 3: 2×3 each
    silver = colour_points([0, 2, 2])     # B and C tie on 2: 2×2 each
    assert green == [0, 2, 0]
    assert pink == [6, 0, 6]
    assert silver == [0, 4, 4]
    assert [g + p + s for g, p, s in zip(green, pink, silver)] == [6, 6, 10]


def rulebook_example_round(round_no=0):
    """The example's tableaux one card short; A (seat 0) wins the last trick with Or9."""
    return position(["Or9", "Bi3", "St3"],
                    tableau=["Or*3 Bi*3", "Or*2 St*2", "Bi*3 St*2"], round=round_no)


def test_rulebook_example_played_to_the_end_of_a_round():
    state = play(rulebook_example_round(), "Or9", "Bi3", "St3")
    rows = last_event(state, "round_scores")["rows"]
    assert [r["counts"] for r in rows] == [[4, 3, 0], [2, 0, 2], [0, 3, 2]]
    assert [r["points"] for r in rows] == [[0, 6, 0], [2, 0, 4], [0, 6, 4]]
    assert [r["round"] for r in rows] == [6, 6, 10]
    assert state.scores() == [6, 6, 10]
    assert state.round_rows[0] == rows


@pytest.mark.parametrize("counts, points", [
    ([5, 3, 1], [0, 3, 1]),               # sole highest 0; unique lower counts score the count
    ([4, 4, 1], [8, 8, 1]),               # a tie for the highest scores count × tied
    ([3, 3, 3], [9, 9, 9]),
    ([0, 0, 2], [0, 0, 0]),               # 0 cards score 0, even when tied with each other
    ([0, 0, 0, 2, 2], [0, 0, 0, 4, 4]),
    ([2, 2, 1, 1, 3, 0], [4, 4, 2, 2, 0, 0]),
    ([0, 0, 0], [0, 0, 0]),
])
def test_colour_rule(counts, points):
    assert colour_points(counts) == points


def test_face_down_and_glowing_entries_count_for_their_stack():
    state = position(["St9", "St4", "St5"],
                     tableau=["Or3 ~Or4 ~Gl@Or", "Or5 Or6", "Or7 St3"])
    assert state.counts(OR) == [3, 2, 1]
    assert state.view(1)["tableau"][0][OR] == {"up": [card("Or3")], "down": 2, "count": 3}
    play(state, "St9", "St4", "St5")                  # seat 0 takes St9
    rows = last_event(state, "round_scores")["rows"]
    assert [r["counts"] for r in rows] == [[3, 0, 1], [2, 0, 0], [1, 0, 1]]
    assert [r["points"] for r in rows] == [[0, 0, 2], [2, 0, 0], [1, 0, 2]]
    assert state.scores() == [2, 2, 3]


# =============================================================================================
# G1 / R1: the trump, the deal, the initial bamboo and its double
# =============================================================================================

def test_trump_is_drawn_from_2_to_6():
    trumps = {pygame_rules.new_game("take-bamboo", 3, seed=s).trump for s in range(80)}
    assert trumps == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (6, 3)])
def test_trump_stays_the_same_for_the_whole_game(players, seed):
    state = pygame_rules.new_game("take-bamboo", players, seed=seed)
    trump, seen = state.trump, set()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        seen.add(state.trump)
        seen.add(state.view(0)["trump"])
    assert seen == {trump}
    assert last_event(state, "game_end")
    assert len(events_of(state, "round_start")) >= 2 or state.end_reason == "gift"


@pytest.mark.parametrize("option", ["2", "3", "4", "5", "6"])
def test_trump_option_fixes_the_number(option):
    assert pygame_rules.new_game("take-bamboo", 4, seed=9, options={"trump": option}).trump \
        == int(option)


@pytest.mark.parametrize("players, size", [(3, 10), (4, 10), (5, 9), (6, 8)])
def test_hand_sizes(players, size):
    assert HAND_SIZE[players] == size
    for seed in range(3):
        state = pygame_rules.new_game("take-bamboo", players, seed=seed)
        view = state.view(0)
        assert view["hand_sizes"] == [size] * players
        assert last_event(state, "round_start")["draw"] == BAMBOO - size * players
        doubles = len(events_of(state, "initial_double"))
        left = BAMBOO - size * players - players - (0 if players == 6 else doubles)
        assert view["out_of_play"] == len(state.draw) == left


def test_initial_bamboo_is_drawn_dealer_first_clockwise_from_the_top():
    # the top of the draw pile is the END of the list
    state = position(["Or9", "Bi9", "St9", "Or8"], dealer=2, trump=2, initial_bamboo=True,
                     draw=["Bi6", "St3", "Or4", "Bi5", "St7"])
    got = [fields(e, "seat", "card", "colour") for e in events_of(state, "initial_bamboo")]
    assert got == [(2, card("St7"), ST), (3, card("Bi5"), BI), (0, card("Or4"), OR),
                   (1, card("St3"), ST)]
    assert stacks(state, 2) == [[], [], ["St7"]] and stacks(state, 0) == [["Or4"], [], []]
    assert not events_of(state, "initial_double")
    assert codes(state.draw) == ["Bi6"]
    assert state.current_player == 2                 # the dealer leads (no passing here)


def test_initial_bamboo_equal_to_the_trump_gets_a_face_down_double_dealer_first():
    state = position(["Or9", "Bi9", "St9"], trump=5, initial_bamboo=True,
                     draw=["St1", "Or8", "Bi9b", "Or5", "St3", "Bi5"])
    assert [fields(e, "seat", "card") for e in events_of(state, "initial_bamboo")] == \
        [(0, card("Bi5")), (1, card("St3")), (2, card("Or5"))]
    doubles = [fields(e, "seat", "colour", "extra", "glowing")
               for e in events_of(state, "initial_double")]
    assert doubles == [(0, BI, card("Bi9b"), False), (2, OR, card("Or8"), False)]
    assert stacks(state, 0) == [[], ["Bi5", "~Bi9b"], []]
    assert stacks(state, 2) == [["Or5", "~Or8"], [], []]
    assert state.counts(BI) == [2, 0, 0] and state.counts(OR) == [0, 0, 2]
    assert codes(state.draw) == ["St1"]                                  # HR-T5: out of play
    types = [e["type"] for e in state.events if e["type"].startswith("initial")]
    assert types == ["initial_bamboo"] * 3 + ["initial_double"] * 2      # doubles come after
    # nobody sees which card the double is (HR-T10)
    for seat in (None, 0, 1, 2):
        assert all(e["extra"] is None for e in state.events_for(seat)
                   if e["type"] == "initial_double")
        assert state.view(seat)["tableau"][0][BI] == {"up": [card("Bi5")], "down": 1,
                                                       "count": 2}


def test_six_players_use_up_the_draw_pile_and_double_with_a_glowing_card():
    state = position(["Or9", "Bi9", "St9", "Or8", "Bi8", "St8"], trump=3, initial_bamboo=True,
                     draw=["Bi1", "St4", "Or3", "Bi4", "Or6", "St3"])
    assert state.draw == []
    doubles = [fields(e, "seat", "colour", "glowing") for e in events_of(state, "initial_double")]
    assert doubles == [(0, ST, True), (3, OR, True)]
    assert all(e["extra"] in GLOWING for e in events_of(state, "initial_double"))
    assert stacks(state, 0)[ST][0] == "St3" and stacks(state, 0)[ST][1].startswith("~Gl")
    assert state.counts(ST)[0] == 2 and state.counts(OR)[3] == 2


def test_six_player_deal_always_empties_the_draw_pile():
    found_double = False
    for seed in range(30):
        state = pygame_rules.new_game("take-bamboo", 6, seed=seed)
        assert state.draw == [] and state.view(None)["out_of_play"] == 0
        for e in events_of(state, "initial_double"):
            found_double = True
            assert e["glowing"] and e["extra"] in GLOWING
    assert found_double


def test_three_to_five_players_double_from_the_draw_pile_then_glowing_when_it_is_empty():
    # HR-T4: every initial bamboo is a trump 5; the draw pile has one card left for a double
    state = position(["Or9", "Bi9", "St9"], trump=5, initial_bamboo=True,
                     draw=["Or8", "St5", "Bi5", "Or5"])
    doubles = [fields(e, "seat", "glowing") for e in events_of(state, "initial_double")]
    assert doubles == [(0, False), (1, True), (2, True)]
    extras = [e["extra"] for e in events_of(state, "initial_double")]
    assert extras[0] == card("Or8") and all(x in GLOWING for x in extras[1:])
    assert state.draw == [] and state.counts(OR)[0] == 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_real_deal_doubles_come_from_the_draw_pile(players):
    seen = 0
    for seed in range(40):
        state = pygame_rules.new_game("take-bamboo", players, seed=seed)
        for e in events_of(state, "initial_double"):
            seen += 1
            assert not e["glowing"] and e["extra"] < BAMBOO
    assert seen


def test_leftover_draw_pile_stays_out_of_play_for_the_round():
    state = pygame_rules.new_game("take-bamboo", 3, seed=5)
    draw = list(state.draw)
    assert len(draw) == 54 - 30 - 3 - len(events_of(state, "initial_double"))
    while len(events_of(state, "round_start")) == 1 and not state.is_over:
        assert state.draw == draw and state.view(1)["out_of_play"] == len(draw)
        state.apply(state.legal_actions()[0])
    round_one = state.events[:next(i for i, e in enumerate(state.events)
                                   if e["type"] == "round_scores")]
    touched = {e["card"] for e in round_one if e["type"] == "card_played"}
    touched |= {c for e in round_one if e["type"] == "discarded" for c in e["cards"]}
    touched |= {c for e in round_one if e["type"] == "pass_chosen" for c in (e["left"], e["right"])}
    assert not touched & set(draw)


# =============================================================================================
# Passing
# =============================================================================================

PASS_HANDS = ["Or9 Or8 Or7", "Bi9 Bi8 Bi7", "St9 St8 St7"]


def test_passing_is_chosen_in_turn_from_the_dealer():
    state = position(PASS_HANDS, dealer=1, passing=True)
    assert state.phase == "pass" and state.current_player == 1
    assert ("pass", card("Bi9"), card("Bi8")) in state.legal_actions()
    assert len(state.legal_actions()) == 3 * 2
    play(state, ("pass", "Bi9", "Bi8"))
    assert state.current_player == 2
    play(state, ("pass", "St9", "St8"))
    assert state.current_player == 0


def test_pass_choices_are_hidden_from_the_other_seats():
    state = play(position(PASS_HANDS, passing=True), ("pass", "Or9", "Or8"))
    assert state.view(0)["my_pass"] == cards("Or9 Or8")
    assert state.view(0)["hand"] == cards("Or7")
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert view["my_pass"] is None
        assert card("Or9") not in view["hand"]
        assert view["passed"] == [True, False, False]
        chosen = [e for e in state.events_for(seat) if e["type"] == "pass_chosen"]
        assert fields(chosen[0], "seat", "left", "right") == (0, None, None)
    assert fields(state.events_for(0)[-1], "left", "right") == (card("Or9"), card("Or8"))
    assert hand(state, 1) == ["Bi7", "Bi8", "Bi9"]    # nothing has moved yet


def test_after_everyone_chose_left_card_goes_to_the_left_neighbour():
    state = play(position(PASS_HANDS, passing=True),
                 ("pass", "Or9", "Or8"), ("pass", "Bi9", "Bi8"), ("pass", "St9", "St8"))
    # seat s's left card goes to s+1, its right card to s-1
    assert hand(state, 0) == ["Or7", "Bi8", "St9"]   # Bi8 from its left (1), St9 from its right
    assert hand(state, 1) == ["Or9", "Bi7", "St8"]
    assert hand(state, 2) == ["Or8", "Bi9", "St7"]
    ex = last_event(state, "pass_exchange")
    assert ex["received"] == [[card("Bi8"), card("St9")], [card("St8"), card("Or9")],
                              [card("Or8"), card("Bi9")]]
    assert state.view(1)["received"] == [card("St8"), card("Or9")]
    for seat in (None, 0, 2):
        redacted = [e for e in state.events_for(seat) if e["type"] == "pass_exchange"][0]
        assert redacted["received"][1] is None


def test_passed_cards_cannot_be_passed_on():
    state = play(position(PASS_HANDS, passing=True), ("pass", "Or9", "Or8"))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:          # Or9 was passed to seat 1, not yet there
        play(state, ("pass", "Or9", "Bi9"))
    assert err.value.msg_id == "take.refuse.not_in_hand"
    assert snapshot(state) == before
    play(state, ("pass", "Bi9", "Bi8"), ("pass", "St9", "St8"))
    assert state.phase == "play"                       # one exchange, then straight to tricks
    assert_refused(state, ("pass", card("Or9"), card("St8")), "take.refuse.wrong_phase.play")


@pytest.mark.parametrize("dealer", [0, 2])
def test_first_trick_is_led_by_the_dealer(dealer):
    state = play(position(PASS_HANDS, dealer=dealer, passing=True),
                 *[("pass",) + tuple(PASS_HANDS[s].split()[:2])
                   for s in [(dealer + i) % 3 for i in range(3)]])
    assert state.phase == "play" and state.current_player == dealer
    assert state.leader == dealer


# =============================================================================================
# T1: tricks
# =============================================================================================

def test_any_card_may_be_played_there_is_no_follow_rule():
    state = play(position(["Or5 Bi3", "Or9 St4", "Bi5 St5"]), "Or5")
    assert sorted(codes(a[1] for a in state.legal_actions())) == ["Or9", "St4"]
    play(state, "St4")                                  # holds Or9 but plays Stainless
    assert last_event(state, "card_played")["card"] == card("St4")


def test_a_trump_wins_whatever_its_colour():
    state = play(position(["Or9", "Bi2", "St8"]), "Or9", "Bi2", "St8")
    won = last_event(state, "trick_won")
    assert fields(won, "seat", "card", "by_trump") == (1, card("Bi2"), True)
    assert [e["trump"] for e in events_of(state, "card_played")] == [False, True, False]


def test_the_first_of_several_trumps_wins():
    state = play(position(["Or9", "St2", "Bi2", "Or2"]), "Or9", "St2", "Bi2", "Or2")
    assert fields(last_event(state, "trick_won"), "seat", "card") == (1, card("St2"))


def test_a_led_trump_wins_too():
    state = play(position(["Or2", "Or9", "Bi2"]), "Or2", "Or9", "Bi2")
    assert last_event(state, "trick_won")["seat"] == 0


def test_without_trump_the_highest_of_the_lead_colour_wins():
    state = play(position(["Or5", "Bi9", "Or7", "St9"]), "Or5", "Bi9", "Or7", "St9")
    won = last_event(state, "trick_won")
    assert fields(won, "seat", "card", "by_trump") == (2, card("Or7"), False)
    assert won["cards"] == [[0, card("Or5")], [1, card("Bi9")], [2, card("Or7")],
                            [3, card("St9")]]


def test_equal_lead_colour_cards_first_played_wins():
    state = play(position(["Or7", "Or7b", "Bi3"]), "Or7", "Or7b", "Bi3")
    assert last_event(state, "trick_won")["seat"] == 0


def test_winner_takes_only_their_own_card_the_rest_is_discarded():
    state = play(position(["Or5 Bi4", "Or8 Bi5", "St9 Bi6"]), "Or5", "Or8", "St9")
    acquired = [fields(e, "seat", "card", "colour", "extra") for e in events_of(state, "acquire")]
    assert acquired == [(1, card("Or8"), OR, False)]
    assert stacks(state, 1) == [["Or8"], [], []] and stacks(state, 0) == [[], [], []]
    assert last_event(state, "discarded")["cards"] == cards("Or5 St9")
    assert codes(state.discard) == ["Or5", "St9"]


def test_every_lead_colour_1_is_taken_by_whoever_played_it():
    state = play(position(["Or5", "Or1", "Or9", "Bi1"], round=LAST), "Or5", "Or1", "Or9", "Bi1")
    assert last_event(state, "trick_won")["seat"] == 2
    acquired = [fields(e, "seat", "card") for e in events_of(state, "acquire")]
    assert acquired == [(1, card("Or1")), (2, card("Or9"))]       # in play order (HR-T7)
    assert codes(state.discard) == ["Or5", "Bi1"]                 # an off-colour 1 is not taken


def test_lead_colour_1s_are_taken_when_a_1_wins_the_trick():
    state = play(position(["Or1", "Or1b", "Bi9"], round=LAST), "Or1", "Or1b", "Bi9")
    assert fields(last_event(state, "trick_won"), "seat", "card") == (0, card("Or1"))
    acquired = [fields(e, "seat", "card") for e in events_of(state, "acquire")]
    assert acquired == [(0, card("Or1")), (1, card("Or1b"))]      # each once
    assert stacks(state, 0) == [["Or1"], [], []] and stacks(state, 1) == [["Or1b"], [], []]
    assert codes(state.discard) == ["Bi9"]


def test_lead_colour_1_is_taken_even_when_a_trump_wins():
    state = play(position(["Or1", "St2", "Bi5"], discard=["Or6"]), "Or1", "St2", "Bi5")
    assert last_event(state, "trick_won")["seat"] == 1
    assert [fields(e, "seat", "card") for e in events_of(state, "acquire")] == \
        [(0, card("Or1")), (1, card("St2"))]


def test_the_winner_leads_the_next_trick():
    state = play(position(["Or5 Bi3", "Or6 Bi4", "Or9 Bi5"]), "Or5", "Or6", "Or9")
    assert state.current_player == 2 and state.leader == 2 and state.trick_no == 2
    play(state, "Bi5")
    assert state.current_player == 0


# =============================================================================================
# T1.4 (a): the trump winner's extra card (HR-T6)
# =============================================================================================

def test_trump_extra_is_the_top_of_the_discard_pile_face_down_in_the_trump_colour():
    # the top of the discard pile is the END of the list: St8
    state = play(position(["Or5", "Bi2", "St9"], discard=["Bi7", "St8"], round=LAST),
                 "Or5", "Bi2", "St9")
    taken = last_event(state, "extra_taken")
    assert fields(taken, "seat", "source", "card") == (1, "discard", card("St8"))
    assert stacks(state, 1) == [[], ["Bi2", "~St8"], []]          # counts as Biotech
    assert state.counts(BI)[1] == 2
    assert fields(last_event(state, "acquire"), "seat", "card", "extra") == (1, card("Bi2"), True)
    assert codes(state.discard) == ["Bi7", "Or5", "St9"]
    for seat in (None, 0, 1, 2):                                   # nobody sees its identity
        seen = [e for e in state.events_for(seat) if e["type"] == "extra_taken"]
        assert seen[0]["card"] is None
        assert state.view(seat)["tableau"][1][BI] == {"up": [card("Bi2")], "down": 1,
                                                       "count": 2}


def test_a_gift_refused_earlier_in_the_trick_fills_the_discard_pile_for_the_extra():
    """HR-T6/HR-T7: acquisitions resolve in play order, so a lead-colour 1 refused before the
    trump winner's turn is already the top of the discard pile when the extra is taken."""
    state = position(["Or1 Bi5", "St2 Bi6", "Bi9 Bi7"], tableau=["Bi3 St3", "", ""],
                     scores=[3, 3, 3])
    play(state, "Or1", "St2", "Bi9", "left", "refuse")      # seat 0's Or1 refused by seat 1
    assert fields(last_event(state, "extra_taken"), "seat", "source", "card") == \
        (1, "discard", card("Or1"))
    assert stacks(state, 1) == [[], [], ["St2", "~Or1"]]
    assert codes(state.discard) == ["Bi9"] and state.scores() == [2, 3, 3]


TRUMP_TRICK = ["Or5", "Or1", "St2", "Bi9"]      # seat 2 wins by trump; seat 1 takes its Or1


def test_trump_extra_from_the_trick_is_the_winners_choice_when_the_discard_pile_is_empty():
    state = play(position(TRUMP_TRICK, round=LAST), *TRUMP_TRICK)
    assert state.phase == "extra" and state.current_player == 2
    # only cards nobody acquires: not the winner's St2, not the captured Or1
    assert state.legal_actions() == [("extra", card("Or5")), ("extra", card("Bi9"))]
    assert state.view(2)["extra_choices"] == cards("Or5 Bi9")
    assert [fields(e, "seat", "card") for e in events_of(state, "acquire")] == \
        [(1, card("Or1"))]                                         # resolved before, in order
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        play(state, ("extra", "Or1"))
    assert err.value.msg_id == "take.refuse.extra_not_offered"
    assert snapshot(state) == before
    play(state, ("extra", "Bi9"))
    assert fields(last_event(state, "extra_taken"), "seat", "source", "card") == \
        (2, "trick", card("Bi9"))
    assert stacks(state, 2) == [[], [], ["St2", "~Bi9"]]
    assert codes(state.discard) == ["Or5"]
    assert state.phase == "over"                                   # 1-card hands: round over


def test_trump_extra_with_one_candidate_is_taken_automatically():
    state = play(position(["Or5", "Bi2", "Or1"], round=LAST), "Or5", "Bi2", "Or1")
    assert state.phase == "over"                       # no decision was asked for
    assert fields(last_event(state, "extra_taken"), "seat", "source", "card") == \
        (1, "trick", card("Or5"))
    assert stacks(state, 1) == [[], ["Bi2", "~Or5"], []]
    assert last_event(state, "discarded")["cards"] == []


def test_trump_extra_with_no_candidate_is_not_taken():
    state = play(position(["Or1", "Bi2", "Or1b"], round=LAST), "Or1", "Bi2", "Or1b")
    assert not events_of(state, "extra_taken")
    assert [fields(e, "seat", "card", "extra") for e in events_of(state, "acquire")] == \
        [(0, card("Or1"), False), (1, card("Bi2"), False), (2, card("Or1b"), False)]


def test_option_trick_extra_none_gives_no_extra_from_the_trick():
    state = play(position(TRUMP_TRICK, round=LAST, options={"trick_extra": "none"}),
                 *TRUMP_TRICK)
    assert state.phase == "over" and not events_of(state, "extra_taken")
    assert stacks(state, 2) == [[], [], ["St2"]]
    assert codes(state.discard) == ["Or5", "Bi9"]


def test_option_trick_extra_none_still_takes_from_the_discard_pile():
    state = play(position(TRUMP_TRICK, discard=["Or8"], round=LAST,
                          options={"trick_extra": "none"}), *TRUMP_TRICK)
    assert stacks(state, 2) == [[], [], ["St2", "~Or8"]]


# =============================================================================================
# T1.5: the two-colour limit and gifts
# =============================================================================================

GIFT_HANDS = ["St9 Bi6", "Or4 Bi7", "Or6 Bi8"]     # seat 0 wins trick 1 with St9 (3rd colour)


def gift_position(tableau=("Or3 Bi3", "", ""), scores=(3, 0, 0), **kw):
    """Seat 0 holds Organic and Biotech and is about to win St9: a gift is due."""
    return play(position(GIFT_HANDS, tableau=list(tableau), scores=list(scores), **kw),
                "St9", "Or4", "Or6")


def test_a_third_colour_must_be_gifted_and_the_giver_chooses_the_side():
    state = gift_position()
    assert state.phase == "gift" and state.current_player == 0
    assert state.legal_actions() == [("gift", "left"), ("gift", "right")]
    gift = state.view(1)["gift"]
    assert (gift["giver"], gift["card"], gift["left"], gift["right"]) == (0, card("St9"), 1, 2)
    assert not events_of(state, "acquire")
    assert stacks(state, 0) == [["Or3"], ["Bi3"], []]


def test_the_receiver_decides_to_accept_both_score_1():
    state = play(gift_position(), "left")
    offered = last_event(state, "gift_offered")
    assert fields(offered, "giver", "receiver", "direction", "card", "forced_refusal") == \
        (0, 1, "left", card("St9"), False)
    assert state.phase == "accept" and state.current_player == 1
    assert state.legal_actions() == [("accept",), ("refuse",)]
    play(state, "accept")
    assert fields(last_event(state, "gift_accepted"), "giver", "receiver", "scores") == \
        (0, 1, [4, 1, 0])
    assert fields(last_event(state, "gift_received"), "seat", "card", "colour") == \
        (1, card("St9"), ST)
    assert stacks(state, 1) == [[], [], ["St9"]]
    assert state.scores() == [4, 1, 0]
    assert state.current_player == 0                   # the trick winner leads on


def test_gift_to_the_right_goes_to_seat_minus_1():
    state = play(gift_position(), "right")
    assert last_event(state, "gift_offered")["receiver"] == 2 and state.current_player == 2


def test_a_refused_gift_is_discarded_and_the_giver_loses_1():
    state = play(gift_position(), "left", "refuse")
    refused = last_event(state, "gift_refused")
    assert fields(refused, "giver", "receiver", "forced", "penalised", "points", "scores") == \
        (0, 1, False, 0, -1, [2, 0, 0])
    assert codes(state.discard) == ["St9", "Or4", "Or6"]
    assert state.counts(ST) == [0, 0, 0]


def test_a_score_never_drops_below_0():
    state = play(gift_position(scores=(0, 0, 0)), "left", "refuse")
    assert fields(last_event(state, "gift_refused"), "points", "scores") == (0, [0, 0, 0])


def test_gift_that_would_be_the_receivers_third_colour_is_refused_without_a_decision():
    state = play(gift_position(tableau=("Or3 Bi3", "Or5 Bi5", "")), "left")
    assert last_event(state, "gift_offered")["forced_refusal"] is True
    refused = last_event(state, "gift_refused")
    assert fields(refused, "receiver", "forced", "points") == (1, True, -1)
    assert state.phase == "play" and state.current_player == 0
    assert state.view(0)["gift"] is None


def test_gift_view_says_which_neighbour_can_take_it():
    gift = gift_position(tableau=("Or3 Bi3", "Or5 Bi5", "")).view(None)["gift"]
    assert (gift["left_can_take"], gift["right_can_take"]) == (False, True)


BUNDLE_HANDS = ["Or5 Or6", "St2 Or7", "Bi4 Or8"]  # seat 1 (Or + Bi) wins with the trump St2


@pytest.mark.parametrize("answer, scores, stack, discard", [
    ("accept", [5, 6, 1], ["St2", "~Or9"], ["Or5", "Bi4"]),
    ("refuse", [5, 4, 0], [], ["St2", "Or9", "Or5", "Bi4"]),      # the bundle first
])
def test_trump_and_its_extra_are_gifted_as_one_bundle(answer, scores, stack, discard):
    state = play(position(BUNDLE_HANDS, tableau=["", "Or3 Bi3", ""], discard=["Or9"],
                          scores=[5, 5, 0]), "Or5", "St2", "Bi4")
    assert state.phase == "gift" and state.current_player == 1
    assert state.view(None)["gift"]["extra"] is True
    play(state, "left")
    assert last_event(state, "gift_offered")["extra"] is True
    play(state, answer)
    assert state.scores() == scores                        # ±1 once for the bundle
    assert stacks(state, 2)[ST] == stack
    assert stacks(state, 1) == [["Or3"], ["Bi3"], []]
    assert codes(state.discard) == discard


def refused_one_position(options=None):
    """Seat 1 (Bi + St) captures a lead-colour Or1 but seat 2 wins the trick with Or9."""
    state = play(position(["Or5 Bi6", "Or1 Bi7", "Or9 Bi8"], tableau=["", "Bi3 St3", ""],
                          scores=[5, 5, 5], options=options), "Or5", "Or1", "Or9")
    assert state.phase == "gift" and state.current_player == 1
    return play(state, "left", "refuse")


def test_refused_gift_of_a_captured_1_costs_the_giver_by_default():
    state = refused_one_position()
    assert fields(last_event(state, "gift_refused"), "giver", "penalised") == (1, 1)
    assert state.scores() == [5, 4, 5]
    assert stacks(state, 2) == [["Or9"], [], []]           # the winner's acquisition follows


def test_option_penalty_trick_winner_charges_the_trick_winner():
    state = refused_one_position({"penalty": "trick_winner"})
    assert fields(last_event(state, "gift_refused"), "giver", "penalised") == (1, 2)
    assert state.scores() == [5, 5, 4]


def test_accepted_gift_reaching_25_ends_the_game_at_once():
    state = play(gift_position(scores=(24, 3, 0)), "left", "accept")
    assert state.is_over and state.end_reason == "gift"
    assert state.scores() == [25, 4, 0] and state.winners() == [0]
    assert not events_of(state, "round_scores")           # no round scoring
    end = last_event(state, "game_end")
    assert fields(end, "reason", "scores", "winners") == ("gift", [25, 4, 0], [0])
    assert state.view(1)["hand"] == cards("Bi7")          # cards were left in hand


def test_gift_bringing_two_players_to_25_makes_both_winners():
    state = play(gift_position(scores=(24, 24, 10)), "left", "accept")
    assert state.end_reason == "gift" and state.winners() == [0, 1]


def test_several_acquisitions_are_resolved_one_at_a_time_in_play_order():
    # seat 1 leads Or1, seat 3 plays Or1b, seat 2 wins with Or9; seats 1 and 3 hold Bi + St
    state = position(["Bi5 Bi6", "Or1 Bi7", "Or9 St7", "Or1b St8"], dealer=1,
                     tableau=["", "Bi3 St3", "", "Bi4 St4"], scores=[0, 5, 5, 5])
    play(state, "Or1", "Or9", "Or1b", "Bi5")
    assert state.phase == "gift" and state.current_player == 1     # seat 1 first
    assert not events_of(state, "acquire")                          # seat 2 waits its turn
    play(state, "right", "accept")                                  # to seat 0
    assert state.scores() == [1, 6, 5, 5]                           # points at once
    kinds = [(e["type"], e.get("seat", e.get("giver"))) for e in state.events
             if e["type"] in ("acquire", "gift_offered", "gift_received")]
    assert kinds[:3] == [("gift_offered", 1), ("gift_received", 0), ("acquire", 2)]
    assert state.phase == "gift" and state.current_player == 3
    play(state, "left", "refuse")                                   # seat 3 → seat 0, refused
    assert state.scores() == [1, 6, 5, 4]
    assert state.current_player == 2                                # the winner leads


def test_gift_reaching_25_stops_the_remaining_acquisitions_of_the_trick():
    state = position(["Bi5 Bi6", "Or1 Bi7", "Or9 St7", "Or1b St8"], dealer=1,
                     tableau=["", "Bi3 St3", "", "Bi4 St4"], scores=[0, 24, 5, 5])
    play(state, "Or1", "Or9", "Or1b", "Bi5", "right", "accept")
    assert state.is_over and state.end_reason == "gift" and state.winners() == [1]
    assert not events_of(state, "acquire")            # seat 2's Or9 was never resolved
    assert len(events_of(state, "gift_offered")) == 1


# =============================================================================================
# S2 / E1: rounds, dealers, the end and the winners
# =============================================================================================

def test_next_rounds_dealer_is_the_winner_of_the_last_trick():
    state = play(position(["Or5", "Or6", "Or9"]), "Or5", "Or6", "Or9")
    start = last_event(state, "round_start")
    assert fields(start, "round", "dealer") == (2, 2)
    assert state.dealer == 2 and state.phase == "pass" and state.current_player == 2
    assert state.view(2)["hand_sizes"] == [10, 10, 10]
    assert state.trick_no == 1 and state.discard == []


def test_a_round_ending_with_25_ends_the_game():
    state = play(position(["Or9", "Bi3", "St3"], tableau=["Or*3 Bi*3", "Or*2 St*2",
                                                         "Bi*3 St*2"], scores=[10, 5, 15]),
                 "Or9", "Bi3", "St3")
    assert state.scores() == [16, 11, 25]
    assert state.is_over and state.end_reason == "target" and state.winners() == [2]
    assert fields(last_event(state, "game_end"), "reason", "winners") == ("target", [2])


def test_the_game_ends_after_the_3rd_round():
    state = play(rulebook_example_round(round_no=2), "Or9", "Bi3", "St3")
    assert state.is_over and state.end_reason == "rounds"
    assert last_event(state, "round_scores")["round"] == 3
    assert state.winners() == [2] and len(events_of(state, "round_start")) == 1


def test_a_real_game_lasts_at_most_3_rounds():
    for seed in range(3):
        state = play_first_legal(pygame_rules.new_game("take-bamboo", 4, seed=seed))
        assert 1 <= len(events_of(state, "round_start")) <= 3
        assert len(state.round_rows) <= 3


def test_closest_to_25_wins_the_rulebook_example_26_27_28():
    # S1 gives each seat 8: Or [2,2,0], Bi [2,0,2], St [0,2,2]
    state = play(position(["Bi9", "Or3", "St3"], tableau=["Or*2 Bi*1", "Or*2 St*2",
                                                           "Bi*2 St*2"], scores=[18, 19, 20]),
                 "Bi9", "Or3", "St3")
    assert state.scores() == [26, 27, 28]
    assert state.winners() == [0]


@pytest.mark.parametrize("scores, winners, reason", [
    ([25, 30, 25], [0, 2], "target"),      # a tie among the closest: both win
    ([24, 40, 26], [2], "target"),
    ([10, 12, 12], [1, 2], "rounds"),      # nobody reached 25 after round 3: highest, shared
    ([3, 0, 1], [0], "rounds"),
])
def test_winners_after_the_last_round(scores, winners, reason):
    # seat 0 takes Or9 as the sole holder of Organic: the round adds 0 points to everyone
    state = play(position(["Or9", "Bi3", "St3"], round=2, scores=scores), "Or9", "Bi3", "St3")
    assert state.scores() == scores
    assert state.winners() == winners and state.end_reason == reason
    assert last_event(state, "game_end")["winners"] == winners


# =============================================================================================
# Illegal actions: a readable reason, nothing changes
# =============================================================================================

def assert_refused(state, action, msg_id, text=None):
    """`action` raises IllegalAction(msg_id) and leaves the save, views and events alone."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.msg_id == msg_id
    assert err.value.message and "{" not in err.value.message
    if text:
        assert err.value.message == text
    assert snapshot(state) == before
    return err.value


def test_playing_during_the_passing_step_is_refused():
    state = position(PASS_HANDS, passing=True)
    assert_refused(state, ("play", card("Or9")), "take.refuse.wrong_phase.pass",
                   "Everyone first passes one card to the left and one to the right.")


def test_passing_during_play_is_refused():
    state = position(["Or9 Or8", "Bi9 Bi8", "St9 St8"])
    assert_refused(state, ("pass", card("Or9"), card("Or8")), "take.refuse.wrong_phase.play")


def test_answering_a_gift_that_is_not_offered_yet_is_refused():
    state = gift_position()
    assert_refused(state, ("accept",), "take.refuse.wrong_phase.gift")
    assert_refused(state, ("play", card("Bi6")), "take.refuse.wrong_phase.gift")


def test_playing_while_a_gift_waits_for_an_answer_is_refused():
    state = play(gift_position(), "left")
    assert_refused(state, ("play", card("Bi7")), "take.refuse.wrong_phase.accept")
    assert_refused(state, ("gift", "right"), "take.refuse.wrong_phase.accept")


def test_playing_a_card_not_in_hand_is_refused():
    state = position(["Or9 Or8", "Bi9 Bi8", "St9 St8"])
    assert_refused(state, ("play", card("Bi9")), "take.refuse.not_in_hand", "You do not hold Biotech 9.")


def test_passing_the_same_card_twice_is_refused():
    state = position(PASS_HANDS, passing=True)
    assert_refused(state, ("pass", card("Or9"), card("Or9")), "take.refuse.pass_two_different")


def test_passing_a_card_not_in_hand_is_refused():
    state = position(PASS_HANDS, passing=True)
    assert_refused(state, ("pass", card("Or9"), card("Bi9")), "take.refuse.not_in_hand",
                   "You do not hold Biotech 9.")


def test_gift_up_is_refused():
    state = gift_position()
    err = assert_refused(state, ("gift", "up"), "error.bad_action")
    assert "'up'" in err.message


@pytest.mark.parametrize("bad, msg_id", [
    (("play",), "error.bad_action"),
    (("play", "Or9"), "error.bad_action"),
    (("play", True), "error.bad_action"),
    (("play", 16, 17), "error.bad_action"),
    (("play", 99), "error.bad_action"),
    (("play", -1), "error.bad_action"),
    ("Or9", "error.bad_action"),
    ((), "error.bad_action"),
    (("dance",), "error.bad_action"),
])
def test_malformed_actions_are_refused(bad, msg_id):
    state = position(["Or9 Or8", "Bi9 Bi8", "St9 St8"])
    assert_refused(state, bad, msg_id)


def test_moves_after_the_game_is_over_are_refused():
    state = play(gift_position(scores=(24, 3, 0)), "left", "accept")
    assert_refused(state, ("play", card("Bi6")), "error.game_over")
    assert state.legal_actions() == []


# =============================================================================================
# Events: a whole short round, field by field
# =============================================================================================

def test_events_of_a_whole_round():
    state = position(["Or9 Or8 Bi3", "Bi9 Bi8 St4", "St9 St8 St1"], trump=6, dealer=0,
                     initial_bamboo=True, passing=True, discard=[],
                     draw=["Or5", "Bi6", "St6", "Or6"])
    start = events_of(state, "round_start")[0]
    assert fields(start, "round", "dealer", "draw") == (1, 0, 4)
    assert start["hands"] == [cards("Or8 Or9 Bi3"), cards("Bi8 Bi9 St4"),
                              cards("St1 St8 St9")]
    assert [fields(e, "seat", "card") for e in events_of(state, "initial_bamboo")] == \
        [(0, card("Or6")), (1, card("St6")), (2, card("Bi6"))]
    assert [fields(e, "seat", "extra") for e in events_of(state, "initial_double")] == \
        [(0, card("Or5")), (1, 54 + 5), (2, 54 + 4)]
    play(state, ("pass", "Bi3", "Or8"), ("pass", "St4", "Bi8"), ("pass", "St1", "St8"))
    assert [fields(e, "seat", "left", "right") for e in events_of(state, "pass_chosen")] == \
        [(0, card("Bi3"), card("Or8")), (1, card("St4"), card("Bi8")),
         (2, card("St1"), card("St8"))]
    # seat 0 receives seat 1's right card (Bi8) and seat 2's left card (St1)
    assert last_event(state, "pass_exchange")["received"][0] == cards("Bi8 St1")
    assert hand(state, 0) == ["Or9", "Bi8", "St1"]
    play(state, "Or9", "Bi3", "Or8")                       # seat 0 wins Or9 (Organic: ok)
    played = [fields(e, "seat", "card", "trick", "trump") for e in events_of(state, "card_played")]
    assert played == [(0, card("Or9"), 1, False), (1, card("Bi3"), 1, False),
                      (2, card("Or8"), 1, False)]
    assert fields(last_event(state, "trick_won"), "seat", "card", "by_trump", "trick") == \
        (0, card("Or9"), False, 1)
    assert fields(last_event(state, "acquire"), "seat", "card", "colour", "extra") == \
        (0, card("Or9"), OR, False)
    assert fields(last_event(state, "discarded"), "cards", "trick") == (cards("Bi3 Or8"), 1)
    play(state, "St1", "Bi9", "St9")      # seat 0 captures its lead-colour St1; seat 2 wins St9
    assert [fields(e, "seat", "card") for e in events_of(state, "acquire")][-2:] == \
        [(0, card("St1")), (2, card("St9"))]
    play(state, "St4", "Bi8", "St8")      # seat 1 wins the last trick
    rounds = events_of(state, "round_scores")
    assert len(rounds) == 1 and rounds[0]["round"] == 1
    rows = rounds[0]["rows"]
    assert set(rows[0]) == {"seat", "counts", "points", "round", "score"}
    # Or [3,0,0] sole highest; Bi [0,0,2] sole highest; St [1,3,1]: seats 0 and 2 tie on 1
    assert [r["counts"] for r in rows] == [[3, 0, 1], [0, 0, 3], [0, 2, 1]]
    assert [r["round"] for r in rows] == [2, 0, 2] and state.scores() == [2, 0, 2]
    assert fields(last_event(state, "round_start"), "round", "dealer") == (2, 1)


def test_game_start_event_names_trump_dealer_and_options():
    state = pygame_rules.new_game("take-bamboo", 5, seed=11, options={"trump": "4"})
    start = state.events[0]
    assert start["type"] == "game_start"
    assert fields(start, "players", "trump", "dealer") == (5, 4, state.dealer)
    assert start["options"]["trump"] == "4"


def test_first_dealer_is_drawn_at_random():
    dealers = {pygame_rules.new_game("take-bamboo", 4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("deck, top, copies", [("nine", 9, 2), ("six", 6, 3)])
def test_deck_presets_number_each_colour(deck, top, copies):
    state = pygame_rules.new_game("take-bamboo", 3, seed=1, options={"deck": deck})
    for colour in range(3):
        ranks = state.ranks[colour * 18:(colour + 1) * 18]
        assert sorted(ranks) == sorted(list(range(1, top + 1)) * copies)


def test_six_deck_tricks_use_its_ranks():
    state = position(["Or5 Bi4", "Or6c Bi5", "Or6b St5"], options={"deck": "six"})
    play(state, "Or5", "Or6c", "Or6b")
    assert fields(last_event(state, "trick_won"), "seat", "card") == (1, card("Or6c", "six"))


def test_setup_cards_fit_the_card_codes():
    assert card("Or1") == 0 and card("Or1b") == 1 and card("Bi1") == 18 and card("St9b") == 53
    assert card("Gl1") == 54 and codes([17, 54, ~3]) == ["Or9b", "Gl1", "~Or2b"]
    assert card("Or6c", "six") == 17
    with pytest.raises(ValueError):
        card("Or7c")


# =============================================================================================
# Test positions that could not be played are refused
# =============================================================================================

@pytest.mark.parametrize("kw, why", [
    ({"hands": ["Or9", "Bi9", "St9"], "passing": True}, "passing needs at least 2 cards"),
    ({"hands": ["Or9", "Bi9", "St9"], "draw": ["Or5"], "initial_bamboo": True},
     "the draw pile needs an initial bamboo"),
    ({"hands": ["Or9", "Bi9", "St9"], "scores": [0, -1, 0]}, "scores must hold whole numbers 0.."),
])
def test_unplayable_positions_are_refused(kw, why):
    with pytest.raises(pygame_rules.SetupError) as err:
        position(**kw)
    assert err.value.msg_id == "error.bad_setup" and why in err.value.message
