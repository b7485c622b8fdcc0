"""The page's controller and drawing, run in CPython: seats, hot seat, saves, escaping."""

import json
import pathlib
import re
import sys

import pytest

import pygame_rules
from pygame_rules.core import option_msg
from pygame_rules.messages import text

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import answers  # noqa: E402
import saves  # noqa: E402
import render  # noqa: E402
import shell  # noqa: E402
import tables  # noqa: E402
import tables.take_a_chord as tac  # noqa: E402
from tables import base  # noqa: E402
from session_helpers import bots, table_step  # noqa: E402
from pygame_rules.games.take_a_chord.cards import card_name  # noqa: E402

GAME = "take-a-chord"
HUMAN = {"name": "Mia", "kind": "human"}


def run_bots(session):
    """Let bots play (closing venue tables) until a person must act or the game ends."""
    while not session.state.is_over:
        if session.round_pending():
            session.close_round()
        elif session.waiting_for_bot():
            session.bot_move()
        else:
            return


def test_one_human_always_sees_their_own_hand():
    """With one person the screen shows that seat's view, even during bots' turns."""
    session = app.Session.start(GAME, bots(1) + [HUMAN] + bots(2), seed=4)
    assert session.viewer() == 1 and session.curtain_for() is None
    run_bots(session)
    assert session.state.current_player == 1
    assert session.view()["hand"] == sorted(session.view()["hand"]) and session.view()["legal"]


def test_a_bot_cannot_be_moved_by_a_click_and_an_illegal_card_changes_nothing():
    """human_move refuses out of turn and illegal cards with the engine's reason."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=2)
    before = session.to_save()
    legal = session.state.legal_actions()
    hand = session.view()["hand"]
    illegal = [("play", c) for c in range(35) if ("play", c) not in legal]
    err = session.human_move(illegal[0])
    assert err is not None and err.message
    assert session.to_save() == before
    assert session.human_move(legal[0]) is None
    if session.waiting_for_bot():
        err = session.human_move(hand[-1])
        assert err.msg_id == "error.not_your_turn"       # whose turn, by the seat's name
        name = session.names()[session.state.current_player]
        assert err.params == {"name": name} and err.message == "It is %s's turn now." % name


def test_hot_seat_curtain_hides_every_hand_until_the_named_player_takes_the_screen():
    """Two people: between their turns a curtain, and behind it no hand in the markup."""
    session = app.Session.start(GAME, [HUMAN, {"name": "Leo", "kind": "human"}] + bots(2),
                                seed=9)
    seen = 0
    for _ in range(60):
        run_bots(session)
        if session.state.is_over:
            break
        cur = session.state.current_player
        if session.curtain_for() is not None:
            seen += 1
            assert session.viewer() is None
            view = session.view()
            assert view["hand"] == [] and view["legal"] == []
            html = render.screen_html(session.table, view, session.names(), session.seats,
                                      {"curtain": cur, "overlay": render.curtain_html("x")})
            for seat in (0, 1):
                for c in session.state.view(seat)["hand"]:
                    assert 'data-card="%d"' % c not in html
                    assert card_name(c) not in html
            session.reveal()
        assert session.viewer() == cur
        assert session.human_move(session.state.legal_actions()[0]) is None
    assert seen >= 2


def test_save_round_trip_resumes_exactly():
    """to_save → from_save gives the same game, seats and screen."""
    session = app.Session.start(GAME, [HUMAN] + bots(2), seed=11, options={
        "non_player_pair_changes_key": True})
    run_bots(session)
    session.human_move(session.state.legal_actions()[0])
    again = app.Session.from_save(session.to_save())
    assert again.to_save() == session.to_save()
    assert again.view() == session.view()
    assert json.loads(again.to_save())["summary"]["title"] == 'Take The "A" Chord'


@pytest.mark.parametrize("raw, msg_id", [
    ("", "ui.save_unreadable"),
    ("{", "ui.save_unreadable"),
    ("null", "ui.save_unreadable"),
    (json.dumps({"format": "encore-web", "version": 0}), "ui.save_old_version"),
    (json.dumps({"format": "encore-web", "version": 1, "engine": "garbage"}),
     "ui.save_refused"),
])
def test_corrupt_or_old_web_saves_are_refused_with_a_message(raw, msg_id):
    """A broken save raises SavedGameError with a catalogue message, never anything else."""
    with pytest.raises(saves.SavedGameError) as err:
        app.Session.from_save(raw)
    assert err.value.msg_id == msg_id and str(err.value)


def test_tampered_engine_save_inside_a_web_save_is_refused():
    """Changing a move inside the stored engine save is caught by the engine's checksum."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=1)
    session.human_move(session.state.legal_actions()[0])
    body = json.loads(session.to_save())
    body["engine"] = body["engine"].replace('"seed":1', '"seed":2')
    with pytest.raises(saves.SavedGameError) as err:
        app.Session.from_save(json.dumps(body))
    assert err.value.msg_id == "ui.save_refused"


