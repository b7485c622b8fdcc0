"""Taktvoll: bars of music on up to four shared staves; 1 point per note or rest in a bar
when its bar line is played; Variant I (thirds) and Variant II (intervals).

Rules: docs/rules/taktvoll.md (3.2 and HR-K1..K12). Seats sit clockwise; play passes to the
left (seat + 1). A turn's actions, all tuples:

    ("clef",)                    start a new row (clefs are alike; at most 4 rows)
    ("time", card, row)          a time signature on a row that has none
    ("note", card, row, turned)  a note; turned = 1 plays it upside down (s → 8 − s)
    ("rest", card, row)          a rest
    ("bar", row)                 a bar line on a full bar (bar lines are alike)
    ("draw",)                    take the top card; then play it ("drawn" phase) or ("keep",)
    ("pass",)                    only when the deck is empty
    ("done",)                    decline the bonus bar line after completing a bar

A row is a list [time card or None, fill, count, previous position or None, entries], the
entries being (card, turned) pairs in order. `room` keeps, row by row, the sixteenths still free
in the open bar (−1 before the row's time signature), so legality need not measure the rows;
`fits` says the same in bits (FIT_BITS, kept with `room`), so a turn's plays are table look-ups.
"""

from ...core import GameState, short
from ...messages import text
from .cards import (BARS, CLEFS, DECK, NOTES, RESTS, TIMES, VALUES, capacity, card_info,
                    card_name, kind_of, out_of_play, pos_of, semitone, sounding, value_of)
from ...bits import cards_of, mask_of
from ...setup_fields import all_different, bad, known_keys, number, numbers, scores, sequence
from . import observer

HAND = 5
MAX_ROWS = 4
PERFECT = {0: "prime", 5: "fourth", 7: "fifth", 12: "octave"}       # HR-K6
COMPOUND = {17: "eleventh"}
B4 = 4
SHAPES = {"clef": 1, "draw": 1, "keep": 1, "pass": 1, "done": 1, "bar": 2, "time": 3,
          "rest": 3, "note": 4}                 # the length of each kind of action


def invertible(card, quarter_invertible):
    """May a note be played upside down? Wholes and halves yes, quarters by option, never
    eighths or sixteenths, never a stemmed B4 (HR-K2, HR-K3)."""
    value = value_of(card)
    if value in (2, 1):
        return False
    if value == 16:
        return True
    if pos_of(card) == B4 or (value == 4 and not quarter_invertible):
        return False
    return True


