"""End to end, issue 18: the page's Undo. In each game a person makes a move by clicking and
takes it back in the bots' pause (the button, or Ctrl+Z / U): the move count, the hand on offer
and the board are as before, and a different move then plays. A half-made choice is dropped
first; a move the rules no longer let go (a bot has played since) greys the button with its
reason; in a hot seat the next person can never take back the previous person's move.
The page checks of test_e2e_page apply (no foreign request, no console error, no traceback)."""

import re

import pytest

from taktvoll_helpers import position
from test_e2e_page import STEP, settle
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_e2e_tables import saved

pytestmark = pytest.mark.e2e
UNDO = "#game-screen [data-action=undo]"
LONG_PAUSE = 4000               # ms: the bot after the person waits this long before playing


def moves(table):  # noqa: F811
    """body[data-moves] as a number."""
    return int(table.board()[1])


def wait_moves(table, count):  # noqa: F811
    """Wait until the page reports `count` moves and a settled board."""
    table.page.wait_for_function(
        "n => document.body.dataset.moves === String(n) && "
        "['playable', 'curtain', 'waiting', 'over'].includes(document.body.dataset.board)",
        arg=count, timeout=STEP)


def play(table, selector):  # noqa: F811
    """Click what makes a move and wait for it (the board may then wait for a bot)."""
    before = moves(table)
    table.page.click(selector)
    wait_moves(table, before + 1)


def squeeze(html):
    """Markup without white space (redraws may indent differently)."""
    return re.sub(r"\s+", "", html)


def snapshot(table, offer):  # noqa: F811
    """What must come back after an undo: the moves, the board state, the saved engine state,
    the log's lines, the table's text and the markup of what is on offer (`offer`)."""
    page = table.page
    return {"board": table.board(), "engine": table.save()["engine"],
            "log": page.locator(".log-list li").count(),
            "text": page.inner_text("#game-screen .board") if page.locator(
                "#game-screen .board").count() else page.inner_text("#game-screen"),
            "offer": squeeze(page.inner_html(offer))}


def undo_enabled(table):  # noqa: F811
    """The Undo button is shown and may be pressed."""
    button = table.page.locator(UNDO)
    return button.count() == 1 and button.get_attribute("aria-disabled") is None


def take_back(table, before, press=None):  # noqa: F811
    """Undo by the button (or by the key `press`) and wait for the move count `before`."""
    if press:
        table.page.keyboard.press(press)
    else:
        table.page.click(UNDO)
    wait_moves(table, before)


# --- 1. one move, taken back, in each game ---------------------------------------------------
def test_take_a_chord_a_card_played_is_taken_back(table):  # noqa: F811
    """Take The "A" Chord: a card played, then Undo (the button): the card is back in the hand,
    the trick and log as before; another card then plays."""
    table.open()
    table.start(players=4, game="take-a-chord", seed="4242")
    table.set_settings(pause=LONG_PAUSE)
    assert table.board()[0] == "playable"
    before, shot = moves(table), snapshot(table, ".hand")
    first = table.page.get_attribute(".hand-card.playable >> nth=0", "data-card")
    other = table.page.get_attribute(".hand-card.playable >> nth=1", "data-card")
    play(table, '.hand-card.playable[data-card="%s"]' % first)
    assert moves(table) == before + 1
    assert table.page.locator('.hand-card[data-card="%s"]' % first).count() == 0
    assert undo_enabled(table)
    take_back(table, before)
    assert snapshot(table, ".hand") == shot
    assert table.page.locator('.hand-card.playable[data-card="%s"]' % first).count() == 1
    play(table, '.hand-card.playable[data-card="%s"]' % other)
    assert moves(table) == before + 1
    assert table.page.locator('.hand-card[data-card="%s"]' % other).count() == 0
    assert table.page.locator('.hand-card[data-card="%s"]' % first).count() == 1


def pass_two(table, nth):  # noqa: F811
    """Take Bamboo: choose two playable cards (the nth pair) and confirm the pass; returns them."""
    page = table.page
    cards = page.eval_on_selector_all(".hand-card.playable", "els => els.map(e => e.dataset.card)")
    chosen = cards[nth:nth + 2]
    for card in chosen:
        page.click('.hand-card.playable[data-card="%s"]' % card)
    play(table, "[data-action=confirm]")
    return chosen