def test_names_are_any_text_and_always_escaped():
    """A name with markup is shown as text, never as markup."""
    evil = '<img src=x onerror="alert(1)">'
    session = app.Session.start(GAME, [{"name": evil, "kind": "human"}] + bots(3), seed=3)
    html = render.screen_html(session.table, session.view(), session.names(), session.seats,
                              {"log_lines": tac.log_lines(session.events(), session.names())})
    assert evil not in html and "&lt;img" in html


def test_venue_table_waits_for_the_players_and_explains_the_numbers():
    """After a venue the bots wait until the table is closed; the table shows the chart."""
    session = app.Session.start(GAME, bots(4), seed=5)
    while not session.round_pending():
        session.bot_move()
    assert not session.waiting_for_bot()
    html = tac.round_modal(session.view(), session.names(), session.round_pending())
    row = session.state.venue_rows[0][0]
    assert ("%+d" % row["chart"]) in html and "× 15" in html
    session.close_round()
    assert session.waiting_for_bot()


def test_the_start_screen_offers_only_registered_games_and_marks_house_rules():
    """fill_template leaves no placeholder, offers take-a-chord and marks every house rule."""
    html = shell.fill_template((ROOT / "web" / "index.html").read_text(), {"x": 1})
    assert "{{" not in html and 'value="take-a-chord"' in html
    assert html.count('class="house"') >= 2 * 3
    assert "non_player_pair_changes_key" in html


@pytest.mark.parametrize("game_id", shell.PAGE_GAMES)
def test_the_rules_page_shows_every_house_rule_by_its_id_and_where_the_rules_are(game_id):
    """Each game's rules list its house rules with their ids, in the declaration's order, each
    option by the plain label the start screen gives it (never its code name), and end with the
    path of the game's rules document."""
    game = pygame_rules.GAMES[game_id]
    article = shell.rules().split('data-game="%s"' % game_id)[1].split("</div>")[0]
    items = re.findall(r"<li>(.*?)</li>", article.split('class="house-rules"')[1])
    assert [re.search(r'class="hr-id">([^<]+)<', li).group(1) for li in items] == \
        [h["id"] for h in game.house_rules]
    for li, house in zip(items, game.house_rules):
        label = shell.t(option_msg(game.prefix, house["option"])) if house["option"] else None
        option = re.search(r'<span class="hr-option">(.*?)</span>', li)
        assert (option is not None) == (house["option"] is not None)
        if option:
            assert "“%s”" % label in option.group(1)
        assert "<code>" not in li
    shown = re.sub(r"<[^>]+>", " ", article)
    assert not [o.name for o in game.options if o.name in shown and "_" in o.name]
    doc = re.search(r'<p class="rules-doc">(.*?)</p>', article).group(1)
    assert doc == shell.t("ui.rules_doc", path=game.rules_doc) and game.rules_doc in doc


def test_the_start_screen_is_the_main_landmark_and_the_page_has_a_description():
    """axe's landmark-one-main and region: the start screen is <main> (the dialogs are their
    own regions); search engines and link previews get the catalogue's description."""
    html = shell.fill_template((ROOT / "web" / "index.html").read_text(), {"x": 1})
    body = html.split("<body>")[1]
    assert body.lstrip().startswith('<main id="start-screen"')
    assert body.split('<div id="game-screen"')[0].rstrip().endswith("</main>")
    assert '<meta name="description" content="%s">' % shell.t("ui.meta_description") in html


