"""Play from other devices (issue 23), what the page does with the channel, without the DOM:
the host's side (what each guest's text asks for, what each guest is sent after a change) and
the guest's table (`GuestSession`: the page's session for one seat, over a `net.SeatMirror`).

hosting.py and joining.py own the connections (static/net.js) and the screen; everything they
decide with is here, so the same code runs in CPython tests. The host's engine is the only
judge: a guest's move is sent as text and comes back, played or refused, in the host's next
message.
"""

from contextlib import contextmanager

import app
import answers
import pygame_rules
import render
from invite import BROKER_URL, SECRET_BYTES, is_token
from net import (GUEST, MAX_DEPTH, MAX_HOST_BYTES, VERSION, NetError, SeatMirror, decode_guest,
                 decode_host, encode, fits, hello, refusal)
from pygame_rules.core import EngineError, safe_json_loads, short

HOST_PEER = "host"                 # the guest's one connection, to its host
MAX_KEPT_CHARS = MAX_HOST_BYTES + 4_000   # a guest's kept seat: its welcome and one update
KEPT = ("v", "secret", "broker", "welcome", "update", "shown_round")   # its fields
STATES = ("making", "inviting", "open", "joined", "away")   # a remote seat's link, in order
WHY = ("bad_id", "closed", "bad_sdp", "no_offer", "no_text", "no_reader", "no_script",
       "broker_address", "broker_timeout", "broker_refused", "broker_unreachable",
       "no_share", "browser")       # why a connection step failed (net.js's "net:<why>" codes)


def peer_of(seat):
    """The host's connection id for a remote seat."""
    return "seat-%d" % seat


def seat_of(peer):
    """The remote seat of a host's connection id, or None."""
    head, _, number = str(peer).partition("-")
    return int(number) if head == "seat" and len(number) == 1 and number in "01234567" else None


class Devices:
    """The host's links to its guests: per remote seat, its state (making an invitation,
    inviting, open, joined, away), the invitation (link and QR drawing), the last reply's
    trouble, and the position last sent ((moves, events) of that seat's log)."""

    def __init__(self, seats):
        self.state = {s: "making" for s in seats}
        self.invite = {s: "" for s in seats}
        self.qr = {s: "" for s in seats}
        self.trouble = {s: "" for s in seats}
        self.sent = {s: None for s in seats}
        self.admitted = set()          # seats whose guest said hello on its connection
        self.broker = None             # the broker's address (one-click invitations), or None

    def joined(self):
        """The seats whose guest is at the table now."""
        return [s for s, st in sorted(self.state.items()) if st == "joined"]

    def waiting(self):
        """The seats no guest holds now (not yet joined, or away)."""
        return [s for s, st in sorted(self.state.items()) if st != "joined"]

    def set(self, seat, state):
        """A seat's link is now in `state` (a seat that left the room is forgotten)."""
        if seat in self.state:
            self.state[seat] = state
            if state == "joined":
                self.admitted.add(seat)
            else:
                self.sent[seat] = None

    def forget(self, seat):
        """The seat is no longer on another device (handed to a bot)."""
        for held in (self.state, self.invite, self.qr, self.trouble, self.sent):
            held.pop(seat, None)
        self.admitted.discard(seat)


def host_receive(session, devices, seat, raw):
    """A guest's text on the connection of `seat`: the messages to send back, and whether the
    game moved (then every joined guest is sent its update). A hello admits the guest (its
    welcome and its log follow), an act is played if the room and the engine allow it; anything
    else is refused, and nothing changes."""
    try:
        msg = decode_guest(raw)
    except NetError as err:
        return [refusal(None, err.msg_id, err.params)], False
    if msg["t"] == "hello":
        why = session.room.admit(seat, msg)
        if why is not None:
            return [why], False
        devices.set(seat, "joined")
        devices.sent[seat] = position(session, seat)
        return [session.room.welcome(session.state, seat, session.names()),
                session.room.update_for(session.state, seat)], False
    if devices.state.get(seat) != "joined":
        return [refusal(None, "net.wrong_secret")], False
    if msg["t"] == "ping":
        return [], False
    why = session.remote_move(seat, msg)
    return ([why], False) if why is not None else ([], True)


def position(session, seat):
    """What a seat's guest has been sent when it is up to date: (moves, its log's length)."""
    return len(session.state.history), len(session.state.events_for(seat))


def host_updates(session, devices):
    """{seat: update} for each joined guest whose view may have changed since it was last sent
    (a move, an undo, a round closed): its view and the new events of its own log only."""
    out = {}
    for seat in devices.joined():
        now = position(session, seat)
        if devices.sent[seat] != now or session.room.cursors.get(seat) != now[1]:
            out[seat] = session.room.update_for(session.state, seat)
            devices.sent[seat] = now
    return out


