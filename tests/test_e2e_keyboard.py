"""End to end: a card played by keyboard alone, a log the keyboard can reach, and a Tab order
and a focus that go to the choices to make."""

import pytest

from test_e2e_page import NS, STEP
from test_e2e_page import table  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
FOCUSED_CARD = "document.activeElement.dataset.card || null"


def wait_for_choices(table, count):
    """Play on (by the first playable card) until the viewer has at least `count` choices."""
    for _ in range(200):
        if table.board()[0] == "playable" and \
                table.page.locator(".hand-card.playable").count() >= count:
            return
        table.step()
    pytest.fail("never had %d playable cards" % count)


def test_arrow_keys_and_enter_play_a_card(table):
    """ArrowRight and ArrowLeft move the focus among the playable cards (and only those);
    Enter plays the focused one."""
    table.open()
    table.start(players=4)
    wait_for_choices(table, 2)
    page = table.page
    playable = page.eval_on_selector_all(".hand-card.playable", "cs => cs.map(c => c.dataset.card)")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_CARD) == playable[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_CARD) == playable[1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED_CARD) == playable[0]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED_CARD) == playable[-1]
    before = table.board()
    page.keyboard.press("Enter")
    page.wait_for_function("([b, m]) => document.body.dataset.board !== b || "
                           "document.body.dataset.moves !== m", arg=before, timeout=STEP)
    assert page.locator(".hand-card[data-card='%s']" % playable[-1]).count() == 0


def test_the_log_can_be_focused_and_is_named(table):
    """The log list takes the keyboard focus (so it can be scrolled) and has a name."""
    table.open()
    table.start(players=4)
    log = table.page.locator(".log-list")
    log.focus()
    assert table.page.evaluate("document.activeElement.classList.contains('log-list')")
    assert log.get_attribute("aria-label")


def test_the_focus_goes_on_to_the_next_choice_when_the_one_taken_is_gone(table):
    """Taktvoll: Draw taken by keyboard disappears; the focus lands on the next step's choice
    (Keep the drawn card), so the keyboard can go on."""
    table.open()
    table.start(players=3, game="taktvoll")
    page = table.page
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.key") == "step-draw"
    before = table.board()
    page.keyboard.press("Enter")
    page.wait_for_function("m => document.body.dataset.moves !== m", arg=before[1], timeout=STEP)
    assert page.evaluate("document.activeElement.dataset.key") == "step-keep"


def set_pause(page, ms):
    """The bots' pause between moves (read by the page before each bot move)."""
    page.evaluate("ms => encoreStore.setSetting('pause', ms)", ms)


def test_the_log_scrolled_by_keyboard_stays_put_while_the_bots_play(table):
    """Four bots play the first venue (the log overflows); Home scrolls the focused log to the
    top, and it stays there, focused, while the next venue's moves are drawn."""
    table.open()
    set_pause(table.page, 100)
    table.start(players=4, seats=["bot-random"] * 4)
    page = table.page
    page.wait_for_selector("body[data-board=venue]", state="attached", timeout=STEP)
    assert page.evaluate("(l => l.scrollHeight > l.clientHeight)(document.querySelector('.log-list'))")
    set_pause(page, 400)
    page.focus(".log-list")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('.log-list').scrollTop === 0")
    moves = int(table.board()[1])
    page.evaluate("document.querySelector('[data-action=next-venue]').click()")  # focus stays
    page.wait_for_function("m => +document.body.dataset.moves >= m + 2", arg=moves, timeout=STEP)
    assert page.evaluate("document.activeElement.classList.contains('log-list')")
    assert page.evaluate("document.querySelector('.log-list').scrollTop") == 0


def speaker(page):
    """The top bar's sound switch: (aria-pressed, crossed out, the settings' switch checked)."""
    return page.evaluate("""() => { const b = document.querySelector('.topbar .sound-toggle');
        return [b.getAttribute('aria-pressed'), b.classList.contains('muted'),
                document.querySelector('#sound-on').checked]; }""")


def test_the_top_bar_shows_whether_the_sound_is_on(table):  # noqa: F811
    """The speaker beside the title says whether the sound is on; M, a click on it and the
    settings' switch each change it at once, and the choice is stored (issue 45, item 12: M
    muted with nothing on screen to say so)."""
    table.open()
    table.start(players=3, seats=["human", "bot-easy", "bot-easy"], seed="5")
    page = table.page
    assert speaker(page) == ["false", True, False]          # the tests' pages start muted
    page.locator("#game-screen .board").focus()
    page.keyboard.press("m")
    page.wait_for_function("document.querySelector('.sound-toggle').ariaPressed === 'true'",
                           timeout=STEP)
    assert speaker(page) == ["true", False, True]
    assert table.page.evaluate("JSON.parse(localStorage.getItem(%r)).mute"
                               % (NS + "settings")) is False
    page.click(".topbar .sound-toggle")
    page.wait_for_function("document.querySelector('.sound-toggle').ariaPressed === 'false'",
                           timeout=STEP)
    assert speaker(page) == ["false", True, False]
    page.click('#game-screen [data-action="settings"]')
    page.check("#sound-on")
    page.keyboard.press("Escape")
    page.wait_for_function("document.querySelector('.sound-toggle').ariaPressed === 'true'",
                           timeout=STEP)
    assert speaker(page) == ["true", False, True]


FOCUSED_KEY = "document.activeElement.dataset.key || null"
STOPS = "document.querySelectorAll('.fretboard [tabindex=\"0\"]').length"


