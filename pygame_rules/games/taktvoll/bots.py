"""A rule-based bot for Taktvoll that reads only its seat's view and the legal actions.

Points come from bar lines (1 per note and rest in the bar) and, in Variant II, from perfect
intervals; every card left in hand at the end costs 1. So the bot weighs each legal action by:

  * what it scores now: a bar line on a full bar; a note or rest that exactly fills a bar when
    it holds a bar line (the bonus bar line follows, so the bar's count plus two cards out of
    the hand); a prime, fourth, fifth or octave from the row's previous note in Variant II;
  * the card leaving the hand (worth more as the deck runs low), less what the card is worth
    kept: small values complete bars later while it holds bar lines; clefs, time signatures
    and whole notes are worth playing early, before there is no row left for them;
  * what the changed bar hands the next players: a bar that one card of a common value
    completes, or a full bar nobody closed, is worth its count (plus the completing card) to
    an opponent who holds such a card and a bar line, as likely as the unseen cards make it;
    a bar only it can complete soon is worth a little to itself;
  * emptying its hand ends the game while everyone else still pays for their cards.

It draws when no play is worth more than the cost of a card in hand, plays a drawn card when
that is worth it, always takes the bonus bar line, and passes (deck empty) rather than hand out
a bar. Variant I needs no care: the legal list already holds only notes within a third.

It keeps no memory between calls and never sees the state: the same call works from JSON.
"""

from ...bits import mask_of
from . import observer
from .cards import BARS, DECK, NOTES, RESTS, kind_of, semitone, sounding, value_of
from .state import COMPOUND, HAND, KIND, PERFECT, VALUE, invertible

DUMP = 0.4            # a card out of the hand early on (the penalty it avoids, discounted)
DUMP_LATE = 0.5       # added as the deck runs out
DRAW = 0.2            # a drawn card's cost beyond the chance of playing it at once
OTHERS = 1.2          # how much a point handed to one opponent counts against ours
RISK_SEATS = 2        # opponents who may act on a bar before it changes
SELF = 0.3            # a bar we can complete next turn, if it survives the others
GO_OUT = 4.0          # ending the game on our last card
KEEP = {1: 0.35, 2: 0.3, 4: 0.2, 8: 0.1, 16: 0.0}     # a kept value, while we hold bar lines
URGENT = 0.35         # clefs, time signatures and whole notes soon have nowhere to go
SINGLE = (1, 2, 4, 8, 16)
ALL_MASK = (1 << DECK) - 1
NOTE_MASK = mask_of(NOTES)
REST_MASK = mask_of(RESTS)
BAR_MASK = mask_of(BARS)
VALUE_MASK = {v: mask_of(c for c in range(DECK) if VALUE[c] == v) for v in SINGLE}
_FITTING = {}


def fitting(prev, quarter):
    """The notes that can follow position `prev` under Variant I, some way up (a bitmask)."""
    key = (prev, quarter)
    if key not in _FITTING:
        turns = {c: (0, 1) if invertible(c, quarter) else (0,) for c in NOTES}
        _FITTING[key] = mask_of(c for c in NOTES
                                if any(abs(sounding(c, t) - prev) <= 2 for t in turns[c]))
    return _FITTING[key]


