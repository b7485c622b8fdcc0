"""The message catalogue: every key the code uses exists, none is dead, every entry is well
formed, plurals pick their form, and each game's texts are its own."""

import ast
import pathlib
import random
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import GAMES, messages
from pygame_rules.messages import CATALOGUE, add, plural_category, text
from texts_helpers import (SHARED, all_used, malformed, missing_keys, undeclared_families,
                           unused_keys, used_keys)

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import render  # noqa: E402
import shell  # noqa: E402
import tables  # noqa: E402

OWNERS = [None] + sorted(GAMES)


def test_every_partial_key_literal_is_a_declared_family():
    """A literal the code completes at run time ("rc.ev.skip." + phase) names its suffixes."""
    assert undeclared_families() == []


@pytest.mark.parametrize("game_id", OWNERS)
def test_every_key_the_code_uses_is_in_the_catalogue(game_id):
    """Each key of a game (None: the shared keys) that the code names exists in English."""
    assert len(used_keys(game_id)) > 100
    assert missing_keys(game_id) == []


@pytest.mark.parametrize("game_id", OWNERS)
def test_no_key_of_the_catalogue_is_dead(game_id):
    """Each key of the catalogue is named by some code (or shown by the rules page)."""
    assert unused_keys(game_id) == []


@pytest.mark.parametrize("lang", sorted(CATALOGUE))
def test_every_entry_is_well_formed(lang):
    """Keys follow the scheme, placeholders parse, plural dicts have the language's categories."""
    assert malformed(lang) == []


def test_the_check_of_entries_can_fail():
    """A broken entry, a plural dict short of a category and a key without an area are found."""
    table = CATALOGUE["en"]
    bad = {"tac.page.x_broken": "{count", "tac.page.x_plural": {"other": "{count} cards"},
           "tac.x_no_area": "x"}
    table.update(bad)
    try:
        found = {key for key, _why in malformed("en")}
    finally:
        for key in bad:
            del table[key]
    assert found == set(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_texts_hold_only_its_own_keys_and_reach_the_catalogue(game_id):
    """games/<g>/texts.py and texts_ja.py: every key begins with the game's prefix and is in
    the catalogue; English and Japanese hold the same keys."""
    game = GAMES[game_id]
    assert set(game.texts) == {"en", "ja"} and set(game.texts["ja"]) == set(game.texts["en"])
    for lang, table in game.texts.items():
        assert table and all(k.startswith(game.prefix + ".") for k in table)
        assert all(CATALOGUE[lang][k] == v for k, v in table.items())


def test_messages_imports_no_game():
    """messages.py imports only its Japanese table and three modules of the standard library;
    the table imports nothing (core imports it, the games register into it)."""
    source = pathlib.Path(messages.__file__).read_text()
    imports = re.findall(r"^[ \t]*(?:from|import)[ \t]+(\S+)", source, re.M)
    assert imports == ["re", "string", "unicodedata", ".messages_ja"]
    ja = pathlib.Path(messages.__file__).with_name("messages_ja.py").read_text()
    assert not re.search(r"^\s*(from|import)\s", ja, re.M)


def test_messages_py_holds_only_the_shared_keys():
    """A game's key belongs in its texts.py, not in messages.py's own table."""
    tree = ast.parse(pathlib.Path(messages.__file__).read_text())
    table = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                 and n.targets[0].id == "CATALOGUE")
    own = [k.value for k in table.values[0].keys]
    assert len(own) > 100 and all(k.split(".")[0] in SHARED for k in own)