@pytest.mark.parametrize("game_id", shell.PAGE_GAMES)
def test_the_start_screen_says_every_option_in_plain_words_house_rules_folded(game_id):
    """Each option shows its label and each value its words (never the raw id, save a number),
    no id with an underscore is shown, and exactly the house rules sit in the folded "House
    rules", each with its id."""
    game = pygame_rules.GAMES[game_id]
    block = shell.game_setup().split('data-game="%s"' % game_id)[1].split("</fieldset>")[0]
    shown = re.sub(r"<[^>]+>", " ", block)
    folded = block.split('<details class="house-options">')[1].split("</details>")[0]
    for option in game.options:
        assert shell.t(option_msg(game.prefix, option.name)) in shown
        assert not [i for i in (option.name,) + option.allowed if "_" in str(i) and i in shown]
        assert ('data-option="%s"' % option.name in folded) == option.house_rule
        if not isinstance(option.default, bool):
            words = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>',
                               block.split('data-option="%s"' % option.name)[1].split("</select>")[0])
            assert [w for w, _ in words] == [str(v) for v in option.allowed]
            assert all(text != value or value.isdigit() for value, text in words)
    ids = re.findall(r'class="hr-id">([^<]+)<', folded)
    assert ids == [shell.house_id(game, o) for o in game.options if o.house_rule] and all(ids)


def test_the_rules_dialog_has_a_tab_per_game_and_a_contents_per_game():
    """One tab per game, the first selected and its panel the only one shown; each panel's
    contents link to its own headings and to its house rules section."""
    tabs = re.findall(r'data-rules-tab="([^"]+)"[^>]*aria-selected="(\w+)"', shell.rules_tabs())
    assert tabs == [(g, "true" if i == 0 else "false") for i, g in enumerate(shell.PAGE_GAMES)]
    html = shell.rules()
    panels = re.findall(r'<div class="rules-game" id="rules-([^"]+)"[^>]*?( hidden)?>', html)
    assert panels == [(g, "" if i == 0 else " hidden") for i, g in enumerate(shell.PAGE_GAMES)]
    for game_id in shell.PAGE_GAMES:
        article = html.split('id="rules-%s"' % game_id)[1].split("</div>")[0]
        links = re.findall(r'<a href="#([^"]+)">', article.split("</nav>")[0])
        targets = re.findall(r'<(?:h3|section)[^>]* id="([^"]+)"', article)
        assert links and sorted(links) == sorted(targets)
        assert links[-1] == "rules-%s-house" % game_id and 'class="house-rules"' in \
            article.split('id="rules-%s-house"' % game_id)[1]


# --- the game-neutral frame: table registry, clicks, seats, saves -----------------------------
INTERFACE = ("where_text", "table_html", "hand_html", "status_text", "log_lines", "on_click",
             "final_body", "continue_line") + tuple(n for n in base.__all__ if n.islower())


def test_the_tables_come_from_the_games_declarations_in_the_tiles_order():
    """Every registered game names its table module; the start screen's tiles keep the order
    (the first is chosen) and a save of a game without a table is refused."""
    assert tables.game_ids() == shell.PAGE_GAMES == tuple(pygame_rules.GAMES) == \
        ("take-a-chord", "take-bamboo", "taktvoll", "rechord")
    tiles = shell.game_tiles()
    assert [tiles.index('value="%s"' % g) for g in shell.PAGE_GAMES] == \
        sorted(tiles.index('value="%s"' % g) for g in shell.PAGE_GAMES)
    assert 'value="take-a-chord" checked' in tiles and tiles.count(" checked") == 1
    for game_id, game in pygame_rules.GAMES.items():
        assert tables.table_for(game_id).__name__ == "tables." + game.table


def test_a_game_without_a_table_is_not_offered_and_its_save_is_refused(monkeypatch):
    """A declaration without `table` keeps the game off the page (a save of it cannot resume)."""
    import dataclasses
    session = app.Session.start(GAME, bots(4), seed=5)
    raw = session.to_save()
    bare = dataclasses.replace(pygame_rules.GAMES[GAME], table=None)
    monkeypatch.setitem(pygame_rules.GAMES, GAME, bare)
    assert GAME not in tables.game_ids() and "taktvoll" in tables.game_ids()
    with pytest.raises(saves.SavedGameError) as err:
        app.Session.from_save(raw)
    assert err.value.msg_id == "ui.save_unreadable"


