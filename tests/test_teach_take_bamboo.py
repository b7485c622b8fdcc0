"""TAKE トリックの翁's teachable moments (issue 20): each comes in a scripted position where its
rule first applies, and not a move before."""

import teach_helpers
from pygame_rules import teach
from take_helpers import action, card, cards, position
from teach_helpers import at

NAMES = ["Ana", "Bo", "Cy", "Di"]
LAST = 2                       # the last round: no new deal after the scripted trick


def taught(state, seat, moves):
    """[(move index, lesson id)] given to `seat` while the moves (take_helpers shorthand:
    'Or7', 'left', 'accept', ('extra', 'Bi9')…) are played."""
    return teach_helpers.taught(state, seat, moves, lambda m: action(state, m))


def lesson_of(state, seat, moves, lesson_id):
    """The lesson itself, given to `seat` while the moves are played."""
    return teach_helpers.lesson_of(state, seat, moves, lesson_id, lambda m: action(state, m))


def say(item, lang="en"):
    """The lesson's sentence with the table's names."""
    return teach.words("take-bamboo", item, NAMES[:3], lang)[1]


# --- the round's start ---------------------------------------------------------------------------
PASS_HANDS = ["Or9 Or8 Bi1", "Bi9 Bi8 St1", "St9 St8 Or1"]


def test_the_aim_comes_first_at_the_deal_before_the_pass():
    """The first look teaches the aim: exactly 25, or the closest above it among those who
    reach it; it comes before the pass (seat 0) or alone (seat 1, whose pass comes later),
    with the seat's own marker lit."""
    found = taught(position(PASS_HANDS, passing=True), 1, [("pass", "Or9", "Or8")])
    assert found[:2] == [(0, "aim"), (1, "pass")]
    assert taught(position(PASS_HANDS, passing=True), 0, [])[:2] == [(0, "aim"), (0, "pass")]
    item = lesson_of(position(PASS_HANDS, passing=True), 1, [], "aim")
    assert item["params"] == {"target": 25, "rounds": 3} and item["marks"] == [["track", 1]]
    assert say(item).startswith("Your aim: exactly 25 points. The game ends when someone "
                                "reaches 25, and among those at 25 or more, the closest to 25 "
                                "wins: 26 beats 27.")
    assert say(item, "ja").startswith("目標はちょうど25点")


def test_passing_is_taught_on_your_own_pass_not_before():
    """Seat 1 passes after the dealer: taught after seat 0's pass, with its two neighbours."""
    found = taught(position(PASS_HANDS, passing=True), 1, [("pass", "Or9", "Or8")])
    assert at(found, "pass") == 1
    item = lesson_of(position(PASS_HANDS, passing=True), 1, [("pass", "Or9", "Or8")], "pass")
    assert item["params"] == {"left": 2, "right": 0}
    assert sorted(v for kind, v in item["marks"] if kind == "card") == sorted(cards("Bi9 Bi8 St1"))
    assert at(taught(position(PASS_HANDS, passing=True), 0, []), "pass") == 0
    assert at(taught(position(PASS_HANDS), 0, []), "pass") is None      # no passing step


def test_an_initial_bamboo_of_the_trump_number_is_doubled():
    """Bi5 and Or5 turn up with trump 5: seat 0's double is taught at the deal; trump 4: not."""
    draw = ["St1", "Or8", "Bi9b", "Or5", "St3", "Bi5"]
    state = position(["Or9", "Bi9", "St9"], trump=5, initial_bamboo=True, draw=draw)
    item = lesson_of(state, 1, [], "initial_double")
    assert item["params"] == {"seat": 0, "card": card("Bi5"), "deck": "nine", "trump": 5}
    assert ["stack", [0, 1]] in item["marks"]
    assert say(item) == ("Ana's initial bamboo, Biotech 5, has the trump number 5: a face-down "
                         "card lies under it, so the stack counts as 2 cards.")
    state = position(["Or9", "Bi9", "St9"], trump=4, initial_bamboo=True, draw=draw)
    assert at(taught(state, 1, []), "initial_double") is None


