"""A game as the page saves it in the store, and read back: the engine's save (checksummed,
replayed on load) wrapped with the seats, the screen and the teaching, every field checked
before a session is built from it (a save is untrusted: anything else is refused with a
reason, never half loaded).
"""

import json

import pygame_rules
import tables
from pygame_rules.core import SaveError, safe, safe_json_loads
from pygame_rules.messages import text

WEB_SAVE_FORMAT = "encore-web"
WEB_SAVE_VERSION = 1
BOT_LEVELS = ("easy", "normal", "hard", "heuristic", "random")  # what a seat may ask for
DEFAULT_BOT = "normal"
SAVE_MAX_CHARS = 1_000_000     # as the store's cap (static/store.js): the longest real save is
SAVE_MAX_DEPTH = 32            # far smaller, and our wrapper nests 4 deep
TAUGHT_MAX_IDS = 64            # a seat's lessons seen, as a save may hold them (a game has a
TAUGHT_MAX_CHARS = 40          # dozen or so, with ids like "improvisation_limit")
HINTS_MAX = 100_000            # a seat's hints, as a save may hold them


class SavedGameError(Exception):
    """A web save that cannot be resumed; carries a catalogue message id and parameters."""

    def __init__(self, msg_id, **params):
        self.msg_id = msg_id
        self.params = params
        super().__init__(text(msg_id, params))


def write(session, pending=None, saved_at=None):
    """The text kept in the page's store: the engine's save plus the seats, the screen and
    the table's half-made choice (`pending`, flat JSON); `saved_at` (ms since 1970) orders
    the start screen's Continue buttons, newest first."""
    return json.dumps({"format": WEB_SAVE_FORMAT, "version": WEB_SAVE_VERSION,
                       "engine": session.state.to_json(), "seats": session.seats,
                       "shown_round": session.shown_round,
                       "pending": clean_pending(pending), "recorded": session.recorded,
                       "practice": session.practice, "teaching": session.teaching,
                       "taught": {str(seat): ids for seat, ids in session.taught().items()},
                       "hints": {str(seat): n for seat, n in session.hints.items()},
                       "net": session.room.to_json() if session.room else None,
                       "summary": {**summary(session), "saved_at": saved_at or 0}})


def summary(session):
    """What the start screen says about a saved game before Python has loaded (with what
    tells two saves of a game apart: the players, the moves made; static/store.js adds when it
    was saved)."""
    view = session.state.view(None)
    msg, params = session.table.continue_line(view)
    title = session.state.game.shown_title()
    return {"game": session.state.game.id, "title": title, "over": view["is_over"],
            "msg": msg, "params": {**params, "title": title},
            "players": session.state.players, "moves": len(session.state.history)}


def read(cls, raw):
    """A session of class `cls` resumed from a saved game, or raise SavedGameError saying why
    it cannot be. Its size and nesting are checked before it is parsed. A hot seat's hand is
    never shown on resume (the curtain comes back); the half-made choice is kept in
    `saved_pending`."""
    try:
        body = safe_json_loads(raw, SAVE_MAX_CHARS, SAVE_MAX_DEPTH)
    except (TypeError, ValueError):
        raise SavedGameError("ui.save_unreadable") from None
    if not isinstance(body, dict) or body.get("format") != WEB_SAVE_FORMAT:
        raise SavedGameError("ui.save_unreadable")
    if body.get("version") != WEB_SAVE_VERSION:
        raise SavedGameError("ui.save_old_version")
    try:
        state = pygame_rules.load_state(body.get("engine"))
    except SaveError as err:
        raise SavedGameError("ui.save_refused", reason=err.message) from None
    seats = body.get("seats")
    if not isinstance(seats, list) or len(seats) != state.players:
        raise SavedGameError("ui.save_unreadable")
    try:
        seats = [clean_seat(s, i) for i, s in enumerate(seats)]
        shown = int(body.get("shown_round", body.get("shown_venue", 0)))
    except (TypeError, ValueError, AttributeError):
        raise SavedGameError("ui.save_unreadable") from None
    if state.game.id not in tables.game_ids():
        raise SavedGameError("ui.save_unreadable")
    session = cls(state, seats, room=saved_room(body.get("net"), seats))
    session.shown_round = max(0, min(shown, session.rounds_scored()))
    session.saved_pending = clean_pending(body.get("pending"))
    session.recorded = body.get("recorded") is True
    session.practice = body.get("practice") is True
    session.set_teaching(body.get("teaching") is True,
                         clean_taught(body.get("taught"), session.humans))
    session.hints = clean_hints(body.get("hints"), session.humans)
    return session


