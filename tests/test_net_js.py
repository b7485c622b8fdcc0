"""static/net.js as the site ships it, run in Node (tests/net_js_check.mjs) with in-memory
stand-ins for RTCPeerConnection: no browser, no network. What it checks: the channel's events
reach Python as JSON text (open, message, state, close) and only from the live peer of an id;
sends are bounded and kept for the leak check under ?nettest=1, and a send while our channel
still opens leaves once it opens; ICE servers come only from a
well-formed setting (none by default); a QR code drawn by qrSvg (the vendored library, found
beside the page) has no style attribute and reads back; scan() reads a code from a video's
frames through the vendored decoder when there is no BarcodeDetector, and stops or times out
with "". The real channel between two Chromium pages is a browser test's (issue 23).
"""

import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def run(built_site):
    """What net_js_check.mjs saw, run on the built site."""
    done = subprocess.run(["node", str(ROOT / "tests" / "net_js_check.mjs"), str(built_site.path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_channel_opens_carries_text_both_ways_and_reports_its_state(run):
    assert run["sdp"] == ["offer-0", "answer-1"]           # each side's SDP text, gathered
    assert run["ice_default"] == [{"iceServers": []}] * 2  # no ICE server unless set
    assert run["opened"] == ["host", "seat-1"]             # once each
    assert run["states"] == ["host:connected", "seat-1:connected"]
    assert json.loads(run["status"]) == {"connection": "connected", "channel": "open"}
    # sent: both ways; over the channel's 262,144 bytes; 180,000 bytes of UTF-8; not text;
    # no such peer
    assert run["sent"] == [True, True, False, True, False, False]
    assert run["messages"] == [["message", "host", "to the guest"],
                               ["message", "seat-1", "to the host"],
                               ["message", "host", "90000 characters"]]
    assert run["kept"] == {"seat-1": ["to the guest", "90000 characters"],
                           "host": ["to the host"]}    # ?nettest=1: what left, per peer
    assert run["bad_id"] == "TypeError"


def test_a_text_heard_before_our_own_channel_opens_is_answered_once_it_opens(run):
    """The guest's side opens first and its hello arrives while the host's channel still says
    "connecting": the host's welcome and update are taken (send is true) and leave, in order,
    the moment its channel opens (a CI run had lost them: the guest waited for the table)."""
    late = run["late_open"]
    assert late["order"] == ["state:seat-4", "state:host", "open:host", "message:seat-4:hello",
                             "open:seat-4", "message:host:welcome", "message:host:update"]
    assert late["replies"] == [["hello", True], [json.dumps(
        {"connection": "connected", "channel": "connecting"}, separators=(",", ":")), True, True]]
    assert late["kept"] == ["welcome", "update"] and late["heard"] == ["hello"]


def test_only_our_channel_and_the_live_peer_are_heard(run):
    assert run["other_channel"] == "closed"                # a second channel is refused, silently
    assert run["after_drop"] == ["state:host:disconnected"]   # an abrupt drop: the state says so
    assert run["closed"] == [True, False, ""]
    assert run["after_close"] == ["close:host"]            # the other side hears it; we do not
    assert run["replaced"] == {"old_closed": "failed", "heard": 0, "first": "offer-2"}
    assert run["accept_unknown"] == "net:no-offer"
    assert run["long_sdp"] == "TypeError"
    assert 140 <= run["gather_timeout_ms"] < 1000          # the SDP so far once time is up
    # closeAll (a fresh start): every peer gone, none heard closing, the test record emptied
    assert run["close_all"] == {"listed": [True, True, True], "after": ["", "", ""], "heard": 0,
                                "kept": 0}


def test_ice_servers_come_only_from_a_well_formed_setting(run):
    ice = run["ice"]
    assert ice["none"] == []
    assert ice["stun"] == [{"urls": "stun:stun.example.org:3478"}]     # unknown keys dropped
    assert ice["turn"] == [{"urls": ["turn:t.example.org"], "username": "u", "credential": "c"}]
    assert ice["http"] == ice["many"] == ice["not_list"] == []
    assert run["warnings"] == 3                            # each refusal said in the console


def test_a_qr_code_is_drawn_without_style_and_reads_back(run):
    assert run["svg_head"].startswith('<svg xmlns="http://www.w3.org/2000/svg" class="qr-code" ')
    assert 'fill="#fff"' in run["svg_head"] and not run["svg_has_style"]
    assert run["qr"] == {"size": run["qr"]["size"], "path_ok": True, "decoded": True}
    assert 21 + 8 <= run["qr"]["size"] <= 177 + 8         # a QR symbol and its 4-module margin
    assert run["qr_long"] == "RangeError"


def test_scan_reads_a_code_from_the_video_and_stops_or_times_out(run):
    assert run["scan"]["text"] and 400 <= run["scan"]["ms"] < 3000
    assert run["scan_timeout"] == "" and run["scan_stopped"] == ""
