"""The registry: every game declares every part in its own package, and nothing outside the
game's folders (and its page table) keeps a list of the games or spells a game's id."""

import pathlib
import re
import subprocess
import sys

import pytest

import pygame_rules
from pygame_rules import bots, search
from pygame_rules.core import PARTS, GameState, house_msg
from pygame_rules.messages import CATALOGUE

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = sorted(pygame_rules.GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_supplies_every_part(game_id):
    """State class, bots, search knobs, terminal, page table: each part has every name the
    layers above read from it."""
    game = pygame_rules.GAMES[game_id]
    assert issubclass(game.state_class, GameState)
    assert game.package == "pygame_rules.games." + game.table
    for part, names in PARTS.items():
        module = game.part(part)
        missing = [n for n in names if not hasattr(module, n)]
        assert not missing, (game_id, part, missing)
    assert callable(game.part("bots").BOTS["heuristic"])
    assert set(game.part("bots").DESCRIPTIONS) >= {"random", "heuristic"}
    assert set(game.part("infoset").LEVELS) == set(search.SECONDS)
    assert any((ROOT / "web" / path).is_file() for path in
               ("tables/%s.py" % game.table, "table_%s.py" % game.table)), game.table


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_seat_knows_is_decided_in_the_games_observer_alone(game_id):
    """The state's view and log go through the game's observer module, which no state class
    overrides or sidesteps, and the search deals from that observer's `determinize`; no game's
    state or bots module defines a view or redaction of its own."""
    game = pygame_rules.GAMES[game_id]
    observer = game.part("observer")
    assert game.state_class.observer is observer
    for name in ("view", "redact", "events_for", "check", "legal_actions"):
        assert name not in vars(game.state_class), (game_id, name)
    assert search.determinizer(game_id) is observer.determinize
    for part in ("state", "bots", "infoset"):
        source = (ROOT / "pygame_rules" / "games" / game.table / (part + ".py")).read_text()
        assert not re.search(r"^\s*def (view|redact|observe)\(", source, re.M), (game_id, part)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bot_is_made_new_and_described(game_id):
    """Every bot name the registry offers makes a bot, a new one each time, with a sentence
    in the catalogue saying how it plays."""
    names = bots.bot_names(game_id)
    assert {"random", "heuristic", "easy", "normal", "hard"} <= set(names)
    for name in names:
        assert bots.bot_description(game_id, name)
        if name in search.SECONDS:
            assert bots.new_bot(game_id, name) is not bots.new_bot(game_id, name)


HOUSE_RULE_ID = re.compile(r"\bHR-([A-Z]*)(\d+)\b")


def document_ids(game):
    """The house-rule ids a game's rules document names (HR-K9, HR-22, ...)."""
    text = (ROOT / game.rules_doc).read_text(encoding="utf-8")
    return {m.group(0) for m in HOUSE_RULE_ID.finditer(text)}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_house_rules_are_those_of_the_rules_document(game_id):
    """HOUSE_RULES holds each id of docs/rules/<game>.md once, and nothing else; the ids are one
    scheme numbered from 1 without a gap; a house rule's option exists, its words are the
    message of its id, and an option marked as ours says the words of the house rule naming it."""
    game = pygame_rules.GAMES[game_id]
    assert game.rules_doc.startswith("docs/rules/") and (ROOT / game.rules_doc).is_file()
    ids = [h["id"] for h in game.house_rules]
    assert len(ids) == len(set(ids)) and set(ids) == document_ids(game)
    parts = [HOUSE_RULE_ID.fullmatch(i).groups() for i in ids]
    assert len({letters for letters, _ in parts}) == 1
    assert sorted(int(n) for _, n in parts) == list(range(1, len(ids) + 1))
    options = {o.name: o for o in game.options}
    for house in game.house_rules:
        assert house["option"] is None or house["option"] in options, house
        assert house["msg"] == house_msg(game.prefix, house["id"])
    for option in game.options:
        if option.house_rule:
            assert option.msg in {h["msg"] for h in game.house_rules
                                  if h["option"] == option.name}, option.name


def test_the_rules_document_ids_are_read():
    """The reader finds ids in running text and tables, not look-alikes (so the test can fail)."""
    game = pygame_rules.GAMES["taktvoll"]
    assert {"HR-K1", "HR-K12"} <= document_ids(game)
    found = {m.group(0) for m in HOUSE_RULE_ID.finditer("[HR-3] HR-T1..T3, HR-.., XHR-9 HR-TAC4")}
    assert found == {"HR-3", "HR-T1", "HR-TAC4"}


def test_an_unknown_part_is_refused():
    """A part that is not in the contract is a KeyError, not a silent import."""
    with pytest.raises(KeyError):
        pygame_rules.GAMES["taktvoll"].part("state")


def outside_the_games():
    """The engine's source files that belong to no single game."""
    return [p for p in (ROOT / "pygame_rules").rglob("*.py") if "games" not in p.parts]


def code_of(path):
    """A source file without its docstrings (examples there name a game on purpose)."""
    return re.sub(r'"""(?:.|\n)*?"""', "", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_game_id_is_spelled_outside_its_game(game_id):
    """A game's id is written in its own declaration only: no list of games elsewhere."""
    pattern = re.compile(r"""["']%s["']""" % re.escape(game_id))
    found = [str(p.relative_to(ROOT)) for p in outside_the_games() if pattern.search(code_of(p))]
    assert not found


def test_catalogue_has_every_bot_description():
    """The descriptions the bots modules name are all in the English catalogue."""
    for game_id in GAMES:
        for msg_id in pygame_rules.GAMES[game_id].part("bots").DESCRIPTIONS.values():
            assert msg_id in CATALOGUE["en"], msg_id


def imports_of(path, package):
    """The engine modules one file imports (at the top or inside a function), by dotted name."""
    here = package.split(".")
    found = set()
    pattern = r"^\s*from (\.*)([\w.]*) import (?:\(([\w, \n]+)\)|([\w, ]+))"
    for dots, name, grouped, names in re.findall(pattern, path.read_text(encoding="utf-8"),
                                                 re.M):
        names = grouped or names
        base = here[:len(here) - len(dots)] if dots else []
        target = ".".join(base + ([name] if name else [])) if dots else name
        if not target.startswith("pygame_rules"):
            continue
        for item in (n.split(" as ")[0].strip() for n in names.split(",")):
            sub = target + "." + item
            found.add(sub if module_file(sub) else target)
    for name in re.findall(r"^\s*import (pygame_rules[\w.]*)", path.read_text(encoding="utf-8"),
                           re.M):
        found.add(name)
    return {m for m in found if module_file(m)}


def module_file(dotted):
    """The file of an engine module (a package's __init__), or None."""
    base = ROOT.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def import_graph():
    """Every engine module and the engine modules it imports."""
    graph = {}
    for path in (ROOT / "pygame_rules").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        dotted = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = dotted if parts[-1] == "__init__" else ".".join(parts[:-1])
        graph[dotted] = imports_of(path, package + ".x" if parts[-1] == "__init__" else dotted)
    return graph


def cycles(graph):
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        """Number `v`, walk its imports, and pop a finished group."""
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph.get(v, ()):
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_is_read():
    """The graph sees imports inside functions too (so the cycle test can fail)."""
    graph = import_graph()
    assert "pygame_rules.rewards" in graph["pygame_rules.games.taktvoll.infoset"]
    assert "pygame_rules.games.rechord.bots" in graph["pygame_rules.games.rechord.infoset"]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


def test_no_import_cycles():
    """No engine module imports, however indirectly, a module that imports it."""
    assert cycles(import_graph()) == []


def test_listing_the_games_imports_no_rules_until_a_game_starts():
    """Importing the registry (the start screen's need) loads no game's state module, the
    costly part to import (issue 21); the first new_game of a game loads that game's only."""
    code = ("import sys, pygame_rules\n"
            "states = lambda: sorted(m for m in sys.modules if m.endswith('.state'))\n"
            "print(states())\n"
            "pygame_rules.new_game('taktvoll', 3)\n"
            "print(states())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.splitlines()
    assert out == ["[]", "['pygame_rules.games.taktvoll.state']"]
