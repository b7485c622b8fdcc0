"""Drawing the table: the whole screen from the viewer's view (`draw`), or the replay's step
(`draw_replay`), the panel over it, and keeping the focus and the board's scroll across a
redraw. It decides nothing: it asks the modules that own each part what to show.
Calls: bots, hints, moves, saving, sharing, teaching; with other devices: hosting.
"""

import json

from pyodide.ffi import to_js
from pyscript import document, window

import render
import replay as replays
from pygame_rules.messages import text
from tables import sound

import bots
import hints
import moves
import saving
import sharing
import teaching
from page import PAGE, elsewhere, q


def overlay_html(session, view):
    """The modal to show now: game end, round scores, the curtain, or one the player opened."""
    names, table = session.names(), session.table
    if PAGE.overlay == "taken":
        return "taken", render.taken_html()
    if PAGE.overlay == "link":
        return "link", sharing.link_html(session)
    guest = getattr(session, "guest", False)
    if elsewhere():
        import hosting
        found = hosting.panel_html(session, view)
        if found is not None:
            return found
    if view["is_over"]:
        end = next((e for e in reversed(session.state.events) if e["type"] == "game_end"), None)
        moves = len(session.state.history)
        if PAGE.record is None or PAGE.record[:2] != (session, moves):
            PAGE.record = (session, moves, saving.record_html(session))
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


def net_status(session):
    """The status line's words about other devices (a guest's move awaited or in flight), or
    None; without other devices their modules are not imported."""
    if not elsewhere():
        return None
    import hosting
    return hosting.net_status(session)


def draw():
    """Redraw the table from the viewer's view, keeping the keyboard focus where it was."""
    if PAGE.replay is not None:
        draw_replay()
        return
    session = PAGE.session
    view = session.view() if session is not None else None
    if view is None:                  # no table; or a guest welcomed before the host's first
        return                        # update: its joining screen stays until there is one
    screen = q("#game-screen")
    focus_key = focused_key(screen)
    typed = {str(box.dataset.key): box.value for box in screen.querySelectorAll("textarea")}
    names = session.names()
    kind, lesson, found, ui = table_ui(session, view, names)
    replace_screen(screen, render.screen_html(session.table, view, names, session.seats, ui),
                   view["seat"], kind)
    for box in screen.querySelectorAll("textarea"):
        box.value = typed.get(str(box.dataset.key), "")     # a reply half pasted stays
    teaching.light_lesson(screen, session, lesson)
    hints.light_hint(screen, session, view, found)
    mark_board(session, view, kind)
    if kind:                         # a modal opens at its top, whatever had the focus
        focus(screen.querySelector(".modal button, .curtain button"))
    else:
        restore_focus(screen, focus_key, session.table.CHOICES)
    log = screen.querySelector(".log-list")
    if log and focus_key != "log-list":            # a log being read by keyboard stays put
        log.scrollTop = log.scrollHeight


def table_ui(session, view, names):
    """(the panel's kind or None, the lesson shown, the hint shown, the screen's state for
    render.screen_html), each part asked of the module that owns it."""
    kind, overlay = overlay_html(session, view)
    lesson, tip = teaching.lesson_html(session, kind, names)
    if tip and kind:                  # a score table's or the end's tip: in that panel
        buttons = '<div class="modal-buttons">'
        overlay = overlay.replace(buttons, tip + buttons, 1)
    found = hints.hint_on_screen(session, kind, lesson)
    lines = session.log_lines(names)
    curtain = session.curtain_for()
    step = bots.automaton_step(session, lines)
    before = lines[:-1] if step else lines    # (Jim Bot's step is the status line: the grey
    return kind, lesson, found, {             # line under it says what came before)
        "by_strength": PAGE.by_strength, "log_open": PAGE.log_open, "overlay": overlay,
        "notice": PAGE.notice, "log_lines": lines, "last_line": before[-1] if before else "",
        "curtain": curtain, "names": names, "pending": PAGE.pending if curtain is None else None,
        "status": bots.thinking_text(session) or net_status(session) or
        teaching.waiting_text(session, lesson, names) or step,
        "undo": moves.undo_state(session, kind), "practice": session.practice,
        "hint": hints.hint_state(session, kind), "muted": sound.is_muted(),
        "held": PAGE.held is not None and PAGE.held[0] is session,
        "teach": "" if kind else tip or (hints.hint_box(session, found) if found else "")}


def replace_screen(screen, html, seat, kind):
    """Put a new table on the screen: the board's scroll kept, long rows at their open bar,
    and the last move's motion (cards travelling, a trick gathered to `seat`'s winner, what it
    completed lit, a refusal's bubble) played once."""
    motion = getattr(window, "encoreMotion", None)
    shot = motion.before(screen, json.dumps(PAGE.arrivals or [])) if motion else None
    scrolled, folds = board_scroll(screen), open_folds(screen)
    screen.innerHTML = html
    board_scroll(screen, scrolled)
    open_folds(screen, folds)
    for box in screen.querySelectorAll(".scroll-end"):
        box.scrollLeft = box.scrollWidth            # long rows show their open bar (before
    if motion:                                      # motion measures where things landed)
        motion.after(screen, shot, seat, PAGE.gather_to, json.dumps(PAGE.marks or []))
        if PAGE.notice and PAGE.notice_at and not kind:
            motion.refusal(screen, PAGE.notice_at, PAGE.notice)
    PAGE.gather_to = PAGE.marks = PAGE.arrivals = None


