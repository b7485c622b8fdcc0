"""A game by link: the link panel (made and copied to the clipboard), opening a link (its
replay, or why it cannot be opened, saves untouched), continuing a linked game here, and
copying any code to the clipboard.
Calls: drawing, moves, start, watching; with other devices: joining.
"""

import asyncio

from pyscript import document, window

import app
import saves
import render
import replay as replays
from pygame_rules.messages import text
from pygame_rules.share import ShareError, from_share, to_share

import drawing
import moves
import start
import watching
from page import PAGE, is_invitation, page_store, q, said


def link_html(session):
    """The panel with the link to the game, whether it was copied, and what it gives away."""
    why = "ui.share_text" if session.state.is_over else "ui.share_text_unfinished"
    body = ('<p>%s</p><input type="text" id="share-link" class="share-link" readonly '
            'value="%s" aria-label="%s" data-key="share-link"><p id="share-copied" '
            'role="status">%s</p>' % (render.t(why), render.escape(PAGE.link or ""),
                                      render.t("ui.share_label"), render.escape(PAGE.link_msg)))
    return render.modal("link", render.t("ui.share_title"), body,
                        [("copy", render.t("ui.share_copy")), ("close", render.t("ui.close"))])


def open_share():
    """Show the link to this game and copy it (bots wait while the panel is open)."""
    session = PAGE.session
    try:
        code = to_share(session.state, session.seats)
    except ShareError as err:
        PAGE.notice, PAGE.notice_at = said(err.msg_id, err.params), None
        drawing.draw()
        return
    PAGE.link = str(window.location.href).split("#")[0] + "#" + code
    PAGE.link_msg = ""
    moves.open_overlay("link")
    copy_link()


def copy_link():
    """Copy the link to the clipboard; say whether it worked (else: select it and copy), and
    keep saying it in the panel after a redraw."""
    copy_text(PAGE.link, "#share-link", "#share-copied", "ui.share_select",
              copied="ui.share_copied", then=keep_link_msg)


def keep_link_msg(said):
    """What the link panel says about the copy, kept for its next drawing."""
    PAGE.link_msg = said


def link_fragment():
    """The page's URL fragment without its "#" ("" when there is none)."""
    return str(window.location.hash or "")[1:]


def forget_link():
    """Take the link out of the address bar (a reload then goes back to the saved games)."""
    if link_fragment():
        window.history.replaceState(None, "", str(window.location.pathname) +
                                    str(window.location.search))


def open_link(fragment):
    """A game link was opened: show its replay, or say why it cannot be (saves untouched).
    body[data-link-ms] says how long opening it took (read, replayed, indexed and drawn)."""
    started = window.performance.now()
    try:
        state, seats = from_share(fragment)
        seats = [saves.clean_seat(s, i) for i, s in enumerate(seats or
                                                             [{"kind": "human"}] * state.players)]
        rp = replays.Replay(state, seats, None, 0)
        rp.view()
    except ShareError as err:
        link_refused(err.message)
        return
    except Exception as err:  # noqa: BLE001 - the last guard (issue 46): a link the engine let
        link_refused(text("share.invalid", {"why": type(err).__name__}))   # in, whose replay
        return                                            # failed, leaves the table as it was
    if PAGE.session is not None:
        start.show_start()                   # the game on the table stays saved
    watching.stop_replay()
    PAGE.overlay = None
    PAGE.notice = said("ui.link_opened_over" if state.is_over else "ui.link_opened_unfinished",
                       {"title": state.game.shown_title()})
    watching.show_replay(rp)
    document.body.dataset.linkMs = "%.0f" % (window.performance.now() - started)


def link_refused(reason):
    """Say why a link could not be opened: at the table in its notice, else on the start
    screen; the address bar forgets the link."""
    message = text("ui.link_refused", {"reason": reason})
    forget_link()
    if PAGE.session is not None or PAGE.replay is not None:
        PAGE.notice, PAGE.notice_at = message, None
        drawing.draw()
        return
    notice = q("#link-notice")
    notice.textContent = message
    notice.hidden = False


def on_hash(_evt=None):
    """A link pasted into the address bar of the open page (a game's, or an invitation)."""
    if is_invitation(link_fragment()):
        import joining
        joining.open_invite(link_fragment())
    elif link_fragment():
        open_link(link_fragment())


def continue_link():
    """Continue a linked game in progress on this device, in a new slot (no save is touched),
    with the link's seats."""
    rp = PAGE.replay
    state = rp.unfinished_state() if rp is not None else None
    if state is None:
        return
    watching.leave_replay()
    forget_link()
    start.begin(app.Session(state, rp.seats), page_store().newSlot())


def copy_text(value, field_selector, said_selector, by_hand, copied="ui.net.copied",
              then=None):
    """Select a code's field on the table's screen and copy the code: say `copied` where
    `said_selector` points, else `by_hand` (copy the selected field by hand); `then(said)`
    gets the sentence said."""
    field_ = q("#game-screen " + field_selector)
    if field_:
        field_.select()
    asyncio.ensure_future(write_code(value, said_selector, by_hand, copied, then))


async def write_code(value, said_selector, by_hand, copied, then):
    """Write a code to the clipboard, then say so (else the selected field is copied by hand)."""
    said = text(copied if await clipboard_has(value) else by_hand)
    if then is not None:
        then(said)
    say_at(said_selector, said)


async def clipboard_has(value):
    """Write a text to the clipboard: True once it is there, False where this page may not
    (the person then copies the selected field by hand)."""
    try:
        await window.navigator.clipboard.writeText(value)
    except Exception:              # noqa: BLE001 (no clipboard here, or not allowed)
        return False
    return True


def say_at(selector, said):
    """Put a short sentence into the element of the table's screen at `selector` (if shown)."""
    where = q("#game-screen " + selector)
    if where:
        where.textContent = said
