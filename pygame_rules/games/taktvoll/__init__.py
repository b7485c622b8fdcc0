"""Taktvoll (id `taktvoll`): registration, options (the variants and the house rules).

Each house rule's wording is a catalogue message (`tak.house.<id>`); those with a real
alternative are options, the others are listed with `option: None`.
"""

from ...core import Game, Option, register
from .texts import EN
from .state import TaktvollState

OPTIONS = (
    Option("variant", "basic", ("basic", "thirds", "intervals", "both"), "tak.opt.variant"),
    Option("rests", True, (True, False), "tak.opt.rests"),
    Option("one_four", True, (True, False), "tak.opt.one_four"),
    Option("quarter_invertible", True, (True, False), "tak.house.k2", house_rule=True),
    Option("compound_intervals", False, (True, False), "tak.house.k6", house_rule=True),
    Option("start_player", "seat0", ("seat0", "random"), "tak.house.k8", house_rule=True),
    Option("hide_hand_sizes", True, (True, False), "tak.house.k9", house_rule=True),
)

HOUSE_RULES = tuple(
    {"id": hr, "option": option, "msg": "tak.house." + hr}
    for hr, option in (("k1", None), ("k2", "quarter_invertible"), ("k3", None), ("k4", None),
                       ("k5", None), ("k6", "compound_intervals"), ("k7", None),
                       ("k8", "start_player"), ("k9", "hide_hand_sizes"), ("k10", None),
                       ("k11", "variant"), ("k12", None)))

GAME = register(Game(
    id="taktvoll",
    title="Taktvoll",
    min_players=3,
    max_players=8,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state_class=TaktvollState,
    table="taktvoll",
    package=__name__,
    prefix="tak",
    texts={"en": EN},
))
