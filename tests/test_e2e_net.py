"""End to end for play from other devices (issue 23): one host page and guest pages, each a
browser context of one Chromium, joined by the manual path (the host's invitation link opened
by the guest, the guest's reply pasted into the host's panel), then whole games played by
clicks on every device. Every text the host sent to a guest (kept by static/net.js with
?nettest=1) is checked against the game replayed here: no card of another hand that the
guest's seat may not know (tests/test_net.py's Leaks: hands and what a spectator has seen).

Chromium offers no loopback address as a WebRTC candidate, so the browser and the site's server
run in a private network namespace (`ip netns`, root only; CI runs as root) with a veth pair
and a default route; mDNS host names are turned off there so the candidates are plain IPv4.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

import pygame_rules
from conftest import CHROMIUM, CHROMIUM_ARGS
from test_e2e_page import STEP, Table, origin_of
from test_e2e_rechord import Guitarist
from test_net import Leaks

pytestmark = pytest.mark.e2e
ROOT = pathlib.Path(__file__).resolve().parent.parent
NETNS = "encore-e2e-%d" % os.getpid()
SETUP = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
         "ip addr add 10.99.0.1/24 dev v0 && ip link set v1 up && ip link set v0 up && "
         "ip route add default dev v0")
SERVE = ("import sys; sys.path.insert(0, %r); import build; "
         "s = build.serve(sys.argv[1], 0); print(s.url, flush=True); s.serve_forever()")
PLAYING = "body[data-board=playable], body[data-board=venue], body[data-board=round], " \
          "body[data-board=over]"


@pytest.fixture(scope="module")
def netns():
    """A private network namespace for the module (deleted at its end)."""
    if os.geteuid() != 0 or not shutil.which("ip"):
        pytest.skip("play between devices needs a private network namespace (root and "
                    "iproute2's `ip`): Chromium offers no loopback address to WebRTC")
    subprocess.run(["ip", "netns", "add", NETNS], check=True)
    try:
        subprocess.run(["ip", "netns", "exec", NETNS, "sh", "-c", SETUP], check=True)
        yield NETNS
    finally:
        subprocess.run(["ip", "netns", "del", NETNS], check=False)


@pytest.fixture(scope="module")
def net_site(built_site, netns):
    """The built site served on 127.0.0.1 inside the namespace: its URL."""
    server = subprocess.Popen(["ip", "netns", "exec", netns, sys.executable, "-c",
                               SERVE % str(ROOT), str(built_site.path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture(scope="module")
def net_browser(playwright, netns, tmp_path_factory):
    """Chromium started inside the namespace (a wrapper runs it there), mDNS names off."""
    wrapper = tmp_path_factory.mktemp("netns") / "chromium"
    wrapper.write_text('#!/bin/sh\nexec ip netns exec %s %s "$@"\n' % (netns, CHROMIUM))
    wrapper.chmod(0o755)
    browser = playwright.chromium.launch(
        executable_path=str(wrapper),
        args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"])
    yield browser
    browser.close()


class Device(Table):
    """A device at the table (the host's page or a guest's): clicks wait only for its own
    board to change, since a guest's move comes back from the host."""

    guitarist = None              # Re-Chord: who decides at this device (else Table.decide)

    def act(self, selector):
        """Click and wait until this page's board or move count changes."""
        before = self.board()
        self.page.click(selector)
        self.page.wait_for_function(
            "([b, m]) => document.body.dataset.board !== b || document.body.dataset.moves !== m",
            arg=before, timeout=STEP)


def host_start(host, game, players, seats, seed, options=None):
    """The host fills the start form with some seats on other devices and starts; the panel
    of invitations shows."""
    page = host.page
    page.check('input[name="game"][value="%s"]' % game)
    page.check('input[name="players-%s"][value="%d"]' % (game, players))
    for name, value in (options or {}).items():
        page.select_option('[name="opt-%s-%s"]' % (game, name), value)
    for i, kind in enumerate(seats):
        page.select_option('[name="kind-%d"]' % i, kind)
    page.fill("#seed", seed)
    page.click("#start-button")
    page.wait_for_selector(".modal-devices", timeout=STEP)


def invitation(host, seat):
    """The seat's invitation link, once made."""
    field = host.page.locator('.device[data-seat="%d"] .invite-link' % seat)
    field.wait_for(timeout=STEP)
    return field.input_value()