def waiting_status(session, devices):
    """The host's status line while a guest must move: (message id, parameters) or None."""
    seat = session.waiting_for_remote()
    if seat is None or devices is None:
        return None
    key = "ui.net.status_waiting" if devices.state.get(seat) == "joined" else "ui.net.status_away"
    return key, {"name": session.names()[seat]}


# --- the guest's table ---------------------------------------------------------------------------
class GuestSession(app.Session):
    """The page's session on a guest's device: one seat, the host's view of it and that seat's
    log (a `SeatMirror`), and the moves to send. Nothing is played here: a move goes into
    `outbox` and the board waits until the host's update or refusal comes back. No undo, hints,
    teaching, replay, saves or statistics on a guest's device (the host keeps the game)."""

    guest = True

    def __init__(self, mirror, secret):
        super().__init__(mirror, [
            {"name": n, "kind": "human" if i == mirror.seat else "remote", "bot": None}
            for i, n in enumerate(mirror.names[:mirror.players])])
        self.secret = secret
        self.recorded = True       # no statistics here: the host keeps them
        self.outbox, self.sent = [], None      # messages to send; the seq of a move in flight
        self.joining = True        # a new connection's first update is still to come
        self.broker = None         # the broker its last invitation named (to call again), or None

    @classmethod
    def join(cls, welcome_text, secret):
        """The guest's table from the host's welcome (text), or NetError."""
        msg = decode_host(welcome_text)
        if msg["t"] != "welcome":
            raise NetError("net.out_of_sync")
        return cls(SeatMirror(msg), secret)

    def seat_bots(self):
        """No bot plays on a guest's device (the host's engine plays the others)."""
        return [None] * self.state.players, None

    def names(self):
        """The seats' names as the host sent them (with a seat the engine plays)."""
        return list(self.state.names)

    def set_teaching(self, on, taught=None):
        """No teaching on a guest's device (its lessons would need the whole game)."""
        self.teaching = False

    def has_thinking_bots(self):
        """No bot plays on a guest's device."""
        return False

    def hint_seat(self):
        """No hints on a guest's device (a hint searches the host's game)."""
        return None

    def undo_seat(self):
        """No undo on a guest's device (the host may take back a move in practice)."""
        return None

    def rounds_scored(self):
        """Rounds scored so far, from this seat's own view (there is no other here)."""
        view = self.state.view(self.state.seat)
        return self.table.rounds_scored(view) if view else 0

    def view(self):
        """This seat's view; while a move is in flight, with nothing to choose."""
        view = self.state.view(self.state.seat)
        if view is not None and self.sent is not None:
            view["legal"] = []
        return view

    def events(self):
        """This seat's log as received."""
        return self.state.events_for(self.state.seat)

    def human_move(self, action):
        """Send a move at this seat's turn (not played here: the host's engine judges it, and
        its refusal comes back with the rule's reason, as a person at the host would read it);
        None, or the refusal if it is not this seat's turn, one is already in flight, or it is
        not an action at all."""
        if self.sent is not None:
            return EngineError("ui.net.sent")
        if self.state.current_player != self.state.seat:
            return self.turn_refusal()
        action = answers.as_action(action)
        msg = self.state.act(action) if isinstance(action, tuple) else None
        if msg is None or not fits(msg, GUEST["act"]):
            return EngineError("error.bad_action", action=short(action))
        self.outbox.append(msg)
        self.sent = self.state.moves
        return None

    def auto_move(self, prefs):
        """A move the table makes by itself for this person (e.g. Re-Chord's "always claim"),
        sent like any other; returns the action, or None."""
        view = self.view()
        if view is None or self.sent is not None or self.round_pending() or \
                view["current_player"] != self.state.seat:
            return None
        action = self.table.auto_action(view, prefs)
        return action if action is not None and self.human_move(action) is None else None

    def hello(self):
        """The hello for a new connection (with the log held so far)."""
        return hello(self.state.room, self.state.seat, self.secret, self.state.events)

    def receive(self, raw):
        """Take in the host's text: None, or a refusal's (message id, parameters) to show.
        NetError if it cannot be read or does not follow on (connect again to catch up)."""
        msg = decode_host(raw)
        if msg["t"] == "refused":
            if msg["seq"] is None or msg["seq"] == self.sent:
                self.sent = None
            return msg["msg_id"], msg["params"]
        held = self.rounds_scored()
        self.state.receive(msg)
        if msg["t"] == "welcome":
            self.seats = [{**s, "name": n} for s, n in zip(self.seats, msg["names"])]
            self.joining = True
        else:
            self.sent = None
            self.catch_up(held)
        return None

    def catch_up(self, held):
        """After an update (`held`: the rounds scored before it): the first on a connection
        shows no score table of a round that ended while this device was not at the table
        (one it held open still shows); a new game starts its tables anew."""
        scored = self.rounds_scored()
        if self.joining and self.shown_round >= held:
            self.shown_round = scored
        self.joining = False
        self.shown_round = min(self.shown_round, scored)

    def take_outbox(self):
        """The texts to send to the host now (the outbox is emptied)."""
        out, self.outbox = [encode(m) for m in self.outbox], []
        return out

    def keep(self):
        """What this tab keeps to take the seat again after a reload (JSON text): the
        invitation's secret and broker, the host's welcome, this seat's view and log as last
        received (one update from the start) and the tables closed. Only this seat's: a
        guest's device holds nothing else."""
        mirror, view = self.state, self.state.view(self.state.seat)
        welcome = {"t": "welcome", "v": VERSION, "room": mirror.room, "seat": mirror.seat,
                   "game": mirror.game_id, "players": mirror.players, "names": mirror.names}
        update = view and {"t": "update", "seq": mirror.moves, "from": 0, "reset": True,
                           "events": mirror.events, "view": view}
        return encode(dict(zip(KEPT, (VERSION, self.secret, self.broker, welcome, update,
                                      self.shown_round))))

    @classmethod
    def from_kept(cls, text):
        """The guest's table from keep()'s text (untrusted: every field is checked, the host's
        messages with the host's own schemas), or NetError naming the first field that is not
        valid."""
        with kept_field("guest"):
            body = safe_json_loads(text, MAX_KEPT_CHARS, MAX_DEPTH)
            if type(body) is not dict or set(body) != set(KEPT) or body["v"] != VERSION:
                raise NetError("net.bad_field", field="guest")
        secret, broker, shown = body["secret"], body["broker"], body["shown_round"]
        if not is_token(secret, SECRET_BYTES):
            raise NetError("net.bad_field", field="secret")
        if broker is not None and not (type(broker) is str and BROKER_URL.fullmatch(broker)):
            raise NetError("net.bad_field", field="broker")
        with kept_field("welcome"):
            guest = cls.join(kept_message(body, "welcome"), secret)
            if len(guest.seats) != guest.state.players:
                raise NetError("net.bad_field", field="welcome")
        guest.broker = broker
        with kept_field("update"):
            if body["update"] is not None and guest.receive(kept_message(body, "update")):
                raise NetError("net.bad_field", field="update")
            scored = guest.rounds_scored()
        if type(shown) is not int or not 0 <= shown <= scored:
            raise NetError("net.bad_field", field="shown_round")
        guest.shown_round = shown
        return guest