def test_a_count_picks_the_plural_form():
    """English: one for 1, other for 0, 2 and 1.5; Japanese: other always."""
    assert [plural_category(n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert plural_category(1, "ja") == "other"
    assert text("tak.name.bars", {"count": 1}) == "1 bar line"
    assert text("tak.name.bars", {"count": 2}) == "2 bar lines"


def test_a_missing_message_falls_back_to_english_with_the_english_rule():
    """A language without the key renders English (and English plurals); with it, its own."""
    add("xx", {"tak.name.no_cards": "keine Karten"})
    try:
        assert text("tak.name.bars", {"count": 1}, "xx") == "1 bar line"
        assert text("tak.name.no_cards", lang="xx") == "keine Karten"
        assert text("tak.name.no_cards", lang="zz") == "no cards"
    finally:
        del CATALOGUE["xx"]


def test_a_key_given_twice_with_another_text_is_refused():
    """add() keeps the catalogue from silently changing a text."""
    add("en", {"tak.name.no_cards": CATALOGUE["en"]["tak.name.no_cards"]})
    with pytest.raises(ValueError):
        add("en", {"tak.name.no_cards": "nothing"})


def test_no_sentence_says_s_in_brackets():
    """Counts are plural messages: no "card(s)", "win(s)" left in English."""
    texts = [v for e in CATALOGUE["en"].values() for v in (e.values() if isinstance(e, dict)
                                                           else [e])]
    assert not [t for t in texts if "(s)" in t]


@pytest.mark.parametrize("game_id", sorted(tables.game_ids()))
def test_a_saved_games_continue_line_is_one_the_shell_can_say(game_id):
    """The shell (before Python) shows "Continue: …" only for ui.continue* messages it holds."""
    state = pygame_rules.new_game(game_id, GAMES[game_id].min_players, seed=3)
    msg, _params = tables.table_for(game_id).continue_line(state.view(None))
    assert msg.startswith("ui.continue") and msg in shell.ui_messages()


def test_the_shell_holds_every_sentence_its_scripts_name_and_only_those():
    """Every ui. id written in static/*.js, and every id Python passes the store to say (a
    Continue line, why a value was set aside), is in the shell's sentences; nothing else is."""
    import re
    root = pathlib.Path(shell.__file__).resolve().parent.parent
    said = shell.ui_messages()
    for path in (root / "static").glob("*.js"):
        for msg_id in re.findall(r'"(ui\.[a-z0-9_.]+)"', path.read_text()):
            assert msg_id in said, (path.name, msg_id)
    page = "".join(p.read_text() for p in (root / "web").glob("*.py"))
    aside = re.findall(r'setAside\([^,]+, "(ui\.[a-z_]+)"\)', page)
    assert {"ui.why_refused", "ui.why_wrong_shape"} <= set(aside)    # (the page's modules
    for msg_id in aside:                                            # do set values aside)
        assert msg_id in said, msg_id
    assert "ui.why_refused" in said and "ui.start" not in said
    assert len(said) < len([k for k in CATALOGUE["en"] if k.startswith("ui.")]) // 4


def test_the_shell_says_only_plain_strings():
    """The shell's script fills {name} placeholders and knows no plural dicts."""
    assert all(isinstance(v, str) for v in shell.ui_messages().values())


# --- every key asked for at run time is one the scan found --------------------------------------
PLAYS = {"take-a-chord": (3, 4), "take-bamboo": (3, 6), "taktvoll": (3, 5), "rechord": (1, 3)}


def play_every_screen(game_id, players, seed):
    """A game of random bots, drawing every seat's screen, log and modals after each move
    (each seat's log as the page tells it: the events since the last move, app.told)."""
    seats = [{"name": "P%d" % s, "kind": "bot", "bot": "random"} for s in range(players)]
    seats[0]["kind"] = "human"
    session = app.Session.start(game_id, seats, seed=seed)
    rng, table, told = random.Random(seed), session.table, [0] * players
    while True:
        state, names = session.state, session.names()
        for seat in range(players):
            view = state.view(seat)
            render.screen_html(table, view, names, session.seats, {"names": names})
            events = state.events_for(seat)
            app.told(table, events[:1], names, events[told[seat]:]) if told[seat] else \
                table.log_lines(events, names)
            told[seat] = len(events)
            for _label, panel in table.PANELS.values():
                panel(view, names)
        table.continue_line(state.view(None))
        if state.is_over:
            end = next(e for e in reversed(state.events) if e["type"] == "game_end")
            table.final_body(state.view(0), names, end)
            return
        if session.round_pending():
            table.round_modal(session.view(), names, session.round_pending())
            session.close_round()
            continue
        legal = state.legal_actions()
        for action in legal:
            state.describe(action)
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", sorted(PLAYS))
def test_every_key_asked_for_in_play_is_one_the_scan_found(game_id, monkeypatch):
    """Random games drawn on the page (every seat's screen, log, panels, modals) and every
    legal action described ask only for keys that used_keys() knows."""
    asked = set()
    lookup = messages.template

    def spy(msg_id, params=None, lang="en"):
        asked.add(msg_id)
        return lookup(msg_id, params, lang)

    monkeypatch.setattr(messages, "template", spy)
    for players in PLAYS[game_id]:
        play_every_screen(game_id, players, seed=players)
    assert len(asked) > 60
    assert sorted(asked - all_used()) == []


# --- Japanese (issue 19) -------------------------------------------------------------------------
FIELDS = re.compile(r"{([a-z_0-9]*)(?:[:!][^}]*)?}")
# texts that are the same in both languages: names (the brand, a parody song and band) and
# texts that are nothing but parameters, symbols or card names
SAME_IN_BOTH = {"ui.brand", "rc.page.song0_title", "rc.page.song0_band", "tac.name.title",
                "tak.name.title", "rc.name.title"}


def forms(value):
    """The text forms of a catalogue value (a plural dict's forms, or the text)."""
    return list(value.values()) if isinstance(value, dict) else [value]


def fields_of(value):
    """The parameter names a catalogue value uses, in all its forms."""
    return {name for form in forms(value) for name in FIELDS.findall(form)}


def test_every_message_used_has_a_japanese_text_with_the_same_parameters():
    """Every key the code uses (and every key of the catalogue) is in Japanese, with exactly
    the English parameters, and Japanese plurals have the one form "other"."""
    en, ja = CATALOGUE["en"], CATALOGUE["ja"]
    assert sorted(all_used() - set(ja)) == [] and sorted(set(en) - set(ja)) == []
    assert sorted(set(ja) - set(en)) == []
    assert [k for k in en if fields_of(ja[k]) != fields_of(en[k])] == []
    assert [k for k, v in ja.items() if isinstance(v, dict) and set(v) != {"other"}] == []


def test_no_japanese_text_is_a_copy_of_the_english():
    """A Japanese text equal to the English one is a name, or has nothing to translate (only
    parameters, card names, digits and symbols)."""
    en, ja = CATALOGUE["en"], CATALOGUE["ja"]
    copies = [k for k in en if forms(ja[k]) == forms(en[k]) and k not in SAME_IN_BOTH and
              re.search(r"[A-Za-z]{2,}", FIELDS.sub("", " ".join(forms(en[k]))))]
    assert copies == []


def test_a_japanese_text_renders_with_its_parameters():
    """Every Japanese text formats with the parameters its English text takes (sample values)."""
    for key, value in CATALOGUE["ja"].items():
        params = {"count": 1, **{name: 1 for name in fields_of(CATALOGUE["en"][key])}}
        assert text(key, params, lang="ja")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab <>&\"'\0\u3000\u30ff\u2fff\u3400\u9fff\uf900\ufaff\uff00\uffef"
                        "\ufff0漢かカ。、", max_size=14))