@pytest.mark.parametrize("game_id", tables.game_ids())
def test_every_registered_table_offers_the_whole_interface(game_id):
    """Each table module names its game, its round word, its panels and every function."""
    table = tables.table_for(game_id)
    assert table.GAME_ID == game_id and game_id in pygame_rules.GAMES
    assert isinstance(table.ROUND, str) and table.ROUND
    assert all(callable(getattr(table, name)) for name in INTERFACE)
    assert all(callable(fn) and label.startswith("ui.") for label, fn in table.PANELS.values())


def test_the_base_supplies_the_defaults_a_table_does_not_override():
    """Taktvoll and Re-Chord have no rounds or panels: the base's defaults, shared; Take The "A"
    Chord's own venues, word and panel win; only the tables that play sounds or make moves
    for a person have their own."""
    tak, rc, take = (tables.table_for(g) for g in ("taktvoll", "rechord", "take-bamboo"))
    view = pygame_rules.new_game("taktvoll", 3, seed=1).view(0)
    for table in (tak, rc):
        assert table.rounds_scored is base.rounds_scored and table.PANELS is base.PANELS
        assert table.ROUND == "round" and table.round_modal(view, [], 1) == ""
    assert tac.ROUND == "venue" and set(tac.PANELS) == {"last"} and take.ROUND == "round"
    assert tac.rounds_scored is not base.rounds_scored
    assert tac.sounds([{"type": "play"}]) == [] and take.auto_action(view, {}) is None
    assert tac.sounds is not base.sounds and take.sounds is not base.sounds
    assert tac.local_action("play-row", {}, view) is False
    assert rc.auto_action is not base.auto_action and tak.sounds is not base.sounds
    assert tak.local_action is not base.local_action
    with pytest.raises(TypeError):
        base.PANELS["x"] = ("ui.log", None)                       # read only: shared by tables


def test_a_click_on_a_card_is_the_action_through_the_registry():
    """take-a-chord: a card's data attributes give its ("play", card) action, nothing stays
    pending."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=6)
    run_bots(session)
    table = tables.table_for(GAME)
    assert session.table is table
    view = session.view()
    _, card = view["legal"][0]
    data = {"card": str(card), "key": "card-%d" % card, "legal": "true"}
    action, pending = table.on_click(data, view, None)
    assert (action, pending) == (("play", card), None)
    assert table.on_click({"action": "confirm"}, view, {"left": 3}) == (None, None)
    assert session.human_move(action) is None and session.state.history[-1] == ("play", card)


def test_actions_from_json_become_tuples():
    """Lists (how JSON carries tuples) become the engine's tuples, nested ones too."""
    assert answers.as_action(["pass", 3, 7]) == ("pass", 3, 7)
    assert answers.as_action(["gift", ["left", 1]]) == ("gift", ("left", 1))
    assert answers.as_action(12) == 12 and answers.as_action(("accept",)) == ("accept",)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_seats_sit_clockwise_from_the_viewer_at_the_bottom(players, viewer):
    """3–8 seats: the viewer at the bottom, every other seat in a spot of its own, clockwise."""
    spots = render.seat_spots(players, viewer)
    anchor = viewer or 0
    assert sorted(spots) == list(range(players)) and spots[anchor] == "bottom"
    assert len(set(spots.values())) == players
    clockwise = ("bottom", "left-low", "left", "top-left", "top", "top-right", "right",
                 "right-low")
    order = [clockwise.index(spots[(anchor + r) % players]) for r in range(players)]
    assert order == sorted(order)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("viewer", [0, 1])
def test_seat_panels_put_yours_apart_and_the_others_clockwise_from_your_left(players, viewer):
    """The dock gets the viewer's own panel; the board gets the others in play order from the
    viewer's left (the order a phone lines them up in)."""
    spots = render.seat_spots(players, viewer)
    mine, others = render.seat_panels(spots, lambda s, spot: "[%d:%s]" % (s, spot))
    assert mine == "[%d:bottom]" % viewer
    assert others == "".join("[%d:%s]" % ((viewer + r) % players, spots[(viewer + r) % players])
                             for r in range(1, players))


