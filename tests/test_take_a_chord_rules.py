"""Scenario tests for every ruling of Take The "A" Chord, each played from chosen hands.

Rules: docs/rules/take-the-a-chord.md (with our HOUSE RULES) and the original rule sheet.
Positions are built with `tac_helpers.position`; seats sit clockwise, so in 4p a round led by
seat L is played by L, L+1, L+2, L+3 and in 3p by L, the non-player (seat 3), L+1, L+2.
Key C orders the chords C > D > E > F > G > A > B.
"""

import pytest

import pygame_rules
from pygame_rules import IllegalAction
from pygame_rules.games.take_a_chord.cards import strength_order
from pygame_rules.games.take_a_chord.state import (CHART, NON_PLAYER, venue_score,
                                                   winning_position)
from tac_helpers import (card, cards, codes, events_of, key_name, last_event, legal_codes,
                         move, play, play_first_legal, position, snapshot)


def row(state, seat, venue=-1):
    """A seat's row of a scored venue (the newest by default)."""
    return state.venue_rows[venue][seat]


# =============================================================================================
# The rule sheet's worked examples
# =============================================================================================

@pytest.mark.parametrize("tricks, spotlight, improvisations, expected", [
    (1, True, 0, 20),    # Ex. 1: 1 trick + the Spotlight Card = 2 tricks = 20
    (3, False, 1, 45),   # Ex. 2: 3 tricks + 1 Improvisation = 30 + 15
    (6, False, 2, 20),   # Ex. 3: 6 tricks + 2 Improvisations = -10 + 30
])
def test_rule_sheet_scoring_examples(tricks, spotlight, improvisations, expected):
    assert venue_score(tricks, spotlight, improvisations) == expected


def test_example_1_played_one_trick_plus_spotlight_scores_20():
    state = position(["C-Bl", "D-Ly", "E-Sw", "F-So"], key="C", leader=0, venue=3)
    play(state, "C-Bl", "D-Ly", "E-Sw", "F-So")
    r = row(state, 0)
    assert (r["tricks"], r["spotlight"], r["improvisations"], r["score"]) == (1, True, 0, 20)
    assert [row(state, s)["score"] for s in (1, 2, 3)] == [0, 0, 0]
    assert state.is_over


def test_example_2_played_three_tricks_one_improvisation_scores_45():
    state = position(["D-Bl A-Sw B-Ea", "E-Bl B-Sw A-Ea", "F-Bl E-Sw D-So", "D-Ly G-Sw G-Ea"],
                     key="C", leader=0, venue=3)
    play(state, "D-Bl", "E-Bl", "F-Bl", "D-Ly")      # 4th matches the lead: Improvisation
    play(state, "G-Sw", "A-Sw", "B-Sw", "E-Sw")      # round 2: seat 2 wins 2 tricks
    play(state, "D-So", "G-Ea", "B-Ea", "A-Ea")      # seat 2 wins the last trick with D
    r = row(state, 2)
    assert (r["tricks"], r["spotlight"], r["improvisations"]) == (3, False, 1)
    assert (r["chart"], r["bonus"], r["score"]) == (30, 15, 45)


def test_example_3_played_six_tricks_two_improvisations_scores_20():
    state = position(["E-Bl D-Ly F-Sw D-So D-Ea D-Bl",
                      "F-Bl B-Ly G-Sw A-So E-Ea B-Bl",
                      "G-Bl F-Ly A-Sw G-So B-Ea F-Ea",
                      "E-Ly A-Ly F-So B-So A-Ea G-Ea"], key="C", leader=0, venue=3)
    play(state, "E-Bl", "F-Bl", "G-Bl", "E-Ly")      # Improvisation, seat 3 leads round 2
    play(state, "A-Ly", "D-Ly", "B-Ly", "F-Ly")      # seat 0 wins trick 1 (2 rounds)
    play(state, "F-Sw", "G-Sw", "A-Sw", "F-So")      # Improvisation, seat 3 leads round 2
    play(state, "B-So", "D-So", "A-So", "G-So")      # seat 0 wins trick 2 (2 rounds)
    play(state, "D-Ea", "E-Ea", "B-Ea", "A-Ea")
    play(state, "D-Bl", "B-Bl", "F-Ea", "G-Ea")
    r = row(state, 0)
    assert (r["tricks"], r["spotlight"], r["improvisations"]) == (6, False, 2)
    assert (r["chart"], r["bonus"], r["score"]) == (-10, 30, 20)


# --- the legal-play example ------------------------------------------------------------------
# The Lead Player (seat 0) leads C Bluesy; seat 1 (no Bluesy) plays B Lyrical; seat 2 follows
# with D Bluesy. Seat 3, the 4th player, holds A, B, C (Swingy) and E Bluesy, the only card of
# the lead colour: B may be played (B already played: Key Change), C may be played (same chord as
# the Lead Player: Improvisation), E as the lead colour; A may not.

EXAMPLE_HANDS = ["C-Bl F-Ea G-Ea A-Ea", "B-Ly F-Ly G-Ly D-Ly",
                 "D-Bl F-So G-So A-So", "A-Sw B-Sw C-Sw E-Bl"]


def example_position():
    """The legal-play example, with seat 3 to play."""
    state = position(EXAMPLE_HANDS, key="C", leader=0)
    play(state, "C-Bl", "B-Ly", "D-Bl")
    assert state.current_player == 3
    return state


def test_legal_play_example_b_c_and_e_are_playable():
    assert sorted(legal_codes(example_position())) == ["B-Sw", "C-Sw", "E-Bl"]


def test_legal_play_example_a_is_refused_with_reason_and_nothing_changes():
    state = example_position()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(move("A-Sw"))
    assert err.value.msg_id == "tac.refuse.must_follow"
    assert err.value.message == (
        "You must follow Bluesy (you hold E Bluesy) or match a chord already face up in this round.")
    assert err.value.params == {"colour": "Bluesy", "held": "E Bluesy"}
    assert snapshot(state) == before
    assert state.current_player == 3


