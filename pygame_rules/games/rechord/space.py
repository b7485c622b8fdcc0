"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import CHORD_CARDS, HAND, LEGEND, SETLIST_NAMES, SPACES, setlist_cards
from .state import SUPPLY

FRETBOARD = range(SPACES)

ACTIONS = (
    ("supply", range(7), FRETBOARD),            # a supply pick of a kind onto a space
    ("bag",),
    ("place", FRETBOARD),                       # the bag's pick, face down
    ("chords",),
    ("return", range(CHORD_CARDS)),
    ("done",),
    ("remove", FRETBOARD),
    ("move", FRETBOARD, FRETBOARD),
    ("swap", FRETBOARD, FRETBOARD),
    ("flip", FRETBOARD),
    ("reveal", FRETBOARD),
    ("clear", range(8)),                        # a pick kind 0..6, or 7 for face-down picks
    ("wylde", FRETBOARD),
    ("skip",),
    ("claim", range(CHORD_CARDS)),
    ("decline",),
    ("jim",),                                   # Jim Bot's next step (the engine's seat)
)


# With anti_stall (HR-22) a game has at most 40 g turns (g guitarists, Jim Bot one of them in
# the solo game): _step_end ends it when `turns` reaches 40 g. One turn, with s supply picks
# (HR-3; the supply is refilled only at its start) takes at most s + 7 actions of its seat:
#   A1: its supply pick, a chain of abilities (HR-15) linked by Whites (each a further supply
#   pick: s in all with A1's) and Purples (each a reveal; a pick resolves at most once a turn,
#   as turning it face down again is a Grey's, which ends the chain: at most 5 Purples), and
#   the last ability: 2 at most (Grey's flip, then its move); A2: bag, place, removal (3);
#   A3: chords, a return of each of at most HAND + 2 cards (Legend Jim: his row's), done (7).
#   Jim Bot's steps are as many at most: his start, his Whites' (s - 1) and Purples' (5)
#   abilities and his last one (or his bag pick's removal).
# Each of those actions opens at most one claim window per guitarist (HR-11): a window ends
# with its seat's decline, or once it claims every card offered. Claims take chord cards for
# good, at most the setlist's 28; Jim Bot claims without an action. The final window (HR-22)
# opens once: 40 g (s + 7) (1 + n) + n + 28.
# Without anti_stall, None: with 2 guitarists or more who choose their actions (2+ players, or
# the solo game at Legend) a game can go on for ever, each taking A3 every turn ("chords", two
# returns, "done") while no fret ever fills. In the solo game at the other levels Jim Bot
# places picks, but the human may take them away (Red, Green, Blue, Wylde): no bound derived.
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end), or None."""
    if not options["anti_stall"]:
        return None
    guitarists = players + 1 if players == 1 else players
    per_turn = max((options["supply_size"] or SUPPLY[players]) + 7, max(HAND, LEGEND.row) + 4)
    claims = max(len(setlist_cards(s)) for s in range(len(SETLIST_NAMES)))
    return 40 * guitarists * per_turn * (1 + players) + players + claims
