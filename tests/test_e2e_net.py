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
import threading
import time

import pytest

import pygame_rules
from conftest import CHROMIUM, CHROMIUM_ARGS
from lang_helpers import prefer_language
from test_e2e_page import STEP, Table, hand_on, origin_of
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_e2e_rechord import Guitarist
from test_net import Leaks

pytestmark = pytest.mark.e2e
ROOT = pathlib.Path(__file__).resolve().parent.parent
NETNS = "encore-e2e-%d" % os.getpid()
# (no IPv6 on the veth pair: its link-local addresses finish their duplicate check a second or
# two after the link comes up, and Chromium, started by then, aborts the page's first requests
# with ERR_NETWORK_CHANGED; the candidates are IPv4 anyway)
SETUP = ("ip link set lo up && (echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6) "
         "2>/dev/null; ip link add v0 type veth peer name v1 && "
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


def stop(server):
    """Stop a server process: politely, then for sure."""
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


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
        stop(server)


def launch_in(playwright, netns, folder, *args):
    """Chromium started inside the namespace (a wrapper in `folder` runs it there), mDNS names
    off, with more command-line `args`."""
    wrapper = folder / "chromium"
    wrapper.write_text('#!/bin/sh\nexec ip netns exec %s %s "$@"\n' % (netns, CHROMIUM))
    wrapper.chmod(0o755)
    return playwright.chromium.launch(
        executable_path=str(wrapper),
        args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns", *args])


@pytest.fixture(scope="module")
def net_browser(playwright, netns, tmp_path_factory):
    """Chromium started inside the namespace."""
    browser = launch_in(playwright, netns, tmp_path_factory.mktemp("netns"))
    yield browser
    NET_WARM.clear()
    browser.close()


class Device(Table):
    """A device at the table (the host's page or a guest's): clicks wait only for its own
    board to change, since a guest's move comes back from the host."""

    guitarist = None              # Re-Chord: who decides at this device (else Table.decide)
    guest = False                 # a guest's move is timed until the host's answer is drawn
    round_trips = ()

    def renew(self):
        """Ready for the next test (Table.renew: its connections closed too), as a new device."""
        super().renew()
        self.guitarist, self.guest, self.round_trips = None, False, ()

    def open(self, url=None):
        """Load the page; if Python does not start, say what the page showed and logged."""
        try:
            super().open(url)
        except Exception as err:
            raise AssertionError("the page did not start (%s): %s; load %s; body %s" % (
                err, self.problems, self.page.evaluate(
                    "[document.querySelector('#load-text')?.textContent, "
                    "document.querySelector('#load-progress')?.value]"),
                self.page.evaluate("document.body.outerHTML.slice(0, 1500)"))) from None

    def act(self, selector):
        """Click and wait until this page's board or move count changes (a guest's move: until
        the host's update has come back and been drawn, its time kept)."""
        before = self.board()
        started = time.perf_counter()
        self.page.click(selector)
        self.page.wait_for_function(
            "([b, m]) => document.body.dataset.board !== b || document.body.dataset.moves !== m",
            arg=before, timeout=STEP)
        after = self.board()
        sent = after[0] != "playable" or after[1] != before[1]   # (not a half-made choice)
        if self.guest and before[0] == "playable" and sent:
            self.page.wait_for_function("(m) => document.body.dataset.moves !== m",
                                        arg=before[1], timeout=STEP)
            self.round_trips = self.round_trips + ((time.perf_counter() - started) * 1000,)


NET_WARM = {}     # (browser, language) -> devices that passing tests left usable (net_browser's)


class Devices:
    """The devices of one test, all at the site's address with ?nettest=1 (each records what
    it sends): a device a passing test left usable is taken first, Python up at a fresh start
    with every connection closed (a guest then opens its invitation as a link pasted into the
    open page), else a new browser context (its first visit: a new page load). At the test's
    end each is handed on if usable (see test_e2e_page.usable), else closed."""

    def __init__(self, browser, url, request):
        self.browser, self.url, self.request, self.taken = browser, url + "?nettest=1", request, []

    def new(self, lang="en", size=None, guest=False):
        """A device in `lang` (its page not opened yet), at `size` (w, h) if given."""
        pool = NET_WARM.setdefault((id(self.browser), lang), [])
        device = pool.pop() if pool else Device(self.browser, self.url)
        if device.lang != lang:
            prefer_language(device._context, lang)
            device.lang = lang
        device.guest = guest
        if size:
            device.page.set_viewport_size(dict(zip(("width", "height"), size)))
        self.taken.append(device)
        return device

    def hand_back(self):
        """Hand on the devices still usable; close the others' contexts."""
        for device in self.taken:
            hand_on(device, self.request, device.lang,
                    NET_WARM.setdefault((id(self.browser), device.lang), []).append)


@pytest.fixture
def devices(net_browser, net_site, request):
    """This test's devices (see Devices)."""
    taken = Devices(net_browser, net_site, request)
    try:
        yield taken
    finally:
        taken.hand_back()


def host_start(host, game, players, seats, seed, options=None):
    """The host fills the start form with some seats on other devices and starts; the panel
    of invitations shows."""
    host.fill_start(game, players, seats, seed, options)
    host.page.wait_for_selector(".modal-devices", timeout=STEP)


def invitation(host, seat):
    """The seat's invitation link, once made."""
    field = host.page.locator('.device[data-seat="%d"] .invite-link' % seat)
    field.wait_for(timeout=STEP)
    return field.input_value()


def join(devices, host, seat):
    """A guest opens the seat's invitation, shows its reply; the host pastes it and connects;
    the guest's table shows. Returns the guest and the times (ms) it took."""
    link = invitation(host, seat)
    guest = devices.new(guest=True)
    started = time.perf_counter()
    guest.open(link)
    reply = guest.page.locator(".reply-link")
    reply.wait_for(timeout=STEP)
    code = reply.input_value()
    host.page.fill('.device[data-seat="%d"] textarea' % seat, code)
    host.page.click('[data-action=net-accept][data-seat="%d"]' % seat)
    wait_joined(guest, host, seat)
    elapsed = (time.perf_counter() - started) * 1000
    return guest, {"invite": len(link.split("#", 1)[1]), "reply": len(code), "ms": elapsed}


def wait_joined(guest, host, seat):
    """Wait for the guest's table; if it does not come, say what both pages showed."""
    try:
        guest.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]",
                                     state="attached", timeout=STEP)
    except Exception as err:
        said = "() => (document.querySelector('#game-screen .modal') || document.body)" \
            ".innerText.slice(0, 600)"
        heard = "(id) => ((window.encoreNetHeard || {})[id] || []).length"
        raise AssertionError("seat %d did not join (%s): guest %r, status %r; host %r; %s; "
                             "the host sent it %s, heard %d texts from it; the guest sent %d, "
                             "heard %d; %s" % (
            seat, type(err).__name__, guest.page.evaluate(said),
            guest.page.evaluate("encoreNet.status('host')"), host.page.evaluate(said),
            host.page.evaluate("(id) => encoreNet.status(id)", "seat-%d" % seat),
            [m["t"] for m in sent_to(host, seat)],
            host.page.evaluate(heard, "seat-%d" % seat),
            len(guest.page.evaluate("(window.encoreNetSent || {}).host || []")),
            guest.page.evaluate(heard, "host"), guest.problems + host.problems)) from None


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
    """Replay the host's game; each update sent to a seat names no card it may not know, and
    no message holds the game's seed."""
    replay = pygame_rules.new_game(state.game.id, state.players, seed=state.seed,
                                   options=state.options)
    leaks, checked = Leaks(replay), 0
    by_seq = {}
    for seat, messages in sent.items():
        for msg in messages:
            assert str(state.seed) not in json.dumps(msg, ensure_ascii=False)   # nor the seed
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


