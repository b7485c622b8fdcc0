"""Teaching mode on the page: the tip shown in the dock (a lesson of pygame_rules.teach), what
it lights, its buttons, and the settings dialog's teaching switch, remembered per title.
Calls: drawing, moves, saving.
"""

from pyodide.ffi import to_js
from pyscript import document, window

import app
import render
from pygame_rules.messages import text

import drawing
import moves
import saving
from page import PAGE, open_dialog, page_store, q, said, settings


def lesson_shown(session):
    """The teaching tip on screen now (the viewer's first waiting lesson), or None: none while
    a panel the player opened, the curtain or another tab's notice is up."""
    if session is None or PAGE.replay is not None or PAGE.overlay is not None or \
            not PAGE.saving:
        return None
    waiting = session.lessons()
    return waiting[0] if waiting else None


def waiting_text(session, lesson, names):
    """The status line while a tip is up at another's turn: they wait for it (the bots move
    once it is read), or None."""
    cur = session.state.current_player
    if lesson is None or cur is None or cur == session.viewer() or session.state.is_over or \
            session.curtain_for() is not None:
        return None
    return text("ui.status_tip_wait", {"name": names[cur]})


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
    lit = drawing.light(screen, session.table.teach_targets(lesson["marks"]), "teach-lit")
    if PAGE.lit_lesson is not lesson:            # a new lesson: its first mark on the board in
        PAGE.lit_lesson = lesson                  # view (the board scrolls inside itself)
        drawing.scroll_to_first(screen, lit)


def teach_next():
    """"Got it" (or Escape): the next lesson, if any; the game goes on once none is left."""
    PAGE.session.dismiss()
    saving.save()
    drawing.draw()
    moves.proceed()


def teach_never():
    """"Don't show again": teaching off for this game, and remembered for its title."""
    session = PAGE.session
    session.stop_teaching()
    remember_teaching(session.state.game.id, False)
    title = session.state.game.shown_title()
    PAGE.notice, PAGE.notice_at = said("ui.teach_off", {"title": title}), None
    saving.save()
    drawing.draw()
    moves.proceed()


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
    saving.save()
    drawing.draw()
    moves.proceed()