class TaktvollState(GameState):
    """The staves, the hands, the deck, the scores and whose turn it is; `dealt` and `draws`
    count each seat's cards dealt and drawn (public: every seat watches the turns)."""

    observer = observer    # what each seat sees is decided there (view, redact)

    __slots__ = ("n", "hands", "deck", "rows", "totals", "passes", "phase", "drawn",
                 "bonus_row", "current_player", "end_reason", "final", "out", "dealt", "draws",
                 "room", "fits", "note_on", "intervals")

    # --- set-up -----------------------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options, setup):
        """Share out the bar lines, shuffle the rest with the leftovers, deal 5 each."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options, _check_setup(setup, players, options))
        s.n = players
        s.rows, s.totals, s.passes = [], [0] * players, 0
        s.phase, s.drawn, s.bonus_row, s.end_reason, s.final = "turn", None, None, None, None
        s.out = out_of_play(options)
        s._read_options()
        hands = s._take_setup() if s.setup else s._deal()
        s._measure_rows()
        s.draws = [0] * players
        start = s.rng.below(players) if options["start_player"] == "random" else 0
        s.current_player = s.setup.get("start", start) if s.setup else start
        s.log({"type": "game_start", "players": players, "start": s.current_player,
               "options": dict(options), "out_of_play": list(s.out)})
        s.log({"type": "deal", "hands": hands, "deck": len(s.deck)})
        return s

    def _deal(self):
        """Bar lines shared out evenly, leftovers into the deck, five cards each from the top
        (the end of the list); sets `hands` (bitmasks) and `dealt`, returns the hands (card
        ids, in order)."""
        shares, leftovers = BAR_SHARES[self.n]
        deck = [c for c in UNSHARED if c not in self.out] if self.out else list(UNSHARED)
        deck += leftovers
        self.rng.shuffle(deck)
        top = len(deck)
        hands, self.hands = [], []
        for share, mask in shares:
            hand = deck[top - HAND:top]
            top -= HAND
            for card in hand:
                mask |= BIT[card]
            hand += share
            hand.sort()
            hands.append(hand)
            self.hands.append(mask)
        del deck[top:]
        self.deck = deck
        self.dealt = (len(shares[0][0]) + HAND,) * self.n
        return hands

    def _take_setup(self):
        """A test position: hands, deck (top last), rows and scores as given; returns the
        hands (card ids, in order)."""
        st = self.setup
        self.deck = list(st.get("deck", []))
        self.totals = list(st.get("scores", self.totals))
        for row in st.get("rows", []):
            self.rows.append(_row_from_setup(row))
        hands = [sorted(h) for h in st["hands"]]
        self.hands = [mask_of(h) for h in hands]
        self.dealt = tuple(h.bit_count() for h in self.hands)
        return hands

    def _read_options(self):
        """Keep what the options decide at every turn: the notes' plays (NOTE_ON by HR-K2; None
        in Variant I, where they depend on the rows' last notes) and if intervals score."""
        variant = self.options["variant"]
        self.note_on = None if variant in ("thirds", "both") else \
            NOTE_ON[self.options["quarter_invertible"]]
        self.intervals = variant in ("intervals", "both")

    def _measure_rows(self):
        """Set `room`, the sixteenths free in each row's open bar, measured from the rows (−1
        before the row's time signature: nothing fits), and `fits`, the same in bits."""
        self.room = [CAPACITY[row[0]] - row[1] for row in self.rows]
        self.fits = fits_of(self.room)

    # --- legality ---------------------------------------------------------------------------
    def _legal_actions(self):
        """Every action the current player may take, in a stable order."""
        if self.current_player is None:
            return []
        phase = self.phase
        if phase == "turn":
            plays = self._plays_of(self.hands[self.current_player])
            plays.append(DRAW if self.deck else PASS)
            return plays
        if phase == "drawn":
            card, note_on = self.drawn, self.note_on
            if KIND[card] == "note" and note_on is not None:    # the most frequent: a table
                plays = list(note_on[card][self.fits >> FIT_SHIFT[card] & ALL_ROWS])
            else:
                plays = self._plays_of(1 << card)
            plays.append(KEEP)
            return plays
        return [BAR[self.bonus_row], DONE]

    def _plays_of(self, cards):
        """The legal plays of some cards of the current hand (a bitmask), in card order:
        clefs, time signatures, notes, bar lines, rests (alike clefs and bar lines once)."""
        fits = self.fits
        out = [CLEF] if cards & CLEF_MASK and len(self.rows) < MAX_ROWS else []
        if fits >= UNTIMED and cards & TIME_MASK:
            out += TIMES_ON[cards >> TIMES[0] & 15][fits >> UNTIMED_SHIFT]
        fitting = cards & FIT_BY_LEN[(fits & VALUE_BITS).bit_length()]
        notes = fitting & NOTE_MASK
        if notes:
            on_rows = self.note_on
            if on_rows is None:
                self._plays_note_within_thirds(notes, out)
            else:
                while notes:            # the rows where each note's value fits: four bits of fits
                    low = notes & -notes
                    card = low.bit_length() - 1
                    notes ^= low
                    out += on_rows[card][fits >> FIT_SHIFT[card] & ALL_ROWS]
        if fits & FULL_BITS and cards & BAR_MASK:
            out += BAR_ON[fits >> FULL_SHIFT & ALL_ROWS]
        if fitting > NOTE_MASK:         # a rest (the highest cards) fits
            for card in RESTS:
                if fitting >> card & 1:
                    out += REST_ON[card][fits >> FIT_SHIFT[card] & ALL_ROWS]
        return out

    def _fits(self, row, card):
        """The card's value fits in the row's open bar."""
        return row[0] is not None and row[1] + value_of(card) <= capacity(row[0])

    def _plays_note_within_thirds(self, cards, out):
        """Variant I: notes on every row where they fit, each allowed way up that is within a
        third of the row's previous note (any, on a row with none)."""
        rows, notes = self.rows, NOTE_PLAYS[self.options["quarter_invertible"]]
        fits = self.fits
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            cards ^= low
            on_rows = fits >> FIT_SHIFT[card] & ALL_ROWS
            for r in ROWS_OF[on_rows]:
                prev = rows[r][3]
                if prev is not None:
                    out += [a for a in notes[card][r] if -2 <= SOUND[card][a[3]] - prev <= 2]
                else:
                    out += notes[card][r]

    def _refusal(self, action):
        """(message id, parameters) saying why an action is refused."""
        kind, hand = action[0], self.hands[self.current_player]
        if not _well_formed(action):
            return "error.bad_action", {"action": short(action)}
        if self.phase == "bonus" and kind not in ("bar", "done"):
            return "tak.refuse.bonus", {}
        if self.phase == "drawn" and kind != "keep" and not self._of_drawn(action):
            return "tak.refuse.drawn", {"card": card_name(self.drawn)}
        if kind in ("time", "note", "rest") and len(action) > 2 and \
                isinstance(action[1], int) and 0 <= action[1] < DECK:
            card = action[1]
            if not hand >> card & 1:
                return "tak.refuse.not_in_hand", {"card": card_name(card)}
            return self._placement_refusal(action), {"card": card_name(card)}
        if kind == "pass":
            return "tak.refuse.pass", {}
        if kind == "draw":
            return "tak.refuse.draw", {}
        if kind in ("clef", "bar"):
            return "tak.refuse." + kind, {}
        return "error.bad_action", {"action": short(action)}

    def nowhere(self, card):
        """(message id, parameters) saying why a card in the current hand has no place at all
        on this turn, or None when it has one (or another step comes first)."""
        if self.current_player is None or self.phase in ("bonus", "drawn") or \
                self._plays_of(1 << card):
            return None
        kind, name = KIND[card], {"card": card_name(card)}
        if kind == "time":
            return "tak.refuse.time_nowhere", name
        if kind in ("clef", "bar"):
            return "tak.refuse." + kind, {}
        if all(row[0] is None for row in self.rows):
            return "tak.refuse.no_time_anywhere", name
        if not any(self._fits(row, card) for row in self.rows):
            return "tak.refuse.fits_nowhere", name
        return "tak.refuse.third_everywhere", name

    def _of_drawn(self, action):
        """Does the action play the drawn card (clefs and bar lines are alike)?"""
        kind = action[0]
        if kind in ("time", "note", "rest"):
            return action[1] == self.drawn
        return kind in ("clef", "bar") and kind_of(self.drawn) == kind

    def _placement_refusal(self, action):
        """Why a card from the hand cannot go where it was put."""
        kind, card, r = action[0], action[1], action[2]
        if type(r) is not int or not 0 <= r < len(self.rows):
            return "tak.refuse.no_row"
        row = self.rows[r]
        if kind == "time":
            return "tak.refuse.has_time"
        if row[0] is None:
            return "tak.refuse.no_time"
        if not self._fits(row, card):
            return "tak.refuse.too_long"
        if len(action) > 3 and action[3] and not invertible(card, self.options["quarter_invertible"]):
            return "tak.refuse.not_invertible"
        return "tak.refuse.third"

    def describe(self, action):
        """The action in words."""
        kind = action[0]
        if kind in ("time", "note", "rest"):
            turned = len(action) > 3 and action[3]
            return text("tak.describe.play", {"card": card_name(action[1], turned),
                                              "row": action[2] + 1})
        if kind == "bar":
            return text("tak.describe.bar", {"row": action[1] + 1})
        return text("tak.describe." + kind)

    # --- playing ----------------------------------------------------------------------------
    def _apply(self, action):
        """Carry out a checked action."""
        DO[action[0]](self, action)

    def _take(self, kinds):
        """Remove and return the lowest card of a range (clefs, bar lines: a bitmask) from the
        hand."""
        held = self.hands[self.current_player] & kinds
        card = (held & -held).bit_length() - 1
        self.hands[self.current_player] ^= 1 << card
        return card

    def _emit_play(self, card, row, turned=False):
        """The public record of a card played (as `emit` makes it): a copy of the card's ready
        event with the seat and the row filled in (a copy of a dict with all its keys costs
        less than building one)."""
        if self.events is not None:
            event = PLAY[turned][card].copy()
            event["seat"], event["row"] = self.current_player, row
            self.events.append(event)

    def _do_clef(self, action):
        """A new row begins."""
        card = self._take(CLEF_MASK)
        self.rows.append([None, 0, 0, None, [(card, False)]])
        self.fits |= FIT_BITS[-1] << len(self.room)
        self.room.append(-1)
        self._emit_play(card, len(self.rows) - 1)
        self._end_turn()

    def _do_time(self, action):
        """The row gets its time signature."""
        _, card, r = action
        self.hands[self.current_player] ^= 1 << card
        row = self.rows[r]
        row[0] = card
        self.room[r] = free = CAPACITY[card] - row[1]
        self.fits ^= (FIT_BITS[-1] ^ FIT_BITS[free]) << r
        row[4].append((card, False))
        self._emit_play(card, r)
        self._end_turn()

    def _do_note(self, action):
        """A note: fill the bar, score a perfect interval in Variant II, maybe a bonus bar line."""
        _, card, r, turned = action
        turned = bool(turned)
        self.hands[self.current_player] ^= 1 << card
        row, pos = self.rows[r], SOUND[card][turned]
        self._emit_play(card, r, turned)
        if self.intervals and row[3] is not None:
            self._interval_bonus(r, row[3], pos)
        row[3] = pos
        self._fill(r, card, turned)

    def _do_rest(self, action):
        """A rest fills the bar like a note and cuts the melodic line."""
        _, card, r = action
        self.hands[self.current_player] ^= 1 << card
        self._emit_play(card, r)
        self.rows[r][3] = None
        self._fill(r, card, False)

    def _interval_bonus(self, r, before, after):
        """Variant II: +1 for a prime, perfect fourth, fifth or octave (HR-K6)."""
        d = abs(semitone(after) - semitone(before))
        if self._perfect(before, after):
            name = PERFECT.get(d) or COMPOUND[d]
            self.totals[self.current_player] += 1
            self.emit("interval", seat=self.current_player, row=r, semitones=d, interval=name,
                      points=1)

    def _fill(self, r, card, turned):
        """Add a note or rest to the open bar; a full bar offers the bonus bar line."""
        row, room, value = self.rows[r], self.room, VALUE[card]
        row[1] += value
        row[2] += 1
        row[4].append((card, turned))
        free = room[r]
        room[r] = free - value
        self.fits ^= (FIT_BITS[free] ^ FIT_BITS[free - value]) << r
        if free == value and self.hands[self.current_player] & BAR_MASK:
            self.phase, self.bonus_row, self.drawn = "bonus", r, None
            return
        self._end_turn()

    def _do_bar(self, action):
        """A bar line on a full bar scores 1 per note and rest in it."""
        r = action[1]
        card = self._take(BAR_MASK)
        row = self.rows[r]
        points = row[2]
        self.totals[self.current_player] += points
        row[1] = row[2] = 0
        self.room[r] = free = CAPACITY[row[0]]
        self.fits ^= (FIT_BITS[0] ^ FIT_BITS[free]) << r
        row[4].append((card, False))
        self._emit_play(card, r)
        self.log({"type": "bar_scored", "seat": self.current_player, "row": r, "points": points})
        self._end_turn()

    def _do_draw(self, action):
        """Take the top card of the deck; it may be played at once."""
        card = self.deck.pop()
        self.hands[self.current_player] |= 1 << card
        self.draws[self.current_player] += 1
        if self.events is not None:       # emit("draw", seat=…, card=…), built at once
            self.events.append({"seat": self.current_player, "card": card, "type": "draw"})
        self.phase, self.drawn, self.passes = "drawn", card, 0

    def _do_keep(self, action):
        """Keep the drawn card."""
        if self.events is not None:       # emit("keep", seat=…), built at once
            self.events.append({"seat": self.current_player, "type": "keep"})
        self._end_turn(played=False)

    def _do_done(self, action):
        """No bonus bar line this time."""
        self._end_turn()

    def _do_pass(self, action):
        """The deck is empty and this player cannot or will not play."""
        self.log({"type": "pass", "seat": self.current_player})
        self.passes += 1
        if self.passes >= self.n:
            self._end_game("stuck")
        else:
            self._next_player()

    def _end_turn(self, played=True):
        """The turn is over: an empty hand ends the game, else play passes to the left (as in
        _next_player, written out: nearly every action ends here)."""
        if played:
            self.passes = 0
        seat = self.current_player
        if not self.hands[seat]:
            self._end_game("empty_hand")
        else:
            self.phase, self.drawn, self.bonus_row = "turn", None, None
            self.current_player = (seat + 1) % self.n

    def _next_player(self):
        """Play passes to the left."""
        self.phase, self.drawn, self.bonus_row = "turn", None, None
        self.current_player = (self.current_player + 1) % self.n

    def _end_game(self, reason):
        """−1 per card left in hand; the highest total wins, ties share (HR-K10)."""
        left = [h.bit_count() for h in self.hands]
        self.final = [t - k for t, k in zip(self.totals, left)]
        self.current_player, self.phase, self.end_reason = None, "over", reason
        self.emit("game_end", reason=reason, scores=list(self.totals), penalties=left,
                  final=list(self.final), winners=self._winners())

    def _winners(self):
        """The seats with the highest final score."""
        if self.final is None:
            return []
        best = max(self.final)
        return [s for s, v in enumerate(self.final) if v == best]

    def scores(self):
        """Points so far; at the end, with −1 per card left in hand."""
        return list(self.final if self.final is not None else self.totals)

    # --- cloning ----------------------------------------------------------------------------
    def clone(self, keep_events=True):
        """A cheap independent copy; searches pass keep_events=False."""
        s = TaktvollState.__new__(TaktvollState)
        s._clone_base(self, keep_events)
        s.n, s.phase, s.drawn, s.bonus_row = self.n, self.phase, self.drawn, self.bonus_row
        s.current_player, s.end_reason, s.passes, s.out = (self.current_player,
                                                           self.end_reason, self.passes, self.out)
        s.hands, s.deck, s.totals = self.hands[:], self.deck[:], self.totals[:]
        s.dealt, s.draws = self.dealt, self.draws[:]
        s.final = None if self.final is None else self.final[:]
        s.rows = [[r[0], r[1], r[2], r[3], r[4][:]] for r in self.rows]
        s.room, s.fits, s.note_on, s.intervals = self.room[:], self.fits, self.note_on, \
            self.intervals
        return s


    def _perfect(self, before, after):
        """True if the interval between two positions earns the Variant II bonus."""
        d = abs(semitone(after) - semitone(before))
        return d in PERFECT or (d in COMPOUND and self.options["compound_intervals"])

    def card_places(self):
        """Where every card is: hands, the deck, the rows, out of play."""
        rows = [c for r in self.rows for c, _ in r[4]]
        return {"hands": list(self.hands), "deck": list(self.deck), "rows": rows,
                "out": list(self.out)}


