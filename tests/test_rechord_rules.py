"""Scenario tests for every rule and house rule of Re-Chord, from chosen positions.

Rules: docs/rules/rechord.md (§2 the sources, §3 the spec, §4 house rules HR-1..HR-27,
Appendices A-C). Positions are built with `rechord_helpers.position` and `solo` (picks such as
"R@A3" = a face-up Red on A3, "?G@D2" = a face-down Green; chord cards by label, "G-2"; the
deck lists the TOP LAST). Unless a test says otherwise there are 2 players, seat 0 starts,
seat i's genre is colour i (seat 0 White, seat 1 Red) and the deck is empty. Spaces are
string + fret: strings E A D G B e (low to high), frets 1..5.
"""

from collections import Counter

import pytest

import pygame_rules
from pygame_rules import IllegalAction
from pygame_rules.games.rechord import jim
from pygame_rules.games.rechord.cards import (BLUE, CHORDS, COLOURS, GREEN, GREY,
                                              ICON_DECKS, PURPLE, RED, SETLISTS, SILVER,
                                              GOLDEN, SONGS, WHITE, WYLDE, adjacent,
                                              card_label, chord_type, kind_of, setlist_cards,
                                              setlist_songs, space_name)
from rechord_helpers import (board, card, done, events_of, hand, last_event, legal, offered,
                             play, position, public_snapshot, solo, song, sp, supply)

FRET5_NEARLY_FULL = "?W@E5 ?R@A5 ?B@D5 ?Gy@G5 ?P@B5"     # face-down: they score nothing


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


def column(state, fret):
    """The score pad's column of one fret, White..Green."""
    return [state.pad[c][fret - 1] for c in COLOURS]


def ending(board_="", **kw):
    """Frets 1-4 scored, fret 5 one pick short (face-down picks); a Wylde in the supply fills
    it with "Wy@e5" and the game ends at the end of that turn."""
    kw.setdefault("supply", "Wy W B")
    return position(FRET5_NEARLY_FULL + " " + board_, scored=(1, 2, 3, 4), **kw)


def breakdown(state, seat):
    """(chords, song, genre, total) of a guitarist at the end."""
    b = state.final[seat]
    return b["chords"], b["song"], b["genre"], b["total"]


# =============================================================================================
# Components and the board (§2.2, §2.3, §3.1, HR-1, HR-7)
# =============================================================================================

def test_board_is_6_strings_by_5_frets_and_adjacent_means_same_fret_next_string():
    """§2.3/§3.1: 30 spaces, strings E A D G B e × frets 1-5; adjacent = the neighbouring
    string on the same fret (the first and last strings have one neighbour)."""
    assert [space_name(s) for s in range(6)] == ["E1", "A1", "D1", "G1", "B1", "e1"]
    assert space_name(29) == "e5" and sp("A3") == 13
    assert adjacent(sp("E1")) == (sp("A1"),)
    assert adjacent(sp("D3")) == (sp("A3"), sp("G3"))
    assert adjacent(sp("e2")) == (sp("B2"),)
    assert adjacent(sp("e1")) != (sp("E2"),)                  # never across frets


def test_35_picks_five_of_each_colour_and_five_wyldes_all_in_the_bag_hr1():
    """HR-1: 5 picks of each of the 6 genre colours and 5 Wyldes; all start in the bag (the
    first guitarist's refill then fills the supply)."""
    state = pygame_rules.new_game("rechord", 2, seed=5)
    places = state.pick_places()
    assert sorted(places["bag"] + places["supply"]) == list(range(35)) and not places["board"]
    assert Counter(kind_of(p) for p in range(35)) == {k: 5 for k in range(7)}


def test_chord_cards_follow_appendix_a_and_the_rulebook_values_hr7():
    """HR-7: silver = number of picks, golden = 2n + 3/1/4/2 for variants 1-4, colours
    COLOURS[(t + i(v+1)) mod 6]; C-1 is 3/9 and G is silver 4 with goldens 11 and 9 (S0)."""
    assert (SILVER[card("C-1")], GOLDEN[card("C-1")]) == (3, 9)
    assert SILVER[card("G-1")] == 4 and GOLDEN[card("G-1")] == 11 and GOLDEN[card("G-2")] == 9
    for c, (t, _, _, reqs, silver, golden) in enumerate(CHORDS):
        v = c % 4
        assert chord_type(c) == t and silver == len(reqs)
        assert golden == 2 * len(reqs) + (3, 1, 4, 2)[v]
        assert [col for _, _, col in reqs] == [COLOURS[(t + i * (v + 1)) % 6]
                                               for i in range(len(reqs))]
    assert len(CHORDS) == 72 and card_label(card("Am7-4")) == "Am7-4"


def test_four_setlists_of_seven_types_and_nine_songs_including_uncomfortably_dumb_hr8_hr9():
    """HR-8/HR-9: four setlists of 7 chord types (28 cards each) covering all 18 types; 9
    songs each of 4 of the setlist's types; S1-1 is D A C G (the rulebook's song)."""
    assert sorted({t for _, types in SETLISTS for t in types}) == list(range(18))
    for s, (_, types) in enumerate(SETLISTS):
        assert len(types) == 7 and len(setlist_cards(s)) == 28
        for song_id in setlist_songs(s):
            assert len(SONGS[song_id]) == 4 and set(SONGS[song_id]) <= set(types)
    assert [CHORDS[4 * t][1] for t in SONGS[song("S1-1")]] == ["D", "A", "C", "G"]


# =============================================================================================
# Set-up (§3.2, HR-3, HR-24, HR-25, HR-27)
# =============================================================================================

def test_setup_deals_a_genre_a_song_and_three_chord_cards_to_each_guitarist():
    """§3.2: one setlist's 28 cards, 3 chord cards, one song and one genre each (genres all
    different); the rest of the chord deck stays face down."""
    state = pygame_rules.new_game("rechord", 3, seed=11)
    cards_ = setlist_cards(state.setlist)
    assert [len(h) for h in state.hands] == [3, 3, 3] and len(state.deck) == 28 - 9
    assert sorted(sum(state.hands, []) + state.deck) == sorted(cards_)
    assert len({g for (g,) in state.genres}) == 3
    assert len(set(state.songs)) == 3 and set(state.songs) <= set(setlist_songs(state.setlist))
    assert state.board == [-1] * 30                              # the board starts empty


@pytest.mark.parametrize("players, size", [(1, 3), (2, 3), (3, 4), (4, 5), (5, 6)])
def test_supply_size_by_player_count_hr3(players, size):
    """HR-3: the supply holds 3 / 3 / 4 / 5 / 6 picks for 1 (+ Jim Bot) / 2 / 3 / 4 / 5
    guitarists; the first guitarist fills it from the bag at the start of the game."""
    state = pygame_rules.new_game("rechord", players, seed=2)
    assert len(state.supply) == size and len(state.bag) == 35 - size
    assert len(last_event(state, "turn")["refill"]) == size
    fixed = pygame_rules.new_game("rechord", players, seed=2, options={"supply_size": 6})
    assert len(fixed.supply) == 6                               # the option fixes the size


def test_supply_is_refilled_from_the_bag_only_at_the_start_of_a_turn():
    """§2.5/§3.3: at the start of each turn the supply is refilled blindly from the bag to
    its size; taking picks during the turn (a White takes two) does not refill it."""
    state = position("", supply="W R", draws="B Gy P", hands=("", ""))
    assert supply(state) == "W R B"                             # seat 0's refill drew a Blue
    play(state, "W@E1")
    assert supply(state) == "R B"
    play(state, "R@A1")                                         # the White's second pick
    assert supply(state) == "B" and state.phase == "ability"    # still seat 0's turn
    play(state, "skip")                                         # (the Red's removal)
    assert state.active == 1 and supply(state) == "B Gy P"
    assert last_event(state, "turn")["refill"] == [GREY, PURPLE]
    assert len(state.bag) == 35 - 5


def test_start_player_random_or_seat0_and_the_human_starts_against_jim_bot_hr25_hr27():
    """HR-25: the first guitarist is random ("seat0": seat 0); HR-27: solo, the human starts."""
    starts = {pygame_rules.new_game("rechord", 4, seed=s).active for s in range(30)}
    assert len(starts) > 1
    assert {pygame_rules.new_game("rechord", 4, seed=s, options={"start_player": "seat0"})
            .active for s in range(10)} == {0}
    assert {pygame_rules.new_game("rechord", 1, seed=s).current_player for s in range(10)} == {0}


@pytest.mark.parametrize("strength, difficulty, genres, row", [
    ("classic", "beginner", 1, 3), ("classic", "session", 1, 3), ("classic", "touring", 2, 3),
    ("balanced", "beginner", 1, 4), ("balanced", "session", 1, 6),
    ("balanced", "touring", 2, 7)])