def test_legal_play_example_b_causes_a_key_change_by_the_4th_player():
    state = play(example_position(), "B-Sw")
    assert last_event(state, "key_change")["seat"] == 3
    assert key_name(state) == "B" and state.current_player == 3
    assert last_event(state, "trick_won")["seat"] == 0     # C Bluesy, the key, still wins


def test_legal_play_example_c_causes_an_improvisation():
    state = play(example_position(), "C-Sw")
    assert last_event(state, "improvisation")["seat"] == 3
    assert not events_of(state, "trick_won") and state.rounds == 2
    assert state.current_player == 3


def test_legal_play_example_e_is_a_plain_follow():
    state = play(example_position(), "E-Bl")
    assert not events_of(state, "key_change") and not events_of(state, "improvisation")
    assert last_event(state, "trick_won")["seat"] == 0 and state.current_player == 0


# =============================================================================================
# Legal plays
# =============================================================================================

def test_lead_player_may_play_any_card():
    state = position(["A-Bl C-Sw E-Ea", "B-Bl D-Ly F-Sw", "G-Bl A-Ly B-Sw", "C-Bl D-Sw E-So"])
    assert sorted(legal_codes(state)) == ["A-Bl", "C-Sw", "E-Ea"]


def test_follower_holding_the_lead_colour_must_follow_it():
    state = play(position(["A-Bl C-Sw E-Ea", "B-Bl D-Ly F-Sw", "G-Bl A-Ly B-Sw",
                           "C-Bl D-Sw E-So"]), "A-Bl")
    assert legal_codes(state) == ["B-Bl"]
    with pytest.raises(IllegalAction) as err:
        state.apply(move("D-Ly"))
    assert err.value.message == (
        "You must follow Bluesy (you hold B Bluesy) or match a chord already face up in this round.")


def test_same_chord_as_a_face_up_card_may_be_played_in_any_colour():
    state = play(position(["C-Bl G-So E-Ea", "D-Bl C-Ly F-Sw", "G-Bl A-Ly B-Sw",
                           "E-Bl D-Sw E-So"]), "C-Bl")
    assert sorted(legal_codes(state)) == ["C-Ly", "D-Bl"]
    play(state, "C-Ly")                                # the option, though holding D Bluesy
    assert sorted(legal_codes(state)) == ["G-Bl"]      # nothing of C here: follow
    play(state, "G-Bl")
    assert sorted(legal_codes(state)) == ["E-Bl"]      # C and G were played, none held


def test_same_chord_option_matches_any_earlier_card_of_the_round_not_only_the_lead():
    state = play(position(["C-Bl G-So E-Ea", "D-Ly A-Ly F-Sw", "G-Bl D-Sw B-Sw",
                           "E-Bl D-So F-So"]), "C-Bl", "D-Ly")
    assert sorted(legal_codes(state)) == ["D-Sw", "G-Bl"]


def test_cards_outside_this_trick_cannot_be_matched():
    """Neither the flipped Key Chord card nor a card of an earlier trick opens the option."""
    state = position(["C-Bl B-Sw F-Ly", "D-Bl E-Sw C-Ly", "E-Bl G-Sw A-Ly", "G-Bl A-Sw B-Ly"],
                     key="F", leader=0)
    assert codes([state.key_card]) == ["F-Bl"]          # the flipped card: chord F
    play(state, "C-Bl", "D-Bl", "E-Bl", "G-Bl")         # key F: G wins, seat 3 leads
    assert state.current_player == 3
    play(state, "A-Sw")
    assert legal_codes(state) == ["B-Sw"]               # F Lyrical: only the key card has F
    play(state, "B-Sw")
    assert legal_codes(state) == ["E-Sw"]               # C Lyrical: C was in trick 1 only


def test_player_without_the_lead_colour_may_play_any_card():
    state = play(position(["C-Bl G-So E-Ea", "D-Ly A-Ly F-Sw", "G-Bl D-Sw B-Sw",
                           "E-Bl D-So F-So"]), "C-Bl")
    assert sorted(legal_codes(state)) == ["A-Ly", "D-Ly", "F-Sw"]


def test_card_not_in_hand_is_refused_and_nothing_changes():
    state = position(["C-Bl G-So", "D-Bl F-Ly", "E-Bl A-Ly", "B-Bl B-Ly"])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(move("D-Bl"))
    assert err.value.msg_id == "tac.refuse.not_in_hand"
    assert snapshot(state) == before


# =============================================================================================
# Strength: the key ring, ties on chord
# =============================================================================================

@pytest.mark.parametrize("key, order", [("C", "CDEFGAB"), ("A", "ABCDEFG"), ("E", "EFGABCD"),
                                        ("F", "FGABCDE"), ("G", "GABCDEF"), ("B", "BCDEFGA")])
def test_strength_order_follows_the_key_ring_with_wrap_around(key, order):
    assert "".join(strength_order("ABCDEFG".index(key))) == order


@pytest.mark.parametrize("key", range(7))
def test_every_stronger_chord_beats_every_weaker_one_whatever_the_colour(key):
    ring = strength_order(key)
    for i, strong in enumerate(ring):
        for weak in ring[i + 1:]:
            # the weaker card leads (so it holds the lead colour), the stronger is off-colour
            trick = [card(weak + "-Bl"), card(strong + "-Ly")]
            assert winning_position(trick, key, None) == 1, (strong, weak)
            assert winning_position(trick[::-1], key, None) == 0, (strong, weak)


