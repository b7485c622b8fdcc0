"""Which message keys the code uses, per game, and whether the catalogue has them.

    used_keys("taktvoll")     # every tak.* key the engine, the terminal and the page name
    missing_keys("taktvoll")  # those the catalogue lacks (should be [])
    unused_keys("taktvoll")   # catalogue keys of the game that no code names (should be [])
    used_keys(None)           # the shared keys (error., save., net., bot., cli., ui.)

The scan reads the source of pygame_rules/ and web/ (Python string literals, and in
index.html the {{msg:…}} placeholders and say("…") calls) and the page's scripts in static/
(every quoted "ui.…" literal). A literal that is only the start of
a key ("rc.ev.skip." + phase, "tac.name.colour.%d" % c) must be declared in FAMILIES with the
suffixes the code can give it; `undeclared_families()` lists those that are not. Options and
house rules name their messages in the game's declaration; the start screen shows every game's
`<prefix>.page.blurb`, each option's label and values (`option_keys`), and its rules page every
`<prefix>.rules.*` key; teaching mode each of the game's moments' `<prefix>.teach.<id>`
(`.<case>` for each case it declares).
"""

import ast
import pathlib
import re
import string
import sys

import pygame_rules
from pygame_rules import GAMES, teach
from pygame_rules.games.rechord import cards as rc_cards
from pygame_rules.games.rechord import state as rc_state
from pygame_rules.games.taktvoll import cards as tak_cards
from pygame_rules.games.taktvoll import state as tak_state
from pygame_rules.core import option_msg
from pygame_rules.messages import CATALOGUE, CATEGORIES

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import devices  # noqa: E402  (web/devices.py: a remote seat's link states)

ROOT = pathlib.Path(pygame_rules.__file__).resolve().parent.parent
SHARED = ("error", "save", "undo", "share", "net", "bot", "cli", "ui")
AREAS = ("name", "refuse", "describe", "opt", "house", "bot", "ev", "term", "sim", "page",
         "rules", "teach", "hint")
PREFIXES = {game.prefix for game in GAMES.values()}
LITERAL = re.compile(r"^(?:%s)\.[A-Za-z0-9_.%%\-]*$" % "|".join(sorted(PREFIXES | set(SHARED))))
HTML_KEYS = (re.compile(r"\{\{msg:([a-z0-9_.\-]+)\}\}"), re.compile(r"""say\("([a-z0-9_.\-]+)"\)?"""))
JS_KEYS = re.compile(r"""["'](ui\.[a-z0-9_.\-]+)["']""")
NOT_KEYS = {"ui."}          # shell.py: the filter of the ui. messages the shell embeds



def allowed(game_id, name):
    """The values an option of a game allows."""
    return next(o.allowed for o in GAMES[game_id].options if o.name == name)


RC_PHASES = tuple(rc_state.PHASE_KINDS)     # turn, bag_place, ..., ability_<colour>
RC_ABILITIES = tuple("ability_" + k for k in rc_cards.KINDS)

# partial literal -> the suffixes the code completes it with (or the values `%` fills in)
FAMILIES = {
    # the page's frame: a replay's chapter jumps name the table's ROUND
    "ui.replay_next_": ("venue", "round"),
    "ui.replay_prev_": ("venue", "round"),
    "ui.replay_chapter_": ("venue", "round"),
    "ui.net.state.": devices.STATES,                                  # a remote seat's link
    "ui.net.why.": devices.WHY,                                       # why a step failed
    # Take The "A" Chord
    "tac.name.colour.%d": range(5),
    "tac.ev.improvisation_blocked.": ("limit", "last_trick"),          # the event's reason
    "tac.term.col.": ("tricks", "spotlight", "improvisations", "chart", "bonus", "score",
                      "total"),
    # TAKE
    "take.name.colour.%d": range(3),
    "take.name.colour_short.%d": range(3),
    "take.name.direction.": ("left", "right"),
    "take.ev.game_end.": ("gift", "target", "rounds"),                 # the event's reason
    "take.describe.": ("gift_left", "gift_right", "accept", "refuse"),  # "_".join(action)
    "take.refuse.wrong_phase.": ("pass", "play", "extra", "gift", "accept", "over"),
    # Taktvoll
    "tak.name.": ("clef", "bar"),                                       # "tak.name." + kind
    "tak.name.value.": tak_cards.VALUE_NAMES,
    "tak.name.variant.": allowed("taktvoll", "variant"),
    "tak.name.interval.": tuple(tak_state.PERFECT.values()) + ("eleventh",),
    "tak.describe.": ("clef", "draw", "keep", "pass", "done"),
    "tak.refuse.": ("clef", "bar"),
    "tak.term.do.": ("draw", "pass", "done"),
    "tak.page.value.%d": tak_cards.VALUES,
    "tak.page.variant.": allowed("taktvoll", "variant"),
    "tak.page.hl.%s": ("legal", "illegal", "chosen", "target", "preview", "last", "lit"),
    # Re-Chord
    "rc.name.kind.": rc_cards.KINDS,
    "rc.name.genre.%d": range(6),
    "rc.name.setlist.": rc_cards.SETLIST_NAMES,
    "rc.name.difficulty.": allowed("rechord", "difficulty"),
    "rc.refuse.phase.": RC_PHASES,
    "rc.refuse.target.": RC_PHASES,
    "rc.describe.": tuple(rc_state.SHAPES),
    "rc.ev.to_bag.": ("adjacent", "red", "green", "wylde"),           # why the pick goes
    "rc.ev.move.": ("blue", "grey", "wylde"),
    "rc.ev.skip.": ("adjacent", "grey_move", "ability", "other"),
    "rc.ev.end.": ("frets", "stall"),
    "rc.term.phase.": ("adjacent", "grey_move"),
    "rc.term.ability.": rc_cards.KINDS,
    "rc.term.group.": ("supply", "move", "swap"),
    "rc.page.letter.": rc_cards.KINDS,
    "rc.page.skip.": ("adjacent", "grey_move") + RC_ABILITIES,
    "rc.page.status.": ("turn", "adjacent", "grey_move", "return") + RC_ABILITIES,
    "rc.page.pad_note.": allowed("rechord", "lead_scoring"),
    # shared
    "ui.level.": ("easy", "normal", "hard", "heuristic", "random"),
}