def test_solo_jim_bot_gets_an_open_row_no_song_genres_and_an_icon_deck_hr27(strength, difficulty,
                                                                           genres, row):
    """HR-27, HR-28: Jim Bot (seat 1) keeps an open row of chord cards everyone sees (3 in the
    classic levels; 4, 6 and 7 in the balanced ones), has no song, 1 genre (2 on Touring
    Rockstar, "Two Genres") and a 10-icon deck for the difficulty."""
    state = pygame_rules.new_game("rechord", 1, seed=4,
                                  options={"difficulty": difficulty, "jim_strength": strength})
    assert state.jim == 1 and state.g == 2 and state.players == 1
    assert len(state.hands[1]) == row and state.songs[1] is None
    assert len(state.hands[0]) == 3 and len(state.deck) == 28 - 3 - row
    assert len(state.genres[1]) == genres and state.genres[0][0] not in state.genres[1]
    assert sorted(state.icons) == sorted(ICON_DECKS[difficulty]) and len(state.icons) == 10
    view = state.view(0)
    assert view["jim_row"] == sorted(state.hands[1])            # face up for the human
    assert view["genres"] == [state.genres[0][0]] and len(state.supply) == 3


# =============================================================================================
# The three actions (§2.5, §3.3)
# =============================================================================================

def test_a1_a_supply_pick_goes_face_up_on_an_empty_space_and_its_ability_is_optional():
    """A1 [S]: take a supply pick and place it face up on an available (empty) space; using
    its ability is optional ("skip"); an occupied space is refused (only a Wylde replaces)."""
    state = position("B@D2", supply="R P W")
    refused(state, "R@D2", "rc.refuse.occupied", "D2")
    play(state, "R@A3")
    assert board(state) == "B@D2 R@A3" and state.face[sp("A3")] == RED
    assert last_event(state, "place")["via"] == "supply"
    assert legal(state) == [("remove", "D2"), ("skip",)]        # the Red's ability
    play(state, "skip")
    assert board(state) == "B@D2 R@A3" and state.active == 1


def test_a2_a_bag_pick_is_seen_only_by_its_player_and_placed_face_down():
    """A2 [S]: draw a pick blindly from the bag, look at it privately, place it face down on
    an empty space; HR-16: only its player knows it."""
    state = position("R@A3", supply="W W W", draws="G")
    play(state, "bag")
    assert state.view(0)["drawn"] == GREEN and state.view(1)["drawn"] is None
    assert legal(state)[:2] == [("place", "E1"), ("place", "A1")]
    refused(state, "place A3", "rc.refuse.occupied", "A3")
    play(state, "place E1")                                     # nothing adjacent: turn ends
    assert board(state) == "?G@E1 R@A3" and state.active == 1
    assert state.view(0)["board"][sp("E1")] == [GREEN, 0]
    assert state.view(1)["board"][sp("E1")] == [None, 0]
    assert state.view(None)["board"][sp("E1")] == [None, 0]
    assert last_event(state, "place")["up"] is False
    secret = [e for e in state.events_for(1) if e["type"] in ("bag_draw", "place")]
    assert [e["kind"] for e in secret] == [None, None]          # seat 1 never learns it
    mine = [e for e in state.events_for(0) if e["type"] in ("bag_draw", "place")]
    assert [e["kind"] for e in mine] == [GREEN, GREEN]


def test_a2_face_down_pick_may_remove_one_adjacent_pick_on_the_same_fret():
    """A2 [S]: after placing the face-down pick you may remove one pick on a neighbouring
    string of the same fret to the bag; any other space is refused; skipping is allowed."""
    state = position("R@A3 B@G3 W@D2 P@D4", supply="W W W", draws="Gy")
    play(state, "bag", "place D3")
    assert legal(state) == [("remove", "A3"), ("remove", "G3"), ("skip",)]
    refused(state, "remove D2", "rc.refuse.not_adjacent", "neighbouring")
    play(state, "remove G3")
    assert board(state) == "W@D2 R@A3 ?Gy@D3 P@D4"
    assert last_event(state, "to_bag")["why"] == "adjacent" and state.active == 1
    other = position("R@A3", supply="W W W", draws="Gy")
    play(other, "bag", "place D3", "skip")
    assert board(other) == "R@A3 ?Gy@D3"


def test_a2_is_refused_when_no_space_is_empty():
    """A2 needs an empty space for the face-down pick (and a non-empty bag)."""
    full = " ".join("%s@%s" % (("?W", "?R", "?B", "?Gy", "?P", "?G")[s % 6], space_name(s))
                    for s in range(30))
    state = position(full, supply="Wy Wy Wy")
    assert ("bag",) not in state.legal_actions()
    refused(state, "bag", "rc.refuse.bag_empty")
    assert legal(state)[-1] == ("chords",)                      # A3 is always legal


def test_a3_draws_two_and_returns_cards_to_the_bottom_until_holding_three():
    """A3 [S + HR-13]: draw 2 chord cards; return any unfinished cards to the BOTTOM of the
    deck; you may not finish holding more than 3; A3 is legal with 3 cards in hand."""
    state = position("", supply="W W W", hands=("C-1 C-2 C-3", ""), deck="E-1 E-2 E-3")
    assert ("chords",) in state.legal_actions()
    play(state, "chords")
    assert hand(state, 0) == ["C-1", "C-2", "C-3", "E-2", "E-3"]
    assert state.deck == [card("E-1")]
    refused(state, "done", "rc.refuse.too_many", "3")
    refused(state, "return E-1", "rc.refuse.not_in_hand")
    play(state, "return C-1")
    assert state.deck == [card("C-1"), card("E-1")]             # the bottom is first
    assert ("done",) not in state.legal_actions()
    play(state, "return E-3", "done")
    assert hand(state, 0) == ["C-2", "C-3", "E-2"] and state.active == 1
    assert [e["card"] for e in state.events_for(1) if e["type"] == "return"] == [None, None]


def test_a3_with_a_short_or_empty_deck_draws_what_is_left_hr13():
    """HR-13: if the deck runs out, A3 draws only what is left (it stays legal)."""
    state = position("", supply="W W W", hands=("", "G-1"), deck="E-1")
    play(state, "chords")
    assert hand(state, 0) == ["E-1"] and state.deck == []
    play(state, "done", "chords")                               # seat 1, empty deck
    assert hand(state, 1) == ["G-1"] and last_event(state, "chords")["cards"] == []
    play(state, "done")
    assert state.active == 0


# =============================================================================================
# Pick abilities (§2.6, §3.4, HR-15..HR-20)
# =============================================================================================

def test_white_takes_another_supply_pick_which_uses_its_own_ability():
    """White [S]: take another pick from the supply, place it face up on an available space;
    you may use that pick's ability (here a Red removing a pick)."""
    state = position("B@D2", supply="W R Gy")
    play(state, "W@A3")
    assert ("supply", "R", "E1") in legal(state) and ("supply", "Gy", "E1") in legal(state)
    assert ("supply", "R", "D2") not in legal(state)           # only empty spaces
    play(state, "R@E1")
    assert last_event(state, "place")["via"] == "white"
    assert ("remove", "A3") in legal(state)                     # the White is "another pick"
    play(state, "remove D2")
    assert board(state) == "R@E1 W@A3" and state.active == 1


def test_white_chains_are_unlimited_hr15():
    """HR-15: a White placed by a White takes yet another supply pick, and so on."""
    state = position("B@D2", supply="W W R")
    play(state, "W@A3", "W@A4", "R@A5")
    assert [e["via"] for e in events_of(state, "place")] == ["supply", "white", "white"]
    play(state, "remove D2")
    assert board(state) == "W@A3 W@A4 R@A5" and state.active == 1


def test_white_may_place_a_wylde_which_replaces_a_pick_hr15():
    """HR-15: a Wylde taken by a White uses its own ability: it may go on any space,
    replacing the pick there, which goes to the bag."""
    state = position("B@D2 R@E1", supply="W Wy P")
    play(state, "W@A3")
    assert ("supply", "Wy", "D2") in legal(state) and ("supply", "Wy", "A3") in legal(state)
    play(state, "Wy@D2")
    assert board(state) == "R@E1 Wy@D2 W@A3" and state.active == 1
    assert last_event(state, "to_bag")["why"] == "wylde" and kind_of(state.bag[-1]) == BLUE


def test_red_removes_any_other_pick_face_down_or_on_a_scored_fret_hr19():
    """Red [S + HR-19]: remove any other pick anywhere (face up or down, any fret, scored or
    not) to the bag; never the Red itself."""
    state = position("W@A1 ?G@E5 B@D2", supply="R W W", scored=(1,))
    play(state, "R@G4")
    assert legal(state) == [("remove", "A1"), ("remove", "D2"), ("remove", "E5"), ("skip",)]
    refused(state, "remove G4", "rc.refuse.target.ability_red")
    refused(state, "remove e4", "rc.refuse.target.ability_red")
    play(state, "remove E5")
    assert board(state) == "W@A1 B@D2 R@G4"
    assert last_event(state, "to_bag")["up"] is False
    again = position("W@A1 ?G@E5 B@D2", supply="R W W", scored=(1,))
    play(again, "R@G4", "remove A1")
    assert board(again) == "B@D2 R@G4 ?G@E5"


