"""Invitations and replies for play from other devices (issue 23): the codes a host and a
guest pass by hand (a link, a QR code, pasted text) to open a WebRTC data channel.

An invitation `j1.…` (host to guest) and a reply `r1.…` (guest to host) are base64url of
struct-packed bytes (no zlib: the ICE password and the fingerprint are random): version, seat,
room (an invitation adds the game and the seat's secret), the SDP stripped to what a data
channel needs (`strip_sdp`; `build_sdp` rebuilds one) and the first 4 bytes of SHA-256. Read
with bounds, every field checked; anything else raises NetError, never echoing the input.
Pure: no I/O, no chance (room ids and secrets come from the caller: `token(random bytes)`).
"""

import base64
import ipaddress        # the standard library's parser and canonical form of IPv4 and IPv6
import re
import struct

import pygame_rules
from pygame_rules.core import EngineError, sha256

VERSION = 1
INVITE, REPLY, BROKERED = "j%d." % VERSION, "r%d." % VERSION, "b%d." % VERSION
BROKER_URL = re.compile(r"wss?://[^\s\"<>]{1,250}")   # as static/net.js's BROKER_URL
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "relay")
PREFERENCE = {"host": 126, "srflx": 100, "relay": 0}      # ICE type preferences
ADDRESS_BYTES = (4, 16, 16)     # by kind: IPv4, IPv6, an mDNS name's UUID
ROOM_BYTES, SECRET_BYTES = 6, 16
MAX_CODE_CHARS = 1_000          # one host candidate: 137 characters (an mDNS name: 153)
MAX_SDP_CHARS = 20_000
MAX_CANDIDATES = 8
MAX_SEATS = 8
_TOKEN = r"[A-Za-z0-9_-]*"
_ICE = r"[A-Za-z0-9+/]*"
_MDNS = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local"
_PORT = r"[0-9]{1,5}"
_ATTRIBUTES = {"a=ice-ufrag": "ufrag", "a=ice-pwd": "pwd", "a=setup": "setup"}


class NetError(EngineError):
    """A code, message or move from another device that is refused (message id, parameters)."""


def token(raw):
    """Base64url without padding: a room id (6 bytes) or secret (16) from the caller's bytes."""
    return base64.urlsafe_b64encode(bytes(raw)).decode("ascii").rstrip("=")


def token_bytes(text, size, field):
    """The bytes of a token `size` bytes long (NetError naming `field` if it is not one)."""
    if type(text) is str and len(text) == (4 * size + 2) // 3 and re.fullmatch(_TOKEN, text):
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        if token(raw) == text:
            return raw
    raise NetError("net.bad_field", field=field)


def is_token(text, size):
    """True if `text` is a token of `size` bytes."""
    try:
        return bool(token_bytes(text, size, ""))
    except NetError:
        return False


# --- SDP ------------------------------------------------------------------------------------
def strip_sdp(sdp):
    """What a data channel needs of an SDP: {"ufrag", "pwd", "fingerprint" (SHA-256, hex),
    "setup", "candidates": [[type, address, port(, raddr, rport)], …]} (UDP, component 1)."""
    if type(sdp) is not str or len(sdp) > MAX_SDP_CHARS:
        raise NetError("net.sdp_unusable", part="size")
    found, cands = {}, []
    for line in sdp.split("\n"):
        key, _, value = line.strip().partition(":")
        if key == "a=candidate":
            cands.append(candidate(value))
        elif key == "a=fingerprint" and value[:8].lower() == "sha-256 ":
            found.setdefault("fingerprint", value[8:].strip().replace(":", "").lower())
        elif key in _ATTRIBUTES:
            found.setdefault(_ATTRIBUTES[key], value.strip())
    fields = {k: found.get(k) for k in ("ufrag", "pwd", "fingerprint", "setup")}
    fields["candidates"] = [c for c in cands if c][:MAX_CANDIDATES]
    bad = bad_sdp_field(fields)
    if bad:
        raise NetError("net.sdp_unusable", part=bad)
    return fields


