"""Play from other devices (issue 23), the pure part: web/invite.py's codes and web/net.py's
messages, host room and guest mirror.

SDP fixtures (tests/fixtures/net/): chromium_offer_ip and chromium_offer_mdns are the offers
Chromium 156 gathered in the research's experiment (/work/tools/p2p_exp, out_nomdns.json and
out_none.json) and *_rebuilt the SDP rebuilt from them that Chromium accepted there; the
handmade_* files are written by hand in the shapes the experiment did not capture (a
Firefox-like offer; an answer with IPv6, reflexive, relayed, TCP and scoped candidates)."""

import json
import pathlib
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from engine_helpers import snapshot
from pygame_rules.core import sha256
from pygame_rules.messages import CATALOGUE

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import invite  # noqa: E402
import net  # noqa: E402
from invite import NetError  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "net"
SDPS = ("chromium_offer_ip", "chromium_offer_mdns", "handmade_firefox_offer",
        "handmade_answer_mixed")
ROOM = invite.token(b"\x01room!")
SECRETS = {s: invite.token(bytes([s]) * 16) for s in range(8)}
GAMES = sorted(pygame_rules.GAMES)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
FEW = settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))


def sdp(name):
    """A fixture's SDP text, CRLF kept."""
    with open(FIXTURES / (name + ".sdp"), newline="") as f:
        return f.read()


def refused(call, *args, msg_id=None):
    """The NetError a call raises (checked to be a catalogue message that echoes no input)."""
    with pytest.raises(NetError) as err:
        call(*args)
    assert err.value.msg_id in CATALOGUE["en"] and err.value.msg_id in CATALOGUE["ja"]
    assert len(err.value.message) < 200 and "MARKER" not in err.value.message
    assert msg_id is None or err.value.msg_id == msg_id, err.value.msg_id
    return err.value


def sealed(prefix, body):
    """A code around any body, with a correct check (to reach the checks of its fields)."""
    return prefix + invite.token(body + sha256(prefix.encode() + body).digest()[:4])


# --- SDP ------------------------------------------------------------------------------------
def test_chromium_offers_keep_what_a_data_channel_needs():
    """The experiment's offers: ufrag, password, fingerprint, role, the one host candidate."""
    ip, mdns = invite.strip_sdp(sdp("chromium_offer_ip")), invite.strip_sdp(sdp("chromium_offer_mdns"))
    assert ip == {"ufrag": "LUup", "pwd": "7uo/gIw0MTd25Cyy91RmwItS", "setup": "actpass",
                  "fingerprint": "db97518fb2828ec94674dfe65d63980e"
                                 "7fc6bc061b722f0fe2da54ae06148bb3",
                  "candidates": [["host", "10.99.0.1", 43244]]}
    assert mdns["candidates"] == [["host", "69133b06-a005-4a09-a146-75f221830667.local", 56142]]


@pytest.mark.parametrize("name", ["chromium_offer_ip", "chromium_offer_mdns"])
def test_the_rebuilt_sdp_is_the_one_chromium_accepted(name):
    """build_sdp gives, byte for byte, the SDP Chromium accepted in the experiment."""
    assert invite.build_sdp(invite.strip_sdp(sdp(name))) == sdp(name + "_rebuilt")


def test_only_udp_component_one_candidates_are_kept_in_canonical_form():
    """TCP, component 2, sha-1 and scoped addresses are dropped; mDNS names are lower case,
    IPv6 compressed; a reflexive or relayed candidate always has its related address."""
    ff, answer = invite.strip_sdp(sdp("handmade_firefox_offer")), \
        invite.strip_sdp(sdp("handmade_answer_mixed"))
    assert ff["fingerprint"].startswith("5a3f0b9c") and ff["setup"] == "actpass"
    assert ff["candidates"] == [
        ["host", "3c3f1b8a-5d6e-4d77-8d4a-0e1a2b3c4d5e.local", 54349],
        ["srflx", "203.0.113.9", 54349, "0.0.0.0", 0],
        ["relay", "198.51.100.20", 3478, "203.0.113.9", 54349]]
    assert answer["setup"] == "active" and answer["candidates"] == [
        ["host", "2001:db8::7", 40152], ["host", "192.0.2.44", 51702],
        ["srflx", "203.0.113.77", 51702, "192.0.2.44", 51702],
        ["relay", "198.51.100.3", 60001, "0.0.0.0", 0]]


@pytest.mark.parametrize("name", SDPS)
@pytest.mark.parametrize("setup", ["actpass", "active", "passive"])
def test_strip_pack_read_build_strip_round_trips(name, setup):
    """Through an invitation and a reply (whole links too), every field comes back."""
    fields = dict(invite.strip_sdp(sdp(name)), setup=setup)
    code = invite.pack_invite("taktvoll", ROOM, 3, SECRETS[3], fields)
    got = invite.read_invite("https://example.org/encore/#" + code)
    assert got == {"game": "taktvoll", "room": ROOM, "seat": 3, "secret": SECRETS[3],
                   "fields": fields}
    assert invite.strip_sdp(invite.build_sdp(got["fields"])) == fields
    reply = invite.read_reply("  " + invite.pack_reply(ROOM, 3, fields) + "\n")
    assert reply == {"room": ROOM, "seat": 3, "fields": fields}
    assert invite.strip_sdp(invite.build_sdp(reply["fields"])) == fields


