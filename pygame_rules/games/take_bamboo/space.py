"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import BAMBOO

ACTIONS = (
    ("play", range(BAMBOO)),                    # a card from the hand
    ("extra", range(BAMBOO)),                   # a trump winner's extra card from the trick
    ("pass", range(BAMBOO), range(BAMBOO)),     # the cards to the left and to the right
    ("gift", ("left", "right")),                # a third colour's card to a neighbour
    ("accept",),
    ("refuse",),
)
