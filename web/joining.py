"""Other devices, the guest's side (issue 23): opening an invitation, the reply shown to the
host, the hello, the host's welcome and updates on the guest's table, a lost connection,
and the seat kept in the tab (sessionStorage) so that a reload takes it again.
Calls: bots, drawing, hints, hosting, moves, sharing, start.
"""

import asyncio
import json
import secrets

from pyscript import document, window

import devices
import net
from invite import BROKERED
from pygame_rules.messages import text

import bots
import drawing
import hints
import hosting
import moves
import sharing
import start
from page import PAGE, net_js, page_store, proxy, q


def can_share():
    """True where the browser can hand a text to the device's share sheet (Web Share)."""
    api = net_js()
    return bool(api and api.canShare())


async def share_reply(join):
    """Hand the guest's reply to the device's share sheet; say "Shared.", nothing if the
    person closed the sheet, or why it could not be shared."""
    try:
        shared = await net_js().share(join.get("reply") or "", text(
            "ui.net.share_reply_title", {"seat": join["seat"] + 1}))
        said = text("ui.net.shared") if shared else ""
    except Exception as err:          # noqa: BLE001 (not allowed here, or no share sheet)
        said = text("ui.net.share_failed", {"why": hosting.why_text(err)})
    if PAGE.join is join:
        sharing.say_at(".join-said", said)


def open_invite(code):
    """An invitation was opened here: make the reply to show the host (a guest that lost its
    connection to the same table keeps its table and catches up once connected again)."""
    sharing.forget_link()
    try:
        found = net.read_brokered(code) if str(code).rpartition("#")[2].startswith(BROKERED) \
            else net.read_invite(code)
    except net.NetError as err:
        failed = {"error": text("ui.net.join_failed", {"reason": err.message}),
                  "said": (PAGE.join or {}).get("said")}
        if getattr(PAGE.session, "guest", False):   # at its table: said in the lost panel
            PAGE.join, PAGE.overlay = failed, "lost"
            drawing.draw()
            return
        show_join(failed)
        return
    session = PAGE.session
    same = getattr(session, "guest", False) and \
        (session.state.room, session.state.seat) == (found["room"], found["seat"])
    if session is not None and not same:
        start.show_start()                  # (a game of this device's stays saved)
    if net_js():
        net_js().close(devices.HOST_PEER)
    PAGE.join = {"broker": None, **found, "reply": "", "qr": "", "open": False, "error": ""}
    if same:
        PAGE.overlay = "join"
    show_join(PAGE.join)
    asyncio.ensure_future(call_host(PAGE.join) if found.get("broker") else make_reply(PAGE.join))


async def call_host(join):
    """A one-click invitation: be at the broker, send the host an offer; its answer comes back
    through the broker (broker_event) and the channel opens."""
    try:
        nonce = net.token(secrets.token_bytes(6)).replace("-", "0").replace("_", "1")
        await net_js().brokerOpen(join["broker"], net.broker_id(join["room"], join["seat"], nonce))
        sdp = str(await net_js().offer(devices.HOST_PEER, hosting.OFFER_MS))
        if not net_js().brokerSend(net.broker_id(join["room"]), "OFFER",
                                   json.dumps({"seat": join["seat"], "sdp": sdp})):
            raise RuntimeError("net:broker-unreachable")
    except Exception as err:          # noqa: BLE001 (the broker's or the browser's reason)
        join["error"] = text("ui.net.no_broker", {"why": hosting.why_text(err)})
        if PAGE.join is join:
            show_join(join)


async def make_reply(join):
    """The guest's answer to the invitation, packed as its reply, with its QR code."""
    try:
        if not net_js():
            raise RuntimeError("net:no-script")
        sdp = str(await net_js().answer(devices.HOST_PEER, net.build_sdp(join["fields"]),
                                        hosting.OFFER_MS))
        join["reply"] = net.pack_reply(join["room"], join["seat"], net.strip_sdp(sdp))
    except net.NetError as err:
        join["error"] = text("ui.net.join_failed", {"reason": err.message})
    except Exception as err:          # noqa: BLE001 (the browser's reason)
        join["error"] = text("ui.net.no_channel", {"why": hosting.why_text(err)})
    if join.get("reply"):
        try:
            join["qr"] = str(await net_js().qrSvg(join["reply"]))
        except Exception as err:      # noqa: BLE001 (the text alone still replies)
            window.console.warn("Encore: no QR code (%s)" % str(err)[:200])
    if PAGE.join is join:
        show_join(join)


def show_join(join):
    """The guest's joining screen (over its table, when it connects again: if it cannot, the
    lost panel says why and takes a new invitation)."""
    if PAGE.session is not None and getattr(PAGE.session, "guest", False):
        if join.get("error") and PAGE.overlay == "join":
            PAGE.overlay = "lost"
        drawing.draw()
        return
    PAGE.join = join
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    document.body.dataset.board = "join"
    q("#game-screen").innerHTML = '<main class="felt join-screen">%s</main>' % \
        devices.join_html(join, can_share())
    button = q("#game-screen .modal button")
    if button:
        button.focus()


def guest_event(kind, event):
    """The guest hears from its host: the channel opened (say hello), a message, lost."""
    join, session = PAGE.join, PAGE.session
    guest = session if getattr(session, "guest", False) else None
    if kind == "open" and join is not None:
        join["open"] = True
        if join.get("broker"):
            net_js().brokerClose()    # connected: the broker is not needed any more
        if guest:
            guest.broker = join.get("broker")     # how it calls again after a reload
        join["heard"], join["hellos"] = False, 0
        say_hello(join, guest)
        show_join(join)
    elif kind == "message":
        if join is not None:
            join["heard"] = True
        guest_message(guest, str(event.get("data") or ""))
    elif kind == "close" or kind == "state" and event.get("state") in ("failed", "closed"):
        if guest is not None and PAGE.overlay != "join":
            PAGE.overlay = "lost"
            drawing.draw()
        elif join is not None and guest is None:
            join["error"] = text("ui.net.lost")
            show_join(join)