def test_codes_are_short():
    """One host candidate: about 140 characters (QR version 7 holds 150)."""
    sizes = {}
    for name in SDPS:
        fields = invite.strip_sdp(sdp(name))
        sizes[name] = (len(invite.pack_invite("take-a-chord", ROOM, 1, SECRETS[1], fields)),
                       len(invite.pack_reply(ROOM, 1, fields)))
    assert sizes["chromium_offer_ip"] == (137, 114)
    assert sizes["chromium_offer_mdns"] == (153, 130)
    assert max(max(s) for s in sizes.values()) < 210


def test_at_most_eight_candidates_are_kept():
    """A long list is cut to the first eight usable ones."""
    lines = sdp("chromium_offer_ip").split("\r\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("a=candidate"))
    lines[at:at + 1] = ["a=candidate:%d 1 udp 1 10.0.0.%d %d typ host" % (i, i, 1000 + i)
                        for i in range(1, 12)]
    cands = invite.strip_sdp("\r\n".join(lines))["candidates"]
    assert [c[2] for c in cands] == list(range(1001, 1009))


@pytest.mark.parametrize("drop,part", [("a=fingerprint", "fingerprint"), ("a=ice-ufrag", "ufrag"),
                                       ("a=ice-pwd", "pwd"), ("a=candidate", "candidate"),
                                       ("a=setup", "setup")])
def test_an_sdp_without_what_a_channel_needs_is_refused(drop, part):
    """A missing line, or one whose value is not usable, is named."""
    lines = sdp("chromium_offer_ip").split("\r\n")
    err = refused(invite.strip_sdp, "\r\n".join(x for x in lines if not x.startswith(drop)))
    assert (err.msg_id, err.params) == ("net.sdp_unusable", {"part": part})
    spoilt = [(x.replace(" typ", "é typ") if "typ" in x else x + "é") if x.startswith(drop)
              else x for x in lines]
    refused(invite.strip_sdp, "\r\n".join(spoilt), msg_id="net.sdp_unusable")


@pytest.mark.parametrize("bad", [None, 5, b"v=0", "", "v=0\r\n" * 5000, "MARKER"])
def test_anything_but_an_sdp_is_refused(bad):
    """Not text, too long, or no fields at all."""
    refused(invite.strip_sdp, bad, msg_id="net.sdp_unusable")


def test_build_sdp_refuses_fields_strip_sdp_would_not_give():
    """Wrong types, ranges and forms of the stripped fields are named, never written out."""
    good = invite.strip_sdp(sdp("handmade_answer_mixed"))
    for key, value in [("ufrag", "ab"), ("ufrag", "a b c d"), ("pwd", "x" * 65),
                       ("fingerprint", "AB" * 32), ("setup", "holdconn"), ("candidates", []),
                       ("candidates", [["host", "10.0.0.1", 0]]),
                       ("candidates", [["host", "10.0.0.1", 5, "0.0.0.0", 0]]),
                       ("candidates", [["srflx", "10.0.0.1", 5]]),
                       ("candidates", [["host", "2001:DB8::1", 5]]),
                       ("candidates", [["host", "10.0.0.1", True]]),
                       ("candidates", [["prflx", "10.0.0.1", 5]]),
                       ("candidates", [["host", "x.local", 5]]), ("extra", 1)]:
        refused(invite.build_sdp, {**good, key: value}, msg_id="net.bad_field")
    refused(invite.build_sdp, [good], msg_id="net.bad_field")


# --- invitations and replies ----------------------------------------------------------------
def test_packing_refuses_fields_out_of_bounds():
    """A game not in the codes, a seat over 7, a room or secret of another size or alphabet."""
    fields = invite.strip_sdp(sdp("chromium_offer_ip"))
    for args in [("chess", ROOM, 0, SECRETS[0]), ("rechord", ROOM, 8, SECRETS[0]),
                 ("rechord", ROOM, True, SECRETS[0]), ("rechord", ROOM + "A", 0, SECRETS[0]),
                 ("rechord", ROOM, 0, SECRETS[0][:-1] + "="), ("rechord", ROOM, 0, None),
                 ("rechord", ROOM, 0, SECRETS[0][:-1] + "B")]:      # bits decoding would drop
        refused(invite.pack_invite, *args, fields, msg_id="net.bad_field")
    refused(invite.pack_reply, ROOM, -1, fields, msg_id="net.bad_field")
    refused(invite.pack_reply, ROOM, 0, {**fields, "setup": None}, msg_id="net.bad_field")


def test_every_game_has_a_code_and_codes_never_move():
    """Invitations name the game by its number, declared with the game (Game(code=…)): every
    game has one, its own, and the four first keep theirs; the registry refuses a taken one."""
    codes = {game_id: game.code for game_id, game in pygame_rules.GAMES.items()}
    assert None not in codes.values() and len(set(codes.values())) == len(codes)
    assert {k: codes[k] for k in ("take-a-chord", "take-bamboo", "taktvoll", "rechord")} == {
        "take-a-chord": 0, "take-bamboo": 1, "taktvoll": 2, "rechord": 3}
    for game_id, code in codes.items():
        assert invite.game_of_code(invite.game_code(game_id)) == game_id
    refused(invite.game_code, "fugue", msg_id="net.bad_field")
    refused(invite.game_of_code, 200, msg_id="net.bad_field")
    import dataclasses
    taken = dataclasses.replace(pygame_rules.GAMES["rechord"], id="fugue")
    with pytest.raises(ValueError, match="fugue"):
        pygame_rules.core.register(taken)
    assert "fugue" not in pygame_rules.GAMES


def test_a_game_outside_the_set_given_is_refused():
    """read_invite checks the game against the registry, or the set the caller passes."""
    code = invite.pack_invite("rechord", ROOM, 0, SECRETS[0], invite.strip_sdp(sdp("chromium_offer_ip")))
    assert invite.read_invite(code, games={"rechord"})["game"] == "rechord"
    refused(invite.read_invite, code, {"taktvoll"}, msg_id="net.bad_field")


def test_every_cut_and_every_changed_character_is_refused():
    """Each prefix of a code, and each one-character change, raises NetError."""
    fields = invite.strip_sdp(sdp("handmade_answer_mixed"))
    for code, read in ((invite.pack_invite("rechord", ROOM, 2, SECRETS[2], fields), invite.read_invite),
                       (invite.pack_reply(ROOM, 2, fields), invite.read_reply)):
        for end in range(len(code)):
            refused(read, code[:end])
        for at in range(len(code)):
            for ch in ("A", "z", "-", "0"):
                if code[at] != ch:
                    refused(read, code[:at] + ch + code[at + 1:])
        ids = {refused(read, code[:n]).msg_id for n in range(3, len(code) - 1)}
        assert "net.truncated" in ids and ids <= {"net.truncated", "net.tampered"}


def test_wrong_kind_version_size_and_alphabet_are_named():
    """A reply read as an invitation, another version, too long, not base64url, not text."""
    fields = invite.strip_sdp(sdp("chromium_offer_ip"))
    code = invite.pack_invite("rechord", ROOM, 0, SECRETS[0], fields)
    reply = invite.pack_reply(ROOM, 0, fields)
    refused(invite.read_invite, reply, msg_id="net.not_invite")
    refused(invite.read_reply, code, msg_id="net.not_reply")
    refused(invite.read_invite, "e1." + code[3:], msg_id="net.not_invite")    # a share link
    assert refused(invite.read_invite, "j2." + code[3:], msg_id="net.version").params == \
        {"version": 2, "expected": 1}
    refused(invite.read_invite, "j01." + code[3:], msg_id="net.version")
    refused(invite.read_invite, code + "A" * 1000, msg_id="net.too_big")
    refused(invite.read_invite, code[:-2] + "+/", msg_id="net.tampered")
    refused(invite.read_invite, code[:-2] + "==", msg_id="net.tampered")
    for bad in (None, 7, b"j1.", ["j1."], "", "MARKER", "j1", "#"):
        refused(invite.read_invite, bad, msg_id="net.not_invite")


def test_a_correct_check_does_not_let_a_bad_field_through():
    """Bodies signed anew: another version byte, a seat over 7, an unknown game, role or
    candidate kind, a bad ufrag, a port 0, no candidate, more bytes after the end."""
    fields = invite.strip_sdp(sdp("chromium_offer_ip"))
    code = invite.pack_invite("rechord", ROOM, 0, SECRETS[0], fields)
    raw = bytearray(invite.unwrap(code, invite.INVITE, "x")[:-4])
    offsets = {"version": 0, "seat": 1, "game": 8, "setup": 25, "ufrag": 59, "kind": 89}
    assert raw[offsets["game"]] == 3 and raw[offsets["ufrag"] - 1] == 4
    cases = [("version", 2, "net.version"), ("seat", 8, "net.bad_field"),
             ("game", 9, "net.bad_field"), ("setup", 3, "net.bad_field"),
             ("ufrag", ord("é".encode("latin-1")), "net.bad_field"),
             ("kind", 3, "net.tampered"), ("kind", 0x30, "net.tampered"),
             ("kind", 0x04, "net.tampered")]
    for name, value, msg_id in cases:
        bad = bytearray(raw)
        bad[offsets[name]] = value
        refused(invite.read_invite, sealed(invite.INVITE, bytes(bad)), msg_id=msg_id)
    no_port = bytes(raw[:-2]) + b"\x00\x00"
    refused(invite.read_invite, sealed(invite.INVITE, no_port), msg_id="net.bad_field")
    no_candidate = bytes(raw[:88]) + b"\x00"
    refused(invite.read_invite, sealed(invite.INVITE, no_candidate), msg_id="net.bad_field")
    refused(invite.read_invite, sealed(invite.INVITE, bytes(raw) + b"\x00"), msg_id="net.tampered")
    assert invite.read_invite(sealed(invite.INVITE, bytes(raw)))["fields"] == fields


@FAST
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: "j1." + invite.token(b)) |
       st.binary(max_size=300).map(lambda b: "r1." + invite.token(b)))
