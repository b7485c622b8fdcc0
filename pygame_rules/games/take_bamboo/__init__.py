"""TAKE トリックの翁 (id `take-bamboo`): registration, options and the house rules.

Each house rule's wording is a catalogue message (`take.house.<id>`); rules with a real
alternative are options, the others are listed with `option: None`.
"""

from ...core import Game, Option, register
from .texts import EN
from .state import TakeBambooState

OPTIONS = (
    Option("deck", "nine", ("nine", "six"), "take.house.deck", house_rule=True),
    Option("trump", "random", ("random", "2", "3", "4", "5", "6"), "take.house.trump",
           house_rule=True),
    Option("trick_extra", "winner_chooses", ("winner_chooses", "none"),
           "take.house.trick_extra", house_rule=True),
    Option("penalty", "giver", ("giver", "trick_winner"), "take.house.penalty",
           house_rule=True),
)

HOUSE_RULES = tuple({"id": o.name, "option": o.name, "msg": o.msg} for o in OPTIONS) + tuple(
    {"id": hr, "option": None, "msg": "take.house." + hr}
    for hr in ("glowing", "six_players", "leftover_draw", "order", "bundle", "face_down",
               "first_dealer", "score_track"))

GAME = register(Game(
    id="take-bamboo",
    title="TAKE トリックの翁",
    min_players=3,
    max_players=6,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state_class=TakeBambooState,
    table="take_bamboo",
    package=__name__,
    prefix="take",
    texts={"en": EN},
))
