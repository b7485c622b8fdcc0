"""Full states resampled to agree with what one Re-Chord seat knows (for the search bot).

What a seat knows is decided in observer.py; `resample(state, seat, rng)` is
`determinize(observe(state, seat), rng)`, which reads nothing but the seat's view (the search
reads the observer's `determinize(view, rng)` itself). It keeps all of that and deals the rest
anew with `rng`, from sorted pools (so where a hidden thing really is never steers the deal;
only `rng` does):

- picks: the bag, the face-down picks the seat does not know and a pick another guitarist drew
  and has not placed yet are re-dealt among those same places (a face-down pick keeps its space,
  facing and `known` mask; only which pick it is, hence its kind, changes; bag picks are known to
  nobody). The picks on open places keep their labels; the seat's drawn pick and the face-down
  picks it knows keep their kinds, under the lowest free labels of them (picks of a kind are
  alike: play does not read labels);
- chord cards: the other guitarists' hands (same sizes) and the deck (any order); Jim Bot's open
  row is public. The claim windows constrain the deal: a guitarist with the open window holds a
  card the board satisfies; one whose window has passed, or who had none, holds no satisfied card
  unless it declined at this board state (then the satisfied cards it is dealt count as
  declined); the windows still to come this round are rebuilt from the new hands;
- songs: the setlist's songs other than the seat's own, one each, distinct (Jim Bot has none);
- genres: the colours other than the seat's own, distinct, Jim Bot's one or two included
  (kept once the game is over: the final breakdown shows them);
- Jim Bot's icon deck: the icons left (their multiset is public: the difficulty's deck minus the
  icons turned up since the last shuffle) in a new order;
- future chance: the state's RNG is reseeded from `rng`; forced test draws (`rigged`) are
  dropped.

Not modelled (the seat could in principle infer more): which cards it returned to the deck
(they sit at the bottom unless drawn since), the kinds of its own known picks that went back to
the bag, and, with the `face_down_scores` option, what the pad's columns tell about the colours
of face-down picks in a scored fret.

The result is a search state only: no history, no event log, no seed, so it is not meant to be
saved or replayed.
"""

from ...rewards import margin
from . import observer

DECLINED_FLAG = observer.DECLINED_FLAG


def unknown_picks(state, seat):
    """The labels of the picks `seat` cannot see, sorted, as its view labels them."""
    return observer.unknown_picks(observer.observe(state, seat))


def unknown_cards(state, seat):
    """The chord cards `seat` cannot see (other guitarists' hands and the deck), sorted."""
    return observer.unknown_cards(observer.observe(state, seat))


def claim_roles(state, seat):
    """Each other guitarist's role in the claim windows, from public facts only (see
    observer.claim_roles): 'open', 'declined', 'pending' or 'none'."""
    return observer.claim_roles(observer.observe(state, seat))


def resample(state, seat, rng):
    """A state in which everything `seat` cannot see is dealt anew, consistently with what
    `seat` has seen, and whose chance is reseeded from `rng` (see observer.determinize)."""
    return observer.determinize(observer.observe(state, seat), rng)


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
PLAYOUT_CAP = 60            # moves a playout may take at most before the reward judges it
WIDTH = 6                   # candidates: the heuristic's best six


def fame_ahead(state, seat):
    """A guitarist's fame so far (the state's breakdown) plus what the heuristic bot expects
    still to come from its seat's view: its genres on this board in the rounds to come, its
    chord cards and song by their chances (Jim Bot: his open row as his hand)."""
    from .bots import Board, seat_view
    if state.final is not None:
        return state.final[seat]["total"]
    return state._breakdown(seat)["total"] + \
        Board(seat_view(state, seat)).ahead(state.genres[seat])


def reward(state, seat):
    """Solo: the guitarist's own fame ahead (what the solo game scores); else its fame ahead
    against the other seats'."""
    if state.jim is not None:
        return fame_ahead(state, seat)
    return margin([fame_ahead(state, s) for s in range(state.g)], seat)


QUIET = ("turn",)           # a hint's effects leave out whose turn it is next
SCORE = fame_ahead          # what a hint reports: the fame a move leads to by the game's end

TURNS_AHEAD = 2             # playouts stop once this many turns have ended


def horizon(state):
    """Playouts stop once TURNS_AHEAD turns have ended (this one and the next guitarist's), at
    a guitarist's decision: Jim Bot's steps are played on to the next one."""
    last = state.turns + TURNS_AHEAD
    return lambda det: det.turns >= last and det.current_player != det.jim


LEVELS = {"normal": 60, "hard": 300}   # playouts a move (Hard: what a second buys in Pyodide)
