"""Play from other devices (issue 23) at every table size and beside every bot level, without a
browser: (a) each title at its smallest and largest player count with every seat remote, played
to its end by guests choosing random moves from their own tables over text; (b) one remote seat
beside bots of each level the page offers, for a game's first moves. The helpers (host, join,
deliver, local_step) are tests/test_devices.py's."""

import json
import random

import pytest

import pygame_rules
from pygame_rules.bots import bot_names, cap_clock, searches
from session_helpers import table_step
from test_devices import ROOM, app, deliver, devices, host, join, local_step, net, secret
from test_net import Leaks

import answers  # noqa: E402 (web/ is on the path once test_devices is imported)
import saves  # noqa: E402

# (game, players): each title at its declared smallest and largest table (Re-Chord's smallest is
# one person against the Jim Bot automaton, a seat the engine plays)
SIZES = [(g.id, n) for g in pygame_rules.GAMES.values()
         for n in sorted({g.min_players, g.max_players})]
BUDGET = 0.05         # a searching bot's clock a move here (Hard's own is 1 s: slow in CPython)
FIRST_MOVES = 15      # (b) plays the game's first moves only
# (b)'s tables: game -> seats, "remote" or a bot level (saves.BOT_LEVELS), the remote seat moved
# around; every level sits at a table of every game (test_every_level_sits_beside_a_remote_seat)
BOT_TABLES = [
    ("take-a-chord", ["remote", "easy", "normal", "hard"]),
    ("take-a-chord", ["heuristic", "random", "remote", "normal"]),
    ("take-bamboo", ["easy", "normal", "remote", "hard", "heuristic", "random"]),
    ("taktvoll", ["random", "heuristic", "hard", "normal", "easy", "remote"]),
    ("rechord", ["remote", "easy", "normal", "hard", "heuristic"]),
    ("rechord", ["random", "remote", "hard"]),
]


class Watch:
    """What the guests were sent, checked as it goes: each update is its own seat's view and
    the next part of that seat's log only, and names no hidden card of another seat."""

    def __init__(self, session):
        self.session, self.leaks, self.updates = session, Leaks(session.state), 0
        self.held = {}                       # seat -> the length of its log the guest holds
        self.leaks.look(session.state)

    def joined(self, seat):
        """A guest joined at `seat` and was sent its whole log so far."""
        self.held[seat] = len(self.session.state.events_for(seat))

    def moved(self):
        """After each move: the hands now, and what a spectator has seen (for the leak check)."""
        self.leaks.look(self.session.state)

    def deliver(self, links, guests):
        """test_devices.deliver (each guest takes in its update), each text checked."""
        state = self.session.state
        for seat, raw in deliver(self.session, links, guests).items():
            msg, log = json.loads(raw), state.events_for(seat)
            assert msg["t"] == "update" and msg["seq"] == len(state.history)
            assert msg["view"]["seat"] == seat and msg["view"] == json.loads(
                json.dumps(state.view(seat)))
            assert msg["from"] == self.held[seat], (seat, msg["from"], self.held[seat])
            assert msg["events"] == json.loads(json.dumps(log[msg["from"]:]))
            assert self.leaks.found(state, seat, msg) == set(), seat
            self.held[seat], self.updates = len(log), self.updates + 1


def guest_turn(session, links, guests, seat, rng):
    """The guest at `seat` decides on its own table (the table's automatic claim, else a random
    legal move of its view) and sends it as text; the host plays it. The action sent."""
    guest = guests[seat]
    while guest.round_pending():
        guest.close_round()
    assert guest.view()["legal"], "the host waits for seat %d, its table offers nothing" % seat
    action = guest.auto_move({"always_claim": True})
    if action is None:
        action = answers.as_action(rng.choice(guest.view()["legal"]))
        assert guest.human_move(action) is None
    assert guest.view()["legal"] == []
    (raw,) = guest.take_outbox()
    before = len(session.state.history)
    out, moved = devices.host_receive(session, links, seat, raw)
    assert out == [] and moved
    assert len(session.state.history) == before + 1 and session.state.history[-1] == action
    return action