def test_marking_japanese_is_one_span_per_run_of_japanese_characters(s):
    """marked (a regular expression over the escaped text, issue 21) gives what marking each
    character in turn gives: every maximal run of is_japanese characters in one span, the rest
    escaped one by one, NUL characters left out (and ending a run)."""
    from pygame_rules.messages import escape, is_japanese, marked, set_language
    out, run = [], []
    for ch in s + "\0":
        if is_japanese(ch):
            run.append(ch)
            continue
        if run:
            out.append('<span lang="ja">%s</span>' % "".join(run))
            run = []
        out.append(escape(ch) if ch != "\0" else "")
    set_language("en")
    assert marked(s) == "".join(out)


CJK = re.compile("[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")   # kana, kanji, full-width forms


def test_no_english_text_holds_a_japanese_character():
    """English reads without a Japanese font (issue 45, item 18): no entry of the English
    catalogue, no game's English title and no English word of the page's shell holds kana,
    kanji or a full-width form; only the language picker names 日本語 in its own script."""
    assert [k for k, v in CATALOGUE["en"].items() if CJK.search(" ".join(forms(v)))] == []
    assert [g.title for g in GAMES.values() if CJK.search(g.title)] == []
    page = shell.fill_language((ROOT / "web" / "index.html").read_text(encoding="utf-8"),
                               {}, {})
    page = page.replace('<option value="ja" lang="ja">日本語</option>', "")
    assert CJK.findall(re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)) == []


