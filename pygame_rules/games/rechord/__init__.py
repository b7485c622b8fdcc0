"""Re-Chord (id `rechord`): registration, options and house rules.

The house rules are those of docs/rules/rechord.md, by their ids there (HR-1…); each one's
wording is a catalogue message (`rc.house.hr_1`…). Those with a real alternative are options,
the others are listed with `option: None`.
"""

from ...core import Game, Option, house_msg, house_rules, register
from .texts import EN
from .texts_ja import JA
from .texts_ja_page import JA as JA_PAGE
from .cards import SETLIST_NAMES

PREFIX = "rc"

OPTIONS = (
    Option("difficulty", "session", ("beginner", "session", "touring", "legend"),
           "rc.opt.difficulty"),
    Option("jim_strength", "balanced", ("balanced", "classic"), house_msg(PREFIX, "HR-28"),
           house_rule=True, legacy="classic"),
    Option("setlist", "random", ("random",) + SETLIST_NAMES, house_msg(PREFIX, "HR-8"),
           house_rule=True),
    Option("supply_size", 0, (0, 3, 4, 5, 6), house_msg(PREFIX, "HR-3"), house_rule=True),
    Option("lead_scoring", "whole_board", ("whole_board", "fret_only", "linear"),
           house_msg(PREFIX, "HR-4"), house_rule=True),
    Option("face_down_scores", False, (True, False), house_msg(PREFIX, "HR-5"), house_rule=True),
    Option("anti_stall", True, (True, False), house_msg(PREFIX, "HR-22"), house_rule=True),
    Option("start_player", "random", ("random", "seat0"), house_msg(PREFIX, "HR-25"),
           house_rule=True),
)

HOUSE_RULES = house_rules(PREFIX, (
    ("HR-1", None), ("HR-2", None), ("HR-3", "supply_size"), ("HR-4", "lead_scoring"),
    ("HR-5", "face_down_scores"), ("HR-6", None), ("HR-7", None), ("HR-8", "setlist"),
    ("HR-9", None), ("HR-10", None), ("HR-11", None), ("HR-12", None), ("HR-13", None),
    ("HR-14", None), ("HR-15", None), ("HR-16", None), ("HR-17", None), ("HR-18", None),
    ("HR-19", None), ("HR-20", None), ("HR-21", None), ("HR-22", "anti_stall"),
    ("HR-23", None), ("HR-24", None), ("HR-25", "start_player"), ("HR-26", None),
    ("HR-27", "difficulty"), ("HR-28", "jim_strength"),
    ("HR-29", None)))

GAME = register(Game(
    id="rechord",
    title="Re-Chord",
    min_players=1,
    max_players=5,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state="ReChordState",
    table="rechord",
    package=__name__,
    prefix=PREFIX,
    code=3,
    texts={"en": EN, "ja": {**JA, **JA_PAGE}},
    rules_doc="docs/rules/rechord.md",
))