def test_take_bamboo_a_pass_is_taken_back(table):  # noqa: F811
    """Take Bamboo: two cards passed, then Undo (the U key): both are back in the hand and
    nothing is chosen; a different pair then passes."""
    table.open()
    table.start(players=4, game="take-bamboo", seed="10")
    table.set_settings(pause=LONG_PAUSE)
    assert table.board()[0] == "playable" and table.page.locator(".passing").count()
    before, shot = moves(table), snapshot(table, ".hand")
    first = pass_two(table, 0)
    assert moves(table) == before + 1
    assert undo_enabled(table)
    take_back(table, before, press="u")
    assert snapshot(table, ".hand") == shot
    assert table.page.locator(".hand-card.chosen").count() == 0
    for card in first:
        assert table.page.locator('.hand-card.playable[data-card="%s"]' % card).count() == 1
    second = pass_two(table, 2)
    assert set(second).isdisjoint(first)
    assert moves(table) == before + 1


def taktvoll_place(table, card):  # noqa: F811
    """Taktvoll: choose the hand's playable card number `card`, then its first place."""
    page = table.page
    page.click(".tak-card.playable >> nth=%d" % card)
    page.locator(".place, [data-key=new-row]").first.wait_for(timeout=STEP)
    play(table, ":is(.place, [data-key=new-row]) >> nth=0")


def test_taktvoll_a_card_placed_is_taken_back(table):  # noqa: F811
    """Taktvoll: a note placed in a row, then Undo (Ctrl+Z): the note is back in the hand and the
    row as before; another card then plays."""
    table.open()
    table.set_settings(pause=LONG_PAUSE)
    state = position(["clef Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4", "S:F4"])
    table.continue_save(saved(state, 0, ["Ana", "Bot 1", "Bot 2"]))
    assert table.board()[0] == "playable"
    hand = lambda: table.page.eval_on_selector_all(   # noqa: E731
        ".tak-card", "els => els.map(e => e.dataset.card)")
    before, shot, cards = moves(table), snapshot(table, ".hand"), hand()
    taktvoll_place(table, 0)
    assert moves(table) == before + 1 and len(hand()) == len(cards) - 1
    first = set(cards) - set(hand())
    assert undo_enabled(table)
    take_back(table, before, press="Control+z")
    assert snapshot(table, ".hand") == shot and hand() == cards
    assert table.page.locator(".tak-card.chosen").count() == 0
    taktvoll_place(table, 1)
    assert moves(table) == before + 1
    second = set(cards) - set(hand())
    assert len(first) == len(second) == 1 and first != second


def rechord_pick(table, space):  # noqa: F811
    """Re-Chord: choose the first supply pick, then the lit space number `space`."""
    page = table.page
    page.click("button.rc-pick.playable >> nth=0")
    page.locator(".rc-space.lit").first.wait_for(timeout=STEP)
    play(table, ".rc-space.lit >> nth=%d" % space)


def test_rechord_a_supply_pick_is_taken_back(table):  # noqa: F811
    """Re-Chord: a supply pick placed on the neck, then Undo (the button): the supply and the
    neck are as before; the pick then goes to another space."""
    table.open()
    table.start(players=2, game="rechord", seed="4242", seats=["human", "bot-random"])
    table.set_settings(pause=LONG_PAUSE)
    assert table.board()[0] == "playable"
    page = table.page
    assert page.get_attribute(".rc-hand-area", "data-phase") == "turn"
    before, shot = moves(table), snapshot(table, "#game-screen .board")
    rechord_pick(table, 0)
    assert moves(table) == before + 1
    placed = squeeze(page.inner_html("#game-screen .board"))
    assert placed != shot["offer"]
    assert undo_enabled(table)
    take_back(table, before)
    assert snapshot(table, "#game-screen .board") == shot
    assert page.get_attribute(".rc-hand-area", "data-phase") == "turn"
    rechord_pick(table, 1)
    assert moves(table) == before + 1
    assert squeeze(page.inner_html("#game-screen .board")) != placed


