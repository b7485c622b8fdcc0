"""End to end for the bots that search (issue 7): Normal and Hard think in a PyScript worker
(web/bot_worker.py) while the page stays responsive.

- each title: a short game of Hard bots completes in the browser, every move answered by the
  worker, the page drawing frames while a bot thinks (body[data-thinking], counted by a
  requestAnimationFrame loop: a search on the page's thread would leave none); main-thread
  long tasks while thinking are printed, not asserted (a time, which another process on the
  machine stretches); a think cap in the settings (0.05 s) keeps them short;
- Hard at its real budget (about a second a move): the page takes clicks while a bot thinks,
  and the numbers (time per move, playouts, main-thread tasks) are printed (pytest -s);
- the start screen offers Easy, Normal, Hard (Normal by default); Re-Chord's solo game keeps
  Jim Bot and starts no worker;
- a worker that cannot start: a notice, and the heuristic plays on the main thread.

The page checks of test_e2e_page apply (no foreign request, no console error, no traceback).
"""

import json
import statistics

import pytest

import pygame_rules
from pygame_rules import search
from test_e2e_page import STEP, WATCH, Table, origin_of
from test_e2e_page import table  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
TEST_THINK = 0.05             # seconds a searching bot may think per move in the short games
LONG_TASK_MS = 50
WAIT = "body[data-board=venue], body[data-board=round], body[data-board=over], " \
       "body[data-board=playable], body[data-board=curtain]"
SHORT_GAMES = [("take-a-chord", 3, {}), ("take-bamboo", 3, {}), ("taktvoll", 3, {}),
               ("rechord", 2, {})]


def observe(table):
    """Record long tasks and the frames drawn while a bot thinks, from now on (test_e2e_page's
    WATCH), in the page already open."""
    table.page.evaluate(WATCH)


def answers(page):
    """The worker's answers so far: level, ms (in the worker), wait_ms (on the main thread),
    playouts, and when each was asked and answered (performance.now())."""
    return json.loads(page.evaluate("window.botLog || '[]'"))


def tasks_while_thinking(page, log):
    """Main-thread long tasks that began after a bot was asked and ended before its answer
    was handled: the time in which the page had nothing to do but wait for the worker. (The
    task that handles an answer draws the move, as after a person's click; it is not counted.)"""
    tasks = page.evaluate("window.__longTasks")
    windows = [(a["asked_at"], a["answered_at"]) for a in log if a.get("asked_at")]
    return [round(d) for s, d in tasks if any(a < s and s + d < b for a, b in windows)], tasks


def thinking_frames(page):
    """How many frames the page drew while body[data-thinking] said a bot was thinking: none
    if the search held the page's thread (the mark would come and go within one task)."""
    return page.evaluate("window.__thinkingFrames")


def all_bots(table, game, players, level, seed):
    """Start a game in which every seat is a bot of `level`."""
    table.start(players=players, game=game, seed=seed, seats=["bot-" + level] * players,
                until="body[data-board]:not([data-board=start])")   # (bots play on: no wait)


def run_to_end(table, limit=55):
    """Let the bots play, closing round tables, until the final screen."""
    page = table.page
    for _ in range(100):
        page.wait_for_selector(WAIT, state="attached", timeout=limit * 1000)
        board = table.board()[0]
        if board == "over":
            return
        if board in ("venue", "round"):
            page.click("[data-action=next-%s]" % board)
            page.wait_for_function("b => document.body.dataset.board !== b", arg=board,
                                   timeout=STEP)
        else:
            pytest.fail("a person's turn in a game of bots (%s)" % board)
    pytest.fail("the game did not end")


def replayed(table):
    """The page's save, replayed in CPython from its seed: the same scores."""
    state = table.engine_state()
    again = pygame_rules.new_game(state.game.id, state.players, seed=state.seed,
                                  options=state.options)
    for action in state.history:
        again.apply(action)
    assert again.scores() == state.scores()
    return state


def summary(log):
    """A line of numbers about the worker's answers that searched."""
    searched = [a for a in log if a.get("playouts")]
    if not searched:
        return "no search"
    ms = [a["ms"] for a in searched]
    its = [a["playouts"] for a in searched]
    rate = sum(its) / (sum(ms) / 1000)
    return ("%d answers, %d searched: worker ms median %.0f max %.0f; playouts median %d; "
            "%.0f playouts/s" % (len(log), len(searched), statistics.median(ms), max(ms),
                                   statistics.median(its), rate))


@pytest.mark.parametrize("game,players,options", SHORT_GAMES, ids=[g[0] for g in SHORT_GAMES])
def test_a_short_game_of_hard_bots_completes_with_the_page_responsive(table, game, players,
                                                                      options):  # noqa: F811
    """Hard bots in every seat, capped at 0.05 s a move: the worker answers every move of a
    whole game (each with the think cap as its clock, within its playout cap), the final screen
    shows the engine's result, and the page drew frames while the bots were thinking (at least
    one per four searched moves)."""
    table.open()
    table.set_settings(think=TEST_THINK)
    observe(table)
    all_bots(table, game, players, "hard", "search-%s" % game)
    run_to_end(table)
    state = replayed(table)
    assert state.is_over
    log = answers(table.page)
    assert table.page.evaluate("document.body.dataset.worker") == "ready"
    assert log and all(a["ok"] and a["level"] == "hard" for a in log), log[:3]
    assert len(log) == len(state.history)          # every move came from the worker
    assert any(a["playouts"] for a in log)
    assert all(a["seconds"] == TEST_THINK and a["playouts"] <= a["cap"] for a in log)  # capped
    blocked, tasks = tasks_while_thinking(table.page, log)
    frames = thinking_frames(table.page)
    print("\n%s: %d moves; %s; frames drawn while thinking %d; long tasks while thinking %s; "
          "all long tasks %s" % (game, len(state.history), summary(log), frames, blocked,
                                 sorted(round(d) for _, d in tasks)[-5:]))
    assert frames >= len([a for a in log if a["playouts"]]) // 4   # the page drew on


