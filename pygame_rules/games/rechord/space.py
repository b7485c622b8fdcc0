"""Every action the game can ever have (numbered by `pygame_rules.actions`), an upper bound on a
game's actions, and a seat's view as a tensor: what OpenSpiel needs (`pygame_rules.openspiel`)."""

from functools import lru_cache as _lru_cache

from .cards import CHORD_CARDS, HAND, LEGEND, SETLIST_NAMES, SPACES, setlist_cards
from .state import SUPPLY
from .cards import (COLOURS, FRETS as _FRETS, KINDS as _KINDS, PICKS as _PICKS,
                    SETLIST_NAMES as _SETLISTS, SONGS as _SONGS)
from ...tensors import mark, offsets as _offsets

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


# --- the observation tensor (OpenSpiel's observer): a seat's view as a flat list of floats
# Read from the view alone (observer.observe), never the state. Seats are relative to the
# viewing seat: place 0 is the seat itself, 1 the next guitarist in turn order, ...; solo, Jim
# Bot's seat is the second of two. A spectator's view (seat None) reads as seat 0's, with no
# hand, song or genre and no face-down pick known. Chord cards are 72 bits over the ids of
# cards.py (chord type * 4 + variant); picks are told by kind (cards.KINDS: White, Red, Blue,
# Grey, Purple, Green, Wylde).


TENSOR = {
    "kinds": len(_KINDS),       # 7 pick kinds
    "cell": 2 * len(_KINDS) + 1,  # per space: face-up kind (7), face down (1), its kind if known (7)
    "supply": 6,                # the largest supply: supply counts / 6
    "hand": 7,                  # the longest hand (Jim Bot's row): hand sizes / 7
    "pad": 10,                  # score pad entries / 10
    "score": 100,               # fame / 100
    "deck": 28,                 # a setlist's chord cards: the deck / 28
    "icons": 10,                # Jim Bot's icon deck: icons left of each kind / 10
    "phases": ("turn", "bag_place", "adjacent", "grey_move", "return", "ability", "end",
               "final", "jim", "claim", "over"),
    "jim_steps": ("start", "end", "ability", "adjacent"),
    "difficulties": ("beginner", "session", "touring", "legend"),
    "lead_scoring": ("whole_board", "fret_only", "linear"),
}
_PHASES = {p: i for i, p in enumerate(TENSOR["phases"])}
_STEPS = {p: i for i, p in enumerate(TENSOR["jim_steps"])}
_DIFFICULTIES = {p: i for i, p in enumerate(TENSOR["difficulties"])}
_LEADS = {p: i for i, p in enumerate(TENSOR["lead_scoring"])}
_K, _CELL = TENSOR["kinds"], TENSOR["cell"]


@_lru_cache(maxsize=None)
def _layout(players):
    """The layout and its offsets for a number of players (solo: two seats, Jim Bot's too)."""
    g = players + (players == 1)
    layout = (
        ("board", (SPACES, _CELL)),           # each space (fret-1)*6 + string: one-hot face-up
                                              # kind (7), face down (1), and the kind of a face-
                                              # down pick this seat knows (7); all 0: empty
        ("known_by", (SPACES, g)),            # the places that know the face-down pick there
        ("supply", (_K,)),                    # picks of each kind in the supply / 6
        ("drawn", (_K,)),                     # one-hot: the kind of the pick it drew (A2)
        ("hand", (CHORD_CARDS,)),             # the seat's own chord cards (Jim Bot's: his row)
        ("claimable", (CHORD_CARDS,)),        # those of its cards the board satisfies
        ("jim_row", (CHORD_CARDS,)),          # Jim Bot's open row (solo)
        ("completed", (g, CHORD_CARDS)),      # the cards each place has completed
        ("song", (len(_SONGS),)),             # one-hot: the seat's song
        ("genres", (len(COLOURS),)),          # the seat's genre colour(s)
        ("setlist", (len(_SETLISTS),)),       # one-hot: the setlist (its 28 cards are in play)
        ("pad", (len(COLOURS), _FRETS)),      # the score pad: each genre colour's fame per fret / 10
        ("scored", (_FRETS,)),                # 1 where the fret has been scored
        ("scores", (g,)),                     # fame / 100 (the players' so far; all at the end)
        ("hand_sizes", (g,)),                 # chord cards in each hand / 7
        ("declined", (g,)),                   # 1 where the place let satisfied cards go
        ("current_player", (g,)),             # one-hot: the place to act (none at the end)
        ("active", (g,)),                     # one-hot: the guitarist whose turn it is
        ("jim", (g,)),                        # one-hot: Jim Bot's place (solo)
        ("phase", (len(_PHASES),)),           # one-hot: the stage, or "claim" under a claim window
        ("stage", (len(_PHASES),)),           # one-hot: the turn's stage (also under a claim)
        ("ability_kind", (_K + 1,)),          # one-hot: the ability resolving (a kind; 7: A2's
                                              # adjacent removal)
        ("ability_space", (SPACES,)),         # one-hot: its space
        ("placed", (1,)),                     # 1 once the active guitarist has placed a pick
        ("piles", (2,)),                      # the bag / 35, the chord deck / 28
        ("stall", (2,)),                      # idle turns / (4 guitarists), turns / (40 g):
                                              # the anti-stall limits (HR-22)
        ("icon", (_K + 1,)),                  # one-hot: Jim Bot's icon (0: the bag, 1+: a kind)
        ("icons", (_K + 1,)),                 # icons left in his deck, by icon / 10
        ("jim_next", (len(_STEPS),)),         # one-hot: his next step: start, end, ability,
                                              # adjacent
        ("difficulty", (len(_DIFFICULTIES),)),  # one-hot: his difficulty (solo)
        ("options", (6,)),                    # supply size / 6, lead_scoring one-hot (3),
                                              # face_down_scores, anti_stall
    )
    return layout, _offsets(layout)


