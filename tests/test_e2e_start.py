"""End to end: the start screen (plain words, house rules folded, Start always in view) and the
rules dialog (one game at a time on tabs), in Debian's Chromium through the `table` fixture."""

import pytest

import pygame_rules
from test_e2e_page import Table, table  # noqa: F401  (the fixture, checked clean at the end)

pytestmark = pytest.mark.e2e
SIZES = [(1366, 768), (390, 844)]


def open_shell(t, size):
    """Load the page at a viewport size; the start screen works before Python, so wait only
    for the shell's script."""
    t.page.set_viewport_size({"width": size[0], "height": size[1]})
    if t.warm:                        # already up, at a fresh start (the `table` fixture)
        t.warm = False
        return
    t.page.goto(t.url)
    t.page.wait_for_selector("body[data-shell]", state="attached")


def unfold_house_rules(t, game):
    """Choose a game on the start screen and open its folded house rules."""
    t.page.check('input[name="game"][value="%s"]' % game)
    t.page.click('.game-setup[data-game="%s"] .house-options summary' % game)


@pytest.mark.parametrize("size", SIZES)
def test_the_start_button_stays_in_view_while_the_form_scrolls(table: Table, size):
    """With the longest form (Re-Chord, house rules open) the Start button's box is inside the
    viewport at the top, in the middle and at the end of the form."""
    open_shell(table, size)
    unfold_house_rules(table, "rechord")
    height = table.page.evaluate("document.documentElement.scrollHeight")
    assert height > 1.5 * size[1]
    for y in (0, height // 2, height):
        table.page.evaluate("y => window.scrollTo(0, y)", y)
        box = table.page.locator("#start-button").bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= size[1], (y, box)
        assert 0 <= box["x"] and box["x"] + box["width"] <= size[0]


def test_no_option_on_the_start_screen_shows_its_raw_id(table: Table):
    """Every game's options, house rules unfolded: no value reads as its id (a number may be
    its own word) and no id with an underscore is on the screen."""
    open_shell(table, SIZES[1])
    for game in pygame_rules.GAMES.values():
        unfold_house_rules(table, game.id)
        pairs = table.page.eval_on_selector_all(
            '.game-setup[data-game="%s"] option' % game.id,
            "els => els.map(o => [o.value, o.textContent.trim()])")
        assert len(pairs) == sum(len(o.allowed) for o in game.options
                                 if not isinstance(o.default, bool))
        assert [v for v, words in pairs if words == v and not v.isdigit()] == []
        shown = table.page.locator("#start-screen").inner_text()
        ids = {str(i) for o in game.options for i in (o.name,) + o.allowed}
        assert sorted(i for i in ids if "_" in i and i in shown) == []


def test_the_house_rules_summary_names_those_changed_from_the_default(table: Table):
    """Folded, the house rules say whether any differs from the default and which; the option
    changed is marked, and setting it back clears both."""
    open_shell(table, SIZES[0])
    unfold_house_rules(table, "take-bamboo")
    page, summary = table.page, table.page.locator('[data-game="take-bamboo"] .house-changed')
    assert summary.inner_text() == "all as by default"
    page.select_option('[name="opt-take-bamboo-trump"]', "4")
    assert summary.inner_text() == "changed: Trump number"
    changed = page.locator('[data-game="take-bamboo"] .option.changed .opt-label')
    assert changed.all_inner_texts() == ["Trump number"]
    page.select_option('[name="opt-take-bamboo-trump"]', "random")
    assert summary.inner_text() == "all as by default" and changed.count() == 0


def shown_rules(page):
    """The games whose rules the rules dialog shows."""
    return page.eval_on_selector_all("#rules-dialog .rules-game",
                                     "els => els.filter(e => e.checkVisibility()).map(e => e.dataset.game)")


def test_the_rules_show_one_game_its_house_rules_and_the_others_on_tabs(table: Table):
    """From the start screen the rules show the chosen game only, its house rules section lists
    their ids, a click on another game's tab shows that game instead, and Escape closes."""
    table.open()
    table.page.check('input[name="game"][value="take-bamboo"]')
    table.page.click("#start-rules")
    page = table.page
    assert shown_rules(page) == ["take-bamboo"]
    ids = page.locator("#rules-take-bamboo-house .hr-id").all_inner_texts()
    assert ids == [h["id"] for h in pygame_rules.GAMES["take-bamboo"].house_rules]
    page.click('#rules-dialog .rules-toc a[href="#rules-take-bamboo-house"]')
    assert page.locator("#rules-take-bamboo-house h3").is_visible()
    page.click('#rules-dialog [role=tab][data-rules-tab="taktvoll"]')
    assert shown_rules(page) == ["taktvoll"]
    assert page.locator('[data-rules-tab="taktvoll"]').get_attribute("aria-selected") == "true"
    assert page.evaluate("document.querySelector('#rules-dialog').scrollTop") == 0
    page.keyboard.press("ArrowRight")
    assert shown_rules(page) == ["rechord"]
    page.click("#rules-dialog .rules-close button")
    assert page.evaluate("document.querySelector('#rules-dialog').open") is False
    page.click("#start-rules")
    assert shown_rules(page) == ["take-bamboo"]
    page.keyboard.press("ArrowLeft")
    assert shown_rules(page) == ["take-a-chord"]
    page.keyboard.press("Escape")
    assert page.evaluate("document.querySelector('#rules-dialog').open") is False