def test_take_a_chord_keeps_its_seating_with_the_non_player_on_top():
    """4 players: left, top, right; 3 players: left and right, the non-player on top."""
    four = app.Session.start(GAME, [HUMAN] + bots(3), seed=1).view()
    assert tac.seat_positions(four, 1) == {1: "bottom", 2: "left", 3: "top", 0: "right"}
    three = app.Session.start(GAME, [HUMAN] + bots(2), seed=1).view()
    assert tac.seat_positions(three, 0) == {0: "bottom", 1: "left", 2: "right", 3: "top"}


def test_the_top_bar_names_the_game_from_the_engine_and_the_save_offers_to_continue():
    """The title is the engine's; the summary's line is the game's own ("venue 1")."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=2)
    html = render.screen_html(session.table, session.view(), session.names(), session.seats, {})
    assert "<h1>Take The &quot;A&quot; Chord</h1>" in html
    summary = json.loads(session.to_save())["summary"]
    assert text(summary["msg"], summary["params"]) == 'Continue: Take The "A" Chord, venue 1'
    assert summary["msg"] in ("ui.continue", "ui.continue_round")


def test_an_older_save_naming_shown_venue_still_resumes():
    """A web save written before rounds were generic keeps its closed score tables."""
    session = app.Session.start(GAME, bots(4), seed=5)
    while not session.round_pending():
        session.bot_move()
    session.close_round()
    body = json.loads(session.to_save())
    body["shown_venue"] = body.pop("shown_round")
    again = app.Session.from_save(json.dumps(body))
    assert again.shown_round == 1 and not again.round_pending()


def test_options_other_than_yes_no_are_lists_and_come_back_typed(monkeypatch):
    """A non-boolean option is a <select> of its values in words; its value comes back as the
    engine's value."""
    from pygame_rules.core import Game, Option
    deck = Option("deck", "nine", ("nine", "six"), "ui.players", house_rule=True)
    level = Option("level", 2, (1, 2, 3), "ui.players")
    game = Game(id="fake", title="Fake", min_players=3, max_players=6, options=(deck, level),
                prefix="take")
    monkeypatch.setitem(pygame_rules.GAMES, "fake", game)
    html = shell.option_html(game, deck)
    assert '<select name="opt-fake-deck" data-option="deck">' in html
    assert '<option value="nine" selected>1 to 9, two of each</option>' in html
    assert app.option_values("fake", {"deck": "six", "level": "3"}) == {"deck": "six", "level": 3}
    assert app.option_values(GAME, {"non_player_pair_changes_key": True}) == \
        {"non_player_pair_changes_key": True}


def test_a_pending_choice_shows_confirm_only_when_ready_and_can_be_cancelled():
    """The shared pending bar: the choice in words (escaped), Confirm and Cancel."""
    html = render.pending_bar("Left: <b>", ready=False)
    assert "&lt;b&gt;" in html and 'data-action="cancel"' in html
    assert 'data-action="confirm" data-key="confirm" disabled' in html
    assert " disabled" not in render.pending_bar("Left: 3", ready=True)


@pytest.mark.parametrize("game_id,event,players", [("taktvoll", "bar_scored", 3),
                                                   ("rechord", "fret_scored", 2)])
def test_what_a_move_completes_is_marked_on_the_table_it_draws(game_id, event, players):
    """A Taktvoll bar scored marks its row, a Re-Chord fret scored its column of the score pad:
    one selector per such event, naming an element of the table drawn right after it; moves that
    complete nothing mark nothing; TAKE and Take The "A" Chord mark nothing (their tricks move)."""
    import random
    table = tables.table_for(game_id)
    state = pygame_rules.new_game(game_id, players, seed=5)
    rng = random.Random(5)
    marked = 0
    while not state.is_over and marked < 2:
        before = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        new = state.events_for(0)[before:]
        marks = table.marks(new)
        done = [e for e in new if e["type"] == event]
        assert len(marks) == len(done)
        if done:
            view = state.view(0)
            seats = [{"kind": "human"}] * 3
            html = "".join(table.table_html(view, ["A", "B", "C"], seats, {}))
            if game_id == "taktvoll":
                assert marks == ['.tak-row[data-row="%d"]' % e["row"] for e in done]
                assert all('class="tak-row' in html and 'data-row="%d"' % e["row"] in html
                           for e in done)
            else:
                column = int(re.search(r"nth-child\((\d+)\)", marks[0]).group(1))
                pad = re.search(r'<section class="rc-pad".*?</section>', html, re.S).group(0)
                first_row = re.search(r"<tbody><tr.*?</tr>", pad, re.S).group(0)
                cells = re.findall(r"<t[hd][ >]", first_row)
                assert column == done[0]["fret"] + 1 and len(cells) >= column
            marked += 1
    assert marked >= 1
    assert tac.marks is base.marks and tables.table_for("take-bamboo").marks is base.marks


