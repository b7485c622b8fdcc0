"""The page's controller and drawing, run in CPython: seats, hot seat, saves, escaping."""

import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import render  # noqa: E402
import shell  # noqa: E402
from pygame_rules.games.take_a_chord.cards import card_name  # noqa: E402

GAME = "take-a-chord"
HUMAN = {"name": "Mia", "kind": "human"}


def bots(n):
    """n bot seats."""
    return [{"name": "Bot %d" % i, "kind": "bot", "bot": "heuristic"} for i in range(n)]


def run_bots(session):
    """Let bots play (closing venue tables) until a person must act or the game ends."""
    while not session.state.is_over:
        if session.venue_pending():
            session.close_venue()
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
    illegal = [c for c in range(35) if c not in legal]
    err = session.human_move(illegal[0])
    assert err is not None and err.message
    assert session.to_save() == before
    assert session.human_move(legal[0]) is None
    if session.waiting_for_bot():
        err = session.human_move(hand[-1])
        assert err.msg_id == "error.not_your_turn"


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
            html = render.table_html(view, session.names(), session.seats,
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
    with pytest.raises(app.SavedGameError) as err:
        app.Session.from_save(raw)
    assert err.value.msg_id == msg_id and str(err.value)


def test_tampered_engine_save_inside_a_web_save_is_refused():
    """Changing a move inside the stored engine save is caught by the engine's checksum."""
    session = app.Session.start(GAME, [HUMAN] + bots(3), seed=1)
    session.human_move(session.state.legal_actions()[0])
    body = json.loads(session.to_save())
    body["engine"] = body["engine"].replace('"seed":1', '"seed":2')
    with pytest.raises(app.SavedGameError) as err:
        app.Session.from_save(json.dumps(body))
    assert err.value.msg_id == "ui.save_refused"


def test_names_are_any_text_and_always_escaped():
    """A name with markup is shown as text, never as markup."""
    evil = '<img src=x onerror="alert(1)">'
    session = app.Session.start(GAME, [{"name": evil, "kind": "human"}] + bots(3), seed=3)
    html = render.table_html(session.view(), session.names(), session.seats,
                             {"log_lines": render.log_lines(session.events(), session.names())})
    assert evil not in html and "&lt;img" in html


def test_venue_table_waits_for_the_players_and_explains_the_numbers():
    """After a venue the bots wait until the table is closed; the table shows the chart."""
    session = app.Session.start(GAME, bots(4), seed=5)
    while not session.venue_pending():
        session.bot_move()
    assert not session.waiting_for_bot()
    html = render.venue_modal(session.view(), session.names(), session.venue_pending())
    row = session.state.venue_rows[0][0]
    assert ("%+d" % row["chart"]) in html and "× 15" in html
    session.close_venue()
    assert session.waiting_for_bot()


def test_the_start_screen_offers_only_registered_games_and_marks_house_rules():
    """fill_template leaves no placeholder, offers take-a-chord and marks every house rule."""
    html = shell.fill_template((ROOT / "web" / "index.html").read_text(), {"x": 1})
    assert "{{" not in html and 'value="take-a-chord"' in html
    assert html.count('class="house"') >= 2 * 3
    assert "non_player_pair_changes_key" in html
