"""TAKE トリックの翁's table lights a lesson's marks (issue 20), in CPython: the selectors
`teach_targets` gives for the marks of real lessons match elements of the HTML the table
renders for that seat's view at that moment."""

import pathlib
import random
import sys

import pytest

import pygame_rules
from pygame_rules import teach
from html_select import Tree, select
from take_helpers import action, position

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))

import tables.take_bamboo as take  # noqa: E402

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def table(view, seat):
    """The table the seat sees: the board, its own panel and its hand."""
    names, seats = NAMES[:view["players"]], [{"name": n, "kind": "human"} for n in NAMES]
    board, mine = take.table_html(view, names, seats[:view["players"]], {"names": names})
    hand = take.hand_html(view, {"names": names, "pending": {}})
    return Tree(board + mine + hand)


def unlit(item, tree):
    """The marks of a lesson that light nothing on the table."""
    return [mark for mark in item["marks"]
            if not any(select(tree, s) for s in take.teach_targets([mark]))]


def test_the_selector_matcher_can_fail():
    """The matcher this test relies on tells a match from a near miss."""
    tree = Tree('<section class="seat" data-seat="1"><div class="bamboo-stack bcol-2"></div>'
                '</section><button class="hand-card" data-card="7"></button>')
    assert select(tree, 'section.seat[data-seat="1"] .bamboo-stack.bcol-2')
    assert not select(tree, 'section.seat[data-seat="2"] .bamboo-stack.bcol-2')
    assert not select(tree, 'section.seat[data-seat="1"] .bamboo-stack.bcol-1')
    assert select(tree, '.hand-card[data-card="7"]')
    assert not select(tree, '.hand-card[data-card="8"]')


def test_each_kind_has_its_selectors_and_nothing_else_lights():
    assert take.teach_targets([["card", 12]]) == [
        '.hand-card[data-card="12"]', '.trick-slot[data-trick-card="12"]',
        '.extra-choice[data-card="12"]']
    assert take.teach_targets([["seat", 2], ["trump", None], ["track", 1],
                               ["stack", [0, 2]], ["action", "gift"]]) == [
        '.seat[data-seat="2"]', ".trump-card", ".score-track .marker.m1",
        '.seat[data-seat="0"] .bamboo-stack.bcol-2', '[data-action="gift"]']
    assert take.teach_targets([["space", 1], ["card", "x"], ["action", "x\"]"],
                               ["stack", 3], ["seat", True]]) == []


GIFT = (["Or1 Bi5", "St2 Bi6", "Bi9 Bi7"], ["Bi3 St3", "", ""])
SCRIPTS = [   # (position, seat, moves, lesson): scripted positions of every mark kind
    (dict(hands=["Or9 Or8 Bi1", "Bi9 Bi8 St1", "St9 St8 Or1"], passing=True), 0, [], "pass"),
    (dict(hands=["Or9", "Bi9", "St9"], trump=5, initial_bamboo=True,
          draw=["St1", "Or8", "Bi9b", "Or5", "St3", "Bi5"]), 1, [], "initial_double"),
    (dict(hands=["Or5 Bi3", "Or9 St4", "Bi5 St5"]), 1, ["Or5"], "any_card"),
    (dict(hands=["Or5", "Or1", "St2", "Bi9"], round=2), 2, ["Or5", "Or1", "St2", "Bi9"],
     "extra_choice"),
    (dict(hands=["Or5", "Or1", "St2", "Bi9"], round=2), 0, ["Or5", "Or1", "St2", "Bi9"],
     "one_taken"),
    (dict(hands=["Or5", "Bi2", "St9"], discard=["Bi7", "St8"], round=2), 0,
     ["Or5", "Bi2", "St9"], "extra"),
    (dict(hands=GIFT[0], tableau=GIFT[1]), 0, ["Or1", "St2", "Bi9"], "two_colours"),
    (dict(hands=GIFT[0], tableau=GIFT[1]), 1, ["Or1", "St2", "Bi9", "left"], "gift_offered"),
    (dict(hands=GIFT[0], tableau=GIFT[1], scores=[3, 3, 3]), 2,
     ["Or1", "St2", "Bi9", "left", "accept"], "gift_accepted"),
]


