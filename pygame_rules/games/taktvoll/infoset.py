"""Full states resampled to agree with what one Taktvoll seat knows (for the search).

What a seat knows is decided in observer.py; `resample(state, seat, rng)` is
`determinize(observe(state, seat), rng)`, which reads nothing but the seat's view. It keeps
all of that and deals the rest anew with `rng`:

* **Unknown cards**: the cards neither on the staves, nor out of play, nor known in a hand (the
  seat's own hand, every seat's bar lines of its share): the other hands' other cards and the
  deck. Collected as one sorted list (so where they really lie cannot matter), shuffled, and
  dealt back with the same counts: each other hand keeps its size (which every seat can count,
  HR-K9 or not), the deck its length (its new order is the future chance). With 3, 4, 6 or 8
  players there are no bar lines among them, so every seat's bar-line count is kept exactly,
  as it is public.
* **Hard constraints kept**: the seat's own hand (and its drawn card); hand sizes; a seat in
  its "drawn" phase holds its drawn card, which came from the deck: it becomes one of the cards
  dealt to that seat; a seat in its "bonus" phase holds a bar line: with no bar line of its
  share left (5 or 7 players) one leftover bar line from the unknown cards is swapped into its
  hand.
* **Future chance**: the deck's order is dealt anew, and `other.rng` is reseeded from `rng`.

The deal is uniform over the unknown cards under those constraints; it does not weigh hands by
how each seat played, nor use what the event log alone shows (with 5 or 7 players, a completed
bar without a bonus bar line shows that the seat then held no bar line). The result is a search
state only: no history, no event log, no seed, so it is not meant to be saved or replayed.
"""

from ...rewards import margin
from . import observer
from .state import VALUE


def known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand (bitmasks): its own, and every other seat's
    remaining bar lines of its share."""
    return observer.known_in_hands(observer.observe(state, seat))


def unknown_cards(state, seat):
    """The sorted cards `seat` cannot place: others' hands (their share of bar lines aside)
    and the deck."""
    view = observer.observe(state, seat)
    return observer.unknown_cards(view, observer.known_in_hands(view))


def resample(state, seat, rng):
    """A state in which everything `seat` cannot see is dealt anew, consistently with what
    `seat` has seen, and whose chance is reseeded from `rng` (see observer.determinize)."""
    return observer.determinize(observer.observe(state, seat), rng)


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
PLAYOUT_CAP = 32            # moves a playout looks ahead (about six turns each at four players)
WIDTH = 6                   # candidates: the heuristic's best six different moves


def alike(view, action):
    """A key that two actions share when they play alike: a time signature on any row that
    has only its clef; a rest, or in the basic game (where pitch does nothing) a note, of one
    value on one row."""
    kind = action[0]
    if kind == "time":
        return action[:2]
    if kind == "rest" or (kind == "note" and view["options"]["variant"] == "basic"):
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