class Seen:
    """What one seat knows: its hand, the rows, and counts of the cards it cannot see."""

    __slots__ = ("me", "n", "hand", "bars", "rows", "deck", "variant", "intervals", "thirds",
                 "compound", "quarter", "unseen", "nonbar", "hand_nb",
                 "p_bar", "late", "hand_size", "memo")

    def __init__(self, view):
        rows = view["rows"]
        self._read(view["seat"], view["players"], view["options"], view["variant"],
                   [c["card"] for c in view["hand"]], rows, view["deck"],
                   [c["card"] for row in rows for c in row["cards"]])

    @classmethod
    def from_state(cls, state, seat):
        """The same as Seen(state.view(seat)), read from the state for the search's playouts
        through the observer's readers that the view is made of: the seat's own hand, the
        rows' open bars, the cards on the staves and the deck's size."""
        seen = cls.__new__(cls)
        seen._read(seat, state.n, state.options, state.options["variant"],
                   observer.own_hand(state, seat), observer.open_bars(state), len(state.deck),
                   observer.on_staves(state))
        return seen

    def _read(self, me, n, opts, variant, hand, rows, deck, shown):
        """Fill in what the seat knows and the counts of the cards it cannot see."""
        self.me, self.n = me, n
        self.variant = variant
        self.intervals = variant in ("intervals", "both")
        self.thirds = variant in ("thirds", "both")
        self.compound = opts.get("compound_intervals", False)
        self.quarter = opts.get("quarter_invertible", True)
        self.hand = hand
        self.hand_size = len(hand)
        self.bars = sum(1 for c in hand if KIND[c] == "bar")
        self.rows = rows
        self.deck = deck
        known = mask_of(hand) | mask_of(shown)
        if not opts.get("rests", True):
            known |= REST_MASK
        if not opts.get("one_four", True):
            known |= 1 << 4
        unseen = ALL_MASK & ~known
        self.unseen = unseen
        bars_unseen = (unseen & BAR_MASK).bit_count()
        unseen_count = unseen.bit_count()
        others = max(1, n - 1)
        in_hands = max(0, unseen_count - deck)
        leftover = len(BARS) % n
        out = len(RESTS) * (not opts.get("rests", True)) + (not opts.get("one_four", True))
        start_deck = DECK - len(BARS) - out + leftover - HAND * n
        bars_in_deck = leftover * deck / max(1, start_deck)
        bars_held = max(0.0, bars_unseen - bars_in_deck)
        self.nonbar = max(1, unseen_count - bars_unseen)
        self.hand_nb = max(0.5, (in_hands - bars_held) / others)
        per_seat = in_hands / others
        self.p_bar = 1 - (1 - min(1.0, bars_held / max(1, in_hands))) ** per_seat \
            if in_hands else 0.0
        self.late = 1 - min(1.0, deck / max(1, start_deck))
        self.memo = {}

    # --- what the others may do ---------------------------------------------------------------
    def p_hold(self, value, prev):
        """How likely one opponent can play a card of exactly `value` on a row after `prev`
        (from its hand, or drawn and played at once)."""
        key = (value, prev if self.thirds else None)
        if key not in self.memo:
            self.memo[key] = self._p_hold(value, key[1])
        return self.memo[key]

    def _p_hold(self, value, prev):
        """p_hold, worked out."""
        k = (self.unseen & VALUE_MASK[value]).bit_count()
        if self.thirds and prev is not None:
            k = (self.unseen & REST_MASK & VALUE_MASK[value]).bit_count() + \
                (self.unseen & VALUE_MASK[value] & fitting(prev, self.quarter)).bit_count()
        if not k:
            return 0.0
        share = min(1.0, k / self.nonbar)
        held = 1 - (1 - share) ** self.hand_nb
        drawn = share if self.deck else 0.0
        return 1 - (1 - held) * (1 - drawn * 0.5)

    def risk(self, capacity, fill, count, prev):
        """Points an open bar in this state is likely to hand the next opponents."""
        if capacity is None:
            return 0.0
        left = capacity - fill
        if left == 0:
            if count == 0:
                return 0.0
            p, gift = self.p_bar, count
        elif left in SINGLE:
            p, gift = self.p_hold(left, prev) * self.p_bar, count + 1
        else:
            return 0.0
        seats = min(RISK_SEATS, self.n - 1)
        return gift * (1 - (1 - p) ** seats)

    def own_chance(self, capacity, fill, count, prev, played):
        """A bar we could complete on our next turn (a card of the right value and a bar line),
        if the others leave it alone."""
        if capacity is None or not self.bars:
            return 0.0
        left = capacity - fill
        if left not in SINGLE:
            return 0.0
        mine = [c for c in self.hand if c != played and VALUE[c] == left]
        if not mine:
            return 0.0
        p = self.p_hold(left, prev) * self.p_bar
        survive = (1 - p) ** (self.n - 1)
        return survive * (count + 1)

    # --- what a card is worth -------------------------------------------------------------------
    def keep_worth(self, card):
        """What holding the card for later is worth (negative: better played soon)."""
        kind = kind_of(card)
        if kind in ("clef", "time"):
            return -URGENT
        if kind == "bar":
            return 0.0
        value = value_of(card)
        if value == 16:
            return -URGENT
        return KEEP[value] * (1 - self.late) if self.bars else 0.0

    def dump(self, card):
        """Playing a card from the hand: the penalty it avoids, less what keeping it is worth."""
        return DUMP + DUMP_LATE * self.late - self.keep_worth(card)

    def interval(self, prev, pos):
        """+1 for a perfect interval in Variant II."""
        if not self.intervals or prev is None:
            return 0
        d = abs(semitone(pos) - semitone(prev))
        return 1 if d in PERFECT or (self.compound and d in COMPOUND) else 0


