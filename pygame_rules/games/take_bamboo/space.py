"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import BAMBOO, COLOURS, MAX_ROUNDS, PRESETS
from .state import HAND_SIZE

ACTIONS = (
    ("play", range(BAMBOO)),                    # a card from the hand
    ("extra", range(BAMBOO)),                   # a trump winner's extra card from the trick
    ("pass", range(BAMBOO), range(BAMBOO)),     # the cards to the left and to the right
    ("gift", ("left", "right")),                # a third colour's card to a neighbour
    ("accept",),
    ("refuse",),
)


# At most MAX_ROUNDS (3) rounds, and in each (R1, T1) with hands of h = HAND_SIZE[n] cards:
#   n passes (each seat one ("pass", l, r) from the dealer; the hands keep h cards);
#   n * h plays (h tricks, one card from each hand; a round ends when the hands are empty);
#   at most h extras (only the trick's trump winner chooses one, HR-T6, off with "none");
#   at most 2 actions per acquisition (a gift, then the neighbour's accept or refuse; a refused
#   gift is discarded, never offered again): a trick acquires its winning card plus the 1s of
#   the lead colour in it, so a round at most h + 3 * copies (every 1 of the deck, HR-T1).
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end)."""
    hand = HAND_SIZE[players]
    ones = COLOURS * PRESETS[options["deck"]][1]
    extras = hand if options["trick_extra"] == "winner_chooses" else 0
    return MAX_ROUNDS * (players + players * hand + extras + 2 * (hand + ones))