@pytest.mark.parametrize("game_id,players", [("taktvoll", 3), ("rechord", 2)])
def test_what_a_move_puts_on_the_table_is_drawn_where_its_arrival_points(game_id, players):
    """Every card played (Taktvoll) or pick placed, moved or swapped (Re-Chord) names one
    arrival (static/motion.js travels it): its target is drawn in the table right after the
    move, its sources end with the owner's seat where it has one; TAKE and Take The "A" Chord
    name none (their trick slots travel)."""
    import random
    table = tables.table_for(game_id)
    state = pygame_rules.new_game(game_id, players, seed=7)
    rng = random.Random(7)
    seen = 0
    for _ in range(120):
        if state.is_over:
            break
        before = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        new = state.events_for(0)[before:]
        arrivals = table.arrivals(new)
        if game_id == "taktvoll":
            played = [e for e in new if e["type"] == "play"]
        else:
            played = [e for e in new if e["type"] in ("place", "move")] + \
                [e for e in new if e["type"] == "swap"] * 2
        assert len(arrivals) == len(played)
        if not arrivals:
            continue
        html = "".join(table.table_html(state.view(0), ["A", "B", "C"],
                                        [{"kind": "human"}] * 3, {}))
        for target, sources in arrivals:
            if game_id == "taktvoll":
                row, card = map(int, re.findall(r'"(\d+)"', target))
                svg = re.search(r'<svg[^>]*data-row="%d">.*?</svg>' % row, html, re.S).group(0)
                assert 'data-placed="%d"' % card in svg
                assert sources[-1].startswith(".seat[data-seat=")
            else:
                space = int(re.search(r'data-space="(\d+)"', target).group(1))
                assert re.search(r'data-space="%d"[^>]*>(<title>[^<]*</title>)?(<rect[^>]*>)?'
                                 r'<g class="pick' % space, html)
            seen += 1
    assert seen >= 5
    assert tac.arrivals is base.arrivals
    assert tables.table_for("take-bamboo").arrivals is base.arrivals


def test_a_person_takes_back_a_card_in_the_bots_pause_but_not_after_a_bot_played():
    """Undo in the bots' pause: the state is the one before the card (exactly); once a bot has
    played, the engine's reason comes back and nothing changes."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=21)
    run_bots(session)
    before = session.state.to_json()
    assert session.undo_refusal() is not None                  # nothing of the person's yet
    session.human_move(session.state.legal_actions()[0])
    assert session.waiting_for_bot() and session.undo_refusal() is None
    assert session.undo() is None and session.state.to_json() == before
    session.human_move(session.state.legal_actions()[0])
    session.bot_move()
    after = session.state.to_json()
    refusal = session.undo()
    assert refusal is not None and refusal[0] in ("undo.not_last", "undo.revealed")
    assert session.state.to_json() == after


def test_undo_never_crosses_to_another_persons_turn():
    """Two people at one screen: behind the next person's curtain there is nothing to undo."""
    session = app.Session.start(GAME, [HUMAN, {"name": "Leo", "kind": "human"}] + bots(2),
                                seed=9)
    for _ in range(40):
        run_bots(session)
        if session.curtain_for() is not None:
            before = session.state.to_json()
            if session.state.history:
                assert session.undo() is not None and session.state.to_json() == before
            session.reveal()
        session.human_move(session.state.legal_actions()[0])


LEO = {"name": "Leo", "kind": "human"}