@contextmanager
def kept_field(name):
    """Checking a field of a guest's kept entry: whatever fails in it is NetError naming it."""
    try:
        yield
    except (NetError, LookupError, TypeError, ValueError, AttributeError):
        raise NetError("net.bad_field", field=name) from None


def kept_message(body, kind):
    """The host's message kept as `kind` in a guest's entry, as text, if it reads as one of
    that kind (an update: one from the start of the log), else NetError."""
    raw = encode(body[kind])
    msg = decode_host(raw)
    if msg["t"] != kind or kind == "update" and msg.get("reset") is not True:
        raise NetError("net.bad_message")
    return raw


# --- what the screen shows -------------------------------------------------------------------
def devices_html(session, links):
    """The host's "Other devices" panel: per remote seat its state and, while it is invited,
    the invitation (QR code, link, Copy) and a place for the reply (paste, Connect, Scan);
    a seat not at the table may get a new invitation or be handed to a bot."""
    names = session.names()
    parts = ['<p class="net-intro">%s</p>' % render.t("ui.net.intro")]
    for seat in sorted(links.state):
        parts.append(seat_html(seat, names[seat], links))
    return render.modal("devices", render.t("ui.net.devices"), "".join(parts),
                        [("close", render.t("ui.net.play"))])


def seat_html(seat, name, links):
    """One remote seat in the "Other devices" panel."""
    state = links.state[seat]
    head = ('<h3>%s</h3><p class="device-state" data-state="%s">%s</p>'
            % (render.t("ui.net.seat_title", seat=seat + 1, name=name), state,
               render.t("ui.net.state." + state)))
    body = ""
    if state == "inviting":
        body = invite_html(seat, name, links, manual=not links.broker)
    buttons = []
    if state in ("joined", "away", "open") or links.trouble[seat]:
        buttons.append(("net-invite", "ui.net.new_invite"))
    if state != "joined":
        buttons.append(("net-bot", "ui.net.to_bot"))
    row = "".join('<button type="button" class="small" data-action="%s" data-seat="%d" '
                  'data-key="%s-%d">%s</button>' % (a, seat, a, seat, render.t(label))
                  for a, label in buttons)
    trouble = render.escape(links.trouble[seat])
    return ('<section class="device" data-seat="%d">%s%s<p class="notice" role="alert">%s</p>'
            '<div class="device-buttons">%s</div></section>' % (seat, head, body, trouble, row))


