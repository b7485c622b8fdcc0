"""End to end, issue 18: a finished game watched again to its end and back to its start, the
game shared by a link copied in one browser and opened in another, a game in progress continued
from a link without touching a save, broken links refused, the replay of the game so far, and
practice. Each test also has the `table` fixture's checks (no foreign request, no console
error, no Python traceback)."""

import json

import pytest

import pygame_rules
from pygame_rules.share import to_share

from test_e2e_page import (BOARDS, NS, STEP, Table, origin_of, sounds_made,  # noqa: F401
                           table, with_sound)

pytestmark = pytest.mark.e2e
CUT = to_share(pygame_rules.new_game("taktvoll", 3, seed=1))[:-9]     # a link cut short
STORE = "Object.fromEntries(Object.entries(localStorage)" \
        ".filter(([k]) => !k.includes(':owner.')))"    # the stored data, without tabs' claims
TAC = dict(game="take-a-chord", players=3, seats=["human", "bot-easy", "bot-easy"], seed="77")


def log(page):
    """The log's lines as shown, and the indices of the lit ones."""
    lines = page.locator(".log-list li").all_inner_texts()
    lit = page.evaluate("[...document.querySelectorAll('.log-list li')]"
                        ".flatMap((li, i) => li.classList.contains('lit') ? [i] : [])")
    return lines, lit


def step_no(page):
    """The replay's step (body[data-step])."""
    return int(page.evaluate("document.body.dataset.step"))


def finish(t):
    """Play the started game to its final screen."""
    while t.step():
        pass


