"""End to end, issue 19: the page in Japanese. Whole games of each of the four games played by
clicks with the language set to Japanese, checking on the way that no English sentence of the
catalogue shows on the board, in the log, the dialogs or the end screen; the language switched
at the table (the game untouched, the texts switched at once); the start screen's language
choice, which reloads and is remembered. Each test also has the `table` fixture's checks (no
foreign request, no console error, no Python traceback)."""

import re

import pytest

import pygame_rules  # noqa: F401  (registers every game's messages in the catalogue)
from pygame_rules.messages import CATALOGUE, is_japanese, text

from lang_helpers import lang_table  # noqa: F401  (the fixture)
from test_e2e_page import BOARDS, NS, READY, STEP, table  # noqa: F401  (the fixture)
from test_e2e_rechord import Guitarist
from test_e2e_take import choose_two_to_pass

pytestmark = pytest.mark.e2e
SEATS = ["human", "bot-easy", "bot-easy"]
TITLES = ('Take The "A" Chord', "Taktvoll", "Re-Chord", "Encore", "Jim Bot", "TAKE")


def forms(entry):
    """The templates of a catalogue entry (each plural form of a plural one)."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def english_fragments():
    """{fragment: key}: the literal pieces of the English templates (split on their {params})
    with at least two words of Latin letters, but not the keys whose Japanese is the English
    (names), nor pieces the Japanese catalogue also uses or game titles contain."""
    en, ja = CATALOGUE["en"], CATALOGUE["ja"]
    japanese = "\n".join(t for entry in ja.values() for t in forms(entry))
    out = {}
    for key, entry in en.items():
        if key in ja and forms(ja[key]) == forms(entry):
            continue
        for template in forms(entry):
            for piece in re.split(r"\{[^{}]*\}", template):
                for line in piece.split("\n"):
                    frag = line.strip(" \t,.:;!?()[]\"'\u2019\u201c\u201d-\u2013\u2014")
                    if len(re.findall(r"[A-Za-z]+", frag)) < 2:
                        continue
                    if frag in japanese or any(frag in t or t in frag for t in TITLES):
                        continue
                    out.setdefault(frag, key)
    return out


FRAGMENTS = english_fragments()
PATTERN = re.compile("|".join(
    (r"\b" if f[0].isalnum() else "") + re.escape(f) + (r"\b" if f[-1].isalnum() else "")
    for f in sorted(FRAGMENTS, key=len, reverse=True)))


def leaks(shown):
    """[(fragment, key)] of the English catalogue fragments found in a shown text."""
    found = {}
    for m in PATTERN.finditer(shown):
        found.setdefault(m.group(0), FRAGMENTS.get(m.group(0), "?"))
    return sorted(found.items())


def body_text(page):
    """The text the page renders now (hidden parts left out)."""
    return page.evaluate("document.body.innerText")


def assert_no_english(page, where, seen=None):
    """No English fragment of the catalogue is rendered on the page."""
    shown = body_text(page)
    found = leaks(shown)
    if seen is not None:
        seen.update(found)
    assert not found, "English shown %s: %s" % (where, found)
    return shown


def test_the_fragments_would_catch_english():
    """The check itself can fail: an English status line and log line are caught."""
    assert FRAGMENTS and len(FRAGMENTS) > 300
    sample = text("ui.play_again", {}, "en") + "\n" + text("ui.new_game", {}, "en")
    assert leaks(sample)
    assert not leaks(text("ui.play_again", {}, "ja") + "\n" + text("ui.new_game", {}, "ja"))


def open_japanese(table):
    """Open the page (Japanese chosen in the settings); the static start screen is in it."""
    table.open()
    page = table.page
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#start-button").inner_text().strip() == CATALOGUE["ja"]["ui.start"]
    assert page.input_value("#lang-start") == "ja"
    assert_no_english(page, "on the start screen")
    page.click("#start-stats")
    page.wait_for_selector("#stats-dialog[open]", timeout=STEP)
    assert_no_english(page, "in the statistics dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stats-dialog[open]", state="detached", timeout=STEP)


def open_dialog_and_check(table, action, dialog, where):
    """Open a dialog from the table's top bar, check its text, close it."""
    page = table.page
    page.click('#game-screen [data-action="%s"]' % action)
    page.wait_for_selector("%s[open]" % dialog, timeout=STEP)
    assert_no_english(page, where)
    page.keyboard.press("Escape")
    page.wait_for_selector("%s[open]" % dialog, state="detached", timeout=STEP)


