"""Play from other devices (issue 23), the pure part of the channel: the messages a host and
its guests exchange, the host's room and the guest's mirror of its seat.

Messages are JSON text, read with `core.safe_json_loads` and a schema per type: a guest sends
hello (room, seat, secret, how much of the log it holds), act (seq: the moves so far, action)
and ping; the host sends welcome, update (the seat's view and the new events of its log,
"reset" when that log is no longer what was sent) and refused (a message id, parameters).
The seat of a message is the connection's, never the message's. Pure: no I/O, no chance. The
codes that open the channel are invite.py's (re-exported here).
"""

import hmac
import json
import re

import pygame_rules
from invite import (MAX_SDP_CHARS, MAX_SEATS, ROOM_BYTES, SECRET_BYTES, NetError, is_token,
                    broker_id, build_sdp, pack_brokered, pack_invite,       # noqa: F401
                    pack_reply, read_brokered, read_invite, read_reply,
                    strip_sdp, token)                     # (the codes, for the glue)
from pygame_rules.core import IllegalAction, clip, safe, safe_json_loads, sha256, short
from pygame_rules.messages import text

VERSION = 1
MAX_GUEST_BYTES = 8_000         # a hello or a move is under 200 bytes
MAX_HOST_BYTES = 250_000        # under the channel's max-message-size (262,144); a whole game's
MAX_DEPTH = 16                  # log and view measure under 40 KB and nest 6 deep
MAX_COUNT = 100_000             # events in a log, moves in a game


# --- messages ---------------------------------------------------------------------------------
def _int(low, high):
    """A check: an int (not a bool) from low to high."""
    return lambda v: type(v) is int and low <= v <= high


def _atom(v):
    """A part of an action or a refusal's parameter: bounded text or int, a bool, None."""
    return type(v) is str and len(v) <= 200 or type(v) is int and v.bit_length() <= 64 or \
        v is None or type(v) is bool


def _action(v):
    """An action as JSON: a list of 1 to 16 short texts or ints."""
    return type(v) is list and 0 < len(v) <= 16 and \
        all(type(a) is str and len(a) <= 64 or type(a) is int and _atom(a) for a in v)


def _view(v):
    """A seat's view, as far as the mirror reads it."""
    return type(v) is dict and _SEAT(v.get("seat")) and type(v.get("is_over")) is bool and \
        (v.get("current_player") is None or _int(0, 15)(v.get("current_player"))) and \
        type(v.get("legal")) is list and all(map(_action, v["legal"]))


_SEAT, _COUNT = _int(0, MAX_SEATS - 1), _int(0, MAX_COUNT)
_MARK = re.compile(r"[0-9a-f]{16}").fullmatch
GUEST = {"hello": {"v": _int(VERSION, VERSION), "room": lambda v: is_token(v, ROOM_BYTES),
                   "seat": _SEAT, "secret": lambda v: is_token(v, SECRET_BYTES),
                   "cursor": _COUNT, "mark": lambda v: type(v) is str and _MARK(v)},
         "act": {"seq": _COUNT, "action": _action},
         "ping": {}}
HOST = {"welcome": {"v": _int(VERSION, VERSION), "room": GUEST["hello"]["room"], "seat": _SEAT,
                    "game": lambda v: type(v) is str and v in pygame_rules.GAMES,
                    "players": _int(1, MAX_SEATS),
                    "names": lambda v: type(v) is list and 0 < len(v) <= 16 and
                    all(type(n) is str and len(n) <= 40 for n in v)},
        "update": {"seq": _COUNT, "from": _COUNT, "view": _view, "reset?": lambda v: v is True,
                   "events": lambda v: type(v) is list and all(
                       type(e) is dict and type(e.get("type")) is str for e in v)},
        "refused": {"seq": lambda v: v is None or _COUNT(v),
                    "msg_id": lambda v: type(v) is str and len(v) <= 64 and
                    re.fullmatch(r"[a-z]+(\.[a-z0-9_]+)+", v),
                    "params": lambda v: type(v) is dict and len(v) <= 8 and all(
                        type(k) is str and len(k) <= 20 and _atom(p) for k, p in v.items())}}


def fits(msg, schema):
    """True if the message has "t" and exactly the keys of `schema` ("…?": may be missing),
    each passing its check."""
    checks = {k.rstrip("?"): ok for k, ok in schema.items()}
    needed = {k for k in schema if not k.endswith("?")}
    return type(msg) is dict and needed <= msg.keys() - {"t"} <= checks.keys() and \
        all(bool(checks[k](v)) for k, v in msg.items() if k != "t")


