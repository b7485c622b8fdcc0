"""Other devices, the host's side (issue 23): the room, an invitation per remote seat (by
hand or through a broker), the guests' replies, their moves (the host's engine decides
every move) and the updates sent back; and every event of static/net.js, handed to this
side or the guest's (joining). What goes on the wire is devices.py's and net.py's.
Calls: drawing, joining, moves, sharing.
"""

import asyncio
import json
import re
import secrets

from pyscript import document, window

import devices
import net
import render
from invite import BROKER_URL
from pygame_rules import messages as catalogue
from pygame_rules.messages import text

import drawing
import joining
import moves
import sharing
from page import PAGE, net_js, proxy, q, said, settings


# The connections are static/net.js's (window.encoreNet: one WebRTC data channel per peer, opened
# by an invitation and a reply passed by hand); what goes on them, and what it does, is
# devices.py's. The host's engine decides every move; a guest only shows its seat and sends.
OFFER_MS = 5000                   # the longest an offer or answer gathers its candidates
SCAN_MS = 120000                  # a scan of the reply's code stops after two minutes


def broker_setting():
    """The broker's address from the settings (static/shell.js checked it), or None: off."""
    url = settings().get("broker")
    return url if isinstance(url, str) and BROKER_URL.fullmatch(url) else None


def panel_html(session, view):
    """The other devices' panel to show now, as (kind, HTML), or None: a guest's lost or
    joining panel over its table, or its end of the game; the host's "Other devices"."""
    guest = getattr(session, "guest", False)
    if guest and PAGE.overlay in ("lost", "join"):
        lost = PAGE.join or {}
        return PAGE.overlay, devices.lost_html(lost.get("error", ""), lost.get("said") or
                                               "ui.net.lost") \
            if PAGE.overlay == "lost" else devices.join_html(PAGE.join, joining.can_share())
    if PAGE.overlay == "devices" and PAGE.devices is not None:
        return "devices", devices.devices_html(session, PAGE.devices)
    if view["is_over"] and guest:
        end = next((e for e in reversed(session.events()) if e["type"] == "game_end"), None)
        return "over", render.modal("final", render.t("ui.game_over"),
                                    session.table.final_body(view, session.names(), end),
                                    [("leave", render.t("ui.net.leave"))])
    return None


def open_devices(session):
    """A game with seats on other devices: its room (a new one, unless a save or the last game
    kept it), the links (kept for a game played again with the same devices), an invitation
    for every seat not at the table, and the "Other devices" panel while any is missing."""
    if not session.remotes or getattr(session, "guest", False):
        close_devices()
        return
    if session.room is None:
        session.open_room(net.token(secrets.token_bytes(net.ROOM_BYTES)),
                          {s: net.token(secrets.token_bytes(net.SECRET_BYTES))
                           for s in session.remotes})
    links = PAGE.devices
    if links is None or set(links.state) != set(session.remotes):
        close_devices()
        links = PAGE.devices = devices.Devices(session.remotes)
        links.broker = broker_setting()
        if links.broker:
            asyncio.ensure_future(open_broker(session, links))
            PAGE.overlay = "devices"
            return                    # the invitations follow once the broker has the host
    for seat in session.remotes:
        links.sent[seat] = None
        if links.state[seat] != "joined":
            invite(seat)
    if links.waiting():
        PAGE.overlay = "devices"


async def open_broker(session, links):
    """Be at the broker as this room's host, then invite every seat with one-click links; if
    the broker cannot be reached, say so and invite by the manual path instead."""
    why = ""
    try:
        await net_js().brokerOpen(links.broker, net.broker_id(session.room.room))
    except Exception as err:          # noqa: BLE001 (unreachable, refused: the reason is shown)
        why = text("ui.net.no_broker", {"why": why_text(err)})
        links.broker = None
    if PAGE.session is not session or PAGE.devices is not links:
        return
    for seat in session.remotes:
        if links.state[seat] != "joined":
            invite(seat)
            links.trouble[seat] = why