def hot_seat_ends(game_id, seed):
    """Play a hot seat (Mia and Leo, then two random bots) to its end, the people taking the
    first legal move; at each round's score table and at the end, check that no hand is on
    screen. Returns (seat to act, the person who held the screen) at each score table."""
    session = app.Session.start(game_id, [HUMAN, LEO] + bots(2, "random"), seed=seed)
    ends = []
    while not session.state.is_over:
        if session.round_pending():
            ends.append((session.state.current_player, session.revealed))
            assert session.viewer() is None and session.curtain_for() is None
            assert session.view()["seat"] is None
            assert session.hint_seat() is None and session.undo_seat() is None
            session.close_round()
            if session.current_is_human():     # the next hand only after its curtain
                assert session.curtain_for() == session.state.current_player
                assert session.viewer() is None
        elif session.curtain_for() is not None:
            assert session.viewer() is None
            session.reveal()
            assert session.viewer() == session.state.current_player
        elif session.waiting_for_bot():
            session.bot_move()
        else:
            assert session.viewer() == session.state.current_player == session.revealed
            assert session.human_move(session.state.legal_actions()[0]) is None
    assert session.viewer() is None and session.curtain_for() is None
    assert session.view()["seat"] is None
    return ends


@pytest.mark.parametrize("game_id,seed,tables", [("take-a-chord", 1, 3), ("take-bamboo", 2, 2),
                                                 ("taktvoll", 1, 0), ("rechord", 1, 0)])
def test_a_hot_seat_shows_no_hand_under_a_score_table_nor_at_the_end(game_id, seed, tables):
    """Two people: while a round's (a venue's) scores are up nobody's hand is on screen, and
    after them the next person's curtain comes first; at the end, nobody's hand. Taktvoll and
    Re-Chord have no rounds between which to stop: only their end."""
    ends = hot_seat_ends(game_id, seed)
    assert len(ends) == tables
    if tables:                  # a person to act next when the table was up (else it shows
        assert any(cur in (0, 1) for cur, _ in ends)   # nothing to leak)


@pytest.mark.parametrize("game_id,seed", [("take-a-chord", 1), ("take-bamboo", 2)])
def test_after_a_score_table_the_same_person_passes_the_curtain_again(game_id, seed):
    """Whoever held the screen before the score table, the screen has gone round the table
    since: even that same person's new hand comes after their curtain."""
    assert any(cur == held and cur in (0, 1) for cur, held in hot_seat_ends(game_id, seed))


def test_undoing_a_rounds_end_in_practice_shows_its_table_again():
    """Practice: taking back into a scored round forgets that its table was closed, so when
    the round ends again its scores are shown again (and no hand under them)."""
    session = app.Session.start("take-bamboo", [HUMAN, LEO] + bots(2, "random"), seed=1,
                                practice=True)
    while not session.shown_round:
        if not table_step(session):
            session.human_move(session.state.legal_actions()[0])
    while table_step(session):          # the next person takes the screen
        pass
    assert session.undo() is None and session.rounds_scored() == 0
    assert session.shown_round == 0
    while not session.round_pending():
        if not table_step(session):
            session.human_move(session.state.legal_actions()[0])
    assert session.viewer() is None


@pytest.mark.parametrize("game_id,players", [("take-a-chord", 4), ("take-bamboo", 4),
                                             ("taktvoll", 3), ("rechord", 1)])
def test_the_log_told_so_far_is_the_log_told_anew(game_id, players):
    """The table's log, whose earlier lines are kept between moves, is at every move of a game
    what telling the viewer's whole event log anew gives, also after an undo (practice), in
    Japanese, and with the names changed."""
    from pygame_rules import messages
    session = app.Session.start(game_id, [HUMAN] + bots(players - 1), seed=5, practice=True)
    names, moves, checked = session.names(), 0, 0
    try:
        while not session.state.is_over and moves < 400:
            if moves == 60:
                messages.set_language("ja")
            if moves == 90:
                names = ["Ann"] + list(names)[1:]
            if not table_step(session):
                session.human_move(session.state.legal_actions()[-1])
            moves += 1
            if moves % 25 == 0 and session.undo() is None:
                checked += 1
            told = session.log_lines(names)
            assert told == session.table.log_lines(session.events(), names), moves
            assert session.log_lines(names) == told          # asked again: the same
    finally:
        messages.set_language("en")
    assert checked >= 2 and len(told) > 40