def _well_formed(action):
    """An action of a known kind, of the right length, whose card is of that kind."""
    kind = action[0]
    if SHAPES.get(kind) != len(action) or not all(type(a) is int for a in action[1:]):
        return False
    if kind in ("time", "note", "rest"):
        return 0 <= action[1] < DECK and kind_of(action[1]) == kind and \
            (kind != "note" or action[3] in (0, 1))
    return True


KIND = tuple(kind_of(c) for c in range(DECK))
VALUE = tuple(value_of(c) if KIND[c] in ("note", "rest") else 0 for c in range(DECK))
SOUND = tuple((sounding(c, 0), sounding(c, 1)) if KIND[c] == "note" else None
              for c in range(DECK))
TURNS = {q: tuple((0, 1) if KIND[c] == "note" and invertible(c, q) else (0,)
                  for c in range(DECK)) for q in (True, False)}
UNSHARED = tuple(c for c in range(DECK) if c not in BARS)   # the cards shuffled for the deal
BIT = tuple(1 << c for c in range(DECK))


def _bar_shares(n):
    """Each of n seats' even share of the bar lines (cards, bitmask), and the leftovers."""
    each = len(BARS) // n
    shares = [tuple(BARS[i * each:(i + 1) * each]) for i in range(n)]
    return tuple((share, mask_of(share)) for share in shares), tuple(BARS[n * each:])


