"""Take The "A" Chord (id `take-a-chord`): registration, options and the house rules."""

from ...core import Game, Option, register
from .state import TakeAChordState

OPTIONS = (
    Option("blocked_improvisation_changes_key", True, (True, False),
           "When the limit or the last trick blocks an Improvisation, the round is scored as "
           "normal and the 4th player's matching chord counts as a Key Change by the 4th "
           "player (it does nothing on the last trick). Off: that match changes nothing.",
           house_rule=True),
    Option("match_face_up_round_only", True, (True, False),
           "In a later round of an Improvisation, \"a chord already in this trick\" means a "
           "face-up card of the current round only. Off: the face-down cards of earlier "
           "rounds may be matched too, and such a match causes a Key Change.",
           house_rule=True),
    Option("non_player_pair_changes_key", False, (True, False),
           "3 players: when the Lead Player and the non-player alone play the same chord there "
           "is no Key Change. On: the Lead Player counts as the Key Changer.",
           house_rule=True),
)

HOUSE_RULES = (
    {"id": "blocked_improvisation_changes_key", "option": "blocked_improvisation_changes_key"},
    {"id": "match_face_up_round_only", "option": "match_face_up_round_only"},
    {"id": "non_player_pair_changes_key", "option": "non_player_pair_changes_key"},
    {"id": "last_trick_is_last_card_round", "option": None,
     "text": "The \"last trick of a venue\" is any round in which every seat plays its last "
             "card. No option: with no cards left there is nothing else it could mean."},
)

GAME = register(Game(id="take-a-chord", title="Take The \"A\" Chord", min_players=3,
                     max_players=4, options=OPTIONS, house_rules=HOUSE_RULES,
                     state_class=TakeAChordState))