def close_devices():
    """Close every connection of this page (the host's to its guests, a guest's to its host)."""
    api = net_js()
    if api and PAGE.devices is not None:
        for seat in list(PAGE.devices.state):
            api.close(devices.peer_of(seat))
        api.brokerClose()
    if api and (PAGE.join is not None or getattr(PAGE.session, "guest", False)):
        api.close(devices.HOST_PEER)
        api.brokerClose()
    PAGE.devices, PAGE.join = None, None


def invite(seat):
    """Make a new invitation for a remote seat (a connection waiting for its reply)."""
    links = PAGE.devices
    links.set(seat, "making")
    links.trouble[seat] = ""
    links.admitted.discard(seat)
    asyncio.ensure_future(make_invite(PAGE.session, seat))


async def make_invite(session, seat):
    """Gather the offer, pack it into the seat's invitation link and draw its QR code."""
    links, trouble, link, qr = PAGE.devices, "", "", ""
    room = session.room
    try:
        if not net_js():
            raise RuntimeError("net:no-script")
        if links.broker:              # one click: the guest's offer comes through the broker
            link = invitation_base() + "#" + net.pack_brokered(
                session.state.game.id, room.room, seat, room.secrets[seat], links.broker)
        else:
            sdp = str(await net_js().offer(devices.peer_of(seat), OFFER_MS))
            link = invitation_base() + "#" + net.pack_invite(
                session.state.game.id, room.room, seat, room.secrets[seat], net.strip_sdp(sdp))
    except net.NetError as err:
        trouble = text("ui.net.no_channel", {"why": err.message})
    except Exception as err:          # noqa: BLE001 (the browser's reason, shown to the host)
        trouble = text("ui.net.no_channel", {"why": why_text(err)})
    if link:
        try:
            qr = str(await net_js().qrSvg(link))
        except Exception as err:      # noqa: BLE001 (the link alone still invites)
            window.console.warn("Encore: no QR code (%s)" % str(err)[:200])
    if PAGE.session is not session or PAGE.devices is not links or seat not in links.state:
        return
    links.invite[seat], links.qr[seat], links.trouble[seat] = link, qr, trouble
    links.set(seat, "inviting" if link else "away")
    drawing.draw()


def why_text(err):
    """Why a connection step failed, in the player's words: ours ("net:<why>", from net.js or
    here) from the catalogue, else the browser's error name (e.g. NotAllowedError)."""
    found = re.search(r"net:([a-z-]+)", str(err))
    key = "ui.net.why." + found.group(1).replace("-", "_") if found else None
    if key in catalogue.CATALOGUE["en"]:
        return text(key)
    name = re.search(r"\b([A-Z][A-Za-z]*Error)\b", str(err))
    return text("ui.net.why.browser", {"name": name.group(1) if name else "Error"})


def invitation_base():
    """This page's address without its fragment: an invitation opens the same page."""
    return str(window.location.href).split("#")[0]


def net_action(data):
    """A button of the "Other devices" panel or of a guest's screens (data-action="net-…")."""
    action, seat = data.get("action"), data.get("seat")
    seat = int(seat) if seat and seat.isdigit() else None
    links = PAGE.devices
    if action == "net-copy-reply" and PAGE.join is not None:
        sharing.copy_text(PAGE.join.get("reply") or "", ".reply-link", ".join-said",
                  "ui.net.reply_select")
    elif action == "net-share-reply" and PAGE.join is not None:
        asyncio.ensure_future(joining.share_reply(PAGE.join))
    elif action == "net-join":
        box = q("#game-screen .invite-paste")
        code = str(box.value if box else "").strip()
        joining.open_invite(code.split("#", 1)[-1])
    elif links is None or seat not in links.state:
        return
    elif action == "net-copy":
        sharing.copy_text(links.invite[seat], '.device[data-seat="%d"] .invite-link' % seat,
                  '.device[data-seat="%d"] .notice' % seat, "ui.share_select")
    elif action == "net-accept":
        box = q('#game-screen textarea[data-key="reply-%d"]' % seat)
        asyncio.ensure_future(take_reply(seat, str(box.value if box else "")))
    elif action == "net-scan":
        asyncio.ensure_future(scan_reply(seat))
    elif action == "net-invite":
        invite(seat)
        drawing.draw()
    elif action == "net-bot":
        hand_to_bot(seat)