@pytest.mark.parametrize("key, winner", [
    ("C", 3),   # C > D > E > F > G > A > B: D of seat 3
    ("A", 1),   # A strongest
    ("G", 2),   # G strongest
    ("F", 2),   # F > G > A: G beats A (wrap-around)
    ("E", 0),   # E strongest
    ("B", 3),   # B > C > D > E: D
])
def test_played_trick_goes_to_the_strongest_chord_under_the_key(key, winner):
    state = position(["E-Bl", "A-Bl", "G-Bl", "D-Bl"], key=key, leader=0)
    play(state, "E-Bl", "A-Bl", "G-Bl", "D-Bl")
    assert last_event(state, "trick_won")["seat"] == winner


def test_stronger_chord_wins_whatever_its_colour():
    state = play(position(["E-Bl", "D-Ly", "F-Bl", "G-Bl"], key="C"),
                 "E-Bl", "D-Ly", "F-Bl", "G-Bl")
    assert last_event(state, "trick_won")["seat"] == 1


def test_tie_on_chord_goes_to_the_lead_colour_card_even_if_played_later():
    state = play(position(["E-Bl", "D-Ly", "D-Bl", "F-Bl"], key="C"),
                 "E-Bl", "D-Ly", "D-Bl", "F-Bl")
    assert last_event(state, "trick_won")["seat"] == 2


@pytest.mark.parametrize("hands, winner", [
    (["E-Bl", "D-Ly", "D-Sw", "F-Bl"], 1),
    (["E-Bl", "F-Bl", "D-Sw", "D-Ly"], 2),
])
def test_tie_on_chord_without_lead_colour_goes_to_the_earliest(hands, winner):
    state = play(position(hands, key="C"), *hands)
    assert last_event(state, "trick_won")["seat"] == winner


# =============================================================================================
# Key Change
# =============================================================================================

def test_pair_changes_the_key_after_the_trick_and_the_key_changer_leads():
    state = position(["E-Bl F-Sw", "F-Bl C-Sw", "F-Ly A-Sw", "G-Bl D-Sw"], key="C", leader=0,
                     venue=3)
    play(state, "E-Bl", "F-Bl", "F-Ly", "G-Bl")
    assert last_event(state, "trick_won")["seat"] == 0          # E is strongest under C
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"], change["previous"]) == (2, "F", "C")
    assert key_name(state) == "F"
    assert state.current_player == 2                             # the Key Changer, not winner
    assert last_event(state, "lead")["seat"] == 2
    play(state, "A-Sw", "D-Sw", "F-Sw", "C-Sw")                  # under key F, F beats C
    assert last_event(state, "trick_won")["seat"] == 0
    assert row(state, 0)["spotlight"] and row(state, 0)["score"] == 30


def test_key_chord_in_force_during_a_trick_is_the_old_one():
    state = position(["G-Bl C-So", "A-Bl D-So", "A-Ly E-So", "B-Bl A-So"], key="C", leader=0,
                     venue=3)
    play(state, "G-Bl", "A-Bl", "A-Ly", "B-Bl")                  # A pair: key A from next trick
    won = last_event(state, "trick_won")
    assert won["seat"] == 0 and not won["with_key_chord"]        # G beats A under C
    assert state.spotlight is None
    assert key_name(state) == "A" and state.current_player == 2
    play(state, "E-So", "A-So", "C-So", "D-So")                  # now A is the Key Chord
    won = last_event(state, "trick_won")
    assert won["seat"] == 3 and won["with_key_chord"]
    assert last_event(state, "spotlight")["seat"] == 3 and row(state, 3)["spotlight"]


@pytest.mark.parametrize("hands, played, changer, winner", [
    (["D-Bl G-Ea", "E-Bl A-Ea", "E-Ly B-Ea", "E-Sw C-Ea"],
     ["D-Bl", "E-Bl", "E-Ly", "E-Sw"], 3, 0),
    (["E-Bl G-Ea", "E-Ly A-Ea", "E-Sw B-Ea", "D-Bl C-Ea"],
     ["E-Bl", "E-Ly", "E-Sw", "D-Bl"], 2, 3),
])
def test_triple_makes_the_last_player_of_the_chord_the_key_changer(hands, played, changer,
                                                                    winner):
    state = play(position(hands, key="C"), *played)
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (changer, "E")
    assert last_event(state, "trick_won")["seat"] == winner
    assert key_name(state) == "E" and state.current_player == changer


@pytest.mark.parametrize("hands, played, changer, winner", [
    # lead A, B, A, B: the A pair (the Lead Player's chord) wins though B is the key
    (["A-Bl C-Ea", "B-Bl D-Ea", "A-Ly E-Ea", "B-Ly F-Ea"],
     ["A-Bl", "B-Bl", "A-Ly", "B-Ly"], 2, 1),
    # lead A, A, B, B
    (["A-Bl C-Ea", "A-Ly D-Ea", "B-Bl E-Ea", "B-Ly F-Ea"],
     ["A-Bl", "A-Ly", "B-Bl", "B-Ly"], 1, 2),
])
def test_special_case_1_two_pairs_the_lead_players_chord_wins(hands, played, changer, winner):
    state = play(position(hands, key="B"), *played)
    changes = events_of(state, "key_change")
    assert len(changes) == 1
    assert (changes[0]["seat"], changes[0]["chord"]) == (changer, "A")
    assert key_name(state) == "A" and state.current_player == changer
    assert last_event(state, "trick_won")["seat"] == winner


def test_special_case_2_key_change_to_the_current_key():
    state = position(["D-Bl C-Ea", "C-Bl D-Ea", "C-Ly E-Ea", "E-Bl F-Ea"], key="C")
    play(state, "D-Bl", "C-Bl", "C-Ly", "E-Bl")
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"], change["same_key"]) == (2, "C", True)
    assert key_name(state) == "C"                                # the marker stays
    assert state.current_player == 2                             # but the changer leads
    assert last_event(state, "trick_won")["seat"] == 1 and state.spotlight == 1


