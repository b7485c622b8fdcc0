"""End to end for Taktvoll: whole games by clicks at 3 and 8 players and in each variant,
and listening to a row (with no console error) — the page checks of test_e2e_page apply."""

import pytest

import pygame_rules
from pygame_rules.games.taktvoll.cards import DECK, kind_of
from taktvoll_helpers import position
from test_e2e_page import settle, sounds_made, table, with_sound  # noqa: F401  (table)
from test_e2e_tables import saved

pytestmark = pytest.mark.e2e
GAME = "taktvoll"


@pytest.mark.parametrize("players, variant", [(3, "basic"), (8, "thirds"), (4, "intervals")])
def test_full_taktvoll_game(table, players, variant):  # noqa: F811
    """A person plays a whole game against bots; the final scores are the engine's; the
    basic game with its sound on (a tone a note)."""
    table.open()
    if variant == "basic":
        with_sound(table)
    table.start(players=players, game=GAME, seed="31", options={"variant": variant})
    table.play_to_end()
    state = table.engine_state()
    assert state.is_over and state.options["variant"] == variant
    replay = pygame_rules.new_game(GAME, players, seed=31, options=state.options)
    for action in state.history:
        replay.apply(action)
    assert replay.scores() == state.scores()
    assert table.page.locator(".modal-final .scores tbody tr").count() == players
    if variant == "basic":
        assert sounds_made(table) > 0


def test_rows_are_drawn_as_notation_and_play_back(table):  # noqa: F811
    """Rows are SVG staves with notes; the play-back button plays the row without an error."""
    table.open()
    with_sound(table)
    table.start(players=3, game=GAME, seed="8")
    for _ in range(300):
        if table.page.locator(".tak-row svg .note, .tak-row svg [class*=note]").count():
            break
        if not table.step():
            break
    assert table.page.locator(".tak-row svg").count() >= 1
    heard = sounds_made(table)
    table.page.click("[data-action=play-row] >> nth=0")
    settle(table.page)
    notes = table.page.locator(".tak-row >> nth=0").locator("svg .tak-head").count()
    assert sounds_made(table) - heard >= max(notes, 1)
    assert table.page.evaluate("document.body.dataset.board") in (
        "playable", "waiting", "over", "curtain")


def wide_hand():
    """Ana holds 20 notes and a clef (her only playable card, the first in her hand)."""
    notes = [c for c in range(DECK) if kind_of(c) == "note"]
    clef = next(c for c in range(DECK) if kind_of(c) == "clef")
    return position([notes[:20] + [clef], notes[20:21], notes[21:22]], deck=notes[22:25])


HAND_BOXES = """() => { const hand = document.querySelector('.hand');
  hand.scrollLeft = 0;
  const box = hand.getBoundingClientRect();
  const first = hand.querySelector('.hand-card').getBoundingClientRect().left - box.left;
  const unreachable = [...hand.querySelectorAll('.hand-card')].filter(card => {
    card.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = card.getBoundingClientRect(), h = hand.getBoundingClientRect();
    return r.left < h.left - 0.5 || r.right > h.right + 0.5 ||
           r.bottom < h.top || r.top > h.bottom; }).length;
  hand.scrollLeft = 0; hand.scrollTop = 0;
  return {first, unreachable, fade: getComputedStyle(hand).maskImage,
          overflow: hand.scrollWidth > hand.clientWidth || hand.scrollHeight > hand.clientHeight,
          inView: hand.getBoundingClientRect().bottom <= innerHeight}; }"""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_wide_hand_scrolls_to_every_card_and_shows_it_does(table, size):  # noqa: F811
    """A hand of 21 cards (wider than its row on a laptop, more than two rows on a phone)
    starts at its first card, stays in the window, every card can be scrolled into view, and
    the edge it scrolls to fades."""
    table.open()
    table.continue_save(saved(wide_hand(), 0, ["Ana", "Bot 1", "Bot 2"]), size)
    boxes = table.page.evaluate(HAND_BOXES)
    assert boxes["overflow"] and boxes["unreachable"] == 0
    assert boxes["first"] >= 0 and boxes["inView"]
    assert "gradient" in boxes["fade"]


IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight &&
         r.right <= innerWidth; }"""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_chosen_card_can_be_cancelled_by_a_visible_button(table, size):  # noqa: F811
    """A card chosen from the hand shows a Cancel in view; a click on it drops the choice."""
    table.open()
    state = position(["clef Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4", "S:F4"])
    table.continue_save(saved(state, 0, ["Ana", "Bot 1", "Bot 2"]), size)
    page = table.page
    assert page.locator("[data-action=cancel]").count() == 0
    page.click(".tak-card.playable >> nth=0")
    cancel = page.locator(".tak-pending [data-action=cancel]")
    cancel.wait_for()
    assert cancel.is_visible() and page.locator(".tak-card.chosen").count() == 1
    assert page.evaluate(IN_VIEW, ".tak-pending [data-action=cancel]")
    page.screenshot(path="/tmp/p16-ends-cancel-%dx%d.png" % size)
    cancel.click()
    page.wait_for_selector(".tak-card.chosen", state="detached")
    assert page.locator("[data-action=cancel]").count() == 0
