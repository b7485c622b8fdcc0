"""Play from other devices (issue 23), the pure part: web/invite.py's codes.

SDP fixtures (tests/fixtures/net/): chromium_offer_ip and chromium_offer_mdns are the offers
Chromium 156 gathered in the research's experiment (/work/tools/p2p_exp, out_nomdns.json and
out_none.json) and *_rebuilt the SDP rebuilt from them that Chromium accepted there; the
handmade_* files are written by hand in the shapes the experiment did not capture (a
Firefox-like offer; an answer with IPv6, reflexive, relayed, TCP and scoped candidates)."""

import pathlib
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.core import sha256
from pygame_rules.messages import CATALOGUE

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import invite  # noqa: E402
from invite import NetError  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "net"
SDPS = ("chromium_offer_ip", "chromium_offer_mdns", "handmade_firefox_offer",
        "handmade_answer_mixed")
ROOM = invite.token(b"\x01room!")
SECRETS = {s: invite.token(bytes([s]) * 16) for s in range(8)}
FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


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
    """Invitations name the game by its number: every game has one, appended only."""
    assert set(invite.GAME_CODES) == set(pygame_rules.GAMES)
    assert invite.GAME_CODES[:4] == ("take-a-chord", "take-bamboo", "taktvoll", "rechord")


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
