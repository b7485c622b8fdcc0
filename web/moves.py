"""A move and what follows it: a person's click turned into an action by the table, the
engine's answer (or its reason shown), then save, send, sound, redraw (`after_change`) and
the next automatic or bot move (`proceed`); undo, the panels, rounds and a new game.
Calls: bots, drawing, hints, saving, start, teaching; with other devices: hosting.
"""

import random

from pyscript import window

from pygame_rules.core import EngineError
from pygame_rules.messages import text

import bots
import drawing
import hints
import saving
import start
import teaching
from page import PAGE, elsewhere, page_store, preferences, proxy, said, setting_ms

TRICK_PACE = 2000    # ms a trick just won stays on the table by default (six cards can be read)


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
        PAGE.notice, PAGE.notice_at = said(refusal[0], refusal[1]), "undo"
        drawing.draw()
        return
    bots.forget_thinking()
    PAGE.notice, PAGE.notice_at = "", None
    PAGE.heard = len(session.events())
    after_change()


def after_change(pending=None):
    """After any move: forget a half-made choice (or keep the one a resumed save had), autosave,
    sound and redraw, then make the person's automatic moves and let a bot play."""
    session = PAGE.session
    PAGE.pending = pending
    let_go_trick()
    if not hints.hint_here(session):
        hints.forget_hint()                 # the hint was for the position before this change
    session.look()                    # teaching mode: the lessons this change brings
    saving.record_results(session)
    saving.save()
    if elsewhere():
        import hosting                # (only a game with other devices needs it)
        hosting.send_net(session)
    events = new_events(session)
    hear(session.table, events)
    PAGE.gather_to = next((e["seat"] for e in reversed(events) if e["type"] == "trick_won"),
                          None)
    PAGE.marks = session.table.marks(events) if events else []
    PAGE.arrivals = session.table.arrivals(events) if events else []
    if PAGE.gather_to is not None and hold_trick(session):
        PAGE.gather_to = None         # (it gathers when the trick pace is over)
    drawing.draw()
    proceed()


def trick_pace():
    """How long a trick just won stays on the table, in ms (the settings; issue 45, item 4)."""
    return setting_ms("trick", TRICK_PACE, 6000)


def hold_trick(session):
    """Keep the trick just won on the table for the trick pace, the game waiting meanwhile
    (not when a round's scores or the end come next, nor in a game played with other
    devices); True when it is held."""
    pace = trick_pace()
    if not pace or session.state.is_over or session.round_pending() or elsewhere() or \
            not hasattr(session.table, "held_trick"):
        return False
    PAGE.held = (session, len(session.state.history), PAGE.gather_to)
    PAGE.held_timer = window.setTimeout(GATHER_TICK, pace)
    return True


def let_go_trick():
    """Forget a trick held on the table (a move, an undo or a new table came first)."""
    if PAGE.held_timer is not None:
        window.clearTimeout(PAGE.held_timer)
    PAGE.held = PAGE.held_timer = None


def gather_trick():
    """The trick pace is over: the trick gathers to its winner, and the game goes on."""
    held, session = PAGE.held, PAGE.session
    PAGE.held = PAGE.held_timer = None
    if held is None or held[0] is not session or held[1] != len(session.state.history) or \
            PAGE.replay is not None:  # (closing the replay lets the game go on)
        return
    PAGE.gather_to = held[2]
    drawing.draw()
    proceed()


GATHER_TICK = proxy(gather_trick)


def proceed():
    """A person's automatic move, else a bot's turn (after the bots' pause); nothing while a
    trick just won is still on the table."""
    session = PAGE.session
    if session is None or PAGE.held is not None:
        return
    if PAGE.overlay is None and teaching.lesson_shown(session) is None and \
            session.auto_move(preferences()) is not None:
        after_change()
        return
    bots.schedule_bot()


def new_events(session):
    """The viewer's events since the last move."""
    events = session.events()
    new, PAGE.heard = events[PAGE.heard:], len(events)
    return new


def hear(table, events):
    """Let the table sound what happened (Taktvoll's notes, Re-Chord's strums); a replay's
    step too."""
    items = table.sounds(events) if events else []
    if items:
        from tables import sound
        for item in items:
            sound.play(item)


def choose(data):
    """A click on the game's table: the table turns it into an action or a pending choice (a
    new one takes the focus to its next step's first choice, the table's NEXT_STEP)."""
    session = PAGE.session
    view = session.view()
    if view is None or session.table.local_action(data.get("action"), data, view):
        return                       # (None: a guest's table before the host's first update)
    before = PAGE.pending
    action, PAGE.pending = session.table.on_click(data, view, PAGE.pending)
    if isinstance(action, EngineError):  # a half-made choice refused
        refuse(action)
    elif action is None:
        PAGE.notice, PAGE.notice_at = "", None
        saving.save()                       # a half-made choice survives a reload
        drawing.draw()
        if PAGE.pending is not None and PAGE.pending != before:
            drawing.focus_next_step(session.table.NEXT_STEP)
    else:
        play(action)


def play(action):
    """A person's action: the engine plays it, or its reason is shown and nothing changes."""
    err = PAGE.session.human_move(action)
    if err is not None:
        refuse(err)
        return
    PAGE.notice, PAGE.notice_at = "", None
    after_change()


def refuse(err):
    """A refusal (an EngineError) shown by the card or space clicked; nothing changes."""
    PAGE.notice, PAGE.notice_at = said(err.msg_id, err.params), PAGE.clicked
    drawing.draw()


def toggle(key):
    """Flip a screen setting and redraw."""
    setattr(PAGE, key, not getattr(PAGE, key))
    drawing.draw()


def open_overlay(kind):
    """Open a panel the player asked for (bots wait while it is open)."""
    PAGE.overlay = kind
    bots.cancel_bot()
    drawing.draw()


def close_overlay():
    """Close the player's panel and let the game go on."""
    PAGE.overlay = None
    drawing.draw()
    proceed()


def cancel_pending():
    """Drop the half-made choice (Cancel or Escape)."""
    PAGE.pending = None
    saving.save()
    drawing.draw()


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
        import net
        session.room = net.HostRoom(old.room.room, old.room.secrets)
    start.begin(session, page_store().newSlot())


def new_game():
    """Back to the start screen for a different game (the finished one is dropped)."""
    drop_finished()
    start.show_start()


def drop_finished():
    """Forget this tab's save of a finished game (nothing is left to resume)."""
    if PAGE.session is not None and PAGE.session.state.is_over and PAGE.saving:
        page_store().remove("game." + PAGE.slot)