def tabs_to(page, selector, most=60):
    """How many Tab presses take the focus from where it is to an element matching `selector`
    (`most` + 1 if `most` do not)."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return count
    return most + 1


def test_rechord_tab_reaches_the_supply_soon_after_the_board(table):  # noqa: F811
    """Re-Chord: the fretboard is one Tab stop (its spaces are reached by the arrow keys), so
    from the board Tab comes to the first supply pick at once (issue 45, item 15: 31 Tabs
    over its 30 spaces); a pick chosen by Enter takes the focus to its first lit space, which
    Enter takes."""
    table.open()
    table.start(players=3, game="rechord", seed="9")
    page = table.page
    page.focus("#game-screen .board")
    assert tabs_to(page, ".rc-pick.playable") <= 2
    assert page.evaluate(STOPS) == 1
    page.keyboard.press("Enter")
    page.wait_for_selector(".fretboard .rc-space.lit", timeout=STEP)
    assert page.evaluate("document.activeElement.matches('.fretboard .rc-space.lit')")
    first = page.eval_on_selector(".fretboard .rc-space.lit", "s => s.dataset.key")
    assert page.evaluate(FOCUSED_KEY) == first and page.evaluate(STOPS) == 1
    page.keyboard.press("ArrowRight")                 # the next lit space: now the one stop
    assert page.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
    assert page.evaluate(STOPS) == 1
    before = table.board()
    page.keyboard.press("Enter")
    page.wait_for_function("m => document.body.dataset.moves !== m", arg=before[1], timeout=STEP)


def test_a_taktvoll_card_chosen_by_keyboard_takes_the_focus_to_its_places(table):  # noqa: F811
    """Taktvoll: Enter on a playable card chooses it, and the focus goes to its first place
    ('Place on row 1'), not staying on the card (issue 45, item 15: 23 Tabs away)."""
    table.open()
    table.start(players=3, game="taktvoll", seed="5")
    page = table.page
    choose_a_taktvoll_card(table, rows=1)
    places = page.eval_on_selector_all(".place, [data-key=new-row]",
                                       "ps => ps.map(p => p.dataset.key)")
    assert places and page.evaluate(FOCUSED_KEY) == places[0]


def choose_a_taktvoll_card(table, rows):
    """Play on until the person has a playable card and at least `rows` rows; choose the
    first such card by Enter, the board scrolled to its top."""
    page = table.page
    for _ in range(200):
        if table.board()[0] == "playable" and page.locator(".tak-row").count() >= rows and \
                page.locator(".tak-card.playable").count():
            break
        table.step()
    else:
        pytest.fail("never had a playable card and %d rows" % rows)
    page.evaluate("document.querySelector('#game-screen .board').scrollTop = 0")
    page.focus(".tak-card.playable >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_selector(".tak-pending", timeout=STEP)


def test_the_place_that_takes_the_focus_is_scrolled_into_the_board(table):  # noqa: F811
    """On a phone the board scrolls inside itself: the place that takes the focus after a card
    is chosen (row 4's, below the board's fold) is scrolled into its view, the page not."""
    table.open()
    table.page.set_viewport_size({"width": 390, "height": 844})
    table.start(players=3, game="taktvoll", seed="5")
    choose_a_taktvoll_card(table, rows=4)
    page = table.page
    assert page.evaluate("document.activeElement.matches('.place')")
    shown = page.evaluate("""() => {
        const a = document.activeElement.getBoundingClientRect();
        const b = document.querySelector('#game-screen .board').getBoundingClientRect();
        return [a.top >= b.top, a.bottom <= b.bottom, window.scrollY]; }""")
    assert shown == [True, True, 0]


def test_a_take_pass_chosen_by_keyboard_takes_the_focus_to_confirm(table):  # noqa: F811
    """TAKE: the first card of the pass chosen by Enter keeps the focus (the next choice is
    another card); the second takes it to Confirm, which Enter presses."""
    table.open()
    table.start(players=3, game="take-bamboo", seed="9")
    page = table.page
    for _ in range(20):
        if page.locator(".passing").count():
            break
        table.step()
    cards = page.eval_on_selector_all(".hand-card.playable", "cs => cs.map(c => c.dataset.key)")
    page.focus('[data-key="%s"]' % cards[0])
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand-card.chosen", timeout=STEP)
    assert page.evaluate(FOCUSED_KEY) == cards[0]
    page.focus('[data-key="%s"]' % cards[1])
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action=confirm]:not(:disabled)", timeout=STEP)
    assert page.evaluate("document.activeElement.dataset.action") == "confirm"
    before = table.board()
    page.keyboard.press("Enter")
    page.wait_for_function("m => document.body.dataset.moves !== m", arg=before[1], timeout=STEP)


def test_the_arrow_keys_move_about_the_fretboard_as_it_is_drawn(table):  # noqa: F811
    """Re-Chord: on the fretboard the arrows go the way they point among its lit spaces (the
    high e string on top, frets to the right), and stay at its edge; the space left focused
    is the board's one Tab stop."""
    table.open()
    table.start(players=3, game="rechord", seed="9")
    page = table.page
    page.focus(".rc-pick.playable >> nth=0")
    page.keyboard.press("Enter")                       # every space of the empty board lit
    page.wait_for_function("document.activeElement.matches('.rc-space.lit')", timeout=STEP)
    assert page.evaluate(FOCUSED_KEY) == "sp-0"        # E1: the low E, bottom left
    seen = []
    for key in ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
        seen.append(page.evaluate(FOCUSED_KEY))
    assert seen == ["sp-1", "sp-7", "sp-6", "sp-6", "sp-0", "sp-0"]   # A1 A2 E2 E2 E1 E1
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED_KEY) == "sp-1" and page.evaluate(STOPS) == 1
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_KEY) == "sp-1"