def report(game, state, sizes, sent, trips):
    """Print what the note measures: code sizes, joining time, round trips, bytes per move."""
    raw = sum(len(json.dumps(m, separators=(",", ":"), ensure_ascii=False).encode())
              for messages in sent.values() for m in messages)
    trips = sorted(trips)
    print("\n%s: invitation %s, reply %s characters; open to the first hand %s ms; "
          "%d guest moves, round trip median %.0f ms (max %.0f); %d moves, %d bytes to guests "
          "(%.0f a move, %d messages)" % (
              game, sorted({m["invite"] for m in sizes}), sorted({m["reply"] for m in sizes}),
              [round(m["ms"]) for m in sizes], len(trips), trips[len(trips) // 2] if trips else 0,
              trips[-1] if trips else 0, len(state.history), raw, raw / len(state.history),
              sum(map(len, sent.values()))))


def new_host(devices):
    """The host's page, open (recording what it sends, as every device: ?nettest=1)."""
    host = devices.new()
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
def test_a_whole_game_with_guests_on_their_own_devices(devices, net_site, game, players, seats,
                                                        seed):
    """The host invites each remote seat; each guest joins by the manual path and plays its
    own seat by clicks on its own page to the end; every device ends on the final screen; the
    host's saved game replays; nothing sent to a guest names another seat's hidden card; no
    request leaves the site and no page shows an error."""
    host = new_host(devices)
    host_start(host, game, players, seats, seed)
    remote = [i for i, k in enumerate(seats) if k == "remote"]
    guests, sizes = {}, []
    for seat in remote:
        guests[seat], measured = join(devices, host, seat)
        sizes.append(measured)
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    devices = [host] + [guests[s] for s in remote]
    for i, device in enumerate(devices):
        device.guitarist = Guitarist(device, seed=i, abilities=0.3, chords=0.2) \
            if game == "rechord" else None
    asker = guests[remote[0]]
    if game == "rechord":           # this guest answers its claim windows itself, by clicks
        asker.set_settings(always_claim=False)
    play_everywhere(devices)
    state = host.engine_state()
    assert state.is_over
    for seat, guest in guests.items():
        assert guest.page.locator(".modal-final").count() == 1
    if game == "rechord":
        assert "claim" in asker.guitarist.seen, asker.guitarist.seen
    sent = {s: sent_to(host, s) for s in remote}
    checked = check_leaks(state, sent)
    assert checked >= len(state.history)
    report(game, state, sizes, sent, [ms for s in remote for ms in guests[s].round_trips])
    for device in devices:
        device.check_clean(origin_of(net_site))


def refusal_of(device, state, seat):
    """Tap a card of the hand that the rules refuse now (at the seat's turn) and return what
    the page says and what the engine says of that move; None if every card is playable."""
    cards = device.page.locator("#game-screen .hand-card:not(.playable)[data-card]")
    if not cards.count():
        return None
    card = int(cards.first.get_attribute("data-card"))
    with pytest.raises(pygame_rules.IllegalAction) as why:
        state.check(("play", card))
    before = device.board()
    notice = "document.querySelector('#game-screen .notice')?.textContent || ''"
    old = device.page.evaluate(notice)
    cards.first.click()
    device.page.wait_for_function("(old) => ![old, ''].includes(%s)" % notice, arg=old,
                                  timeout=STEP)   # (a guest's move in flight clears it first)
    assert device.board() == before                        # nothing moved
    said = device.page.locator("#game-screen .notice").first.text_content()
    return said, why.value.message


def test_a_guests_refusal_is_the_rules_reason_the_host_gives_and_names_whose_turn(
        devices, net_site):
    """Take The "A" Chord: a tap on a card that does not follow is refused on the guest's page
    with the engine's reason for that move, the words the host's screen gives for its own such
    tap; a tap out of turn names whose turn it is as the host names the seat; joining and
    playing leave no error or warning of the page's in either console."""
    host = new_host(devices)
    host_start(host, "take-a-chord", 4, ["human", "remote", "bot-heuristic", "bot-heuristic"],
               "net-why")
    guest, _ = join(devices, host, 1)
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    said, idle = {}, 0
    while idle < 600 and len(said) < 3:   # (until the game's end: a move resets the count)
        moved = False
        for device, seat in ((host, 0), (guest, 1)):   # each device's turn: a refused tap first
            if device.board()[0] == "playable" and seat not in said:
                found = refusal_of(device, host.engine_state(), seat)
                if found:
                    said[seat] = found
            moved = play_round(device) or moved
        if guest.board()[0] == "waiting" and "turn" not in said and \
                guest.page.locator("#game-screen .hand-card[data-card]").count():
            guest.page.locator("#game-screen .hand-card[data-card]").first.click()
            guest.page.wait_for_selector("#game-screen .notice:not(:empty)", timeout=STEP)
            seen = guest.page.locator("#game-screen .notice").first.text_content()
            others = ["It is %s's turn now." % s["name"]           # (the bots move on meanwhile)
                      for i, s in enumerate(host.save()["seats"]) if i != 1]
            said["turn"] = (seen, seen if seen in others else others)
        if "over" in (host.board()[0], guest.board()[0]):
            break
        idle = 0 if moved else idle + 1
        if idle:
            time.sleep(0.05)
    assert set(said) == {0, 1, "turn"}, "not every refusal was seen: %s" % said
    for seen, expected in said.values():
        assert seen == expected
    for device in (host, guest):
        device.check_clean(origin_of(net_site))


def moves(device):
    """The moves the device's table shows."""
    return int(device.board()[1] or 0)


def play_until(devices, host, count):
    """Every device decides in turn until the host's game has `count` moves (or more)."""
    for _ in range(2000):
        if moves(host) >= count:
            return
        if not any([play_round(d) for d in devices]):
            time.sleep(0.05)
    raise AssertionError("the game did not reach move %d" % count)


def invite_again(host, seat, old_link=""):
    """The host opens "Other devices" (from the menu, unless it is open) and, unless a fresh
    invitation is already there, asks for a new one; its link."""
    page = host.page
    if not page.locator(".modal-devices").count():
        page.click("[data-action=menu]")
        page.click(".modal-menu [data-action=devices]")
    field = page.locator('.device[data-seat="%d"] .invite-link' % seat)
    again = page.locator('[data-action=net-invite][data-seat="%d"]' % seat)
    fresh = "([sel, old]) => { const f = document.querySelector(sel); " \
        "return f && f.value && f.value !== old; }"
    field.or_(again).first.wait_for(timeout=STEP)   # (while it is being made: neither)
    if not page.evaluate(fresh, ['.device[data-seat="%d"] .invite-link' % seat, old_link]):
        again.click()
    page.wait_for_function("([sel, old]) => { const f = document.querySelector(sel); "
                           "return f && f.value && f.value !== old; }",
                           arg=['.device[data-seat="%d"] .invite-link' % seat, old_link],
                           timeout=STEP)
    return field.input_value()


def rejoin(host, guest, seat, old_link=""):
    """A guest whose connection was lost pastes the host's new invitation into its panel,
    shows its reply, the host takes it; the guest's table is back."""
    link = invite_again(host, seat, old_link)
    guest.page.wait_for_selector(".modal-lost", timeout=STEP)
    guest.page.fill(".invite-paste", link)
    guest.page.click("[data-action=net-join]")
    reply = guest.page.locator(".reply-link")
    reply.wait_for(timeout=STEP)
    host.page.fill('.device[data-seat="%d"] textarea' % seat, reply.input_value())
    host.page.click('[data-action=net-accept][data-seat="%d"]' % seat)
    guest.page.wait_for_selector(".modal-join", state="detached", timeout=STEP)
    return link


def test_a_dropped_guest_catches_up_and_a_reloaded_host_resumes(devices, net_site):
    """Mid-game a guest's connection drops: the host's table says the seat is away, the guest
    asks for a new invitation, and on joining again it is sent only what it missed. Then the
    host's page reloads: it resumes the saved game with the same room; a guest's page reloads
    too: its table is drawn at once from what its tab kept, under the lost panel saying what
    to do; both guests join again from their lost panels (the reloaded one is sent only what
    its kept log misses), and the game is played to its end on every device; nothing sent
    names another seat's hidden card."""
    host = new_host(devices)
    host_start(host, "take-bamboo", 3, ["bot-heuristic", "remote", "remote"], "net-drop")
    guests = {s: join(devices, host, s)[0] for s in (1, 2)}
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    devices = [host, guests[1], guests[2]]
    play_until(devices, host, 12)
    old = host.page.evaluate("(id) => (window.encoreNetSent[id] || []).length", "seat-1")
    held = guests[1].page.evaluate("document.body.dataset.moves")
    guests[1].page.evaluate("encoreNetDrop('host')")
    guests[1].page.wait_for_selector(".modal-lost", timeout=STEP)
    host.page.click("[data-action=menu]")
    host.page.click(".modal-menu [data-action=devices]")
    host.page.wait_for_selector('.device[data-seat="1"] [data-state=away]', timeout=STEP)
    assert host.page.locator('.device[data-seat="2"] [data-state=joined]').count() == 1
    guests[1].page.fill(".invite-paste", "j1.not-an-invitation")     # a bad paste: why, and
    guests[1].page.click("[data-action=net-join]")                     # the panel stays
    guests[1].page.wait_for_selector(".modal-lost .notice:text('cannot be used')", timeout=STEP)
    rejoin(host, guests[1], 1)
    after = sent_to(host, 1)[old:]
    kinds = [m["t"] for m in after]
    assert kinds[:2] == ["welcome", "update"], kinds
    assert "reset" not in after[1] and after[1]["from"] > 0, after[1]["from"]
    assert guests[1].page.evaluate("document.body.dataset.moves") >= held
    play_until(devices, host, 30)
    sent = {s: sent_to(host, s) for s in (1, 2)}
    at = moves(host)
    host.page.reload()
    host.page.wait_for_selector("body[data-ready]", state="attached", timeout=STEP * 4)
    host.page.wait_for_selector(".modal-devices", timeout=STEP)
    assert moves(host) == at
    guests[2].page.wait_for_selector(".modal-lost", timeout=STEP)
    guests[2].page.reload()                             # (a pull-to-refresh on a phone)
    guests[2].page.wait_for_selector(".modal-lost :text('Reloading this page')", timeout=STEP * 4)
    assert guests[2].board() == ["lost", str(at)] and \
        guests[2].page.locator("#game-screen .hand-card").count() > 0
    for seat in (1, 2):
        rejoin(host, guests[seat], seat)
    back = sent_to(host, 2)[:2]
    assert [m["t"] for m in back] == ["welcome", "update"] and "reset" not in back[1] and \
        back[1]["from"] > 0, back[1]["from"]
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    play_everywhere(devices)
    state = host.engine_state()
    assert state.is_over
    for seat in (1, 2):
        sent[seat] += sent_to(host, seat)
        assert guests[seat].page.locator(".modal-final").count() == 1
    assert check_leaks(state, sent) >= len(state.history)
    for device in devices:
        device.check_clean(origin_of(net_site))


@pytest.fixture(scope="module")
def broker(netns):
    """A PeerJS "peer" server (the npm registry's `peer`, a pinned dev dependency) on
    127.0.0.1 inside the namespace: its WebSocket address."""
    cli = ROOT / "node_modules" / ".bin" / "peerjs"
    if not cli.exists():
        pytest.fail("node_modules/.bin/peerjs is missing: run `npm ci` (scripts/test does)")
    port = 39000 + os.getpid() % 1000
    server = subprocess.Popen(["ip", "netns", "exec", netns, str(cli), "--port", str(port),
                               "--host", "127.0.0.1"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        assert "Started PeerServer" in line, line
        threading.Thread(target=server.stdout.read, daemon=True).start()   # (its log is
        yield "ws://127.0.0.1:%d/peerjs" % port                          # drained, unread)
    finally:
        stop(server)


def test_one_click_invitations_through_a_local_broker(devices, net_site, broker):
    """With the broker setting on, each invitation is a b1.… link: the guest only opens it and
    is at the table, with no reply to pass back; after a drop, opening the same link again
    brings it back; after a reload, the guest's page calls the host again by itself and is
    back at its seat, sent only what its kept log misses. The game is played to its end; the
    only connections off the site are the WebSockets to the broker."""
    host = new_host(devices)
    host.set_settings(broker=broker)
    sockets = []
    host_start(host, "take-a-chord", 3, ["human", "remote", "remote"], "net-broker")
    guests, links = {}, {}
    for seat in (1, 2):
        links[seat] = invitation(host, seat)
        assert links[seat].split("#", 1)[1].startswith("b1.")
        assert host.page.locator('.device[data-seat="%d"] textarea' % seat).count() == 0
        guest = guests[seat] = devices.new(guest=True)
        guest.page.on("websocket", lambda ws: sockets.append(ws.url))
        started = time.perf_counter()
        guest.open(links[seat])
        guest.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]",
                                     state="attached", timeout=STEP)
        print("\nbroker: invitation %d characters; opened to the first hand in %.0f ms" % (
            len(links[seat].split("#", 1)[1]), (time.perf_counter() - started) * 1000))
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    devices = [host, guests[1], guests[2]]
    play_until(devices, host, 10)
    guests[2].page.evaluate("encoreNetDrop('host')")
    guests[2].page.wait_for_selector(".modal-lost", timeout=STEP)
    guests[2].page.fill(".invite-paste", links[2])
    guests[2].page.click("[data-action=net-join]")
    guests[2].page.wait_for_selector(".modal-join", state="detached", timeout=STEP)
    old = len(sent_to(host, 1))
    guests[1].page.reload()                             # no new invitation: it calls again
    guests[1].page.wait_for_selector("body[data-ready]", state="attached", timeout=STEP * 4)
    wait_joined(guests[1], host, 1)
    back = sent_to(host, 1)[old:]
    assert [m["t"] for m in back[:2]] == ["welcome", "update"] and back[0]["seat"] == 1
    assert "reset" not in back[1] and back[1]["from"] > 0, back[1]["from"]
    play_everywhere(devices)
    state = host.engine_state()
    assert state.is_over
    sent = {s: sent_to(host, s) for s in (1, 2)}
    assert check_leaks(state, sent) >= len(state.history)
    assert sockets and all(u.startswith(broker) for u in sockets), sockets
    for device in devices:
        device.check_clean(origin_of(net_site))


NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
SHARE_STUB = "navigator.share = async (d) => { window.sharedWith = {title: d.title, " \
    "text: d.text}; };"
JOIN_BOX = """() => {
    const m = document.querySelector('#game-screen .modal').getBoundingClientRect();
    const q = document.querySelector('.modal-join .qr').getBoundingClientRect();
    return {left: m.left, right: innerWidth - m.right, qr: q.width, qrRight: q.right,
            pageW: document.documentElement.scrollWidth, w: innerWidth}; }"""


def phone_guest(devices, url, script):
    """A guest's page at a phone's size (390x844) that may use the clipboard, with `script`
    run before the page's own (a browser with or without Web Share): a context of its own."""
    guest = Device(devices.browser, devices.url)
    devices.taken.append(guest)
    guest.guest = True
    guest.page.set_viewport_size({"width": 390, "height": 844})
    guest.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin_of(url))
    guest.context.add_init_script(script)
    return guest