def test_a_finished_game_replays_to_its_end_and_back_to_its_start_matching_the_log(table):  # noqa: F811
    """From the end screen: at the end the log is the game's log; each step forward adds its
    lines, lit; back to the start by steps shows the same logs in reverse; chapters jump to
    each venue's start; every other hand is open."""
    table.open()
    table.start(**TAC)
    finish(table)
    page = table.page
    game_log, _ = log(page)
    moves = int(table.board()[1])
    page.click("[data-action=replay]")
    page.wait_for_selector("body[data-board=replay]", state="attached")
    assert step_no(page) == 0 and page.locator(".replay-hand").count() == 2
    for text in (".topbar h1", ".replay-step", ".replay-hands > h2", ".status-main"):
        page.click(text)                      # plain text: nothing happens (the fixture
    assert step_no(page) == 0                 # fails on any error it would log)
    logs = [log(page)[0]]
    page.focus("[data-action=rp-fwd]")
    for n in range(1, moves + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => document.body.dataset.step == n", arg=n)
        lines, lit = log(page)
        assert lines[:len(logs[-1])] == logs[-1]             # the log only grows
        assert lit == list(range(len(logs[-1]), len(lines)))  # and what it added is lit
        logs.append(lines)
    assert logs[-1] == game_log and page.is_disabled("[data-action=rp-fwd]")
    for n in range(moves - 1, -1, -1):
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("n => document.body.dataset.step == n", arg=n)
        assert log(page)[0] == logs[n]
    assert page.is_disabled("[data-action=rp-back]") and page.is_disabled("[data-action=rp-start]")
    venues = []
    while not page.is_disabled("[data-action=rp-next]"):
        page.click("[data-action=rp-next]")
        venues.append(step_no(page))
        assert "Venue %d of 3" % min(len(venues) + 1, 3) in page.inner_text(".where") \
            or step_no(page) == moves
    assert len(venues) == 3 and venues[-1] == moves          # venues 2 and 3, then the end
    page.click("[data-action=replay-close]")
    page.wait_for_selector("body[data-board=over]", state="attached")


def test_a_copied_link_opens_in_a_fresh_browser_with_the_same_final_scores(table, browser):  # noqa: F811
    """"Copy link" on the end screen puts the link on the clipboard; another browser context
    opens it as a replay whose end shows the same scores; its own save is left as it was."""
    table.context.grant_permissions(["clipboard-read", "clipboard-write"])
    table.open()
    table.start(**TAC)
    finish(table)
    page = table.page
    end_lines = log(page)[0][-4:]                  # the venue's scores and who won
    totals = page.inner_text(".final-list")
    page.click("[data-action=share]")
    page.wait_for_function("document.querySelector('#share-copied').textContent.length > 0")
    link = page.input_value("#share-link")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert link.startswith(table.url + "#e1.") and len(link) < 600
    other = Table(browser, table.url)
    try:
        other.open()
        other.start(game="taktvoll", players=3)             # a save of its own, in progress
        saved = other.page.evaluate(STORE)
        other.new_tab(link)                                # a fresh load, not a hash change
        other.page.wait_for_selector("body[data-board=replay]", state="attached", timeout=STEP)
        assert "finished game" in other.page.inner_text("#game-screen .notice")
        other.page.click("[data-action=rp-end]")
        assert log(other.page)[0][-4:] == end_lines
        for line in totals.splitlines():                    # "Player 1: 95 points, …"
            name, points = line.split(": ")[0], line.split(": ")[1].split(" ")[0]
            assert "total %s" % points in other.page.inner_text(".seat:has-text('%s')" % name)
        other.page.click("[data-action=replay-close]")
        other.page.wait_for_selector("#start-screen:not([hidden])")
        assert other.page.evaluate("location.hash") == ""
        assert other.page.evaluate(STORE) == saved
        other.check_clean(origin_of(table.url))
    finally:
        other.context.close()


def test_a_game_in_progress_is_continued_from_a_link_beside_the_saves(table):  # noqa: F811
    """A link copied from the menu in mid-game opens as the game so far, with no hand shown;
    "Continue this game here" goes on in a new slot, the existing save untouched. Escape in the
    link's field closes the panel (issue 45, item 13)."""
    table.open()
    table.start(**TAC)
    for _ in range(4):
        table.step()
    page = table.page
    moves = table.board()[1]
    page.click("[data-action=menu]")
    page.click("[data-action=share]")
    link = page.input_value("#share-link")
    page.focus("#share-link")
    page.keyboard.press("Escape")
    page.wait_for_selector("#share-link", state="detached", timeout=STEP)
    saved = page.evaluate(STORE)
    page.goto(link)                                  # pasted into the open page: a hash change
    page.wait_for_selector("body[data-board=replay]", state="attached", timeout=120_000)
    assert page.locator(".replay-hand").count() == 0 and step_no(page) == 0
    assert page.evaluate(STORE) == saved
    page.click("[data-action=rp-continue]")
    page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    assert table.board()[1] == moves and page.evaluate("location.hash") == ""
    slots = page.evaluate("encoreStore.slots()")
    assert len(slots) == 2
    table.step()
    assert int(table.board()[1]) > int(moves)


@pytest.mark.parametrize("fragment,words,fresh", [
    ("e1.AAAA", "damaged", True), (CUT, "incomplete", False), ("e9.abc", "version 9", False),
    ("x=1", "another site", False), ("hello", "not an Encore game link", False)])
def test_a_broken_link_says_why_and_leaves_the_save_alone(table, fragment, words,
                                                          fresh):  # noqa: F811
    """A tampered, truncated, foreign or future link, opened in a new tab (the first) or pasted
    into the address bar of the open page on its start screen (the others: a hash change): the
    start screen says why, the save is the same and the address bar forgets the link."""
    table.open()
    table.start(**dict(TAC, seats=["human", "bot-heuristic", "bot-heuristic"]))
    table.step()
    if fresh:
        saved = table.page.evaluate(STORE)
        table.new_tab(table.url + "#" + fragment)
    else:
        table.page.click("[data-action=menu]")
        table.page.click("[data-action=leave]")
        table.page.wait_for_selector("body[data-board=start]", state="attached", timeout=STEP)
        saved = table.page.evaluate(STORE)
        table.page.evaluate("f => { location.hash = f; }", fragment)
    table.page.wait_for_selector("#link-notice:not([hidden])", timeout=STEP)
    assert words in table.page.inner_text("#link-notice")
    assert "saved games are untouched" in table.page.inner_text("#link-notice")
    assert table.page.evaluate("location.hash") == ""
    assert table.page.evaluate(STORE) == saved


def test_a_broken_link_pasted_at_the_table_is_refused_and_the_game_goes_on(table):  # noqa: F811
    """At the table, a damaged link pasted into the address bar: the table says why, and the
    game stays where it was."""
    table.open()
    table.start(**TAC)
    table.step()
    moves = table.board()[1]
    table.page.evaluate("location.hash = 'e1.AAAA'")
    table.page.wait_for_function("document.querySelector('#game-screen .notice')"
                                 ".textContent.includes('damaged')", timeout=STEP)
    assert table.board()[1] == moves and table.page.evaluate("location.hash") == ""
    table.step()
    assert int(table.board()[1]) > int(moves)


def test_why_this_move_explains_a_bots_move_from_its_view_once_the_game_is_over(table):  # noqa: F811
    """A finished game's replay: at a bot's step "Why this move?" asks the worker's search and
    shows that bot's move first, under its name, with the deals compared; the step moved on,
    the explanation is gone, and a game in progress offers none."""
    table.open()
    table.start(**TAC)
    finish(table)
    page = table.page
    state = table.engine_state()
    names = [s["name"] for s in table.save()["seats"]]
    page.click("[data-action=replay]")
    page.wait_for_selector("body[data-board=replay]", state="attached")
    assert page.locator("[data-action=rp-explain]").count() == 0       # the start: no move
    again = pygame_rules.new_game(state.game.id, state.players, state.seed, state.options)
    step = 0
    while again.current_player in (0, None) or again.current_player >= state.players:
        again.apply(state.history[step])
        step += 1
    seat, move = again.current_player, state.history[step]
    page.focus("[data-action=rp-fwd]")
    for n in range(1, step + 2):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => document.body.dataset.step == n", arg=n)
    page.click("[data-action=rp-explain]")
    page.wait_for_selector(".teach.hint", timeout=60_000)
    words = page.inner_text(".teach.hint")
    assert words.startswith("%s's move: %s" % (names[seat], again.describe(move))), words
    assert "Compared" in words and ("would have made" in words), words
    page.keyboard.press("Escape")
    page.wait_for_selector(".teach.hint", state="detached")
    page.click("[data-action=rp-explain]")
    page.wait_for_selector(".teach.hint", timeout=60_000)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("n => document.body.dataset.step == n", arg=step + 2)
    assert page.locator(".teach.hint").count() == 0
    page.click("[data-action=replay-close]")
    page.wait_for_selector("body[data-board=over]", state="attached")


def test_the_replay_of_the_game_so_far_is_from_your_seat_and_the_game_goes_on(table):  # noqa: F811
    """Menu → replay in mid-game: it starts at the present, shows your own hand and nobody
    else's, and closing it gives the table back with the same moves."""
    table.open()
    table.start(**TAC)
    for _ in range(3):
        table.step()
    page = table.page
    moves = int(table.board()[1])
    hand = page.inner_html(".hand")
    page.click("[data-action=menu]")
    page.click("[data-action=replay]")
    page.wait_for_selector("body[data-board=replay]", state="attached")
    assert step_no(page) == moves and page.locator(".replay-hand").count() == 0
    assert page.is_disabled("[data-action=rp-fwd]")
    assert page.locator("[data-action=rp-explain]").count() == 0       # not over: none
    page.click("[data-action=rp-start]")
    assert step_no(page) == 0 and page.locator(".hand .hand-card").count() == 8
    page.keyboard.press("Escape")
    page.wait_for_selector(BOARDS, state="attached")
    assert int(table.board()[1]) == moves and page.inner_html(".hand") == hand


def test_practice_takes_back_a_move_after_the_bots_played_and_is_counted_apart(table):  # noqa: F811
    """With practice on, Undo is offered after the bots have played and takes the person's
    move back with theirs; the finished game counts as practice in the statistics."""
    table.open()
    table.page.check("#practice")
    table.start(**TAC)
    page = table.page
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
    before = int(table.board()[1])
    table.act(".hand-card.playable >> nth=0")
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
    assert int(table.board()[1]) >= before + 2              # the bots played on
    assert page.get_attribute("[data-action=undo]", "aria-disabled") is None
    page.click("[data-action=undo]")
    page.wait_for_function("n => document.body.dataset.moves == n", arg=str(before))
    finish(table)
    data = json.loads(page.evaluate("localStorage.getItem('%sstats')" % NS))
    assert [r["practice"] for r in data["results"]] == [True]


def test_a_replay_of_taktvoll_sounds_its_notes_and_its_rows(table):  # noqa: F811
    """In a replay a row's ▶ plays the row, and a step forward sounds the notes its move
    played, as at the table; a jump sounds nothing (issue 45, item 11: both were silent)."""
    table.open()
    with_sound(table)
    table.start(players=3, game="taktvoll", seed="8")
    page = table.page
    for _ in range(300):
        if page.locator(".tak-row svg .tak-head").count() >= 2:
            break
        assert table.step()
    page.click("[data-action=menu]")
    page.click("[data-action=replay]")
    page.wait_for_selector("body[data-board=replay]", state="attached")
    heard = sounds_made(table)
    page.click("[data-action=play-row] >> nth=0")
    page.wait_for_function("n => window.__sounds > n", arg=heard, timeout=STEP)
    page.click("[data-action=rp-start]")
    heard = sounds_made(table)
    assert heard == sounds_made(table)
    for _ in range(60):                       # step on until a step plays a note
        page.click("[data-action=rp-fwd]")
        if sounds_made(table) > heard:
            break
    assert sounds_made(table) > heard
    here = sounds_made(table)
    page.click("[data-action=rp-end]")
    page.click("[data-action=rp-start]")
    assert sounds_made(table) == here
