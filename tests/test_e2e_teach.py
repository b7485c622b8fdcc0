"""End to end: teaching mode (issue 20) in Take The "A" Chord, by clicks, at a laptop and a
phone size. A game is started with the start screen's box ticked; the first lesson, the game's
aim, links to the rules' "The aim"; the next ("lead") shows in the dock with its rule's link
and the cards it is about lit, never over a playable card; "Got it" moves on, Escape
dismisses, the link opens the rules at that rule's section, the bots wait while a lesson is
shown, and the first venue is played to its end (several lessons).
"Don't show again" turns it off and the next game of the title starts with the box unticked.
"""

import json

import pytest

from test_e2e_page import NS, STEP, lent_table, table  # noqa: F401 (a fixture)

pytestmark = pytest.mark.e2e
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}
QUICK = ["human", "bot-easy", "bot-easy", "bot-easy"]   # bots that need no worker
GAME = "take-a-chord"
BOX = "#teach"
TIP = "#game-screen .teach"
PAUSE = 100                     # the bots' pause (ms): short, but a bot that did not wait is seen


@pytest.fixture
def sized(browser, site_server, request):
    """A fresh table at one of SIZES, with the bots' pause short but not nil (so a bot that
    did not wait would be seen playing)."""
    with lent_table(browser, site_server.url, request) as t:
        t.page.set_viewport_size(dict(zip(("width", "height"), SIZES[request.param])))
        yield t


def boxes(page, selector):
    """The bounding boxes of the visible elements matching a selector."""
    return [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]


def overlaps(a, b):
    """True when two boxes share some area."""
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def lesson(page):
    """The lesson shown now (its id), or None."""
    return page.evaluate("document.body.dataset.teach || null")


def moves(page):
    """Moves played so far, as the page reports them."""
    return int(page.evaluate("document.body.dataset.moves || 0"))


def start_teaching(table, players=4):
    """Start a game of Take The "A" Chord with the teaching box ticked (by a click)."""
    page = table.page
    page.check('input[name="game"][value="%s"]' % GAME)
    if not page.is_checked(BOX):
        page.click(BOX)
    table.start(players=players, seats=QUICK, game=GAME)


@pytest.mark.parametrize("sized", sorted(SIZES), indirect=True)
def test_lessons_show_in_the_dock_light_their_marks_and_hold_the_bots(sized):
    """The aim first (its link: "The aim"); then the lead, its link, its lit cards, no overlap
    with a playable card; Got it, Escape and the rule link; bots wait, and a tip at a bot's
    turn says so in the status line (it said "Nina is playing…"); the first venue played out
    with several lessons."""
    page = sized.page
    sized.open()
    sized.set_settings(pause=PAUSE)               # (read before each bot move: no reload)
    start_teaching(sized)
    page.wait_for_selector("body[data-teach=aim]", state="attached", timeout=STEP)
    assert page.locator(TIP).is_visible()          # the aim first (issue 45, item 10)
    assert page.locator(TIP + " a.teach-rule").get_attribute("href") == "#rules-%s-1" % GAME
    page.click("[data-action=teach-next]")
    page.wait_for_selector("body[data-teach=lead]", state="attached", timeout=STEP)
    tip = page.locator(TIP)
    assert tip.is_visible()
    link = tip.locator("a.teach-rule")
    assert link.get_attribute("href") == "#rules-%s-5" % GAME
    assert link.inner_text().strip()
    lit = page.locator(".hand-card.teach-lit")
    assert lit.count() == page.locator(".hand-card.playable").count() > 0
    box = tip.bounding_box()
    assert all(not overlaps(box, card) for card in boxes(page, ".hand-card.playable"))
    # the link opens the rules at that section, the tip stays
    link.click()
    page.wait_for_selector("#rules-dialog[open]")
    assert page.evaluate("document.activeElement.id") == "rules-%s-5" % GAME
    heading = page.locator("#rules-%s-5" % GAME).bounding_box()
    dialog = page.locator("#rules-dialog").bounding_box()
    assert dialog["y"] <= heading["y"] < dialog["y"] + dialog["height"] / 2
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    assert lesson(page) == "lead"
    # Got it: it goes (the next one, if any, shows); the lead is played
    page.click("[data-action=teach-next]")
    page.wait_for_function("document.body.dataset.teach !== 'lead'")
    seen = {"aim", "lead"}
    first_venue_over, waited = False, 0
    for _ in range(200):
        now, board = sized.lesson_and_board()
        if now is not None:
            seen.add(now)
            status = page.inner_text("#game-screen .status-main")
            assert "is playing" not in status, (now, status)    # (issue 45, item 5)
            waited += "waits until you have read the tip" in status
            if now not in ("lead", "follow", "void", "last_trick"):
                before = moves(page)           # a bot's turn may be waiting: it waits for us
                page.wait_for_timeout(3 * PAUSE)   # three pauses: no marker shows an absence
                assert moves(page) == before and lesson(page) == now
            if now == "venue_scores":
                assert page.locator(".modal .teach").is_visible()
                first_venue_over = True
            key = len(seen) % 2                # dismissed by Got it or by Escape, in turn
            if key:
                page.click("[data-action=teach-next]")
            else:
                page.keyboard.press("Escape")
            page.wait_for_function("id => document.body.dataset.teach !== id", arg=now)
            if first_venue_over and lesson(page) is None:
                break
            continue
        if first_venue_over and board != "venue":
            break
        if board == "venue" and not first_venue_over:
            first_venue_over = True
        if board == "playable":                # (not table.step(): it waits for a board
            before = moves(page)                # that a bot would reach, but a tip holds it)
            page.click(".hand-card.playable >> nth=0")
            page.wait_for_function("n => +document.body.dataset.moves > n", arg=before,
                                   timeout=STEP)
        else:
            page.wait_for_function("() => document.body.dataset.board !== 'waiting' || "
                                   "document.body.dataset.teach", timeout=STEP)
    assert first_venue_over
    assert len(seen) >= 4, seen
    assert waited, "no tip came at a bot's turn, whose status says the bot waits for it"


