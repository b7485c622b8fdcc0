"""Every action the game can ever have (numbered by `pygame_rules.actions`), an upper bound on a
game's actions, and a seat's view as a tensor: what OpenSpiel needs (`pygame_rules.openspiel`)."""

from functools import lru_cache as _lru_cache

from .cards import BARS, DECK, NOTES, RESTS, TIMES, out_of_play
from .state import BAR_SHARES, HAND, MAX_ROWS
from .cards import DECK as _DECK, PITCHES as _PITCHES, TIMES as _TIMES
from ...tensors import mark, offsets as _offsets

ROWS = range(MAX_ROWS)

ACTIONS = (
    ("clef",),                              # a new row
    ("time", TIMES, ROWS),                  # a time signature card on a row
    ("note", NOTES, ROWS, (0, 1)),          # a note card on a row, upright (0) or turned (1)
    ("rest", RESTS, ROWS),                  # a rest card on a row
    ("bar", ROWS),                          # a bar line on a row's full bar
    ("draw",),
    ("keep",),                              # keep the drawn card
    ("pass",),                              # only with the deck empty
    ("done",),                              # no bonus bar line
)


# Every card leaves a hand at most once, onto a row, so with c cards in the game (91 less the
# options' out_of_play) there are at most c plays (clef, time, note, rest, bar). Cards never
# go back to the deck: at most d draws (the deck after the deal), and one keep per draw. A
# "done" declines the bonus bar line of a bar just filled; a full bar takes no note or rest
# until its bar line, so bars are filled at most 24 + MAX_ROWS times (one per bar line, plus
# each row's last bar): at most as many dones. Passes come only with the deck empty; a play
# restarts the count, and the n-th pass in a row ends the game (HR-K7), so at most n - 1
# passes before each play after the deck ran out (at most c), and n at the end.
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end)."""
    cards = DECK - len(out_of_play(options))
    deck = cards - len(BARS) + len(BAR_SHARES[players][1]) - HAND * players
    passes = (players - 1) * (cards + 1) + 1
    return cards + 2 * deck + len(BARS) + MAX_ROWS + passes


# --- the observation tensor (OpenSpiel's observer): a seat's view as a flat list of floats
# Read from the view alone (observer.observe), never the state. Seats are relative to the
# viewing seat: place 0 is the seat itself, 1 the next seat to play, ...; a spectator's view
# (seat None) reads as seat 0's, with no hand. Card planes are 91 bits over the card ids of
# cards.py (clefs 0..3, time signatures 4..7, notes 8..62, bar lines 63..86, rests 87..90).
# Every hand's size is public here although HR-K9 hides it from the table: the view's
# dealt, drawn and played counts let every seat count it.


TENSOR = {
    "rows": MAX_ROWS,           # the staves' rows (a clef starts each)
    "bar": 16,                  # sixteenths in the longest bar: fills and counts / 16
    "score": 50,                # scores / 50 (a game's top score is seldom above it)
    "hand": 20,                 # hand sizes / 20
    "bar_lines": 8,             # the most bar lines a seat is dealt: its bar lines held / 8
    "phases": ("turn", "drawn", "bonus", "over"),
    "options": ("thirds", "intervals", "rests", "one_four", "quarter_invertible",
                "compound_intervals", "hide_hand_sizes"),
}
_PHASES = {p: i for i, p in enumerate(TENSOR["phases"])}
_R = TENSOR["rows"]


@_lru_cache(maxsize=None)
def _layout(n):
    """The layout and its offsets for n players."""
    layout = (
        ("hand", (_DECK,)),                   # the seat's own cards
        ("drawn", (_DECK,)),                  # one-hot: the card it has just drawn
        ("rows", (_R, _DECK)),                # the cards on each row of the staves
        ("row_open", (_R,)),                  # 1 where the row has been started (a clef)
        ("row_time", (_R, len(_TIMES))),      # one-hot: the row's time signature, 1/4..4/4
        ("row_fill", (_R,)),                  # sixteenths in the row's open bar / 16
        ("row_room", (_R,)),                  # sixteenths the open bar still takes / 16
        ("row_count", (_R,)),                 # notes and rests in the open bar / 16 (its points)
        ("row_prev", (_R, len(_PITCHES))),    # one-hot: the sounding pitch of the row's last
                                              # note, D4..G5 (none after a rest)
        ("bonus_row", (_R,)),                 # one-hot: the row a bonus bar line may close
        ("out_of_play", (_DECK,)),            # the cards out of the game (options, set-up)
        ("scores", (n,)),                     # scores / 50 (at the end: less the cards in hand)
        ("hand_sizes", (n,)),                 # cards in each hand / 20 (dealt + drawn - played)
        ("bar_lines", (n,)),                  # bar lines of each place's share it holds / 8
        ("current_player", (n,)),             # one-hot: the place to play (none at the end)
        ("phase", (len(_PHASES),)),           # one-hot: turn, drawn, bonus, over
        ("deck", (1,)),                       # cards in the deck / 91
        ("passes", (1,)),                     # passes in a row / players
        ("options", (len(TENSOR["options"]),)),  # the variant's rules (Thirds, Intervals) and
                                              # the options rests, one_four, quarter_invertible,
                                              # compound_intervals, hide_hand_sizes
    )
    return layout, _offsets(layout)


def tensor_layout(players, options):
    """The tensor's pieces in order: [(name, shape tuple), ...]; their sizes sum to the tensor's."""
    return list(_layout(players)[0])


def observation_tensor(view, players, options):
    """The seat's view as a flat list of floats, laid out as tensor_layout says."""
    n = view["players"]
    at, size = _layout(n)[1]
    out = [0.0] * size
    me = view["seat"] or 0
    place = [(s - me) % n for s in range(n)]
    for info in view["hand"]:
        out[info["card"]] = 1.0
    if view["drawn"] is not None:
        out[at["drawn"] + view["drawn"]] = 1.0
    rows, bar = at["rows"], TENSOR["bar"]
    for row in view["rows"]:
        r = row["index"]
        base = rows + r * _DECK
        for info in row["cards"]:
            out[base + info["card"]] = 1.0
        out[at["row_open"] + r] = 1.0
        if row["capacity"] is not None:
            out[at["row_time"] + r * len(_TIMES) + row["capacity"] // 4 - 1] = 1.0
            out[at["row_room"] + r] = (row["capacity"] - row["fill"]) / bar
        out[at["row_fill"] + r] = row["fill"] / bar
        out[at["row_count"] + r] = row["count"] / bar
        if row["prev"] is not None:
            out[at["row_prev"] + r * len(_PITCHES) + row["prev"] + 1] = 1.0
    if view["bonus_row"] is not None:
        out[at["bonus_row"] + view["bonus_row"]] = 1.0
    mark(out, at["out_of_play"], view["out_of_play"])
    scores, sizes, bars = at["scores"], at["hand_sizes"], at["bar_lines"]
    fame = view["final"] or view["scores"]
    for s in range(n):
        p = place[s]
        out[scores + p] = fame[s] / TENSOR["score"]
        out[sizes + p] = (view["dealt"][s] + view["draws"][s] - view["plays"][s]) / TENSOR["hand"]
        out[bars + p] = len(view["bar_lines"][s]) / TENSOR["bar_lines"]
    if view["current_player"] is not None:
        out[at["current_player"] + place[view["current_player"]]] = 1.0
    out[at["phase"] + _PHASES[view["phase"]]] = 1.0
    out[at["deck"]] = view["deck"] / _DECK
    out[at["passes"]] = view["passes"] / n
    chosen, base = view["options"], at["options"]
    out[base] = float(chosen["variant"] in ("thirds", "both"))
    out[base + 1] = float(chosen["variant"] in ("intervals", "both"))
    for i, name in enumerate(TENSOR["options"][2:], 2):
        out[base + i] = float(bool(chosen[name]))
    return out