def test_a_joining_guest_copies_shares_its_reply_and_leaves(devices, net_site):
    """On the joining screen of a phone (390 px) the reply's QR code is large and the panel's
    margins even; Copy puts the reply on the clipboard and says "Copied."; Share is offered
    only where the browser can share, and hands it the reply; Leave goes back to the start
    screen and closes the connection."""
    host = new_host(devices)
    host_start(host, "take-bamboo", 3, ["human", "remote", "remote"], "net-copy")
    plain = phone_guest(devices, net_site, NO_SHARE)
    plain.open(invitation(host, 1))
    reply = plain.page.locator(".reply-link")
    reply.wait_for(timeout=STEP)
    box = plain.page.evaluate(JOIN_BOX)
    assert abs(box["left"] - box["right"]) <= 1 and box["pageW"] <= box["w"], box
    assert 280 <= box["qr"] and box["qrRight"] <= box["w"], box
    assert plain.page.locator("[data-action=net-share-reply]").count() == 0
    plain.page.click("[data-action=net-copy-reply]")
    plain.page.wait_for_selector(".join-said:text('Copied.')", timeout=STEP)
    assert plain.page.evaluate("navigator.clipboard.readText()") == reply.input_value()
    plain.page.click(".modal-join [data-action=leave]")
    plain.page.wait_for_selector("#start-screen:not([hidden])", timeout=STEP)
    assert plain.page.evaluate("[document.body.dataset.board, encoreNet.status('host')]") == \
        ["start", ""]
    sharer = phone_guest(devices, net_site, SHARE_STUB)
    sharer.open(invitation(host, 2))
    sharer.page.locator(".reply-link").wait_for(timeout=STEP)
    sharer.page.click("[data-action=net-share-reply]")
    sharer.page.wait_for_selector(".join-said:text('Shared.')", timeout=STEP)
    shared = sharer.page.evaluate("window.sharedWith")
    assert shared["text"] == sharer.page.locator(".reply-link").input_value()
    assert "seat 3" in shared["title"]
    for device in (host, plain, sharer):
        device.check_clean(origin_of(net_site))