def candidate(value):
    """[type, address, port(, raddr, rport)] of a UDP component-1 candidate, else None; a
    reflexive or relayed one always has its related address (0.0.0.0 0 where none is given)."""
    p = value.split()
    if len(p) < 8 or p[1] != "1" or p[2].lower() != "udp" or p[6] != "typ" or \
            p[7] not in TYPES or address(p[4]) is None or port(p[5]) in (None, 0):
        return None
    if p[7] == "host":
        return [p[7], address(p[4]), port(p[5])]
    extra = dict(zip(p[8::2], p[9::2]))
    raddr, rport = address(extra.get("raddr")), port(extra.get("rport"))
    if raddr is None or rport is None:
        raddr, rport = "0.0.0.0", 0
    return [p[7], address(p[4]), port(p[5]), raddr, rport]


def port(text):
    """A port number from its digits, or None."""
    return int(text) if type(text) is str and re.fullmatch(_PORT, text) and \
        int(text) < 65536 else None


def address(text):
    """An address in its canonical form (IPv4, IPv6, an mDNS `<uuid>.local` name), or None."""
    if type(text) is not str or len(text) > 64 or "%" in text:
        return None
    if re.fullmatch(_MDNS, text.lower()):
        return text.lower()
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def bad_sdp_field(fields):
    """The name of the first missing or invalid stripped SDP field, else None."""
    get = fields.get if type(fields) is dict else {}.get
    cands = get("candidates")
    checks = (("fields", type(fields) is dict and len(fields) == 5),
              ("ufrag", text_ok(get("ufrag"), 4, 32, _ICE)),
              ("pwd", text_ok(get("pwd"), 22, 64, _ICE)),
              ("fingerprint", text_ok(get("fingerprint"), 64, 64, "[0-9a-f]*")),
              ("setup", get("setup") in SETUPS),
              ("candidate", type(cands) is list and 0 < len(cands) <= MAX_CANDIDATES and
               all(map(candidate_ok, cands))))
    return next((name for name, ok in checks if not ok), None)


def text_ok(value, low, high, pattern):
    """True if `value` is text of low to high characters, all of the pattern."""
    return type(value) is str and low <= len(value) <= high and \
        re.fullmatch(pattern, value) is not None


def candidate_ok(c):
    """True if `c` is a candidate as strip_sdp gives it."""
    return type(c) is list and len(c) == (3 if c[:1] == ["host"] else 5) and c[0] in TYPES and \
        address(c[1]) == c[1] and type(c[2]) is int and 0 < c[2] < 65536 and \
        (len(c) == 3 or address(c[3]) == c[3] and type(c[4]) is int and 0 <= c[4] < 65536)