# --- tricks --------------------------------------------------------------------------------------
def test_lead_and_no_need_to_follow_come_on_your_own_turns():
    """Seat 1 follows Or5 (any card, no need to follow), wins with Or9, then leads."""
    hands = ["Or5 Bi3", "Or9 St4", "Bi5 St5"]
    found = taught(position(hands), 1, ["Or5", "Or9", "Bi5"])
    assert at(found, "any_card") == 1 and at(found, "lead") == 3
    item = lesson_of(position(hands), 1, ["Or5"], "any_card")
    assert item["params"] == {"colour": 0, "trump": 2}
    assert say(item).startswith("You need not follow the lead colour, Organic: play any card.")
    found = taught(position(hands), 0, ["Or5"])
    assert at(found, "lead") == 0 and at(found, "any_card") is None


def test_a_trump_win_and_a_lead_colour_win_are_taught_apart():
    """Bi2, the trump, beats Or9; in another trick Or7 is the highest Organic."""
    found = taught(position(["Or9", "Bi2", "St8"], round=LAST), 0, ["Or9", "Bi2", "St8"])
    assert at(found, "trump_win") == 3 and at(found, "trick_won") is None
    moves = ["Or5", "Bi9", "Or7", "St9"]
    found = taught(position(["Or5", "Bi9", "Or7", "St9"], round=LAST), 0, moves)
    assert at(found, "trick_won") == 4 and at(found, "trump_win") is None
    item = lesson_of(position(["Or5", "Bi9", "Or7", "St9"], round=LAST), 0, moves, "trick_won")
    assert item["params"] == {"seat": 2, "card": card("Or7"), "deck": "nine", "colour": 0}
    assert item["marks"] == [["seat", 2]]


def test_a_cards_name_follows_the_deck_option():
    """With the "six" deck the id of Bi5 is the "nine" deck's Bi7: the words say Biotech 5."""
    six = {"deck": "six"}
    state = position(["Or6", "Bi5", "St4"], trump=5, round=LAST, options=six)
    item = lesson_of(state, 0, ["Or6", "Bi5", "St4"], "trump_win")
    assert item["params"]["card"] == card("Bi5", "six") == card("Bi7")
    assert say(item).startswith("Bo wins with Biotech 5, a trump: a card numbered 5 beats")
    assert "バイオテックの5" in say(item, "ja")


def test_a_lead_colour_1_taken_back_by_a_player_who_lost():
    """Seat 1's Or1 goes to seat 1 though seat 2 wins; an off-colour 1, or a 1 that wins, is
    not that rule."""
    moves = ["Or5", "Or1", "Or9", "Bi1"]
    found = taught(position(moves, round=LAST), 3, moves)
    assert at(found, "one_taken") == 4
    item = lesson_of(position(moves, round=LAST), 3, moves, "one_taken")
    assert item["params"] == {"seat": 1, "card": card("Or1"), "deck": "nine", "winner": 2}
    assert say(item) == ("Bo played Organic 1, a 1 of the lead colour, and takes it although "
                         "Cy won the trick.")
    assert at(taught(position(["Or5", "Bi1", "Or9"], round=LAST), 0, ["Or5", "Bi1", "Or9"]),
              "one_taken") is None
    assert at(taught(position(["Or1", "Bi9", "St9"], round=LAST), 0, ["Or1", "Bi9", "St9"]),
              "one_taken") is None


TRUMP_TRICK = ["Or5", "Or1", "St2", "Bi9"]      # seat 2 wins by trump; seat 1 takes its Or1