def test_read_codes_raise_only_net_error(text):
    """Any text, or any bytes in base64url after a prefix, is read or refused with NetError."""
    for read in (invite.read_invite, invite.read_reply):
        try:
            read(text)
        except NetError as err:
            assert err.msg_id in CATALOGUE["en"]


@FAST
@given(st.binary(min_size=0, max_size=200), st.sampled_from([invite.INVITE, invite.REPLY]))
def test_signed_random_bodies_are_read_or_refused_with_net_error(body, prefix):
    """Random bodies with a correct check reach the field checks: NetError, or valid fields."""
    read = invite.read_invite if prefix == invite.INVITE else invite.read_reply
    try:
        got = read(sealed(prefix, body))
    except NetError:
        return
    assert invite.build_sdp(got["fields"]) and 0 <= got["seat"] < 8


# --- one-click invitations (through a broker) ---------------------------------------------------
BROKER = "wss://broker.example.org/peerjs"


def test_a_one_click_invitation_round_trips_and_names_no_connection_details():
    """b1.… holds the game, room, seat, secret and broker, and is read back from a whole link;
    every game and seat round trip; the ids at the broker are letters and digits only."""
    for game in pygame_rules.GAMES:
        for seat in (0, 7):
            code = invite.pack_brokered(game, ROOM, seat, SECRETS[0], BROKER)
            assert code.startswith("b1.") and len(code) < 120
            assert invite.read_brokered("https://x.test/encore/?a=1#" + code) == {
                "game": game, "room": ROOM, "seat": seat, "secret": SECRETS[0], "broker": BROKER}
    host, guest = invite.broker_id(ROOM), invite.broker_id(ROOM, 3, "a1B2")
    assert host.isalnum() and guest.isalnum() and guest.startswith(host) and host != guest


