"""Hints and "Why this move?" (issue 20): the worker's search asked from a person's view (the
Hint button, H) or about a replay's move, its answer checked (`answers.checked_report`), lit on
the table (`table.hint_targets`) and worded from the search's numbers (`pygame_rules.hint`).
Never searched here: without the worker, a hint says it cannot be had.
Calls: drawing, saving, teaching, worker.
"""

import asyncio
import json

from pyscript import document, window

import app
import answers
import render
from pygame_rules.messages import text

import drawing
import saving
import teaching
import worker
from page import PAGE, q, said


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
            teaching.lesson_shown(session) is not None:
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
    lit = drawing.light(screen, session.table.hint_targets(tuple(found["action"]), view),
                        "hint-lit", steps=True)
    if PAGE.lit_hint is not found:
        PAGE.lit_hint = found
        drawing.scroll_to_first(screen, lit)


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
            drawing.draw()
        return
    if PAGE.worker_state == "failed":
        PAGE.notice, PAGE.notice_at = said("ui.hint.no_worker"), "hint"
        drawing.draw()
        return
    request = session.hint_request(worker.think_cap())
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
        proxy = await worker.ensure_worker()
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
        PAGE.notice, PAGE.notice_at = said(msg, found[1]), "hint"
    else:
        PAGE.hint_found, PAGE.hint_shown = found, True
        session.count_hint(request["seat"])
        saving.save()
    drawing.draw()


def close_hint():
    """Close the hint (its Close button, Escape); H brings it back at the same position."""
    PAGE.hint_shown = False
    drawing.draw()


def forget_hint():
    """No hint: a move was made or taken back, or another game is on the table."""
    PAGE.hint_key, PAGE.hint_found, PAGE.hint_asking, PAGE.hint_shown = None, None, False, False


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
        PAGE.notice = said("ui.hint.no_worker")
        drawing.draw()
        return
    PAGE.explain_key, PAGE.explain_found, PAGE.explain_asking = (rp, rp.at), None, True
    PAGE.notice = ""
    drawing.draw()
    asyncio.ensure_future(await_explain(rp, rp.at, made))


async def await_explain(rp, at, made):
    """The worker's explanation of the move made at step `at`, checked, then shown (if the
    replay is still there), or a line saying there is none."""
    try:
        proxy = await worker.ensure_worker()
        if proxy is None:
            reply = {"ok": False}
        else:
            raw = await proxy.explain_move(
                json.dumps(made["view"], separators=(",", ":"), ensure_ascii=False),
                made["seat"], json.dumps(made["move"]), made["seed"], worker.think_cap() or 0)
            reply = json.loads(str(raw))
    except Exception as err:          # noqa: BLE001 (no explanation this time, said in words)
        reply = {"ok": False, "error": "%s: %s" % (type(err).__name__, err)}
    if PAGE.replay is not rp or PAGE.explain_key != (rp, at):
        return                        # the replay moved on or closed: forget it
    PAGE.explain_asking = False
    found = explained(reply, made)
    if found is None:
        PAGE.explain_key = None
        PAGE.notice = said("ui.hint.no_worker" if PAGE.worker_state == "failed"
                           else "ui.hint.failed")
    else:
        PAGE.explain_found = found
    drawing.draw()


def explained(reply, made):
    """The worker's explanation as the reasons read it, or None if it is not one: a report
    the hint's check passes (answers.checked_report: every candidate legal in the view, the chosen
    one the worker's move) with the move made among the candidates at "played"."""
    if not isinstance(reply, dict) or not reply.get("ok"):
        return None
    legal = {answers.as_action(a) for a in made["view"]["legal"]}
    action = answers.legal_action(reply.get("action"), legal)
    report = answers.checked_report(reply.get("report"), legal, action) if action else None
    played = report.get("played") if report else None
    if type(played) is not int or not 0 <= played < len(report["candidates"]) or \
            report["candidates"][played] != made["move"]:
        return None
    return {**report, "action": list(action)}


def close_explain():
    """Close the explanation (its Close button, Escape)."""
    forget_explain()
    drawing.draw()


def forget_explain():
    """No explanation asked or shown (a replay was put on the screen, or one was closed)."""
    PAGE.explain_key, PAGE.explain_found, PAGE.explain_asking = None, None, False
