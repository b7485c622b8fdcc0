"""The page's side of play from other devices (issue 23), without a browser: the host answers
its guests' texts (web/devices.py host_receive, host_updates) and each guest's table is a
GuestSession over its mirror. Whole games of all four titles run over text only."""

import json
import pathlib
import random
import sys

import pytest

import pygame_rules
from pygame_rules.core import UNSAFE
from pygame_rules.messages import text

from session_helpers import table_step

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import devices  # noqa: E402
import net  # noqa: E402
from invite import token  # noqa: E402

ROOM = token(bytes(range(6)))


def secret(seat):
    """A seat's secret, as the page makes them (16 random bytes; fixed here)."""
    return token(bytes([seat + 1]) * 16)


def host(game, kinds, seed="dev-1"):
    """A host session (seat kinds like "hrb": human, remote, bot) with its room and links."""
    seats = [{"name": "P%d" % i, "kind": {"h": "human", "r": "remote", "b": "bot"}[k],
              "bot": "heuristic"} for i, k in enumerate(kinds)]
    session = app.Session.start(game, seats, seed)
    session.open_room(ROOM, {s: secret(s) for s in session.remotes})
    return session, devices.Devices(session.remotes)


def join(session, links, seat, guest=None):
    """A guest at `seat` says hello (a new one, or `guest` again after a drop); its table."""
    hello = net.hello(ROOM, seat, secret(seat), guest.state.events if guest else ())
    out, moved = devices.host_receive(session, links, seat, net.encode(hello))
    assert not moved and [m["t"] for m in out] == ["welcome", "update"]
    texts = [net.encode(m) for m in out]
    if guest is None:
        guest = devices.GuestSession.join(texts[0], secret(seat))
    else:
        assert guest.receive(texts[0]) is None
    assert guest.receive(texts[1]) is None
    return guest


def deliver(session, links, guests):
    """Send each joined guest its update (as text); the texts sent, by seat."""
    sent = {}
    for seat, msg in devices.host_updates(session, links).items():
        sent[seat] = net.encode(msg)
        assert msg["view"]["seat"] == seat and msg["view"] == session.state.view(seat)
        assert guests[seat].receive(sent[seat]) is None
    return sent


def local_step(session):
    """The host's own people and bots play on; False when a guest must move or it is over."""
    if session.state.is_over or session.waiting_for_remote() is not None:
        return False
    if not table_step(session):
        assert session.human_move(session.state.legal_actions()[0]) is None
    return True


def play_to_end(session, links, guests, rng, limit=20000, until=None):
    """The host's side plays on; each guest at its turn closes its round tables and sends a
    move (the table's automatic claim, else a random one of its view's), which the host plays;
    until the end (or until `until()`, checked after each delivery). Returns how many moves
    the guests sent."""
    moves = 0
    for _ in range(limit):
        while local_step(session) and not (until and until()):
            pass
        deliver(session, links, guests)
        seat = session.waiting_for_remote()
        if seat is None or until and until():
            return moves
        guest = guests[seat]
        while guest.round_pending():
            guest.close_round()
        if guest.auto_move({"always_claim": True}) is None:
            assert guest.human_move(rng.choice(guest.view()["legal"])) is None
        assert guest.view()["legal"] == []                  # in flight: nothing to choose
        for raw in guest.take_outbox():
            out, moved = devices.host_receive(session, links, seat, raw)
            assert out == [] and moved
            moves += 1
    raise AssertionError("the game did not end in %d steps" % limit)


@pytest.mark.parametrize("game, kinds", [("take-a-chord", "hrrb"), ("take-bamboo", "rrrrrr"),
                                         ("taktvoll", "brrh"), ("rechord", "rr"),
                                         ("rechord", "r")])
def test_whole_games_with_guest_tables_over_text(game, kinds):
    """Each title to its end: guests pick from their own table's moves (its view's legal
    moves, with the table's automatic claims), send them as text, and end with the host's
    view and log of their seat; no guest is ever sent another seat's view."""
    session, links = host(game, kinds, seed="dev-" + game)
    guests = {s: join(session, links, s) for s in session.remotes}
    moves = play_to_end(session, links, guests, random.Random(game + kinds))
    assert session.state.is_over and moves >= 10
    for seat, guest in guests.items():
        assert guest.view() == session.state.view(seat)
        assert guest.events() == session.state.events_for(seat)
        assert guest.state.is_over and guest.view()["legal"] == []