def saved_room(raw, seats):
    """The saved HostRoom (None without remote seats), or SavedGameError: its seats must be
    the remote ones."""
    remotes = {i for i, s in enumerate(seats) if s["kind"] == "remote"}
    if raw is None and not remotes:
        return None
    from net import HostRoom, NetError
    try:
        room = HostRoom.from_json(raw) if isinstance(raw, str) else None
    except NetError:
        room = None
    if room is None or set(room.secrets) != remotes:
        raise SavedGameError("ui.save_unreadable")
    return room


def clean_pending(pending):
    """A table's half-made choice as it may be saved: a small flat dict of str keys and int,
    str or None values (anything else: None, nothing pending)."""
    if not isinstance(pending, dict) or len(pending) > 8:
        return None
    for name, value in pending.items():
        if not isinstance(name, str) or len(name) > 20 or \
                not (value is None or
                     isinstance(value, (int, str)) and not isinstance(value, bool)) \
                or isinstance(value, str) and len(value) > 40 or \
                isinstance(value, int) and not -10**6 < value < 10**6:
            return None
    return dict(pending)


def clean_taught(taught, humans):
    """The lessons each person was shown, as a save may hold them: {seat as text: [short ids]}
    for people's seats only; anything else is dropped whole (None: the game goes on, and a
    lesson may come again)."""
    if not isinstance(taught, dict) or len(taught) > len(humans):
        return None
    out = {}
    for key, ids in taught.items():
        if not isinstance(key, str) or not key.isdigit() or len(key) > 2 or \
                int(key) not in humans or not isinstance(ids, list) or \
                len(ids) > TAUGHT_MAX_IDS or \
                not all(isinstance(i, str) and 0 < len(i) <= TAUGHT_MAX_CHARS for i in ids):
            return None
        out[int(key)] = list(dict.fromkeys(ids))
    return out


def clean_hints(hints, humans):
    """The hints each person was shown, as a save may hold them: {seat as text: a count} for
    people's seats only; anything else is dropped whole ({}: none counted)."""
    if not isinstance(hints, dict) or len(hints) > len(humans):
        return {}
    out = {}
    for key, count in hints.items():
        if not isinstance(key, str) or not key.isdigit() or len(key) > 2 or \
                int(key) not in humans or type(count) is not int or \
                not 0 <= count <= HINTS_MAX:
            return {}
        out[int(key)] = count
    return out


def default_name(index, lang=None):
    """The name of a seat its player left unnamed ("Player 2"), in a language (None: now's)."""
    return text("ui.default_name", {"number": index + 1}, lang=lang)


def renamed_defaults(names, before):
    """The seats' names with each default one of the language `before` ("Player 2") given in
    the current language instead ("プレイヤー2"); a name the player chose stays (issue 45)."""
    return [default_name(i) if name == default_name(i, before) else name
            for i, name in enumerate(names)]


def clean_seat(seat, index):
    """A seat dict with only known keys and a non-empty name (any text, each control or bidi
    character in it written as its escape: `safe`)."""
    kind = seat.get("kind") if seat.get("kind") in ("human", "remote") else "bot"
    name = safe(str(seat.get("name") or "").strip()[:40])
    if not name:
        name = default_name(index)
    bot = seat.get("bot") if seat.get("bot") in BOT_LEVELS else DEFAULT_BOT
    return {"name": name, "kind": kind, "bot": bot if kind == "bot" else None}
