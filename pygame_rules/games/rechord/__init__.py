"""Re-Chord (id `rechord`): registration, options and house rules.

Each house rule's wording is a catalogue message (`rc.house.<id>`); those with a real
alternative are options, the others are listed with `option: None`.
"""

from ...core import Game, Option, register
from .texts import EN
from .cards import SETLIST_NAMES
from .state import ReChordState

OPTIONS = (
    Option("difficulty", "session", ("beginner", "session", "touring"), "rc.opt.difficulty"),
    Option("setlist", "random", ("random",) + SETLIST_NAMES, "rc.house.hr8", house_rule=True),
    Option("supply_size", 0, (0, 3, 4, 5, 6), "rc.house.hr3", house_rule=True),
    Option("lead_scoring", "whole_board", ("whole_board", "fret_only", "linear"),
           "rc.house.hr4", house_rule=True),
    Option("face_down_scores", False, (True, False), "rc.house.hr5", house_rule=True),
    Option("anti_stall", True, (True, False), "rc.house.hr22", house_rule=True),
    Option("start_player", "random", ("random", "seat0"), "rc.house.hr25", house_rule=True),
)

HOUSE_RULES = tuple(
    {"id": hr, "option": option, "msg": "rc.house." + hr}
    for hr, option in (("hr1", None), ("hr2", None), ("hr3", "supply_size"),
                       ("hr4", "lead_scoring"), ("hr5", "face_down_scores"), ("hr6", None),
                       ("hr7", None), ("hr8", "setlist"), ("hr9", None), ("hr10", None),
                       ("hr11", None), ("hr13", None), ("hr14", None), ("hr15", None),
                       ("hr16", None), ("hr17", None), ("hr18", None), ("hr19", None),
                       ("hr20", None), ("hr21", None), ("hr22", "anti_stall"), ("hr23", None),
                       ("hr24", None), ("hr25", "start_player"), ("hr26", None),
                       ("hr27", "difficulty")))

GAME = register(Game(
    id="rechord",
    title="Re-Chord",
    min_players=1,
    max_players=5,
    options=OPTIONS,
    house_rules=HOUSE_RULES,
    state_class=ReChordState,
    table="rechord",
    package=__name__,
    prefix="rc",
    texts={"en": EN},
))
