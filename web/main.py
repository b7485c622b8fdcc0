"""Encore's page: PyScript glue between the DOM and the table controller (`app.py`).

It reads the start form, turns clicks and keys into calls on the session, redraws the table
from the engine's view with `render.py` and the game's table module (`session.table`), runs the
bots on a timer, and autosaves to localStorage after every action. No rule is decided here.
All it remembers between two events is one object, `PAGE` (a `PageState`, every field declared).

Bots that search (Normal, Hard) think in a PyScript worker (`bot_worker.py`), started the first
time a game seats one; the page awaits its answer while the status line says who is thinking,
so the main thread stays free. Easy, heuristic and random bots are quick and play here. If the
worker cannot start, the searching bots play by the heuristic here, with a notice.

Hints (issue 20: the top bar's Hint, or H) ask the same worker for Hard's move from the
person's own view, capped at about a second; the move is checked legal, lit on the table
(`table.hint_targets`) and explained in the dock from the search's numbers
(`pygame_rules.hint`). Never searched here: without the worker, a hint says it cannot be had.
"""

import asyncio
import json
import random
import re
import secrets
from dataclasses import dataclass, field
from types import MappingProxyType

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import app
import devices
import net
import render
import replay as replays
import stats
from invite import BROKER_URL, BROKERED, INVITE
from pygame_rules import messages as catalogue
from pygame_rules.messages import set_language, text
from pygame_rules.share import ShareError, from_share, to_share

SETTINGS_KEY = "settings"        # names in the page's store (static/store.js, window.encoreStore)
CLICKABLE = "[data-card], [data-action]"


@dataclass(slots=True)
class PageState:
    """Everything the page remembers between two events, each field declared here (slots: no
    other attribute can appear later). `PAGE` below is the one instance."""

    session: object = None        # the app.Session on the table (None: the start screen)
    slot: str = None              # the store's slot this tab saves the session in
    saving: bool = True           # False once another tab has taken the game over
    save_timer: object = None     # the timer that tries a save again (the storage was full)
    # the screen
    by_strength: bool = False     # the hand sorted by strength (else by colour)
    log_open: bool = False        # the log panel shown (it is behind a button on phones)
    overlay: str = None           # the panel the player opened (None: none)
    notice: str = ""              # the engine's last refusal, or a notice about the bots
    pending: object = None        # the table's half-made choice (None: nothing pending)
    heard: int = 0                # how many of the viewer's events have been heard
    gather_to: int = None         # the seat that just won a trick (its cards gather there)
    marks: list = None            # what the last move completed (table.marks), lit up once
    arrivals: list = None         # what the last move put on the table and where it came from
                                  # (table.arrivals), travelling there once
    clicked: str = None           # the data-key of the control last clicked on the table
    lit_lesson: object = None     # the lesson whose marks were last lit (the board is scrolled
                                  # to them once, when it comes)
    notice_at: str = None         # the data-key the refusal in `notice` is shown beside
    # bots
    bot_timer: object = None      # the timer of the next bot move (None: none waiting)
    thinking: int = None          # the seat whose move the worker is searching for (None: nobody)
    # the question in flight to the worker or answered: for which session and move number, the
    # reply, whether the pause is over ("due": play the reply the moment it comes), when asked
    think_session: object = None
    think_moves: int = None
    think_reply: dict = None
    think_due: bool = False
    think_asked: float = 0.0
    worker_state: str = "off"     # the bots' worker: off, starting, ready, failed
    worker_proxy: object = None   # the worker once ready
    worker_task: object = None    # its boot (awaited by every question)
    bot_log: list = field(default_factory=list)   # the worker's answers, for measuring
    proxies: list = field(default_factory=list)   # JS callables kept alive for the page
    # hints (issue 20): the position asked about (the state object and its number of moves),
    # the answer to show ({report, "action"}), whether it is being searched, whether it is on
    # screen (closed, it comes back on H without a new search), when it was asked
    hint_key: tuple = None
    hint_found: dict = None
    hint_asking: bool = False
    hint_shown: bool = False
    hint_asked: float = 0.0
    lit_hint: object = None       # the hint whose move was last lit (the board scrolls to it once)
    hint_log: list = field(default_factory=list)  # the hints' answers, for measuring
    # watching a game again, and sharing it
    replay: object = None         # the replay.Replay on screen (None: the table or the start)
    replay_timer: object = None   # the timer of the replay's next move while it plays
    # "Why this move?" in a finished game's replay: the step asked about (replay, step), the
    # worker's answer for it, whether it is being asked
    explain_key: tuple = None
    explain_found: dict = None
    explain_asking: bool = False
    # other devices (issue 23): the host's links to its guests (devices.Devices; None: no seat
    # is on another device), the guest's invitation while it joins ({"game", "room", "seat",
    # "secret", "fields", "reply", "qr", "open", "error"}; None: not joining; the lost panel's
    # {"error", "said"}: why a pasted one failed, and how the connection ended)
    devices: object = None
    join: dict = None
    link: str = None              # the link to the game shown in the "link" panel
    link_msg: str = ""            # whether it was copied (shown in that panel)
    record: tuple = None          # (session, moves, html): the end screen's records, read once


PAGE = PageState()


def q(selector):
    """The first element matching a CSS selector."""
    return document.querySelector(selector)


def proxy(fn):
    """A JS callable for a Python function, kept alive for the page's lifetime."""
    p = create_proxy(fn)
    PAGE.proxies.append(p)
    return p


# --- the start screen -----------------------------------------------------------------------
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


def page_store():
    """The page's store (static/store.js): namespaced keys, checked reads, quota-aware writes."""
    return window.encoreStore


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
    except app.SavedGameError as err:
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
    cancel_bot()
    set_thinking(None)
    PAGE.overlay = "taken"
    draw()


def stored(name):
    """A stored value that passed the store's checks, as a str, or None (JS null arrives as
    pyodide's jsnull)."""
    raw = page_store().read(name)
    return raw if isinstance(raw, str) else None


