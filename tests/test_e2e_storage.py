"""End to end, issue 17: nothing stored can hurt the page, a full storage loses no game, and two
tabs never overwrite each other. Each test also has the `table` fixture's checks (no foreign
request, no console error, no Python traceback)."""

import json
import pathlib
import sys

import pytest

from test_e2e_axe import just_before
from test_e2e_page import BOARDS, NS, READY, STEP, settle, table  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
FILL = """() => {            // another site of the origin fills the storage to the last char
  let i = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
    const s = 'x'.repeat(size);
    try { for (;;) localStorage.setItem('other-site/' + i++, s); } catch (e) { /* full */ }
  }
  return i;
}"""
FREE = "() => Object.keys(localStorage).filter(k => k.startsWith('other-site/'))" \
       ".forEach(k => localStorage.removeItem(k))"


def store_keys(page):
    """Every localStorage key, sorted."""
    return sorted(page.evaluate("Object.keys(localStorage)"))


def test_a_full_storage_pauses_saving_and_the_game_goes_on(table):  # noqa: F811
    """With the origin's storage full, a game starts and plays, the notice says saving is
    paused; once there is room the next move is saved and the notice goes."""
    table.open()
    table.page.evaluate(FILL)
    table.start(players=3, seats=["human", "bot-heuristic", "bot-heuristic"])
    notice = table.page.locator("#store-notice")
    assert notice.is_visible() and "Saving is paused" in notice.inner_text()
    for _ in range(3):
        table.step()
    assert notice.is_visible() and table.board()[0] in ("playable", "venue")
    table.page.evaluate(FREE)                   # room again: saved within seconds, no move
    table.page.wait_for_function("!encoreStore.paused()", timeout=STEP)
    assert notice.is_hidden()
    assert len(json.loads(table.save()["engine"])["actions"]) == int(table.board()[1])
    table.step()
    table.page.wait_for_selector("body[data-board=playable], body[data-board=venue]",
                                 state="attached", timeout=STEP)
    assert json.loads(table.save()["engine"])["actions"]          # the game is saved again
    assert len(json.loads(table.save()["engine"])["actions"]) == int(table.board()[1])


DEEP = "[" * 100_000 + "]" * 100_000
BROKEN = {   # kind -> (the stored name, the text, what the notice says)
    "settings not JSON": ("settings", "{pause:", "settings could not be read"),
    "settings 3,000 deep": ("settings", '{"pause": %s}' % ("[" * 3000 + "]" * 3000),
                            "nested too deeply"),
    "settings too large": ("settings", '{"pause": %s}' % DEEP, "too large"),
    "settings a list": ("settings", "[1, 2]", "settings could not be read"),
    "save not JSON": ("game.x", "{\"summary\":", "not valid data"),
    "save 100,000 deep": ("game.x", '{"summary": %s}' % DEEP, "nested too deeply"),
    "save too large": ("game.x", '{"summary": "%s"}' % ("x" * 1_100_000), "too large"),
    "save without a summary": ("game.x", '{"format": "encore-web"}', "not something this page"),
    "save deep inside its engine part": ("game.x", None, "could not be resumed"),
    "save with wrong types": ("game.x", None, "could not be resumed"),
}


def broken_text(kind):
    """The stored text of a kind of damage (the two built from a real save's shape)."""
    name, raw, _ = BROKEN[kind]
    if raw is not None:
        return raw
    summary = {"game": "taktvoll", "title": "Taktvoll", "over": False, "msg": "ui.continue_tak",
               "params": {"deck": 30, "title": "Taktvoll"}, "saved_at": 1}
    if kind == "save deep inside its engine part":
        body = {"format": "encore-web", "version": 1, "engine": DEEP, "seats": [],
                "summary": summary}
    else:
        body = {"format": "encore-web", "version": 1, "engine": 7, "seats": {"a": 1},
                "shown_round": [[]], "pending": "x" * 50, "summary": summary}
    return json.dumps(body)


@pytest.mark.parametrize("kind", list(BROKEN))
def test_anything_broken_in_storage_is_set_aside_with_a_message(table, kind):  # noqa: F811
    """Each kind of damage: the page loads, says what it set aside, keeps the text under
    "bad:", and a fresh game starts at once."""
    name, _, words = BROKEN[kind]
    text = broken_text(kind)
    table.open()
    table.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [NS + name, text])
    table.page.reload()
    table.page.wait_for_selector("body[data-save-checked]", state="attached", timeout=READY)
    notice = table.page.locator("#save-notice")
    assert notice.is_visible() and words in notice.inner_text(), notice.inner_text()
    assert len(notice.inner_text()) < 300
    assert table.page.evaluate("k => localStorage.getItem(k)", NS + "bad:" + name) == text
    assert table.page.evaluate("k => localStorage.getItem(k)", NS + name) is None
    assert table.page.locator("#continue-box").is_hidden()
    assert table.page.locator("#rules-dialog").count() == 1
    table.page.click("#start-rules")                   # the start screen's script still works
    assert table.page.locator("#rules-dialog[open]").count() == 1
    table.page.keyboard.press("Escape")
    table.start(players=3)
    assert table.board()[0] in ("playable", "curtain", "venue", "over")