def check_menu(table):
    """The table's menu overlay in Japanese; closed again without changing the game."""
    page = table.page
    before = table.board()
    page.click('#game-screen [data-action="menu"]')
    page.locator("#game-screen [data-action=close]").first.wait_for(timeout=STEP)
    assert_no_english(page, "in the menu")
    page.click("#game-screen [data-action=close] >> nth=0")
    assert table.board() == before


def take_steps(table, step, where, limit):
    """Play with step() until the end screen, checking the page every 10 steps."""
    steps = 0
    while step():
        steps += 1
        assert steps < limit, "the game did not end"
        if steps % 10 == 0:
            assert_no_english(table.page, "%s after %d steps" % (where, steps))
    return steps


def rechord_step(table, guitarist):
    """One Re-Chord step by clicks; False at the final breakdown."""
    table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    board = table.board()[0]
    if board == "over":
        return False
    if board == "curtain":
        table.act("[data-action=reveal]")
    elif board == "playable" and table.page.locator(".rc-hand-area").count():
        guitarist.decide()
    else:
        table.step()
    return True


@pytest.mark.parametrize("lang_table", ["ja"], indirect=True)
@pytest.mark.parametrize("game, seed", [("take-a-chord", "19"), ("take-bamboo", "19"),
                                        ("taktvoll", "19"), ("rechord", "trio-19")])
def test_a_whole_game_in_japanese_shows_no_english(lang_table, game, seed):
    """A whole game by clicks in Japanese: the board, the log, the dialogs and the end screen
    show no English sentence of the catalogue, and <html lang> stays "ja"."""
    table = lang_table
    open_japanese(table)
    table.start(players=3, seats=SEATS, seed=seed, game=game)
    page = table.page
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert_no_english(page, "at the start of the game")
    open_dialog_and_check(table, "settings", "#settings-dialog", "in the settings dialog")
    open_dialog_and_check(table, "rules", "#rules-dialog", "in the rules dialog")
    check_menu(table)
    if game == "rechord":
        guitarist = Guitarist(table, seed=19, abilities=0.2, chords=0.2, claim=0.8)
        take_steps(table, lambda: rechord_step(table, guitarist), game, 900)
    else:
        take_steps(table, table.step, game, 400)
    assert table.engine_state().is_over
    page.wait_for_selector("body[data-board=over]", state="attached", timeout=STEP)
    final = assert_no_english(page, "on the end screen")
    assert any(is_japanese(ch) for ch in final)
    log = page.locator(".log-list li").all_inner_texts()
    assert not leaks("\n".join(log)), "English in the log: %s" % leaks("\n".join(log))
    assert page.evaluate("document.documentElement.lang") == "ja"


def japanese_share(s):
    """The share of Japanese characters among the letters of a text."""
    letters = [ch for ch in s if ch.isalpha()]
    return sum(map(is_japanese, letters)) / max(1, len(letters))


def switch_language(table, lang):
    """Choose a language in the settings dialog at the table, then close the dialog."""
    page = table.page
    page.click('#game-screen [data-action="settings"]')
    page.wait_for_selector("#settings-dialog[open]", timeout=STEP)
    page.select_option("#lang-settings", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang, timeout=STEP)
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog[open]", state="detached", timeout=STEP)


def status_and_log(page):
    """The status line and the log, as shown."""
    return page.evaluate("""() => [
        (document.querySelector('.status-main') || {}).innerText || '',
        [...document.querySelectorAll('.log-list li')].map(li => li.innerText).join('\\n')]""")


