"""The table's controller, without the DOM: who sees what, bots' turns, clicks, saves.

The page's modules (main.py and those it wires, web/README.md) own the page and
the timers; everything they decide with is here so the same code runs in CPython tests. No
rule lives here: legality, results and what a seat may see all come from the engine's
`apply`, `view` and `events_for`.
"""

import importlib.util
import json
import zlib

import pygame_rules
import saves
import tables
from answers import as_action, checked_report, legal_action
from pygame_rules.core import EngineError
from pygame_rules import messages

HINT_SECONDS = 1.0             # a hint's search: Hard's own budget, capped at about a second


def told(table, head, names, events):
    """Events in a table's log words, after `head` (the game's first event) sets them up."""
    return table.log_lines(head + events, names)[len(table.log_lines(head, names)):]


class Session:
    """One game at one screen: the engine state, the seats, and what the screen shows."""

    def __init__(self, state, seats, revealed=None, shown_round=0, practice=False,
                 teaching=False, taught=None, room=None):
        self.state = state
        self.room = room              # net.HostRoom: the seats played from other devices
        self.practice = practice      # a practice game: any move may be taken back (and its
                                      # results are kept apart in the statistics)
        self.table = tables.table_for(state.game.id)  # the game's table module
        self.seats = seats            # [{"name", "kind": "human" | "bot" | "remote", "bot"}]
        self.revealed = revealed      # hot seat: the human whose hand is on screen
        self.shown_round = shown_round  # rounds whose score table the players have closed
        self.bots, self.steady = self.seat_bots()  # a bot per seat (None: a person's); the
                                      # bot that stands in for one the worker cannot run
        self.stand_ins = {}           # seat -> the main thread's bot when the worker cannot think
        self.saved_pending = None     # the half-made choice a resumed save had (None: none)
        self.recorded = False         # the finished game's results are in the statistics
        self._undo_memo = None        # (state, moves, seat, refusal): asked once per position
        self._told = None             # the log in words so far (see log_lines)
        # teaching mode (issue 20): one teacher per person, reading the log from its end now
        # (a resumed game teaches nothing of what happened before), or from its start in a game
        # where no move was made (its first deal is news); `due`: seat -> the lessons
        # waiting for that person, shown only while their hand is on screen
        self.teaching = False
        self.teachers, self.due = {}, {}
        self.set_teaching(teaching, taught)
        self.hints = {}               # seat -> the hints that person was shown in this game

    def seat_bots(self):
        """(a bot per seat, None at a person's seat, the automaton at a seat the engine plays;
        the game's steady bot, which stands in for a searching bot the worker cannot run)."""
        from pygame_rules.bots import bot_names, default_bot, make_bot, with_automata
        game_id = self.state.game.id
        offered = bot_names(game_id)          # a game without its heuristic bot seats "random"
        steady = default_bot(game_id)
        return with_automata(self.state, [
            make_bot(game_id, s.get("bot") if s.get("bot") in offered else steady, seed=i)
            if s["kind"] == "bot" else None for i, s in enumerate(self.seats)]), steady

    # --- starting ---------------------------------------------------------------------------
    @classmethod
    def start(cls, game_id, seats, seed, options=None, practice=False, teaching=False):
        """A new game for these seats (one dict per player); `practice`: undo at any point;
        `teaching`: each rule explained the first time it comes into play."""
        state = pygame_rules.new_game(game_id, len(seats), seed=seed, options=options)
        return cls(state, [saves.clean_seat(s, i) for i, s in enumerate(seats)], practice=practice,
                   teaching=teaching)

    def again(self, seed):
        """A new game with the same seats and options (and practice or not, teaching or not:
        what each person was taught stays taught)."""
        session = Session.start(self.state.game.id, self.seats, seed, self.state.options,
                                self.practice)
        session.set_teaching(self.teaching, self.taught())
        return session

    # --- who is looking -----------------------------------------------------------------------
    @property
    def humans(self):
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    @property
    def hot_seat(self):
        """True when two or more people share the screen."""
        return len(self.humans) >= 2

    def names(self):
        """The seats' names, in seat order (a seat the engine plays is named by the game)."""
        return [s["name"] for s in self.seats] + \
            [self.state.automaton_name(seat) for seat in self.state.automata]

    @property
    def remotes(self):
        """Seats played from other devices (issue 23)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote"]

    def kind_of(self, seat):
        """"human", "bot" or "remote" for a seat (a seat the engine plays: "bot")."""
        return self.seats[seat]["kind"] if seat is not None and seat < len(self.seats) else "bot"

    def current_is_human(self):
        """True when a person at this screen must act now (not a bot, not another device)."""
        return self.kind_of(self.state.current_player) == "human"

    def waiting_for_remote(self):
        """The seat on another device whose move comes next, or None."""
        cur = self.state.current_player
        return cur if self.kind_of(cur) == "remote" and not self.round_pending() else None

    def curtain_for(self):
        """The seat to pass the screen to before its hand is shown, or None (no person to act
        here, their hand already on screen, or a round's score table is up first)."""
        if not self.hot_seat or not self.current_is_human() or self.round_pending():
            return None
        cur = self.state.current_player
        return None if self.revealed == cur else cur

    def viewer(self):
        """The seat whose view the screen shows (None: no hand is shown at all). One person:
        always theirs. A hot seat: the person to act, only once they have taken the screen
        (`revealed`) and while no round's score table is up; else nobody's."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        cur = self.state.current_player
        if self.hot_seat and self.current_is_human() and self.revealed == cur and \
                not self.round_pending():
            return cur
        return None

    def reveal(self):
        """The person named on the curtain has taken the screen: show their hand."""
        seat = self.curtain_for()
        if seat is not None:
            self.revealed = seat

    # --- teaching mode (issue 20) ----------------------------------------------------------------
    def set_teaching(self, on, taught=None):
        """Turn teaching on or off for this game. On: a teacher for each person (the lessons in
        `taught`, {seat: [ids]}, already seen), reading on from the log's current end (from its
        start before the first move: `Teacher.join`)."""
        self.teaching = bool(on) and teachable(self.state.game.id)
        self.due = {}
        if not self.teaching:
            return
        from pygame_rules import teach      # only when teaching: a module the page may never need
        taught = taught or {}
        for seat in self.humans:
            teacher = self.teachers.get(seat) or teach.Teacher(seat, taught.get(seat, ()))
            teacher.join(self.state)      # a new game's first look reads its first deal
            self.teachers[seat] = teacher

    def taught(self):
        """{seat: [ids]} of the lessons each person has been shown (those still waiting to be
        shown are not counted: after a reload they may come again)."""
        out = {}
        for seat, teacher in self.teachers.items():
            waiting = {item["id"] for item in self.due.get(seat, ())}
            out[seat] = [i for i in teacher.seen if i not in waiting]
        return out

    def look(self):
        """After every change: the lessons newly due for each person join their queue."""
        if not self.teaching:
            return
        for seat, teacher in self.teachers.items():
            found = teacher.look(self.state)
            if found:
                self.due.setdefault(seat, []).extend(found)

    def lessons(self):
        """The lessons waiting for the screen's viewer, first shown first (none behind the
        curtain, none with nobody's hand on screen)."""
        seat = self.viewer()
        if not self.teaching or seat is None or self.curtain_for() is not None:
            return []
        return self.due.get(seat, [])

    def dismiss(self):
        """The viewer has read the lesson on screen ("Got it", Escape): the next one, if any."""
        waiting = self.lessons()
        if waiting:
            waiting.pop(0)

    def stop_teaching(self):
        """"Don't show again": no more lessons in this game."""
        self.set_teaching(False)

    # --- hints (issue 20): Hard's move for the person to play, searched in the worker -----------
    def hint_seat(self):
        """The person who may ask for a hint now: the one whose hand is on screen, at their own
        turn at a playable board (no curtain, no round's table open), or None."""
        seat = self.viewer()
        if seat is None or seat != self.state.current_player or not self.current_is_human() or \
                self.curtain_for() is not None or self.round_pending():
            return None
        return seat

    def hint_request(self, think=0.0):
        """What the worker's `best_move` needs for the hint: the person's own view (never the
        whole game), their seat, "hard", the seed a Hard bot would have in this position, the
        think cap (about a second, less if the page's think setting says so), the number of
        moves so far (the answer is shown only if nothing moved meanwhile) and `explain` (the
        report says what the moves named set off)."""
        seat = self.hint_seat()
        moves = len(self.state.history)
        think = min(HINT_SECONDS, float(think)) if think and think > 0 else HINT_SECONDS
        return {"view": json.dumps(self.state.view(seat), separators=(",", ":"),
                                   ensure_ascii=False),
                "seat": seat, "level": "hard", "seed": position_seed(self.state.seed, seat, moves),
                "think": think, "moves": moves, "explain": 1}

    def hint_found(self, reply, moves):
        """The worker's answer as the hint to show ({**the search's report, "action": [...]},
        as pygame_rules.hint.hint gives it), or (message id, parameters) saying why there is
        none: the worker could not answer, the game moved on, or its move is not legal here
        (every candidate the reasons name must be legal too, else only the move is named; effects
        not shaped as the engine gives them are left out)."""
        if not isinstance(reply, dict) or not reply.get("ok"):
            return ("ui.hint.failed", {})
        if moves != len(self.state.history) or self.hint_seat() is None:
            return ("ui.hint.stale", {})
        legal = set(self.state.legal_actions())
        action = legal_action(reply.get("action"), legal)
        if action is None:
            return ("ui.hint.illegal", {})
        report = checked_report(reply.get("report"), legal, action) or {}
        return {**report, "action": list(action)}

    def count_hint(self, seat):
        """One more hint shown to the person at `seat`."""
        self.hints[seat] = self.hints.get(seat, 0) + 1

    # --- taking a move back ---------------------------------------------------------------------
    def undo_seat(self):
        """The person who could take back the last move now: the one whose hand is on screen
        (a hot seat's revealed player while the bots play after them), or None."""
        humans = self.humans
        if not humans or self.round_pending():
            return None
        if len(humans) == 1:
            return humans[0]
        seat = self.viewer()
        if seat is None and not self.current_is_human():
            seat = self.revealed
        return seat

    def undo_refusal(self):
        """Why the last move cannot be taken back now, as (message id, parameters), or None
        (the engine replays the game to answer, so it is asked once per position)."""
        seat = self.undo_seat()
        memo = self._undo_memo
        if memo and memo[0] is self.state and memo[1] == len(self.state.history) and \
                memo[2] == seat:
            return memo[3]
        refusal = ("undo.nothing", {}) if seat is None else \
            self.state.undo_refusal(seat, self.free_undo())
        if refusal is not None and "by" in refusal[1]:
            refusal = refusal[0], {**refusal[1], "name": self.names()[refusal[1]["by"]]}
        self._undo_memo = (self.state, len(self.state.history), seat, refusal)
        return refusal

    def free_undo(self):
        """True when any move may be taken back (practice), unless a seat is played from
        another device: then, as in a real game, only this screen's own last move."""
        return self.practice and not self.remotes

    def undo(self):
        """Take back the last move (the engine replays the rest); returns the refusal, or None.
        In practice the bots' moves since the person's last move go with it."""
        refusal = self.undo_refusal()
        if refusal is None:
            seat = self.undo_seat()
            self.state = self.state.before_turn(seat) if self.free_undo() else \
                self.state.undo(seat)
            self.due = {}            # lessons about moves taken back are gone
            # a round whose end was taken back gets its score table again when it ends again
            self.shown_round = min(self.shown_round, self.rounds_scored())
        return refusal

    def view(self):
        """The engine's view for the screen's viewer."""
        return self.state.view(self.viewer())

    def events(self):
        """The event log as the screen's viewer may see it."""
        return self.state.events_for(self.viewer())

    def log_lines(self, names):
        """The log in words as the screen's viewer may see it (the table's `log_lines` of
        `events()`). Between two moves the log only grows and an event's words depend on the
        event, the names and the game's first event alone: the lines told before are kept and
        only the new events are told. Another state (an undo), viewer, names or language: all
        told anew."""
        state, seat, raw = self.state, self.viewer(), self.state.events or []
        seen = getattr(state, "redact", None) or (lambda event, _: event)  # a guest's: as sent
        how = (seat, tuple(names), messages.language())
        memo = self._told             # (state, how, events told, the last of them, lines)
        if memo is None or memo[0] is not state or memo[1] != how or len(raw) < memo[2] or \
                memo[2] and raw[memo[2] - 1] is not memo[3]:
            memo = (state, how, 0, None, [])
        if len(raw) > memo[2]:
            lines = memo[4] + told(self.table, [seen(raw[0], seat)], names,
                                   [seen(e, seat) for e in raw[memo[2]:]]) \
                if memo[2] else self.table.log_lines(self.events(), names)
            memo = (state, how, len(raw), raw[-1], lines)
        self._told = memo
        return list(memo[4])

    # --- between rounds (Take The "A" Chord's venues) -------------------------------------------
    def rounds_scored(self):
        """How many rounds have been scored so far (from the public view)."""
        return self.table.rounds_scored(self.state.view(None))

    def round_pending(self):
        """The number of a scored round whose table has not been closed yet (or 0)."""
        done = self.rounds_scored()
        return done if done > self.shown_round and not self.state.is_over else 0

    def close_round(self):
        """The players have read the round's score table. In a hot seat the screen may have
        gone round the table: the next person's hand comes after a curtain, even if it is the
        person who held the screen before."""
        self.shown_round = self.rounds_scored()
        self.revealed = None

    # --- moves -----------------------------------------------------------------------------------
    def waiting_for_bot(self):
        """True when the next thing to happen is a bot's move."""
        cur = self.state.current_player
        return cur is not None and self.bots[cur] is not None and not self.round_pending()

    def bot_move(self, stand_in=False):
        """Let the bot whose turn it is play here and now; returns the action. `stand_in`: a bot
        that searches is replaced by the game's heuristic (the worker could not think)."""
        from pygame_rules.bots import bot_action, make_bot
        cur = self.state.current_player
        bot = self.bots[cur]
        if stand_in and self.bot_thinks():
            if cur not in self.stand_ins:
                self.stand_ins[cur] = make_bot(self.state.game.id, self.steady, seed=cur)
            bot = self.stand_ins[cur]
        action = bot_action(self.state, bot)
        self.state.apply(action)
        return action

    # --- bots that search: their moves come from the worker (bot_worker.py) ---------------------
    def bot_thinks(self):
        """True when the bot to play now searches (the page asks the worker for its move)."""
        from pygame_rules.bots import searches
        cur = self.state.current_player
        return cur is not None and searches(self.bots[cur])

    def has_thinking_bots(self):
        """True when any seat's bot searches (the page then starts the worker)."""
        from pygame_rules.bots import searches
        return any(searches(b) for b in self.bots)

    def bot_request(self, think=0.0):
        """What the worker's `best_move` needs for the current bot's move: its seat's view
        (JSON: all the bot may know, never the whole game), the seat, the level, a seed of its
        own for this position, the think cap (0: none), and the number of moves so far (the
        reply is played only if nothing moved meanwhile)."""
        cur = self.state.current_player
        moves = len(self.state.history)
        return {"view": json.dumps(self.state.view(cur), separators=(",", ":"),
                                   ensure_ascii=False),
                "seat": cur, "level": self.bots[cur].name,
                "seed": position_seed(self.state.seed, cur, moves), "think": float(think or 0),
                "moves": moves}

    def bot_reply(self, reply, moves):
        """Play the worker's answer if it is for this very position and legal; returns the
        action played, or None (stale, refused, or the worker said it could not)."""
        if not isinstance(reply, dict) or not reply.get("ok") or moves != len(self.state.history) \
                or not self.waiting_for_bot() or not self.bot_thinks():
            return None
        action = as_action(reply.get("action"))
        try:
            self.state.apply(action)
        except (EngineError, TypeError, ValueError):
            return None
        return action

    def turn_refusal(self):
        """The refusal of a move made out of turn: whose turn it is, by name (the game's end
        when nobody's)."""
        from net import name_of
        cur = self.state.current_player
        if cur is None:
            return EngineError("error.game_over")
        return EngineError("error.not_your_turn", name=name_of(self.names(), cur))

    def human_move(self, action):
        """Play a person's action: None if done, else the engine's refusal (an EngineError)."""
        if not self.current_is_human() or self.viewer() != self.state.current_player:
            return self.turn_refusal()
        seat = self.state.current_player
        try:
            self.state.apply(as_action(action))
        except EngineError as err:
            return err
        self.due.pop(seat, None)     # the person has moved on: the tips about before go
        return None

    def auto_move(self, prefs):
        """A move the page makes by itself for a person (the table's `auto_action`, e.g.
        Re-Chord's "always claim"); returns the action played, or None."""
        cur = self.state.current_player
        if cur is None or not self.current_is_human() or self.round_pending():
            return None
        action = self.table.auto_action(self.state.view(cur), prefs)
        if action is None:
            return None
        try:
            self.state.apply(as_action(action))
        except (EngineError, TypeError, ValueError):
            return None                          # the person decides instead
        return action

    # --- seats on other devices (issue 23): the host's side ------------------------------------
    def open_room(self, room, secrets):
        """Seat the other devices: the room id and one secret per remote seat (tokens the
        page made from random bytes); returns the HostRoom."""
        from net import HostRoom
        if set(secrets) != set(self.remotes):
            raise ValueError("a secret for each remote seat, and only those")
        self.room = HostRoom(room, secrets)
        return self.room

    def remote_move(self, seat, msg):
        """Play a move sent by the device at `seat` (the connection's seat; `msg` a decoded
        act): None if played, else the refusal to send back. The room and the engine decide."""
        if self.room is None:
            from net import refusal
            return refusal(None, "net.wrong_seat", {"seat": seat + 1})
        action = self.room.accept(self.state, seat, msg, self.names())
        if isinstance(action, dict):
            return action
        self.state.apply(action)
        return None

    def hand_to_bot(self, seat):
        """A seat on another device is played by the game's steady bot from now on (its device
        is away, and the table goes on); the room forgets its secret. False if not remote."""
        from pygame_rules.bots import make_bot
        if self.kind_of(seat) != "remote":
            return False
        self.seats[seat] = {**self.seats[seat], "kind": "bot", "bot": self.steady}
        self.bots[seat] = make_bot(self.state.game.id, self.steady, seed=seat)
        for held in (self.room.secrets, self.room.cursors, self.room.marks):
            held.pop(seat, None)
        if not self.remotes:
            self.room = None
        return True

    # --- saving -------------------------------------------------------------------------------
    def to_save(self, pending=None, saved_at=None):
        """The text kept in the page's store (saves.write)."""
        return saves.write(self, pending, saved_at)

    @classmethod
    def from_save(cls, raw):
        """Resume a saved game (saves.read), or raise saves.SavedGameError saying why not."""
        return saves.read(cls, raw)


def teachable(game_id):
    """True when the game declares its teachable moments (it has a `teach` part; found, not
    imported: a game no one is taught needs none of it)."""
    return importlib.util.find_spec("%s.teach" % pygame_rules.GAMES[game_id].package) is not None


def position_seed(game_seed, seat, moves):
    """A bot's seed for one position: the same game, seat and move number give the same seed."""
    return zlib.crc32(("%s/%d/%d" % (game_seed, seat, moves)).encode("utf-8"))


def option_values(game_id, raw):
    """The start form's options ({name: bool or the chosen text}) as the engine's values."""
    known = {o.name: o for o in pygame_rules.GAMES[game_id].options}
    out = {}
    for name, value in raw.items():
        option = known.get(name)
        if option is not None and not isinstance(value, bool):
            value = next((a for a in option.allowed if str(a) == value), value)
        out[name] = value
    return out

