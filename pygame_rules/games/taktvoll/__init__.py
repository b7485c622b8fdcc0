"""Taktvoll (id `taktvoll`): registration, options (the variants and the house rules).

The house rules are those of docs/rules/taktvoll.md, by their ids there (HR-K1…); each one's
wording is a catalogue message (`tak.house.hr_k1`…). Those with a real alternative are
options, the others are listed with `option: None`.
"""

from ...core import Game, Option, house_msg, house_rules, register
from .texts import EN
from .texts_ja import JA

PREFIX = "tak"

OPTIONS = (
    Option("variant", "basic", ("basic", "thirds", "intervals", "both"), "tak.opt.variant"),
    Option("rests", True, (True, False), "tak.opt.rests"),
    Option("one_four", True, (True, False), "tak.opt.one_four"),
    Option("quarter_invertible", True, (True, False), house_msg(PREFIX, "HR-K2"),
           house_rule=True),
    Option("compound_intervals", False, (True, False), house_msg(PREFIX, "HR-K6"),
           house_rule=True),
    Option("start_player", "seat0", ("seat0", "random"), house_msg(PREFIX, "HR-K8"),
           house_rule=True),
    Option("hide_hand_sizes", True, (True, False), house_msg(PREFIX, "HR-K9"), house_rule=True),
)

HOUSE_RULES = house_rules(PREFIX, (
    ("HR-K1", None), ("HR-K2", "quarter_invertible"), ("HR-K3", None), ("HR-K4", None),
    ("HR-K5", None), ("HR-K6", "compound_intervals"), ("HR-K7", None),
    ("HR-K8", "start_player"), ("HR-K9", "hide_hand_sizes"), ("HR-K10", None),
    ("HR-K11", "variant"), ("HR-K12", None)))

GAME = register(Game(
    id="taktvoll",
    title="Taktvoll",
    min_players=3,
    max_players=8,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state="TaktvollState",
    table="taktvoll",
    package=__name__,
    prefix=PREFIX,
    code=2,
    texts={"en": EN, "ja": JA},
    rules_doc="docs/rules/taktvoll.md",
))