def decode(text, limit, schemas):
    """A message read with bounds whose "t" is one of `schemas` and which fits it."""
    try:
        msg = safe_json_loads(text, limit, MAX_DEPTH)
    except ValueError:
        raise NetError("net.bad_message") from None
    kind = msg.get("t") if type(msg) is dict else None
    if type(kind) is not str or kind not in schemas or not fits(msg, schemas[kind]):
        raise NetError("net.bad_message")
    try:
        encode(msg).encode("utf-8")             # no lone surrogate ("\\ud800") anywhere
    except UnicodeEncodeError:
        raise NetError("net.bad_message") from None
    return msg


def decode_guest(text):
    """A guest's message (hello, act, ping) from its text, checked, or NetError."""
    return decode(text, MAX_GUEST_BYTES, GUEST)


def decode_host(text):
    """The host's message (welcome, update, refused) from its text, checked, or NetError."""
    return decode(text, MAX_HOST_BYTES, HOST)


def encode(msg):
    """A message as compact JSON text."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def refusal(seq, msg_id, params=None):
    """The "refused" message for a move (its seq; None for a hello): the reason's id and
    parameters (any that is not a plain value shown bounded)."""
    return {"t": "refused", "seq": seq, "msg_id": msg_id,
            "params": {k: v if _atom(v) else short(v) for k, v in (params or {}).items()}}


def hello(room, seat, secret, events=()):
    """A guest's first message on a connection: its invitation's room, seat and secret, and
    how much of the log it holds (the host sends on from there if it is the host's too)."""
    return {"t": "hello", "v": VERSION, "room": room, "seat": seat, "secret": secret,
            "cursor": len(events), "mark": mark(events)}


def name_of(names, seat):
    """A seat's name as the table shows it ("Player 3" for a seat without one in `names`)."""
    if type(seat) is int and 0 <= seat < len(names or ()):
        return names[seat]
    return text("ui.default_name", {"number": seat + 1 if type(seat) is int else "?"})


def reason_text(msg_id, params):
    """A refusal received from another device as the player reads it, in this page's language,
    its text parameters made safe (no control or bidi character); an id or parameters this
    catalogue cannot render give a plain "refused" quoting the id, escaped (issue 46, item 3)."""
    try:
        return text(msg_id, {k: safe(v) if type(v) is str else v for k, v in params.items()})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return text("ui.net.refused_unreadable", {"id": clip(str(msg_id))})


def mark(events):
    """A log's digest: the first 8 bytes of the SHA-256 of its canonical JSON (hex)."""
    data = json.dumps(list(events), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:16]


# --- the host ------------------------------------------------------------------------------
class HostRoom:
    """The host's side of the seats on other devices: the room id and, per remote seat, its
    secret, how far its log (`events_for(seat)`, 1:1 with `state.events`) was sent and the
    mark of what was sent (None: unknown, so all is sent again). Flat data, saved."""

    def __init__(self, room, secrets, cursors=None, marks=None):
        cursors, marks = cursors or {}, marks or {}
        self.room, self.secrets = room, dict(secrets)
        self.cursors = {s: cursors.get(s, 0) for s in self.secrets}
        self.marks = {s: marks.get(s) for s in self.secrets}
        if not is_token(room, ROOM_BYTES) or not set(cursors) | set(marks) <= set(secrets) or \
                not all(_SEAT(s) and is_token(x, SECRET_BYTES) and _COUNT(self.cursors[s]) and
                        (self.marks[s] is None or type(self.marks[s]) is str and
                         _MARK(self.marks[s])) for s, x in self.secrets.items()):
            raise NetError("net.bad_field", field="room")

    def to_json(self):
        """The room as JSON text: its id and [seat, secret, cursor, mark] per remote seat."""
        seats = [[s, x, self.cursors[s], self.marks[s]] for s, x in sorted(self.secrets.items())]
        return json.dumps({"room": self.room, "seats": seats})

    @classmethod
    def from_json(cls, text):
        """The room from to_json()'s text, or NetError."""
        try:
            body = safe_json_loads(text, 4_000, 3)
            seats = body["seats"]
            return cls(body["room"], {s: x for s, x, _, _ in seats},
                       {s: c for s, _, c, _ in seats}, {s: m for s, _, _, m in seats})
        except (ValueError, TypeError, KeyError):
            raise NetError("net.bad_field", field="room") from None

    def admit(self, seat, msg):
        """None if a hello (decoded) may take `seat`, the seat of the connection it came on,
        else the refusal to send."""
        if not fits(msg, GUEST["hello"]):
            return refusal(None, "net.bad_message")
        if not hmac.compare_digest(msg["room"].encode(), self.room.encode()):
            return refusal(None, "net.wrong_room")
        if msg["seat"] != seat or seat not in self.secrets:
            return refusal(None, "net.wrong_seat", {"seat": seat + 1})
        if not hmac.compare_digest(msg["secret"].encode(), self.secrets[seat].encode()):
            return refusal(None, "net.wrong_secret")
        self.cursors[seat], self.marks[seat] = msg["cursor"], msg["mark"]
        return None

    def welcome(self, state, seat, names):
        """The message after an admitted hello: the table the guest joins."""
        return {"t": "welcome", "v": VERSION, "room": self.room, "seat": seat,
                "game": state.game.id, "players": state.players, "names": list(names)}

    def update_for(self, state, seat):
        """The seat's view and the events of its log not sent yet (all, with "reset", if
        what was sent is no longer the start of the log, e.g. after an undo)."""
        events = state.events_for(seat)
        start, sent = self.cursors.get(seat, 0), self.marks.get(seat)
        reset = sent is None or start > len(events) or mark(events[:start]) != sent
        start = 0 if reset else start
        msg = {"t": "update", "seq": len(state.history), "from": start,
               "events": events[start:], "view": state.view(seat)}
        if reset:
            msg["reset"] = True
        self.cursors[seat], self.marks[seat] = len(events), mark(events)
        return msg

    def accept(self, state, seat, msg, names=()):
        """The legal action a guest's act (decoded) asks for, or the refusal to send: `seat` is
        the connection's, never the message's; the move must be for this very position (seq:
        the moves so far), at the seat's turn, legal. Nothing is applied. `names`: the seats'
        names, for a refusal that names whose turn it is."""
        if not fits(msg, GUEST["act"]):
            return refusal(None, "net.bad_message")
        seq, action = msg["seq"], tuple(msg["action"])
        why = self.why_not(state, seat, seq, action, names)
        if why:
            return refusal(seq, *why)
        legal = state.legal_actions()
        return legal[legal.index(action)]

    def why_not(self, state, seat, seq, action, names=()):
        """Why `seat` may not play `action` as move `seq`: (message id, parameters), or None
        (seats as the table numbers and names them)."""
        if seat not in self.secrets:
            return "net.wrong_seat", {"seat": seat + 1}
        if state.is_over:
            return "error.game_over", {}
        if seq != len(state.history):
            return "net.out_of_step", {"seq": seq, "expected": len(state.history)}
        if state.current_player != seat:
            return "error.not_your_turn", {"name": name_of(names, state.current_player)}
        try:
            state.check(action)
        except IllegalAction as err:
            return err.msg_id, err.params
        return None


# --- the guest ------------------------------------------------------------------------------
class SeatMirror:
    """The guest's stand-in for the state, for its one seat, built from the host's messages:
    what the tables, the log and teaching read (view, events_for, legal_actions,
    current_player, is_over, game, players, automata, the history's length)."""

    automata = ()                 # a game with guests has no seat the engine plays

    def __init__(self, welcome):
        if not fits(welcome, HOST["welcome"]) or welcome["seat"] >= welcome["players"]:
            raise NetError("net.bad_message")
        self.room, self.seat, self.game_id = welcome["room"], welcome["seat"], welcome["game"]
        self.game, self.players = pygame_rules.GAMES[self.game_id], welcome["players"]
        self.names, self.moves, self.events, self._view = welcome["names"], 0, [], None

    current_player = property(lambda self: self._view and self._view["current_player"],
                              doc="The seat to act (None before the first update, at the end).")
    is_over = property(lambda self: bool(self._view and self._view["is_over"]),
                       doc="True once the host's view says the game has ended.")
    history = property(lambda self: range(self.moves),
                       doc="As long as the game's history (the moves stay with the host).")

    def view(self, seat):
        """The seat's view as the host last sent it (a fresh copy)."""
        self.own(seat)
        return json.loads(encode(self._view)) if self._view else None

    def events_for(self, seat):
        """The seat's log as received."""
        self.own(seat)
        return list(self.events)

    def legal_actions(self):
        """The actions the seat may take now, as tuples (none unless it is its turn)."""
        return [tuple(a) for a in self._view["legal"]] if self._view else []

    def own(self, seat):
        """NetError unless `seat` is the mirror's own (no other seat's view is here)."""
        if type(seat) is not int or seat != self.seat:
            raise NetError("net.wrong_seat", seat=short(seat))

    def receive(self, msg):
        """Take in the host's message (decoded): a welcome again (on a new connection) renames
        the seats, an update moves the mirror on; NetError if it does not follow on."""
        if msg["t"] == "welcome" and (msg["room"], msg["seat"], msg["game"]) == \
                (self.room, self.seat, self.game_id):
            self.names = msg["names"]
        elif msg["t"] == "update" and msg["view"]["seat"] == self.seat and \
                msg["from"] == (0 if msg.get("reset") else len(self.events)):
            self.events = (self.events if msg["from"] else []) + msg["events"]
            self.moves, self._view = msg["seq"], msg["view"]
        elif msg["t"] != "refused":
            raise NetError("net.out_of_sync")

    def act(self, action):
        """The message asking the host to play `action` at this position."""
        return {"t": "act", "seq": self.moves, "action": list(action)}

    def hello(self, secret):
        """The hello on a new connection, with the log held so far."""
        return hello(self.room, self.seat, secret, self.events)