def row_risk(seen, row):
    """What a row's open bar, as it is now, is likely to hand the next opponents."""
    return seen.risk(row["capacity"], row["fill"], row["count"], row["prev"])


def worth(seen, action, phase):
    """What an action is worth to us, against doing nothing."""
    kind = action[0]
    if kind == "bar":
        row = seen.rows[action[1]]
        before = row_risk(seen, row)
        after = seen.risk(row["capacity"], 0, 0, row["prev"])
        gain = row["count"] + DUMP + DUMP_LATE * seen.late + OTHERS * (before - after)
        if phase == "turn" and seen.hand_size == 1:
            gain += GO_OUT
        return gain
    if kind == "done":
        return -1.0
    if kind in ("keep", "pass"):
        return 0.0
    if kind == "draw":
        return -(DRAW + DUMP_LATE * seen.late * 0.5)
    if kind == "clef":
        card = next(c for c in seen.hand if kind_of(c) == "clef")
        return seen.dump(card) + (GO_OUT if seen.hand_size == 1 else 0)
    card, r = action[1], action[2]
    row = seen.rows[r]
    gain = seen.dump(card) + (GO_OUT if seen.hand_size == 1 else 0)
    if kind == "time":
        cap = 4 * (card - 3)
        return gain - OTHERS * seen.risk(cap, 0, 0, None) + \
            SELF * seen.own_chance(cap, 0, 0, None, card)
    prev = row["prev"]
    if kind == "note":
        pos = sounding(card, action[3])
        gain += seen.interval(prev, pos)
        new_prev = pos
    else:
        new_prev = None
    cap, fill, count = row["capacity"], row["fill"] + value_of(card), row["count"] + 1
    before = row_risk(seen, row)
    if fill == cap and seen.bars:
        gain += count + DUMP + DUMP_LATE * seen.late
        if seen.hand_size == 2:
            gain += GO_OUT
        after = seen.risk(cap, 0, 0, new_prev)
    else:
        after = seen.risk(cap, fill, count, new_prev)
        gain += SELF * seen.own_chance(cap, fill, count, new_prev, card)
    return gain - OTHERS * (after - before)


def choose(view, legal, rng):
    """The heuristic bot's action (a tuple, as the engine's legal_actions() gives it)."""
    return ranked(view, legal, rng)[0]


def ranked(view, legal, rng):
    """The legal actions best first by worth (the bot's choice first: the earliest of the
    best; the bonus bar line is always taken)."""
    legal = [tuple(a) for a in legal]
    if len(legal) == 1 or view["phase"] == "bonus":
        return _order(None, legal, view["phase"])
    return _order(Seen(view), legal, view["phase"])


def play(state, seat, legal, rng):
    """The bot's choice read straight from the state (the search's playouts): the same action
    as choose(state.view(seat), legal, rng)."""
    if len(legal) == 1 or state.phase == "bonus":
        return _order(None, legal, state.phase)[0]
    seen = Seen.from_state(state, seat)
    return legal[_best([worth(seen, action, state.phase) for action in legal])]


def _best(worths):
    """The index of the first of the best worths (a later one must be better by 1e-9)."""
    best, pick = None, 0
    for i, w in enumerate(worths):
        if best is None or w > best + 1e-9:
            best, pick = w, i
    return pick


def _order(seen, legal, phase):
    """The legal actions best first, the bot's choice first."""
    if len(legal) == 1:
        return legal
    if phase == "bonus":
        first = next(a for a in legal if a[0] == "bar")
        return [first] + [a for a in legal if a != first]
    worths = [worth(seen, action, phase) for action in legal]
    pick = _best(worths)
    order = sorted((i for i in range(len(legal)) if i != pick), key=lambda i: (-worths[i], i))
    return [legal[pick]] + [legal[i] for i in order]


# --- what the bot registry seats (pygame_rules/bots.py adds random, easy, normal and hard) --------
BOTS = {"heuristic": choose}
DESCRIPTIONS = {"random": "tak.bot.random", "heuristic": "tak.bot.heuristic"}   # how each plays