def test_the_settings_refuse_an_address_that_is_not_one_and_keep_a_good_one(table):  # noqa: F811
    """Settings: a STUN/TURN address and a broker are empty by default; text that is not one
    is refused with a message and nothing is kept; a good one is kept, and emptied again."""
    table.open()
    page = table.page
    page.click("#start-settings")                       # (the start screen has it too)
    stored = "() => { const s = encoreStore.settings(); return [s.ice_servers || null, s.broker || null]; }"
    assert page.evaluate(stored) == [None, None]
    for field, bad in (("#ice-url", "http://stun.example.org"), ("#broker-url", "https://x.test")):
        page.fill(field, bad)
        page.locator(field).dispatch_event("change")
        assert "nothing was changed" in page.inner_text("#net-settings-said")
    assert page.evaluate(stored) == [None, None]
    page.fill("#ice-url", "stun:stun.example.org:3478")
    page.locator("#ice-url").dispatch_event("change")
    page.fill("#broker-url", "wss://broker.example.org/peerjs")
    page.locator("#broker-url").dispatch_event("change")
    assert page.evaluate(stored) == [[{"urls": "stun:stun.example.org:3478"}],
                                     "wss://broker.example.org/peerjs"]
    assert json.loads(page.evaluate("encoreNet.iceServers()")) == \
        [{"urls": "stun:stun.example.org:3478"}]
    page.fill("#ice-url", "")
    page.locator("#ice-url").dispatch_event("change")
    assert page.evaluate(stored)[0] == []
    assert "same network" in page.inner_text("#net-settings-said")