def test_the_trump_winners_extra_chosen_from_the_trick():
    """The discard pile is empty: seat 2 is taught to choose its extra, then everyone sees it
    taken."""
    moves = TRUMP_TRICK + [("extra", "Bi9")]
    found = taught(position(TRUMP_TRICK, round=LAST), 2, moves)
    assert at(found, "extra_choice") == 4 and at(found, "extra") == 5
    assert at(found, "trump_win") == 4 and at(found, "one_taken") == 4
    item = lesson_of(position(TRUMP_TRICK, round=LAST), 2, moves, "extra_choice")
    assert sorted(v for _, v in item["marks"]) == cards("Or5 Bi9")
    found = taught(position(TRUMP_TRICK, round=LAST), 0, moves)
    assert at(found, "extra_choice") is None and at(found, "extra") == 5


def test_the_extra_from_the_discard_pile_names_no_hidden_card():
    """The top of the discard pile is taken face down: the lesson never names it."""
    state = position(["Or5", "Bi2", "St9"], discard=["Bi7", "St8"], round=LAST)
    found = taught(state, 0, ["Or5", "Bi2"])
    assert at(found, "extra") is None
    state = position(["Or5", "Bi2", "St9"], discard=["Bi7", "St8"], round=LAST)
    item = lesson_of(state, 0, ["Or5", "Bi2", "St9"], "extra")
    assert item["params"] == {"seat": 1}
    assert ["stack", [1, 1]] in item["marks"] and ["trump", None] in item["marks"]


# --- two colours and gifts -----------------------------------------------------------------------
GIFT_HANDS = ["Or1 Bi5", "St2 Bi6", "Bi9 Bi7"]     # seat 0 leads Or1: its third colour
GIFT_TRICK = ["Or1", "St2", "Bi9"]


def gift_position(tableau=("Bi3 St3", "", ""), scores=(3, 3, 3)):
    """Seat 0 holds Biotech and Stainless and takes back its lead Or1: a gift."""
    return position(GIFT_HANDS, tableau=list(tableau), scores=list(scores))


def test_two_colours_comes_when_a_third_colour_must_be_given():
    """Taught to every seat once the trick makes seat 0 gift its Or1, not a card before."""
    for seat in (0, 1):
        found = taught(gift_position(), seat, GIFT_TRICK)
        assert at(found, "two_colours") == 3
    item = lesson_of(gift_position(), 1, GIFT_TRICK, "two_colours")
    assert item["params"] == {"seat": 0, "card": card("Or1"), "deck": "nine"}
    assert item["marks"] == [["seat", 0], ["stack", [0, 1]], ["stack", [0, 2]]]
    assert say(item).startswith("Organic 1 would be a third colour for Ana")
    mine = lesson_of(gift_position(), 0, GIFT_TRICK, "two_colours")     # the giver's buttons
    assert mine["marks"] == [["seat", 0], ["action", "gift"], ["stack", [0, 1]], ["stack", [0, 2]]]
    found = taught(gift_position(tableau=("Bi3", "", "")), 1, GIFT_TRICK)   # only one colour
    assert at(found, "two_colours") is None


def test_a_gift_offered_then_refused():
    """Seat 0 offers Or1 to seat 1 (left), who refuses: seat 0 loses a point."""
    moves = GIFT_TRICK + ["left", "refuse"]
    found = taught(gift_position(), 2, moves)
    assert at(found, "gift_offered") == 4 and at(found, "gift_refused") == 5
    assert at(found, "gift_accepted") is None and at(found, "score_floor") is None
    item = lesson_of(gift_position(), 2, moves, "gift_offered")
    assert item["params"] == {"giver": 0, "receiver": 1, "card": card("Or1"), "deck": "nine",
                              "penalised": 0}
    assert item["marks"] == [["seat", 0], ["seat", 1]]
    assert ["action", "refuse"] in lesson_of(gift_position(), 1, moves, "gift_offered")["marks"]
    assert say(item) == ("Ana offers Organic 1 to Bo. If Bo accepts, both score 1 point; if "
                         "not, the card is discarded and Ana loses 1 point.")
    item = lesson_of(gift_position(), 2, moves, "gift_refused")
    assert item["params"] == {"receiver": 1, "penalised": 0}
    assert item["marks"] == [["track", 0]]


