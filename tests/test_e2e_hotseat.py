"""End to end, issue 40: in a hot seat no hand is ever in the page unless its owner holds the
screen. Two people (Ann, Bo) and two random bots share a phone (390×844); each title is played
by clicks from a hot-seat save a few of the people's moves before its first score table, through
two score tables (Take The "A" Chord's venues, TAKE's rounds), or, for the titles that stop for no
table between rounds (Taktvoll, Re-Chord: only the game's end), before the end. Whenever a score
table, a curtain or the final screen is up, no card of any hand is in the page; after a score
table the next person's curtain comes before their hand, even when they held the screen before."""

import html
import pathlib
import re
import sys

import pytest

from test_e2e_page import BOARDS, STEP
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_e2e_rechord import Guitarist

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import app  # noqa: E402
import tables  # noqa: E402
from session_helpers import bots, table_step  # noqa: E402

pytestmark = pytest.mark.e2e
PHONE = (390, 844)
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
HAND = ".hand-area, .hand-card, .dock [data-card]"     # the tables' hand (tables/*.hand_html)
HAND_NAMES = ("Your hand", "Your chord cards")          # its label (ui.your_hand, rc.page.…)
BUTTON_LABELS = """() => [...document.querySelectorAll('#game-screen button')]
  .map(b => b.querySelector('.sr-only')).filter(s => s).map(s => s.textContent)"""
SCORES = ("round", "venue")


def hot_seat_save(game_id, seed, before):
    """A hot-seat save: Ann and Bo, then two random bots, played in CPython (the people taking
    the first legal move) to `before` of the people's moves before its first score table (a game
    without one: its end)."""
    session = app.Session.start(game_id, PEOPLE + bots(2, "random"), seed=seed)
    people_moves = []
    while not session.state.is_over and not session.round_pending():
        if not table_step(session):
            people_moves.append(len(session.state.history))
            session.human_move(session.state.legal_actions()[0])
    start = app.Session.start(game_id, PEOPLE + bots(2, "random"), seed=seed)
    for action in session.state.history[:people_moves[-before]]:
        start.state.apply(action)
    return start.to_save()


def hand_labels(table, game_id):
    """The names of the cards in the people's hands, as the page labels them in a hand."""
    state = table.engine_state()
    ui = {"names": [s["name"] for s in table.save()["seats"]]}
    drawn = "".join(tables.table_for(game_id).hand_html(state.view(seat), ui) for seat in (0, 1))
    return {html.unescape(label) for label in re.findall(r'class="sr-only">(.*?)</span>', drawn)}


def assert_no_hand(table, game_id, board):
    """Nothing of any hand in the page: no hand area, no card of it, not its label, and no
    button labelled as a card a person holds."""
    page = table.page
    assert page.locator(HAND).count() == 0, "a hand under the %s screen" % board
    shown = page.evaluate("document.querySelector('#game-screen').textContent")
    assert not [n for n in HAND_NAMES if n in shown], "a hand's label under the %s" % board
    held = hand_labels(table, game_id) & set(page.evaluate(BUTTON_LABELS))
    assert not held, "cards of a hand under the %s screen: %s" % (board, held)


def play_hot_seat(table, game_id, tables_to_see):
    """Click through the game as the players would until `tables_to_see` score tables have
    been closed and the next person has taken the screen (or the game is over), checking every
    screen that stands between two people. Returns the boards checked, in order."""
    decide = Guitarist(table, seed=1).decide if game_id == "rechord" else table.decide
    seen, closed = [], 0
    while True:
        table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
        board = table.board()[0]
        if board != "playable":
            assert_no_hand(table, game_id, board)
            seen.append(board)
        if board == "over" or tables_to_see and closed == tables_to_see and board == "playable":
            return seen
        if board == "curtain":
            table.act("[data-action=reveal]")
        elif board in SCORES:
            table.act("[data-action=next-%s]" % board)
            closed += 1
            if table.engine_state().current_player in (0, 1):   # a person plays first:
                assert table.board()[0] == "curtain"          # their curtain first
        else:
            decide()


@pytest.mark.parametrize("game_id,seed,before,tables_to_see", [
    ("take-a-chord", 1, 3, 2), ("take-bamboo", 7, 3, 2), ("taktvoll", 1, 4, 0),
    ("rechord", 1, 4, 0)])
def test_a_hot_seat_never_shows_a_hand_under_a_score_table_or_a_curtain(
        table, game_id, seed, before, tables_to_see):  # noqa: F811
    """Two people, two bots, a phone: every score table, curtain and the final screen hide
    every hand; the next person's hand comes only after their curtain."""
    table.open()
    table.continue_save(hot_seat_save(game_id, seed, before), PHONE)
    seen = play_hot_seat(table, game_id, tables_to_see)
    assert sum(board in SCORES for board in seen) == tables_to_see
    assert "curtain" in seen
    if not tables_to_see:
        assert seen[-1] == "over"