def test_blue_moves_another_pick_keeping_its_facing_hr17():
    """Blue [S + HR-17]: move any other pick to an empty space on any fret; it keeps its
    facing (a face-down pick stays face down and secret)."""
    state = position("?G@D2/1 W@A1", supply="B W W")
    play(state, "B@G4")
    refused(state, "move G4 E1", "rc.refuse.target.ability_blue")    # not the Blue itself
    refused(state, "move D2 A1", "rc.refuse.occupied", "A1")
    play(state, "move D2 E5")
    assert board(state) == "W@A1 B@G4 ?G@E5"
    assert state.view(1)["board"][sp("E5")] == [GREEN, 0]      # still known to seat 1 only
    assert state.view(0)["board"][sp("E5")] == [None, 0]


def test_blue_swaps_two_other_picks_each_keeping_its_facing_hr17():
    """Blue [S + HR-17]: or swap the spaces of any two picks other than this Blue."""
    state = position("?G@D2 W@A1", supply="B W W")
    play(state, "B@G4")
    assert ("swap", "A1", "D2") in legal(state) and ("swap", "A1", "G4") not in legal(state)
    play(state, "swap A1 D2")
    assert board(state) == "?G@A1 W@D2 B@G4"


def test_grey_flips_a_face_up_pick_which_everyone_knows_then_may_move_it_hr16():
    """Grey [S + HR-16]: flip any face-up pick face down (its identity stays known to all,
    since everyone saw it), then optionally move it to an empty space."""
    state = position("R@A1 ?P@D2", supply="Gy W W")
    play(state, "Gy@G3")
    assert legal(state) == [("flip", "A1"), ("flip", "G3"), ("skip",)]   # not a face-down one
    refused(state, "flip D2", "rc.refuse.target.ability_grey")
    play(state, "flip A1")
    assert state.phase == "grey_move" and ("move", "A1", "e5") in legal(state)
    refused(state, "move A1 G3", "rc.refuse.occupied")
    play(state, "move A1 e5")
    assert board(state) == "?P@D2 Gy@G3 ?R@e5"
    assert state.view(0)["board"][sp("e5")] == [RED, 0] == state.view(1)["board"][sp("e5")]
    assert state.view(None)["board"][sp("e5")] == [None, 0]     # a spectator saw nothing


def test_grey_may_flip_itself_and_stay_put_hr16():
    """HR-16: the Grey may flip itself; moving afterwards is optional."""
    state = position("", supply="Gy W W")
    play(state, "Gy@G3", "flip G3", "skip")
    assert board(state) == "?Gy@G3" and state.active == 1


def test_purple_reveals_a_face_down_pick_which_then_uses_its_ability_hr15():
    """Purple [S + HR-15]: turn a face-down pick face up; the revealed pick may use its
    ability as if just placed there (a revealed Red removes another pick)."""
    state = position("?R@A1 B@D1", supply="P W W")
    play(state, "P@G4")
    assert legal(state) == [("reveal", "A1"), ("skip",)]
    refused(state, "reveal D1", "rc.refuse.target.ability_purple")
    play(state, "reveal A1")
    assert state.face[sp("A1")] == RED and state.akind == RED and state.at == sp("A1")
    assert ("remove", "G4") in legal(state) and ("remove", "A1") not in legal(state)
    play(state, "remove D1")
    assert board(state) == "R@A1 P@G4" and state.active == 1


def test_purple_revealing_a_wylde_lets_it_move_anywhere_replacing_a_pick_hr15():
    """HR-15: a Wylde revealed by a Purple may move to any space, replacing the pick there
    (which goes to the bag)."""
    state = position("?Wy@A1 R@E3", supply="P W W")
    play(state, "P@G4", "reveal A1")
    assert ("wylde", "E3") in legal(state) and ("wylde", "e5") in legal(state)
    assert ("wylde", "A1") not in legal(state)
    play(state, "wylde E3")
    assert board(state) == "Wy@E3 P@G4" and kind_of(state.bag[-1]) == RED
    assert state.face[sp("E3")] == WYLDE


def test_purple_revealing_a_green_acts_on_the_greens_own_fret_hr15():
    """HR-15: a revealed Green clears a type from ITS fret, not the Purple's."""
    state = position("?G@A2 R@D2 R@G2 R@E4", supply="P W W")
    play(state, "P@B4", "reveal A2")
    assert legal(state) == [("clear", "R"), ("skip",)]
    play(state, "clear R")
    assert board(state) == "G@A2 R@E4 P@B4"


def test_purple_revealing_a_white_takes_a_supply_pick():
    """§3.4: a revealed White takes a pick from the supply (and its ability follows)."""
    state = position("?W@A1", supply="P B R")
    play(state, "P@G4", "reveal A1")
    assert state.akind == WHITE and ("supply", "R", "E1") in legal(state)
    play(state, "R@E1", "remove G4")
    assert board(state) == "R@E1 W@A1"


@pytest.mark.parametrize("target, gone", [
    ("R", "E2 D2"),            # one colour: every other face-up Red of this fret
    ("G", "e2"),               # HR-18: its own colour removes the other Greens
    ("?", "G2"),               # every face-down pick
    ("Wy", "B2"),              # every face-up Wylde
])
def test_green_removes_all_other_picks_of_one_type_from_its_fret_hr18(target, gone):
    """Green [S + HR-18]: remove all OTHER picks of one type from this Green's fret; a type
    is a face-up colour (Green included), the face-down picks, or the face-up Wyldes."""
    start = "R@E2 R@D2 ?B@G2 Wy@B2 G@e2 R@E3"
    state = position(start, supply="G W W")
    play(state, "G@A2")
    assert legal(state) == [("clear", "R"), ("clear", "G"), ("clear", "Wy"), ("clear", "?"),
                            ("skip",)]
    refused(state, "clear B", "rc.refuse.target.ability_green")      # the Blue is face down
    play(state, "clear " + target)
    left = {p.split("@")[1] for p in board(state).split()}
    assert left == {"E2", "A2", "D2", "G2", "B2", "e2", "E3"} - set(gone.split())
    assert "E3" in left                                              # other frets untouched


@pytest.mark.parametrize("where", ["A3", "e5"])
def test_wylde_from_the_supply_goes_anywhere_replacing_a_pick(where):
    """Wylde [S]: place it on any space, including replacing any other pick, face up or
    down; the replaced pick goes to the bag."""
    state = position("R@A3 ?B@e5", supply="Wy W W")
    assert ("supply", "Wy", "A3") in legal(state) and ("supply", "Wy", "E1") in legal(state)
    play(state, "Wy@" + where)
    assert state.face[sp(where)] == WYLDE and state.active == 1
    assert kind_of(state.bag[-1]) == (RED if where == "A3" else BLUE)
    assert len(board(state).split()) == 2


def test_an_ability_without_any_target_is_skipped_at_once():
    """§3.4: abilities are optional and a pick with nothing to act on just ends the action
    (a Purple with no face-down pick, a Red alone on the board)."""
    state = position("", supply="P R W")
    play(state, "P@A1")
    assert state.active == 1
    play(state, "R@A2")
    assert state.phase == "ability" and legal(state) == [("remove", "A1"), ("skip",)]


# =============================================================================================
# Matching chord cards (§2.7, §3.5, HR-6, HR-20)
# =============================================================================================

def test_a_card_is_satisfied_by_its_exact_positions_and_colours():
    """§3.5 [S]: every required space holds a face-up pick of the required colour; the same
    colours one string or fret away do not match."""
    state = position("W@A2 R@G2", supply="R R P", hands=("Em-1", ""))
    assert not state.satisfied(card("Em-1"))                    # D2 empty, G2 is not D2
    play(state, "R@D3", "skip")
    assert not state.satisfied(card("Em-1")) and offered(state) is None
    play(state, "R@D2")
    assert offered(state) == (0, ["Em-1"])


def test_picks_not_on_the_card_are_ignored():
    """§3.5 [S]: only the card's spaces matter; extra picks around them change nothing."""
    state = position("W@A2 R@E2 B@G2 Gy@A1 ?P@A3 G@D1 R@D3", supply="R P P",
                     hands=("Em-1", ""))
    play(state, "R@D2")
    assert offered(state) == (0, ["Em-1"])


def test_a_face_up_wylde_counts_as_every_colour():
    """§2.7 [S]: a Wylde counts as any colour on chord cards."""
    state = position("Wy@A2", supply="Wy P P", hands=("Em-1 Em-2", ""))
    play(state, "Wy@D2")
    assert offered(state) == (0, ["Em-1", "Em-2"])


def test_face_down_picks_never_satisfy_a_requirement_hr6():
    """HR-6: a face-down pick of the right colour does not satisfy its space."""
    state = position("?W@A2/0", supply="R P P", hands=("Em-1", ""))
    play(state, "R@D2")
    assert offered(state) is None and not state.satisfied(card("Em-1"))
    assert state.view(0)["claimable"] == []