async def take_reply(seat, raw):
    """The host takes a guest's reply (pasted or scanned): the seat's connection opens, or the
    panel says why the reply cannot be used."""
    links, session = PAGE.devices, PAGE.session
    trouble = ""
    try:
        found = net.read_reply(raw.strip())
        if found["room"] != session.room.room:
            raise net.NetError("net.wrong_room")
        if found["seat"] != seat:
            trouble = text("ui.net.reply_other_seat", {"seat": found["seat"] + 1})
        else:
            await net_js().accept(devices.peer_of(seat), net.build_sdp(found["fields"]))
    except net.NetError as err:
        trouble = text("ui.net.reply_refused", {"reason": err.message})
    except Exception as err:          # noqa: BLE001 (no offer waits, or the browser refused)
        trouble = text("ui.net.no_channel", {"why": why_text(err)})
    if PAGE.devices is links and seat in links.state:
        links.trouble[seat] = trouble
        drawing.draw()


async def scan_reply(seat):
    """Read the guest's reply from its QR code with this device's camera (a dialog with the
    camera's picture), then take it as if pasted."""
    api = net_js()
    dialog = document.createElement("dialog")
    dialog.className = "scan-dialog"
    dialog.innerHTML = ('<h2>%s</h2><video class="scan-video" muted playsinline></video>'
                        '<div class="modal-buttons"><button type="button" class="scan-stop">%s'
                        '</button></div>' % (render.t("ui.net.scan_title"),
                                             render.t("ui.net.scan_stop")))
    document.body.appendChild(dialog)
    video = dialog.querySelector("video")
    dialog.querySelector(".scan-stop").addEventListener("click", proxy(lambda *_: api.stopScan()))
    dialog.showModal()
    found, why = "", str(await api.startCamera(video))
    if not why:
        try:
            found = str(await api.scan(video, SCAN_MS) or "")
        except Exception as err:      # noqa: BLE001 (no reader in this browser)
            why = str(err)
    api.stopCamera(video)
    dialog.close()
    dialog.remove()
    if why and PAGE.devices is not None and seat in PAGE.devices.state:
        PAGE.devices.trouble[seat] = text("ui.net.no_camera", {"why": why_text(why)})
        drawing.draw()
    elif found:
        await take_reply(seat, found)


def hand_to_bot(seat):
    """The host hands a remote seat to a bot: its connection closes and the table plays on."""
    session = PAGE.session
    name = session.names()[seat]
    if not session.hand_to_bot(seat):
        return
    if net_js():
        net_js().close(devices.peer_of(seat))
    PAGE.devices.forget(seat)
    if not PAGE.devices.state:
        PAGE.devices = None
    if PAGE.overlay == "devices" and (PAGE.devices is None or not PAGE.devices.waiting()):
        PAGE.overlay = None           # nobody else is missing: the game goes on
    PAGE.notice, PAGE.notice_at = said("ui.net.handed", {"name": name}), None
    moves.after_change()


def send_net(session):
    """After a change: the host sends each guest at the table its update; a guest sends the
    moves it made."""
    api = net_js()
    if api is None or session is None:
        return
    if getattr(session, "guest", False):
        for raw in session.take_outbox():
            api.send(devices.HOST_PEER, raw)
    elif PAGE.devices is not None and session.room is not None:
        for seat, msg in devices.host_updates(session, PAGE.devices).items():
            api.send(devices.peer_of(seat), net.encode(msg))