CAMERA_SIDE = 480                 # the fake camera's frame (pixels, square)


def write_y4m(path, rows=None, frames=5):
    """A Y4M video for Chromium's fake camera: a QR code's modules (rows of booleans) drawn
    black on white at the largest whole scale that leaves a wide white margin, or all white."""
    side = CAMERA_SIDE
    luma = bytearray(b"\xeb" * side * side)
    if rows:
        scale = side // (len(rows) + 8)
        at = (side - scale * len(rows)) // 2
        for r, row in enumerate(rows):
            for c, dark in enumerate(row):
                if dark:
                    for dy in range(scale):
                        start = (at + r * scale + dy) * side + at + c * scale
                        luma[start:start + scale] = b"\x10" * scale
    chroma = b"\x80" * (side * side // 2)
    with open(path, "wb") as out:
        out.write(b"YUV4MPEG2 W%d H%d F10:1 Ip A1:1 C420jpeg\n" % (side, side))
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma)


@pytest.fixture(scope="module")
def camera(playwright, netns, tmp_path_factory):
    """Chromium in the namespace with a fake camera that plays a Y4M file (rewritten by the
    test before the host scans) and grants the camera without asking: (browser, file)."""
    folder = tmp_path_factory.mktemp("camera")
    video = folder / "camera.y4m"
    write_y4m(video)
    browser = launch_in(playwright, netns, folder, "--use-fake-ui-for-media-stream",
                        "--use-fake-device-for-media-stream",
                        "--use-file-for-fake-video-capture=%s" % video)
    yield browser, video
    browser.close()


