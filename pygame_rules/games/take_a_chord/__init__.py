"""Take The "A" Chord (id `take-a-chord`): registration, options and the house rules.

The house rules are those of docs/rules/take-the-a-chord.md, by their ids there (HR-TAC1…);
each one's wording is a catalogue message (`tac.house.hr_tac1`…), and an option names the
message of its house rule, so the rules page and the start screen say the same thing.
"""

from ...core import Game, Option, house_msg, house_rules, register
from .texts import EN
from .texts_ja import JA

PREFIX = "tac"

OPTIONS = (
    Option("blocked_improvisation_changes_key", True, (True, False),
           house_msg(PREFIX, "HR-TAC1"), house_rule=True),
    Option("match_face_up_round_only", True, (True, False),
           house_msg(PREFIX, "HR-TAC2"), house_rule=True),
    Option("non_player_pair_changes_key", False, (True, False),
           house_msg(PREFIX, "HR-TAC5"), house_rule=True),
)

HOUSE_RULES = house_rules(PREFIX, (
    ("HR-TAC1", "blocked_improvisation_changes_key"),
    ("HR-TAC2", "match_face_up_round_only"),
    ("HR-TAC3", None),      # the last trick of a venue
    ("HR-TAC4", None),      # two pairs without the Lead Player's chord
    ("HR-TAC5", "non_player_pair_changes_key"),
))

GAME = register(Game(
    id="take-a-chord",
    title="Take The \"A\" Chord",
    min_players=3,
    max_players=4,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state="TakeAChordState",
    table="take_a_chord",
    package=__name__,
    prefix=PREFIX,
    code=0,
    texts={"en": EN, "ja": JA},
    rules_doc="docs/rules/take-the-a-chord.md",
))