def test_without_key_change_the_winner_leads_next():
    state = position(["E-Bl C-Ea", "D-Bl G-Ea", "F-Bl A-Ea", "G-Bl B-Ea"], key="C")
    play(state, "E-Bl", "D-Bl", "F-Bl", "G-Bl")
    assert not events_of(state, "key_change")
    assert last_event(state, "trick_won")["seat"] == 1
    assert state.current_player == 1 and key_name(state) == "C"


def test_key_change_on_the_last_trick_does_nothing_and_the_venue_ends():
    state = position(["D-Bl", "E-Bl", "E-Ly", "F-Bl"], key="C", leader=0)
    play(state, "D-Bl", "E-Bl", "E-Ly", "F-Bl")                  # 1-card hands: last trick
    assert not events_of(state, "key_change")
    ignored = last_event(state, "key_change_ignored")
    assert (ignored["seat"], ignored["chord"]) == (2, "E")
    assert last_event(state, "trick_won")["seat"] == 0           # winner as usual
    assert len(events_of(state, "venue_scores")) == 1
    assert state.venue == 1 and len(events_of(state, "venue_start")) == 2
    assert row(state, 0)["tricks"] == 1
    assert state.current_player == 1                             # venue 2: seat 1 leads


# =============================================================================================
# Improvisation
# =============================================================================================

EX2_HANDS = ["D-Bl A-Sw B-Ea", "E-Bl B-Sw A-Ea", "F-Bl E-Sw D-So", "D-Ly G-Sw G-Ea"]


def test_improvisation_when_the_4th_player_matches_the_lead_chord():
    state = play(position(EX2_HANDS, key="C"), "D-Bl", "E-Bl", "F-Bl", "D-Ly")
    impro = last_event(state, "improvisation")
    assert (impro["seat"], impro["chord"], impro["trick"], impro["round"]) == (3, "D", 1, 2)
    assert not events_of(state, "trick_won")
    assert state.current_player == 3                             # the 4th player leads round 2
    table = state.view(0)["trick"]
    assert table["facedown"] == 4 and table["cards"] == [] and table["round"] == 2
    assert table["leader"] == 3 and table["order"] == [3, 0, 1, 2]


def test_improvisation_only_last_round_decides_and_winner_takes_every_card():
    state = play(position(EX2_HANDS, key="C"), "D-Bl", "E-Bl", "F-Bl", "D-Ly")
    play(state, "G-Sw", "A-Sw", "B-Sw", "E-Sw")
    won = last_event(state, "trick_won")
    assert won["seat"] == 2                                      # D Bluesy of round 1 is moot
    assert won["rounds"] == 2 and won["improvisation"]
    assert sorted(codes(won["cards"])) == sorted(["D-Bl", "E-Bl", "F-Bl", "D-Ly",
                                                  "G-Sw", "A-Sw", "B-Sw", "E-Sw"])
    assert codes(won["final_round"]) == ["G-Sw", "A-Sw", "B-Sw", "E-Sw"]
    assert state.tricks == [0, 0, 2, 0] and state.impro == [0, 0, 1, 0]
    assert bin(state.won[2]).count("1") == 8
    assert state.current_player == 2 and state.trick_no == 2 and state.rounds == 1


def test_improvisation_takes_the_place_of_a_key_change_in_that_round():
    state = position(["D-Bl A-Sw", "E-Bl B-Sw", "E-Ly G-Sw", "D-Ly F-Sw"], key="C")
    play(state, "D-Bl", "E-Bl", "E-Ly", "D-Ly")                  # E pair, but 4th matches D
    assert len(events_of(state, "improvisation")) == 1
    assert not events_of(state, "key_change") and key_name(state) == "C"
    play(state, "F-Sw", "A-Sw", "B-Sw", "G-Sw")
    assert last_event(state, "trick_won")["seat"] == 3
    assert not events_of(state, "key_change") and not events_of(state, "key_change_ignored")


def test_pair_in_the_final_round_of_an_improvisation_changes_the_key():
    state = position(["A-Bl E-Sw G-Ea", "B-Bl E-So F-Ea", "C-Bl F-Sw B-Ea", "A-Ly D-Sw D-Ea"],
                     key="C")
    play(state, "A-Bl", "B-Bl", "C-Bl", "A-Ly")                  # Improvisation
    play(state, "D-Sw", "E-Sw", "E-So", "F-Sw")                  # E pair in round 2
    won = last_event(state, "trick_won")
    assert won["seat"] == 3 and won["rounds"] == 2
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (1, "E")
    assert key_name(state) == "E" and state.current_player == 1


LIMIT4_HANDS = ["A-Bl F-Sw D-Ly F-Bl C-So", "B-Bl G-Sw G-Ea F-Ea C-Sw",
                "D-Bl E-So G-Ly B-Ea A-So", "A-Ly E-Sw B-Ly D-Ea E-Bl"]
LIMIT4_ROUNDS = [("A-Bl", "B-Bl", "D-Bl", "A-Ly"),      # led by 0, seat 3 matches A
                 ("E-Sw", "F-Sw", "G-Sw", "E-So"),      # led by 3, seat 2 matches E
                 ("G-Ly", "B-Ly", "D-Ly", "G-Ea"),      # led by 2, seat 1 matches G
                 ("F-Ea", "B-Ea", "D-Ea", "F-Bl")]      # led by 1, seat 0 matches F: blocked


def limit4_position(**options):
    """Three Improvisations in a row in 4p, then a fourth match that the limit blocks."""
    state = position(LIMIT4_HANDS, key="C", leader=0, venue=3, options=options or None)
    for r in LIMIT4_ROUNDS:
        play(state, *r)
    return state


def test_successive_improvisations_up_to_the_limit_of_3_in_4p():
    state = limit4_position()
    impros = events_of(state, "improvisation")
    assert [(e["seat"], e["round"]) for e in impros] == [(3, 2), (2, 3), (1, 4)]
    blocked = last_event(state, "improvisation_blocked")
    assert (blocked["reason"], blocked["seat"]) == ("limit", 0)
    won = last_event(state, "trick_won")
    assert won["seat"] == 3 and won["rounds"] == 4 and len(won["cards"]) == 16
    assert state.tricks[3] == 4 and state.impro[3] == 1          # one bonus for 4 rounds


