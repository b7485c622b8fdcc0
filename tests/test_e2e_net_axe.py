"""Accessibility audit (axe-core, as tests/test_e2e_axe.py runs it) of the screens of play from
other devices (issue 23): the host's "Other devices" panel with its invitations, the guest's
joining screen with its reply, the guest's table, the host's table while a guest decides, the
guest's lost panel, the host's menu and its panel with a seat away, and the joining screen of a
cut invitation, with its error (opened on a device of its own). The host and its guests are
browser contexts of one Chromium in a private network namespace (tests/test_e2e_net.py's
fixtures: root and `ip netns`); the sizes and languages are test_e2e_axe's."""

import pytest

from lang_helpers import page_language
from test_e2e_axe import AXE, RUNS, SIZES, audit, check
from test_e2e_net import (devices, host_start, invitation, net_browser, net_site,  # noqa: F401
                          netns, play_round, wait_joined)
from test_e2e_page import STEP, origin_of

pytestmark = pytest.mark.e2e
SEATS = ["human", "remote", "remote"]       # TAKE for three: the host plays seat 0


def join(host, guest, seat, screen, where):
    """The guest opens the seat's invitation; its joining screen (the reply and its QR code
    shown) is audited; the host takes the reply and the guest's table shows."""
    guest.open(invitation(host, seat))
    guest.page.wait_for_selector(".modal-join .qr svg", timeout=STEP)
    check(audit(guest.page), screen, where)
    host.page.fill('.device[data-seat="%d"] textarea' % seat,
                   guest.page.locator(".reply-link").input_value())
    host.page.click('[data-action=net-accept][data-seat="%d"]' % seat)
    wait_joined(guest, host, seat)


def until_playable(devices, guest):
    """Every device decides in turn until the guest's board waits for its move."""
    for _ in range(200):
        if guest.board()[0] == "playable":
            return
        if not any([play_round(d) for d in devices if d is not guest]):
            guest.page.wait_for_timeout(50)
    pytest.fail("the guest's turn never came")


@pytest.mark.parametrize("size, lang", RUNS)
def test_axe_finds_no_violations_on_the_screens_of_play_from_other_devices(devices, net_site,
                                                                            size, lang):
    """Each screen of play from other devices, at each size and language, has no violation."""
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    where = "%dx%d %s" % (SIZES[size] + (lang,))
    host = devices.new(lang, SIZES[size])
    host.open()
    assert page_language(host.page) == lang
    host_start(host, "take-bamboo", 3, SEATS, "net-axe")
    for seat in (1, 2):
        host.page.wait_for_selector('.device[data-seat="%d"] .qr svg' % seat, timeout=STEP)
    check(audit(host.page), "net-devices-inviting", where)
    cut = invitation(host, 2)[:-8]
    guests = {s: devices.new(lang, SIZES[size], guest=True) for s in (1, 2)}
    join(host, guests[1], 1, "net-join-reply", where)
    check(audit(guests[1].page), "net-guest-joined", where)
    check(audit(host.page), "net-devices-one-joined", where)
    join(host, guests[2], 2, "net-join-reply", where)
    host.page.wait_for_selector(".modal-devices", state="detached", timeout=STEP)
    until_playable([host, guests[1], guests[2]], guests[1])
    check(audit(guests[1].page), "net-guest-turn", where)
    host.page.wait_for_selector("body[data-board=waiting]", state="attached", timeout=STEP)
    check(audit(host.page), "net-host-waiting", where)
    guests[1].page.evaluate("encoreNetDrop('host')")
    guests[1].page.wait_for_selector(".modal-lost", timeout=STEP)
    check(audit(guests[1].page), "net-lost", where)
    host.page.click("[data-action=menu]")
    check(audit(host.page), "net-host-menu", where)
    host.page.click(".modal-menu [data-action=devices]")
    host.page.wait_for_selector('.device[data-seat="1"] [data-state=away]', timeout=STEP)
    check(audit(host.page), "net-devices-away", where)
    stranger = devices.new(lang, SIZES[size], guest=True)   # a cut invitation
    stranger.open(cut)
    stranger.page.wait_for_selector(".modal-join [role=alert]", timeout=STEP)
    check(audit(stranger.page), "net-join-error", where)
    for device in [host, *guests.values(), stranger]:
        device.check_clean(origin_of(net_site))