def test_hard_at_its_real_budget_thinks_off_the_main_thread(table):  # noqa: F811
    """A person against three Hard bots at the real budget (about a second a move): while they
    think the status says so, a click (sorting the hand) is answered while a bot still thinks,
    the page draws on (frames while each searched move is thought), and each search has
    Hard's whole clock and keeps to its cap. The times (ms a move, ms a click) and playouts are
    printed, not asserted (tests never time things: another process stretches them)."""
    table.open()
    table.set_settings(think=0)                     # no cap (the fixture's settings: 0.02 s)
    observe(table)
    table.start(players=4, seed="hard-1", seats=["human", "bot-hard", "bot-hard", "bot-hard"])
    page = table.page
    clicks = []
    for _ in range(3):                              # three of the person's cards: 9 bot moves
        page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
        page.click(".hand-card.playable >> nth=0")   # then a bot thinks (unless ours won and leads)
        page.wait_for_selector("body[data-thinking], body[data-board=playable], "
                               "body[data-board=venue]", state="attached", timeout=STEP)
        seat, status = page.evaluate("[document.body.dataset.thinking, "
                                     "document.querySelector('.status-main').innerText]")
        if seat is not None:
            assert status == "%s is thinking…" % table.save()["seats"][int(seat)]["name"]
            sort_label = page.locator("[data-action=sort]").inner_text()
            before = page.evaluate("performance.now()")
            page.click("[data-action=sort]")         # the page answers while the bot thinks
            page.wait_for_function("s => document.querySelector('[data-action=sort]')"
                                   ".innerText !== s", arg=sort_label, timeout=STEP)
            clicks.append((page.evaluate("performance.now()") - before,
                           page.locator("body[data-thinking]").count() == 1))
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
    log = answers(page)
    searched = [a for a in log if a["playouts"]]
    blocked, tasks = tasks_while_thinking(page, log)
    frames = thinking_frames(page)
    print("\nHard, take-a-chord, 4 players: %s; first answer waited %.0f ms (worker boot); "
          "worker boot %.0f ms; clicks answered while thinking %s ms; frames drawn while "
          "thinking %d; long tasks while thinking %s; all long tasks %s"
          % (summary(log), log[0]["wait_ms"], page.evaluate("window.botWorkerBootMs"),
             [round(c) for c, _ in clicks], frames, blocked, [round(d) for _, d in tasks]))
    assert len(log) >= 9 and all(a["ok"] and a["level"] == "hard" for a in log)
    assert searched and all(a["seconds"] == search.SECONDS["hard"] for a in log)  # uncapped
    assert all(a["playouts"] <= a["cap"] for a in log)
    assert frames >= len(searched)                 # about a second each: the page drew on
    assert clicks and any(during for _, during in clicks)


def test_start_screen_levels_and_jim_bot_solo(table):  # noqa: F811
    """Each bot seat offers Easy, Normal, Hard (Normal by default), plus the plain heuristic
    and random bots, and a person at another device; Re-Chord alone is against Jim Bot, and no
    worker is started for him."""
    table.open()
    page = table.page
    if page.get_attribute("body", "data-worker") is not None:
        table.open(table.url)          # a page whose worker an earlier test started: boot anew
    labels = page.eval_on_selector_all('[name="kind-1"] option', "els => els.map(e => e.text)")
    assert labels == ["Human", "Bot (Easy)", "Bot (Normal)", "Bot (Hard)", "Bot (Heuristic)",
                      "Bot (Random)", "Another device"]
    assert page.eval_on_selector('[name="kind-1"]', "e => e.value") == "bot-normal"
    assert page.eval_on_selector('[name="kind-0"]', "e => e.value") == "human"
    table.start(players=1, game="rechord", seed="solo-1")
    assert "Jim Bot" in page.locator('.rc-seat[data-seat="1"]').inner_text()
    assert page.get_attribute("body", "data-worker") is None


def test_without_the_worker_the_heuristic_plays_with_a_notice(browser, site_server):
    """If the worker's file cannot be fetched, the page says so and the searching bots play by
    the heuristic on the main thread: the game still ends."""
    t = Table(browser, site_server.url)
    try:
        t.context.route("**/bot_worker.py", lambda route: route.abort())
        t.open()
        all_bots(t, "take-a-chord", 3, "hard", "no-worker")
        t.page.wait_for_function("document.querySelector('#game-screen .notice')?.innerText"
                                 ".includes('could not start')", timeout=STEP)
        assert t.page.get_attribute("body", "data-worker") == "failed"
        run_to_end(t)
        assert replayed(t).is_over
        assert all(not a["ok"] for a in answers(t.page))   # at most the move that was asked
        t.problems = [p for p in t.problems if "ERR_FAILED" not in p and    # the refused
                      "worker did not start" not in p]                  # fetch, said
        t.check_clean(origin_of(site_server.url))
    finally:
        t.context.close()


def test_the_save_resumes_a_game_of_searching_bots(table):  # noqa: F811
    """A reload in mid-game: back at the table, the Normal bots go on thinking in a new worker."""
    table.open()
    table.set_settings(think=TEST_THINK)
    all_bots(table, "take-a-chord", 3, "normal", "resume-1")
    table.page.wait_for_function("+document.body.dataset.moves >= 6", timeout=STEP)
    table.reload()
    run_to_end(table)
    assert replayed(table).is_over
    log = answers(table.page)
    assert log and all(a["ok"] and a["level"] == "normal" for a in log)