def test_the_penalty_names_the_trick_winner_under_its_house_rule():
    """HR-T9 'trick_winner': seat 1 won the trick, so seat 1 would lose the point."""
    state = position(GIFT_HANDS, tableau=["Bi3 St3", "", ""], scores=[3, 3, 3],
                     options={"penalty": "trick_winner"})
    item = lesson_of(state, 2, GIFT_TRICK + ["left"], "gift_offered")
    assert item["params"]["penalised"] == 1


def test_a_gift_accepted_scores_both():
    moves = GIFT_TRICK + ["left", "accept"]
    found = taught(gift_position(), 2, moves)
    assert at(found, "gift_accepted") == 5 and at(found, "gift_refused") is None
    item = lesson_of(gift_position(), 2, moves, "gift_accepted")
    assert item["params"] == {"giver": 0, "receiver": 1}
    assert item["marks"] == [["track", 0], ["track", 1]]


def test_a_gift_the_neighbour_must_refuse():
    """Seat 1 holds Biotech and Stainless too: its refusal is forced, and costs seat 0 a point."""
    state = gift_position(tableau=("Bi3 St3", "Bi4 St4", ""))
    found = taught(state, 2, GIFT_TRICK + ["left"])
    assert at(found, "gift_forced") == 4 and at(found, "gift_refused") == 4
    assert at(found, "gift_offered") is None


def test_the_score_floor_when_a_refusal_would_go_below_zero():
    moves = GIFT_TRICK + ["left", "refuse"]
    found = taught(gift_position(scores=(0, 3, 3)), 1, moves)
    assert at(found, "score_floor") == 5 and at(found, "gift_refused") is None
    item = lesson_of(gift_position(scores=(0, 3, 3)), 1, moves, "score_floor")
    assert say(item) == ("Ana would lose 1 point for the refused gift, but a score never goes "
                         "below 0.")


def test_a_gift_that_reaches_25_ends_the_game_at_once():
    moves = GIFT_TRICK + ["left", "accept"]
    found = taught(gift_position(scores=(24, 3, 3)), 2, moves)
    assert at(found, "target_gift") == 5 and at(found, "target") is None
    assert at(found, "round_scores") is None
    found = taught(gift_position(scores=(24, 3, 3)), 2, GIFT_TRICK + ["left"])
    assert at(found, "target_gift") is None


# --- scoring and the end -------------------------------------------------------------------------
SCORING_HANDS = ["Or5", "Bi9", "Or7"]     # seat 2 takes Or7; Biotech 2 and 2 score 4 each


def test_the_first_round_scoring_comes_when_the_round_ends():
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""])
    found = taught(state, 0, SCORING_HANDS)
    assert at(found, "round_scores") == 3 and at(found, "target") is None
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""])
    assert at(taught(state, 0, SCORING_HANDS[:2]), "round_scores") is None
    item = lesson_of(position(SCORING_HANDS), 0, SCORING_HANDS, "round_scores")
    assert item["params"] == {"round": 1}
    assert item["marks"] == [["track", 0], ["track", 1], ["track", 2]]


def test_reaching_25_at_the_round_scoring_ends_the_game():
    """Seat 0 has 22 and scores 4: 26 ends the game; the closest to 25 wins."""
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""], scores=[22, 0, 0])
    found = taught(state, 1, SCORING_HANDS)
    assert at(found, "target") == 3 and at(found, "round_scores") == 3
    assert at(found, "last_round") is None and at(found, "target_gift") is None
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""], scores=[22, 0, 0])
    assert lesson_of(state, 1, SCORING_HANDS, "target")["marks"] == [["track", 0]]


def test_the_end_after_three_rounds():
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""], round=LAST)
    found = taught(state, 2, SCORING_HANDS)
    assert at(found, "last_round") == 3 and at(found, "target") is None
    state = position(SCORING_HANDS, tableau=["Bi*2", "Bi*2", ""])      # round 1 of 3
    assert at(taught(state, 2, SCORING_HANDS), "last_round") is None