def net_status(session):
    """The status line's words while a guest's move is awaited (host) or a move is in flight
    (guest), else None."""
    if getattr(session, "guest", False):
        return text("ui.net.sent") if session.sent is not None else None
    found = devices.waiting_status(session, PAGE.devices)
    return text(found[0], found[1]) if found else None


def on_net_event(raw):
    """An event of a connection (static/net.js): the guest's link to its host, or the host's
    link to a seat."""
    try:
        event = json.loads(str(raw))
        peer, kind = str(event.get("id")), str(event.get("type"))
    except (ValueError, AttributeError):
        return
    if kind in ("signal", "broker"):
        asyncio.ensure_future(broker_event(kind, event))
    elif peer == devices.HOST_PEER:
        joining.guest_event(kind, event)
    else:
        host_event(devices.seat_of(peer), kind, event)


async def broker_event(kind, event):
    """The broker passes a guest's offer to the host (answered at once) or the host's answer to
    the guest; it says when it is gone or the other device is not there."""
    join, links, session = PAGE.join, PAGE.devices, PAGE.session
    if kind == "broker":
        if join is not None and join.get("broker") and event.get("state") == "expired":
            join["error"] = text("ui.net.broker_no_host")
            joining.show_join(join)
        return
    try:
        payload = json.loads(str(event.get("data")))
        sdp = payload["sdp"]
        if not isinstance(sdp, str) or len(sdp) > net.MAX_SDP_CHARS:
            raise ValueError("sdp")
        if join is not None and join.get("broker") and event.get("kind") == "ANSWER":
            if str(event.get("from")) == net.broker_id(join["room"]):
                await net_js().accept(devices.HOST_PEER, sdp)
        elif links is not None and links.broker and event.get("kind") == "OFFER":
            seat = payload["seat"]
            if type(seat) is not int or seat not in links.state:
                raise ValueError("seat")
            links.set(seat, "making")
            answer = str(await net_js().answer(devices.peer_of(seat), sdp, OFFER_MS))
            net_js().brokerSend(str(event.get("from")), "ANSWER", json.dumps({"sdp": answer}))
            if PAGE.devices is links and links.state.get(seat) == "making":
                links.set(seat, "inviting")
                drawing.draw()
    except Exception as err:          # noqa: BLE001 (a bad or stale signal changes nothing)
        window.console.warn("Encore: a signal from the broker was refused (%s)" % str(err)[:200])
        if session is not None and PAGE.devices is links and links is not None:
            for seat, state in links.state.items():
                if state == "making" and links.invite[seat]:
                    links.set(seat, "inviting")


def host_event(seat, kind, event):
    """The host hears from a seat's connection: opened, a message, lost."""
    session, links = PAGE.session, PAGE.devices
    if session is None or links is None or seat not in links.state:
        return
    if kind == "open":
        if links.state[seat] != "joined":     # its hello may come first (net.js keeps the
            links.set(seat, "open")           # welcome until the channel opens): still joined
    elif kind == "message":
        out, moved = devices.host_receive(session, links, seat, str(event.get("data") or ""))
        for msg in out:               # (a refusal is the guest's to show: its reason goes back)
            net_js().send(devices.peer_of(seat), net.encode(msg))
        if moved:
            moves.after_change()
            return
        if PAGE.overlay == "devices" and not links.waiting():
            PAGE.overlay = None       # everyone is at the table: the game goes on
            drawing.draw()
            moves.proceed()
            return
    elif kind == "state" and event.get("state") in ("disconnected", "failed", "closed") or \
            kind == "close":
        if links.state[seat] in ("open", "joined"):
            links.set(seat, "away")
    elif kind == "state" and event.get("state") == "connected" and \
            links.state[seat] == "away" and seat in links.admitted:
        links.set(seat, "joined")     # back on the same connection: it catches up
        send_net(session)
    drawing.draw()