def test_a_face_down_wylde_is_not_wild_until_revealed_hr20():
    """HR-20: a Wylde drawn from the bag is placed face down and is not wild; once a Purple
    reveals it, it is."""
    state = position("R@D2", supply="P W W", hands=("Em-1", ""), draws="Wy")
    play(state, "bag", "place A2", "skip")                      # (D2 is adjacent: keep it)
    assert board(state) == "?Wy@A2 R@D2" and not state.satisfied(card("Em-1"))
    assert offered(state) is None
    play(state, "chords", "done")                               # seat 1
    play(state, "P@G4", "reveal A2")
    assert offered(state) == (0, ["Em-1"])


# =============================================================================================
# Claim windows (§3.5, HR-11, HR-12, HR-14, HR-22)
# =============================================================================================

def test_a_claim_may_come_in_the_middle_of_an_action_after_a_whites_first_placement():
    """§3.5 [S] + HR-11: chords are completed at ANY time: after the White's placement the
    window opens before its second pick is taken."""
    state = position("R@D2", supply="W B P", hands=("Em-1", ""))
    play(state, "W@A2")
    assert offered(state) == (0, ["Em-1"]) and state.phase == "ability"
    refused(state, "B@E1", "rc.refuse.claim_first", "claim")
    play(state, "claim Em-1")
    assert done(state, 0) == ["Em-1"] and state.current_player == 0
    assert ("supply", "B", "E1") in legal(state)                # the White's ability goes on
    play(state, "P@E1")
    assert board(state) == "P@E1 W@A2 R@D2" and state.active == 1
    assert hand(state, 0) == []                                 # HR-14: no automatic refill


def test_another_guitarist_claims_during_the_active_players_turn():
    """§2.7 [S]: a chord scores immediately even if an opponent placed the needed pick; the
    window of the other guitarist opens in the middle of the active player's turn."""
    state = position("W@A2", supply="R W W", hands=("", "", "Em-1"))
    play(state, "R@D2")
    assert state.active == 0 and offered(state) == (2, ["Em-1"])
    play(state, "claim Em-1")
    assert done(state, 2) == ["Em-1"] and state.current_player == 0
    assert board(state) == "W@A2 R@D2"                          # HR-14: picks stay


def test_claim_windows_go_to_the_active_player_first_then_clockwise_hr11():
    """HR-11: after a board change every guitarist holding a satisfied card may claim, the
    active guitarist first, then the others clockwise."""
    state = position("W@A2", supply="Wy W W", hands=("Em-1", "Em-2", "Em-3"), start=1)
    play(state, "Wy@D2")
    assert state.claims == [1, 2, 0]
    assert offered(state) == (1, ["Em-2"])
    play(state, "claim Em-2")
    assert offered(state) == (2, ["Em-3"])
    play(state, "decline")
    assert offered(state) == (0, ["Em-1"])
    play(state, "claim Em-1")
    assert state.claims == [] and state.active == state.current_player == 2    # turn over
    assert done(state, 0) == ["Em-1"] and done(state, 1) == ["Em-2"] and done(state, 2) == []
    assert state.completed[0][0][1] == state.completed[1][0][1]     # the same instant


def test_a_declined_card_is_not_offered_again_until_the_board_changes_hr11():
    """HR-11 ("live performance", S4): a satisfied card let go cannot be claimed for that
    board state, not even when A3 opens a window for a newly drawn card; the next change of
    the board offers it again."""
    state = position("W@A2 B@G2 Gy@B3 P@e2", supply="R B W", hands=("", "Em-1"),
                     deck="C-2 D-1")
    play(state, "R@D2")
    assert offered(state) == (1, ["Em-1"])
    play(state, "decline")
    assert state.current_player == 0
    play(state, "skip")                                         # seat 0's Red removes nothing
    assert state.active == 1 and offered(state) is None         # a new turn is no new board
    play(state, "chords")                                       # A3 draws D-1 (satisfied)
    assert offered(state) == (1, ["D-1"])
    refused(state, "claim Em-1", "rc.refuse.declined", "Em-1")
    play(state, "claim D-1")
    assert offered(state) is None and hand(state, 1) == ["C-2", "Em-1"]
    play(state, "done")
    play(state, "Wy@E5")                                        # any change of the board
    assert offered(state) == (1, ["Em-1"])
    play(state, "claim Em-1")
    assert done(state, 1) == ["D-1", "Em-1"]


def test_a3_drawing_a_satisfied_card_may_claim_it_before_returning_cards():
    """§3.5: drawing a card the board already satisfies opens a window at once."""
    state = position("W@A2 R@D2", supply="W W W", hands=("C-1 C-2 C-3", ""), deck="E-1 Em-1")
    play(state, "chords")
    assert offered(state) == (0, ["Em-1"])
    play(state, "claim Em-1")
    assert state.phase == "return" and hand(state, 0) == ["C-1", "C-2", "C-3", "E-1"]
    play(state, "return E-1", "done")
    assert done(state, 0) == ["Em-1"] and state.deck == [card("E-1")]


def test_only_satisfied_cards_of_your_own_hand_may_be_claimed_hr12():
    """HR-12: software only allows valid claims (no penalty is needed): a card not satisfied
    or not in your hand is refused with the reason."""
    state = position("W@A2", supply="R W W", hands=("Em-1 Em-2", "Em-3"))
    play(state, "R@D2")
    assert offered(state) == (0, ["Em-1"])
    refused(state, "claim Em-2", "rc.refuse.not_satisfied", "Em-2")
    refused(state, "claim Em-3", "rc.refuse.not_in_hand")
    refused(state, "claim G-1", "rc.refuse.not_in_hand")


def test_a_final_claim_window_comes_before_the_totals_hr22():
    """HR-22: after the fifth fret is scored, every guitarist gets a last window (active
    first), even for a card let go earlier on the same board; then totals."""
    state = ending("W@A2 R@D2", hands=("", "Em-1"))
    play(state, "Wy@e5")
    assert offered(state) == (1, ["Em-1"])                      # the board changed
    play(state, "decline")
    assert state.phase == "final" and offered(state) == (1, ["Em-1"])
    play(state, "claim Em-1")
    assert state.is_over and state.final[1]["chords"] == 2
    assert last_event(state, "game_end")["reason"] == "frets"


# =============================================================================================
# Chord fame: silver first, golden re-chords (§2.7, §3.5, HR-11)
# =============================================================================================

def test_rechord_example_4_plus_11_plus_9_is_24():
    """§2.7 [S p.9]: the first card of a chord type scores its silver value, each further one
    its golden value: three G cards completed in turn give 4 + 11 + 9 = 24."""
    state = position("R@E3 P@A2 R@B3", supply="P Wy Wy", hands=("G-3 G-1 G-2", ""),
                     draws="Wy W W")
    play(state, "P@e3", "claim G-3")                            # E3 R, A2 P, B3 R, e3 P
    assert state.chord_fame(0) == 4
    play(state, "Wy@A2")                                        # seat 1 replaces the Purple
    assert offered(state) is None                               # G-1 still needs B3 Grey
    play(state, "Wy@B3", "claim G-1")                           # seat 0
    assert state.chord_fame(0) == 4 + 11
    play(state, "chords", "done")                               # seat 1
    play(state, "Wy@e3", "claim G-2")                           # seat 0: e3 is now wild
    assert done(state, 0) == ["G-3", "G-1", "G-2"]
    assert state.chord_fame(0) == 4 + 11 + 9 == 24 == state.scores()[0]


def test_cards_claimed_at_the_same_instant_count_in_the_owners_best_order_hr11():
    """HR-11: same-type cards claimed at the same instant are ordered for the highest total:
    the card with the smaller golden value takes the silver slot."""
    state = position("R@E3 Wy@A2 Wy@B3", supply="Wy W W", hands=("G-1 G-2", ""))
    play(state, "Wy@e3")
    assert offered(state) == (0, ["G-1", "G-2"])
    play(state, "claim G-1", "claim G-2")
    assert state.completed[0][0][1] == state.completed[0][1][1]
    assert state.chord_fame(0) == 4 + 11                        # not 4 + 9
    in_turn = position(hands=("", ""), completed=[[("G-1", 1), ("G-2", 2)], []])
    assert in_turn.chord_fame(0) == 4 + 9                       # in turn: the order counts


def test_a_card_claimed_after_an_a3_draw_comes_after_the_claims_before_it_hr11():
    """HR-11: only cards claimed at the same instant are reordered; a card drawn by A3 and
    claimed on the same board came later: G-1 first (silver 4), then G-2 (golden 9)."""
    state = position("R@E3 Wy@A2 Wy@B3", supply="Wy W W", hands=("G-1", ""),
                     deck="C-1 G-2 C-2 C-3")
    play(state, "Wy@e3", "claim G-1")
    play(state, "chords", "return C-3", "return C-2", "done")    # seat 1
    play(state, "chords")                                         # seat 0 draws G-2
    assert offered(state) == (0, ["G-2"])
    play(state, "claim G-2")
    assert state.completed[0][0][1] < state.completed[0][1][1]
    assert state.chord_fame(0) == 4 + 9