def test_a_one_click_invitation_refuses_cuts_changes_and_bad_brokers():
    """Every cut and changed character is refused; a broker that is not ws:// or wss:// is
    refused when packing and when read (signed anew); another kind of code is not one."""
    code = invite.pack_brokered("taktvoll", ROOM, 2, SECRETS[2], "ws://127.0.0.1:9000/peerjs")
    for end in range(len(code)):
        refused(invite.read_brokered, code[:end])
    for at in range(3, len(code)):
        for ch in ("A", "z", "-"):
            if code[at] != ch:
                refused(invite.read_brokered, code[:at] + ch + code[at + 1:])
    for bad in ("http://broker.test/", "javascript:alert(1)", "ws://a b", "", None, "ws://" + "a" * 300):
        refused(invite.pack_brokered, "taktvoll", ROOM, 2, SECRETS[2], bad, msg_id="net.bad_field")
    raw = bytearray(invite.unwrap(code, invite.BROKERED, "x")[:-4])
    url_at = 1 + 1 + invite.ROOM_BYTES + 1 + invite.SECRET_BYTES + 1
    raw[url_at:url_at + 2] = b"ht"
    refused(invite.read_brokered, sealed(invite.BROKERED, bytes(raw)), msg_id="net.bad_field")
    refused(invite.read_brokered, invite.pack_reply(ROOM, 0, invite.strip_sdp(
        sdp("chromium_offer_ip"))), msg_id="net.not_invite")
    refused(invite.read_invite, code, msg_id="net.not_invite")


@FAST
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: "b1." + invite.token(b)) |
       st.binary(max_size=120).map(lambda b: sealed(invite.BROKERED, b)))
def test_read_brokered_raises_only_net_error(text):
    """Any text, bytes after the prefix, or a random body with a correct check: read (a valid
    invitation) or refused with NetError."""
    try:
        got = invite.read_brokered(text)
    except NetError as err:
        assert err.msg_id in CATALOGUE["en"]
        return
    assert invite.BROKER_URL.fullmatch(got["broker"]) and 0 <= got["seat"] < 8


# --- messages -------------------------------------------------------------------------------
HELLO = net.hello(ROOM, 1, SECRETS[1])
ACT = {"t": "act", "seq": 4, "action": ["play", 12]}
VIEW = {"seat": 1, "current_player": 1, "is_over": False, "legal": [["play", 12]], "x": [1]}
UPDATE = {"t": "update", "seq": 4, "from": 0, "events": [{"type": "deal"}], "view": VIEW}
WELCOME = {"t": "welcome", "v": 1, "room": ROOM, "seat": 1, "game": "rechord", "players": 3,
           "names": ["Ana", "Bo", "Cy"]}
REFUSED = net.refusal(4, "error.not_your_turn", {"seat": 1})


def test_net_offers_the_codes_too():
    """The page's glue needs one module: net.py re-exports invite.py's codes."""
    for name in ("NetError", "strip_sdp", "build_sdp", "pack_invite", "pack_reply",
                 "read_invite", "read_reply", "token"):
        assert getattr(net, name) is getattr(invite, name)


def test_each_message_type_round_trips():
    """encode then decode gives the message back, each on its own side."""
    for msg in (HELLO, ACT, {"t": "ping"}):
        assert net.decode_guest(net.encode(msg)) == msg
        refused(net.decode_host, net.encode(msg), msg_id="net.bad_message")
    for msg in (UPDATE, {**UPDATE, "reset": True}, WELCOME, REFUSED,
                net.refusal(None, "net.wrong_secret")):
        assert net.decode_host(net.encode(msg)) == msg
        refused(net.decode_guest, net.encode(msg), msg_id="net.bad_message")


DEEP = 100_000
HOSTILE_TEXT = ["", "{", "[]", "null", "1", '"act"', "{}", '{"t":"act"', '{"t":5}', "MARKER",
                '{"t":"act","seq":NaN,"action":["x"]}',
                '{"t":"act","seq":Infinity,"action":["x"]}',
                '{"t":"act","seq":1e999,"action":["x"]}',
                '{"t":"act","seq":0,"action":["\\ud800"]}',
                "[" * DEEP + "]" * DEEP, '{"t":' * DEEP + "0" + "}" * DEEP, "[" * DEEP,
                '"%s"' % ("g" * 300_000), None, 5, ["t"], b'{"t":"ping"}' * 1000]