def test_the_host_scans_the_guests_reply_with_its_camera(camera, net_site, request):
    """The host takes the guest's reply by scanning its QR code with the camera (here a fake
    camera showing the code the guest's page drew): the channel opens and the guest's table
    shows; the camera is stopped and its dialog gone."""
    browser, video = camera
    devices = Devices(browser, net_site, request)
    try:
        scan_a_reply(devices, net_site, video)
    finally:
        for device in devices.taken:    # (not handed on: this browser films a file)
            device._context.close()


def scan_a_reply(devices, net_site, video):
    """The camera test's steps (see there)."""
    host = new_host(devices)
    host_start(host, "take-bamboo", 3, ["human", "remote", "bot-heuristic"], "net-scan")
    guest = devices.new()
    guest.open(invitation(host, 1))
    reply = guest.page.locator(".reply-link")
    reply.wait_for(timeout=STEP)
    rows = guest.page.evaluate(
        "async (text) => (await import(new URL('./vendor/qr/index.js', document.baseURI).href))"
        ".encodeQR(text, 'raw', {ecc: 'medium', border: 1})", reply.input_value())
    write_y4m(video, rows)
    started = time.perf_counter()
    host.page.click('[data-action=net-scan][data-seat="1"]')
    guest.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]",
                                 state="attached", timeout=STEP)
    print("\nscan: the reply scanned and the guest's table shown in %.0f ms" % (
        (time.perf_counter() - started) * 1000))
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    assert host.page.locator("dialog.scan-dialog").count() == 0
    for device in (host, guest):
        device.check_clean(origin_of(net_site))