def source_files():
    """The files whose literals name message keys: the engine and the page, not the texts."""
    tables = ("messages.py", "messages_ja.py")          # they define keys; see literals()
    engine = [p for p in (ROOT / "pygame_rules").rglob("*.py")
              if p.name not in tables and not p.name.startswith("texts")]
    return sorted(engine) + sorted((ROOT / "web").rglob("*.py")) + \
        [ROOT / "web" / "index.html"] + sorted((ROOT / "static").glob("*.js"))


def literals():
    """Every string literal of the scheme in the source (whole keys and partial ones)."""
    found = set()
    for path in source_files():
        source = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            for rx in HTML_KEYS:
                found |= set(rx.findall(source))
            continue
        if path.suffix == ".js":
            found |= set(JS_KEYS.findall(source))
            continue
        found |= key_literals(ast.parse(source))
    found |= {k for f in catalogue_functions() for k in key_literals(f)}
    return found - NOT_KEYS


def key_literals(tree):
    """The string literals of the key scheme in a parsed piece of Python."""
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and LITERAL.match(node.value)}


def catalogue_functions():
    """messages.py's functions: the keys they name are used (its tables only define keys)."""
    tree = ast.parse((ROOT / "pygame_rules" / "messages.py").read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.FunctionDef)]


def expand(partial):
    """The keys a declared family stands for."""
    if "%" in partial:
        return {partial % v for v in FAMILIES[partial]}
    return {partial + str(v) for v in FAMILIES[partial]}


def is_partial(literal):
    """Is this literal only the start of a key?"""
    return literal.endswith((".", "_")) or "%" in literal


def undeclared_families():
    """Partial literals in the code that FAMILIES does not declare."""
    return sorted(x for x in literals() if is_partial(x) and x not in FAMILIES)


def all_used():
    """Every key the code uses, whole literals and families expanded."""
    used = set()
    for literal in literals():
        if not is_partial(literal):
            used.add(literal)
        elif literal in FAMILIES:
            used |= expand(literal)
    for game in GAMES.values():
        used |= {o.msg for o in game.options} | {h["msg"] for h in game.house_rules}
        used |= {k for o in game.options for k in option_keys(game.prefix, o)}  # web/shell.py
        used.add(game.prefix + ".page.blurb")                          # web/shell.py
        used.add(game.prefix + ".name.title")                          # core.Game.shown_title
        used |= {k for k in CATALOGUE["en"] if k.startswith(game.prefix + ".rules.")}
        used |= {k for m in teach.moments(game.id) for k in teach.message_ids(game.id, m)}
        used.add(game.prefix + ".hint.score")                          # pygame_rules/hint.py
        used.add(game.prefix + ".hint.rank")                           # pygame_rules/hint.py
    return used


def option_keys(prefix, option):
    """The start screen's keys of an option: its label and, unless it is yes/no, each value's."""
    values = () if isinstance(option.default, bool) else option.allowed
    return [option_msg(prefix, option.name)] + [option_msg(prefix, option.name, v) for v in values]


def owner(key):
    """The prefix a key belongs to (a game's, or None for a shared key)."""
    head = key.split(".", 1)[0]
    return head if head in PREFIXES else None


def prefix_of(game_id):
    """A game's message prefix (None: the shared keys)."""
    return None if game_id is None else GAMES[game_id].prefix


def used_keys(game_id):
    """The keys of one game (None: the shared keys) that its code uses."""
    prefix = prefix_of(game_id)
    return {k for k in all_used() if owner(k) == prefix}


def missing_keys(game_id):
    """Keys of one game (None: shared) that the code uses and the English catalogue lacks."""
    return sorted(k for k in used_keys(game_id) if k not in CATALOGUE["en"])


def unused_keys(game_id):
    """Keys of one game (None: shared) in the catalogue that no code uses."""
    prefix, used = prefix_of(game_id), used_keys(game_id)
    return sorted(k for k in CATALOGUE["en"] if owner(k) == prefix and k not in used)


def placeholders(template):
    """The parameter names of a template; raises ValueError if it does not parse."""
    return {field.split(".")[0].split("[")[0]
            for _lit, field, _spec, _conv in string.Formatter().parse(template)
            if field is not None}


def malformed(lang="en"):
    """(key, why) for each entry of a language that is not well formed."""
    bad = []
    for key, entry in CATALOGUE.get(lang, {}).items():
        parts = key.split(".")
        if owner(key) is None and parts[0] not in SHARED:
            bad.append((key, "no known prefix"))
        elif owner(key) is not None and (len(parts) < 3 or parts[1] not in AREAS):
            bad.append((key, "no area"))
        forms = entry if isinstance(entry, dict) else {"": entry}
        if isinstance(entry, dict) and sorted(entry) != sorted(CATEGORIES[lang]):
            bad.append((key, "plural categories %s, not %s" % (sorted(entry),
                                                               sorted(CATEGORIES[lang]))))
        for form in forms.values():
            try:
                names = placeholders(form)
            except ValueError as err:
                bad.append((key, "does not parse: %s" % err))
                continue
            if isinstance(entry, dict) and names - {"count"} - placeholders(forms["other"]):
                bad.append((key, "a plural form with parameters its other form lacks"))
    return bad