GUEST_CHANGES = [(ACT, "seq", v) for v in (True, -1, 1.5, "0", 10**30, None)] + \
    [(ACT, "action", v) for v in ([], [[1]], [True], "play", ["x"] * 17, [1.5], ["x" * 65],
                                  [2**64], None, {"play": 1})] + \
    [(HELLO, "room", v) for v in (ROOM + "A", ROOM[:-1] + "=", 5, None, "MARKER!!")] + \
    [(HELLO, "secret", v) for v in (SECRETS[0] + "A", SECRETS[0][:-1] + "B", None)] + \
    [(HELLO, k, v) for k, v in (("seat", 8), ("seat", -1), ("seat", False), ("v", 2),
                                ("cursor", -1), ("mark", "A" * 16), ("mark", None),
                                ("t", "hullo"), ("extra", 1))] + \
    [({"t": "ping"}, "x", 1)]
HOST_CHANGES = [(UPDATE, "view", v) for v in (None, [], {**VIEW, "legal": [[True]]},
                                              {**VIEW, "legal": None}, {**VIEW, "seat": 9},
                                              {**VIEW, "is_over": 0},
                                              {**VIEW, "current_player": "1"})] + \
    [(UPDATE, k, v) for k, v in (("events", [1]), ("events", [{"type": 1}]), ("events", {}),
                                 ("reset", False), ("reset", 1), ("from", -1), ("seq", None))] + \
    [(WELCOME, k, v) for k, v in (("game", "chess"), ("game", None), ("players", 0),
                                  ("players", 9), ("names", []), ("names", ["x" * 41]),
                                  ("names", [1]), ("v", 0))] + \
    [(REFUSED, k, v) for k, v in (("msg_id", "Bad Id"), ("msg_id", "x" * 65), ("msg_id", 1),
                                  ("params", {"a": [1]}), ("params", {"a": {"b": 1}}),
                                  ("params", {str(i): i for i in range(9)}), ("params", []),
                                  ("seq", -1))]


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_hostile_text_is_refused_on_both_sides(text):
    """Not JSON, too big, too deep, NaN or Infinity, not a message: net.bad_message."""
    refused(net.decode_guest, text, msg_id="net.bad_message")
    refused(net.decode_host, text, msg_id="net.bad_message")


@pytest.mark.parametrize("base,key,value", GUEST_CHANGES + HOST_CHANGES)
def test_a_field_of_the_wrong_type_or_range_is_refused(base, key, value):
    """Each field of each type is checked; a missing or extra key too."""
    decode = net.decode_guest if base in (ACT, HELLO) or base["t"] == "ping" else net.decode_host
    assert decode(net.encode(base)) == base
    refused(decode, net.encode({**base, key: value}), msg_id="net.bad_message")
    if key in base and key != "t":
        refused(decode, net.encode({k: v for k, v in base.items() if k != key}),
                msg_id="net.bad_message")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20) |
                    st.floats(allow_nan=False),
                    lambda inner: st.lists(inner, max_size=4) |
                    st.dictionaries(st.sampled_from(["t", "seq", "action", "room", "view",
                                                     "events", "from", "legal", "seat",
                                                     "is_over", "current_player", "x"]),
                                    inner, max_size=6), max_leaves=20)
TYPES = st.sampled_from(["hello", "act", "ping", "welcome", "update", "refused", "x"])


@FAST
@given(st.text(max_size=200) | JSON.map(json.dumps) |
       st.tuples(TYPES, JSON).map(lambda p: json.dumps({"t": p[0], "seq": 0, "action": p[1],
                                                         "view": p[1], "events": [p[1]]})))
def test_decoding_raises_only_net_error(text):
    """Any text or JSON is a message that fits its schema, or NetError."""
    for decode in (net.decode_guest, net.decode_host):
        try:
            msg = decode(text)
        except NetError as err:
            assert err.msg_id == "net.bad_message"
            continue
        assert decode(net.encode(msg)) == msg


def test_refusal_parameters_stay_plain_and_short():
    """Parameters that are not plain values are shown bounded (never a structure)."""
    msg = net.refusal(3, "error.bad_action", {"action": [["x"] * 1000], "ok": 1})
    assert msg["params"]["ok"] == 1 and len(msg["params"]["action"]) <= 41
    assert net.decode_host(net.encode(msg)) == msg


# --- the host's room ------------------------------------------------------------------------
def live(game_id="take-a-chord", players=4, seed=3, moves=5):
    """A game some random moves in."""
    state = pygame_rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    while len(state.history) < moves:
        state.apply(rng.choice(state.legal_actions()))
    return state


def room_for(seats):
    """A room with these remote seats."""
    return net.HostRoom(ROOM, {s: SECRETS[s] for s in seats})


def test_admit_checks_room_seat_and_secret():
    """The connection's seat must be the hello's and remote; room and secret must match."""
    room = room_for([1, 2])
    assert room.admit(1, net.hello(ROOM, 1, SECRETS[1])) is None
    for seat, hello, msg_id in [
            (1, net.hello(invite.token(b"other!"), 1, SECRETS[1]), "net.wrong_room"),
            (2, net.hello(ROOM, 1, SECRETS[1]), "net.wrong_seat"),
            (0, net.hello(ROOM, 0, SECRETS[0]), "net.wrong_seat"),
            (2, net.hello(ROOM, 2, SECRETS[1]), "net.wrong_secret"),
            (2, {**net.hello(ROOM, 2, SECRETS[2]), "secret": "é" * 22}, "net.bad_message"),
            (2, ACT, "net.bad_message"), (2, None, "net.bad_message")]:
        got = room.admit(seat, hello)
        assert got["t"] == "refused" and got["msg_id"] == msg_id and got["seq"] is None
        assert net.decode_host(net.encode(got)) == got


