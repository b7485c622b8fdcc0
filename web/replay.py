"""A game watched again, move by move (issue 18): a finished game, the game so far, or a link.

Pure Python over the engine, no DOM, so CPython tests drive it as the page does. The game is
replayed once when the replay opens, noting where each move's events end and which moves start
a chapter (the table's `CHAPTERS`: a venue's or a round's start), with a snapshot of the state
every `SNAP_EVERY` moves; any step is then at most that many moves from a snapshot. What the
board shows at a step is the engine's view for `seat` at that step; once the game is over the
hands of every seat are shown too (`all_hands`), as a spectator would see them on Board Game
Arena. No rule is decided here.
"""

import app
import pygame_rules
import tables

SNAP_EVERY = 16
SPEEDS = (2000, 1000, 500, 250)        # ms per move: ½×, 1×, 2×, 4×
SPEED_NAMES = ("½×", "1×", "2×", "4×")


class Replay:
    """One game's moves, the step on the board, whose view it is, and the play speed."""

    def __init__(self, state, seats, seat=None, at=0):
        self.game_id = state.game.id
        self.table = tables.table_for(self.game_id)
        self.start = (state.game.id, state.players, state.seed, state.options, state.setup)
        self.actions = state.history[:]
        self.seats = seats
        self.finished = state.is_over
        self.seat = seat                 # the seat whose view is drawn (None: a spectator)
        self.all_hands = state.is_over   # every hand open once the game is over
        self.speed = 1                   # an index in SPEEDS
        self.playing = False
        self.ends, self.chapters, self.snaps = [], [0], {}
        self.movers = []                 # who made each move (a seat, or an automaton's)
        self._cached = None              # (step, state) last drawn
        self._index()
        self.at = max(0, min(at, self.total))
        start = self.snaps[0]
        self.seat_names = [s["name"] for s in seats] + \
            [start.automaton_name(seat) for seat in start.automata]

    @property
    def total(self):
        """How many moves the game has (the last step)."""
        return len(self.actions)

    def _index(self):
        """Replay the game once: event counts, chapter starts and snapshots."""
        state = pygame_rules.new_game(*self.start)
        self.snaps[0] = state.clone()
        self.ends.append(len(state.events))
        for k, action in enumerate(self.actions, 1):
            self.movers.append(state.current_player)
            state.apply(action)
            self.ends.append(len(state.events))
            if any(e["type"] in self.table.CHAPTERS for e in state.events[self.ends[-2]:]):
                self.chapters.append(k)
            if k % SNAP_EVERY == 0:
                self.snaps[k] = state.clone()
        self._cached = (self.total, state)

    def state_at(self, step):
        """The game after `step` moves (a fresh copy from the nearest snapshot or the last)."""
        if self._cached is not None and self._cached[0] == step:
            return self._cached[1]
        base = step - step % SNAP_EVERY
        state = self.snaps[base].clone()
        for action in self.actions[base:step]:
            state.apply(action)
        self._cached = (step, state)
        return state

    def names(self):
        """The seats' names, the automata's after the players' (as the table names them)."""
        return self.seat_names

    # --- moving through the game ------------------------------------------------------------
    def go(self, step):
        """Put the board at `step` (clipped to the game); True if it moved."""
        step = max(0, min(step, self.total))
        moved, self.at = step != self.at, step
        if self.at == self.total:
            self.playing = False
        return moved

    def chapter(self, direction):
        """Jump to the next (1) or this/previous (-1) chapter start, else the end or the start."""
        if direction > 0:
            return self.go(next((k for k in self.chapters if k > self.at), self.total))
        return self.go(next((k for k in reversed(self.chapters) if k < self.at), 0))

    def chapter_number(self):
        """Which chapter the step is in (1 for the first), and how many there are."""
        return sum(1 for k in self.chapters if k <= self.at), len(self.chapters)

    def faster(self):
        """The next play speed (round from 4× back to ½×)."""
        self.speed = (self.speed + 1) % len(SPEEDS)

    def delay(self):
        """Milliseconds between two moves while playing."""
        return SPEEDS[self.speed]

    def toggle_play(self):
        """Play or pause (playing from the end starts again from the beginning)."""
        if not self.playing and self.at == self.total:
            self.at = 0
        self.playing = not self.playing

    # --- what the board shows ---------------------------------------------------------------
    def view(self, seat=None):
        """The engine's view at this step for `seat` (default: the replay's seat), with no
        choices on offer: a replay is watched, not played."""
        view = dict(self.state_at(self.at).view(self.seat if seat is None else seat))
        view["legal"] = []
        return view

    def log(self):
        """The log up to this step in words, and the slice of its lines this step added."""
        state = self.state_at(self.at)
        names = self.names()
        events = state.events_for(self.seat)
        lines = self.table.log_lines(events, names)
        before = len(self.table.log_lines(events[:self.ends[self.at - 1]], names)) \
            if self.at else 0
        return lines, before, len(lines)

    def step_events(self):
        """The events the move that led to this step added, as the replay's seat sees them
        (what a step forward sounds)."""
        if not self.at:
            return []
        events = self.state_at(self.at).events_for(self.seat)
        return events[self.ends[self.at - 1]:self.ends[self.at]]

    def hands(self):
        """Every other seat's view at this step, for their hands (empty before the end)."""
        if not self.all_hands:
            return []
        players = self.state_at(self.at).players
        return [(s, self.view(s)) for s in range(players) if s != self.seat]

    def mover(self):
        """The seat whose move led to this step, if it may be explained (issue 20): a player's
        move in a game that is over; else None (the start, a game in progress, an automaton).
        Known from the index, so the replay's bar asks it at every draw without replaying."""
        if not self.finished or self.at == 0:
            return None
        seat = self.movers[self.at - 1]
        return None if seat is None or seat in self.snaps[0].automata else seat

    def move_made(self):
        """The move that led to this step, to be explained: {"seat", "view" (that seat's,
        before the move), "move", "seed" (the seed a bot of that seat had there)}, or None
        where `mover` is None."""
        seat = self.mover()
        if seat is None:
            return None
        before = self.state_at(self.at - 1)
        return {"seat": seat, "view": before.view(seat), "move": list(self.actions[self.at - 1]),
                "seed": app.position_seed(before.seed, seat, self.at - 1)}

    def unfinished_state(self):
        """The game at its last move, to continue it (a copy; None if it is over)."""
        return None if self.finished else self.state_at(self.total).clone()