def test_a_card_claimed_in_the_final_window_comes_after_the_claims_before_it_hr11():
    """HR-11/HR-22: a card let go and claimed in the final window is a later claim."""
    state = ending("R@E3 Wy@A2 Wy@B3 Wy@e3", supply="P W B", hands=("G-1 G-2", ""))
    play(state, "P@e5")
    assert offered(state) == (0, ["G-1", "G-2"])
    play(state, "claim G-1", "decline", "skip")                 # (the Purple reveals nothing)
    assert state.phase == "final" and offered(state) == (0, ["G-2"])
    play(state, "claim G-2")
    assert state.is_over and state.final[0]["chords"] == 4 + 9


def test_rechords_count_per_chord_type():
    """§3.5: each chord type has its own first (silver) card."""
    state = position(hands=("", ""), completed=[[("C-1", 1), ("G-1", 2), ("C-2", 3),
                                                 ("Em-4", 4)], []])
    assert state.chord_fame(0) == 3 + 4 + 7 + 2


# =============================================================================================
# Songs, final scoring, the example 14 + 18 + 42 = 74, tie-breaks (§2.9, §2.10, §3.7)
# =============================================================================================

def test_rulebook_final_scoring_example_14_18_42_74():
    """§2.10 [S p.13]: JIMMY 14 + 18 + 42 = 74, JOAN 26 + 0 + 37 = 63, KURT 10 + 0 + 44 = 54;
    total = chords + songs + genre; the highest total wins."""
    pad = [[1, 2, 3, 4, 0],            # White (nobody's genre: still on the pad, HR-24)
           [9, 13, 7, 13, 0],          # Red: Jimmy, 42
           [8, 10, 9, 10, 0],          # Blue: Joan, 37
           [11, 11, 11, 11, 0],        # Grey: Kurt, 44
           [0, 0, 0, 0, 0], [5, 5, 5, 5, 0]]
    completed = [[("C-1", 1), ("D-1", 2), ("A-1", 3), ("Em-1", 4), ("Am-1", 5)],   # 14
                 [("G-3", 1), ("G-1", 2), ("G-2", 3), ("Em-2", 4)],                 # 26
                 [("E-1", 1), ("E-2", 2)]]                                           # 10
    state = ending(hands=("", "", ""), genres=["R", "B", "Gy"], pad=pad, completed=completed,
                   songs=["S1-4", "S1-2", "S1-6"])              # C D A Em / C G A E / G D A E
    play(state, "Wy@e5")
    assert state.is_over and column(state, 5) == [0] * 6        # fret 5 scored nothing
    assert [breakdown(state, s) for s in range(3)] == [(14, 18, 42, 74), (26, 0, 37, 63),
                                                        (10, 0, 44, 54)]
    assert state.scores() == [74, 63, 54] and state.winners() == [0]
    assert last_event(state, "game_end")["winners"] == [0]


@pytest.mark.parametrize("cards_, fame", [
    ("D-1 A-2 C-3 G-4", 18),           # every listed type once
    ("G-1 C-1 A-1 D-1", 18),           # in any order
    ("D-1 A-1 C-1 G-1 Em-1", 18),      # other chords do not hurt
    ("D-1 A-1 C-1 C-2", 0),            # no G: the song is not played
    ("", 0),
])
def test_a_song_scores_if_one_card_of_each_listed_type_was_completed_hr10(cards_, fame):
    """HR-10: the song's fame (18, HR-9) counts if you completed at least one chord card of
    every type it lists, in any order; otherwise 0."""
    done_ = [(c, i + 1) for i, c in enumerate(cards_.split())]
    state = ending(hands=("", ""), songs=["S1-1", "S1-2"], completed=[done_, []])
    play(state, "Wy@e5")
    assert state.final[0]["song"] == fame and state.final[1]["song"] == 0


@pytest.mark.parametrize("pads, cards_, winners", [
    ((5, 12), (["G-1", "G-3"], []), [0]),          # 5 + 4 + 12 = 21 beats 12: total first
    ((10, 12), (["Em-1"], []), [1]),               # 12 + 0 vs 10 + 2: genre breaks the tie
    ((10, 10), (["Em-1"], ["E7-1"]), [0, 1]),      # same genre, same number of cards: shared
    ((10, 10), (["Em-1", "E7-1"], ["G-1"]), [0]),  # 10+2+2 = 10+4: two cards beat one
])
def test_ties_go_to_higher_genre_then_more_chord_cards_then_are_shared_hr23(pads, cards_,
                                                                              winners):
    """HR-23: highest total wins; on a tie the higher Genre fame, then more completed chord
    cards; still tied: a shared win."""
    pad = [[0] * 5 for _ in COLOURS]
    pad[WHITE][0], pad[RED][0] = pads
    completed = [[(c, i + 1) for i, c in enumerate(cs)] for cs in cards_]
    state = ending(hands=("", ""), pad=pad, completed=completed, songs=[None, None])
    play(state, "Wy@e5")
    assert state.winners() == winners == last_event(state, "game_end")["winners"]


@pytest.mark.parametrize("human_extra, winners", [(0, []), (1, [0])])
def test_solo_the_human_must_strictly_outscore_jim_bot(human_extra, winners):
    """§2.11 [S] "Outscore Jim Bot to win" + HR-23: a tie with Jim Bot is a loss."""
    pad = [[0] * 5 for _ in COLOURS]
    pad[RED][0], pad[BLUE][0] = 10 + human_extra, 10
    state = solo(FRET5_NEARLY_FULL, supply="Wy W B", human="R", jim="B", pad=pad,
                 scored=(1, 2, 3, 4))
    play(state, "Wy@e5")
    assert state.is_over and state.final[0]["total"] == 10 + human_extra
    assert state.final[1]["total"] == 10 and state.winners() == winners
    assert state.scores() == [10 + human_extra]


# =============================================================================================
# Lead guitar scoring (§2.8, §3.6, HR-4, HR-5, HR-21, HR-24)
# =============================================================================================

SCORING_BOARD = ("R@E1 R@A1 B@D1 B@G1 B@B1 "             # fret 1: five picks, e1 empty
                 "R@E3 R@A3 G@D3 ?R@G3 Wy@B3 "           # fret 3: two face-up Reds
                 "W@E5 ?Wy@A5")


@pytest.mark.parametrize("options, expected", [
    ({}, [1, 3 + 3, 6, 0, 1, 1]),                               # HR-4: Σ_f T(k), whole board
    ({"lead_scoring": "fret_only"}, [0, 3, 6, 0, 1, 0]),        # only the scoring fret
    ({"lead_scoring": "linear"}, [1, 2 + 2, 3, 0, 1, 1]),       # 1 per face-up pick
    ({"face_down_scores": True}, [1, 3 + 6, 6, 0, 1, 1]),       # HR-5 off: ?R counts
])
def test_a_newly_filled_fret_scores_every_genre_on_the_pad_hr4_hr5(options, expected):
    """§3.6 + HR-4: at the end of the turn that fills a fret, every colour (dealt or not,
    HR-24) gets Σ over the WHOLE board of T(k) = k(k+1)/2 for its k face-up picks per fret,
    in that fret's column; Wyldes never count [S], face-down picks not either (HR-5).
    Options: fret_only, linear, and face-down picks counted by their colour."""
    state = position(SCORING_BOARD, supply="P W W", options=options)
    play(state, "P@e1", "skip")                                 # fills fret 1 (no reveal)
    assert column(state, 1) == expected
    assert state.scored == [True, False, False, False, False]
    assert all(column(state, f) == [0] * 6 for f in (2, 3, 4, 5))
    assert last_event(state, "fret_scored") == {"type": "fret_scored", "fret": 1,
                                                "column": expected}
    assert state.view(1)["pad"][RED][0] == expected[RED]        # public


def test_a_fret_is_checked_only_at_the_end_of_the_turn_filled_then_emptied_scores_nothing_hr21():
    """HR-21: filled frets are checked once, at the end of the turn: a fret filled and opened
    again within the same turn does not score."""
    state = position("W@E2 W@A2 R@D2 R@G2 P@B2", supply="B W W")
    play(state, "B@e2")
    assert state.filled(2) and not state.scored[1]              # not yet: mid-turn
    play(state, "move D2 E4")
    assert state.active == 1 and state.scored == [False] * 5
    assert events_of(state, "fret_scored") == [] and column(state, 2) == [0] * 6


def test_two_frets_filled_in_one_turn_both_score_in_order_on_the_same_board_hr21():
    """HR-21: several frets filled in one turn each score, ascending, on the same board."""
    state = position("R@E1 R@A1 R@D1 R@G1 R@B1 G@E2 G@A2 G@D2 G@G2 G@B2", supply="W P W")
    play(state, "W@e1", "P@e2")
    assert [e["fret"] for e in events_of(state, "fret_scored")] == [1, 2]
    assert column(state, 1) == column(state, 2) == [1, 15, 0, 0, 1, 15]
    assert state.scored == [True, True, False, False, False]


