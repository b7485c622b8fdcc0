"""The start screen and a table's coming and going: the new-game form, resuming a saved
game (and another tab's), putting a session on the table (`begin`) and taking it off
(`show_start`), the tests' fresh start, and what a page load finds in the store.
Calls: bots, drawing, hints, moves, sharing, watching, worker; with other devices: hosting, joining.
"""

import asyncio
import json
import random

from pyscript import document, window

import app
import saves
from pygame_rules.messages import set_language, text

import bots
import drawing
import hints
import moves
import sharing
import watching
import worker
from page import (PAGE, PageState, elsewhere, is_invitation, net_js, page_store, proxy, q,
                  said, settings, stored)


def read_setup():
    """The chosen game, seats, seed and options from the start form."""
    form = q("#setup")
    game = form.querySelector('input[name="game"]:checked').value
    fieldset = form.querySelector('.game-setup[data-game="%s"]' % game)
    players = int(fieldset.querySelector('input[type="radio"]:checked').value)
    seats = []
    for i in range(players):
        kind = form.querySelector('[name="kind-%d"]' % i).value
        seats.append({"name": form.querySelector('[name="name-%d"]' % i).value,
                      "kind": kind if kind in ("human", "remote") else "bot",
                      "bot": kind[4:] if kind.startswith("bot-") else None})
    options = {box.dataset.option: bool(box.checked)
               for box in fieldset.querySelectorAll("input[data-option]")}
    options.update({box.dataset.option: box.value
                    for box in fieldset.querySelectorAll("select[data-option]")})
    seed = q("#seed").value.strip()
    if not seed:
        seed = random.randrange(1, 2**31)
    elif seed.isdigit():
        seed = int(seed)
    return game, seats, seed, app.option_values(game, options), bool(q("#practice").checked), \
        bool(q("#teach").checked)


def on_start(_evt=None):
    """Start a new game from the form, in a new slot of the store."""
    if not hasattr(window, "startClickAt"):
        window.startClickAt = window.performance.now()
    game, seats, seed, options, practice, teaching = read_setup()
    begin(app.Session.start(game, seats, seed, options, practice, teaching),
          page_store().newSlot())


def on_continue(evt=None):
    """Resume the saved game whose Continue button was clicked (its slot)."""
    button = evt.target.closest("[data-slot]") if evt is not None else None
    if button:
        asyncio.ensure_future(resume(button.dataset.slot))


async def resume(slot, reloaded=False):
    """Resume a slot's game; if another open tab is playing it, ask first (take it over here,
    or start another game). `reloaded`: this tab was at the table before a reload."""
    if await page_store().holder(slot):
        page_store().setSlot(None)          # not this tab's until it takes the game over
        page_store().setAtTable(False)
        ask_take_over(slot)
        return
    session = load_slot(slot)
    if session is not None:
        begin(session, slot, pending=session.saved_pending)
    elif reloaded:
        page_store().setAtTable(False)


def load_slot(slot):
    """The session saved in a slot, or None (a save that cannot be resumed is set aside and the
    start screen says why)."""
    raw = stored("game." + slot)
    if raw is None:
        return None
    try:
        return app.Session.from_save(raw)
    except saves.SavedGameError as err:
        set_aside(slot, err)
        return None


def set_aside(slot, err):
    """Set a save that cannot be resumed aside (the store keeps it under "bad:") and say why."""
    store = page_store()
    store.setAside("game." + slot, "ui.why_refused")
    store.notice("aside:game." + slot, str(err))
    window.encoreShowSaves()


def ask_take_over(slot):
    """Another tab is playing this game: offer to play it here or to start another game."""
    dialog = q("#tab-dialog")
    dialog.dataset.slot = slot
    if not dialog.open:
        dialog.showModal()


def on_tab_choice(evt):
    """The answer to "this game is open in another tab": take it over, or start another."""
    button = evt.target.closest("[data-tab-choice]")
    if not button:
        return
    dialog = q("#tab-dialog")
    slot = dialog.dataset.slot
    dialog.close()
    if button.dataset.tabChoice == "here":
        page_store().takeOver(slot)
        window.setTimeout(proxy(lambda: take_over_now(slot)), 200)  # its last save is written


def take_over_now(slot):
    """Load the game the other tab was playing, now this tab's."""
    session = load_slot(slot)
    if session is not None:
        begin(session, slot, pending=session.saved_pending)


def taken_over(_slot=None):
    """Another tab took this game over: stop saving and playing here, and say so."""
    if PAGE.session is None:
        return
    PAGE.saving = False
    bots.cancel_bot()
    bots.set_thinking(None)
    PAGE.overlay = "taken"
    drawing.draw()


def auto_resume():
    """At start-up: a tab that was at the table before a reload goes straight back to it."""
    store = page_store()
    slot = store.mySlot()
    if store.atTable() and isinstance(slot, str):
        asyncio.ensure_future(resume(slot, reloaded=True))