def test_an_update_reaches_only_the_guests_whose_seat_changed_and_holds_only_their_view():
    """After a move each joined guest gets one update with its own seat's view; nothing is
    sent again when nothing changed, and a guest that is away is sent nothing."""
    session, links = host("take-bamboo", "rrrb", seed="dev-upd")
    guests = {s: join(session, links, s) for s in (0, 1)}
    assert devices.host_updates(session, links) == {}
    seat = session.waiting_for_remote()
    while seat not in guests:
        local_step(session) or guests.setdefault(seat, join(session, links, seat))
        seat = session.waiting_for_remote()
    guest = guests[seat]
    guest.human_move(guest.view()["legal"][0])
    devices.host_receive(session, links, seat, guest.take_outbox()[0])
    links.set(2, "away")
    sent = deliver(session, links, guests)
    assert set(sent) == set(links.joined()) and 2 not in sent
    for s, raw in sent.items():
        assert json.loads(raw)["view"]["seat"] == s
    assert devices.host_updates(session, links) == {}


def test_a_guest_that_drops_catches_up_from_its_own_log_on_a_new_connection():
    """A guest away for some moves says hello with the log it holds: the host sends only
    what it missed, and the guest's table is the host's again."""
    session, links = host("take-a-chord", "rrrr", seed="dev-drop")
    guests = {s: join(session, links, s) for s in session.remotes}
    links.set(1, "away")
    rng = random.Random(3)
    for _ in range(12):
        seat = session.waiting_for_remote()
        action = rng.choice(session.state.legal_actions())
        out, moved = devices.host_receive(session, links, seat, net.encode(
            {"t": "act", "seq": len(session.state.history), "action": list(action)})) \
            if seat != 1 else ([], session.remote_move(1, net.decode_guest(net.encode(
                {"t": "act", "seq": len(session.state.history), "action": list(action)}))) is None)
        assert moved, out
        deliver(session, links, {s: g for s, g in guests.items() if s != 1})
    held = len(guests[1].events())
    hello = net.hello(ROOM, 1, secret(1), guests[1].state.events)
    out, _ = devices.host_receive(session, links, 1, net.encode(hello))
    assert out[1]["from"] == held and "reset" not in out[1]
    join(session, links, 1, guests[1])
    assert guests[1].view() == session.state.view(1)
    assert guests[1].events() == session.state.events_for(1)


def test_forged_stale_and_early_messages_change_nothing():
    """A guest that has not said hello, a wrong secret, bad JSON, a huge text, a stale move and
    a move for another seat are refused with a reason; the game is unchanged."""
    session, links = host("take-a-chord", "rrrb", seed="dev-forge")
    before = session.state.to_json()
    act = net.encode({"t": "act", "seq": 0, "action": list(session.state.legal_actions()[0])})
    cur = session.state.current_player
    out, moved = devices.host_receive(session, links, cur, act)
    assert not moved and out[0]["msg_id"] == "net.wrong_secret"
    wrong = net.hello(ROOM, cur, secret(cur + 1))
    out, _ = devices.host_receive(session, links, cur, net.encode(wrong))
    assert out[0]["msg_id"] == "net.wrong_secret" and links.state[cur] == "making"
    for raw in ("{", "x" * 9000, json.dumps({"t": "act"}), "[]"):
        out, moved = devices.host_receive(session, links, cur, raw)
        assert not moved and out[0]["msg_id"] == "net.bad_message"
    guests = {s: join(session, links, s) for s in session.remotes}
    other = next(s for s in session.remotes if s != cur)
    out, moved = devices.host_receive(session, links, other, act)
    assert not moved and out[0]["msg_id"] == "error.not_your_turn"
    stale = act.replace('"seq":0', '"seq":5')
    out, moved = devices.host_receive(session, links, cur, stale)
    assert not moved and out[0]["msg_id"] == "net.out_of_step"
    assert session.state.to_json() == before
    refused = net.encode(out[0])
    guests[cur].sent = 5
    assert guests[cur].receive(refused) == ("net.out_of_step", {"seq": 5, "expected": 0})
    assert guests[cur].sent is None