def test_the_host_accepts_only_the_seat_to_play_at_this_very_position():
    """Forged or stale moves are refused and change nothing; the right one is the legal
    action itself (a tuple), which the caller applies."""
    state = live()
    room, cur = room_for(range(4)), state.current_player
    other = (cur + 1) % 4
    legal, moves = state.legal_actions(), len(state.history)
    before = snapshot(state)
    cases = [(other, {"t": "act", "seq": moves, "action": list(legal[0])}, "error.not_your_turn"),
             (cur, {"t": "act", "seq": moves - 1, "action": list(legal[0])}, "net.out_of_step"),
             (cur, {"t": "act", "seq": moves + 1, "action": list(legal[0])}, "net.out_of_step"),
             (cur, {"t": "act", "seq": moves, "action": ["play", min(hand(state, other))]},
              "tac.refuse.not_in_hand"),
             (cur, {"t": "act", "seq": moves, "action": ["play", 99]}, "error.bad_action"),
             (cur, {"t": "act", "seq": moves, "action": ["fold"]}, "error.bad_action"),
             (cur, {"t": "act", "seq": moves, "action": [True]}, "net.bad_message"),
             (cur, {"t": "act", "seq": moves, "action": ["play", 1], "seat": cur},
              "net.bad_message"),
             (cur, {"t": "hello"}, "net.bad_message"), (cur, "act", "net.bad_message")]
    for seat, msg, msg_id in cases:
        got = room.accept(state, seat, msg)
        assert type(got) is dict and got["msg_id"] == msg_id, got
        assert net.decode_host(net.encode(got)) == got
    assert room_for([other]).accept(state, cur, {"t": "act", "seq": moves,
                                                 "action": list(legal[0])})["msg_id"] == \
        "net.wrong_seat"
    assert snapshot(state) == before
    act = {"t": "act", "seq": moves, "action": list(legal[-1])}
    action = room.accept(state, cur, act)
    assert action is legal[-1]                  # the engine's own tuple
    state.apply(action)
    assert room.accept(state, cur, act)["msg_id"] == "net.out_of_step"      # a replay


def test_re_chord_claim_windows_let_the_asked_seat_answer():
    """In a claim window the seat asked (current_player) answers, not the active seat."""
    rng, state = random.Random(2), pygame_rules.new_game("rechord", 3, seed=2)
    while not (state.view(None)["phase"] == "claim" and
               state.current_player != state.view(None)["active"]):
        state.apply(rng.choice(state.legal_actions()))
    room, moves = room_for(range(3)), len(state.history)
    act = {"t": "act", "seq": moves, "action": list(state.legal_actions()[-1])}
    assert room.accept(state, state.view(None)["active"], act)["msg_id"] == "error.not_your_turn"
    assert room.accept(state, state.current_player, act) == state.legal_actions()[-1]


def test_a_finished_game_takes_no_move():
    """After the end every act is refused."""
    state = live("taktvoll", 3, seed=1, moves=0)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    got = room_for([0]).accept(state, 0, {"t": "act", "seq": len(state.history),
                                          "action": ["pass"]})
    assert got["msg_id"] == "error.game_over"


def test_the_room_saves_and_loads_and_refuses_a_broken_save():
    """to_json/from_json keep room, secrets, cursors and marks; anything else is NetError."""
    room = room_for([1, 3])
    state = live()
    room.update_for(state, 3)
    again = net.HostRoom.from_json(room.to_json())
    assert vars(again) == vars(room) and again.cursors[3] > 0 and again.marks[1] is None
    body = json.loads(room.to_json())
    for bad in ["", "[]", "{}", "MARKER", json.dumps({**body, "room": "x"}),
                json.dumps({**body, "seats": [[9, SECRETS[1], 0, None]]}),
                json.dumps({**body, "seats": [[1, SECRETS[1], -1, None]]}),
                json.dumps({**body, "seats": [[1, SECRETS[1], 0, "zz"]]}),
                json.dumps({**body, "seats": [[1, SECRETS[1]]]}),
                json.dumps({**body, "seats": {"abcd": 1}}), json.dumps({**body, "seats": 5}),
                "[" * DEEP, None]:
        refused(net.HostRoom.from_json, bad, msg_id="net.bad_field")