def begin(session, slot, pending=None):
    """Put a session on the table; this tab saves it in `slot` (and owns it from now on)."""
    PAGE.session, PAGE.slot, PAGE.saving = session, slot, True
    hints.forget_hint()
    page_store().claim(slot)
    page_store().setAtTable(True)
    bots.set_thinking(None)
    PAGE.overlay, PAGE.notice, PAGE.pending = None, "", None
    PAGE.heard = len(session.state.events)
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    q("#link-notice").hidden = True          # a refused link's message has been read
    if session.remotes or elsewhere():
        import hosting                        # (only a game with other devices needs it)
        hosting.open_devices(session)
    if session.has_thinking_bots():
        worker.ensure_worker()              # boots on the other core while the table is drawn
        if PAGE.worker_state == "failed":
            PAGE.notice = said("ui.bot_worker_failed")
    elif session.humans and settings().get("early_worker", True) is not False and \
            PAGE.worker_state == "off":
        # a person may ask for a hint: the worker is ready by their first ask, started once
        # the first board is drawn and idle
        window.setTimeout(worker.EARLY_WORKER, worker.EARLY_WORKER_MS)
    moves.after_change(pending)


def show_start():
    """Back to the start screen (the game stays saved, and this tab lets go of it)."""
    bots.cancel_bot()
    if PAGE.slot is not None and PAGE.saving:
        page_store().release(PAGE.slot)
    if elsewhere():
        import hosting
        hosting.close_devices()
    PAGE.session, PAGE.slot = None, None
    hints.forget_hint()
    page_store().setSlot(None)
    page_store().setAtTable(False)
    page_store().setGuest(None)       # a guest that leaves its table gives up its kept seat
    bots.set_thinking(None)
    q("#game-screen").hidden = True
    q("#game-screen").innerHTML = ""
    q("#start-screen").hidden = False
    document.body.dataset.board = "start"
    document.body.removeAttribute("data-teach")
    window.encoreShowSaves()
    window.encoreShowTeach()          # a game just finished: this title's box may be off now


KEPT_FRESH = ("proxies", "worker_state", "worker_proxy", "worker_task")   # a page load's own
FRESH_MARKS = ("data-moves", "data-step", "data-hint", "data-hint-action", "data-thinking",
               "data-teach", "data-link-ms")       # the last table's marks on <body>


def fresh_start():
    """The start screen as a new visit shows it, without starting Python again: the table, its
    timers, panels and dialogs forgotten, every connection to another device closed, the store
    read afresh (the bots' worker, once up, stays). The tests' warm page calls it between two
    tests (window.encoreFreshStart)."""
    show_start()
    watching.stop_replay()
    if net_js():
        net_js().closeAll()
    if PAGE.save_timer is not None:
        window.clearTimeout(PAGE.save_timer)
    blank = PageState()
    for name in PageState.__slots__:
        if name not in KEPT_FRESH:
            setattr(PAGE, name, getattr(blank, name))
    for dialog in document.querySelectorAll("dialog[open]"):
        dialog.close()
    document.documentElement.lang = set_language(str(page_store().language()))
    for name in FRESH_MARKS:
        document.body.removeAttribute(name)
    window.botLog, window.hintLog = json.dumps(PAGE.bot_log), json.dumps(PAGE.hint_log)
    page_store().forgetNotices()
    check_saves_now()


def check_saves_now():
    """Once the page is ready: a tab reloaded at the table goes back to it (a guest's to its
    seat at the host's table, from what the tab kept; an invitation in the address then says
    how it connects, and one for another seat replaces it); else every saved game offered is
    checked (one that would not load is set aside now, with a message). Then mark that it was
    done."""
    guest = kept_guest()              # (a guest's tab that was reloaded)
    if is_invitation(sharing.link_fragment()):
        import joining
        page_store().setAtTable(False)
        if guest is not None:         # its table at once; the invitation says how to connect
            joining.resume_guest(guest, call=False)   # (one for another seat or table replaces it)
        joining.open_invite(sharing.link_fragment())
    elif sharing.link_fragment():
        page_store().setGuest(None)   # a game's link opened in a guest's tab: it left the table
        page_store().setAtTable(False)
        check_saved_games()
        sharing.open_link(sharing.link_fragment())
    elif guest is not None:
        import joining
        joining.resume_guest(guest)
    elif page_store().atTable() and isinstance(page_store().mySlot(), str):
        auto_resume()
    else:
        check_saved_games()
    document.body.dataset.saveChecked = "1"


def kept_guest():
    """The guest's seat this tab kept before a reload (joining.kept_guest), or None: the other
    devices' modules are imported only when the tab kept one."""
    raw = page_store().guest()
    if not isinstance(raw, str):
        return None
    import joining
    return joining.kept_guest(raw)


def check_saved_games():
    """Load every saved game the start screen offers: one that would not load is set aside
    now, and the start screen says why."""
    for slot in list(page_store().slots()):
        load_slot(slot)