def test_a_guest_sends_moves_at_its_turn_one_at_a_time():
    """A guest's table refuses a move out of turn (naming whose turn it is, as the host's screen
    does), a second while the first is in flight, and what is not an action at all; the outbox
    holds the one move sent."""
    session, links = host("take-bamboo", "rrr", seed="dev-guest")
    guests = {s: join(session, links, s) for s in session.remotes}
    cur = session.state.current_player
    idle = guests[(cur + 1) % 3]
    refused = idle.human_move(session.state.legal_actions()[0])
    assert (refused.msg_id, refused.params) == ("error.not_your_turn", {"name": "P%d" % cur})
    guest = guests[cur]
    assert guest.human_move("nonsense").msg_id == "error.bad_action"
    assert guest.human_move(("x" * 100,)).msg_id == "error.bad_action"    # not sendable
    first = guest.view()["legal"][0]
    assert guest.human_move(first) is None
    assert guest.human_move(first).msg_id == "ui.net.sent"
    out = guest.take_outbox()
    assert [json.loads(t) for t in out] == [{"t": "act", "seq": 0, "action": list(first)}]
    assert guest.take_outbox() == []


@pytest.mark.parametrize("game, kinds", [("take-a-chord", "rrrr"), ("take-bamboo", "rrr")])
def test_a_guests_illegal_move_comes_back_with_the_hosts_own_reason(game, kinds):
    """A move the rules refuse (a card of its hand that does not follow, a pass of one card
    twice) is sent all the same: the host's engine refuses it with the reason a person at the
    host's screen gets for the same move, nothing changes, and the guest may move again."""
    session, links = host(game, kinds, seed="dev-why")
    guests = {s: join(session, links, s) for s in session.remotes}
    if game == "take-a-chord":                     # a trick is led: the next seat must follow
        session.state.apply(session.state.legal_actions()[0])
        deliver(session, links, guests)
    cur = session.state.current_player
    legal = set(session.state.legal_actions())
    hand = session.state.view(cur)["hand"]
    illegal = next(m for m in [("play", c) for c in hand] + [("pass", c, c) for c in hand]
                   if m not in legal and m[0] == min(legal)[0])
    seats = [{"name": "P%d" % i, "kind": "human" if i == cur else "bot"}
             for i in range(len(kinds))]
    at_host = app.Session(pygame_rules.load_state(session.state.to_json()), seats)
    expected = at_host.human_move(illegal)
    assert isinstance(expected, pygame_rules.IllegalAction)          # the rule's reason
    before = session.state.to_json()
    guest = guests[cur]
    assert guest.human_move(illegal) is None                      # sent: the host judges
    [raw] = guest.take_outbox()
    out, moved = devices.host_receive(session, links, cur, raw)
    assert not moved and session.state.to_json() == before
    assert guest.receive(net.encode(out[0])) == (expected.msg_id, expected.params)
    assert net.reason_text(expected.msg_id, expected.params) == expected.message
    assert guest.sent is None and guest.view()["legal"]          # it may move again


def test_a_refusal_this_page_cannot_render_is_said_plainly():
    """A refusal with an unknown id or missing parameters (another version, or crafted) is shown
    as a plain refusal, never a Python error."""
    plain = text("ui.net.refused_unreadable", {"id": "error.no_such_thing"})
    assert plain.endswith("(error.no_such_thing).")
    assert net.reason_text("error.no_such_thing", {}) == plain
    assert net.reason_text("error.not_your_turn", {}) == \
        text("ui.net.refused_unreadable", {"id": "error.not_your_turn"})
    assert net.reason_text("error.not_your_turn", {"name": "Ann"}) == "It is Ann's turn now."


def test_a_hosts_refusal_shows_no_control_or_bidi_character():
    """A host's refusal quoting text with a right-to-left override or a NUL, or with an id
    this page does not know, is worded safely, never raw and never an error (issue 46,
    item 3); through the guest's session too."""
    said = net.reason_text("error.not_your_turn", {"name": "\u202eAnn\x00"})
    assert said == "It is \\u202eAnn\\u0000's turn now." and not UNSAFE.search(said)
    odd = net.reason_text("error.\u202ex", {})
    assert "\\u202e" in odd and not UNSAFE.search(odd)
    session, links = host("take-a-chord", "hrb", seed="dev-odd")
    guest = join(session, links, 1)
    crafted = net.encode(net.refusal(None, "error.zz_not_in_the_catalogue", {"x": "\u202e"}))
    refused = guest.receive(crafted)
    assert refused == ("error.zz_not_in_the_catalogue", {"x": "\u202e"})
    assert net.reason_text(*refused).endswith("(error.zz_not_in_the_catalogue).")


