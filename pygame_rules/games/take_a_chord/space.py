"""Every action the game can ever have, by kind (numbered by `pygame_rules.actions`)."""

from .cards import DECK_SIZE

ACTIONS = (
    ("play", range(DECK_SIZE)),      # a card from the hand: the game's one kind of decision
)
