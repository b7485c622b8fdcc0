"""Watching a game again: the replay of the game on the table or of a link, its controls
(step, chapter, play at a speed) and its timer.
Calls: bots, drawing, hints, moves, sharing, start.
"""

from pyscript import window

import replay as replays

import bots
import drawing
import hints
import moves
import sharing
import start
from page import PAGE, proxy, q


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
    bots.cancel_bot()
    bots.set_thinking(None)
    PAGE.overlay, PAGE.notice = None, ""
    show_replay(replays.Replay(session.state, session.seats, seat,
                               0 if over else len(session.state.history)))


def show_replay(rp):
    """Put a replay on the screen."""
    PAGE.replay = rp
    hints.forget_explain()
    q("#start-screen").hidden = True
    q("#game-screen").hidden = False
    drawing.draw()


def close_replay():
    """Back from the replay: to the table, or (a link's replay) to the start screen."""
    leave_replay()
    PAGE.notice = ""
    if PAGE.session is None:
        sharing.forget_link()
        start.show_start()
        return
    drawing.draw()
    moves.proceed()


def leave_replay():
    """Take the replay off the screen (its timer stopped)."""
    stop_replay()
    PAGE.replay = None


def replay_go(move):
    """A replay control: `move(replay)` moves it; redraw (a step forward sounds as the move
    did at the table: issue 45, item 11)."""
    before = PAGE.replay.at
    move(PAGE.replay)
    PAGE.notice = ""
    hear_step(before)
    drawing.draw()
    if not PAGE.replay.playing:
        stop_replay()


def replay_play():
    """Play or pause the replay."""
    PAGE.replay.toggle_play()
    drawing.draw()
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
        before = PAGE.replay.at
        PAGE.replay.go(PAGE.replay.at + 1)
        hear_step(before)
        drawing.draw()
        schedule_replay()


REPLAY_TICK = proxy(replay_tick)


def hear_step(before):
    """The replay moved from step `before`: one step forward is heard (its notes, strums and
    cues), a jump is not."""
    rp = PAGE.replay
    if rp.at == before + 1:
        moves.hear(rp.table, rp.step_events())


def replay_click(data):
    """A click on a replay's board: what changes no game state, such as listening to a row,
    works as at the table; its cards do nothing."""
    rp = PAGE.replay
    rp.table.local_action(data.get("action"), data, rp.view())


def replay_faster():
    """The next speed (applies from the next move)."""
    PAGE.replay.faster()
    drawing.draw()
    schedule_replay()
