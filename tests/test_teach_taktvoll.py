"""Taktvoll's teachable moments (issue 20): each comes in a scripted position where its rule
first applies, and not a move before."""

import teach_helpers
from pygame_rules import teach
from taktvoll_helpers import action, card, position
from teach_helpers import at

NAMES = ["Ana", "Bo", "Cy"]


def taught(state, seat, moves):
    """[(move index, lesson id)] given to `seat` while the moves are played (helper codes)."""
    return teach_helpers.taught(state, seat, moves, action)


def lesson_of(state, seat, moves, lesson_id):
    """The lesson itself, given to `seat` while the moves are played."""
    return teach_helpers.lesson_of(state, seat, moves, lesson_id, action)


def say(item, lang="en"):
    """The lesson's sentence."""
    return teach.words("taktvoll", item, NAMES, lang)[1]


IDLE = ["draw", "keep"]          # a turn that changes nothing on the staves


# --- rows, time signatures, bar lines ------------------------------------------------------------
def test_the_aim_comes_first_at_the_start():
    """The first look teaches the aim, with the first other tip (seat 0: no staff yet) or
    alone (seat 1, whose turn comes later): bars score, cards left in hand cost."""
    hands = ["Q:C5", "Q:D5", "Q:E5"]
    assert taught(position(hands, deck=["S:E4", "S:F4"]), 0, [])[:2] == [(0, "aim"),
                                                                         (0, "no_row")]
    assert taught(position(hands, deck=["S:E4", "S:F4"]), 1, IDLE)[0] == (0, "aim")
    item = lesson_of(position(hands, deck=["S:E4", "S:F4"]), 1, [], "aim")
    assert item["params"] == {} and item["rule"] == 1
    assert say(item).startswith("Your aim: the most points at the end. Close a bar with a bar "
                                "line to score 1 point for every note and rest in it.")


def test_no_row_comes_at_your_own_turn_while_no_staff_exists():
    """Seat 1, with no clef, is told to draw when its turn comes, not while seat 0 plays."""
    hands = ["Q:C5", "Q:D5", "Q:E5"]
    found = taught(position(hands, deck=["S:E4", "S:F4"]), 1, IDLE)
    assert at(found, "no_row") == 2
    item = lesson_of(position(hands, deck=["S:E4", "S:F4"]), 1, IDLE, "no_row")
    assert item["marks"] == [["deck", None]] and item["rule"] == 3
    item = lesson_of(position(["clef Q:C5", "Q:D5", "Q:E5"], deck=["S:E4"]), 0, [], "no_row")
    assert item["marks"] == [["card", card("clef")]]            # your clef, not the deck
    found = taught(position(hands, rows=[""], deck=["S:E4", "S:F4"]), 1, IDLE)
    assert at(found, "no_row") is None                          # a row exists


def test_the_clef_and_the_time_signature_are_taught_when_played():
    """Seat 0 starts a row, seat 1 gives it 3/4: three quarters a bar."""
    hands = ["clef Q:C5", "3/4 Q:D5", "Q:E5"]
    found = taught(position(hands, deck=["S:E4"]), 2, ["clef", ("3/4", 0)])
    assert at(found, "clef") == 1 and at(found, "time") == 2
    item = lesson_of(position(hands, deck=["S:E4"]), 2, ["clef", ("3/4", 0)], "time")
    assert item["params"] == {"seat": 1, "row": 0, "time": card("3/4"), "count": 3}
    assert say(item) == ("Bo puts 3/4 on row 1: every bar of this row must add up to exactly "
                         "3 beats (quarter notes), never more.")
    assert "3/4" in say(item, "ja") and "1段目" in say(item, "ja")
    item = lesson_of(position(hands, deck=["S:E4"]), 2, ["clef"], "clef")
    assert item["marks"] == [["row", 0], ["seat", 0]]


