"""Take The "A" Chord (id `take-a-chord`): registration, options and the house rules.

Each house rule's wording is a catalogue message (`tac.house.<id>`); an option names the
message that describes it, so the rules page and the start screen say the same thing.
"""

from ...core import Game, Option, register
from .texts import EN
from .state import TakeAChordState

OPTIONS = (
    Option("blocked_improvisation_changes_key", True, (True, False),
           "tac.house.blocked_improvisation_changes_key", house_rule=True),
    Option("match_face_up_round_only", True, (True, False),
           "tac.house.match_face_up_round_only", house_rule=True),
    Option("non_player_pair_changes_key", False, (True, False),
           "tac.house.non_player_pair_changes_key", house_rule=True),
)

HOUSE_RULES = (
    {"id": "blocked_improvisation_changes_key", "option": "blocked_improvisation_changes_key",
     "msg": "tac.house.blocked_improvisation_changes_key"},
    {"id": "match_face_up_round_only", "option": "match_face_up_round_only",
     "msg": "tac.house.match_face_up_round_only"},
    {"id": "non_player_pair_changes_key", "option": "non_player_pair_changes_key",
     "msg": "tac.house.non_player_pair_changes_key"},
    {"id": "last_trick_is_last_card_round", "option": None,
     "msg": "tac.house.last_trick_is_last_card_round"},
)

GAME = register(Game(
    id="take-a-chord",
    title="Take The \"A\" Chord",
    min_players=3,
    max_players=4,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state_class=TakeAChordState,
    table="take_a_chord",
    package=__name__,
    prefix="tac",
    texts={"en": EN},
))