def settings():
    """The page's settings as a dict (the store has checked their size and nesting)."""
    try:
        data = json.loads(stored(SETTINGS_KEY) or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def auto_resume():
    """At start-up: a tab that was at the table before a reload goes straight back to it."""
    store = page_store()
    slot = store.mySlot()
    if store.atTable() and isinstance(slot, str):
        asyncio.ensure_future(resume(slot, reloaded=True))


def begin(session, slot, pending=None):
    """Put a session on the table; this tab saves it in `slot` (and owns it from now on)."""
    PAGE.session, PAGE.slot, PAGE.saving = session, slot, True
    forget_hint()
    page_store().claim(slot)
    page_store().setAtTable(True)
    set_thinking(None)
    PAGE.overlay, PAGE.notice, PAGE.pending = None, "", None
    PAGE.heard = len(session.state.events)
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    q("#link-notice").hidden = True          # a refused link's message has been read
    open_devices(session)
    if session.has_thinking_bots():
        ensure_worker()              # boots on the other core while the table is drawn
        if PAGE.worker_state == "failed":
            PAGE.notice = text("ui.bot_worker_failed")
    elif session.humans and settings().get("early_worker", True) is not False and \
            PAGE.worker_state == "off":
        window.setTimeout(EARLY_WORKER, EARLY_WORKER_MS)   # a person may ask for a hint:
        # ready by their first ask, started once the first board is drawn and idle
    after_change(pending)


def show_start():
    """Back to the start screen (the game stays saved, and this tab lets go of it)."""
    cancel_bot()
    if PAGE.slot is not None and PAGE.saving:
        page_store().release(PAGE.slot)
    PAGE.session, PAGE.slot = None, None
    close_devices()
    forget_hint()
    page_store().setSlot(None)
    page_store().setAtTable(False)
    page_store().setGuest(None)       # a guest that leaves its table gives up its kept seat
    set_thinking(None)
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
    stop_replay()
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


# --- drawing ---------------------------------------------------------------------------------
def overlay_html(session, view):
    """The modal to show now: game end, round scores, the curtain, or one the player opened."""
    names, table = session.names(), session.table
    if PAGE.overlay == "taken":
        return "taken", render.taken_html()
    if PAGE.overlay == "link":
        return "link", link_html(session)
    guest = getattr(session, "guest", False)
    if guest and PAGE.overlay in ("lost", "join"):
        lost = PAGE.join or {}
        return PAGE.overlay, devices.lost_html(lost.get("error", ""), lost.get("said") or
                                               "ui.net.lost") \
            if PAGE.overlay == "lost" else devices.join_html(PAGE.join, can_share())
    if PAGE.overlay == "devices" and PAGE.devices is not None:
        return "devices", devices.devices_html(session, PAGE.devices)
    if view["is_over"] and guest:
        end = next((e for e in reversed(session.events()) if e["type"] == "game_end"), None)
        return "over", render.modal("final", render.t("ui.game_over"),
                                    table.final_body(view, names, end),
                                    [("leave", render.t("ui.net.leave"))])
    if view["is_over"]:
        end = next((e for e in reversed(session.state.events) if e["type"] == "game_end"), None)
        moves = len(session.state.history)
        if PAGE.record is None or PAGE.record[:2] != (session, moves):
            PAGE.record = (session, moves, record_html(session))
        return "over", render.game_over(table.final_body(view, names, end), PAGE.record[2])
    if session.round_pending():
        return table.ROUND, table.round_modal(view, names, session.round_pending())
    curtain = session.curtain_for()
    if curtain is not None:
        return "curtain", render.curtain_html(names[curtain])
    if PAGE.overlay == "menu":
        return "menu", render.modal("menu", render.t("ui.menu_title"), "", [
            ("close", render.t("ui.menu_back")), ("leave", render.t("ui.net.leave"))] if guest
            else [("close", render.t("ui.menu_back"))] +
            ([("devices", render.t("ui.net.devices"))] if PAGE.devices is not None else []) +
            [("replay", render.t("ui.menu_replay")), ("share", render.t("ui.share_copy")),
             ("leave", render.t("ui.menu_leave"))])
    if PAGE.overlay in table.PANELS:
        return PAGE.overlay, table.PANELS[PAGE.overlay][1](view, names)
    return None, ""


def link_html(session):
    """The panel with the link to the game, whether it was copied, and what it gives away."""
    why = "ui.share_text" if session.state.is_over else "ui.share_text_unfinished"
    body = ('<p>%s</p><input type="text" id="share-link" class="share-link" readonly '
            'value="%s" aria-label="%s" data-key="share-link"><p id="share-copied" '
            'role="status">%s</p>' % (render.t(why), render.escape(PAGE.link or ""),
                                      render.t("ui.share_label"), render.escape(PAGE.link_msg)))
    return render.modal("link", render.t("ui.share_title"), body,
                        [("copy", render.t("ui.share_copy")), ("close", render.t("ui.close"))])


def draw():
    """Redraw the table from the viewer's view, keeping the keyboard focus where it was."""
    if PAGE.replay is not None:
        draw_replay()
        return
    session = PAGE.session
    if session is None:
        return
    screen = q("#game-screen")
    active = document.activeElement
    focus_key = active.getAttribute("data-key") if active and screen.contains(active) else None
    typed = {str(box.dataset.key): box.value for box in screen.querySelectorAll("textarea")}
    view = session.view()
    if view is None:                  # a guest welcomed before the host's first update: its
        return                        # joining screen stays until there is a table to draw
    names = session.names()
    kind, overlay = overlay_html(session, view)
    lesson, tip = lesson_html(session, kind, names)
    if tip and kind:                  # a score table's or the end's tip: in that panel
        overlay = overlay.replace('<div class="modal-buttons">', tip + '<div class="modal-buttons">', 1)
    hint_now = hint_state(session, kind)
    found = hint_on_screen(session, kind, lesson)
    lines = session.log_lines(names)
    ui = {"by_strength": PAGE.by_strength, "log_open": PAGE.log_open, "overlay": overlay,
          "notice": PAGE.notice, "log_lines": lines, "last_line": lines[-1] if lines else "",
          "curtain": session.curtain_for(), "names": names,
          "pending": PAGE.pending if session.curtain_for() is None else None,
          "status": thinking_text(session) or net_status(session),
          "undo": undo_state(session, kind),
          "practice": session.practice, "hint": hint_now,
          "teach": "" if kind else tip or (hint_box(session, found) if found else "")}
    motion = getattr(window, "encoreMotion", None)
    shot = motion.before(screen, json.dumps(PAGE.arrivals or [])) if motion else None
    scrolled = board_scroll(screen)
    screen.innerHTML = render.screen_html(session.table, view, names, session.seats, ui)
    board_scroll(screen, scrolled)
    for box in screen.querySelectorAll(".scroll-end"):
        box.scrollLeft = box.scrollWidth            # long rows show their open bar (before
    if motion:                                      # motion measures where things landed)
        motion.after(screen, shot, view["seat"], PAGE.gather_to, json.dumps(PAGE.marks or []))
        if PAGE.notice and PAGE.notice_at and not kind:
            motion.refusal(screen, PAGE.notice_at, PAGE.notice)
    PAGE.gather_to = PAGE.marks = PAGE.arrivals = None
    for box in screen.querySelectorAll("textarea"):
        box.value = typed.get(str(box.dataset.key), "")     # a reply half pasted stays
    light_lesson(screen, session, lesson)
    light_hint(screen, session, view, found)
    board = kind or ("playable" if view["legal"] else "waiting")
    document.body.dataset.board = board
    document.body.dataset.moves = str(len(session.state.history))
    if board == "playable" and not hasattr(window, "boardReadyAt"):
        window.boardReadyAt = window.performance.now()
    restore_focus(screen, focus_key, kind)
    log = screen.querySelector(".log-list")
    if log and focus_key != "log-list":            # a log being read by keyboard stays put
        log.scrollTop = log.scrollHeight


def lesson_shown(session):
    """The teaching tip on screen now (the viewer's first waiting lesson), or None: none while
    a panel the player opened, the curtain or another tab's notice is up."""
    if session is None or PAGE.replay is not None or PAGE.overlay is not None or \
            not PAGE.saving:
        return None
    waiting = session.lessons()
    return waiting[0] if waiting else None


def lesson_html(session, kind, names):
    """(the lesson shown, its tip's HTML) — in the dock, or in a score table's or the end's
    panel; (None, "") when there is none to show."""
    lesson = lesson_shown(session)
    if lesson is None or kind not in (None, session.table.ROUND, "over"):
        return None, ""
    from pygame_rules import teach      # only with a lesson to show (a module few pages need)
    rule, sentence = teach.words(session.state.game.id, lesson, names)
    return lesson, render.teach_html(session.state.game.id, lesson, rule, sentence, 1,
                                     len(session.lessons()))


def light_lesson(screen, session, lesson):
    """Light what the lesson on screen is about (the table's teach_targets of its marks), and
    say which lesson it is in body[data-teach] (tests wait on it)."""
    if lesson is None:
        document.body.removeAttribute("data-teach")
        return
    document.body.dataset.teach = lesson["id"]
    lit = light(screen, session.table.teach_targets(lesson["marks"]), "teach-lit")
    if PAGE.lit_lesson is not lesson:            # a new lesson: its first mark on the board in
        PAGE.lit_lesson = lesson                  # view (the board scrolls inside itself)
        scroll_to_first(screen, lit)


def light(screen, selectors, cls, steps=False):
    """Add `cls` to every element the selectors match on the screen; the elements lit. With
    `steps` and several selectors, each element also says which click it is (data-hint-step:
    1 for the first selector's, and so on; the style shows it as a badge)."""
    lit = []
    for i, selector in enumerate(selectors):
        for element in screen.querySelectorAll(selector):
            element.classList.add(cls)
            if steps and len(selectors) > 1:
                element.setAttribute("data-hint-step", str(i + 1))
            lit.append(element)
    return lit


def scroll_to_first(screen, lit):
    """Scroll the board (it scrolls inside itself) so the first lit element on it is in view."""
    board = screen.querySelector(".board")
    first = next((e for e in lit if board and board.contains(e)), None)
    if first:
        top = first.getBoundingClientRect().top - board.getBoundingClientRect().top
        bottom = first.getBoundingClientRect().bottom - board.getBoundingClientRect().bottom
        if top < 0 or bottom > 0:
            board.scrollTop += top - 8 if top < 0 or bottom > top else bottom + 8


# --- hints (issue 20) -------------------------------------------------------------------------
def hint_here(session):
    """True when the hint asked about (or shown) is for the position on the table now."""
    key = PAGE.hint_key
    return session is not None and key is not None and key[0] is session.state and \
        key[1] == len(session.state.history)


def hint_state(session, kind=None):
    """The Hint button: None (no button: a panel, the curtain, a lesson, not the person's turn,
    another tab's game), "thinking" (the search is on it) or "" (it may be asked for)."""
    if kind or PAGE.overlay is not None or PAGE.replay is not None or not PAGE.saving or \
            session.state.is_over or session.hint_seat() is None or \
            lesson_shown(session) is not None:
        return None
    return "thinking" if PAGE.hint_asking and hint_here(session) else ""


def hint_on_screen(session, kind, lesson):
    """The hint to show now ({report, "action"}), or None."""
    if kind or lesson is not None or not PAGE.hint_shown or not hint_here(session) or \
            hint_state(session, kind) is None:
        return None
    return PAGE.hint_found


def hint_box(session, found):
    """The hint's box: its reasons worded in the page's language."""
    from pygame_rules import hint
    items = hint.reasons(session.state.game.id, found, session.state.describe,
                         lambda events: effect_lines(session, events))
    return render.hint_html(reason_groups(items))


def reason_groups(items):
    """A hint's reasons as sentences, a group per move (its effects on its line)."""
    from pygame_rules import hint
    groups = []
    for (msg_id, _), line in zip(items, hint.words(items)):
        if msg_id == "ui.hint.then" and groups:
            groups[-1].append(line)
        else:
            groups.append([line])
    return groups


def effect_lines(session, events):
    """A move's effects in the log's words (after the game's first event, which sets up the
    words: TAKE's deck)."""
    return app.told(session.table, session.events()[:1], session.names(), events)


def light_hint(screen, session, view, found):
    """Light the hint's move (the table's hint_targets); body[data-hint] says "thinking",
    "shown" (with data-hint-action, the move as JSON) or nothing (tests wait on it)."""
    body = document.body
    if found is None:
        if PAGE.hint_asking and hint_here(session):
            body.dataset.hint = "thinking"
        else:
            body.removeAttribute("data-hint")
            body.removeAttribute("data-hint-action")
        return
    body.dataset.hint = "shown"
    body.dataset.hintAction = json.dumps(found["action"])
    lit = light(screen, session.table.hint_targets(tuple(found["action"]), view), "hint-lit",
                steps=True)
    if PAGE.lit_hint is not found:
        PAGE.lit_hint = found
        scroll_to_first(screen, lit)


def ask_hint():
    """Hint (the button or H): ask the worker for Hard's move from the person's view; the
    button says it is thinking meanwhile, without a redraw. Pressed again at the same
    position: the hint shown closes, a closed one comes back (not searched or counted again)."""
    session = PAGE.session
    if session is None or hint_state(session) is None:
        return
    if hint_here(session) and (PAGE.hint_asking or PAGE.hint_found is not None):
        if PAGE.hint_found is not None:
            PAGE.hint_shown = not PAGE.hint_shown
            draw()
        return
    if PAGE.worker_state == "failed":
        PAGE.notice, PAGE.notice_at = text("ui.hint.no_worker"), "hint"
        draw()
        return
    request = session.hint_request(think_cap())
    PAGE.hint_key = (session.state, request["moves"])
    PAGE.hint_found, PAGE.hint_asking, PAGE.hint_shown = None, True, False
    PAGE.hint_asked = window.performance.now()
    PAGE.notice, PAGE.notice_at = "", None
    document.body.dataset.hint = "thinking"
    button = q("#game-screen [data-action=hint]")
    if button:                               # no redraw: the table behind is unchanged
        button.textContent = text("ui.hint_thinking")
        button.classList.add("thinking")
        button.setAttribute("aria-busy", "true")
    asyncio.ensure_future(await_hint(session, request))


async def await_hint(session, request):
    """The worker's answer for the hint: checked against the session, then shown and counted,
    or its reason shown instead; forgotten if the game moved on meanwhile."""
    state = session.state
    try:
        proxy = await ensure_worker()
        if proxy is None:
            reply = {"ok": False, "error": "no worker"}
        else:
            raw = await proxy.best_move(request["view"], request["seat"], request["level"],
                                        request["seed"], request["think"], request["explain"])
            reply = json.loads(str(raw))
    except Exception as err:          # noqa: BLE001 (no hint this time, said in words)
        reply = {"ok": False, "error": "%s: %s" % (type(err).__name__, err)}
    now = window.performance.now()
    if PAGE.session is not session or session.state is not state or \
            not hint_here(session) or PAGE.hint_key[1] != request["moves"] or \
            not PAGE.hint_asking:
        return                        # moved on, undone, a new game: forget it
    PAGE.hint_asking = False
    PAGE.hint_log.append({"game": session.state.game.id, "ok": reply.get("ok"),
                          "ms": reply.get("ms"), "playouts": reply.get("playouts"),
                          "asked_at": PAGE.hint_asked, "answered_at": now,
                          "wait_ms": round(now - PAGE.hint_asked, 1), "error": reply.get("error")})
    del PAGE.hint_log[:-100]
    window.hintLog = json.dumps(PAGE.hint_log)
    found = session.hint_found(reply, request["moves"])
    if isinstance(found, tuple):
        msg = "ui.hint.no_worker" if PAGE.worker_state == "failed" else found[0]
        PAGE.hint_key = None
        PAGE.notice, PAGE.notice_at = text(msg, found[1]), "hint"
    else:
        PAGE.hint_found, PAGE.hint_shown = found, True
        session.count_hint(request["seat"])
        save()
    draw()


def close_hint():
    """Close the hint (its Close button, Escape); H brings it back at the same position."""
    PAGE.hint_shown = False
    draw()


def forget_hint():
    """No hint: a move was made or taken back, or another game is on the table."""
    PAGE.hint_key, PAGE.hint_found, PAGE.hint_asking, PAGE.hint_shown = None, None, False, False


def teach_next():
    """"Got it" (or Escape): the next lesson, if any; the game goes on once none is left."""
    PAGE.session.dismiss()
    save()
    draw()
    proceed()


def teach_never():
    """"Don't show again": teaching off for this game, and remembered for its title."""
    session = PAGE.session
    session.stop_teaching()
    remember_teaching(session.state.game.id, False)
    PAGE.notice, PAGE.notice_at = text("ui.teach_off", {"title": session.state.game.title}), None
    save()
    draw()
    proceed()


def teach_rule():
    """The tip's rule name: the rules dialog at that rule's section (the tip stays)."""
    session, lesson = PAGE.session, lesson_shown(PAGE.session)
    if lesson is not None:
        window.encoreOpenRules(session.state.game.id,
                               "rules-%s-%s" % (session.state.game.id, lesson["rule"]))


def remember_teaching(game_id, on):
    """The player's own choice of teaching for a title (the start screen's box follows it)."""
    chosen = settings().get("teach")
    chosen = dict(chosen) if isinstance(chosen, dict) else {}
    chosen[game_id] = bool(on)
    page_store().setSetting("teach", to_js(chosen, dict_converter=window.Object.fromEntries))


def open_settings():
    """The settings dialog; at a game that teaches, its teaching switch shows how it is now."""
    session, row = PAGE.session, q("#teach-setting")
    row.hidden = session is None or not app.teachable(session.state.game.id)
    q("#teach-on").checked = bool(session and session.teaching)
    open_dialog("#settings-dialog")


def on_teach_switch(evt):
    """The settings' teaching switch: on or off for this game (and remembered for its title);
    turned on, it teaches from now on, what was taught staying taught."""
    session = PAGE.session
    if session is None:
        return
    on = bool(evt.target.checked)
    session.set_teaching(on, session.taught())
    session.look()
    remember_teaching(session.state.game.id, on)
    save()
    draw()
    proceed()


def draw_replay():
    """Draw the replay's step: the board from its seat's view, every hand once the game is
    over, the log with this move's lines lit, and the replay's controls."""
    rp, screen = PAGE.replay, q("#game-screen")
    active = document.activeElement
    focus_key = active.getAttribute("data-key") if active and screen.contains(active) else None
    view, names = rp.view(), rp.names()
    lines, lit_from, lit_to = rp.log()
    chapter = rp.chapter_number()
    cur = view["current_player"]
    status = text("ui.status_over") if cur is None else \
        text("ui.replay_to_play", {"name": names[cur]})
    ui = {"log_open": PAGE.log_open, "notice": PAGE.notice, "log_lines": lines,
          "lit": (lit_from, lit_to), "last_line": lines[lit_to - 1] if lit_to > lit_from else "",
          "names": names, "overlay": "", "undo": None, "status": status,
          "bar": render.replay_bar(rp.at, rp.total, chapter[1], rp.playing,
                                   replays.SPEED_NAMES[rp.speed], rp.table.ROUND,
                                   PAGE.session is None and not rp.finished,
                                   explain_state(rp)),
          "board_extra": render.replay_hands(rp.table, rp.hands(), names),
          "teach": explain_box(rp, names)}
    screen.innerHTML = render.screen_html(rp.table, view, names, rp.seats, ui)
    document.body.dataset.board = "replay"
    document.body.dataset.step = str(rp.at)
    target = screen.querySelector('[data-key="%s"]:not(:disabled)' % focus_key) \
        if focus_key else None
    if focus_key and not target:
        target = screen.querySelector("[data-action=rp-play]")
    if target:
        target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    log, lit = screen.querySelector(".log-list"), screen.querySelector(".log-list .lit")
    if log and lit:
        log.scrollTop = max(0, lit.offsetTop - log.offsetTop - log.clientHeight // 2)
    elif log:
        log.scrollTop = 0


def undo_state(session, kind):
    """The Undo button: None (none: a panel, the curtain, nobody's hand), "" (may be pressed)
    or the reason it is greyed."""
    if kind or session.undo_seat() is None or not PAGE.saving:
        return None
    if PAGE.pending is not None:
        return ""                        # a half-made choice can always be dropped
    refusal = session.undo_refusal()
    return "" if refusal is None else text(refusal[0], refusal[1])


def take_back():
    """Undo (button, Ctrl+Z or U): a half-made choice first, else the last move if the engine
    allows it (else its reason is shown and nothing changes)."""
    session = PAGE.session
    if PAGE.pending is not None:
        cancel_pending()
        return
    refusal = session.undo()
    if refusal is not None:
        PAGE.notice, PAGE.notice_at = text(refusal[0], refusal[1]), "undo"
        draw()
        return
    cancel_bot()
    set_thinking(None)
    PAGE.think_session = PAGE.think_moves = PAGE.think_reply = None
    PAGE.notice, PAGE.notice_at = "", None
    PAGE.heard = len(session.events())
    after_change()


def board_scroll(screen, to=None):
    """The board's scroll position (it scrolls inside itself when the window is small), or put
    it back to `to` after a redraw."""
    board = screen.querySelector(".board")
    if not board:                              # JsNull: no board (a null from the DOM)
        return None
    if to is not None:
        board.scrollTop, board.scrollLeft = to
    return (board.scrollTop, board.scrollLeft)


def restore_focus(screen, focus_key, kind):
    """Focus the same control again, else a modal's button, else the table's first lit choice
    (so the keyboard goes on from a control that is gone, such as a step just taken)."""
    target = None
    if kind:
        target = screen.querySelector(".modal button, .curtain button")
    elif focus_key:
        target = screen.querySelector('[data-key="%s"]' % focus_key) or \
            screen.querySelector(PAGE.session.table.CHOICES)
    if target:                       # a modal opens at its top, whatever button has the focus
        target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def after_change(pending=None):
    """After any move: forget a half-made choice (or keep the one a resumed save had), autosave,
    sound and redraw, then make the person's automatic moves and let a bot play."""
    session = PAGE.session
    PAGE.pending = pending
    if not hint_here(session):
        forget_hint()                 # the hint was for the position before this change
    session.look()                    # teaching mode: the lessons this change brings
    record_results(session)
    save()
    send_net(session)
    events = new_events(session)
    hear(session, events)
    PAGE.gather_to = next((e["seat"] for e in reversed(events) if e["type"] == "trick_won"),
                          None)
    PAGE.marks = session.table.marks(events) if events else []
    PAGE.arrivals = session.table.arrivals(events) if events else []
    draw()
    proceed()


def read_stats():
    """The statistics kept on this device (unreadable ones are set aside, with a notice)."""
    raw = stored(stats.STATS_NAME)
    if raw is None:
        return stats.empty()
    try:
        return stats.from_text(raw)
    except stats.StatsError as err:
        page_store().setAside(stats.STATS_NAME, "ui.why_wrong_shape")
        page_store().notice("aside:" + stats.STATS_NAME, str(err))
        return stats.empty()


def record_results(session):
    """A game that has just ended adds its results to the statistics, once (the save says
    so, so a reload at the end screen does not count it again)."""
    if session.recorded or not session.state.is_over or not PAGE.saving:
        return
    results = stats.results_of(session.state, session.seats, session.practice,
                               window.Date.now(), session.hints)
    if page_store().write(stats.STATS_NAME,
                          stats.to_text(stats.record(read_stats(), results))):
        session.recorded = True


def record_html(session):
    """The end screen's "your record in this game" for each person at the table (games won
    with hints counted apart), with the chart of their last results."""
    data, game = read_stats(), session.state.game
    out = []
    for seat in session.seats:
        if seat["kind"] != "human":
            continue
        mine = stats.record_of(data, game.id, seat["name"])
        line = text("ui.stats_record_hints" if mine["hinted"] else "ui.stats_record",
                    {"name": seat["name"], "title": game.title, "count": mine["played"],
                     "won": mine["won"], "hinted": mine["hinted"],
                     "best": mine["best"] if mine["best"] is not None else "–"})
        chart = stats.chart_svg(data, game.id, seat["name"], text(
            "ui.stats_chart", {"name": seat["name"], "title": game.title}))
        out.append('<p class="stats-line">%s</p>%s' % (render.escape(line), chart))
    return '<div class="stats-record">%s</div>' % "".join(out) if out else ""


def show_stats(message=""):
    """Fill the statistics dialog (tables, and a line saying what just happened)."""
    q("#stats-body").innerHTML = stats.table_html(read_stats())
    q("#stats-message").textContent = message
    reset = q("#stats-reset")
    reset.dataset.confirm = ""
    reset.textContent = text("ui.stats_reset")


def open_stats(_evt=None):
    """Open the statistics dialog."""
    show_stats()
    q("#stats-dialog").showModal()


def export_stats(_evt=None):
    """Download the statistics as a JSON file."""
    blob = window.Blob.new([stats.to_text(read_stats())],
                           to_js({"type": "application/json"},
                                 dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, "encore-statistics.json"
    link.click()
    window.setTimeout(proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
    q("#stats-message").textContent = text("ui.stats_exported")


def import_stats(evt):
    """Read a chosen file; it replaces the statistics only if it is valid, whole."""
    files = evt.target.files
    if files.length:
        asyncio.ensure_future(import_file(files.item(0)))
    evt.target.value = ""


async def import_file(file):
    """Check an imported file and keep it, or say why not and change nothing."""
    try:
        if file.size > stats.MAX_CHARS * 4:
            raise stats.StatsError("ui.stats_unreadable")
        data = stats.from_text(str(await file.text()))
    except stats.StatsError as err:
        show_stats(str(err))
        return
    page_store().write(stats.STATS_NAME, stats.to_text(data))
    show_stats(text("ui.stats_imported", {"count": len(data["results"])}))


def reset_stats(_evt=None):
    """Delete every result, on a second click (the first asks)."""
    button = q("#stats-reset")
    if button.dataset.confirm != "1":
        button.dataset.confirm = "1"
        button.textContent = text("ui.stats_reset_confirm")
        return
    page_store().write(stats.STATS_NAME, stats.to_text(stats.empty()))
    show_stats(text("ui.stats_reset_done"))


def save():
    """Write the game to this tab's slot, if it is still this tab's (another tab may have taken
    it over: then nothing is written and the table says so). A full storage: the store says
    that saving is paused; the game goes on, and the next move tries again."""
    session = PAGE.session
    if getattr(session, "guest", False):
        keep_guest(session)
        return
    if session is None or not PAGE.saving or PAGE.slot is None:
        return
    if not page_store().owns(PAGE.slot):
        taken_over()
        return
    if not page_store().write("game." + PAGE.slot, session.to_save(PAGE.pending,
                                                                   window.Date.now())):
        retry_save()


def retry_save():
    """Saving is paused (no room): try again in a few seconds, one timer at a time, so the
    game is saved as soon as there is room even if nobody moves."""
    if PAGE.save_timer is None:
        PAGE.save_timer = window.setTimeout(SAVE_RETRY, SAVE_RETRY_MS)


def save_retry():
    """The retry timer fired: save now (it sets another timer if there is still no room)."""
    PAGE.save_timer = None
    save()


def proceed():
    """A person's automatic move, else a bot's turn (after the bots' pause)."""
    session = PAGE.session
    if session is None:
        return
    if PAGE.overlay is None and lesson_shown(session) is None and \
            session.auto_move(preferences()) is not None:
        after_change()
        return
    schedule_bot()


def preferences():
    """The player's remembered preferences the tables use ("always claim": on by default)."""
    return {"always_claim": settings().get("always_claim", True) is not False}


def new_events(session):
    """The viewer's events since the last move."""
    events = session.events()
    new, PAGE.heard = events[PAGE.heard:], len(events)
    return new


def hear(session, events):
    """Let the table sound what happened (Taktvoll's notes, Re-Chord's strums)."""
    items = session.table.sounds(events) if events else []
    if items:
        from tables import sound
        for item in items:
            sound.play(item)


# --- bots --------------------------------------------------------------------------------------
# A bot that searches asks the worker as soon as it is its turn; its move is played when both
# the answer and the bots' pause are there (the pause and the thinking overlap). PAGE.think_*
# is the question in flight or answered.
WORKER_NAME = "encore-bot"
WORKER_SRC = "./bot_worker.py"
WORKER_CONFIG = "./bot_worker.toml"
WORKER_BOOT_SECONDS = 60          # a slow phone needs a while; after that the heuristic plays
EARLY_WORKER_MS = 1500            # a person's game: the worker starts this long after the
                                  # table is first drawn (its boot would slow that drawing)


def think_cap():
    """A cap on the search's seconds per move (0: none), from `?think=S` in the page's URL or
    the `think` setting; tests set it to keep games short."""
    try:
        raw = dict(p.split("=", 1) for p in str(window.location.search)[1:].split("&")
                   if "=" in p).get("think")
        if raw is None:
            raw = settings().get("think", 0)
        return max(0.0, float(raw or 0))
    except (ValueError, TypeError, AttributeError):
        return 0.0


def ensure_worker():
    """Start the bots' worker once (lazily: the first game that seats a searching bot or a
    person, who may ask for a hint; the setting early_worker = false leaves it to the first
    search, as the tests' quick settings do)."""
    if PAGE.worker_state == "off":
        PAGE.worker_state = "starting"
        document.body.dataset.worker = "starting"
        PAGE.worker_task = asyncio.ensure_future(boot_worker())
    return PAGE.worker_task


async def boot_worker():
    """Create the worker and load the engine and the determinizers in it; None if it failed."""
    started = window.performance.now()
    try:
        from pyscript import create_named_worker
        for url in (WORKER_SRC, WORKER_CONFIG):   # a missing file would hang PyScript's worker
            response = await window.fetch(url)
            if not response.ok:
                raise RuntimeError("%s: HTTP %s" % (url, response.status))
        proxy = await asyncio.wait_for(
            create_named_worker(src=WORKER_SRC, name=WORKER_NAME, config=WORKER_CONFIG),
            WORKER_BOOT_SECONDS)
        await asyncio.wait_for(proxy.warm_up(), WORKER_BOOT_SECONDS)
        same_version(str(await asyncio.wait_for(proxy.version(), WORKER_BOOT_SECONDS)))
    except Exception as err:          # noqa: BLE001 (any failure: the heuristic plays instead)
        worker_failed(err)
        return None
    PAGE.worker_state, PAGE.worker_proxy = "ready", proxy
    document.body.dataset.worker = "ready"
    window.botWorkerBootMs = window.performance.now() - started
    return proxy


def same_version(worker_version):
    """Refuse a worker whose files are of another version than the page (build.py stamps the
    site's version into index.html's <meta name="encore-version"> and into bot_worker.py; the
    service worker serves a page and its workers from one cache, and this checks it)."""
    meta = document.querySelector('meta[name="encore-version"]')
    page_version = str(meta.getAttribute("content")) if meta else ""
    document.body.dataset.workerVersion = worker_version
    if worker_version != page_version:
        raise RuntimeError("the bots' worker is version %s, the page %s"
                           % (worker_version, page_version))


def worker_failed(err):
    """The worker could not start: say so once; searching bots play the heuristic here."""
    PAGE.worker_state, PAGE.worker_proxy = "failed", None
    document.body.dataset.worker = "failed"
    window.console.warn("Encore: the bots' worker did not start (%s: %s)"
                        % (type(err).__name__, err))
    PAGE.notice = text("ui.bot_worker_failed")   # drawn when the move in flight is played


def thinking_text(session):
    """The status line while the worker thinks for the seat to play, else None."""
    seat = PAGE.thinking
    if seat is None or session.state.current_player != seat:
        return None
    return text("ui.status_thinking", {"name": session.names()[seat]})


def set_thinking(seat):
    """Mark who is thinking (the status line and body[data-thinking] follow)."""
    PAGE.thinking = seat
    if seat is None:
        document.body.removeAttribute("data-thinking")
        return
    document.body.dataset.thinking = str(seat)
    line = q("#game-screen .status-main")
    status = thinking_text(PAGE.session) if PAGE.session else None
    if line and status:
        line.textContent = status    # no redraw: the table behind is unchanged


def uses_worker(session):
    """True when the bot to play now searches and the worker may answer for it."""
    return session.bot_thinks() and PAGE.worker_state != "failed"


def ask_worker(session):
    """Ask the worker for the current bot's move, once per position."""
    moves = len(session.state.history)
    if PAGE.think_session is session and PAGE.think_moves == moves:
        return
    request = session.bot_request(think_cap())
    PAGE.think_session, PAGE.think_moves, PAGE.think_reply, PAGE.think_due = \
        session, moves, None, False
    PAGE.think_asked = window.performance.now()
    set_thinking(request["seat"])
    asyncio.ensure_future(await_move(session, request))


async def await_move(session, request):
    """The worker's answer for this position, kept in PAGE.think_reply; played if the pause
    is over."""
    try:
        proxy = await ensure_worker()
        if proxy is None:
            raise RuntimeError("no worker")
        raw = await proxy.best_move(request["view"], request["seat"], request["level"],
                                    request["seed"], request["think"])
        reply = json.loads(str(raw))
    except Exception as err:          # noqa: BLE001 (the heuristic plays this move instead)
        reply = {"ok": False, "error": "%s: %s" % (type(err).__name__, err)}
    if PAGE.think_session is not session or PAGE.think_moves != request["moves"]:
        return                        # the game moved on (a new game, the menu): forget it
    now = window.performance.now()
    reply.update(game=session.state.game.id, moves=request["moves"], answered_at=now,
                 asked_at=PAGE.think_asked, wait_ms=round(now - PAGE.think_asked, 1))
    PAGE.bot_log.append({k: reply.get(k) for k in ("game", "level", "ms", "wait_ms",
                                                    "playouts", "seconds", "cap", "moves",
                                                    "ok", "error",
                                                    "asked_at", "answered_at")})
    del PAGE.bot_log[:-400]
    window.botLog = json.dumps(PAGE.bot_log)
    if not reply.get("ok") and PAGE.worker_state == "ready":
        window.console.warn("Encore: the worker did not answer (%s); the heuristic plays"
                            % reply.get("error"))
    PAGE.think_reply = reply
    set_thinking(None)                # (the line still says "thinking" until the move is drawn)
    if PAGE.think_due:
        play_when_ready()


def bot_may_play(session):
    """True when a bot is to play and nothing on screen holds it back."""
    return session is not None and PAGE.saving and session.waiting_for_bot() and \
        PAGE.overlay is None and PAGE.replay is None and lesson_shown(session) is None


def play_when_ready():
    """The pause is over: play the worker's answer if it is there (else it plays on arrival);
    a refused or missing answer lets the heuristic play this move here."""
    session = PAGE.session
    if not bot_may_play(session) or PAGE.think_session is not session or \
            PAGE.think_moves != len(session.state.history):
        return
    PAGE.think_due = True
    reply = PAGE.think_reply
    if reply is None:
        return                        # still thinking: await_move plays it
    PAGE.think_session, PAGE.think_moves, PAGE.think_reply, PAGE.think_due = \
        None, None, None, False
    if session.bot_reply(reply, len(session.state.history)) is None:
        session.bot_move(stand_in=True)
    after_change()


def bot_pause():
    """The bots' pause in ms, from the settings (700 by default)."""
    try:
        value = settings().get("pause", 700)
        return max(0, min(5000, int(value)))
    except (ValueError, TypeError, AttributeError):
        return 700


def cancel_bot():
    """Forget a bot move that was waiting on the timer."""
    if PAGE.bot_timer is not None:
        window.clearTimeout(PAGE.bot_timer)
        PAGE.bot_timer = None


def schedule_bot():
    """If a bot is to play and nobody is reading a panel, play it after the pause (a searching
    bot starts thinking in the worker now, so the pause and the thinking overlap)."""
    cancel_bot()
    session = PAGE.session
    if bot_may_play(session):
        if uses_worker(session):
            ask_worker(session)
            PAGE.think_due = False
        PAGE.bot_timer = window.setTimeout(BOT_TICK, bot_pause())


def bot_tick():
    """The timer fired: the bot plays (a searching bot: as soon as the worker has answered)."""
    PAGE.bot_timer = None
    session = PAGE.session
    if not bot_may_play(session):
        return
    if uses_worker(session) or PAGE.think_session is session and \
            PAGE.think_moves == len(session.state.history):
        play_when_ready()
        return
    session.bot_move(stand_in=True)
    after_change()


BOT_TICK = proxy(bot_tick)
SAVE_RETRY = proxy(save_retry)
SAVE_RETRY_MS = 4000


# --- clicks and keys ---------------------------------------------------------------------------
def on_table_click(evt):
    """One listener for the whole table: cards and buttons carry data attributes."""
    target = evt.target.closest(CLICKABLE)
    if not target or PAGE.session is None and PAGE.replay is None and PAGE.join is None:
        return              # (a JS null is falsy; a joining guest has no session, only buttons)
    if target.tagName == "A":
        evt.preventDefault()                     # a tip's rule link opens the rules dialog
    data = data_attributes(target)
    if not PAGE.saving and data.get("action") != "leave":
        return                                   # another tab took the game: only "leave"
    PAGE.clicked, PAGE.notice_at = data.get("key"), None     # a new click: the bubble goes
    if str(data.get("action") or "").startswith("net-"):
        net_action(data)
        return
    handler = screen_action(data.get("action"))
    if handler is not None:
        handler()
    elif PAGE.replay is None and PAGE.session is not None:   # a replay's cards do nothing
        choose(data)


def data_attributes(element):
    """An element's data-* attributes as a dict, without the "data-" ({"card": "12", …})."""
    return {a.name[5:]: a.value for a in element.attributes if a.name.startswith("data-")}


def choose(data):
    """A click on the game's table: the table turns it into an action or a pending choice."""
    session = PAGE.session
    view = session.view()
    if view is None or session.table.local_action(data.get("action"), data, view):
        return                       # (None: a guest's table before the host's first update)
    action, PAGE.pending = session.table.on_click(data, view, PAGE.pending)
    if action is None:
        save()                       # a half-made choice survives a reload
        draw()
    else:
        play(action)


def play(action):
    """A person's action: the engine plays it, or its reason is shown and nothing changes."""
    err = PAGE.session.human_move(action)
    if err is not None:
        PAGE.notice, PAGE.notice_at = err.message, PAGE.clicked
        draw()
        return
    PAGE.notice, PAGE.notice_at = "", None
    after_change()


def toggle(key):
    """Flip a screen setting and redraw."""
    setattr(PAGE, key, not getattr(PAGE, key))
    draw()


def open_overlay(kind):
    """Open a panel the player asked for (bots wait while it is open)."""
    PAGE.overlay = kind
    cancel_bot()
    draw()


def close_overlay():
    """Close the player's panel and let the game go on."""
    PAGE.overlay = None
    draw()
    proceed()


def cancel_pending():
    """Drop the half-made choice (Cancel or Escape)."""
    PAGE.pending = None
    save()
    draw()


def reveal():
    """The named player took the screen: show their hand (and the choice they had half made
    before a reload, kept behind the curtain)."""
    PAGE.session.reveal()
    after_change(PAGE.pending)


def next_round():
    """The round's scores have been read: deal on."""
    PAGE.session.close_round()
    after_change()


def play_again():
    """A new game with the same seats, in a new slot (the finished one is dropped)."""
    drop_finished()
    old = PAGE.session
    session = old.again(random.randrange(1, 2**31))
    if old.room is not None:         # the same devices play on, at a new game
        session.room = net.HostRoom(old.room.room, old.room.secrets)
    begin(session, page_store().newSlot())


def new_game():
    """Back to the start screen for a different game (the finished one is dropped)."""
    drop_finished()
    show_start()


def drop_finished():
    """Forget this tab's save of a finished game (nothing is left to resume)."""
    if PAGE.session is not None and PAGE.session.state.is_over and PAGE.saving:
        page_store().remove("game." + PAGE.slot)


# --- watching a game again ----------------------------------------------------------------------
def open_replay():
    """Watch the game again: a finished game from its start with every hand open, a game in
    progress up to now from the person's own seat (the bots wait meanwhile)."""
    session = PAGE.session
    over = session.state.is_over
    seat = session.viewer()
    if seat is None:
        seat = session.undo_seat()
    if seat is None and session.humans:
        seat = session.humans[0] if over else None
    cancel_bot()
    set_thinking(None)
    PAGE.overlay, PAGE.notice = None, ""
    show_replay(replays.Replay(session.state, session.seats, seat,
                               0 if over else len(session.state.history)))


def show_replay(rp):
    """Put a replay on the screen."""
    PAGE.replay = rp
    PAGE.explain_key, PAGE.explain_found, PAGE.explain_asking = None, None, False
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    draw()


def close_replay():
    """Back from the replay: to the table, or (a link's replay) to the start screen."""
    stop_replay()
    PAGE.replay, PAGE.notice = None, ""
    if PAGE.session is None:
        forget_link()
        show_start()
        return
    draw()
    proceed()


# --- why a move was made (issue 20): a finished game's replay asks the search ----------------
def explain_here(rp):
    """True when the explanation asked about (or shown) is for the replay's step now."""
    return PAGE.explain_key is not None and PAGE.explain_key == (rp, rp.at)


def explain_state(rp):
    """The replay's "Why this move?" button: None (no move to explain here), "thinking" or ""."""
    if rp.playing or rp.mover() is None:
        return None
    return "thinking" if PAGE.explain_asking and explain_here(rp) else ""


def explain_box(rp, names):
    """The explanation of the step's move, in the hint's box, or "" (none asked here)."""
    if PAGE.explain_found is None or not explain_here(rp):
        return ""
    from pygame_rules import hint
    state = rp.state_at(rp.at - 1)
    head = state.events_for(None)[:1]
    items = hint.reasons(rp.game_id, PAGE.explain_found, state.describe,
                         lambda events: app.told(rp.table, head, names, events),
                         played_by=names[rp.mover()])
    return render.hint_html(reason_groups(items), "ui.explain_label", "explain-close")


def ask_explain():
    """"Why this move?": ask the worker's search about the step's move, from the view of the
    seat that made it; shown when it answers, if the replay is still at that step."""
    rp = PAGE.replay
    made = rp.move_made() if rp is not None else None
    if made is None or PAGE.explain_asking and explain_here(rp):
        return
    if PAGE.worker_state == "failed":
        PAGE.notice = text("ui.hint.no_worker")
        draw()
        return
    PAGE.explain_key, PAGE.explain_found, PAGE.explain_asking = (rp, rp.at), None, True
    PAGE.notice = ""
    draw()
    asyncio.ensure_future(await_explain(rp, rp.at, made))


async def await_explain(rp, at, made):
    """The worker's explanation of the move made at step `at`, checked, then shown (if the
    replay is still there), or a line saying there is none."""
    try:
        proxy = await ensure_worker()
        if proxy is None:
            reply = {"ok": False}
        else:
            raw = await proxy.explain_move(
                json.dumps(made["view"], separators=(",", ":"), ensure_ascii=False),
                made["seat"], json.dumps(made["move"]), made["seed"], think_cap() or 0)
            reply = json.loads(str(raw))
    except Exception as err:          # noqa: BLE001 (no explanation this time, said in words)
        reply = {"ok": False, "error": "%s: %s" % (type(err).__name__, err)}
    if PAGE.replay is not rp or PAGE.explain_key != (rp, at):
        return                        # the replay moved on or closed: forget it
    PAGE.explain_asking = False
    found = explained(reply, made)
    if found is None:
        PAGE.explain_key = None
        PAGE.notice = text("ui.hint.no_worker" if PAGE.worker_state == "failed"
                           else "ui.hint.failed")
    else:
        PAGE.explain_found = found
    draw()


def explained(reply, made):
    """The worker's explanation as the reasons read it, or None if it is not one: a report
    the hint's check passes (app.checked_report: every candidate legal in the view, the chosen
    one the worker's move) with the move made among the candidates at "played"."""
    if not isinstance(reply, dict) or not reply.get("ok"):
        return None
    legal = {app.as_action(a) for a in made["view"]["legal"]}
    action = app.legal_action(reply.get("action"), legal)
    report = app.checked_report(reply.get("report"), legal, action) if action else None
    played = report.get("played") if report else None
    if type(played) is not int or not 0 <= played < len(report["candidates"]) or \
            report["candidates"][played] != made["move"]:
        return None
    return {**report, "action": list(action)}


def close_explain():
    """Close the explanation (its Close button, Escape)."""
    PAGE.explain_key, PAGE.explain_found, PAGE.explain_asking = None, None, False
    draw()


def replay_go(move):
    """A replay control: `move(replay)` moves it; redraw."""
    move(PAGE.replay)
    PAGE.notice = ""
    draw()
    if not PAGE.replay.playing:
        stop_replay()


def replay_play():
    """Play or pause the replay."""
    PAGE.replay.toggle_play()
    draw()
    schedule_replay()


def schedule_replay():
    """While the replay plays, its next move after the chosen delay."""
    stop_replay()
    if PAGE.replay is not None and PAGE.replay.playing:
        PAGE.replay_timer = window.setTimeout(REPLAY_TICK, PAGE.replay.delay())


def stop_replay():
    """Forget the replay's next move on the timer."""
    if PAGE.replay_timer is not None:
        window.clearTimeout(PAGE.replay_timer)
        PAGE.replay_timer = None


def replay_tick():
    """The timer fired: one move on (the replay stops at the end)."""
    PAGE.replay_timer = None
    if PAGE.replay is not None and PAGE.replay.playing:
        PAGE.replay.go(PAGE.replay.at + 1)
        draw()
        schedule_replay()


def early_worker(*_):
    """The timer after a person's first board: start the worker (a hint may come soon)."""
    ensure_worker()


REPLAY_TICK = proxy(replay_tick)
EARLY_WORKER = proxy(early_worker)


def replay_faster():
    """The next speed (applies from the next move)."""
    PAGE.replay.faster()
    draw()
    schedule_replay()


# --- a game by link ----------------------------------------------------------------------------
def open_share():
    """Show the link to this game and copy it (bots wait while the panel is open)."""
    session = PAGE.session
    try:
        code = to_share(session.state, session.seats)
    except ShareError as err:
        PAGE.notice, PAGE.notice_at = err.message, None
        draw()
        return
    PAGE.link = str(window.location.href).split("#")[0] + "#" + code
    PAGE.link_msg = ""
    open_overlay("link")
    copy_link()


def copy_link():
    """Copy the link to the clipboard; say whether it worked (else: select it and copy)."""
    field_ = q("#share-link")
    if field_:
        field_.select()
    asyncio.ensure_future(write_clipboard(PAGE.link))


async def write_clipboard(link):
    """Write the link to the clipboard, then say so in the panel."""
    PAGE.link_msg = text("ui.share_copied" if await clipboard_has(link) else "ui.share_select")
    said = q("#share-copied")
    if said:
        said.textContent = PAGE.link_msg


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
    except ShareError as err:
        link_refused(err.message)
        return
    seats = [app.clean_seat(s, i) for i, s in enumerate(seats or
                                                         [{"kind": "human"}] * state.players)]
    if PAGE.session is not None:
        show_start()                   # the game on the table stays saved
    stop_replay()
    PAGE.overlay = None
    PAGE.notice = text("ui.link_opened_over" if state.is_over else "ui.link_opened_unfinished",
                       {"title": state.game.title})
    show_replay(replays.Replay(state, seats, None, 0))
    document.body.dataset.linkMs = "%.0f" % (window.performance.now() - started)


def link_refused(reason):
    """Say why a link could not be opened: at the table in its notice, else on the start
    screen; the address bar forgets the link."""
    message = text("ui.link_refused", {"reason": reason})
    forget_link()
    if PAGE.session is not None or PAGE.replay is not None:
        PAGE.notice, PAGE.notice_at = message, None
        draw()
        return
    notice = q("#link-notice")
    notice.textContent = message
    notice.hidden = False


def on_hash(_evt=None):
    """A link pasted into the address bar of the open page (a game's, or an invitation)."""
    if is_invitation(link_fragment()):
        open_invite(link_fragment())
    elif link_fragment():
        open_link(link_fragment())


def continue_link():
    """Continue a linked game in progress on this device, in a new slot (no save is touched),
    with the link's seats."""
    rp = PAGE.replay
    state = rp.unfinished_state() if rp is not None else None
    if state is None:
        return
    stop_replay()
    PAGE.replay = None
    forget_link()
    begin(app.Session(state, rp.seats), page_store().newSlot())


def open_dialog(selector):
    """Open one of the page's static dialogs (rules, settings)."""
    q(selector).showModal()


def open_rules():
    """Open the rules at the game being played (the shell's script shows one game's rules at a
    time, the others on their tabs); on the start screen at the game chosen."""
    game = PAGE.session.state.game.id if PAGE.session else \
        PAGE.replay.game_id if PAGE.replay else None
    window.encoreOpenRules(game)


ACTIONS = {
    "sort": lambda: toggle("by_strength"),
    "log": lambda: toggle("log_open"),
    "close": close_overlay,
    "cancel": cancel_pending,
    "rules": open_rules,
    "settings": open_settings,
    "teach-next": teach_next,
    "teach-never": teach_never,
    "teach-rule": teach_rule,
    "menu": lambda: open_overlay("menu"),
    "devices": lambda: open_overlay("devices"),
    "reveal": reveal,
    "next-round": next_round,
    "next-venue": next_round,
    "again": play_again,
    "new": new_game,
    "leave": show_start,
    "undo": take_back,
    "hint": ask_hint,
    "hint-close": close_hint,
    "replay": open_replay,
    "share": open_share,
    "copy": copy_link,
    "replay-close": close_replay,
    "rp-start": lambda: replay_go(lambda rp: rp.go(0)),
    "rp-end": lambda: replay_go(lambda rp: rp.go(rp.total)),
    "rp-back": lambda: replay_go(lambda rp: rp.go(rp.at - 1)),
    "rp-fwd": lambda: replay_go(lambda rp: rp.go(rp.at + 1)),
    "rp-prev": lambda: replay_go(lambda rp: rp.chapter(-1)),
    "rp-next": lambda: replay_go(lambda rp: rp.chapter(1)),
    "rp-play": replay_play,
    "rp-speed": replay_faster,
    "rp-continue": continue_link,
    "rp-explain": ask_explain,
    "explain-close": close_explain,
}


def screen_action(action):
    """The handler of a screen button (ACTIONS) or of a game's panel button (PANELS), or None."""
    if action in ACTIONS:
        return ACTIONS[action]
    if PAGE.session is not None and action in PAGE.session.table.PANELS:
        return lambda: open_overlay(action)
    return None


ARROWS = MappingProxyType({"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1})


def focus_choice(step):
    """Move the focus `step` places among the table's lit choices (wrapping round); False when
    there is none."""
    screen = q("#game-screen")
    choices = [c for c in screen.querySelectorAll(PAGE.session.table.CHOICES)
               if c.getClientRects().length and not c.matches(":disabled")]
    if not choices:
        return False
    active = document.activeElement
    here = next((i for i, c in enumerate(choices) if c.isSameNode(active)), None)
    start = (-1 if step > 0 else 0) if here is None else here
    choices[(start + step) % len(choices)].focus()
    return True


def on_key(evt):
    """Escape closes a panel, drops a pending choice or closes the log; Enter or Space takes a
    focused SVG control; the arrow keys move among the lit choices; L opens the log, R the
    rules, M mutes."""
    if PAGE.session is None and PAGE.replay is None or \
            evt.target.tagName in ("INPUT", "SELECT", "TEXTAREA") or q("dialog[open]"):
        return
    key = evt.key
    if PAGE.replay is not None:
        replay_key(evt)
        return
    if key in ("Enter", " ") and evt.target.getAttribute("role") == "button" and \
            evt.target.tagName.lower() != "button":
        evt.preventDefault()         # an SVG control (a space on a board) takes the key
        on_table_click(evt)
        return
    if key in ARROWS and not PAGE.overlay and not evt.target.closest(".log-list"):
        if focus_choice(ARROWS[key]):
            evt.preventDefault()
        return
    if key == "Escape" and PAGE.overlay:
        close_overlay()
    elif key == "Escape" and lesson_shown(PAGE.session) is not None:
        teach_next()
    elif key == "Escape" and PAGE.hint_shown and hint_here(PAGE.session):
        close_hint()
    elif key == "Escape" and PAGE.pending is not None:
        cancel_pending()
    elif key == "Escape" and PAGE.log_open:
        toggle("log_open")
    elif key in ("u", "U") or key in ("z", "Z") and (evt.ctrlKey or evt.metaKey):
        evt.preventDefault()
        take_back()
    elif key in ("h", "H") and not (evt.ctrlKey or evt.metaKey or evt.altKey):
        ask_hint()
    elif key in ("l", "L"):
        toggle("log_open")
    elif key in ("m", "M"):
        from tables import sound
        sound.set_muted(not sound.is_muted())
    elif key in ("r", "R"):
        open_rules()


REPLAY_KEYS = MappingProxyType({"ArrowLeft": "rp-back", "ArrowRight": "rp-fwd", "Home": "rp-start",
                                "End": "rp-end", "PageUp": "rp-prev", "PageDown": "rp-next",
                                "Escape": "replay-close"})


def replay_key(evt):
    """In a replay: the arrows step, Home and End jump, Page Up and Down go by chapter, P plays
    or pauses, Escape closes, L the log, R the rules."""
    key = evt.key
    if evt.target.getAttribute("role") == "button" or evt.target.tagName == "BUTTON":
        if key in ("Enter", " "):
            return                                    # the focused button takes it
    if key == "Escape" and PAGE.explain_found is not None and explain_here(PAGE.replay):
        evt.preventDefault()
        close_explain()
    elif key in REPLAY_KEYS:
        evt.preventDefault()
        ACTIONS[REPLAY_KEYS[key]]()
    elif key in ("p", "P", " "):
        evt.preventDefault()
        replay_play()
    elif key in ("l", "L"):
        toggle("log_open")
    elif key in ("r", "R"):
        open_rules()


# --- other devices (issue 23): the host's links and the guest's table ----------------------------
# The connections are static/net.js's (window.encoreNet: one WebRTC data channel per peer, opened
# by an invitation and a reply passed by hand); what goes on them, and what it does, is
# devices.py's. The host's engine decides every move; a guest only shows its seat and sends.
OFFER_MS = 5000                   # the longest an offer or answer gathers its candidates
SCAN_MS = 120000                  # a scan of the reply's code stops after two minutes


def net_js():
    """static/net.js's API (window.encoreNet), or None where it did not load."""
    found = getattr(window, "encoreNet", None)
    return found if found else None


def is_invitation(fragment):
    """True for an invitation's code in the address (j1.…, or b1.… through a broker), not a
    game's link."""
    return str(fragment).startswith((INVITE, BROKERED))


def broker_setting():
    """The broker's address from the settings (static/shell.js checked it), or None: off."""
    url = settings().get("broker")
    return url if isinstance(url, str) and BROKER_URL.fullmatch(url) else None


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
    draw()


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
        copy_text(PAGE.join.get("reply") or "", ".reply-link", ".join-said",
                  "ui.net.reply_select")
    elif action == "net-share-reply" and PAGE.join is not None:
        asyncio.ensure_future(share_reply(PAGE.join))
    elif action == "net-join":
        box = q("#game-screen .invite-paste")
        code = str(box.value if box else "").strip()
        open_invite(code.split("#", 1)[-1])
    elif links is None or seat not in links.state:
        return
    elif action == "net-copy":
        copy_text(links.invite[seat], '.device[data-seat="%d"] .invite-link' % seat,
                  '.device[data-seat="%d"] .notice' % seat, "ui.share_select")
    elif action == "net-accept":
        box = q('#game-screen textarea[data-key="reply-%d"]' % seat)
        asyncio.ensure_future(take_reply(seat, str(box.value if box else "")))
    elif action == "net-scan":
        asyncio.ensure_future(scan_reply(seat))
    elif action == "net-invite":
        invite(seat)
        draw()
    elif action == "net-bot":
        hand_to_bot(seat)


def copy_text(value, field_selector, said_selector, by_hand):
    """Select a code's field and copy it; say "Copied." where `said_selector` points (else the
    message `by_hand`: copy the selected field by hand)."""
    field_ = q("#game-screen " + field_selector)
    if field_:
        field_.select()
    asyncio.ensure_future(write_code(value, said_selector, by_hand))


async def write_code(value, said_selector, by_hand):
    """Write a code to the clipboard, then say so (else the selected field is copied by hand)."""
    say_at(said_selector, text("ui.net.copied" if await clipboard_has(value) else by_hand))


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
        said = text("ui.net.share_failed", {"why": why_text(err)})
    if PAGE.join is join:
        say_at(".join-said", said)


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
        draw()


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
        draw()
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
    PAGE.notice, PAGE.notice_at = text("ui.net.handed", {"name": name}), None
    after_change()


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
        guest_event(kind, event)
    else:
        host_event(devices.seat_of(peer), kind, event)


async def broker_event(kind, event):
    """The broker passes a guest's offer to the host (answered at once) or the host's answer to
    the guest; it says when it is gone or the other device is not there."""
    join, links, session = PAGE.join, PAGE.devices, PAGE.session
    if kind == "broker":
        if join is not None and join.get("broker") and event.get("state") == "expired":
            join["error"] = text("ui.net.broker_no_host")
            show_join(join)
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
                draw()
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
            after_change()
            return
        if PAGE.overlay == "devices" and not links.waiting():
            PAGE.overlay = None       # everyone is at the table: the game goes on
            draw()
            proceed()
            return
    elif kind == "state" and event.get("state") in ("disconnected", "failed", "closed") or \
            kind == "close":
        if links.state[seat] in ("open", "joined"):
            links.set(seat, "away")
    elif kind == "state" and event.get("state") == "connected" and \
            links.state[seat] == "away" and seat in links.admitted:
        links.set(seat, "joined")     # back on the same connection: it catches up
        send_net(session)
    draw()


def open_invite(code):
    """An invitation was opened here: make the reply to show the host (a guest that lost its
    connection to the same table keeps its table and catches up once connected again)."""
    forget_link()
    try:
        found = net.read_brokered(code) if str(code).rpartition("#")[2].startswith(BROKERED) \
            else net.read_invite(code)
    except net.NetError as err:
        failed = {"error": text("ui.net.join_failed", {"reason": err.message}),
                  "said": (PAGE.join or {}).get("said")}
        if getattr(PAGE.session, "guest", False):   # at its table: said in the lost panel
            PAGE.join, PAGE.overlay = failed, "lost"
            draw()
            return
        show_join(failed)
        return
    session = PAGE.session
    same = getattr(session, "guest", False) and \
        (session.state.room, session.state.seat) == (found["room"], found["seat"])
    if session is not None and not same:
        show_start()                  # (a game of this device's stays saved)
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
        sdp = str(await net_js().offer(devices.HOST_PEER, OFFER_MS))
        if not net_js().brokerSend(net.broker_id(join["room"]), "OFFER",
                                   json.dumps({"seat": join["seat"], "sdp": sdp})):
            raise RuntimeError("net:broker-unreachable")
    except Exception as err:          # noqa: BLE001 (the broker's or the browser's reason)
        join["error"] = text("ui.net.no_broker", {"why": why_text(err)})
        if PAGE.join is join:
            show_join(join)


async def make_reply(join):
    """The guest's answer to the invitation, packed as its reply, with its QR code."""
    try:
        if not net_js():
            raise RuntimeError("net:no-script")
        sdp = str(await net_js().answer(devices.HOST_PEER, net.build_sdp(join["fields"]),
                                        OFFER_MS))
        join["reply"] = net.pack_reply(join["room"], join["seat"], net.strip_sdp(sdp))
    except net.NetError as err:
        join["error"] = text("ui.net.join_failed", {"reason": err.message})
    except Exception as err:          # noqa: BLE001 (the browser's reason)
        join["error"] = text("ui.net.no_channel", {"why": why_text(err)})
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
        draw()
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
            draw()
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
            draw()
        return
    if refused is not None and PAGE.overlay == "join":     # its hello, connecting again: the
        PAGE.join, PAGE.overlay = {"error": text("ui.net.join_failed", {   # lost panel says why
            "reason": net.reason_text(*refused)})}, "lost"
        net_js().close(devices.HOST_PEER)
        draw()
        return
    if refused is not None:
        PAGE.notice, PAGE.notice_at = refusal_notice(*refused), PAGE.clicked
        draw()
        return
    if PAGE.overlay == "join":
        PAGE.overlay, PAGE.join = None, None
    after_change()


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
    forget_hint()
    set_thinking(None)
    PAGE.overlay, PAGE.notice, PAGE.pending = overlay, "", None
    PAGE.heard = len(session.events())               # (a kept log is not heard again)
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    after_change()


def keep_guest(session):
    """This tab keeps the guest's seat (its invitation, view and log: sessionStorage), so a
    reload takes it again."""
    page_store().setGuest(session.keep())


def kept_guest():
    """The guest's table this tab kept before a reload, or None; one that cannot be used is
    dropped, and the start screen says why."""
    raw = page_store().guest()
    if not isinstance(raw, str):
        return None
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
        show_start()
        drop_guest("update")
        return
    if join:
        asyncio.ensure_future(call_host(join))


def on_language(lang):
    """The language was changed at the table (the settings): every text from now on is in it,
    and the table is redrawn at once (the game is untouched)."""
    document.documentElement.lang = set_language(str(lang))
    draw()


def main():
    """Wire the page and say that Python is ready."""
    document.documentElement.lang = set_language(str(page_store().language()))
    window.encoreLanguageChanged = proxy(on_language)
    window.encoreFreshStart = proxy(fresh_start)
    q("#start-button").addEventListener("click", proxy(on_start))
    q("#continue-box").addEventListener("click", proxy(on_continue))
    q("#tab-dialog").addEventListener("click", proxy(on_tab_choice))
    q("#start-stats").addEventListener("click", proxy(open_stats))
    q("#stats-export").addEventListener("click", proxy(export_stats))
    q("#stats-file").addEventListener("change", proxy(import_stats))
    q("#stats-reset").addEventListener("click", proxy(reset_stats))
    q("#start-stats").disabled = False
    q("#teach-on").addEventListener("change", proxy(on_teach_switch))
    page_store().onTakenOver(proxy(taken_over))
    q("#game-screen").addEventListener("click", proxy(on_table_click))
    window.addEventListener("hashchange", proxy(on_hash))
    if net_js():
        net_js().onEvent(proxy(on_net_event))
    document.addEventListener("keydown", proxy(on_key))
    q("#start-button").disabled = False
    for button in q("#continue-box").querySelectorAll("button"):
        button.disabled = False
    q("#load-progress").value = 100
    q("#load-text").textContent = text("ui.ready")
    document.body.dataset.ready = "1"
    document.body.dataset.board = "start"
    window.pyReadyAt = window.performance.now()
    window.setTimeout(proxy(check_saves_now), 0)   # replaying saves can wait for the ready page


def check_saves_now():
    """Once the page is ready: a tab reloaded at the table goes back to it (a guest's to its
    seat at the host's table, from what the tab kept; an invitation in the address then says
    how it connects, and one for another seat replaces it); else every saved game offered is
    checked (one that would not load is set aside now, with a message). Then mark that it was
    done."""
    guest = kept_guest()              # (a guest's tab that was reloaded)
    if is_invitation(link_fragment()):
        page_store().setAtTable(False)
        if guest is not None:         # its table at once; the invitation says how to connect
            resume_guest(guest, call=False)   # (one for another seat or table replaces it)
        open_invite(link_fragment())
    elif link_fragment():
        page_store().setGuest(None)   # a game's link opened in a guest's tab: it left the table
        page_store().setAtTable(False)
        for slot in list(page_store().slots()):
            load_slot(slot)
        open_link(link_fragment())
    elif guest is not None:
        resume_guest(guest)
    elif page_store().atTable() and isinstance(page_store().mySlot(), str):
        auto_resume()
    else:
        for slot in list(page_store().slots()):
            load_slot(slot)
    document.body.dataset.saveChecked = "1"


main()