def test_blocked_improvisation_counts_as_key_change_by_the_4th_player_by_default():
    state = limit4_position()
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (0, "F")
    assert key_name(state) == "F" and state.current_player == 0
    play(state, "C-So", "C-Sw", "A-So", "E-Bl")                  # key F: A beats C
    assert last_event(state, "trick_won")["seat"] == 2
    r = row(state, 3)
    assert (r["tricks"], r["improvisations"], r["score"]) == (4, 1, 25)
    assert row(state, 2)["score"] == 10


def test_blocked_improvisation_changes_nothing_when_the_option_is_off():
    state = limit4_position(blocked_improvisation_changes_key=False)
    assert len(events_of(state, "improvisation_blocked")) == 1
    assert not events_of(state, "key_change")
    assert key_name(state) == "C" and state.current_player == 3  # the winner leads
    play(state, "E-Bl", "C-So", "C-Sw", "A-So")                  # key C: C Soulful, earliest
    won = last_event(state, "trick_won")
    assert won["seat"] == 0 and won["with_key_chord"] and state.spotlight == 0


@pytest.mark.parametrize("option, changer, chord", [(True, 0, "F"), (False, 3, "B")])
def test_blocked_improvisation_with_a_second_pair(option, changer, chord):
    """On: two pairs, the lead chord's (the 4th player's) wins. Off: the other pair counts."""
    hands = LIMIT4_HANDS[:3] + ["A-Ly E-Sw B-Ly B-So E-Bl"]
    state = position(hands, key="C", leader=0, venue=3,
                     options={"blocked_improvisation_changes_key": option})
    for r in LIMIT4_ROUNDS[:3]:
        play(state, *r)
    play(state, "F-Ea", "B-Ea", "B-So", "F-Bl")                  # F .. F blocked, B pair
    assert last_event(state, "improvisation_blocked")["reason"] == "limit"
    assert last_event(state, "trick_won")["seat"] == 1           # F Earthy, the lead colour
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (changer, chord)
    assert state.current_player == changer


def test_improvisation_limit_is_2_in_3p_and_the_non_player_never_wins():
    state = position(["A-Bl F-Ly G-So C-So", "C-Bl D-Ea G-Ea F-Sw", "A-Ly D-Ly E-Ea E-Sw",
                      "B-Sw E-So B-Bl A-Sw"], key="C", leader=0, players=3, venue=2)
    play(state, "A-Bl", "C-Bl", "A-Ly")          # 0, [non-player B-Sw], 1, 2 matches A
    play(state, "D-Ly", "F-Ly", "D-Ea")          # 2, [E-So], 0, 1 matches D
    play(state, "G-Ea", "E-Ea", "G-So")          # 1, [B-Bl], 2, 0 matches G: limit reached
    assert [(e["seat"], e["round"]) for e in events_of(state, "improvisation")] == [(2, 2),
                                                                                   (1, 3)]
    assert last_event(state, "improvisation_blocked")["reason"] == "limit"
    won = last_event(state, "trick_won")
    assert won["seat"] == 2 and won["rounds"] == 3 and len(won["cards"]) == 12
    change = last_event(state, "key_change")                     # HR-TAC1: 4th player
    assert (change["seat"], change["chord"]) == (0, "G") and state.current_player == 0
    play(state, "C-So", "F-Sw", "E-Sw")          # 0, [A-Sw strongest under G], 1, 2
    assert last_event(state, "trick_won")["seat"] == 0           # C beats F and E under G
    assert (row(state, 2)["tricks"], row(state, 2)["score"]) == (3, 45)
    assert row(state, 0)["score"] == 10 and state.is_over


def test_no_improvisation_on_the_last_trick_after_an_improvisation():
    """2-card hands: round 1 improvises, round 2 is everyone's last card, so the last trick."""
    state = position(["A-Bl E-Sw", "B-Bl F-Sw", "C-Ly D-So", "A-Ly D-Sw"], key="C", venue=3)
    play(state, "A-Bl", "B-Bl", "C-Ly", "A-Ly")
    assert len(events_of(state, "improvisation")) == 1
    play(state, "D-Sw", "E-Sw", "F-Sw", "D-So")                  # 4th matches D again
    assert len(events_of(state, "improvisation")) == 1
    assert last_event(state, "improvisation_blocked")["reason"] == "last_trick"
    ignored = last_event(state, "key_change_ignored")            # HR-TAC1: does nothing
    assert (ignored["seat"], ignored["chord"]) == (2, "D")
    assert not events_of(state, "key_change")
    won = last_event(state, "trick_won")
    assert won["seat"] == 3 and won["rounds"] == 2               # D Swingy: lead colour
    r = row(state, 3)
    assert (r["tricks"], r["improvisations"], r["score"]) == (2, 1, 35)
    assert state.is_over


def test_last_trick_is_the_round_where_every_seat_plays_its_last_card():
    """HR-TAC3: with 1-card hands the very first round is the last trick."""
    state = position(["C-Bl", "D-Bl", "E-Bl", "C-Ly"], key="C", venue=3)
    play(state, "C-Bl", "D-Bl", "E-Bl", "C-Ly")
    assert not events_of(state, "improvisation")
    assert last_event(state, "improvisation_blocked")["reason"] == "last_trick"
    won = last_event(state, "trick_won")
    assert won["seat"] == 0 and won["rounds"] == 1 and not won["improvisation"]
    assert state.impro == [0, 0, 0, 0] and state.is_over


def test_round_before_the_last_may_still_improvise():
    state = position(["A-Bl E-Sw", "B-Bl F-Sw", "C-Ly D-So", "A-Ly D-Sw"], key="C")
    assert state.view(0)["trick"]["is_last"] is False
    play(state, "A-Bl", "B-Bl", "C-Ly", "A-Ly")
    assert state.rounds == 2 and state.view(0)["trick"]["is_last"] is True