def test_a_scored_fret_never_scores_again_even_emptied_and_refilled_hr21():
    """§2.5 [S] "each fret can trigger lead guitar scoring only once" + HR-21."""
    pad = [[7, 0, 0, 0, 0] for _ in COLOURS]
    state = position("R@E1 R@A1 B@D1 B@G1 G@B1", supply="R W W", scored=(1,), pad=pad)
    play(state, "R@e1", "skip")                                 # fret 1 full again
    assert column(state, 1) == [7] * 6 and events_of(state, "fret_scored") == []


def test_a_fret_filled_with_face_down_picks_counts_as_filled_hr21():
    """§3.1: a fret is filled when all 6 spaces hold a pick, whatever its kind or facing."""
    state = position("?R@E4 ?R@A4 ?B@D4 ?B@G4 ?W@B4", supply="W W W", draws="G")
    play(state, "bag", "place e4", "skip")
    assert state.scored[3] and column(state, 4) == [0] * 6      # face-down: nothing scores


# =============================================================================================
# The end of the game (§2.10, §3.7, HR-22)
# =============================================================================================

def test_the_game_ends_at_the_end_of_the_turn_that_scores_the_fifth_fret():
    """§2.10 [S]: the game ends when the final (fifth) fret has been scored: the end-of-turn
    step scores it, then the game is over; before that, play goes on."""
    state = ending(supply="B Wy W")
    play(state, "B@e5")                                         # fills fret 5 ...
    assert not state.is_over and state.phase == "ability"       # ... the Blue may still act
    play(state, "move E5 E1")                                   # and opens it again
    assert not state.is_over and state.active == 1
    play(state, "Wy@E5")                                        # seat 1 fills it for good
    assert state.is_over and state.scored == [True] * 5
    assert state.legal_actions() == [] and state.current_player is None
    refused(state, "skip", "error.game_over")


def test_anti_stall_ends_the_game_after_4_idle_turns_per_guitarist_hr22():
    """HR-22 (on by default): 4 × guitarists turns in a row without a pick placed end the game
    as if every fret were scored; unscored frets score nothing."""
    state = position("W@A1", supply="W W W", hands=("", ""))
    for _ in range(7):
        play(state, "chords", "done")
    assert not state.is_over and state.idle == 7
    play(state, "chords", "done")
    assert state.is_over and last_event(state, "game_end")["reason"] == "stall"
    assert state.scored == [False] * 5 and all(f["genre"] == 0 for f in state.final)
    off = position("W@A1", supply="W W W", hands=("", ""), options={"anti_stall": False})
    for _ in range(12):
        play(off, "chords", "done")
    assert not off.is_over


def test_a_placement_resets_the_anti_stall_count_hr22():
    """HR-22: the count is of consecutive turns with no pick placed."""
    state = position("", supply="W W W", hands=("", ""))
    for _ in range(6):
        play(state, "chords", "done")
    play(state, "W@A1", "skip")
    assert state.idle == 0
    for _ in range(7):
        play(state, "chords", "done")
    assert not state.is_over


def test_the_game_ends_after_40_turns_per_guitarist_hr22():
    """HR-22: a second guard ends the game after 40 × guitarists turns in all."""
    state = position("", supply="W W W", hands=("", ""))
    state.turns = 40 * 2 - 1                        # (the builder has no turn counter)
    play(state, "W@A1", "skip")
    assert state.is_over and last_event(state, "game_end")["reason"] == "stall"


# =============================================================================================
# Jim Bot, the solo automa (§2.11, §3.8, HR-26, HR-27)
# =============================================================================================

def test_app_targets_the_fullest_fret_with_room_lowest_on_ties_first_string_from_low_e():
    """HR-26 APP: the fret with an empty space and the most occupied spaces (ties: lowest
    fret), then its first empty space scanning strings 6→1 (E A D G B e)."""
    state = solo("R@E1 R@A1 R@E3 B@D3 B@G3 P@e3 R@E4 P@A4 B@D4 P@G4", supply="B B G",
                 human="G", icons="bag", draws="W", start=1)
    assert board(state).split()[2:4] == ["R@E3", "?W@A3"]      # fret 3 ties fret 4 (4 picks)
    assert jim.app_space(state) == sp("B3")


def test_jim_bag_icon_places_face_down_by_app_and_removes_an_adjacent_human_pick():
    """§2.11 [S] bag icon: a bag pick face down by APP; HR-26: then an adjacent face-up pick
    of the human's colour on the same fret goes to the bag (only one, never another colour,
    never a face-down one)."""
    state = solo("R@E3 R@D3 G@G3 R@E4", supply="B B B", human="R", icons="bag", draws="W",
                 start=1)
    assert board(state) == "?W@A3 R@D3 G@G3 R@E4"              # E3 (first neighbour) removed
    assert last_event(state, "to_bag")["why"] == "adjacent" and state.active == 0
    calm = solo("?R@E3 B@D3", supply="B B B", human="R", icons="bag", draws="W", start=1)
    assert board(calm) == "?R@E3 ?W@A3 B@D3"


def test_jim_colour_icon_not_in_the_supply_counts_as_the_bag_icon():
    """§3.8: a colour icon whose pick is not in the supply is treated as Bag."""
    state = solo("", supply="R B P", human="G", icons="Gy", draws="W", start=1)
    assert board(state) == "?W@E1" and supply(state).count("Gy") == 0
    assert last_event(state, "jim_icon")["icon"] == GREY


def test_jim_passes_when_the_bag_is_empty():
    """§3.8: bag icon with an empty bag: Jim Bot passes (29 picks on the board, 6 in the
    supply: none left in the bag)."""
    picks = " ".join("?%s@%s" % (("W", "R", "B", "Gy", "P", "G")[s % 6], space_name(s))
                     for s in range(29))
    state = solo(picks, supply="G Wy Wy Wy Wy Wy", human="R", icons="bag", start=1,
                 scored=(1, 2, 3, 4), options={"supply_size": 6})
    assert state.bag == [] and last_event(state, "jim_pass")["seat"] == 1
    assert state.face[sp("e5")] == -1 and state.active == 0 and len(state.supply) == 6


def test_jim_red_removes_the_first_face_up_pick_of_the_humans_colour_and_never_another():
    """§2.11 [S]: Jim Bot's Red removes the pick in the first space (scan order) holding the
    human's genre colour; he never removes any other genre."""
    state = solo("B@E1 ?W@A1 G@E2 W@D3 W@E4", supply="R B Gy", human="W", icons="R", start=1)
    assert board(state) == "B@E1 ?W@A1 R@D1 G@E2 W@E4"         # D3 went, the ?W stayed
    assert last_event(state, "to_bag")["why"] == "red"
    none = solo("B@E1 ?W@A1 G@E2", supply="R B Gy", human="W", icons="R", start=1)
    assert board(none) == "B@E1 ?W@A1 R@D1 G@E2"               # no White face up: nothing
    red = solo("R@G4", supply="R B Gy", human="R", icons="R", start=1)
    assert board(red) == "R@E4"                                 # his Red spares itself


def test_jim_blue_moves_a_human_pick_from_the_most_crowded_fret_to_the_emptiest():
    """§2.11 [S intent] + HR-26: Blue takes the first human-colour pick of the fret with the
    most of them to the fret with the fewest (ties: farthest from the source)."""
    state = solo("W@E2 W@A2 W@D2 W@E4", supply="B R P", human="W", icons="B", start=1)
    assert board(state) == "W@A2 W@D2 B@G2 W@E4 W@E5"          # Blue by APP at G2; E2 → E5
    assert last_event(state, "move")["why"] == "blue"


def test_jim_blue_without_human_picks_moves_a_lonely_pick_to_the_app_space():
    """HR-26: with no face-up human-colour pick, Blue moves the first pick of the least
    occupied non-empty fret to the APP space, if that is another fret."""
    state = solo("R@E1 R@A1 R@D1 P@E3", supply="B R W", human="G", icons="B", start=1)
    assert board(state) == "R@E1 R@A1 R@D1 B@G1 P@B1"


def test_jim_grey_flips_the_first_human_pick_face_down_in_place():
    """HR-26: Grey flips the first face-up human-colour pick face down, leaving it there."""
    state = solo("R@E1 W@A1 W@D3", supply="Gy R B", human="W", icons="Gy", start=1)
    assert board(state) == "R@E1 ?W@A1 Gy@D1 W@D3"
    assert state.view(0)["board"][sp("A1")] == [WHITE, 0]       # everyone saw it


def test_jim_purple_reveals_the_first_face_down_pick_and_uses_its_jim_ability():
    """HR-26: Purple reveals the first face-down pick in scan order; a revealed Red (Blue,
    Grey, Green, White, Wylde) then acts as Jim Bot's version."""
    state = solo("?R@E2 W@A3 ?B@E4", supply="P R B", human="W", icons="P", start=1)
    assert board(state) == "R@E2 P@A2 ?B@E4"                   # the revealed Red took A3's W


def test_jim_purple_revealing_a_wylde_jumps_onto_the_humans_first_pick():
    """HR-26: a Wylde revealed by Jim Bot replaces the first face-up human-colour pick."""
    state = solo("?Wy@E2 W@A3", supply="P R B", human="W", icons="P", start=1)
    assert board(state) == "P@A2 Wy@A3"
    assert kind_of(state.bag[-1]) == WHITE