ROOM_VALUES = (st.none() | st.booleans() | st.integers(-2, 10**30) | st.text(max_size=30) |
               st.floats(allow_nan=False) | st.lists(st.integers(0, 9), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.integers(0, 3), ROOM_VALUES)
def test_a_crafted_room_in_a_save_is_refused_or_works(seat_at, field, value):
    """The devices room of a host's save (issue 46), one field of one seat (or the room id)
    replaced by any value: NetError, or a room that saves again as it was read and answers a
    hello with a refusal or a welcome, never another error."""
    body = json.loads(room_for([1, 3]).to_json())
    seats = [list(x) for x in body["seats"]]
    if field == 0 and seat_at == 0:
        body["room"] = value
    else:
        seats[seat_at % 2][field] = value
    text = json.dumps({**body, "seats": seats})
    try:
        room = net.HostRoom.from_json(text)
    except NetError as err:
        assert err.msg_id == "net.bad_field"
        return
    assert net.HostRoom.from_json(room.to_json()).to_json() == room.to_json()
    for seat in room.secrets:
        hello = net.hello(body["room"] if isinstance(body["room"], str) else "x", seat,
                          SECRETS.get(seat, "x"))
        answer = room.admit(seat, hello)
        assert answer is None or answer["t"] == "refused"


def test_an_undo_sends_the_whole_log_again():
    """A shorter log (undo) or one that changed since (undo then another move, no update
    between) is sent from its start with "reset"; otherwise only what is new."""
    state = next(s for s in (live(moves=6, seed=k) for k in range(50))
                 if len(s.before_last().legal_actions()) > 1)
    room, seat = room_for([0, 1, 2, 3]), state.current_player
    first = room.update_for(state, seat)
    assert first["reset"] and first["from"] == 0
    sixth = state.history[-1]
    state = state.undo(seat, practice=True)
    back = room.update_for(state, seat)
    assert back["reset"] and back["events"] == state.events_for(seat)
    state.apply(sixth)
    assert "reset" not in room.update_for(state, seat)
    mark = room.marks[seat]
    state = state.undo(seat, practice=True)
    state.apply(next(a for a in state.legal_actions() if a != sixth))
    regrown = room.update_for(state, seat)
    assert regrown["reset"] and regrown["events"] == state.events_for(seat)
    assert room.marks[seat] != mark


def test_a_guest_that_reconnects_is_sent_on_from_what_it_holds():
    """A hello whose cursor and mark are the host's log so far resumes from there; a mark of
    another log gets everything again."""
    state, room = live(moves=8), room_for([2])
    mirror = net.SeatMirror(room.welcome(state, 2, ["A", "B", "C", "D"]))
    mirror.receive(room.update_for(state, 2))
    while state.current_player == 2 or len(state.history) < 12:
        state.apply(state.legal_actions()[0])
    held = len(mirror.events)
    assert room.admit(2, mirror.hello(SECRETS[2])) is None
    resumed = room.update_for(state, 2)
    assert resumed["from"] == held and "reset" not in resumed
    mirror.receive(resumed)
    assert mirror.events == state.events_for(2)
    wrong = {**mirror.hello(SECRETS[2]), "mark": "0" * 16}
    assert room.admit(2, wrong) is None and room.update_for(state, 2)["reset"]


# --- the guest's mirror ---------------------------------------------------------------------
def test_the_mirror_refuses_what_does_not_follow_on():
    """An update that skips or repeats events, or is for another seat, raises NetError."""
    state, room = live(moves=4), room_for([1])
    mirror = net.SeatMirror(room.welcome(state, 1, ["A", "B", "C", "D"]))
    assert mirror.current_player is None and not mirror.is_over and mirror.legal_actions() == []
    first = room.update_for(state, 1)
    mirror.receive(first)
    refused(mirror.receive, {**first, "reset": False, "from": 3}, msg_id="net.out_of_sync")
    refused(mirror.receive, {**first, "view": state.view(2)}, msg_id="net.out_of_sync")
    refused(mirror.receive, {**room.welcome(state, 1, "ABCD"), "seat": 2},
            msg_id="net.out_of_sync")
    mirror.receive(net.refusal(4, "net.wrong_secret"))
    for seat in (0, 2, None, "1"):
        refused(mirror.view, seat, msg_id="net.wrong_seat")
        refused(mirror.events_for, seat, msg_id="net.wrong_seat")
    for welcome in ({**room.welcome(state, 1, "ABCD"), "seat": 4}, {"t": "welcome"}, None):
        refused(net.SeatMirror, welcome, msg_id="net.bad_message")
    assert mirror.view(1) == json.loads(json.dumps(state.view(1)))


# --- whole games ----------------------------------------------------------------------------
def bits(mask):
    """The card ids of a hand held as a bit mask."""
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


def hand(state, seat):
    """The card ids of a seat's hand (a bit mask, or a list in Re-Chord)."""
    held = state.hands[seat]
    return bits(held) if type(held) is int else set(held)


ONE = {"card", "left", "right", "drawn", "key_card"}        # keys whose value is a card id
MANY = {"cards", "hand", "hands", "claimable", "my_pass", "received", "non_player_stack",
        "set_aside", "facedown_cards"}                       # ... holds card ids


def cards_named(value, game_id, out=None, cards=False):
    """The card ids a view, an event or a list of them names: under card keys, ints, lists
    and pairs of ints (`cards`: inside such a key), dicts by their own keys (Re-Chord's
    "drawn" is a pick's kind, not a card)."""
    out = set() if out is None else out
    if type(value) is int and cards:
        out.add(value)
    elif isinstance(value, list):
        for item in value:
            cards_named(item, game_id, out, cards)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ONE and type(item) is int and not (key == "drawn" and game_id == "rechord"):
                out.add(item)
            else:
                cards_named(item, game_id, out, key in MANY)
    return out


class Leaks:
    """What each seat may know of the cards now in others' hands: those it held itself and
    those named anywhere a spectator sees; an update naming any other is a leak."""

    def __init__(self, state):
        self.game_id, self.held, self.public, self.read = state.game.id, {}, set(), 0

    def look(self, state):
        """Take in the hands now and what a spectator has been shown so far."""
        for seat in range(state.players):
            self.held.setdefault(seat, set()).update(hand(state, seat))
        log = state.events_for(None)
        cards_named([state.view(None)] + log[self.read:], self.game_id, self.public)
        self.read = len(log)

    def found(self, state, seat, update):
        """The hidden cards an update for `seat` names."""
        others = set().union(*(hand(state, s) for s in range(state.players) if s != seat))
        return cards_named([update["view"], update["events"]], self.game_id) & others - \
            self.held[seat] - self.public


def as_json(value):
    """A value as it comes out of JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def test_the_leak_check_can_fail():
    """Another seat's view, or its hand put into an update, is found."""
    state, rng = pygame_rules.new_game("take-bamboo", 4, seed=5), random.Random(5)
    leaks = Leaks(state)
    while len(state.history) < 10:
        leaks.look(state)
        state.apply(rng.choice(state.legal_actions()))
    leaks.look(state)
    update = room_for([0, 1]).update_for(state, 0)
    assert leaks.found(state, 0, update) == set()
    assert leaks.found(state, 0, {**update, "view": state.view(1)})
    event = {"type": "card_played", "seat": 1, "card": min(hand(state, 1) - leaks.public)}
    assert leaks.found(state, 0, {**update, "events": update["events"] + [event]})


@FEW
@given(st.sampled_from([3, 4]), st.integers(0, 2**32))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_update_is_the_seats_view_and_log_and_leaks_no_hidden_card(game_id, players, seed):
    """Random games, every seat remote: after every move each seat's update is its view and
    the rest of its log exactly, with no card from another hand it may not know."""
    state, rng = pygame_rules.new_game(game_id, players, seed=seed), random.Random(seed)
    room, leaks, sent = room_for(range(players)), Leaks(state), [0] * players
    while True:
        leaks.look(state)
        for seat in range(players):
            update = net.decode_host(net.encode(room.update_for(state, seat)))
            events = state.events_for(seat)
            assert update["view"] == as_json(state.view(seat))
            assert update["from"] == sent[seat] and ("reset" in update) == (sent[seat] == 0)
            assert update["events"] == as_json(events[sent[seat]:])
            assert update["seq"] == len(state.history)
            assert leaks.found(state, seat, update) == set()
            sent[seat] = len(events)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def play_over_the_wire(game_id, players, remote, seed):
    """A whole game: the host plays the local seats at random, each remote seat's guest
    chooses at random from its mirror; only encoded text passes between them; the host's
    room is saved and loaded again now and then, a guest reconnects now and then (and is sent
    only what it lacks: its mark of the log it holds is the host's)."""
    import render
    import tables
    from pygame_rules.teach import Teacher
    state, rng = pygame_rules.new_game(game_id, players, seed=seed), random.Random(seed)
    names = ["P%d" % (s + 1) for s in range(players)] + \
        [state.automaton_name(s) for s in state.automata]
    room, mirrors, teachers = room_for(remote), {}, {}
    for seat in remote:
        hello = net.decode_guest(net.encode(net.hello(ROOM, seat, SECRETS[seat])))
        assert room.admit(seat, hello) is None
        mirrors[seat] = net.SeatMirror(net.decode_host(net.encode(
            room.welcome(state, seat, names))))
        teachers[seat] = (Teacher(seat), Teacher(seat))

    def push():
        for seat, mirror in mirrors.items():
            update = net.decode_host(net.encode(room.update_for(state, seat)))
            assert "reset" not in update        # from the start or from what it holds
            mirror.receive(update)
            on_host, on_guest = teachers[seat]
            assert on_guest.look(mirror) == on_host.look(state)

    push()
    while not state.is_over:
        cur = state.current_player
        if rng.random() < 0.05:
            room = net.HostRoom.from_json(room.to_json())          # the host reloads
        if rng.random() < 0.05:
            seat = rng.choice(remote)                                # a guest reconnects
            hello = net.decode_guest(net.encode(mirrors[seat].hello(SECRETS[seat])))
            assert room.admit(seat, hello) is None
        if cur in mirrors:
            mirror = mirrors[cur]
            assert mirror.current_player == cur and mirror.moves == len(state.history)
            text = net.encode(mirror.act(rng.choice(mirror.legal_actions())))
            action = room.accept(state, cur, net.decode_guest(text))
            assert type(action) is tuple, action
            assert type(room.accept(state, cur, net.decode_guest(text))) is tuple  # no change
        else:
            assert all(m.legal_actions() == [] for m in mirrors.values())
            action = rng.choice(state.legal_actions())
        state.apply(action)
        push()
    table = tables.table_for(game_id)
    seats = [{"name": n, "kind": "human", "bot": None} for n in names[:players]]
    for seat, mirror in mirrors.items():
        assert mirror.is_over and len(mirror.history) == len(state.history)
        assert mirror.view(seat) == as_json(state.view(seat))
        assert mirror.events_for(seat) == as_json(state.events_for(seat))
        assert render.screen_html(table, mirror.view(seat), names, seats, {"names": names}) == \
            render.screen_html(table, state.view(seat), names, seats, {"names": names})
    return state


@pytest.mark.parametrize("game_id,players,remote", [
    ("take-a-chord", 4, [1, 2, 3]), ("take-bamboo", 3, [0, 2]), ("taktvoll", 4, [1, 3]),
    ("rechord", 3, [1, 2]), ("rechord", 1, [0])])
def test_whole_games_over_the_wire(game_id, players, remote):
    """Every title to its end with two or three guests; Re-Chord solo with Jim Bot too."""
    for seed in (1, 2):
        assert play_over_the_wire(game_id, players, remote, seed).is_over