def test_a_seat_handed_to_a_bot_plays_on_and_the_save_agrees():
    """The host hands an away seat to the steady bot: the room forgets it, the bot plays its
    turns, and the save resumes with the seat as a bot (no room left once none is remote)."""
    session, links = host("take-a-chord", "hrbb", seed="dev-bot")
    assert session.hand_to_bot(1) and not session.hand_to_bot(1) and not session.hand_to_bot(0)
    links.forget(1)
    assert session.room is None and session.seats[1]["kind"] == "bot"
    assert session.seats[1]["bot"] == session.steady and links.state == {}
    for _ in range(200):
        if not local_step(session):
            break
    assert session.waiting_for_remote() is None and len(session.state.history) > 10
    again = app.Session.from_save(session.to_save())
    assert again.room is None and again.seats[1]["kind"] == "bot"
    two, _ = host("take-a-chord", "rrbb", seed="dev-bot2")
    assert two.hand_to_bot(0) and two.room is not None and list(two.room.secrets) == [1]
    assert app.Session.from_save(two.to_save()).remotes == [1]


def test_peer_ids_name_remote_seats_only():
    """The host's connection ids are seat-N; nothing else names a seat."""
    assert [devices.seat_of(devices.peer_of(s)) for s in range(8)] == list(range(8))
    for bad in ("host", "seat-", "seat-x", "seat-10", "seats-1", "seat-1-2", "seat-²", "seat-8"):
        assert devices.seat_of(bad) is None


def test_waiting_status_names_the_guest_and_whether_its_device_is_there():
    """The host's status line at a guest's turn: waiting for it, or that its device is away."""
    session, links = host("take-bamboo", "rrr", seed="dev-status")
    cur = session.state.current_player
    assert devices.waiting_status(session, links) == ("ui.net.status_away", {"name": "P%d" % cur})
    join(session, links, cur)
    assert devices.waiting_status(session, links) == ("ui.net.status_waiting",
                                                      {"name": "P%d" % cur})


def test_with_a_seat_on_another_device_practice_takes_back_only_this_screens_last_move():
    """Practice lets a person take back any move, but not a guest's: right after a guest's
    move the host's person may not take it back (the same table with a bot there may), and
    their own last move they may."""
    session, links = host("take-bamboo", "hrb", seed="dev-undo")
    session.practice = True
    guest = join(session, links, 1)
    rng, after_guest = random.Random(4), None
    for _ in range(400):
        if session.state.is_over:
            break
        if not local_step(session):
            guest.human_move(rng.choice(guest.view()["legal"]))
            devices.host_receive(session, links, 1, guest.take_outbox()[0])
            if session.state.current_player == 0 and after_guest is None:
                after_guest = session.state.to_json()
        deliver(session, links, {1: guest})
    assert after_guest is not None
    here = app.Session(pygame_rules.load_state(after_guest), session.seats, practice=True,
                       room=session.room)
    assert not here.free_undo() and here.undo_refusal() is not None
    before = here.state.to_json()
    assert here.undo() is not None and here.state.to_json() == before
    seats = [dict(s, kind="bot", bot="heuristic") if i == 1 else s
             for i, s in enumerate(session.seats)]
    alone = app.Session(pygame_rules.load_state(after_guest), seats, practice=True)
    assert alone.free_undo() and alone.undo_refusal() is None


def test_play_again_keeps_the_room_and_the_guests_play_the_new_game():
    """After the end, the host plays again with the same devices: the new game keeps the room,
    each guest's next update starts its log anew, and the guest's table is the new game's,
    round tables included (Take The "A" Chord's venues)."""
    session, links = host("take-a-chord", "hrrb", seed="dev-again")
    guests = {s: join(session, links, s) for s in session.remotes}
    play_to_end(session, links, guests, random.Random(8))
    assert session.state.is_over and all(g.shown_round > 0 for g in guests.values())
    again = session.again(99)
    again.room = net.HostRoom(session.room.room, session.room.secrets)
    for seat in links.sent:
        links.sent[seat] = None
    sent = deliver(again, links, guests)
    assert set(sent) == {1, 2} and all(json.loads(t).get("reset") for t in sent.values())
    for seat, guest in guests.items():
        assert guest.view() == again.state.view(seat) and not guest.state.is_over
        assert guest.events() == again.state.events_for(seat)
        assert guest.shown_round == 0 and not guest.round_pending()