def open_folds(screen, keys=None):
    """The keys of the folds open on the screen (render.fold); with `keys`, open those again
    (a fold opened on a phone stays open while the table is drawn anew)."""
    if keys is None:
        return [d.getAttribute("data-key") for d in screen.querySelectorAll("details.fold[open]")]
    for key in keys:
        fold = screen.querySelector('details.fold[data-key="%s"]' % key)
        if fold:
            fold.open = True
    return keys


def close_folds():
    """Close every open fold; whether one was open (Escape closes a fold first)."""
    folds = list(q("#game-screen").querySelectorAll("details.fold[open]"))
    for fold in folds:
        fold.open = False
    return bool(folds)


def mark_board(session, view, kind):
    """Say on <body> what the board is now (data-board: a panel's kind, "playable" or
    "waiting"; data-moves), and when it was first playable (boardReadyAt): tests and the
    benchmark wait on them."""
    board = kind or ("playable" if view["legal"] else "waiting")
    document.body.dataset.board = board
    document.body.dataset.moves = str(len(session.state.history))
    if board == "playable" and not hasattr(window, "boardReadyAt"):
        window.boardReadyAt = window.performance.now()


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


def draw_replay():
    """Draw the replay's step: the board from its seat's view, every hand once the game is
    over, the log with this move's lines lit, and the replay's controls."""
    rp, screen = PAGE.replay, q("#game-screen")
    focus_key = focused_key(screen)
    view, names = rp.view(), rp.names()
    lines, lit_from, lit_to = rp.log()
    chapter = rp.chapter_number()
    cur = view["current_player"]
    status = text("ui.status_over") if cur is None else \
        text("ui.replay_to_play", {"name": names[cur]})
    ui = {"log_open": PAGE.log_open, "notice": PAGE.notice, "log_lines": lines,
          "lit": (lit_from, lit_to), "last_line": lines[lit_to - 1] if lit_to > lit_from else "",
          "names": names, "overlay": "", "undo": None, "status": status,
          "muted": sound.is_muted(),
          "bar": render.replay_bar(rp.at, rp.total, chapter[1], rp.playing,
                                   replays.SPEED_NAMES[rp.speed], rp.table.ROUND,
                                   PAGE.session is None and not rp.finished,
                                   hints.explain_state(rp)),
          "board_extra": render.replay_hands(rp.table, rp.hands(), names),
          "teach": hints.explain_box(rp, names)}
    folds = open_folds(screen)
    screen.innerHTML = render.screen_html(rp.table, view, names, rp.seats, ui)
    open_folds(screen, folds)
    document.body.dataset.board = "replay"
    document.body.dataset.step = str(rp.at)
    restore_focus(screen, focus_key, "[data-action=rp-play]")
    log, lit = screen.querySelector(".log-list"), screen.querySelector(".log-list .lit")
    if log and lit:
        log.scrollTop = max(0, lit.offsetTop - log.offsetTop - log.clientHeight // 2)
    elif log:
        log.scrollTop = 0


def board_scroll(screen, to=None):
    """The board's scroll position (it scrolls inside itself when the window is small), or put
    it back to `to` after a redraw."""
    board = screen.querySelector(".board")
    if not board:                              # JsNull: no board (a null from the DOM)
        return None
    if to is not None:
        board.scrollTop, board.scrollLeft = to
    return (board.scrollTop, board.scrollLeft)


def focused_key(screen):
    """The data-key of the screen's control that has the keyboard focus, or None."""
    active = document.activeElement
    return active.getAttribute("data-key") if active and screen.contains(active) else None


def restore_focus(screen, focus_key, fallback):
    """After a redraw, focus the control that had the focus (the same data-key, not disabled),
    else the first match of `fallback` (the table's first lit choice, the replay's Play), so the
    keyboard goes on from a control that is gone, such as a step just taken."""
    if focus_key:
        focus(screen.querySelector('[data-key="%s"]:not(:disabled)' % focus_key) or
              screen.querySelector(fallback))


def focus(target):
    """Give an element (if any) the keyboard focus without scrolling to it."""
    if target:
        rove(target)
        target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def focus_next_step(selector):
    """After a half-made choice, focus the first of the next step's choices (a table's
    NEXT_STEP: Taktvoll's places, Re-Chord's lit spaces), if one is shown, the board scrolled
    just enough to show it; else the focus stays."""
    screen = q("#game-screen")
    target = screen.querySelector(selector) if selector else None
    if target:
        scroll_to_first(screen, [target])
        focus(target)


def rove(target):
    """Make `target` the one Tab stop of its roving group ([data-roving]: the fretboard), if it
    is in one, so Tab comes back to where the arrow keys or a click left the focus."""
    group = target.closest("[data-roving]")
    if group:
        for other in group.querySelectorAll('[tabindex="0"]'):
            other.setAttribute("tabindex", "-1")
        target.setAttribute("tabindex", "0")