def test_bar_lines_are_explained_once_a_row_has_its_time_signature():
    """Seat 0 holds two bar lines: nothing to say at its first turn, while no row has a time
    signature; at its next, after seat 1's 3/4."""
    found = taught(position(["bar*2 Q:D5", "3/4 Q:C5", "Q:E5"], rows=[""],
                            deck=["S:E4", "S:F4", "S:G4"]), 0,
                   ["draw", "keep", ("3/4", 0), "draw", "keep"])
    assert at(found, "bar_lines") == 5 and at(found, "time") == 3
    item = lesson_of(position(["bar*2 Q:D5", "Q:C5", "Q:E5"], rows=["3/4"]), 0, [], "bar_lines")
    assert item["params"]["count"] == 2 and [k for k, _ in item["marks"]] == ["card", "card"]


def full_bar_game():
    """2/4 on row 0; seat 0 holds two quarters and a bar line, the others idle."""
    return position(["Q:D5 Q:E5 bar", "H:G4", "H:A4"], rows=["2/4"],
                    deck=["S:G4", "S:A4", "S:B4"])


FILL = [("Q:D5", 0)] + IDLE * 2


def test_full_bar_comes_when_a_card_of_yours_would_complete_a_bar():
    """At move 0 no card fills the empty 2/4 bar; after a quarter, the other quarter does."""
    found = taught(full_bar_game(), 0, FILL)
    assert at(found, "full_bar") == 5
    item = lesson_of(full_bar_game(), 0, FILL, "full_bar")
    assert item["params"] == {"card": card("Q:E5"), "row": 0}
    assert say(item).startswith("Your quarter note E5 would fill the bar on row 1 exactly")
    no_bar = position(["Q:D5 Q:E5", "H:G4", "H:A4"], rows=["2/4"], deck=["S:G4", "S:A4"])
    assert at(taught(no_bar, 0, FILL), "full_bar") is None    # no bar line: no bonus to win


def test_the_bonus_bar_line_then_its_score():
    """Seat 0 completes the bar: it may close it at once; the bar line scores 2."""
    moves = FILL + [("Q:E5", 0), ("bar", 0)]
    found = taught(full_bar_game(), 0, moves)
    assert at(found, "bonus") == 6 and at(found, "bar_scored") == 7
    item = lesson_of(full_bar_game(), 0, moves, "bonus")
    assert item["params"] == {"row": 0, "count": 2}
    assert ["step", "bonus"] in item["marks"]
    item = lesson_of(full_bar_game(), 1, moves, "bar_scored")
    assert item["params"] == {"seat": 0, "row": 0, "count": 2}
    assert say(item).startswith("Ana closes the bar on row 1 and scores 2 points")


# --- upside down, drawing -------------------------------------------------------------------------
def test_a_drawn_card_that_may_turn_teaches_both():
    """Eighths never turn (nothing at move 0); the drawn half note A4 may: drawn and
    turn_over come together; played upside down, the others learn it sounds C5."""
    def game():
        return position(["E:C5 E:D5", "Q:G4", "Q:A4"], rows=["4/4"], deck=["H:A4"])
    found = taught(game(), 0, ["draw", ("~H:A4", 0)])
    assert at(found, "turn_over") == 1 and at(found, "drawn") == 1
    item = lesson_of(game(), 0, ["draw"], "turn_over")
    assert item["params"] == {"card": card("H:A4"), "turned": card("H:A4")}
    assert say(item).startswith("You may play half note A4 upside down: turned round, it "
                                "sounds as half note C5")
    item = lesson_of(game(), 0, ["draw"], "drawn")
    assert item["marks"] == [["card", card("H:A4")], ["step", "keep"]]
    found = taught(game(), 1, ["draw", ("~H:A4", 0)])
    assert at(found, "upside_down") == 2 and at(found, "drawn") is None   # not its draw
    item = lesson_of(game(), 1, ["draw", ("~H:A4", 0)], "upside_down")
    assert say(item).startswith("Ana plays half note C5 upside down: the A4 card turned round")
    assert item["marks"] == [["placed", card("H:A4")], ["seat", 0]]