BAR_SHARES = {n: _bar_shares(n) for n in range(3, 9)}      # by the number of players
CAPACITY = {None: -1, **{t: capacity(t) for t in TIMES}}   # no time signature: nothing fits
CLEF_MASK, TIME_MASK, NOTE_MASK, BAR_MASK, REST_MASK = (mask_of(k) for k in
                                                        (CLEFS, TIMES, NOTES, BARS, RESTS))
FITTING = tuple(mask_of(c for c in range(DECK) if 0 < VALUE[c] <= free) for free in range(17))
"""The notes and rests that fit in an open bar with `free` sixteenths left (a bitmask)."""
CLEF, DRAW, KEEP, PASS, DONE = ("clef",), ("draw",), ("keep",), ("pass",), ("done",)   # every action, made once
BAR = tuple(("bar", r) for r in range(MAX_ROWS))
TIME = tuple(tuple(("time", c, r) for r in range(MAX_ROWS)) for c in range(DECK))
REST = tuple(tuple(("rest", c, r) for r in range(MAX_ROWS)) for c in range(DECK))
NOTE_PLAYS = {q: tuple(tuple(tuple(("note", c, r, t) for t in TURNS[q][c]) for r in range(MAX_ROWS))
                       for c in range(DECK)) for q in (True, False)}
