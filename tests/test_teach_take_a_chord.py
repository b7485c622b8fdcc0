"""Take The "A" Chord's teachable moments (issue 20): each comes in a scripted position where
its rule first applies, and not a move before."""

import teach_helpers
from pygame_rules import teach
from tac_helpers import move, position
from teach_helpers import at

EXAMPLE = ["C-Bl F-Ea G-Ea A-Ea", "B-Ly F-Ly G-Ly D-Ly", "D-Bl F-So G-So A-So",
           "A-Sw B-Sw C-Sw E-Bl"]


def taught(state, seat, moves):
    """[(move index, lesson id)] given to `seat` while the cards are played."""
    return teach_helpers.taught(state, seat, moves, move)


def lesson_of(state, seat, moves, lesson_id):
    """The lesson itself, given to `seat` while the cards are played."""
    return teach_helpers.lesson_of(state, seat, moves, lesson_id, move)


def say(item, lang="en"):
    """The lesson's sentence with the table's names."""
    return teach.words("take-a-chord", item, ["Ana", "Bo", "Cy", "Di"], lang)[1]


def test_the_aim_comes_first_at_the_start_whoever_leads():
    """The first look teaches the aim, before the lead (seat 0 leads) or alone (seat 1 does
    not): three tricks a venue, over the game's venues (3 with three players)."""
    assert taught(position(EXAMPLE, key="C", leader=0), 0, []) == [(0, "aim"), (0, "lead")]
    assert taught(position(EXAMPLE, key="C", leader=0), 1, [])[0] == (0, "aim")
    item = lesson_of(position(EXAMPLE, key="C", leader=0), 1, [], "aim")
    assert item["params"] == {"venues": 4} and item["rule"] == 1
    assert say(item).startswith("Your aim: the highest total after 4 venues. Aim for three "
                                "tricks in each venue: the chart pays 0, 10, 20, 30 points")
    assert lesson_of(position(EXAMPLE, players=3), 1, [], "aim")["params"] == {"venues": 3}


def test_lead_comes_when_you_lead_not_before():
    """Seat 1 is taught to lead only when its own lead comes, after a key change to it."""
    found = taught(position(EXAMPLE, key="C", leader=0), 1, ["C-Bl", "B-Ly", "D-Bl"])
    assert at(found, "lead") is None
    assert at(taught(position(EXAMPLE, key="C", leader=0), 0, []), "lead") == 0


def test_follow_names_the_lead_colour_and_the_chords_you_may_match():
    """Example: seat 3 holds E Bluesy and may match B and C: two cards by chord."""
    found = taught(position(EXAMPLE, key="C", leader=0), 3, ["C-Bl", "B-Ly", "D-Bl"])
    assert at(found, "follow") == 3
    item = lesson_of(position(EXAMPLE, key="C", leader=0), 3, ["C-Bl", "B-Ly", "D-Bl"],
                     "follow")
    assert item["params"] == {"colour": 0, "count": 2}
    lit = sorted(v for kind, v in item["marks"] if kind == "card")
    assert len(lit) == 3      # E Bluesy, B Swingy, C Swingy: every card it may play
    assert teach.words("take-a-chord", item, ["Ana", "Bo", "Cy", "Di"], "en")[1].startswith(
        "Follow the lead colour, Bluesy,")


def test_void_comes_when_you_hold_none_of_the_lead_colour():
    """Seat 1 holds no Bluesy: it may play anything, and is told so on its turn."""
    found = taught(position(EXAMPLE, key="C", leader=0), 1, ["C-Bl"])
    assert at(found, "void") == 1 and at(found, "follow") is None


def test_key_change_improvisation_and_trick_won_come_with_their_card():
    """Example b: B Swingy pairs B Lyrical, a Key Change; example c: an Improvisation."""
    found = taught(position(EXAMPLE, key="C", leader=0), 0, ["C-Bl", "B-Ly", "D-Bl", "B-Sw"])
    assert at(found, "key_change") == 4 and at(found, "trick_won") == 4
    assert at(found, "spotlight") == 4          # C Bluesy, the Key Chord, wins: from the centre
    assert at(found, "improvisation") is None
    item = lesson_of(position(EXAMPLE, key="C", leader=0), 0,
                     ["C-Bl", "B-Ly", "D-Bl", "B-Sw"], "key_change")
    assert item["params"] == {"seat": 3, "chord": "B", "previous": "C"}
    found = taught(position(EXAMPLE, key="C", leader=0), 0, ["C-Bl", "B-Ly", "D-Bl", "C-Sw"])
    assert at(found, "improvisation") == 4 and at(found, "trick_won") is None