def build_sdp(fields):
    """A data-channel-only SDP from stripped fields, as Chromium accepts it (CRLF lines)."""
    checked(fields)
    fp = fields["fingerprint"].upper()
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(fields["candidates"]):
        lines.append("a=candidate:%d 1 udp %d %s %d typ %s" % (
            i + 1, PREFERENCE[c[0]] << 24 | (65535 - i) << 8 | 255, c[1], c[2], c[0]) +
            (" raddr %s rport %d" % (c[3], c[4]) if len(c) == 5 else ""))
    lines += ["a=end-of-candidates", "a=ice-ufrag:" + fields["ufrag"],
              "a=ice-pwd:" + fields["pwd"],
              "a=fingerprint:sha-256 " + ":".join(fp[i:i + 2] for i in range(0, 64, 2)),
              "a=setup:" + fields["setup"], "a=mid:0", "a=sctp-port:5000",
              "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def checked(fields):
    """The stripped SDP fields, or NetError naming the first invalid one."""
    bad = bad_sdp_field(fields)
    if bad:
        raise NetError("net.bad_field", field=bad)
    return fields


def game_code(game_id):
    """The number an invitation names a game by (its declaration's `code`), or NetError."""
    game = pygame_rules.GAMES.get(game_id) if type(game_id) is str else None
    if game is None or game.code is None:
        raise NetError("net.bad_field", field="game")
    return game.code


def game_of_code(number, games=None):
    """The id of the game an invitation's number names, if it is one of `games` (default: the
    registry's), or NetError."""
    found = next((g.id for g in pygame_rules.GAMES.values() if g.code == number), None)
    if found is None or found not in (pygame_rules.GAMES if games is None else games):
        raise NetError("net.bad_field", field="game")
    return found


# --- invitations and replies ----------------------------------------------------------------
def pack_invite(game_id, room, seat, secret, fields):
    """The invitation "j1.…": game, room, seat, the seat's secret and the host's offer."""
    return pack(INVITE, room, seat, fields, bytes((game_code(game_id),)) +
                token_bytes(secret, SECRET_BYTES, "secret"))


def pack_reply(room, seat, fields):
    """The reply "r1.…": room, seat and the guest's answer."""
    return pack(REPLY, room, seat, fields, b"")


def pack(prefix, room, seat, fields, extra):
    """A code: version, seat, room, `extra`, the SDP fields, the check."""
    body = bytes((VERSION, seat_number(seat))) + token_bytes(room, ROOM_BYTES, "room") + extra
    checked(fields)
    body += struct.pack(">B32sB", SETUPS.index(fields["setup"]),
                        bytes.fromhex(fields["fingerprint"]), len(fields["ufrag"]))
    body += fields["ufrag"].encode() + bytes((len(fields["pwd"]),)) + fields["pwd"].encode()
    body += bytes((len(fields["candidates"]),))
    for c in fields["candidates"]:
        kind, raw = pack_address(c[1])
        rkind, rraw = pack_address(c[3]) if len(c) == 5 else (0, b"")
        body += bytes((TYPES.index(c[0]) << 4 | rkind << 2 | kind,)) + raw + \
            struct.pack(">H", c[2]) + (rraw + struct.pack(">H", c[4]) if rraw else b"")
    return prefix + token(body + sha256(prefix.encode() + body).digest()[:4])


def pack_address(addr):
    """(kind, bytes) of a canonical address: 0 IPv4, 1 IPv6, 2 an mDNS name's UUID."""
    if addr.endswith(".local"):
        return 2, bytes.fromhex(addr[:-6].replace("-", ""))
    ip = ipaddress.ip_address(addr)
    return (0 if ip.version == 4 else 1), ip.packed


def seat_number(seat):
    """A seat number, 0 to 7 (else NetError)."""
    if type(seat) is not int or not 0 <= seat < MAX_SEATS:
        raise NetError("net.bad_field", field="seat")
    return seat


def read_invite(text, games=None):
    """{"game", "room", "seat", "secret", "fields"} of an invitation (a whole link too), its
    game one of `games` (default: the registry's), or NetError."""
    out = read(text, INVITE, "net.not_invite", 1 + SECRET_BYTES)
    extra = out.pop("extra")
    return {"game": game_of_code(extra[0], games), **out, "secret": token(extra[1:])}


def pack_brokered(game_id, room, seat, secret, broker):
    """A one-click invitation "b1.…" (a broker passes the offer and answer, so it holds no
    SDP): version, seat, room, game, the seat's secret and the broker's address."""
    url = broker.encode("utf-8") if type(broker) is str and BROKER_URL.fullmatch(broker) else b""
    if not url:
        raise NetError("net.bad_field", field="broker")
    body = bytes((VERSION, seat_number(seat))) + token_bytes(room, ROOM_BYTES, "room") + \
        bytes((game_code(game_id),)) + token_bytes(secret, SECRET_BYTES, "secret") + \
        bytes((len(url),)) + url
    return BROKERED + token(body + sha256(BROKERED.encode() + body).digest()[:4])


def read_brokered(text, games=None):
    """{"game", "room", "seat", "secret", "broker"} of a one-click invitation (a whole link
    too), or NetError."""
    r = Reader(unwrap(text, BROKERED, "net.not_invite"))
    version(r.take(1)[0])
    seat, room, game = r.take(1)[0], token(r.take(ROOM_BYTES)), r.take(1)[0]
    secret, url = token(r.take(SECRET_BYTES)), r.take(r.take(1)[0])
    body = r.data[:r.at]
    if r.take(4) != sha256(BROKERED.encode() + body).digest()[:4] or r.at != len(r.data):
        raise NetError("net.tampered")
    game = game_of_code(game, games)
    broker = url.decode("utf-8", "replace")
    if not BROKER_URL.fullmatch(broker):
        raise NetError("net.bad_field", field="broker")
    return {"game": game, "room": room, "seat": seat_number(seat), "secret": secret,
            "broker": broker}


def broker_id(room, seat=None, nonce=""):
    """A device's id at the broker: the host's from its room, a guest's from the room, its
    seat and a nonce (letters and digits only, as PeerJS ids may be)."""
    raw = token_bytes(room, ROOM_BYTES, "room").hex()
    return "encore" + raw + ("" if seat is None else "s%d%s" % (seat_number(seat), nonce))


def read_reply(text):
    """{"room", "seat", "fields"} of a reply (a whole link too), or NetError."""
    out = read(text, REPLY, "net.not_reply", 0)
    del out["extra"]
    return out


def read(text, prefix, not_ours, extra):
    """{"room", "seat", "extra" (bytes), "fields"} of a code: cut, changed, of another version
    or with a field out of bounds, NetError."""
    r = Reader(unwrap(text, prefix, not_ours))
    version(r.take(1)[0])
    seat, room, more = r.take(1)[0], token(r.take(ROOM_BYTES)), r.take(extra)
    setup, fp = r.take(1)[0], r.take(32).hex()
    ufrag, pwd = r.take(r.take(1)[0]).decode("latin-1"), r.take(r.take(1)[0]).decode("latin-1")
    cands = [read_candidate(r) for _ in range(r.take(1)[0])]
    body = r.data[:r.at]
    if r.take(4) != sha256(prefix.encode() + body).digest()[:4] or r.at != len(r.data):
        raise NetError("net.tampered")
    fields = {"ufrag": ufrag, "pwd": pwd, "fingerprint": fp, "candidates": cands,
              "setup": SETUPS[setup] if setup < len(SETUPS) else None}
    return {"room": room, "seat": seat_number(seat), "extra": more, "fields": checked(fields)}


class Reader:
    """A code's bytes, read in order; running short means it was cut."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, n):
        """The next n bytes (NetError if fewer are left)."""
        self.at += n
        if self.at > len(self.data):
            raise NetError("net.truncated")
        return self.data[self.at - n:self.at]


def read_candidate(r):
    """A candidate as `pack` packed it."""
    head = r.take(1)[0]
    kind, rkind, typ = head & 3, head >> 2 & 3, head >> 4
    if kind == 3 or rkind == 3 or typ >= len(TYPES) or typ == 0 and rkind:
        raise NetError("net.tampered")
    out = [TYPES[typ], read_address(r, kind), struct.unpack(">H", r.take(2))[0]]
    return out + ([read_address(r, rkind), struct.unpack(">H", r.take(2))[0]] if typ else [])


def read_address(r, kind):
    """An address of a kind (pack_address's) from its bytes."""
    raw = r.take(ADDRESS_BYTES[kind])
    if kind < 2:
        return str(ipaddress.ip_address(raw))
    h = raw.hex()
    return "%s-%s-%s-%s-%s.local" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def unwrap(text, prefix, not_ours):
    """The bytes of a code (after any "#" of a whole link), bounded before it is decoded."""
    if type(text) is not str:
        raise NetError(not_ours)
    if len(text) > MAX_CODE_CHARS:
        raise NetError("net.too_big")
    found = re.match(r"([a-z])([0-9]{1,6})\.(.*)\Z", text.strip().rpartition("#")[2])
    if found is None or found.group(1) != prefix[0]:
        raise NetError(not_ours)
    if found.group(2) != str(VERSION):
        raise NetError("net.version", version=int(found.group(2)), expected=VERSION)
    data = found.group(3)
    if not re.fullmatch(_TOKEN, data):
        raise NetError("net.tampered")
    if len(data) % 4 == 1:
        raise NetError("net.truncated")
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    if token(raw) != data:
        raise NetError("net.tampered")       # bits that decoding would drop
    return raw


def version(number):
    """NetError unless a code is of this version."""
    if number != VERSION:
        raise NetError("net.version", version=number, expected=VERSION)


