"""Full states resampled to agree with what one TAKE seat knows (for the search bot).

What a seat knows is decided in observer.py; `resample(state, seat, rng)` is
`determinize(observe(state, seat), rng)`, which reads nothing but the seat's view (the search
reads the observer's `determinize(view, rng)` itself). It keeps all of that and deals the rest
anew with `rng`:

* **Unknown cards** (never seen by the seat): the union of the other hands, the other seats'
  passes still in flight (passing phase), the unused draw pile, the face-down doubles of the
  initial bamboo (drawn from the draw pile) and, in set-up positions only, discard cards that
  were never played. Collected as one sorted list (so where they really lie cannot matter),
  shuffled, and dealt back to those places with their public counts: each hand keeps its size,
  each seat in flight passes 2, the draw pile its length, each face-down double stays one card.
* **Hard constraints kept**: the seat's own hand, passes and received cards; a card the seat
  passed to a neighbour stays in that neighbour's hand until it is played (then it is public);
  played cards never go back to a hand or the draw pile.
* **Played cards out of sight**: the discard pile and the face-down extras a trump winner took
  (from the discard pile, or from the trick) hold played cards, so the set of them is public
  while which card lies where is not. That set is shuffled back over the same places. (A trick
  extra's identity is public in the event log, but the view only says a face-down entry holds
  a played card, and face-down identities never affect play or scoring.)
* **Others' passes**: after the exchange, every pass the seat did not give or receive is
  redrawn consistently with the new deal: the card seat t got from neighbour s (s, t ≠ seat) is
  picked uniformly among the cards t holds or has played this round, except the card the seat
  gave t; `passes` and `received` of every other seat are then rewritten to match.
* **Future chance**: `other.rng` is reseeded from `rng`, so later rounds' deals are not the real
  ones. Glowing bamboo (fungible, and where each one went is public) stays where it is.

A spectator (seat None) knows no hand and no pass: every hand and every pass is dealt anew.
The deal is uniform over the unknown cards under the hard constraints; it does not weigh hands
by how likely each seat was to pass or play as it did. The result is a search state only: no
history, no event log, no seed, so it is not meant to be saved or replayed.
"""

from . import observer


def plays_by_seat(state):
    """Each seat's cards played this round, as bitmasks (public: plays are face up, the dealer
    leads the first trick and each trick's winner the next)."""
    return observer.plays_by_seat(state.n, observer.plays(state))


def known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand (bitmasks): its own, and the ones it passed that
    their receiver has not played yet."""
    return observer.known_in_hands(observer.observe(state, seat))


def unknown_cards(state, seat):
    """The sorted cards `seat` has never seen (see the module docstring), as a list."""
    view = observer.observe(state, seat)
    return observer.unknown_cards(view, observer.known_in_hands(view))


def resample(state, seat, rng):
    """A state in which everything `seat` cannot see is dealt anew, consistently with what
    `seat` has seen, and whose chance is reseeded from `rng` (see observer.determinize)."""
    return observer.determinize(observer.observe(state, seat), rng)


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
HORIZON = "round_no"        # playouts stop at the end of the round, whose scores judge them
LEVELS = {"normal": 60, "hard": 200}   # playouts a move (Hard: what a second buys in Pyodide)