@pytest.mark.parametrize("game, lang_table", [("take-a-chord", "ja"), ("taktvoll", "en")],
                         indirect=["lang_table"])
def test_switching_the_language_at_the_table_keeps_the_game(lang_table, game):
    """Mid-game, the settings' language switches the status line and the log at once; the
    saved game and the moves stay the same, and the game goes on."""
    table, first = lang_table, lang_table.lang
    table.open()
    page = table.page
    assert page.evaluate("document.documentElement.lang") == first
    table.start(players=3, seats=SEATS, seed="23", game=game)
    for _ in range(12):
        table.step()
    other = "en" if first == "ja" else "ja"
    before_save, before_moves = table.save(), table.board()
    before_status, before_log = status_and_log(page)
    names = [seat["name"] for seat in before_save["seats"]]
    assert before_status and before_log
    for lang in (other, first):
        switch_language(table, lang)
        assert table.board() == before_moves
        saved = table.save()
        assert {k: v for k, v in saved.items() if k != "summary"} == \
            {k: v for k, v in before_save.items() if k != "summary"}
        status, log = status_and_log(page)
        for name in names:               # the seats' names were given at the start: they stay
            status, log = status.replace(name, ""), log.replace(name, "")
        if lang == "ja":
            assert japanese_share(status) > 0.5 and japanese_share(log) > 0.5, (status, log)
            assert not leaks(status + "\n" + log), leaks(status + "\n" + log)
        else:                            # the check of the other test would see English
            assert leaks(status + "\n" + log)
            assert japanese_share(status) < 0.05 and japanese_share(log) < 0.05, (status, log)
        assert page.evaluate("JSON.parse(localStorage.getItem('%ssettings')).lang" % NS) == lang
    assert status_and_log(page) == [before_status, before_log]
    while table.board()[0] != "playable" and table.step():      # the game goes on
        pass
    moves = table.board()[1]
    assert table.step()
    page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    assert table.board()[1] != moves or table.board()[0] != "playable"


def test_the_start_screen_language_choice_reloads_and_is_remembered(table):  # noqa: F811
    """日本語 on the start screen: the page reloads in Japanese and stays so on a new visit;
    English back again likewise."""
    table.open()
    page = table.page
    assert page.locator("#start-button").inner_text().strip() == CATALOGUE["en"]["ui.start"]
    with page.expect_navigation():
        page.select_option("#lang-start", "ja")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#start-button").inner_text().strip() == CATALOGUE["ja"]["ui.start"]
    assert_no_english(page, "on the reloaded start screen")
    table.open()                                          # a second visit: still Japanese
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#start-button").inner_text().strip() == CATALOGUE["ja"]["ui.start"]
    assert page.input_value("#lang-start") == "ja"
    with page.expect_navigation():
        page.select_option("#lang-start", "en")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    assert page.locator("#start-button").inner_text().strip() == CATALOGUE["en"]["ui.start"]
    assert page.evaluate("document.documentElement.lang") == "en"


@pytest.mark.parametrize("lang_table", ["en"], indirect=True)
def test_a_change_of_language_leaves_no_text_in_the_old_one(lang_table):
    """Switched mid-game, a seat's default name and the refusal on screen are said in the new
    language (issue 45, item 17: "Your turn, プレイヤー1" stayed, and a refusal stayed in
    English); a name the player gave stays."""
    table, page = lang_table, lang_table.page
    table.open()
    page.fill('[name="name-1"]', "Ada")
    table.start(players=3, game="take-bamboo", seed="9")
    choose_two_to_pass(table).nth(2).click()
    notice = page.locator("#game-screen .notice")
    assert notice.inner_text(timeout=STEP) == text("take.page.pass_full", lang="en")
    shown = page.inner_text("#game-screen")
    assert "Player 1" in shown and "Ada" in shown
    switch_language(table, "ja")
    assert notice.inner_text(timeout=STEP) == text("take.page.pass_full", lang="ja")
    shown = page.inner_text("#game-screen")
    assert "Player 1" not in shown and "プレイヤー1" in shown and "Ada" in shown, shown