HELLO_AGAIN_MS = 3000    # a hello the host has not answered by then is said again: its first
HELLOS = 3               # text on a new channel was seen lost between two Chromium pages (the
                         # guest sent it, the host heard nothing); the host answers each hello


def say_hello(join, guest):
    """Send the hello on the open channel to the host; it is sent again (HELLOS in all) while
    this join is the page's and nothing has come back from the host."""
    hello = guest.hello() if guest else net.hello(join["room"], join["seat"], join["secret"])
    net_js().send(devices.HOST_PEER, net.encode(hello))
    join["hellos"] = join.get("hellos", 0) + 1
    if join["hellos"] < HELLOS:
        window.setTimeout(proxy(lambda: hello_again(join, guest)), HELLO_AGAIN_MS)


def hello_again(join, guest):
    """The hello's timer: said again unless the host answered, the join ended or was replaced."""
    if PAGE.join is join and join.get("open") and not join.get("heard") and \
            not join.get("error"):
        say_hello(join, guest)


def guest_message(guest, raw):
    """A message from the host: the welcome starts the guest's table; an update moves it on; a
    refusal is shown. One that does not follow on ends the connection (connect again)."""
    join = PAGE.join
    try:
        if guest is None:
            if join is None:
                return
            first = net.decode_host(raw)
            if first["t"] == "refused":          # e.g. the invitation's key is an old one
                join["error"] = text("ui.net.join_failed",
                                     {"reason": net.reason_text(first["msg_id"], first["params"])})
                net_js().close(devices.HOST_PEER)
                show_join(join)
                return
            begin_guest(devices.GuestSession.join(raw, join["secret"]))
            return
        refused = guest.receive(raw)
    except net.NetError as err:
        window.console.warn("Encore: from the host: %s" % err.msg_id)
        net_js().close(devices.HOST_PEER)
        if guest is not None:
            PAGE.overlay = "lost"
            drawing.draw()
        return
    if refused is not None and PAGE.overlay == "join":     # its hello, connecting again: the
        PAGE.join, PAGE.overlay = {"error": text("ui.net.join_failed", {   # lost panel says why
            "reason": net.reason_text(*refused)})}, "lost"
        net_js().close(devices.HOST_PEER)
        drawing.draw()
        return
    if refused is not None:
        PAGE.notice, PAGE.notice_at = refusal_notice(*refused), PAGE.clicked
        drawing.draw()
        return
    if PAGE.overlay == "join":
        PAGE.overlay, PAGE.join = None, None
    moves.after_change()


def refusal_notice(msg_id, params):
    """What a guest reads when the host refuses its move: the rule's reason in the engine's
    words, as a person at the host's screen reads it (the channel's own reasons say that the
    host refused)."""
    reason = net.reason_text(msg_id, params)
    channel = msg_id.split(".", 1)[0] == "net"
    return text("ui.net.refused", {"reason": reason}) if channel else reason


def begin_guest(session, overlay=None, join=None):
    """Put a guest's table on the screen (no save: the host keeps the game; this tab keeps its
    seat, keep_guest), with `overlay` and its `join` over it (a reloaded page)."""
    if PAGE.join is not None and join is None:
        session.broker = PAGE.join.get("broker")     # how it joined (to call again)
    PAGE.session, PAGE.slot, PAGE.saving, PAGE.join = session, None, True, join
    hints.forget_hint()
    bots.set_thinking(None)
    PAGE.overlay, PAGE.notice, PAGE.pending = overlay, "", None
    PAGE.heard = len(session.events())               # (a kept log is not heard again)
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    moves.after_change()


def keep_guest(session):
    """This tab keeps the guest's seat (its invitation, view and log: sessionStorage), so a
    reload takes it again."""
    page_store().setGuest(session.keep())


def kept_guest(raw):
    """The guest's table from what this tab kept before a reload (`raw`, the store's text), or
    None: one that cannot be used is dropped, and the start screen says why."""
    try:
        return devices.GuestSession.from_kept(raw)
    except net.NetError as err:
        drop_guest(err.params.get("field", "guest"))
        return None


def drop_guest(field):
    """Forget the guest's kept seat, saying on the start screen which part was not valid."""
    page_store().setGuest(None)
    page_store().notice("aside:guest", text("ui.net.kept_refused", {"field": field}))


def resume_guest(session, call=True):
    """A reloaded guest's table at once, from what the tab kept, taking its seat again: with
    the broker of its invitation it calls the host by itself (`call`); else the lost panel says
    that the reload ended the connection and what to do (a new invitation of the seat catches
    up from the kept log)."""
    state = session.state
    join = {"broker": session.broker, "game": state.game_id, "room": state.room,
            "seat": state.seat, "secret": session.secret, "reply": "", "qr": "", "open": False,
            "error": ""} if call and session.broker else None
    try:
        if join:
            begin_guest(session, "join", join)
        else:
            begin_guest(session, "lost", {"error": "", "said": "ui.net.lost_reload"})
    except Exception:                 # noqa: BLE001 (a kept view the table cannot draw)
        start.show_start()
        drop_guest("update")
        return
    if join:
        asyncio.ensure_future(call_host(join))
