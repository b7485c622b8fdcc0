"""Seats on other devices in the page's session (issue 23): the host plays their moves only as
the room and the engine allow, never takes them for its own person or a bot, and saves them."""

import json
import pathlib
import random
import sys

import pytest

import pygame_rules
from session_helpers import table_step

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import saves  # noqa: E402
import net  # noqa: E402
from invite import token  # noqa: E402

ROOM = token(bytes(range(6)))
SECRETS = {1: token(bytes([1]) * 16), 2: token(bytes([2]) * 16)}
SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "remote"},
         {"name": "Cy", "kind": "remote"}, {"name": "Bot", "kind": "bot", "bot": "heuristic"}]


def host(game="take-a-chord", seats=SEATS, seed="net-1"):
    """A host session with its room open."""
    session = app.Session.start(game, [dict(s) for s in seats], seed)
    session.open_room(ROOM, {s: SECRETS[s] for s in session.remotes})
    return session


def act(session, action):
    """A decoded act message for the current position."""
    return net.decode_guest(net.encode({"t": "act", "seq": len(session.state.history),
                                        "action": list(action)}))


def until_remote(session):
    """Let the table play (the local person picks the first legal move) until a remote seat
    must move; its seat, or None at the end."""
    while not session.state.is_over:
        seat = session.waiting_for_remote()
        if seat is not None:
            return seat
        if not table_step(session):
            assert session.human_move(session.state.legal_actions()[0]) is None
    return None


def test_clean_seat_keeps_remote_and_turns_unknown_kinds_into_bots():
    """"remote" is a seat kind of its own; anything else unknown is still a bot."""
    assert saves.clean_seat({"name": "B", "kind": "remote"}, 1)["kind"] == "remote"
    assert saves.clean_seat({"name": "B", "kind": "hacker"}, 1)["kind"] == "bot"


def test_a_seat_name_from_outside_shows_no_control_or_bidi_character():
    """A name from a save, a link or a guest keeps its letters, emoji joiners included, and
    shows a right-to-left override or a NUL as an escape (issue 46, item 2)."""
    assert saves.clean_seat({"name": "\u202eAda\x00"}, 0)["name"] == "\\u202eAda\\u0000"
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467 Ellaマリ"
    assert saves.clean_seat({"name": family}, 0)["name"] == family


def test_a_remote_turn_is_neither_the_local_persons_nor_a_bots():
    """At a remote seat's turn the host waits: no curtain, no auto move, no hint, no bot, and
    the local person cannot play for that seat."""
    session = host()
    seat = until_remote(session)
    assert seat in (1, 2) and session.kind_of(seat) == "remote"
    assert not session.current_is_human() and not session.waiting_for_bot()
    assert session.curtain_for() is None and session.hint_seat() is None
    assert session.auto_move({}) is None and session.viewer() == 0
    before = session.state.to_json()
    err = session.human_move(session.state.legal_actions()[0])
    assert err.msg_id == "error.not_your_turn" and session.state.to_json() == before


def test_remote_moves_are_played_only_for_their_own_seat_at_this_position():
    """A move from the right device at the right position is played; the wrong device, a
    stale seq or an illegal action is refused with a reason and changes nothing."""
    session = host()
    seat = until_remote(session)
    other = 3 - seat
    legal = session.state.legal_actions()
    before = session.state.to_json()
    assert session.remote_move(other, act(session, legal[0]))["msg_id"] == "error.not_your_turn"
    stale = act(session, legal[0])
    stale["seq"] -= 1
    assert session.remote_move(seat, stale)["msg_id"] == "net.out_of_step"
    assert session.remote_move(seat, act(session, ["nonsense"]))["t"] == "refused"
    assert session.state.to_json() == before
    moves = len(session.state.history)
    assert session.remote_move(seat, act(session, legal[0])) is None
    assert len(session.state.history) == moves + 1


def test_a_host_save_keeps_the_room_and_a_save_without_it_is_refused():
    """The room (secrets, what each device was sent) is saved and resumed; a save whose
    remote seats have no room, or a broken one, is refused with a message."""
    session = host()
    until_remote(session)
    session.room.update_for(session.state, 1)
    again = app.Session.from_save(session.to_save())
    assert again.room.to_json() == session.room.to_json() and again.remotes == [1, 2]
    body = json.loads(session.to_save())
    for bad in (None, "{}", json.dumps({"room": ROOM, "seats": [[1, SECRETS[1], 0, None]]})):
        body["net"] = bad
        with pytest.raises(saves.SavedGameError) as err:
            app.Session.from_save(json.dumps(body))
        assert err.value.msg_id == "ui.save_unreadable"
    plain = app.Session.start("take-a-chord", [{"name": "A", "kind": "human"}] * 3, "x")
    assert json.loads(plain.to_save())["net"] is None
    assert app.Session.from_save(plain.to_save()).room is None


def test_a_link_of_a_game_with_remote_seats_seats_people_there():
    """A share link of the host's game names the remote seats as people (it is opened on
    one screen)."""
    from pygame_rules.share import from_share, to_share
    session = host()
    until_remote(session)
    state, seats = from_share(to_share(session.state, session.seats))
    assert [s["kind"] for s in seats] == ["human", "human", "human", "bot"]
    assert state.history == session.state.history


@pytest.mark.parametrize("game, players", [("take-a-chord", 4), ("take-bamboo", 4),
                                           ("taktvoll", 3), ("rechord", 3)])
def test_whole_games_with_guests_on_other_devices(game, players):
    """Each title to its end with a local person, guests that choose from their mirror's
    legal moves (messages as text only) and a bot; the guests' mirrors end equal to the
    host's views of their seats."""
    seats = (SEATS * 2)[:players] if players > 3 else SEATS[:3]
    session = host(game, seats, seed="whole-" + game)
    mirrors = {}
    for seat in session.remotes:
        welcome = session.room.welcome(session.state, seat, session.names())
        mirrors[seat] = net.SeatMirror(net.decode_host(net.encode(welcome)))
    rng, sent = random.Random(game), 0
    for _ in range(5000):
        seat = until_remote(session)
        for s, mirror in mirrors.items():
            mirror.receive(net.decode_host(net.encode(session.room.update_for(session.state, s))))
        if seat is None:
            break
        action = rng.choice(mirrors[seat].legal_actions())
        text = net.encode(mirrors[seat].act(action))
        assert session.remote_move(seat, net.decode_guest(text)) is None
        sent += 1
    assert session.state.is_over and sent >= 10
    for s, mirror in mirrors.items():
        assert mirror.view(s) == session.state.view(s)
        assert mirror.events_for(s) == session.state.events_for(s)