def test_spotlight_stolen_comes_the_first_time_it_changes_hands():
    """Seat 0 takes the Spotlight with C Bluesy; then seat 3 wins with the new key B."""
    hands = ["C-Bl D-Ea", "B-Ly E-Ea", "D-Bl F-Ea", "B-Sw B-Ea"]
    moves = ["C-Bl", "B-Ly", "D-Bl", "B-Sw"]          # key change to B, seat 3 leads
    found = taught(position(hands, key="C", leader=0), 2, moves + ["B-Ea", "D-Ea", "E-Ea",
                                                                   "F-Ea"])
    assert at(found, "spotlight") == 4 and at(found, "spotlight_stolen") == 8


def test_the_last_trick_an_improvisation_blocked_and_the_venue_scored():
    """One card each: the trick is the venue's last; seat 3 matches the lead chord C, which
    would improvise on any other trick; then the venue is scored. Improvisation was never
    taught: its rule comes first (its "blocked" case), then why this match does not improvise:
    the venue's last trick, said so."""
    hands = ["C-Bl", "D-Ly", "E-Sw", "C-Ly"]
    moves = ["C-Bl", "D-Ly", "E-Sw", "C-Ly"]
    found = taught(position(hands, key="A", leader=0, venue=3), 0, moves)
    assert at(found, "last_trick") == 0
    assert at(found, "improvisation_limit") == 4 and at(found, "venue_scores") == 4
    ids = [name for _, name in found]
    assert at(found, "improvisation") == 4
    assert ids.index("improvisation") < ids.index("improvisation_limit")
    rule = lesson_of(position(hands, key="A", leader=0, venue=3), 0, moves, "improvisation")
    assert rule["msg"] == "tac.teach.improvisation.blocked" and rule["params"] == {}
    assert say(rule).startswith("Improvisation: when the 4th player of a round plays the Lead "
                                "Player's chord, the round's cards go face down")
    item = lesson_of(position(hands, key="A", leader=0, venue=3), 0, moves, "improvisation_limit")
    assert item["msg"] == "tac.teach.improvisation_limit.last_trick"
    assert say(item) == ("Di matched the lead chord, but this is the venue's last trick, where "
                         "there is no Improvisation: the trick ends with this round.")
    assert "最後のトリック" in say(item, "ja")


# four rounds of one trick: three Improvisations (A, D, G matched by the 4th player), then the
# 4th player of the fourth round, seat 0, matches F: the limit (3 with four players) is reached
LIMIT_HANDS = ["A-Bl E-Sw C-Ea F-Ea A-Sw", "B-Bl F-Sw G-Ly F-So B-Sw",
               "C-Bl D-So G-Ea E-So C-Sw", "A-Ly D-Sw B-Ea C-So G-Sw"]
LIMIT_MOVES = ["A-Bl", "B-Bl", "C-Bl", "A-Ly", "D-Sw", "E-Sw", "F-Sw", "D-So",
               "G-Ea", "B-Ea", "C-Ea", "G-Ly", "F-So", "E-So", "C-So", "F-Ea"]


def test_the_limit_of_improvisations_comes_after_the_improvisation_and_names_its_case():
    """A real Improvisation is taught when it comes (its plain words); the blocked match three
    rounds later says the limit of 3 was reached (the number from the event), not the last
    trick; the Improvisation's rule is not taught again."""
    found = taught(position(LIMIT_HANDS, key="C", leader=0), 2, LIMIT_MOVES)
    assert at(found, "improvisation") == 4 and at(found, "improvisation_limit") == 16
    item = lesson_of(position(LIMIT_HANDS, key="C", leader=0), 2, LIMIT_MOVES, "improvisation")
    assert item["msg"] == "tac.teach.improvisation" and item["params"]["seat"] == 3
    item = lesson_of(position(LIMIT_HANDS, key="C", leader=0), 2, LIMIT_MOVES,
                     "improvisation_limit")
    assert item["msg"] == "tac.teach.improvisation_limit.limit"
    assert item["params"] == {"seat": 0, "limit": 3}
    assert say(item) == ("Ana matched the lead chord, but this trick has already had 3 "
                         "Improvisations, the most one trick may have: no Improvisation, and "
                         "the trick ends with this round.")
    assert "上限の3回" in say(item, "ja")


def test_the_non_player_is_taught_when_its_stack_first_plays():
    """Three players: the stack's card comes right after the lead."""
    hands = ["C-Bl D-Ea", "B-Ly E-Ea", "D-Bl F-Ea", "G-Sw A-Ea"]
    state = position(hands, key="C", leader=0, players=3)
    found = taught(state, 1, ["C-Bl"])
    assert at(found, "non_player") == 1
    assert at(taught(position(hands, key="C", leader=0, players=3), 1, []), "non_player") is None