# --- HR-TAC2: in later rounds only the current round's face-up cards may be matched ----------

FACE_UP_HANDS = ["A-Bl B-So E-Sw", "B-Bl F-Sw G-Ea", "C-Bl G-Sw E-Ea", "A-Ly D-Sw F-Ea"]


def test_later_round_cannot_match_a_face_down_chord_by_default():
    state = play(position(FACE_UP_HANDS, key="C"), "A-Bl", "B-Bl", "C-Bl", "A-Ly", "D-Sw")
    assert state.current_player == 0 and state.rounds == 2
    assert legal_codes(state) == ["E-Sw"]          # B Soulful: B is only face down
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(move("B-So"))
    assert err.value.message == (
        "You must follow Swingy (you hold E Swingy) or match a chord already face up in this round.")
    assert snapshot(state) == before


def test_later_round_may_match_a_face_down_chord_when_the_option_is_off():
    state = play(position(FACE_UP_HANDS, key="C", options={"match_face_up_round_only": False}),
                 "A-Bl", "B-Bl", "C-Bl", "A-Ly", "D-Sw")
    assert sorted(legal_codes(state)) == ["B-So", "E-Sw"]


VOID_HANDS = ["A-Bl B-So E-Ea", "B-Bl F-Sw G-Ea", "C-Bl G-Sw E-So", "A-Ly D-Sw F-Ea"]


@pytest.mark.parametrize("face_up_only, changer", [(True, None), (False, 0)])
def test_face_down_pair_causes_a_key_change_only_when_the_option_is_off(face_up_only, changer):
    state = position(VOID_HANDS, key="C", options={"match_face_up_round_only": face_up_only})
    play(state, "A-Bl", "B-Bl", "C-Bl", "A-Ly")                  # impro: B Bluesy face down
    play(state, "D-Sw", "B-So", "F-Sw", "G-Sw")                  # seat 0 has no Swingy
    assert last_event(state, "trick_won")["seat"] == 3
    changes = events_of(state, "key_change")
    if changer is None:
        assert not changes and key_name(state) == "C" and state.current_player == 3
    else:
        assert [(e["seat"], e["chord"]) for e in changes] == [(0, "B")]
        assert key_name(state) == "B" and state.current_player == 0


TWO_PAIR_HANDS = ["A-Bl B-So G-Ly", "B-Bl C-Ea G-Ea", "C-Bl E-Ea F-Ly", "A-Ly D-Sw F-Sw"]


def test_two_pairs_without_the_lead_chord_the_pair_completed_first_decides():
    """HR-TAC4: with face-down matches allowed, B pairs (2nd card) before C (3rd, stronger): B."""
    state = position(TWO_PAIR_HANDS, key="C", options={"match_face_up_round_only": False})
    play(state, "A-Bl", "B-Bl", "C-Bl", "A-Ly")                  # impro: A, B, C face down
    play(state, "D-Sw", "B-So", "C-Ea", "E-Ea")                  # seat 3 leads; B, then C pair
    assert last_event(state, "trick_won")["seat"] == 1           # C is strongest under C
    assert [(e["seat"], e["chord"]) for e in events_of(state, "key_change")] == [(0, "B")]
    assert key_name(state) == "B" and state.current_player == 0


# =============================================================================================
# Spotlight Card
# =============================================================================================

def test_spotlight_taken_from_the_centre_then_from_its_holder():
    state = position(["C-Bl G-Sw", "D-Bl C-Ly", "E-Bl A-Sw", "F-Bl B-Sw"], key="C", venue=3)
    play(state, "C-Bl", "D-Bl", "E-Bl", "F-Bl")
    first = last_event(state, "spotlight")
    assert (first["seat"], first["previous"]) == (0, None) and state.spotlight == 0
    play(state, "G-Sw", "C-Ly", "A-Sw", "B-Sw")                  # seat 1 wins with C
    second = last_event(state, "spotlight")
    assert (second["seat"], second["previous"]) == (1, 0)
    assert [row(state, s)["score"] for s in range(4)] == [10, 20, 0, 0]
    assert [row(state, s)["spotlight"] for s in range(4)] == [False, True, False, False]


def test_spotlight_stays_when_its_holder_wins_with_the_key_again():
    state = position(["C-Bl C-Sw", "D-Bl G-Sw", "E-Bl A-Sw", "F-Bl B-Sw"], key="C", venue=3)
    play(state, "C-Bl", "D-Bl", "E-Bl", "F-Bl", "C-Sw", "G-Sw", "A-Sw", "B-Sw")
    assert len(events_of(state, "spotlight")) == 1
    assert all(e["with_key_chord"] for e in events_of(state, "trick_won"))
    r = row(state, 0)
    assert (r["tricks"], r["spotlight"], r["chart"]) == (2, True, 30)


def test_winning_without_the_key_chord_leaves_the_spotlight_where_it_is():
    state = position(["C-Bl G-Sw", "D-Bl D-Sw", "E-Bl A-Sw", "F-Bl B-Sw"], key="C", venue=3)
    play(state, "C-Bl", "D-Bl", "E-Bl", "F-Bl", "G-Sw", "D-Sw", "A-Sw", "B-Sw")
    assert last_event(state, "trick_won")["seat"] == 1
    assert len(events_of(state, "spotlight")) == 1
    assert row(state, 0)["spotlight"] and not row(state, 1)["spotlight"]


def test_spotlight_returns_to_the_centre_for_the_next_venue():
    state = position(["C-Bl", "D-Ly", "E-Sw", "F-So"], key="C", venue=0)
    play(state, "C-Bl", "D-Ly", "E-Sw", "F-So")
    assert row(state, 0)["spotlight"] and row(state, 0)["score"] == 20
    assert state.venue == 1 and state.spotlight is None
    assert state.view(None)["spotlight"] is None