def test_a_guest_sees_only_the_score_tables_of_rounds_that_ended_while_it_was_at_the_table():
    """A venue scored while a guest is at the table shows its score table there, and still
    does after a reload that kept it open; a guest that joins after it, or whose kept table
    was closed before it left, sees no table from before: only the next venue's."""
    session, links = host("take-a-chord", "hrrb", seed="dev-venues")
    guests = {s: join(session, links, s) for s in session.remotes}
    rng = random.Random(5)
    play_to_end(session, links, guests, rng, until=lambda: session.rounds_scored() == 1)
    assert guests[1].round_pending() == 1 and guests[2].round_pending() == 1
    reloaded = devices.GuestSession.from_kept(guests[1].keep())   # a reload, its table open
    assert reloaded.round_pending() == 1
    guests[1] = join(session, links, 1, reloaded)
    assert guests[1].round_pending() == 1                       # it had not read it yet
    guests[2] = join(session, links, 2)                         # a new device at seat 2
    assert guests[2].shown_round == 1 and not guests[2].round_pending()
    guests[1].close_round()
    kept = guests[1].keep()                                     # what it held when it left
    play_to_end(session, links, guests, rng, until=lambda: session.rounds_scored() == 2)
    back = join(session, links, 1, devices.GuestSession.from_kept(kept))
    assert back.rounds_scored() == 2 and back.shown_round == 2 and not back.round_pending()
    assert guests[2].round_pending() == 2                       # at the table meanwhile


def test_a_guests_kept_seat_comes_back_whole_and_anything_altered_is_refused_by_name():
    """What a guest's tab keeps (keep) gives back the same table (view, log, tables closed,
    broker), holds only its own seat's view; each field altered or missing is refused with
    its name, never half taken."""
    session, links = host("take-bamboo", "rrb", seed="dev-kept")
    guests = {s: join(session, links, s) for s in session.remotes}
    play_to_end(session, links, guests, random.Random(6),
                until=lambda: len(session.state.history) >= 12)
    guest = guests[1]
    guest.broker = "ws://127.0.0.1:9/peerjs"
    kept = guest.keep()
    again = devices.GuestSession.from_kept(kept)
    assert (again.view(), again.events(), again.shown_round, again.broker, again.secret) == \
        (guest.view(), guest.events(), guest.shown_round, guest.broker, secret(1))
    assert json.loads(kept)["update"]["view"] == session.state.view(1)
    assert devices.GuestSession.from_kept(devices.GuestSession.join(
        json.dumps(json.loads(kept)["welcome"]), secret(1)).keep()).view() is None
    body = json.loads(kept)
    other = dict(body["update"], view=session.state.view(2))
    bad = [("guest", "{"), ("guest", "[]"), ("guest", "x" * 300_000),
           ("guest", {**body, "v": 2}), ("guest", {k: v for k, v in body.items() if k != "broker"}),
           ("guest", {**body, "more": 1}),
           ("secret", {**body, "secret": "short"}), ("secret", {**body, "secret": None}),
           ("broker", {**body, "broker": "https://x.test"}), ("broker", {**body, "broker": 7}),
           ("welcome", {**body, "welcome": {**body["welcome"], "seat": 3}}),
           ("welcome", {**body, "welcome": {**body["welcome"], "names": ["A"]}}),
           ("welcome", {**body, "welcome": body["update"]}),
           ("update", {**body, "update": other}),
           ("update", {**body, "update": {**body["update"], "reset": None}}),
           ("update", {**body, "update": {**body["update"], "view": {"seat": 1}}}),
           ("update", {**body, "update": {"t": "refused", "seq": None, "msg_id": "net.x",
                                          "params": {}}}),
           ("update", {**body, "update": dict(body["update"], view=dict(
               body["update"]["view"], hand="\ud800"))}),
           ("shown_round", {**body, "shown_round": 9}), ("shown_round", {**body, "shown_round": -1}),
           ("shown_round", {**body, "shown_round": True})]
    for field, altered in bad:
        text = altered if isinstance(altered, str) else json.dumps(altered)
        with pytest.raises(net.NetError) as err:
            devices.GuestSession.from_kept(text)
        assert err.value.msg_id == "net.bad_field" and err.value.params == {"field": field}, \
            (field, altered if isinstance(altered, str) else "")