@pytest.mark.parametrize("start, after", [
    ("W@E2 W@A2 ?R@D2 R@G2 W@E3", "?R@D2 R@G2 G@B2 W@E3"),     # the human's colour first
    ("?W@E2 B@A2 ?R@D2 R@G2 W@E3", "B@A2 R@G2 G@B2 W@E3"),     # else the face-down picks
])
def test_jim_green_clears_the_humans_colour_from_its_fret_else_face_down_picks(start, after):
    """HR-26: Green removes every face-up human-colour pick of its fret; if there is none,
    every face-down pick there; other frets are untouched."""
    state = solo(start, supply="G R B", human="W", icons="G", start=1)
    assert board(state) == after


def test_jim_white_takes_red_first_and_places_it_by_app_with_its_ability():
    """HR-26: White takes the supply pick first in Red, Blue, Grey, Green, Purple, White,
    Wylde, places it by APP and resolves its Jim ability."""
    state = solo("G@E3 G@A3", supply="W B R", human="G", icons="W", start=1)
    assert board(state) == "G@A3 W@D3 R@G3"                    # the Red removed E3's Green


def test_jim_wylde_icon_replaces_the_humans_first_pick_else_goes_by_app():
    """HR-26: Jim Bot's Wylde replaces the first face-up human-colour pick in scan order (the
    pick goes to the bag); with none it is placed by APP."""
    state = solo("R@E1 G@A2 G@D3", supply="Wy R B", human="G", icons="Wy", start=1,
                 options={"difficulty": "touring"})
    assert board(state) == "R@E1 Wy@A2 G@D3"
    none = solo("R@E1 B@A2", supply="Wy R B", human="G", icons="Wy", start=1,
                options={"difficulty": "touring"})
    assert board(none) == "R@E1 Wy@A1 B@A2"


def test_jim_priority_1_claims_satisfied_cards_of_his_row_at_once_and_refills_it():
    """§2.11 [INF] priority 1 + HR-27: at every claim window (also during the human's turn)
    Jim Bot claims each satisfied card of his open row and refills the row to 3."""
    state = solo("W@A2", supply="R B P", row="Em-1 C-1", human="G", deck="E-1 E-2 E-3")
    play(state, "R@D2")                                         # the human completes it ...
    assert done(state, 1) == ["Em-1"] and state.current_player == 0   # ... Jim Bot claims
    assert hand(state, 1) == ["C-1", "E-2", "E-3"] and state.deck == [card("E-1")]
    assert state.phase == "ability"                             # still the human's Red


def test_jim_priority_1_completes_a_card_with_one_supply_placement_and_no_ability():
    """§3.8 1(b): if one supply pick on the single missing space completes a card of his row,
    that is Jim Bot's action (no ability, no icon); he claims the card and refills."""
    state = solo("W@A2 G@E3", supply="R B P", row="Em-1", human="W", icons="Gy",
                 deck="C-1 C-2 C-3", start=1)
    assert board(state) == "W@A2 R@D2 G@E3"                    # no Red ability on A2's W
    assert done(state, 1) == ["Em-1"] and len(state.icons) == 1
    assert hand(state, 1) == ["C-1", "C-2", "C-3"]
    assert last_event(state, "jim_plan")["plan"] == "chord"


@pytest.mark.parametrize("start", ["W@A2 B@D2", "W@A2 ?R@D2", "W@A2"])
def test_jim_priority_1_uses_a_wylde_on_or_replacing_the_mismatched_space(start):
    """§3.8 1(b): a Wylde placed on (or replacing) the one mismatched required space counts
    as that placement, when the colour itself is not in the supply (or the space is taken)."""
    state = solo(start, supply="Wy P Gy", row="Em-1", human="G", icons="Gy", start=1)
    assert board(state) == "W@A2 Wy@D2" and done(state, 1) == ["Em-1"]


def test_jim_claims_a_card_drawn_into_his_row_after_the_one_he_just_claimed_hr11():
    """HR-11 + §3.8 1(a): a card Jim Bot draws into his row and claims at once still comes
    after the card whose claim made room for it (Em-3 silver 2, then Em-2 golden 5)."""
    state = solo("W@A2", supply="Wy P P", row="Em-3", human="G", icons="Gy", deck="Em-2",
                 start=1)
    assert done(state, 1) == ["Em-3", "Em-2"] and state.chord_fame(1) == 2 + 5


@pytest.mark.parametrize("completed, placed, claimed", [
    ([], "R@e1", "G7-1"),                           # G7-1 silver 3 beats Em-1 silver 2
    ([("Em-2", 1)], "R@D2", "Em-1"),                # Em-1 is now a re-chord: golden 7
])
def test_jim_priority_1_takes_the_highest_value_card(completed, placed, claimed):
    """§3.8 1(b): several completing placements: the highest value (golden if Jim Bot has
    the type already), then the lowest chord card."""
    state = solo("W@A2 G@E3", supply="R B P", row="Em-1 G7-1", human="Gy", icons="Gy",
                 completed=[[], completed], start=1)
    assert placed in board(state).split() and done(state, 1)[-1] == claimed


def test_jim_priority_1_ties_go_to_the_lowest_chord_card():
    """§3.8 1(b): equal values: the lowest chord index."""
    state = solo("W@A2", supply="Gy R B", row="Em-3 Em-1", human="G", icons="B", start=1)
    assert board(state) == "W@A2 R@D2" and done(state, 1) == ["Em-1"]


def test_the_human_may_claim_in_the_middle_of_jim_bots_turn():
    """§3.5: a window opens for the human when Jim Bot's pick satisfies a card; his turn
    resumes after it."""
    state = solo("R@E2 W@A2", supply="R B P", hand="Em-1", human="G", icons="R", start=1)
    assert state.active == 1 and offered(state) == (0, ["Em-1"])
    play(state, "claim Em-1")
    assert state.active == 0 and state.current_player == 0 and done(state, 0) == ["Em-1"]
    assert board(state) == "R@E2 W@A2 R@D2"


def test_jim_reshuffles_his_icon_deck_when_it_is_empty():
    """HR-27: the icon deck is reshuffled when empty (10 icons for the difficulty)."""
    state = solo("", supply="R B P", human="G", icons="", start=1,
                 options={"difficulty": "beginner"})
    assert events_of(state, "jim_shuffle") and len(state.icons) == 9
    assert sorted(state.icons + [state.icon]) == sorted(ICON_DECKS["beginner"])


@pytest.mark.parametrize("difficulty, chords", [("beginner", 4 + 4), ("session", 4 + 9),
                                                ("touring", 4 + 9)])
def test_jim_scores_silver_only_on_beginner(difficulty, chords):
    """§2.11 + HR-27: Beginner Guitarist: Jim Bot's chords score silver values only."""
    state = solo(completed=[[], [("G-1", 1), ("G-2", 2)]], options={"difficulty": difficulty})
    assert state.chord_fame(1) == chords


def test_jim_has_two_genres_on_touring_and_scores_both():
    """§2.11 [S] "Two Genres": on Touring Rockstar Jim Bot adds two genre rows."""
    pad = [[0] * 5 for _ in COLOURS]
    pad[RED][0], pad[BLUE][0], pad[GREY][0] = 5, 7, 11
    state = solo(FRET5_NEARLY_FULL, supply="Wy W B", human="R", jim=["B", "Gy"], pad=pad,
                 scored=(1, 2, 3, 4), options={"difficulty": "touring"})
    play(state, "Wy@e5")
    assert state.final[1]["genre"] == 7 + 11 and state.final[1]["genres"] == [BLUE, GREY]
    assert state.final[0]["genre"] == 5 and state.winners() == []


@pytest.mark.parametrize("difficulty, chords", [("beginner", 4 + 4), ("session", 11 + 9),
                                                ("touring", 11 + 9)])
def test_balanced_jim_scores_silver_on_beginner_and_golden_for_every_card_above_hr28(difficulty,
                                                                                    chords):
    """HR-28 (balanced): on Beginner Jim Bot's chords score silver only; on Session Shredder and
    Touring Rockstar every card he completes scores its golden value, the first of a type too."""
    state = solo(completed=[[], [("G-1", 1), ("G-2", 2)]],
                 options={"difficulty": difficulty, "jim_strength": "balanced"})
    assert state.chord_fame(1) == chords
    assert state.chord_fame(0) == 0