def test_keys_are_namespaced_and_an_old_save_carries_over(table):  # noqa: F811
    """A save and settings from before namespacing ("encore.save") move into the site's own
    keys and the game continues; another site's Encore keys on the origin are left alone."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent / "web"))
    import app
    session = app.Session.start("take-bamboo", [{"name": "Mia", "kind": "human"}] + [
        {"name": "B%d" % i, "kind": "bot", "bot": "heuristic"} for i in range(2)], seed=5)
    old = json.loads(session.to_save())
    del old["summary"]["saved_at"]
    table.open()
    table.page.evaluate("s => { localStorage.setItem('encore.save', s); "
                        "localStorage.setItem('encore@/other/:game.q', 'theirs'); }",
                        json.dumps(old))
    table.page.reload()
    table.page.wait_for_selector("body[data-save-checked]", state="attached", timeout=READY)
    keys = store_keys(table.page)
    assert "encore.save" not in keys and "encore@/other/:game.q" in keys
    assert all(k.startswith(NS) or k.startswith("encore@/other/") for k in keys), keys
    button = table.page.locator("#continue-button")
    assert button.inner_text() == "Continue: TAKE (Trick no Okina), round 1"
    button.click()
    table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    assert table.page.evaluate("localStorage.getItem('encore@/other/:game.q')") == "theirs"


def test_two_saves_of_a_game_are_told_apart_on_the_start_screen(table):  # noqa: F811
    """Two saved games of TAKE at its first round read the same "Continue: …" line; under it each
    says its players, its move and when it was saved (issue 45, item 9: two identical buttons)."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
    import app
    people = {"name": "Mia", "kind": "human"}
    bot = {"name": "Ada", "kind": "bot", "bot": "heuristic"}
    three = app.Session.start("take-bamboo", [people, bot, bot], seed=5)
    four = app.Session.start("take-bamboo", [people, bot, bot, bot], seed=6)
    four.state.apply(four.state.legal_actions()[0])
    four.state.apply(four.state.legal_actions()[0])
    table.open()
    table.page.evaluate("([a, b]) => { encoreStore.write('game.a', a); "
                        "encoreStore.write('game.b', b); encoreShowSaves(); }",
                        [three.to_save(saved_at=1_790_000_000_000),
                         four.to_save(saved_at=1_790_000_600_000)])
    buttons = table.page.locator("#continue-box button")
    assert buttons.count() == 2
    lines = buttons.locator(".continue-line").all_inner_texts()
    assert lines == ["Continue: TAKE (Trick no Okina), round 1"] * 2
    details = buttons.locator(".continue-detail").all_inner_texts()
    assert details[0].startswith("Players 4 · moves 2 · saved ") and \
        details[1].startswith("Players 3 · moves 0 · saved ") and details[0] != details[1]
    assert "2026" in details[0] and "2026" in details[1]