# =============================================================================================
# Venue scoring, the end of the game
# =============================================================================================

@pytest.mark.parametrize("tricks, points", list(enumerate([0, 10, 20, 30, 10, 0, -10, -20,
                                                          -30, -40])))
def test_venue_scoring_chart(tricks, points):
    assert CHART[tricks] == points
    assert venue_score(tricks, False, 0) == points
    if tricks:
        assert venue_score(tricks - 1, True, 0) == points          # the Spotlight is a trick
    assert venue_score(tricks, False, 1) == points + 15


def finished_game(players):
    """A seeded game played to its end with the lowest legal card each time."""
    return play_first_legal(pygame_rules.new_game("take-a-chord", players, seed=11))


@pytest.mark.parametrize("totals, impros, winners, how", [
    ([10, 30, 20, 0], [3, 0, 0, 0], [1], "none"),
    ([30, 30, 20, 0], [0, 2, 5, 0], [1], "improvisations"),
    ([30, 30, 30, -5], [1, 1, 0, 3], [0, 1], "shared"),
    ([5, 5, 5, 5], [0, 0, 0, 0], [0, 1, 2, 3], "shared"),
])
def test_final_winner_and_tie_breaks(totals, impros, winners, how):
    state = finished_game(4)
    state.totals, state.impro_totals = totals, impros
    assert state._ranking() == (winners, how)
    assert state.winners() == winners


def test_final_winner_in_3p_with_tie_on_improvisations():
    state = finished_game(3)
    state.totals, state.impro_totals = [40, 40, 10], [1, 2, 9]
    assert state._ranking() == ([1], "improvisations")


def test_full_game_totals_are_the_sum_of_venue_scores_and_game_end_names_the_winners():
    state = pygame_rules.new_game("take-a-chord", 4, seed=5)
    assert state.winners() == []
    play_first_legal(state)
    assert len(state.venue_rows) == 4 and len(events_of(state, "venue_scores")) == 4
    sums = [sum(rows[s]["score"] for rows in state.venue_rows) for s in range(4)]
    end = last_event(state, "game_end")
    assert end["scores"] == sums == state.scores()
    assert end["winners"] == state.winners() != []
    assert max(sums) == sums[state.winners()[0]]
    assert end["improvisations"] == [sum(rows[s]["improvisations"] for rows in state.venue_rows)
                                     for s in range(4)]


# =============================================================================================
# Dealer rotation
# =============================================================================================

@pytest.mark.parametrize("players", [3, 4])
def test_each_player_leads_the_first_trick_of_exactly_one_venue(players):
    state = pygame_rules.new_game("take-a-chord", players, seed=3)
    play_first_legal(state)
    starts = events_of(state, "venue_start")
    assert len(starts) == players
    assert sorted(e["leader"] for e in starts) == list(range(players))
    assert all(e["dealer"] == (e["leader"] - 1) % players for e in starts)
    # the first card of each venue is played by that venue's leader
    first_plays, waiting = [], False
    for e in state.events:
        if e["type"] == "venue_start":
            waiting = True
        elif e["type"] == "card_played" and waiting:
            first_plays.append(e["seat"])
            waiting = False
    assert first_plays == [e["leader"] for e in starts]


# =============================================================================================
# 3 players: the non-player (seat 3)
# =============================================================================================

NP_HANDS = ["E-Bl A-Sw", "F-Bl B-Sw", "G-Bl D-Sw", "D-Ly C-Bl"]   # 4th list: the stack


def test_non_player_plays_second_from_the_top_of_its_stack_ignoring_colour():
    state = position(NP_HANDS, key="C", leader=0, players=3)
    assert state.current_player == 0
    play(state, "E-Bl")
    np_card = last_event(state, "card_played")
    assert (np_card["seat"], np_card["non_player"], codes([np_card["card"]])) == \
        (NON_PLAYER, True, ["D-Ly"])                             # though C Bluesy is below it
    assert state.current_player == 1
    assert [e["seat"] for e in events_of(state, "card_played")] == [0, NON_PLAYER]


def test_non_player_is_never_the_current_player_and_its_stack_goes_in_list_order():
    state = position(NP_HANDS, key="C", leader=0, players=3, venue=2)
    seen = []
    for c in ["E-Bl", "F-Bl", "G-Bl", "A-Sw", "B-Sw", "D-Sw"]:
        seen.append(state.current_player)
        play(state, c)
    assert NON_PLAYER not in seen
    stack = [e["card"] for e in events_of(state, "card_played") if e["seat"] == NON_PLAYER]
    assert codes(stack) == ["D-Ly", "C-Bl"]


def test_non_player_never_wins_and_its_card_goes_to_the_winner():
    state = position(NP_HANDS, key="C", leader=0, players=3, venue=2)
    play(state, "E-Bl", "F-Bl", "G-Bl")          # non-player's D Lyrical is strongest
    won = last_event(state, "trick_won")
    assert won["seat"] == 0                                      # E: strongest real player
    assert card("D-Ly") in won["cards"] and len(won["cards"]) == 4
    assert state.won[0] >> card("D-Ly") & 1
    play(state, "A-Sw", "B-Sw", "D-Sw")          # non-player's C Bluesy is the Key Chord
    won = last_event(state, "trick_won")
    assert won["seat"] == 2 and not won["with_key_chord"]
    assert not events_of(state, "spotlight")


def test_same_chord_option_may_match_the_non_players_card():
    state = position(["E-Bl B-Sw", "D-Bl C-Sw", "A-Bl G-So", "G-Ly F-Ea"], key="C", players=3)
    play(state, "E-Bl", "D-Bl")                  # non-player shows G Lyrical
    assert sorted(legal_codes(state)) == ["A-Bl", "G-So"]
    play(state, "G-So")
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (2, "G")        # the 4th player, with its card
    assert last_event(state, "trick_won")["seat"] == 1 and state.current_player == 2