"""Each card's note actions on each row, every allowed way up, by the HR-K2 option."""
NOTE_ON = {q: tuple(tuple(tuple(a for r in range(MAX_ROWS) if rows >> r & 1 for a in on_row[c][r])
                         for rows in range(1 << MAX_ROWS)) for c in range(DECK))
           for q, on_row in NOTE_PLAYS.items()}
"""Each card's note actions on a set of rows (a bitmask), row by row, every allowed way up."""
ALL_ROWS = (1 << MAX_ROWS) - 1
ROWS_OF = tuple(tuple(r for r in range(MAX_ROWS) if rows >> r & 1) for rows in range(1 << MAX_ROWS))
"""The rows in a set of rows (a bitmask), ascending."""
FIT_SHIFT = tuple(4 * (VALUE[c].bit_length() - 1) if VALUE[c] else None for c in range(DECK))
"""Where a note's or rest's value has its four bits of rows in `fits`: 4 × log2(sixteenths)."""
FULL_SHIFT, UNTIMED_SHIFT = 20, 24
VALUE_BITS, FULL_BITS = (1 << FULL_SHIFT) - 1, ALL_ROWS << FULL_SHIFT
UNTIMED = 1 << UNTIMED_SHIFT          # the untimed rows are the highest bits: fits >= UNTIMED
FIT_BITS = tuple(sum(1 << 4 * i for i in range(5) if 1 << i <= free) if free else 1 << FULL_SHIFT
                 for free in range(17)) + (1 << UNTIMED_SHIFT,)