@pytest.mark.parametrize("game, players", SIZES, ids=["%s-%d" % s for s in SIZES])
def test_a_whole_game_with_every_seat_remote_at_the_smallest_and_largest_table(game, players):
    """All seats remote, random moves to the end: guests end as the host, updates only their own,
    and each guest's log, kept between moves, is its whole log told anew."""
    session, links = host(game, "r" * players, seed="tables-%s-%d" % (game, players))
    watch = Watch(session)
    guests = {}
    for seat in session.remotes:
        guests[seat] = join(session, links, seat)
        watch.joined(seat)
    rng, by_seat = random.Random("%s/%d" % (game, players)), {s: 0 for s in session.remotes}
    for _ in range(20000):
        while local_step(session):            # only Re-Chord's Jim Bot plays at the host
            watch.moved()
        watch.deliver(links, guests)
        seat = session.waiting_for_remote()
        if seat is None:
            break
        guest_turn(session, links, guests, seat, rng)
        by_seat[seat] += 1
        watch.moved()
        told = guests[seat].log_lines(guests[seat].names())    # its log, kept between moves
        assert told == guests[seat].table.log_lines(guests[seat].events(), guests[seat].names())
    assert session.state.is_over, "the game did not end"
    assert all(by_seat.values()), "a seat never moved: %s" % by_seat
    assert watch.updates >= sum(by_seat.values())          # (at least: each mover's own)
    for seat, guest in guests.items():
        assert guest.state.is_over and guest.view()["legal"] == []
        assert guest.view() == session.state.view(seat)
        assert guest.events() == session.state.events_for(seat)


def bot_host(game, kinds, seed):
    """A host session for seats "remote" or a bot level (names P0..), its room and links; every
    searching bot's clock capped at BUDGET."""
    seats = [{"name": "P%d" % i, "kind": "remote" if k == "remote" else "bot",
              "bot": None if k == "remote" else k} for i, k in enumerate(kinds)]
    session = app.Session.start(game, seats, seed)
    session.open_room(ROOM, {s: secret(s) for s in session.remotes})
    for bot in session.bots:
        cap_clock(bot, BUDGET)
    return session, devices.Devices(session.remotes)


def test_every_level_sits_beside_a_remote_seat_in_every_game():
    """BOT_TABLES seat every level the page offers in every game, which offers them all."""
    for game in pygame_rules.GAMES:
        levels = {k for g, kinds in BOT_TABLES if g == game for k in kinds}
        assert levels == {"remote", *saves.BOT_LEVELS}, game
        assert set(saves.BOT_LEVELS) <= set(bot_names(game)), game
    assert all(kinds.count("remote") == 1 for _, kinds in BOT_TABLES)


@pytest.mark.parametrize("game, kinds", BOT_TABLES,
                         ids=["%s-%s" % (g, "-".join(k)) for g, k in BOT_TABLES])
def test_a_remote_seat_beside_bots_of_every_level(game, kinds):
    """First moves: the remote's moves are played, bots play only theirs, the guest not theirs."""
    session, links = bot_host(game, kinds, seed="tables-bots-" + "-".join(kinds))
    remote = kinds.index("remote")
    for seat, (kind, bot) in enumerate(zip(kinds, session.bots)):
        assert (bot is None) == (kind == "remote")
        assert bot is None or bot.name == kind and searches(bot) == (kind in ("normal", "hard"))
    guest = join(session, links, remote)
    guests, rng = {remote: guest}, random.Random(game + "-".join(kinds))
    played, sent, forged = [], [], 0
    while len(session.state.history) < FIRST_MOVES or len(sent) < 2:
        assert len(session.state.history) < 4 * FIRST_MOVES and not session.state.is_over
        cur, before = session.state.current_player, len(session.state.history)
        if table_step(session):
            if len(session.state.history) > before:
                assert cur != remote and kinds[cur] != "remote", "a bot played the remote seat"
                played.append(cur)
                deliver(session, links, guests)
                if guest.view()["current_player"] != remote:     # the guest tries a bot's turn
                    act = net.encode({"t": "act", "seq": len(session.state.history),
                                      "action": list(session.state.legal_actions()[0])})
                    moves = len(session.state.history)
                    out, moved = devices.host_receive(session, links, remote, act)
                    assert not moved and out[0]["msg_id"] == "error.not_your_turn"
                    assert len(session.state.history) == moves
                    forged += 1
            continue
        assert session.waiting_for_remote() == remote and not session.waiting_for_bot()
        deliver(session, links, guests)
        sent.append(guest_turn(session, links, guests, remote, rng))
        played.append(remote)
    assert [a for a, s in zip(session.state.history, played) if s == remote] == sent
    assert played.count(remote) == len(sent) >= 2 and forged >= 1
    assert set(played) == set(range(len(kinds))), "a seat never moved: %s" % played
    deliver(session, links, guests)
    assert guest.view() == session.state.view(remote)
    assert guest.events() == session.state.events_for(remote)