def invite_html(seat, name, links, manual=True):
    """An invitation on screen: its QR code, its link to copy, and (`manual`: no broker passes
    the reply) the reply's box."""
    head = ('<div class="invite"><div class="qr" role="img" aria-label="%s">%s</div>'
            '<div class="invite-text"><label>%s<input type="text" class="invite-link" readonly '
            'value="%s" data-key="invite-%d"></label>'
            '<button type="button" class="small" data-action="net-copy" data-seat="%d" '
            'data-key="net-copy-%d">%s</button>'
            % (render.t("ui.net.invite_label", name=name), links.qr[seat],
               render.t("ui.net.invite_label", name=name), render.escape(links.invite[seat]),
               seat, seat, seat, render.t("ui.net.copy_invite")))
    if not manual:
        return head + '<p class="net-intro">%s</p></div></div>' % render.t("ui.net.one_click")
    return head + ('<label>%s<textarea class="reply-box" rows="2" data-key="reply-%d" '
            'placeholder="%s" spellcheck="false" autocomplete="off"></textarea></label>'
            '<div class="device-buttons"><button type="button" class="primary small" '
            'data-action="net-accept" data-seat="%d" data-key="net-accept-%d">%s</button>'
            '<button type="button" class="small" data-action="net-scan" data-seat="%d" '
            'data-key="net-scan-%d">%s</button></div></div></div>'
            % (render.t("ui.net.reply_label", name=name), seat, render.t("ui.net.reply_placeholder"),
               seat, seat, render.t("ui.net.connect"), seat, seat, render.t("ui.net.scan")))


def join_html(join, share=False):
    """The guest's screen while it joins: the invitation's game and seat, then its reply to
    show the host (QR code, text; Copy, and Share where the browser can: `share`), what it
    waits for, or why it cannot join."""
    title = pygame_rules.GAMES[join["game"]].shown_title() if join.get("game") else ""
    body = ['<p>%s</p>' % render.t("ui.net.join_seat", seat=join["seat"] + 1)
            if join.get("seat") is not None else ""]
    replying = bool(join.get("reply")) and not join.get("error") and not join.get("broker")
    if join.get("error"):
        body.append('<p class="notice" role="alert">%s</p>' % render.escape(join["error"]))
    elif join.get("broker"):
        body.append('<p role="status" class="join-state">%s</p>' % render.t(
            "ui.net.join_open" if join.get("open") else "ui.net.join_broker",
            broker=join["broker"]))
    elif not replying:
        body.append('<p role="status">%s</p>' % render.t("ui.net.join_making"))
    else:
        body.append(reply_html(join, share))
    return render.modal("join", render.t("ui.net.join_title", title=title) if title else
                        render.t("ui.net.devices"), "".join(body),
                        [("leave", render.t("ui.net.leave"))], primary=not replying)


def reply_html(join, share):
    """The guest's reply on its joining screen: its QR code for the host's camera, its text
    with Copy (and Share: `share`), a line for "Copied." and what the guest waits for."""
    buttons = [("net-copy-reply", "primary small", "ui.net.copy_reply")] + \
        ([("net-share-reply", "small", "ui.net.share_reply")] if share else [])
    row = "".join('<button type="button" class="%s" data-action="%s" data-key="%s">%s</button>'
                  % (css, action, action, render.t(label)) for action, css, label in buttons)
    return ('<p>%s</p><div class="join-reply"><div class="qr" role="img" aria-label="%s">%s'
            '</div><div class="join-text"><label>%s<input type="text" class="reply-link" '
            'readonly value="%s" data-key="reply-text"></label><div class="device-buttons">%s'
            '</div><p role="status" class="join-said"></p><p role="status" class="join-state">'
            '%s</p></div></div>'
            % (render.t("ui.net.reply_intro"), render.t("ui.net.reply_text_label"),
               join.get("qr") or "", render.t("ui.net.reply_text_label"),
               render.escape(join["reply"]), row,
               render.t("ui.net.join_open" if join.get("open") else "ui.net.join_wait")))


def lost_html(error="", said="ui.net.lost"):
    """The guest's panel once the connection is lost (`said`: how, e.g. with a reload): paste
    (or open) a new invitation (and why the last one pasted could not be used)."""
    body = ('<p>%s</p><label>%s<input type="text" class="invite-paste" data-key="invite-paste" '
            'placeholder="%s" spellcheck="false" autocomplete="off"></label>'
            '<p class="notice" role="alert">%s</p>'
            % (render.t(said), render.t("ui.net.invite_paste_label"),
               render.t("ui.net.invite_paste"), render.escape(error)))
    return render.modal("lost", render.t("ui.net.lost_title"), body,
                        [("net-join", render.t("ui.net.join")), ("leave", render.t("ui.net.leave"))])