def test_3rd_player_may_pair_with_the_non_players_card():
    state = position(["E-Bl B-Sw", "G-Bl C-Sw", "F-Bl A-So", "G-Ly F-Ea"], key="C", players=3)
    play(state, "E-Bl", "G-Bl", "F-Bl")
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (1, "G")
    assert last_event(state, "trick_won")["seat"] == 0 and state.current_player == 1


LEAD_NP_HANDS = ["E-Bl A-Sw", "D-Bl B-Sw", "F-Bl G-Sw", "E-Ly C-So"]


def test_lead_and_non_player_alone_on_one_chord_make_no_key_change():
    """HR-TAC5: the non-player never changes the key, even paired with the Lead Player."""
    state = play(position(LEAD_NP_HANDS, key="C", players=3), "E-Bl", "D-Bl", "F-Bl")
    assert not events_of(state, "key_change")
    assert last_event(state, "trick_won")["seat"] == 1
    assert key_name(state) == "C" and state.current_player == 1


def test_lead_and_non_player_pair_makes_the_leader_key_changer_with_the_option():
    state = play(position(LEAD_NP_HANDS, key="C", players=3,
                          options={"non_player_pair_changes_key": True}), "E-Bl", "D-Bl", "F-Bl")
    change = last_event(state, "key_change")
    assert (change["seat"], change["chord"]) == (0, "E")
    assert last_event(state, "trick_won")["seat"] == 1
    assert key_name(state) == "E" and state.current_player == 0


@pytest.mark.parametrize("option", [False, True])
def test_3p_special_case_lead_and_non_player_pair_plus_another_pair(option):
    """Lead and non-player play E, the other two play F: the 4th player is the Key Changer."""
    state = position(["E-Bl A-Sw", "F-Bl B-Sw", "F-Sw G-Ea", "E-Ly C-So"], key="C", players=3,
                     options={"non_player_pair_changes_key": option})
    play(state, "E-Bl", "F-Bl", "F-Sw")
    changes = events_of(state, "key_change")
    assert [(e["seat"], e["chord"]) for e in changes] == [(2, "F")]
    assert last_event(state, "trick_won")["seat"] == 0
    assert key_name(state) == "F" and state.current_player == 2


def test_3p_game_has_three_venues():
    state = pygame_rules.new_game("take-a-chord", 3, seed=8)
    seats = set()
    while not state.is_over:
        seats.add(state.current_player)
        state.apply(state.legal_actions()[0])
    assert seats == {0, 1, 2}
    assert len(events_of(state, "venue_scores")) == 3 and len(state.venue_rows) == 3
    assert all(len(rows) == 3 for rows in state.venue_rows)
    assert len(events_of(state, "game_end")) == 1


# =============================================================================================
# Events
# =============================================================================================

def test_card_played_events_carry_seat_chord_colour_trick_and_round():
    state = play(position(EX2_HANDS, key="C"), "D-Bl", "E-Bl", "F-Bl", "D-Ly", "G-Sw")
    got = [(e["seat"], e["chord"], e["colour"], e["trick"], e["round"], e["non_player"])
           for e in events_of(state, "card_played")]
    assert got == [(0, "D", 0, 1, 1, False), (1, "E", 0, 1, 1, False), (2, "F", 0, 1, 1, False),
                   (3, "D", 1, 1, 1, False), (3, "G", 2, 1, 2, False)]
    assert [e["card"] for e in events_of(state, "card_played")] == \
        cards("D-Bl E-Bl F-Bl D-Ly G-Sw")


def test_trick_won_event_carries_winner_cards_rounds_and_key_chord_flag():
    state = position(["C-Bl G-Sw", "D-Bl C-Ly", "E-Bl A-Sw", "F-Bl B-Sw"], key="C")
    play(state, "C-Bl", "D-Bl", "E-Bl", "F-Bl")
    won = last_event(state, "trick_won")
    assert won["seat"] == 0 and won["trick"] == 1 and won["rounds"] == 1
    assert sorted(won["cards"]) == sorted(cards("C-Bl D-Bl E-Bl F-Bl"))
    assert won["with_key_chord"] is True and won["improvisation"] is False
    assert won["card"] == card("C-Bl") and won["order"] == [0, 1, 2, 3]


def test_key_change_event_carries_seat_chord_and_previous_key():
    state = play(position(["E-Bl F-Sw", "F-Bl C-Sw", "F-Ly A-Sw", "G-Bl D-Sw"], key="C"),
                 "E-Bl", "F-Bl", "F-Ly", "G-Bl")
    change = last_event(state, "key_change")
    assert {k: change[k] for k in ("seat", "chord", "previous", "same_key")} == \
        {"seat": 2, "chord": "F", "previous": "C", "same_key": False}
    # the key change is announced after the trick is won, then the next leader
    kinds = [e["type"] for e in state.events[-3:]]
    assert kinds == ["trick_won", "key_change", "lead"]


def test_venue_scores_and_game_end_events():
    state = position(["C-Bl", "D-Ly", "E-Sw", "F-So"], key="C", venue=3)
    play(state, "C-Bl", "D-Ly", "E-Sw", "F-So")
    scores = last_event(state, "venue_scores")
    assert scores["venue"] == 4 and len(scores["rows"]) == 4
    assert {k: scores["rows"][0][k] for k in ("seat", "tricks", "spotlight", "improvisations",
                                              "chart", "bonus", "score", "total")} == \
        {"seat": 0, "tricks": 1, "spotlight": True, "improvisations": 0, "chart": 20,
         "bonus": 0, "score": 20, "total": 20}
    end = last_event(state, "game_end")
    assert end["scores"] == [20, 0, 0, 0] and end["winners"] == [0]
    assert end["improvisations"] == [0, 0, 0, 0] and end["tie_break"] == "none"
    assert state.events[-1] is end and state.winners() == [0]
