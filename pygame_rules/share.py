"""Share by link (issue 18): a whole game in a short URL-safe string for a link's fragment.

    e1.<base64url, no padding, of zlib(compact JSON payload)>

The payload is a dict: "f" the format tag, "v" the version, "g" the game id, "p" the players,
"s" the seed, "o" the options that differ from the defaults, "u" the set-up (None in play),
"a" the actions, each the index of the action in `legal_actions()` at its turn, "t" the seats
([name, kind, bot level] or None) and "c" the first 8 bytes of the SHA-256 of the rest (hex).
Indices rather than the actions themselves: one small number per move compresses to about a
third of the length (benchmarks/share_links.py measures both), and the reader replays anyway.
Pure: no I/O. Anything that is not a link this module made raises ShareError, read with bounds
(length, decompressed size, nesting) before any deep work, its message never echoing the input.
"""

import base64
import json
import re
import zlib

from .core import EngineError, GAMES, clip, new_game, safe_json_loads, sha256

SHARE_FORMAT = "encore-share"
SHARE_VERSION = 1
PREFIX = "e%d." % SHARE_VERSION
# Bounds, from benchmarks/share_links.py: the longest link of the bots' play (Re-Chord 5 players
# without anti-stall, 213 actions) has 547 characters and its JSON 946 bytes; the caps are over
# 50 times those. The nesting cap is the saves' (a test set-up nests 5 deep, a seat 2).
MAX_LINK_CHARS = 32_000
MAX_PAYLOAD_BYTES = 64_000
MAX_DEPTH = 16
MAX_ACTIONS = 20_000
MAX_NAME = 40
MAX_SEED_CHARS = 64
_PREFIX = r"e(\d{1,6})\."   # the patterns are compiled by `re` when first used
_OTHER = r"[A-Za-z0-9_-]{1,12}[.:=]"    # another format's prefix or key
_BASE64URL = r"[A-Za-z0-9_-]*"
_KINDS = ("human", "bot")
_FIELDS = frozenset("fvgpsouatc")


class ShareError(EngineError):
    """A link that is broken, truncated, tampered with, from another version or not ours."""


def to_share(state, seats=None):
    """The share string of a game (and its seats: dicts with "name", "kind", "bot")."""
    payload = {"f": SHARE_FORMAT, "v": SHARE_VERSION, "g": state.game.id, "p": state.players,
               "s": state.seed, "o": changed_options(state), "u": state.setup,
               "a": action_indices(state), "t": seat_rows(seats)}
    payload["c"] = _check(payload)
    if bad_field(payload) or payload["t"] is not None and \
            not (len(payload["t"]) == state.players and all(map(_seat_ok, payload["t"]))):
        raise ShareError("share.invalid", why="the game or its seats cannot be put in a link")
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    link = PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    if len(raw) > MAX_PAYLOAD_BYTES or len(link) > MAX_LINK_CHARS:
        raise ShareError("share.too_big")         # far over any real game: never seen
    return link


def changed_options(state):
    """The options that differ from the game's defaults, and those with a legacy value unless
    they hold it (a link without one is older than the option: `Game.recorded_options`)."""
    return {o.name: state.options[o.name] for o in state.game.options
            if state.options.get(o.name, o.default) != (o.default if o.legacy is None
                                                         else o.legacy)}


def action_indices(state):
    """Each action of the history as its index among the legal actions at its turn."""
    replay = new_game(state.game.id, state.players, state.seed, state.options, state.setup)
    replay.events = None                 # no log needed to find the indices
    out = []
    for action in state.history:
        out.append(replay.legal_actions().index(action))
        replay.apply(action)
    return out


def seat_rows(seats):
    """Seats as compact rows [name (≤ 40 characters), kind, bot level], or None."""
    if seats is None:
        return None
    return [[str(s.get("name") or "")[:MAX_NAME],         # another device's seat: a person's
             "human" if s.get("kind") == "remote" else s.get("kind"), s.get("bot")] for s in seats]


