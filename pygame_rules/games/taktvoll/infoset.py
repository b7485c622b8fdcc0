"""What one seat knows in Taktvoll, and full states resampled to agree with it (for the search).

What a seat sees (see `TaktvollState.view` and `redact`): its own hand (with the card it just
drew), every card on the staves and who played it, the scores, the deck size, the pass count,
the phase (a "bonus" phase shows that the player holds a bar line). Others' hand sizes are
hidden by default (HR-K9) but countable: 5 dealt plus the shared-out bar lines, +1 per draw,
-1 per card played. The cards others drew and kept, and the deck's order, are hidden.

The bar lines are shared out before the deal: seat i gets the block of ids
`BARS[i*each:(i+1)*each]` (each = 24 // n), and only the 24 mod n leftovers (5 or 7 players)
go into the deck. Bar lines are alike and a seat always plays its lowest id, so it plays its own
block first: the block ids it still holds are exactly the top `each - (bar lines it played)`
of its block, which everyone can count. Those stay where they are.

`resample(state, seat, rng)` keeps all of that and deals the rest anew with `rng`:

* **Unknown cards**: the other hands without their block bar lines, and the deck. Collected as
  one sorted list (so where they really lie cannot matter), shuffled, and dealt back with the
  same counts: each other hand keeps its size, the deck its length (its new order is the
  future chance). With 3, 4, 6 or 8 players there are no bar lines among them, so every
  seat's bar-line count is kept exactly, as it is public.
* **Hard constraints kept**: the seat's own hand (and its drawn card); hand sizes; a seat in
  its "drawn" phase holds its drawn card, which came from the deck: it becomes one of the cards
  dealt to that seat; a seat in its "bonus" phase holds a bar line: with no block bar line left
  (5 or 7 players) one leftover bar line from the unknown cards is swapped into its hand.
* **Future chance**: the deck's order is dealt anew, and `other.rng` is reseeded from `rng`.

The deal is uniform over the unknown cards under those constraints; it does not weigh hands by
how each seat played, nor use what the event log alone shows (with 5 or 7 players, a completed
bar without a bonus bar line shows that the seat then held no bar line). Set-up positions
(tests) are read with the same block rule. The result is a search state only: its `history`
no longer matches its seed, so it is not meant to be saved or replayed.
"""

from ...bits import cards_of
from ...core import Rng
from ...rewards import margin
from .cards import BARS
from .state import VALUE

_FIRST_BAR = BARS[0]
_BAR_MASK = ((1 << len(BARS)) - 1) << _FIRST_BAR


def known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand: its own, and every other seat's remaining
    bar lines of its share-out block."""
    n = state.n
    each = len(BARS) // n
    block = (1 << each) - 1
    fixed = [0] * n
    for t, hand in enumerate(state.hands):
        fixed[t] = hand if t == seat else hand & (block << (_FIRST_BAR + t * each))
    return fixed


def unknown_cards(state, seat):
    """The sorted cards `seat` cannot place: others' hands (block bar lines aside) and the deck."""
    return _unknown(state, known_in_hands(state, seat))


def _unknown(state, fixed):
    """The sorted cards in hands but not fixed there, and in the deck."""
    pool = 0
    for t, hand in enumerate(state.hands):
        pool |= hand & ~fixed[t]
    for c in state.deck:
        pool |= 1 << c
    return cards_of(pool)


def resample(state, seat, rng):
    """A clone(keep_events=False) of `state` in which everything `seat` cannot see is dealt
    anew, consistently with what `seat` has seen, and whose chance is reseeded from `rng`."""
    n = state.n
    fixed = known_in_hands(state, seat)
    cards = _unknown(state, fixed)
    rng.shuffle(cards)
    other = state.clone(keep_events=False)
    other.rng = Rng(rng.getrandbits(64))
    actor = state.current_player
    if actor is not None and actor != seat and state.phase == "bonus" and \
            not fixed[actor] & _BAR_MASK:
        _give_a_bar(state, seat, fixed, cards, rng)

    k = 0
    hands = other.hands
    for t in range(n):
        if t != seat:
            size = state.hands[t].bit_count() - fixed[t].bit_count()
            mask = fixed[t]
            for c in cards[k:k + size]:
                mask |= 1 << c
            hands[t] = mask
            if t == actor and state.phase == "drawn":
                other.drawn = cards[k]
            k += size
    other.deck = cards[k:]
    return other


def _give_a_bar(state, seat, fixed, cards, rng):
    """The bonus-phase player holds a bar line: make sure one of its dealt cards is one."""
    actor = state.current_player
    start = 0
    for t in range(actor):
        if t != seat:
            start += state.hands[t].bit_count() - fixed[t].bit_count()
    size = state.hands[actor].bit_count() - fixed[actor].bit_count()
    mine = range(start, start + size)
    if any(_BAR_MASK >> cards[i] & 1 for i in mine):
        return
    bars = [i for i, c in enumerate(cards) if _BAR_MASK >> c & 1]
    i, j = rng.choice(bars), rng.choice(mine)
    cards[i], cards[j] = cards[j], cards[i]


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
PLAYOUT_CAP = 32            # moves a playout looks ahead (about six turns each at four players)
WIDTH = 6                   # candidates: the heuristic's best six different moves


def alike(state, action):
    """A key that two actions share when they play alike: a time signature on any row that
    has only its clef; a rest, or in the basic game (where pitch does nothing) a note, of one
    value on one row."""
    kind = action[0]
    if kind == "time":
        return action[:2]
    if kind == "rest" or (kind == "note" and state.options["variant"] == "basic"):
        return ("fill", VALUE[action[1]], action[2])
    return action


def estimate(state):
    """Each seat's points so far less the cards still in hand (the end's penalty)."""
    if state.is_over:
        return state.scores()
    return [t - h.bit_count() for t, h in zip(state.totals, state.hands)]


def reward(state, seat):
    """The seat's estimate against the best other and the table's mean."""
    return margin(estimate(state), seat)


LEVELS = {"normal": 120, "hard": 450}   # playouts a move (Hard: what a second buys in Pyodide)