def test_dont_show_again_turns_it_off_and_the_next_game_starts_unticked(table):  # noqa: F811
    """At the first lesson (the aim), "Don't show again": no tip, the game goes on, a notice
    says so, and the setting is remembered: the next game of the title starts with the box
    unticked, and a game of another title (never played) with it ticked. The saved game keeps
    teaching off after a reload."""
    table.context.add_init_script("localStorage.setItem('%ssettings', JSON.stringify({pause: 0, "
                               "think: 0.02}))" % NS)       # a real first visit: no choices
    table.open()
    page = table.page
    page.check('input[name="game"][value="%s"]' % GAME)
    assert page.is_checked(BOX)                  # a first game of the title: on
    table.start(players=4, seats=QUICK, game=GAME)
    page.wait_for_selector("body[data-teach=aim]", state="attached", timeout=STEP)
    page.click("[data-action=teach-never]")
    page.wait_for_selector("body:not([data-teach])", state="attached")
    assert page.locator(TIP).count() == 0
    assert "Settings" in page.locator("#game-screen .notice").inner_text()
    save = table.save()
    assert save["teaching"] is False
    settings = json.loads(page.evaluate("localStorage.getItem('%ssettings')" % NS))
    assert settings["teach"] == {GAME: False}
    table.act(".hand-card.playable >> nth=0")
    assert page.locator(TIP).count() == 0
    page.click("[data-action=menu]")
    page.click(".modal [data-action=leave]")
    page.wait_for_selector("#start-screen:not([hidden])")
    page.check('input[name="game"][value="%s"]' % GAME)
    assert not page.is_checked(BOX)
    page.check('input[name="game"][value="taktvoll"]')
    assert page.is_checked(BOX)
    page.check('input[name="game"][value="%s"]' % GAME)
    assert not page.is_checked(BOX)


def test_the_settings_switch_turns_teaching_on_at_the_table(table):  # noqa: F811
    """A game started without tips: the settings' switch turns them on for this game; the
    next lesson due shows (nothing of the past is taught)."""
    page = table.page
    table.open()
    page.check('input[name="game"][value="%s"]' % GAME)
    assert not page.is_checked(BOX)
    table.start(players=4, seats=QUICK, game=GAME)
    assert page.locator(TIP).count() == 0
    page.click("[data-action=settings]")
    assert page.locator("#teach-setting").is_visible()
    assert not page.is_checked("#teach-on")
    page.click("#teach-on")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")
    assert table.save()["teaching"] is True
    for _ in range(40):
        if lesson(page):
            break
        table.step()
    assert lesson(page) is not None
