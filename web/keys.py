"""Clicks and keys: one listener for the table's clicks (cards and buttons carry data
attributes), the screen's buttons (`ACTIONS`), and the keyboard at the table and in a
replay. Only main imports it.
Calls: drawing, hints, moves, sharing, start, teaching, watching; with other devices: hosting.
"""

from types import MappingProxyType

from pyscript import document, window

import drawing
import hints
import moves
import sharing
import start
import teaching
import watching
from page import PAGE, q
from tables import sound


CLICKABLE = "[data-card], [data-action]"


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
        import hosting                           # (other devices' buttons)
        hosting.net_action(data)
        return
    handler = screen_action(data.get("action"))
    if handler is not None:
        handler()
    elif PAGE.replay is not None:                # a replay's cards do nothing
        watching.replay_click(data)
    elif PAGE.session is not None:
        moves.choose(data)


def data_attributes(element):
    """An element's data-* attributes as a dict, without the "data-" ({"card": "12", …})."""
    return {a.name[5:]: a.value for a in element.attributes if a.name.startswith("data-")}


def open_rules():
    """Open the rules at the game being played (the shell's script shows one game's rules at a
    time, the others on their tabs); on the start screen at the game chosen."""
    game = PAGE.session.state.game.id if PAGE.session else \
        PAGE.replay.game_id if PAGE.replay else None
    window.encoreOpenRules(game)


def switch_sound():
    """Sound off, or on again (the top bar's speaker, M); the speaker and the settings' switch
    show the new state at once."""
    sound.set_muted(not sound.is_muted())
    sound_changed()


def sound_changed():
    """The sound was switched (here or in the settings): redraw the speaker, and the settings'
    switch says the same."""
    q("#sound-on").checked = not sound.is_muted()
    drawing.draw()


ACTIONS = {
    "sound": switch_sound,
    "sort": lambda: moves.toggle("by_strength"),
    "log": lambda: moves.toggle("log_open"),
    "close": moves.close_overlay,
    "cancel": moves.cancel_pending,
    "rules": open_rules,
    "settings": teaching.open_settings,
    "teach-next": teaching.teach_next,
    "teach-never": teaching.teach_never,
    "teach-rule": teaching.teach_rule,
    "menu": lambda: moves.open_overlay("menu"),
    "devices": lambda: moves.open_overlay("devices"),
    "reveal": moves.reveal,
    "next-round": moves.next_round,
    "next-venue": moves.next_round,
    "again": moves.play_again,
    "new": moves.new_game,
    "leave": start.show_start,
    "undo": moves.take_back,
    "hint": hints.ask_hint,
    "hint-close": hints.close_hint,
    "replay": watching.open_replay,
    "share": sharing.open_share,
    "copy": sharing.copy_link,
    "replay-close": watching.close_replay,
    "rp-start": lambda: watching.replay_go(lambda rp: rp.go(0)),
    "rp-end": lambda: watching.replay_go(lambda rp: rp.go(rp.total)),
    "rp-back": lambda: watching.replay_go(lambda rp: rp.go(rp.at - 1)),
    "rp-fwd": lambda: watching.replay_go(lambda rp: rp.go(rp.at + 1)),
    "rp-prev": lambda: watching.replay_go(lambda rp: rp.chapter(-1)),
    "rp-next": lambda: watching.replay_go(lambda rp: rp.chapter(1)),
    "rp-play": watching.replay_play,
    "rp-speed": watching.replay_faster,
    "rp-continue": sharing.continue_link,
    "rp-explain": hints.ask_explain,
    "explain-close": hints.close_explain,
    "fold-close": drawing.close_folds,
}


def screen_action(action):
    """The handler of a screen button (ACTIONS) or of a game's panel button (PANELS), or None."""
    if action in ACTIONS:
        return ACTIONS[action]
    if PAGE.session is not None and action in PAGE.session.table.PANELS:
        return lambda: moves.open_overlay(action)
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
    choice = choices[(start + step) % len(choices)]
    drawing.rove(choice)
    choice.focus()
    return True


DIRECTIONS = MappingProxyType({"ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0),
                               "ArrowUp": (0, -1)})


def centre(element):
    """An element's centre on the screen, (x, y)."""
    box = element.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2


def focus_in_group(group, here, key):
    """In a roving group (the fretboard) an arrow moves the focus to the nearest of its lit
    choices the arrow's way on the screen (of all its members when none is lit); at an edge
    it stays."""
    members = list(group.querySelectorAll("[role=button]"))
    lit = [m for m in members if m.matches(PAGE.session.table.CHOICES)]
    (x0, y0), (dx, dy) = centre(here), DIRECTIONS[key]
    best = None
    for member in lit or members:
        x, y = centre(member)
        along, across = (x - x0) * dx + (y - y0) * dy, abs((x - x0) * dy - (y - y0) * dx)
        if along > 1 and (best is None or along + 2 * across < best[0]):
            best = (along + 2 * across, member)
    if best:
        drawing.rove(best[1])
        best[1].focus()


def on_key(evt):
    """Escape closes a panel, drops a pending choice or closes the log; Enter or Space takes a
    focused SVG control; the arrow keys move among the lit choices (on the fretboard, about
    it); L opens the log, R the rules, M mutes."""
    if PAGE.session is None and PAGE.replay is None or q("dialog[open]"):
        return
    if evt.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        if evt.key == "Escape" and PAGE.overlay:  # a panel's field (the link, a reply): close it
            moves.close_overlay()
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
    group = evt.target.closest("[data-roving]")
    if key in ARROWS and not PAGE.overlay and group and evt.target.matches("[role=button]"):
        evt.preventDefault()         # the arrows move about the fretboard, Tab leaves it
        focus_in_group(group, evt.target, key)
        return
    if key in ARROWS and not PAGE.overlay and not evt.target.closest(".log-list"):
        if focus_choice(ARROWS[key]):
            evt.preventDefault()
        return
    if key == "Escape" and PAGE.overlay:
        moves.close_overlay()
    elif key == "Escape" and drawing.close_folds():
        pass                         # a fold's sheet closed (render.fold)
    elif key == "Escape" and teaching.lesson_shown(PAGE.session) is not None:
        teaching.teach_next()
    elif key == "Escape" and PAGE.hint_shown and hints.hint_here(PAGE.session):
        hints.close_hint()
    elif key == "Escape" and PAGE.pending is not None:
        moves.cancel_pending()
    elif key == "Escape" and PAGE.log_open:
        moves.toggle("log_open")
    elif key in ("u", "U") or key in ("z", "Z") and (evt.ctrlKey or evt.metaKey):
        evt.preventDefault()
        moves.take_back()
    elif key in ("h", "H") and not (evt.ctrlKey or evt.metaKey or evt.altKey):
        hints.ask_hint()
    elif key in ("l", "L"):
        moves.toggle("log_open")
    elif key in ("m", "M"):
        switch_sound()
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
    if key == "Escape" and drawing.close_folds():
        evt.preventDefault()         # a fold's sheet closed (render.fold)
    elif key == "Escape" and PAGE.explain_found is not None and hints.explain_here(PAGE.replay):
        evt.preventDefault()
        hints.close_explain()
    elif key in REPLAY_KEYS:
        evt.preventDefault()
        ACTIONS[REPLAY_KEYS[key]]()
    elif key in ("p", "P", " "):
        evt.preventDefault()
        watching.replay_play()
    elif key in ("l", "L"):
        moves.toggle("log_open")
    elif key in ("r", "R"):
        open_rules()