def test_japanese_inside_english_is_marked_for_its_font_and_voice():
    """In English, runs of Japanese (a player's name) are wrapped in lang="ja"; in Japanese
    nothing is; both are escaped. The top bar shows the title in the page's language."""
    from pygame_rules.messages import marked, set_language
    assert marked("Mia 美亜 <b>") == 'Mia <span lang="ja">美亜</span> &lt;b&gt;'
    session = app.Session.start("take-bamboo", [{"name": "Mia", "kind": "human"}] +
                                [{"name": "B", "kind": "bot"}] * 2, seed=1)
    html = render.screen_html(session.table, session.view(), session.names(), session.seats,
                              {"names": session.names()})
    assert '<h1>TAKE (Trick no Okina)</h1>' in html
    try:
        set_language("ja")
        assert marked("Mia 美亜 <b>") == "Mia 美亜 &lt;b&gt;"
        html = render.screen_html(session.table, session.view(), session.names(),
                                  session.seats, {"names": session.names()})
        assert '<h1>TAKE トリックの翁</h1>' in html
    finally:
        set_language("en")


def japanese_forms():
    """Every text form of the Japanese catalogue, with its key."""
    return [(k, f) for k, v in CATALOGUE["ja"].items() for f in forms(v)]


def test_japanese_writes_one_wave_dash_one_minus_and_one_middle_dot():
    """Japanese text writes a range with 〜 (U+301C, never ～ or –), a minus with −
    (U+2212, never "-" before a digit), a number's sign included, and joins facts with ・
    (never " · ") (issue 45, item 19)."""
    assert [k for k, f in japanese_forms() if re.search("[\uff5e\u2013\u00b7]", f)] == []
    assert [k for k, f in japanese_forms() if re.search(r"(^|[^A-Za-z0-9-])-(\d|$)", f)] == []
    assert text("take.page.refuse", {"giver": "Mia"}, lang="ja") == "断る：カードは捨て札、Mia−1点"
    row = {"seat": "Mia", "count": 5, "chart": -10, "bonus": 0, "score": -10, "total": -3}
    assert text("tac.ev.venue_score_row", row, lang="ja").count("\u2212") == 3
    assert "-" not in text("tac.ev.venue_score_row", row, lang="ja")
    assert "= -10 (total -3)" in text("tac.ev.venue_score_row", row, lang="en")


def screen_in(lang, game_id):
    """The table's HTML of a new game of 3 in a language."""
    from pygame_rules.messages import set_language
    session = app.Session.start(game_id, [{"name": "Mia", "kind": "human"}] +
                                [{"name": "B", "kind": "bot"}] * 2, seed=1)
    set_language(lang)
    try:
        return render.screen_html(session.table, session.view(), session.names(),
                                  session.seats, {"names": session.names()})
    finally:
        set_language("en")


def test_a_number_keeps_to_its_counter_in_japanese():
    """A seat's facts keep each number on one line with its counter ("インプロ0回", never
    "インプロ0" and "回" on two lines: issue 45, item 19); English is left as it was."""
    html = screen_in("ja", "take-a-chord")
    assert '<span class="nb">インプロ0回</span>' in html and '<span class="nb">合計0点</span>' in html
    for game_id, kept in (("take-bamboo", "0点"), ("taktvoll", "0点"), ("rechord", "3枚")):
        assert '<span class="nb">%s</span>' % kept in screen_in("ja", game_id), game_id
    assert 'class="where"><span class="nb">第1公演（全3）</span>' in html   # the top bar
    assert 'class="nb"' not in screen_in("en", "take-a-chord")