def open_tab(table):
    """A second tab of the same browser on the page (its own sessionStorage)."""
    page = table.record(table.context.new_page())
    page.goto(table.url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    return page


def test_two_tabs_never_overwrite_each_other(table):  # noqa: F811
    """Tab A plays; tab B's Continue asks first. "Start another game": B plays its own slot and
    A's save is untouched. Then B takes A's game over: A says so and stops writing, B goes on
    from A's last move, and a click in A changes nothing."""
    table.open()
    table.start(players=3, seats=["human", "bot-heuristic", "bot-heuristic"])
    for _ in range(3):
        table.step()
    a = table.page
    a_slot = a.evaluate("encoreStore.mySlot()")
    a_save = table.save()
    b = open_tab(table)
    assert b.locator("#continue-button").inner_text().startswith('Continue: Take The "A" Chord')
    b.click("#continue-button")
    b.wait_for_selector("#tab-dialog[open]", timeout=STEP)
    b.click("[data-tab-choice=other]")
    b.check('input[name="game"][value="taktvoll"]')
    b.check('input[name="players-taktvoll"][value="3"]')
    b.click("#start-button")
    b.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    b_slot = b.evaluate("encoreStore.mySlot()")
    assert b_slot != a_slot
    assert json.loads(a.evaluate("s => encoreStore.read('game.' + s)", a_slot)) == a_save
    table.step()                                           # A goes on, in its own slot
    a_moves = table.board()[1]
    b.click("[data-action=menu]")
    b.click("[data-action=leave]")
    b.wait_for_selector("#continue-box button[data-slot='%s']" % a_slot, timeout=STEP)
    b.click("#continue-box button[data-slot='%s']" % a_slot)   # the label names A's game
    b.wait_for_selector("#tab-dialog[open]", timeout=STEP)
    b.click("[data-tab-choice=here]")
    b.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    a.wait_for_selector("body[data-board=taken]", state="attached", timeout=STEP)
    assert "now played in another tab" in a.inner_text(".curtain")
    assert b.evaluate("document.body.dataset.moves") == a_moves
    saved = b.evaluate("s => encoreStore.read('game.' + s)", a_slot)
    a.evaluate("document.querySelector('#game-screen [data-card]').click()")   # behind it
    settle(a)
    assert b.evaluate("s => encoreStore.read('game.' + s)", a_slot) == saved
    assert a.evaluate("document.body.dataset.moves") == a_moves
    a.click("[data-action=leave]")
    a.wait_for_selector("#start-screen:not([hidden])", timeout=STEP)
    assert b.evaluate("s => encoreStore.read('game.' + s)", a_slot) == saved
    b.close()


def test_a_finished_game_is_counted_once_in_the_statistics(table):  # noqa: F811
    """A Taktvoll game continued to its end adds one result; the end screen shows the record
    and its chart; a reload at the end screen does not count it again."""
    save = just_before("taktvoll", "game_end")          # (its last move a bot's)
    person = next(s["name"] for s in json.loads(save)["seats"] if s["kind"] == "human")
    table.open()
    table.continue_save(save)
    table.play_to_end()
    data = json.loads(table.page.evaluate("encoreStore.read('stats')"))
    assert len(data["results"]) == 1 and data["results"][0]["name"] == person
    record = table.page.locator(".modal-final .stats-record")
    assert "%s in Taktvoll, 3 players: played 1" % person in record.inner_text()
    assert record.locator("svg.stats-chart").count() == 0       # (one game: no chart)
    table.page.reload()
    table.page.wait_for_selector("body[data-board=over]", state="attached", timeout=READY)
    assert len(json.loads(table.page.evaluate("encoreStore.read('stats')"))["results"]) == 1


def test_statistics_are_exported_reset_and_imported(table, tmp_path):  # noqa: F811
    """After a finished game: the statistics dialog lists it; Export downloads the file, Reset
    (twice) empties it, a bad file changes nothing and says why, the exported file brings it
    back, and importing it again says nothing changed (issue 45, item 20). Import is a button,
    not the browser's own file control."""
    table.open()
    table.continue_save(just_before("taktvoll", "game_end"))
    table.play_to_end()
    page = table.page
    page.click("[data-action=new]")
    page.click("#start-stats")
    row = page.locator("#stats-dialog tr[data-game=taktvoll][data-players='3']")
    assert row.locator("td").nth(1).inner_text() == "1"              # played
    with page.expect_download() as download:
        page.click("#stats-export")
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    assert len(json.loads(exported.read_text())["results"]) == 1
    page.click("#stats-reset")
    assert row.count() == 1                                         # asked first
    page.click("#stats-reset")
    page.wait_for_selector("#stats-body:has-text('No finished games yet')")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "encore-stats", "version": 1, "results": [{"game": 1}]}')
    picker = page.locator("label:has(#stats-file)")
    assert picker.inner_text().strip() == "Import" and page.locator("#stats-file").evaluate(
        "e => getComputedStyle(e).opacity") == "0"             # the label is the button
    page.set_input_files("#stats-file", str(bad))
    page.wait_for_selector("#stats-message:has-text('could not be read')")
    assert page.inner_text("#stats-message") == "These statistics could not be read (its " \
        "result 1 is not one this page records), so nothing was changed."
    assert json.loads(page.evaluate("encoreStore.read('stats')"))["results"] == []
    page.set_input_files("#stats-file", str(exported))
    page.wait_for_selector("#stats-message:has-text('Imported 1 result, in place of the 0 "
                           "that were here.')")
    assert row.locator("td").nth(1).inner_text() == "1"
    page.set_input_files("#stats-file", str(exported))
    page.wait_for_selector("#stats-message:has-text('already here')")
    assert row.locator("td").nth(1).inner_text() == "1"