@pytest.mark.parametrize("setup, seat, moves, lesson_id", SCRIPTS,
                         ids=[s[3] for s in SCRIPTS])
def test_a_lessons_marks_light_elements_of_the_seats_table(setup, seat, moves, lesson_id):
    """At the moment the lesson comes, each of its marks matches an element of the table."""
    state = position(**setup)
    teacher = teach.Teacher(seat)
    for i in range(len(moves) + 1):
        found = [item for item in teacher.look(state) if item["id"] == lesson_id]
        if found:
            break
        state.apply(action(state, moves[i]))
    assert found, lesson_id
    item = found[0]
    assert item["marks"]
    assert unlit(item, table(state.view(seat), seat)) == []


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_mark_of_random_games_lights_something(players):
    """Over whole random games, every lesson's every mark matches the seat's table then."""
    kinds = set()
    for seed in range(3):
        state, rng = pygame_rules.new_game("take-bamboo", players, seed=seed), random.Random(seed)
        teacher = teach.Teacher(0)
        while True:
            items = teacher.look(state)
            if items:
                tree = table(state.view(0), 0)
                for item in items:
                    assert unlit(item, tree) == [], item
                    kinds |= {kind for kind, _ in item["marks"]}
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert {"card", "seat", "trump", "track", "stack"} <= kinds, kinds


# --- the page's session: a round's initial bamboo in round 1 -----------------------------------
import app  # noqa: E402
from session_helpers import bots, table_step  # noqa: E402

MIA, LEO = {"name": "Mia", "kind": "human"}, {"name": "Leo", "kind": "human"}
DOUBLED = 2     # seed: with 3 players, seat 0's first initial bamboo has the trump number


def shown_to(session, moves=60):
    """{seat: [lesson ids]} shown on screen to each person while the table plays on (each
    person's lessons read as they come, their first legal move made)."""
    shown = {}
    for _ in range(moves):
        session.look()
        seat = session.viewer()
        while session.lessons():
            shown.setdefault(seat, []).append(session.lessons()[0]["id"])
            session.dismiss()
        if session.state.is_over:
            break
        if not table_step(session):
            assert session.human_move(session.state.legal_actions()[0]) is None
    return shown


def test_the_deal_is_in_the_page_s_setting():
    """The game this test plays: round 1's deal doubles an initial bamboo, before any move."""
    state = pygame_rules.new_game("take-bamboo", 3, seed=DOUBLED)
    assert not state.history
    assert [e["seat"] for e in state.events if e["type"] == "initial_double"] == [0]


@pytest.mark.parametrize("seats", [[MIA] + bots(2), [MIA, LEO] + bots(1), [MIA, LEO, MIA]],
                         ids=["one", "two", "three"])
def test_round_one_s_initial_double_is_taught_to_each_person(seats):
    """A new game on the page: the first deal (made before the page's first look) teaches its
    initial double to every person, each when their own hand is on screen, once."""
    session = app.Session.start("take-bamboo", seats, seed=DOUBLED, teaching=True)
    shown = shown_to(session)
    people = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    assert sorted(shown) == people
    for seat in people:
        assert shown[seat].count("initial_double") == 1, (seat, shown[seat])


def test_play_again_teaches_the_new_deal_too():
    """Play again: the next game's first deal is taught as well (what was taught stays so)."""
    plain = app.Session.start("take-bamboo", [MIA] + bots(2), seed=1, teaching=True)
    assert not [e for e in plain.state.events if e["type"] == "initial_double"]
    session = plain.again(DOUBLED)
    assert "initial_double" in shown_to(session, 5)[0]


def test_a_resumed_game_under_way_teaches_nothing_of_its_past():
    """Resumed after a move, the deal of round 1 is the past: not taught."""
    session = app.Session.start("take-bamboo", [MIA] + bots(2), seed=DOUBLED)
    session.human_move(session.state.legal_actions()[0])
    session.set_teaching(True)
    session.look()
    assert "initial_double" not in [item["id"] for item in session.due.get(0, [])]
