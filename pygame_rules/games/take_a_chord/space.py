"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import DECK_SIZE
from .state import HAND_SIZE

ACTIONS = (
    ("play", range(DECK_SIZE)),      # a card from the hand: the game's one kind of decision
)



# The bound is exact: every action is a player's card ("play"). A venue deals 8 cards to each
# seat, every round of a trick (an Improvisation's too) takes one card from each hand, a venue
# ends when the hands are empty (HR-TAC3), and there are as many venues as players: 8 * n * n.
# The non-player's stack (3 players) plays itself, with no action; no option changes the count.
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end): 8n²."""
    return HAND_SIZE * players * players