def _check(payload):
    """The first 8 bytes of SHA-256 of the canonical JSON of the payload without "c" (hex)."""
    data = json.dumps({k: v for k, v in payload.items() if k != "c"},
                      separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return sha256(data.encode("utf-8")).hexdigest()[:16]


def from_share(text):
    """The (state, seats) of a share string (a whole link or its fragment), or ShareError."""
    payload = read_payload(text)
    seats = read_seats(payload.get("t"), payload["p"])
    try:
        state = new_game(payload["g"], payload["p"], payload["s"],
                         GAMES[payload["g"]].recorded_options(payload["o"]), payload["u"])
        replay_indices(state, payload["a"])
    except EngineError as err:
        raise ShareError("share.invalid", why=clip(err.message, 200)) from None
    except Exception as err:   # noqa: BLE001 - the last guard: a game's code failing on a link
        raise ShareError("share.invalid", why=clip(type(err).__name__)) from None
    return state, seats


def replay_indices(state, indices):
    """Apply each action by its index among the legal actions (ShareError if out of range)."""
    for n, index in enumerate(indices):
        legal = state.legal_actions()
        if not 0 <= index < len(legal):
            raise ShareError("share.invalid", why="move %d is not one of the choices" % (n + 1))
        state.apply(legal[index])


def read_payload(text):
    """The payload of a share string, bounded, decompressed, checked (or ShareError)."""
    raw = decompress(unwrap(text))
    try:
        payload = safe_json_loads(raw, MAX_PAYLOAD_BYTES, MAX_DEPTH)
    except ValueError:
        raise ShareError("share.tampered") from None
    if type(payload) is not dict or payload.get("f") != SHARE_FORMAT:
        raise ShareError("share.foreign")
    if payload.get("v") != SHARE_VERSION or type(payload.get("v")) is not int:
        raise ShareError("share.version", version=clip(payload.get("v"), 8),
                         expected=SHARE_VERSION)
    try:
        check = _check(payload)
    except ValueError:               # a lone surrogate: never written by to_share
        raise ShareError("share.tampered") from None
    if payload.get("c") != check:
        raise ShareError("share.tampered")
    bad = bad_field(payload)
    if bad:
        raise ShareError("share.invalid", why="its “%s” field is not valid" % bad)
    return payload


def unwrap(text):
    """The base64 part of a share string (after any "#" of a whole link), prefix checked."""
    if type(text) is not str:
        raise ShareError("share.not_a_link")
    if len(text) > MAX_LINK_CHARS:
        raise ShareError("share.too_big")
    text = text.strip().rpartition("#")[2]
    found = re.match(_PREFIX, text)
    if found is None:
        raise ShareError("share.foreign" if re.match(_OTHER, text) else "share.not_a_link")
    if found.group(1) != str(SHARE_VERSION):
        raise ShareError("share.version", version=found.group(1), expected=SHARE_VERSION)
    data = text[found.end():]
    if not re.fullmatch(_BASE64URL, data):
        raise ShareError("share.tampered")
    return data


def decompress(data):
    """The bytes of the base64url text, inflated to at most MAX_PAYLOAD_BYTES (or ShareError)."""
    if len(data) % 4 == 1:
        raise ShareError("share.truncated")
    packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error:
        raise ShareError("share.tampered") from None
    if inflate.unconsumed_tail:
        raise ShareError("share.too_big")
    if not inflate.eof:                          # cut short (its last character may be a
        raise ShareError("share.truncated")      # part of a byte: checked after this)
    if inflate.unused_data or \
            base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=") != data:
        raise ShareError("share.tampered")       # more after the end, or changed bits that
    return raw                                   # decoding would drop


def bad_field(payload):
    """The name of the first field of the wrong type or size, else None."""
    seed, options, setup, actions = (payload.get(k) for k in "soua")
    checks = (
        ("fields", payload.keys() == _FIELDS),
        ("game", type(payload.get("g")) is str and payload["g"] in GAMES),
        ("players", type(payload.get("p")) is int and 0 < payload["p"] < 100),
        ("seed", type(seed) is int and seed.bit_length() <= 64 or
         type(seed) is str and len(seed) <= MAX_SEED_CHARS),
        ("options", type(options) is dict and
         all(type(v) is bool or type(v) is int and v.bit_length() <= 64 or
             type(v) is str and len(v) <= 40 for v in options.values())),
        ("setup", setup is None or type(setup) is dict),
        ("actions", type(actions) is list and len(actions) <= MAX_ACTIONS and
         all(type(i) is int and 0 <= i < 10_000 for i in actions)),
    )
    return next((name for name, ok in checks if not ok), None)


def read_seats(rows, players):
    """Seats from their rows: None, or one [name, kind, bot] per player (else ShareError)."""
    if rows is None:
        return None
    if type(rows) is not list or len(rows) != players or not all(map(_seat_ok, rows)):
        raise ShareError("share.invalid", why="its “seats” field is not valid")
    return [{"name": name, "kind": kind, "bot": bot} for name, kind, bot in rows]


def _seat_ok(row):
    """A seat row: [name ≤ 40 characters, "human" or "bot", a short bot level or None]."""
    return type(row) is list and len(row) == 3 and type(row[0]) is str and \
        len(row[0]) <= MAX_NAME and row[1] in _KINDS and \
        (row[2] is None or type(row[2]) is str and len(row[2]) <= 20)
