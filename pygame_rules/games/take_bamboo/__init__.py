"""TAKE (Trick no Okina) (id `take-bamboo`): registration, options and the house rules.

The house rules are those of docs/rules/take-bamboo.md, by their ids there (HR-T1…); each
one's wording is a catalogue message (`take.house.hr_t1`…). Rules with a real alternative
are options, the others are listed with `option: None`.
"""

from ...core import Game, Option, house_msg, house_rules, register
from .texts import EN
from .texts_ja import JA

PREFIX = "take"

OPTIONS = (
    Option("deck", "nine", ("nine", "six"), house_msg(PREFIX, "HR-T1"), house_rule=True),
    Option("trump", "random", ("random", "2", "3", "4", "5", "6"), house_msg(PREFIX, "HR-T2"),
           house_rule=True),
    Option("trick_extra", "winner_chooses", ("winner_chooses", "none"),
           house_msg(PREFIX, "HR-T6"), house_rule=True),
    Option("penalty", "giver", ("giver", "trick_winner"), house_msg(PREFIX, "HR-T9"),
           house_rule=True),
)

HOUSE_RULES = house_rules(PREFIX, (
    ("HR-T1", "deck"), ("HR-T2", "trump"), ("HR-T3", None), ("HR-T4", None), ("HR-T5", None),
    ("HR-T6", "trick_extra"), ("HR-T7", None), ("HR-T8", None), ("HR-T9", "penalty"),
    ("HR-T10", None), ("HR-T11", None), ("HR-T12", None), ("HR-T13", None)))

GAME = register(Game(
    id="take-bamboo",
    title="TAKE (Trick no Okina)",
    min_players=3,
    max_players=6,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state="TakeBambooState",
    table="take_bamboo",
    package=__name__,
    prefix=PREFIX,
    code=1,
    texts={"en": EN, "ja": JA},
    rules_doc="docs/rules/take-bamboo.md",
))