@pytest.mark.parametrize("strength, row_fame", [("balanced", 3 + 4 + 3), ("classic", 0)])
def test_balanced_jim_reveals_his_row_at_the_end_and_scores_its_silver_values_hr28(strength,
                                                                                  row_fame):
    """HR-28 (balanced): at the end the cards left in Jim Bot's open row score their silver
    values for him, shown apart in his breakdown ("row"); the classic Jim Bot scores none."""
    pad = [[0] * 5 for _ in COLOURS]
    pad[RED][0], pad[BLUE][0] = 5, 7
    state = solo(FRET5_NEARLY_FULL, supply="Wy W B", human="R", jim="B", pad=pad,
                 row="C-1 G-1 Am-1", scored=(1, 2, 3, 4),
                 options={"difficulty": "session", "jim_strength": strength})
    assert hand(state, 1) == ["C-1", "G-1", "Am-1"]
    play(state, "Wy@e5")
    jim = state.final[1]
    assert jim.get("row", 0) == row_fame and ("row" in jim) == (strength == "balanced")
    assert jim["total"] == jim["chords"] + jim["genre"] + row_fame
    assert jim["genre"] == 7 and state.final[0]["total"] == 5
    assert state.winners() == []


def test_balanced_jim_refills_his_row_to_its_size_hr28():
    """HR-28 (balanced): after a claim Jim Bot refills his open row to his level's size
    (Session Shredder: 6), not to 3."""
    state = solo("W@A2", supply="R B P", row="Em-1 C-1", human="G",
                 deck="E-1 E-2 E-3 E-4 G-3 G-4", options={"jim_strength": "balanced"})
    play(state, "R@D2")                                         # the human completes Em-1 ...
    assert done(state, 1) == ["Em-1"]                           # ... Jim Bot claims, refills
    assert len(hand(state, 1)) == 6 and state.deck == [card("E-1")]


LEGEND = {"difficulty": "legend"}


def test_legend_jim_bot_plays_a_guitarists_actions_chosen_by_the_search_hr29():
    """HR-29 Legend: no icon deck; on his turn Jim Bot (seat 1) has a guitarist's choices (A1
    onto any empty space, A2, A3) instead of his one step, and the search chooses them: the
    engine names the bot level for his seat, and the drivers seat it there."""
    from pygame_rules.bots import AUTOMATON, make_bot, with_automata
    state = solo("W@A2", supply="R B P", row="Em-1 C-1 G-1", human="G", deck="E-1 E-2 E-3",
                 options=LEGEND, start=1)
    assert state.current_player == 1 and state.phase == "turn" and state.icons == []
    legal = state.legal_actions()
    assert ("jim",) not in legal and ("bag",) in legal and ("chords",) in legal
    assert {a for a in legal if a[0] == "supply"} == {("supply", k, s) for k in (RED, BLUE,
                                                       PURPLE) for s in range(30) if s != sp("A2")}
    assert state.automata == (1,) and state.automaton_bot(1) == "normal"
    seated = with_automata(state, [make_bot("rechord", "heuristic")])
    assert seated[1] is not AUTOMATON and seated[1].name == "normal"
    classic = solo(options={"difficulty": "touring"})
    assert classic.automaton_bot(1) is None and with_automata(classic, [None])[1] is AUTOMATON


def test_legend_jim_bot_claims_his_row_at_once_and_keeps_it_to_three_after_a3_hr29():
    """HR-29: at Legend Jim Bot still claims every satisfied card of his open row at once, but
    the row is not refilled: his A3 draws two cards into it, which he then returns down to
    three, as a guitarist does; what he draws and returns is public, like the row."""
    state = solo("W@A2", supply="R B P", row="Em-1 C-1 G-1", human="G",
                 deck="E-1 E-2 E-3 A-1", options=LEGEND, start=1)
    play(state, "chords")
    assert set(hand(state, 1)) == {"C-1", "G-1", "Em-1", "A-1", "E-3"}
    assert state.phase == "return"
    assert ("done",) not in state.legal_actions()
    refused(state, "done", "rc.refuse.too_many", "3")
    play(state, "return C-1", "return G-1")
    assert ("done",) in state.legal_actions()
    seen = state.events_for(0)
    assert [e["cards"] for e in seen if e["type"] == "chords"] == [[card("A-1"), card("E-3")]]
    assert [e["card"] for e in seen if e["type"] == "return"] == [card("C-1"), card("G-1")]
    play(state, "done")
    assert state.current_player == 0 and state.phase == "turn"
    play(state, "R@D2")                                    # the human completes Em-1 for him
    assert done(state, 1) == ["Em-1"] and set(hand(state, 1)) == {"A-1", "E-3"}   # no refill
    assert not events_of(state, "jim_row")


def test_legend_jim_bot_has_two_genres_no_song_and_an_open_row_of_three_hr29():
    """HR-29: at Legend Jim Bot is dealt three open chord cards and two genres, and no song;
    his first completed chord card scores its silver value, every later one its golden value
    (of any chord type, unlike a guitarist's re-chords)."""
    state = pygame_rules.new_game("rechord", 1, seed=3, options=LEGEND)
    assert len(state.hands[1]) == 3 and len(state.genres[1]) == 2 and state.songs[1] is None
    assert state.icons == [] and state.current_player == 0
    assert state.chord_fame(1) == 0
    again = solo(completed=[[], [("G-1", 1), ("C-1", 2), ("G-2", 3)]], options=LEGEND)
    assert again.chord_fame(1) == 4 + 9 + 9                # G-1 silver, then C-1, G-2 golden


def test_legend_jim_bots_first_claim_of_several_cards_scores_his_best_total_hr29():
    """HR-29 with HR-11: when his first claim completes several cards at once, the one whose
    silver value costs him least is his silver card (G-2: 9 → 4), not simply the cheapest
    golden card (Em-3: 8 → 2)."""
    state = solo(completed=[[], [("Em-3", 1), ("G-2", 1), ("G-1", 2)]], options=LEGEND)
    assert state.chord_fame(1) == 8 + 4 + 11


# =============================================================================================
# Illegal actions: refused with the engine's reason, nothing changed (contract)
# =============================================================================================

@pytest.mark.parametrize("spec, msg_id", [
    (("fly",), "error.bad_action"),
    (("supply", RED), "error.bad_action"),
    (("supply", "R", 3), "error.bad_action"),
    (("supply", RED, 30), "rc.refuse.no_space"),
    ("Gy@A1", "rc.refuse.not_in_supply"),
    ("R@A3", "rc.refuse.occupied"),
    ("remove A3", "rc.refuse.phase.turn"),
    ("place A1", "rc.refuse.phase.turn"),
    ("claim Em-1", "rc.refuse.phase.turn"),
    ("done", "rc.refuse.phase.turn"),
])
def test_illegal_actions_in_a_turn_are_refused_and_change_nothing(spec, msg_id):
    """The contract: IllegalAction with a message id and readable text; nothing changes."""
    state = position("R@A3", supply="R B W", hands=("Em-1", ""))
    refused(state, spec, msg_id)


def test_illegal_targets_of_each_ability_are_refused_with_their_reason():
    """Each phase refuses actions of other phases, and bad targets, with its own reason."""
    state = position("R@A3 ?B@D3", supply="P Gy G")
    play(state, "P@e1")
    refused(state, "remove A3", "rc.refuse.phase.ability_purple")
    refused(state, "reveal A3", "rc.refuse.target.ability_purple")
    play(state, "skip")
    play(state, "Gy@e2")                                        # seat 1
    refused(state, "flip D3", "rc.refuse.target.ability_grey")
    play(state, "flip A3")
    refused(state, "move A3 D3", "rc.refuse.occupied")
    refused(state, ("skip", 1), "error.bad_action")
    play(state, "skip")
    play(state, "G@G3")                                         # seat 0: Green on fret 3
    refused(state, "clear R", "rc.refuse.target.ability_green")     # A3's Red is face down
    refused(state, ("clear", 99), "rc.refuse.target.ability_green")


def test_the_turn_and_the_bag_draw_refuse_out_of_phase_actions():
    """A drawn bag pick must be placed; A3 must settle the hand."""
    state = position("R@A3", supply="R B W", hands=("", ""), draws="G", deck="C-1 C-2")
    play(state, "bag")
    refused(state, "R@A1", "rc.refuse.phase.bag_place")
    refused(state, "chords", "rc.refuse.phase.bag_place")
    play(state, "place E1")
    play(state, "chords")                                       # seat 1
    refused(state, "R@A1", "rc.refuse.phase.return")


def test_the_quick_answers_agree_with_the_full_lists_over_random_games():
    """The engine's shortcuts (Blue's 'has a target', the claim check by bit masks, legality
    by a scan) give the same answers as listing everything, in every state of random games."""
    import random
    from pygame_rules.games.rechord.cards import REQUIREMENTS
    from pygame_rules.games.rechord.state import ABILITY_TARGETS
    rng = random.Random(3)
    for seed in range(20):
        state = pygame_rules.new_game("rechord", 1 + seed % 5, seed=seed)
        while not state.is_over:
            at = state.at
            for kind in ABILITY_TARGETS:
                state.at = next((s for s in range(30) if state.face[s] != -1), 0)
                assert state._has_targets(kind) == bool(ABILITY_TARGETS[kind](state))
            state.at = at
            for c in range(72):
                slow = all(state.face[s] in (colour, WYLDE) for s, colour in REQUIREMENTS[c])
                assert state.satisfied(c) == slow
            legal = state.legal_actions()
            assert all(state.is_legal(a) for a in legal)
            state.apply(legal[rng.randrange(len(legal))])