def tensor_layout(players, options):
    """The tensor's pieces in order: [(name, shape tuple), ...]; their sizes sum to the tensor's."""
    return list(_layout(players)[0])


def observation_tensor(view, players, options):
    """The seat's view as a flat list of floats, laid out as tensor_layout says."""
    at, size = _layout(view["players"])[1]
    out = [0.0] * size
    g = view["guitarists"]
    me = view["seat"] or 0
    place = [(s - me) % g for s in range(g)]
    bits = [(1 << s, place[s]) for s in range(g)]
    board, known = at["board"], at["known_by"]
    for sp, cell in enumerate(view["board"]):
        if cell is None:
            continue
        kind, up = cell
        base = board + sp * _CELL
        if up:
            out[base + kind] = 1.0
        else:
            out[base + _K] = 1.0
            if kind is not None:
                out[base + _K + 1 + kind] = 1.0
            mask = view["known"][sp] or 0
            for bit, p in bits:
                if mask & bit:
                    out[known + sp * g + p] = 1.0
    base = at["supply"]
    for kind in view["supply"]:
        out[base + kind] += 1.0 / TENSOR["supply"]
    if view["drawn"] is not None:
        out[at["drawn"] + view["drawn"]] = 1.0
    for name in ("hand", "claimable", "jim_row"):
        mark(out, at[name], view[name])
    for s, cards in enumerate(view["completed"]):
        mark(out, at["completed"] + place[s] * CHORD_CARDS, cards)
    if view["song"] is not None:
        out[at["song"] + view["song"]] = 1.0
    mark(out, at["genres"], view["genres"])
    out[at["setlist"] + _SETLISTS.index(view["setlist"])] = 1.0
    base = at["pad"]
    for colour, row in enumerate(view["pad"]):
        for fret, fame in enumerate(row):
            out[base + colour * _FRETS + fret] = fame / TENSOR["pad"]
    base = at["scored"]
    for fret, done in enumerate(view["scored"]):
        out[base + fret] = float(done)
    final = view["final"]
    fame = [row["total"] for row in final] if final else view["scores"]
    scores, sizes, declined = at["scores"], at["hand_sizes"], at["declined"]
    for s in range(g):
        p = place[s]
        if s < len(fame):
            out[scores + p] = fame[s] / TENSOR["score"]
        out[sizes + p] = view["hand_sizes"][s] / TENSOR["hand"]
        out[declined + p] = float(view["declined"][s])
    for name in ("current_player", "active", "jim"):
        if view[name] is not None:
            out[at[name] + place[view[name]]] = 1.0
    out[at["phase"] + _PHASES[view["phase"]]] = 1.0
    out[at["stage"] + _PHASES[view["stage"]]] = 1.0
    ability = view["ability"]
    if ability is not None:
        out[at["ability_kind"] + ability["kind"]] = 1.0
        if ability["space"] is not None:
            out[at["ability_space"] + ability["space"]] = 1.0
    out[at["placed"]] = float(view["placed"])
    out[at["piles"]] = view["bag"] / _PICKS
    out[at["piles"] + 1] = view["deck"] / TENSOR["deck"]
    out[at["stall"]] = min(view["idle"] / (4 * g), 1.0)
    out[at["stall"] + 1] = min(view["turns"] / (40 * g), 1.0)
    if view["icon"] is not None:
        out[at["icon"] + view["icon"] + 1] = 1.0
    base = at["icons"]
    for icon in view["icons"]:
        out[base + icon + 1] += 1.0 / TENSOR["icons"]
    if view["jim_next"]:
        out[at["jim_next"] + _STEPS[view["jim_next"][0]]] = 1.0
    if view["difficulty"] is not None:
        out[at["difficulty"] + _DIFFICULTIES[view["difficulty"]]] = 1.0
    chosen, base = view["options"], at["options"]
    out[base] = view["supply_size"] / TENSOR["supply"]
    out[base + 1 + _LEADS[chosen["lead_scoring"]]] = 1.0
    out[base + 4] = float(bool(chosen["face_down_scores"]))
    out[base + 5] = float(bool(chosen["anti_stall"]))
    return out
