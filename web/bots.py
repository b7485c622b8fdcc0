"""The bots' turns: each after the bots' pause; a bot that searches asks the worker as soon as
it is its turn, and its move is played when both the answer and the pause are there (the
pause and the thinking overlap), the status line saying who is thinking meanwhile.
Calls: moves, teaching, worker.
"""

import asyncio
import json

from pyscript import document, window

from pygame_rules.messages import text

import moves
import teaching
import worker
from page import PAGE, proxy, q, setting_ms


def thinking_text(session):
    """The status line while the worker thinks for the seat to play, else None."""
    seat = PAGE.thinking
    if seat is None or session.state.current_player != seat:
        return None
    return text("ui.status_thinking", {"name": session.names()[seat]})


def automaton_step(session, lines):
    """While a seat the engine plays (Jim Bot) takes its turn step by step: the words of its
    last step, for the status line (issue 45, item 3: it said only "Jim Bot is playing…" while
    his steps flashed by in the grey line); None before his first step, or at another's turn."""
    state = session.state
    if state.is_over or state.current_player not in state.automata or not lines:
        return None
    events = session.events()
    return None if not events or events[-1]["type"] == "turn" else lines[-1]


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
    request = session.bot_request(worker.think_cap())
    PAGE.think_session, PAGE.think_moves, PAGE.think_reply, PAGE.think_due = \
        session, moves, None, False
    PAGE.think_asked = window.performance.now()
    set_thinking(request["seat"])
    asyncio.ensure_future(await_move(session, request))


async def await_move(session, request):
    """The worker's answer for this position, kept in PAGE.think_reply; played if the pause
    is over."""
    try:
        proxy = await worker.ensure_worker()
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
        PAGE.overlay is None and PAGE.replay is None and teaching.lesson_shown(session) is None


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
    moves.after_change()


def bot_pause():
    """The bots' pause in ms, from the settings (700 by default)."""
    return setting_ms("pause", 700, 5000)


def pause_for(session):
    """The pause before the next bot move: the bots' pause, twice over before each step of a
    seat the engine plays (Jim Bot's steps are read one by one in the status line)."""
    state = session.state
    return bot_pause() * (2 if state.current_player in state.automata else 1)


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
        PAGE.bot_timer = window.setTimeout(BOT_TICK, pause_for(session))


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
    moves.after_change()


BOT_TICK = proxy(bot_tick)


def forget_thinking():
    """A move was taken back: no bot move waits on the timer, nobody is thinking, and the
    worker's answer in flight, if any, is for a position that is gone."""
    cancel_bot()
    set_thinking(None)
    PAGE.think_session = PAGE.think_moves = PAGE.think_reply = None
