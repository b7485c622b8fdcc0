"""End to end for hints (issue 20): in each of the four games, at 1366×768, on the person's
turn, H (or the top bar's Hint) asks the bots' worker for Hard's move from the person's view;
exactly the elements of that one legal move are lit, the reason shown holds a number and the
move's words, and no main-thread task between the request and the answer lasts as long as the
worker's search (nor 50 ms, if the search was shorter): a search on the main thread would be
one such task (a PerformanceObserver of 'longtask' entries registered before the page loads).
Shorter long tasks are printed, not failed: on the busy test machine another process stretches
a short task past 50 ms (a CI run saw one of 76 ms during a 223 ms search). Clicking the lit
elements in order (numbered when there are several) makes that very move, and the hint is
gone once it is made.

One page plays the four games in turn. As for a player, the worker starts when the first game
begins (the setting early_worker, which the other tests turn off), so it is ready before the
first hint is asked; the tests' settings cap a search at 0.02 s, which the hint keeps (the
worker's own budget is about a second)."""

import json
import pathlib
import re
import sys

import pytest

from test_e2e_page import STEP, WATCH, Table, lent_table, origin_of

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))

import tables  # noqa: E402

pytestmark = pytest.mark.e2e
LONG_TASK_MS = 50
GAMES = [("take-a-chord", 4, "key"), ("take-bamboo", 3, "button"), ("taktvoll", 3, "button"),
         ("rechord", 2, "key")]
SEEDS = {"taktvoll": "hint-taktvoll-2"}   # a first turn with a choice: a clef, or draw
# every element a hint's selectors match now, and how many of them are lit, and how many
# elements are lit in all
LIT = """sels => {
  const matched = new Set();
  for (const s of sels) for (const e of document.querySelectorAll('#game-screen ' + s)) matched.add(e);
  const lit = document.querySelectorAll('#game-screen .hint-lit');
  return [matched.size, [...matched].filter(e => e.classList.contains('hint-lit')).length, lit.length];
}"""


def leave(page):
    """Back to the start screen through the Menu (the page, and its worker, stay)."""
    page.click("[data-action=menu]")
    page.click("[data-action=leave]")
    page.wait_for_selector("body[data-board=start]", state="attached", timeout=STEP)


@pytest.fixture
def hint_table(browser, site_server, request):
    """A 1366×768 page, opened, that records long tasks from now on (test_e2e_page's WATCH,
    with those since it loaded); lent and checked clean as the `table` fixture's."""
    with lent_table(browser, site_server.url, request) as t:
        t.page.set_viewport_size({"width": 1366, "height": 768})
        t.open()
        t.page.evaluate(WATCH)
        yield t


def ask(page, how):
    """Ask for a hint (H, or the button) and wait for it; the time just before asking."""
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
    page.wait_for_selector("[data-action=hint]", timeout=STEP)
    asked = page.evaluate("performance.now()")
    if how == "key":
        page.locator(".board").focus()
        page.keyboard.press("h")
    else:
        page.click("[data-action=hint]")
    page.wait_for_selector("body[data-hint=shown]", state="attached", timeout=60_000)
    return asked


def test_a_hint_in_each_game_lights_one_legal_move_and_says_why(hint_table):
    t, page = hint_table, hint_table.page
    t.set_settings(early_worker=True)
    report = []
    for game, players, how in GAMES:
        t.start(players=players, game=game, seed=SEEDS.get(game, "hint-%s" % game),
                seats=["human"] + ["bot-heuristic"] * (players - 1))
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=60_000)
        asked = ask(page, how)
        action = tuple(json.loads(page.get_attribute("body", "data-hint-action")))
        state = t.engine_state()
        assert state.current_player == 0 and action in state.legal_actions()
        table = tables.table_for(game)
        selectors = table.hint_targets(action, state.view(0))
        matched, matched_lit, lit = page.evaluate(LIT, selectors)
        assert matched >= 1 and matched == matched_lit == lit, (game, action, selectors)
        reason = page.inner_text(".teach.hint")
        assert re.search(r"\d", reason) and state.describe(action) in reason, reason
        assert page.inner_text("[data-action=hint]") == "Hint"
        # the search did not run on the main thread: no task there from the request to the
        # answer as long as the search (a search there would be one)
        log = json.loads(page.evaluate("window.hintLog"))[-1]
        assert log["ok"] and log["asked_at"] >= asked
        tasks = page.evaluate("window.__longTasks")
        during = [round(d) for s, d in tasks if log["asked_at"] <= s and
                  s + d <= log["answered_at"] and d > LONG_TASK_MS]
        report.append("%s: %s lit %d, waited %.0f ms (search %s ms), long tasks while "
                      "thinking %s" % (game, list(action), lit, log["wait_ms"], log["ms"], during))
        assert all(d < max(LONG_TASK_MS, log["ms"]) for d in during), report[-1]
        # the lit elements, clicked in order, make that move; then the hint is gone
        moves = len(state.history)
        for k, selector in enumerate(selectors):
            element = page.locator("#game-screen " + selector)
            element.first.wait_for(timeout=STEP)
            assert "hint-lit" in element.first.get_attribute("class"), selector
            step = element.first.get_attribute("data-hint-step")     # several clicks: numbered
            assert step == (str(k + 1) if len(selectors) > 1 else None), (selector, step)
            element.first.click()
        page.wait_for_function("m => +document.body.dataset.moves > m", arg=moves, timeout=STEP)
        assert t.engine_state().history[moves] == action
        assert page.get_attribute("body", "data-hint") != "shown"
        assert page.locator(".hint-lit").count() == 0
        assert t.save()["hints"] == {"0": 1}
        leave(page)
    print("\n" + "\n".join(report))


def test_escape_closes_the_hint_and_h_brings_it_back_without_a_new_search(hint_table):
    t, page = hint_table, hint_table.page
    t.start(players=4, game="take-a-chord", seed="hint-esc",
            seats=["human"] + ["bot-heuristic"] * 3)
    ask(page, "button")
    first = page.get_attribute("body", "data-hint-action")
    page.keyboard.press("Escape")
    page.wait_for_selector(".teach.hint", state="detached")
    assert page.locator(".hint-lit").count() == 0
    page.keyboard.press("h")
    page.wait_for_selector(".teach.hint")
    assert page.get_attribute("body", "data-hint-action") == first
    assert len(json.loads(page.evaluate("window.hintLog"))) == 1
    page.click("[data-action=hint-close]")
    page.wait_for_selector(".teach.hint", state="detached")
    assert t.save()["hints"] == {"0": 1}


def test_without_the_worker_a_hint_says_it_cannot_be_had(browser, site_server):
    """The worker's file cannot be fetched: H says so in words; nothing is lit or searched
    on the main thread, and the game goes on."""
    t = Table(browser, site_server.url)
    try:
        t.context.route("**/bot_worker.py", lambda route: route.abort())
        t.open()
        t.start(players=4, game="take-a-chord", seed="hint-none",
                seats=["human"] + ["bot-heuristic"] * 3)
        page = t.page
        page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
        page.click("[data-action=hint]")
        page.wait_for_function("document.querySelector('#game-screen .notice')?.innerText"
                               ".includes('Hints need the search helper')", timeout=60_000)
        assert page.locator(".hint-lit").count() == 0
        assert page.get_attribute("body", "data-hint") is None
        assert t.save().get("hints") == {}
        t.act(".hand-card.playable >> nth=0")
        t.problems = [p for p in t.problems if "ERR_FAILED" not in p and    # the refused
                      "worker did not start" not in p]                  # fetch, said
        t.check_clean(origin_of(site_server.url))
    finally:
        t.context.close()