"""A row's bits in `fits` (shifted by the row) by its room: for each note value that fits in
the open bar (sixteenth … whole, four bits apart), for a full bar, for no time signature yet
(room −1: the last entry, FIT_BITS[-1])."""
FIT_BY_LEN = (0,) + tuple(FITTING[1 << (length - 1) // 4] for length in range(1, 21))
"""The notes and rests that fit in some open bar, by the bit length of `fits & VALUE_BITS`
(its highest bit is the longest value that fits somewhere)."""
TIMES_ON = tuple(tuple(tuple(TIME[c][r] for c in TIMES if held >> c - TIMES[0] & 1
                             for r in ROWS_OF[rows]) for rows in range(1 << MAX_ROWS))
                 for held in range(1 << len(TIMES)))
"""The time signature plays of some time cards (four bits) on some untimed rows (four bits)."""
BAR_ON = tuple(tuple(BAR[r] for r in ROWS_OF[rows]) for rows in range(1 << MAX_ROWS))
REST_ON = {c: tuple(tuple(REST[c][r] for r in ROWS_OF[rows]) for rows in range(1 << MAX_ROWS))
           for c in RESTS}
"""A bar line's plays on some full rows, a rest's on some rows with room (bitmasks)."""


def fits_of(room):
    """The `fits` bits of the rows' room."""
    return sum(FIT_BITS[free] << r for r, free in enumerate(room))


PLAY = tuple(tuple({"seat": None, "row": None, **card_info(c, turned), "type": "play"}
                   for c in range(DECK)) for turned in (False, True))
"""Each card's "play" event, either way up: the card as the page draws it, seat and row to fill
in (a template: copy it)."""
DO = {"clef": TaktvollState._do_clef, "time": TaktvollState._do_time,
      "note": TaktvollState._do_note, "rest": TaktvollState._do_rest,
      "bar": TaktvollState._do_bar, "draw": TaktvollState._do_draw,
      "keep": TaktvollState._do_keep, "pass": TaktvollState._do_pass,
      "done": TaktvollState._do_done}


def _row_from_setup(row):
    """A row of a test position: {"time": card or None, "cards": [[card, turned], ...]}."""
    time = row.get("time")
    entries = [(int(c), bool(t)) for c, t in row.get("cards", [])]
    fill = count = 0
    prev = None
    for card, turned in entries:
        kind = kind_of(card)
        if kind in ("note", "rest"):
            fill, count = fill + value_of(card), count + 1
            prev = sounding(card, turned) if kind == "note" else None
        elif kind == "bar":
            fill = count = 0
    clef = [(int(row.get("clef", 0)), False)]
    timed = [(time, False)] if time is not None else []
    return [time, fill, count, prev, clef + timed + entries]


def _check_setup(setup, players, options):
    """Validate a test position (hands, deck, rows, scores, start), field by field, and make it
    JSON-canonical (or None)."""
    if setup is None:
        return None
    known_keys(setup, ("hands",), ("deck", "rows", "start", "scores"))
    out = {"hands": [numbers(h, 0, DECK - 1, "a hand")
                     for h in sequence(setup["hands"], "hands", (players,))],
           "deck": numbers(setup.get("deck", []), 0, DECK - 1, "the deck"),
           "rows": [_setup_row(r, options)
                    for r in sequence(setup.get("rows", []), "rows", range(MAX_ROWS + 1))],
           "start": number(setup.get("start", 0), 0, players - 1, "the start player")}
    if "scores" in setup:
        out["scores"] = scores(setup["scores"], players)
    cards = [c for h in out["hands"] for c in h] + out["deck"] + \
        [r["clef"] for r in out["rows"]] + \
        [r["time"] for r in out["rows"] if r["time"] is not None] + \
        [c for r in out["rows"] for c, _ in r["cards"]]
    all_different(cards)
    if set(cards) & set(out_of_play(options)):
        raise bad("a card the options take out of play is in it")
    return out


def _setup_row(row, options):
    """One row of a set-up, checked: a clef, a time signature or None, then notes, rests and
    bar lines that fill its bars in order (a bar line on a full bar only); canonical form."""
    known_keys(row, (), ("clef", "time", "cards"))
    clef = number(row.get("clef", 0), CLEFS[0], CLEFS[-1], "a row's clef")
    time = row.get("time")
    if time is not None:
        number(time, TIMES[0], TIMES[-1], "a row's time signature")
    entries = [_setup_entry(e, options) for e in sequence(row.get("cards", []), "a row's cards")]
    fill = 0
    for card, _turned in entries:
        if time is None:
            raise bad("a row needs its time signature before its cards")
        if KIND[card] == "bar":
            if fill != CAPACITY[time]:
                raise bad("a bar line closes a full bar only")
            fill = 0
        else:
            fill += VALUE[card]
            if fill > CAPACITY[time]:
                raise bad("a bar holds no more than its time signature")
    return {"clef": clef, "time": time, "cards": entries}


def _setup_entry(entry, options):
    """One [card, turned] entry of a set-up's row: a note, rest or bar line; turned 0 or 1,
    and 1 only for a note that may be played upside down."""
    card, turned = sequence(entry, "a row's entry [card, turned]", (2,))
    number(card, NOTES[0], DECK - 1, "a card in a row (a note, bar line or rest)")
    number(turned, 0, 1, "a card's turned")
    if turned and (KIND[card] != "note" or not invertible(card, options["quarter_invertible"])):
        raise bad("only a note that may be turned lies upside down")
    return [card, turned]