# --- 2. a half-made choice is dropped first ----------------------------------------------------
def test_undo_drops_a_half_made_choice_first(table):  # noqa: F811
    """Take Bamboo: one card of the pass chosen, Undo drops it (no move is taken back, none
    made); Taktvoll: a card chosen before its place, U drops it."""
    table.open()
    table.start(players=4, game="take-bamboo", seed="10")
    table.set_settings(pause=LONG_PAUSE)
    page = table.page
    before = moves(table)
    page.click(".hand-card.playable >> nth=0")
    page.wait_for_selector(".hand-card.chosen", timeout=STEP)
    assert page.locator(UNDO).count() == 1
    page.click(UNDO, force=True)       # (greyed: "nothing to take back", yet a press drops it)
    page.wait_for_selector(".hand-card.chosen", state="detached", timeout=STEP)
    assert moves(table) == before and table.board()[0] == "playable"
    assert page.locator("[data-action=confirm]").count() == 0 or \
        page.locator("[data-action=confirm]").is_disabled()

    state = position(["clef Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4", "S:F4"])
    table.continue_save(saved(state, 0, ["Ana", "Bot 1", "Bot 2"]))
    before = moves(table)
    page.click(".tak-card.playable >> nth=0")
    page.wait_for_selector(".tak-card.chosen", timeout=STEP)
    page.keyboard.press("u")
    page.wait_for_selector(".tak-card.chosen", state="detached", timeout=STEP)
    assert page.locator(".tak-pending").count() == 0
    assert moves(table) == before and table.board()[0] == "playable"


# --- 3. greyed once the rules forbid it ---------------------------------------------------------
def test_undo_is_greyed_with_the_reason_once_a_bot_has_played(table):  # noqa: F811
    """No pause: the bots play on after the person's card. The Undo button is then greyed with
    the reason as its title; a press changes nothing and shows the reason."""
    table.open()
    table.start(players=4, game="take-a-chord", seed="4242")
    page = table.page
    before = moves(table)
    table.act(".hand-card.playable >> nth=0")
    page.wait_for_function("n => +document.body.dataset.moves > n + 1 && "
                           "document.body.dataset.board === 'playable'", arg=before,
                           timeout=STEP)
    button = page.locator(UNDO)
    assert button.count() == 1 and button.get_attribute("aria-disabled") == "true"
    why = button.get_attribute("title")
    assert why and why.strip()
    after, engine = moves(table), table.save()["engine"]
    button.click(force=True)           # (aria-disabled: a person can still press it)
    notice = page.locator("#game-screen .notice")
    page.wait_for_function("document.querySelector('#game-screen .notice')?.textContent",
                           timeout=STEP)
    assert notice.inner_text() == why
    page.keyboard.press("Control+z")
    settle(page)
    assert moves(table) == after and table.save()["engine"] == engine
    assert table.board()[0] == "playable"


# --- 4. the hot seat: never across to another person's turn -------------------------------------
def test_hot_seat_the_next_person_cannot_undo_the_previous_move(table):  # noqa: F811
    """Two people: the first plays; behind the second one's curtain there is no Undo and the
    keys do nothing; once revealed, the second one's Undo is greyed and refuses."""
    table.open()
    table.set_settings(pause=LONG_PAUSE)
    table.start(players=4, game="take-a-chord", seed="4242",
                seats=["human", "human", "bot-heuristic", "bot-random"])
    page = table.page
    assert table.board()[0] == "curtain"
    table.act("[data-action=reveal]")
    assert table.board()[0] == "playable"
    before = moves(table)
    table.act(".hand-card.playable >> nth=0")
    assert table.board()[0] == "curtain" and moves(table) == before + 1
    engine = table.save()["engine"]
    assert page.locator(UNDO).count() == 0
    for key in ("u", "Control+z"):
        page.keyboard.press(key)
    settle(page)
    assert table.board()[0] == "curtain" and moves(table) == before + 1
    table.act("[data-action=reveal]")
    assert table.board()[0] == "playable" and moves(table) == before + 1
    button = page.locator(UNDO)
    if button.count():
        assert button.get_attribute("aria-disabled") == "true" and button.get_attribute("title")
        button.click(force=True)           # (aria-disabled: a person can still press it)
        page.wait_for_function("document.querySelector('#game-screen .notice')?.textContent",
                               timeout=STEP)
    page.keyboard.press("u")
    settle(page)
    assert moves(table) == before + 1 and table.save()["engine"] == engine
    assert table.board()[0] == "playable"
