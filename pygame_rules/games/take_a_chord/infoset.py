"""Full states resampled to agree with what one Take The "A" Chord seat knows (for the search).

What a seat knows is decided in observer.py; `resample(state, seat, rng)` is
`determinize(observe(state, seat), rng)`, which reads nothing but the seat's view (the search
reads the observer's `determinize(view, rng)` itself). It keeps all of that and deals the rest
anew with `rng`:

* **Unknown cards**: the cards neither in the seat's hand, nor played face up this venue, nor
  the flipped Key Chord card: the other hands, the non-player's stack (3 players) and the
  face-down set-aside cards. Collected as one sorted list, shuffled and dealt back with the same
  counts: each hand keeps its size, the stack its height, the set-aside stack its face-down
  cards (the flipped card stays in its place).
* **Hard constraints kept**: no seat gets a card of a colour it has shown it lacks (a greedy deal
  tried up to 20 times, then a matching by augmenting paths, which always finds one since the
  real deal is one); the non-player's stack keeps the cards it has played, in their order, and
  gets its hidden cards in a new order.
* **Future chance**: `other.rng` is reseeded from `rng`, so the later venues' deals differ too.

The greedy deal fills the most constrained places first, so with voids it is not exactly
uniform, and it does not weigh hands by how each seat played. The result is a search state
only: no history, no event log, no seed, so it is not meant to be saved or replayed.
"""

from . import observer
from .cards import mask_of
from .observer import deal_by_matching  # noqa: F401  (its test reads it here)


def unknown_cards(state, seat):
    """The cards `seat` cannot see, as a bitmask: the others' hands, the stack, the face-down
    set-aside cards."""
    return mask_of(observer.unknown_cards(observer.observe(state, seat)))


def resample(state, seat, rng):
    """A state in which everything `seat` cannot see is dealt anew, consistently with what
    `seat` has seen, and whose chance is reseeded from `rng` (see observer.determinize)."""
    return observer.determinize(observer.observe(state, seat), rng)


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
HORIZON = "venue"           # playouts stop at the end of the venue, whose scores judge them
LEVELS = {"normal": 120, "hard": 300}   # playouts a move (Hard: what a second buys in Pyodide)
