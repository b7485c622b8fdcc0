"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import BARS, DECK, NOTES, RESTS, TIMES, out_of_play
from .state import BAR_SHARES, HAND, MAX_ROWS

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