def card_bands(lang):
    """The colour band's text of one card of each colour of TAC and TAKE, in a language."""
    from pygame_rules.games.take_a_chord.cards import COLOUR_OF
    from pygame_rules.games.take_bamboo.cards import colour_of
    from pygame_rules.messages import set_language
    from tables import take_a_chord, take_bamboo
    view = pygame_rules.new_game("take-bamboo", 3, seed=1).view(None)
    set_language(lang)
    try:
        svgs = [take_a_chord.card_svg(COLOUR_OF.index(c)) for c in sorted(set(COLOUR_OF))] + \
            [take_bamboo.bamboo_svg(next(k for k in range(54) if colour_of(k) == c), view)
             for c in range(3)]
    finally:
        set_language("en")
    return [re.search(r'class="card-colour"[^>]*>(.*?)</text>', s).group(1) for s in svgs]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_cards_band_names_its_colour_whole(lang):
    """A card's band says the whole colour name, narrowed if long, never its first three
    characters (リリカ, オーガ: issue 45, item 19)."""
    names = [text("tac.name.colour.%d" % c, lang=lang) for c in range(5)] + \
        [text("take.name.colour_short.%d" % c, lang=lang) for c in range(3)]
    assert [band.split(" ", 1)[1] for band in card_bands(lang)] == names


# --- lists and terminal columns in Japanese (issue 19) -------------------------------------------
def test_a_list_is_joined_with_the_languages_separator():
    """English joins with ", ", Japanese with "、"; no language given: the current one."""
    assert messages.join_list(["A", "B", "C"], "en") == "A, B, C"
    assert messages.join_list(["甲", "乙", "丙"], "ja") == "甲、乙、丙"
    assert messages.join_list([], "ja") == "" and messages.join_list(["甲"], "ja") == "甲"
    try:
        messages.set_language("ja")
        assert messages.join_list(["甲", "乙"]) == "甲、乙"
    finally:
        messages.set_language("en")
    assert messages.join_list(["A", "B"]) == "A, B"


def test_a_wide_text_is_padded_by_its_display_width():
    """A text parameter with a width counts a wide character as two columns; other
    parameters and specs format as str.format does them."""
    assert messages.display_width("プレイヤー1（あなた）") == 21
    assert messages.pad("合計", ">6") == "  合計" and messages.pad("あ", "*^5") == "*あ**"
    assert messages.pad("Ünïcode", "<9") == "Ünïcode  " and messages.pad("x", "05") is None
    formatter = messages.ColumnFormatter()
    for spec in ("<10", ">6", "^7", "*<5", "3", ""):
        for value in ("Player", "é→±", 42, 2.5):
            assert formatter.format("{v:%s}" % spec, v=value) == format(value, spec)
    assert formatter.format("{v:8.3}|{w:.2f}", v="ボーナス", w=1) == "ボーナ  |1.00"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_japanese_hint_reads_as_one_sentence(game_id):
    """Each game's outcome in a Japanese hint fits the sentences around it: no "見込みが見込め"
    or "見込みにつながる見込み" (Re-Chord's outcome ended in 見込み), and a move named after
    "選ぶ手" is set apart, so "袋からピックを引く" does not read as 手袋, gloves (issue 47,
    item 5)."""
    prefix = GAMES[game_id].prefix
    key = prefix + ".hint.score"
    outcome = messages.text(key, {"score": 5.5, "points": 5.5, "count": 2}, lang="ja") \
        if key in messages.CATALOGUE["ja"] else "終了時に合計約5.5点"
    said = [messages.text(k, {"move": "袋からピックを引く", "outcome": outcome, "name": "A"},
                          lang="ja")
            for k in ("ui.hint.best", "ui.hint.other", "ui.explain.played", "ui.explain.search",
                      "ui.hint.kept")]
    assert not any("見込みが見込め" in s or "見込みにつながる見込み" in s or "手袋" in s
                   for s in said), said