def join(browser, url, host, seat):
    """A guest opens the seat's invitation, shows its reply; the host pastes it and connects;
    the guest's table shows. Returns the guest and the times (ms) it took."""
    link = invitation(host, seat)
    guest = Device(browser, url)
    started = time.perf_counter()
    guest.open(link)
    reply = guest.page.locator(".reply-link")
    reply.wait_for(timeout=STEP)
    code = reply.input_value()
    host.page.fill('.device[data-seat="%d"] textarea' % seat, code)
    host.page.click('[data-action=net-accept][data-seat="%d"]' % seat)
    guest.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]",
                                 state="attached", timeout=STEP)
    elapsed = (time.perf_counter() - started) * 1000
    return guest, {"invite": len(link.split("#", 1)[1]), "reply": len(code), "ms": elapsed}


def play_round(device):
    """One decision on a device whose board waits for it; False when it has nothing to do."""
    board = device.board()[0]
    if board in ("venue", "round"):
        device.act("[data-action=next-%s]" % board)
    elif board == "playable":
        if device.guitarist is not None:
            device.guitarist.decide()
        else:
            device.decide()
    else:
        return False
    return True


def play_everywhere(devices, limit=3000):
    """Every device decides when its board waits for it, until every device shows the end."""
    steps, idle = 0, 0
    while True:
        boards = [d.board()[0] for d in devices]
        if all(b == "over" for b in boards):
            return steps
        moved = False
        for device in devices:
            if play_round(device):
                moved, steps = True, steps + 1
        idle = 0 if moved else idle + 1
        assert idle < 600, "nobody could move: %s" % boards
        if not moved:
            time.sleep(0.05)
        assert steps < limit, "the game did not end"


def sent_to(host, seat):
    """The texts the host sent to a seat's device, decoded."""
    return [json.loads(t) for t in host.page.evaluate(
        "(id) => (window.encoreNetSent || {})[id] || []", "seat-%d" % seat)]


def check_leaks(state, sent):
    """Replay the host's game; each update sent to a seat names no card it may not know."""
    replay = pygame_rules.new_game(state.game.id, state.players, seed=state.seed,
                                   options=state.options)
    leaks, checked = Leaks(replay), 0
    by_seq = {}
    for seat, messages in sent.items():
        for msg in messages:
            if msg["t"] == "update":
                by_seq.setdefault(msg["seq"], []).append((seat, msg))
    for n in range(len(state.history) + 1):
        leaks.look(replay)
        for seat, msg in by_seq.get(n, ()):
            assert leaks.found(replay, seat, msg) == set(), (seat, n)
            assert msg["view"]["seat"] == seat
            checked += 1
        if n < len(state.history):
            replay.apply(state.history[n])
    return checked


def new_host(browser, url):
    """The host's page, recording what it sends (?nettest=1)."""
    host = Device(browser, url + "?nettest=1")
    host.open()
    return host


GAMES = [
    # game, players, seats (host first), seed, Re-Chord's guitarists
    ("take-a-chord", 4, ["human", "remote", "remote", "bot-heuristic"], "net-tac"),
    ("take-bamboo", 4, ["remote", "remote", "remote", "bot-heuristic"], "net-take"),
    ("taktvoll", 3, ["human", "remote", "remote"], "net-tak"),
    ("rechord", 3, ["bot-heuristic", "remote", "remote"], "net-rc"),
]


@pytest.mark.parametrize("game, players, seats, seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_with_guests_on_their_own_devices(net_browser, net_site, game, players,
                                                        seats, seed):
    """The host invites each remote seat; each guest joins by the manual path and plays its
    own seat by clicks on its own page to the end; every device ends on the final screen; the
    host's saved game replays; nothing sent to a guest names another seat's hidden card; no
    request leaves the site and no page shows an error."""
    host = new_host(net_browser, net_site)
    host_start(host, game, players, seats, seed)
    remote = [i for i, k in enumerate(seats) if k == "remote"]
    guests, sizes = {}, []
    for seat in remote:
        guests[seat], measured = join(net_browser, net_site, host, seat)
        sizes.append(measured)
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    devices = [host] + [guests[s] for s in remote]
    for i, device in enumerate(devices):
        device.guitarist = Guitarist(device, seed=i, abilities=0.3, chords=0.2) \
            if game == "rechord" else None
    play_everywhere(devices)
    state = host.engine_state()
    assert state.is_over
    for seat, guest in guests.items():
        assert guest.page.locator(".modal-final").count() == 1
    checked = check_leaks(state, {s: sent_to(host, s) for s in remote})
    assert checked >= len(state.history)
    print("\n%s: %s; %d updates checked" % (game, sizes, checked))
    for device in devices:
        device.check_clean(origin_of(net_site))
        device.context.close()
