"""End to end, issue 17: a reload resumes exactly, always. A whole game of each title is played
by clicks and reloaded at random points and at the hard ones: with a half-made choice on the
table, while a bot (or Jim Bot) waits to move, in a claim window, behind the hot-seat curtain
and just after a reveal (the curtain comes back: a reload never shows a hand without it). After
each reload the tab is back at its table at once, with the same board, seat to act, pending
choice and save."""

import json
import random

import pytest

from test_e2e_page import BOARDS, READY, STEP, table  # noqa: F401  (the fixture)
from test_e2e_rechord import Guitarist

pytestmark = pytest.mark.e2e
SEEN = "body[data-board]:not([data-board=start])"
RANDOM_RELOADS = 2          # at most, a game, beside the hard points (each reload boots Python)


def snapshot(table):
    """What the screen and the store say now: the board, the moves, the table's text (own
    panel, status, hand; the others and the centre) and the save (its time stamp aside)."""
    page = table.page
    save = table.save()
    save["summary"].pop("saved_at", None)
    return {"board": table.board(), "dock": page.inner_text(".dock") if page.locator(
                ".dock").count() else "", "centre": page.inner_text(".board") if page.locator(
                ".board").count() else "", "save": save}


def reload_same(table, why):
    """Reload now; the tab must come straight back to the very same table."""
    before = snapshot(table)
    table.page.reload()
    table.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    table.page.wait_for_function("m => document.body.dataset.moves === m && document.body"
                                 ".matches(%s)" % json.dumps(SEEN), arg=before["board"][1],
                                 timeout=STEP)
    if table.board()[0] == "curtain" and before["board"][0] != "curtain":
        assert hand_hidden(table), why              # a hot seat's hand comes back behind the
        table.page.click("[data-action=reveal]")    # curtain, then it is the same table
        table.page.wait_for_function("document.body.dataset.board !== 'curtain'", timeout=STEP)
    after = snapshot(table)
    assert after == before, why
    table.reloads.append(why)


def hand_hidden(table):
    """Behind the curtain: no card of any hand is in the page."""
    return table.page.locator(".dock [data-card], .hand-card").count() == 0


def play_with_reloads(table, decide, seed, chance=0.04, pending=None):
    """Play to the final screen by `decide()`, reloading at random points (RANDOM_RELOADS at
    most) and once with a half-made choice made by `pending()`, once mid-bot-turn, once behind
    and once after the curtain when there is one."""
    rng = random.Random(seed)
    table.reloads = []
    steps = 0
    while True:
        table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
        board = table.board()[0]
        if board == "over":
            break
        if board == "curtain":
            if "curtain" not in table.reloads:
                assert hand_hidden(table)
                reload_same(table, "curtain")
            table.act("[data-action=reveal]")
            if "revealed" not in table.reloads:
                table.reloads.append("revealed")
                table.page.reload()
                table.page.wait_for_selector("body[data-board=curtain]", state="attached",
                                             timeout=READY)
                assert hand_hidden(table)
                table.act("[data-action=reveal]")
        elif board in ("venue", "round"):
            table.act("[data-action=next-%s]" % board)
        else:
            if pending and "pending" not in table.reloads and pending():
                reload_same(table, "pending")
                table.page.keyboard.press("Escape")
                table.page.wait_for_selector(":is(.hand-card, .tak-card).chosen", state="detached")
            if rng.random() < chance and table.reloads.count("random") < RANDOM_RELOADS:
                reload_same(table, "random")
            if "bot" not in table.reloads and steps > 2 and rng.random() < 0.3:
                mid_bot_turn(table, decide)
            else:
                decide()
        steps += 1
        assert steps < 900, "the game did not end"
    reload_same(table, "over")
    return steps


def mid_bot_turn(table, decide):
    """Make the person's next move with the bots' pause long and, if it handed the turn to a
    bot (or Jim Bot), reload while that bot waits to move."""
    table.set_settings(pause=5000)
    act = table.act
    table.act = lambda selector: moved(table, selector)     # the board may be "waiting" now
    try:
        decide()
    finally:
        table.act = act
    if table.board()[0] == "waiting":
        reload_same(table, "bot")
    table.set_settings(pause=0)
    table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)


def moved(table, selector):
    """Click and wait until the page has taken the move (whoever is to act next)."""
    before = table.board()
    table.page.click(selector)
    table.page.wait_for_function("([b, m]) => document.body.dataset.board !== b || "
                                 "document.body.dataset.moves !== m", arg=before, timeout=STEP)


def choose_first(page, card, when=None):
    """A `pending` for play_with_reloads: when `when` (by default a playable `card`) is on the
    page, click the first playable `card`, wait until it shows chosen and say True; else False."""
    def pending():
        if not page.locator(when or card + ".playable").count():
            return False
        page.click(card + ".playable >> nth=0")
        page.locator(card + ".chosen").first.wait_for(timeout=STEP)
        return True
    return pending


def test_take_a_chord_reloads_anywhere(table):  # noqa: F811
    """Take The "A" Chord, 3 players (and the non-player): a whole game with reloads."""
    table.open()
    table.start(players=3, seed="r1", seats=["human", "bot-heuristic", "bot-heuristic"])
    play_with_reloads(table, table.decide, seed=1)
    assert {"random", "bot", "over"} <= set(table.reloads), table.reloads


def test_take_hot_seat_reloads_with_the_curtain_and_a_half_made_pass(table):  # noqa: F811
    """TAKE with two people at one screen: reloads behind the curtain, after a reveal (the
    curtain comes back), with one card of the pass chosen (it is still chosen)."""
    table.open()
    table.start(players=3, game="take-bamboo", seed="r2",
                seats=["human", "human", "bot-heuristic"])
    page = table.page

    def decide():
        if page.locator(".hand-card.chosen").count():      # a pass half-made before a reload
            page.keyboard.press("Escape")
        table.decide()

    play_with_reloads(table, decide, seed=2, chance=0.03,
                      pending=choose_first(page, ".hand-card", when=".passing"))
    assert {"curtain", "revealed", "pending", "over"} <= set(table.reloads), table.reloads


def test_taktvoll_reloads_with_a_chosen_card(table):  # noqa: F811
    """Taktvoll, 3 players: the card picked from the hand is still picked after a reload."""
    table.open()
    table.start(players=3, game="taktvoll", seed="r3",
                seats=["human", "bot-heuristic", "bot-heuristic"])
    play_with_reloads(table, table.decide, seed=3, chance=0.08,
                      pending=choose_first(table.page, ".tak-card"))
    assert {"pending", "bot", "over"} <= set(table.reloads), table.reloads


def test_rechord_solo_reloads_in_jim_bots_turn_and_the_claim_window(table):  # noqa: F811
    """Re-Chord solo: reloads while Jim Bot waits to take a step, in a claim window (always
    claim off) and with a supply pick chosen."""
    table.open()
    table.set_settings(always_claim=False)
    table.start(players=1, game="rechord", seed="r4")
    page = table.page
    guitarist = Guitarist(table, seed=4, abilities=0.4)
    claims = []

    def supply_pick():
        if guitarist.phase() != "turn" or not page.locator("button.rc-pick.playable").count():
            return False
        guitarist.choose("button.rc-pick.playable >> nth=0")
        return True

    def decide():
        if guitarist.phase() == "claim" and not claims:
            claims.append(1)
            reload_same(table, "claim")
        guitarist.decide()

    play_with_reloads(table, decide, seed=4, chance=0.05, pending=supply_pick)
    assert {"pending", "bot", "over"} <= set(table.reloads), table.reloads