def test_turning_a_whole_b4_changes_nothing_and_is_not_taught():
    """The whole B4 may turn, but sounds B4 either way: no lesson on it."""
    state = position(["W:B4", "Q:G4", "Q:A4"], rows=["4/4"], deck=["S:E4"])
    assert ("note", card("W:B4"), 0, 1) in state.legal_actions()
    assert at(taught(state, 0, []), "turn_over") is None


# --- the variants ---------------------------------------------------------------------------------
def test_thirds_come_once_a_row_has_a_note_before():
    """Variant I: an empty row has no note before; after C5 the next is within A4..E5."""
    def game(variant="thirds"):
        return position(["Q:C5 E:D5", "H:G4", "H:A4"], rows=["4/4"],
                        deck=["S:G4", "S:A4"], options={"variant": variant})
    moves = [("Q:C5", 0)] + IDLE * 2
    assert at(taught(game(), 0, moves), "thirds") == 5
    item = lesson_of(game(), 0, moves, "thirds")
    assert item["params"] == {"row": 0, "pitch": 5, "low": 3, "high": 7}    # C5, A4, E5
    assert say(item).startswith("Variant I: the next note on row 1 must be within a third of "
                                "C5, from A4 to E5")
    assert at(taught(game("basic"), 0, moves), "thirds") is None
    assert at(taught(game("intervals"), 0, moves), "thirds") is None


def test_a_rest_cuts_the_line_in_the_variants_only():
    """A rest after C5: taught in Variant II (and I), never in the basic game."""
    def game(variant):
        return position(["rest:Q", "H:G4", "H:A4"], rows=["4/4 Q:C5"], deck=["S:G4"],
                        options={"variant": variant})
    assert at(taught(game("intervals"), 1, [("rest:Q", 0)]), "rest_line") == 1
    assert at(taught(game("thirds"), 1, [("rest:Q", 0)]), "rest_line") == 1
    assert at(taught(game("basic"), 1, [("rest:Q", 0)]), "rest_line") is None


def test_an_interval_is_taught_when_it_first_scores():
    """Variant II: C5 → D5 (a second) scores nothing; D5 → A4 (a fourth) scores 1."""
    def game():
        return position(["Q:D5 Q:A4", "H:G4", "H:A4"], rows=["4/4 Q:C5"],
                        deck=["S:G4", "S:A4"], options={"variant": "intervals"})
    moves = [("Q:D5", 0)] + IDLE * 2 + [("Q:A4", 0)]
    found = taught(game(), 1, moves)
    assert at(found, "interval") == 6
    item = lesson_of(game(), 1, moves, "interval")
    assert item["params"] == {"seat": 0, "row": 0, "interval": "fourth", "count": 1}
    assert say(item).startswith("Ana scores 1 extra point on row 1 for a perfect fourth")
    assert "完全四度" in say(item, "ja")


# --- passing and the end --------------------------------------------------------------------------
def test_pass_comes_when_the_deck_runs_out():
    """Seat 0 draws the last card; then each seat may pass, and is told so on its turn."""
    def game():
        return position(["Q:C5", "Q:D5", "Q:E5"], deck=["S:E4"])
    assert at(taught(game(), 0, ["draw", "keep", "pass", "pass"]), "pass") == 4
    assert at(taught(game(), 1, ["draw", "keep"]), "pass") == 2


def test_the_end_names_the_winner_and_the_cost_of_cards_left():
    """Seat 0 plays its last card (a clef): the game ends; Bo leads on points."""
    def game():
        return position(["clef", "Q:D5", "Q:E5"], deck=[], scores=[0, 5, 1])
    found = taught(game(), 2, ["clef"])
    assert at(found, "game_end") == 1
    assert at(taught(game(), 2, []), "game_end") is None
    item = lesson_of(game(), 2, ["clef"], "game_end")
    assert item["params"] == {"winners": [1], "count": 1} and item["marks"] == [["seat", 1]]
    assert say(item).endswith("Bo wins with the most points.")
    item = lesson_of(position(["clef", "Q:D5", "Q:E5"], deck=[], scores=[0, 3, 3]), 2,
                     ["clef"], "game_end")
    assert say(item).endswith("Bo, Cy share the win with the most points.")
