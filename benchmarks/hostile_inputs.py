"""A counted campaign of hostile inputs against the engine's contract (issue 17, item 2).

    python benchmarks/hostile_inputs.py [--games 8] [--seed 1] [--root PATH] [--measure]

`load_state` gets mutated saves of real games of every title (fields dropped, duplicated,
replaced by values of every type, nested 100,000 deep, huge numbers and strings, NaN and
Infinity, corrupt actions; most re-signed with a fresh checksum so they reach the replay), and
`apply` gets malformed and illegal actions at real positions. The contract: load_state raises
only SaveError and apply only IllegalAction (the state unchanged), with messages of at most 300
characters. Prints a table: the kind of input, how many were tried, what they gave (message ids
or the exception that broke the contract), the breaks and the slowest case's time (numbers only,
nothing here is a timed test). `--root` runs the same campaign against another checkout (an old
commit in a worktree); `--measure` prints the longest save of real play of each title instead.
"""

import argparse
import collections
import itertools
import json
import os
import random
import sys
import time

MAX_MESSAGE = 300
DEEP = 100_000
HUGE_INT = "9" * 5000                 # over Python's 4,300-digit int <-> str limit
MEGA = "x" * 1_000_000
PLACEHOLDER = "\u2603PLACEHOLDER\u2603"
FIELDS = ("format", "version", "game", "players", "seed", "options", "setup", "actions", "check")


class Weird:
    """An object whose comparisons, hash and repr all raise."""

    def __eq__(self, other):
        raise ValueError("eq")

    def __hash__(self):
        raise ValueError("hash")

    def __repr__(self):
        raise ValueError("repr")


def deep_list(depth):
    """A list nested `depth` deep, built without recursion."""
    value = []
    for _ in range(depth):
        value = [value]
    return value


def deep_tuple(depth):
    """A tuple nested `depth` deep, built without recursion."""
    value = ()
    for _ in range(depth):
        value = (value,)
    return value


def checksum(body):
    """The save's checksum by the engine under test's own `_checksum` (so a mutated body can be
    re-signed); for a body it cannot sign (a lone surrogate) one that never matches."""
    from pygame_rules.core import _checksum     # the checkout main() put first on the path
    try:
        return _checksum(body)
    except ValueError:
        return "unsignable"


def signed(body):
    """A body as save text with a fresh checksum."""
    return json.dumps(dict(body, check=checksum(body)), ensure_ascii=False)


def raw_in(body, field, raw, value=PLACEHOLDER):
    """Save text where one field's value is the raw JSON text `raw` (deep, huge: text that
    json.dumps cannot make), its checksum that of `value` (the Python value a lenient parser
    reads from `raw`; by default one that does not match)."""
    text = json.dumps(dict(body, **{field: PLACEHOLDER, "check": checksum(dict(body, **{
        field: value}))}), ensure_ascii=False)
    return text.replace(json.dumps(PLACEHOLDER, ensure_ascii=False), raw, 1)


def strange_values():
    """(name, value) of every type and extreme a JSON field may carry."""
    return [("null", None), ("true", True), ("false", False), ("0", 0), ("-1", -1),
            ("2**70", 2**70), ("1.5", 1.5), ("empty str", ""), ("str", "chess"),
            ("10k str", "y" * 10_000), ("empty list", []), ("list", [1, "a"]),
            ("empty dict", {}), ("dict", {"a": 1}), ("list of dicts", [{"a": []}]),
            ("nested 12", deep_list(12)), ("nested 20", deep_list(20)),
            ("lone surrogate", "\ud800")]


def raw_values():
    """(name, raw JSON text, the value a lenient parser reads) that json.dumps cannot produce
    or that the old parser chokes on."""
    return [("NaN", "NaN", float("nan")), ("Infinity", "Infinity", float("inf")),
            ("-Infinity", "-Infinity", float("-inf")), ("1e999", "1e999", float("inf")),
            ("5000-digit int", HUGE_INT, PLACEHOLDER),
            ("list nested 100,000", "[" * DEEP + "]" * DEEP, PLACEHOLDER),
            ("dict nested 100,000", '{"a":' * DEEP + "1" + "}" * DEEP, PLACEHOLDER),
            ("unclosed 100,000", "[" * DEEP, PLACEHOLDER),
            ("1 MB string", json.dumps(MEGA), MEGA)]


def setups():
    """(name, set-up) of broken test positions."""
    return [("hands not a list", {"hands": 5}),
            ("hands of floats", {"hands": [[1.5, 2.5]]}), ("hands of str", {"hands": [["a"]]}),
            ("20,000 hands", {"hands": [[i] for i in range(20_000)]}),
            ("rows' time a list", {"hands": [[1], [2], [3]], "rows": [{"time": [1]}]}),
            ("rows' time a str", {"hands": [[1], [2], [3]], "rows": [{"time": "x"}]}),
            ("board junk", {"hands": [[1]], "board": [[1, "a"]]}),
            ("completed junk", {"hands": [[1]], "completed": [[1]]}),
            ("key a list", {"hands": [[0]], "key": [1]}), ("setup a list", [1, 2]),
            ("scores huge", {"hands": [[1], [2], [3]], "scores": [2**200, 0, 0]})]


def load_cases(body, rng):
    """(kind, text) of corrupt saves made from one real save body."""
    good = signed(body)
    yield "truncated (not JSON)", good[:rng.randrange(len(good))]
    flip = rng.randrange(len(good))
    yield "one character changed", good[:flip] + chr(rng.randrange(32, 0x3000)) + good[flip + 1:]
    yield "not an object", json.dumps(body["actions"])
    for field in FIELDS:
        yield from field_cases(body, field, good)
    for name, value in setups():
        yield "set-up broken (re-signed): %s" % name, signed(dict(body, setup=value))
    for name, raw, value in raw_values()[:4]:
        yield "set-up broken (re-signed): hands of %s" % name, \
            raw_in(body, "setup", '{"hands": [[%s]]}' % raw, {"hands": [[value]]})
    yield from action_cases(body, rng)


def field_cases(body, field, good):
    """(kind, text) of saves with one field dropped, duplicated or replaced; re-signed but for
    the checksum itself, which is changed in place."""
    def put(value_text):
        """The good save with this field's value text replaced (checksum left as it was)."""
        old = '"%s": %s' % (field, json.dumps(body[field], ensure_ascii=False))
        return good.replace(old, '"%s": %s' % (field, value_text), 1)
    check = field == "check"
    yield "field dropped", good.replace('"check": "%s"' % body["check"], '"x": 0') if check \
        else signed({k: v for k, v in body.items() if k != field})
    for _, value in strange_values():
        text = put(json.dumps(value, ensure_ascii=False)) if check else \
            signed(dict(body, **{field: value}))
        yield "field of a wrong type (re-signed): %s" % field, text
        yield "field duplicated, 2nd of a wrong type (re-signed)", \
            '{"%s": %s, %s' % (field, json.dumps(body[field], ensure_ascii=False), text[1:])
    for name, raw, value in raw_values():
        yield "field raw (re-signed): %s" % name, put(raw) if check else \
            raw_in(body, field, raw, value)


def action_cases(body, rng):
    """(kind, text) of saves whose actions are corrupt, re-signed."""
    actions = body["actions"]
    if not actions:
        return
    i = rng.randrange(len(actions))
    for name, value in strange_values() + [("bool part", ["play", True]),
                                           ("float part", ["play", 1.0]),
                                           ("17 parts", ["play"] + [1] * 16),
                                           ("65-char part", ["x" * 65, 1])]:
        changed = actions[:i] + [value] + actions[i + 1:]
        yield "action replaced (re-signed): %s" % name, signed(dict(body, actions=changed))
    yield "action dropped (re-signed)", signed(dict(body, actions=actions[:i] + actions[i + 1:]))
    yield "action duplicated (re-signed)", signed(dict(body, actions=actions[:i + 1] + actions[i:]))
    yield "actions swapped (re-signed)", signed(dict(body, actions=actions[1:2] + actions[:1] +
                                                      actions[2:]))
    yield "action nested (re-signed)", signed(dict(body, actions=actions[:i] + [[actions[i]]] +
                                                   actions[i + 1:]))
    for name, raw, value in raw_values():
        text = raw_in(body, "actions", json.dumps(actions[:i] + [PLACEHOLDER] + actions[i + 1:],
                                                       ensure_ascii=False),
                      actions[:i] + [value] + actions[i + 1:])
        yield "action raw (re-signed): %s" % name, text.replace(
            json.dumps(PLACEHOLDER, ensure_ascii=False), raw, 1)


def wrong_actions(state, rng):
    """(kind, action) of malformed and illegal actions for a live state."""
    legal = state.legal_actions()
    some = legal[rng.randrange(len(legal))]
    Point = collections.namedtuple("Point", "kind card")
    yield from [("not a tuple", None), ("not a tuple", 3), ("not a tuple", "play"),
                ("not a tuple", list(some)), ("not a tuple", {"play": 3}),
                ("not a tuple", {1, 2}), ("not a tuple", Weird()), ("not a tuple", deep_list(DEEP)),
                ("empty tuple", ()), ("bool part", some[:1] + (True,)),
                ("float part", some[:1] + (1.0,)), ("None part", some[:1] + (None,)),
                ("huge int part (5,000 digits)", some[:1] + (10**5000,)),
                ("huge int part (5,000 digits)", (10**5000,)),
                ("1 MB str part", (MEGA,)), ("1 MB str part", some[:1] + (MEGA,)),
                ("tuple nested 100,000", deep_tuple(DEEP)),
                ("tuple nested 100,000", some[:1] + (deep_tuple(DEEP),)),
                ("list nested 100,000 in a tuple", some[:1] + (deep_list(DEEP),)),
                ("object with raising ==, hash, repr", (Weird(),)),
                ("object with raising ==, hash, repr", some[:1] + (Weird(),)),
                ("tuple subclass", Point("fly", 0)),
                ("100,000 parts", some + (0,) * DEEP),
                ("legal action + 1 part", some + (0,)),
                ("wrong kind", ("fly",) + some[1:])]
    for _ in range(6):
        kind = some[0] if rng.random() < 0.7 else rng.choice([a[0] for a in legal])
        guess = (kind,) + tuple(rng.randrange(-3, 100) for _ in range(len(some) - 1))
        if guess not in legal:
            yield "well-formed, not legal now", guess


def real_bodies(pygame_rules, games, rng):
    """Save bodies of random games of every title, at a random point and at the end."""
    for game_id, game in sorted(pygame_rules.GAMES.items()):
        for n in range(games):
            state = pygame_rules.new_game(game_id, rng.randint(game.min_players, game.max_players),
                                          seed=rng.choice([n, "seed %d" % n]))
            stop = rng.randrange(1, 60)
            while not state.is_over:
                if len(state.history) == stop:
                    yield json.loads(state.to_json())
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            yield json.loads(state.to_json())


def live_states(pygame_rules, games, rng):
    """Live states of random games of every title at random points."""
    for game_id, game in sorted(pygame_rules.GAMES.items()):
        for n in range(games):
            state = pygame_rules.new_game(game_id, rng.randint(game.min_players, game.max_players),
                                          seed=n)
            stops = set(rng.sample(range(1, 80), 3))
            while not state.is_over:
                if len(state.history) in stops:
                    yield state
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])


class Tally:
    """Counts per kind: tries, outcomes, breaks and the slowest case."""

    def __init__(self):
        self.rows = collections.defaultdict(lambda: [0, collections.Counter(), 0, 0.0])

    def add(self, kind, outcome, broke, seconds):
        """Record one case."""
        row = self.rows[kind]
        row[0] += 1
        row[1][outcome] += 1
        row[2] += broke
        row[3] = max(row[3], seconds)

    def print(self, title):
        """Print the table and the totals; return the number of breaks."""
        print("\n%s\n%-58s %6s %6s %8s  %s" % (title, "kind", "count", "breaks", "max s",
                                               "what they gave"))
        for kind in sorted(self.rows):
            count, outcomes, broke, slowest = self.rows[kind]
            gave = ", ".join("%s ×%d" % (o, n) for o, n in outcomes.most_common())
            print("%-58s %6d %6d %8.3f  %s" % (kind[:58], count, broke, slowest, gave))
        total = sum(r[0] for r in self.rows.values())
        breaks = sum(r[2] for r in self.rows.values())
        print("%-58s %6d %6d" % ("TOTAL", total, breaks))
        return breaks


def try_load(pygame_rules, text):
    """(outcome, broke) of loading one text."""
    return outcome(lambda: pygame_rules.load_state(text), pygame_rules.SaveError,
                   ("loaded (a valid save)", False))


def try_apply(pygame_rules, state, action):
    """(outcome, broke) of applying one action to a live state."""
    before = state.to_json()
    return outcome(lambda: state.apply(action), pygame_rules.IllegalAction,
                   ("BREAK applied", True), changed=lambda: state.to_json() != before)


def outcome(call, refusal, done, changed=None):
    """(outcome, broke) of `call()`, whose contract is to raise only `refusal` (with a short
    message and, where `changed` is given, `changed()` false after it); `done` if it returns."""
    try:
        call()
    except refusal as err:
        name = refusal.__name__
        if changed and changed():
            return "%s %s, state changed" % (name, err.msg_id), True
        if len(err.message) > MAX_MESSAGE:
            return "%s %s, message of %d chars" % (name, err.msg_id, len(err.message)), True
        return "%s %s" % (name, err.msg_id), False
    except BaseException as err:      # noqa: BLE001 - counting contract breaks
        if isinstance(err, KeyboardInterrupt):
            raise
        return "BREAK " + type(err).__name__, True
    return done


def campaign(pygame_rules, games, seed):
    """Run both halves; return the total number of contract breaks."""
    rng = random.Random(seed)
    loads = tally(lambda text: try_load(pygame_rules, text), itertools.chain(
        (case for body in real_bodies(pygame_rules, games, rng) for case in load_cases(body, rng)),
        [("not text: None", None), ("not text: bytes", b"\xff\xfe"), ("not text: int", 5),
         ("not text: list", [])]))
    applies = tally(lambda case: try_apply(pygame_rules, *case),
                    ((kind, (state, action)) for state in live_states(pygame_rules, games, rng)
                     for kind, action in wrong_actions(state, rng)))
    return loads.print("load_state: corrupt saves") + applies.print("apply: illegal actions")


def tally(attempt, cases):
    """A Tally of `attempt(case)` for each (kind, case), timing each attempt alone."""
    counts = Tally()
    for kind, case in cases:
        start = time.perf_counter()
        outcome, broke = attempt(case)
        counts.add(kind, outcome, broke, time.perf_counter() - start)
    return counts


def measure(pygame_rules):
    """Print the longest save of random play of each title (all table sizes, 60 seeds each)."""
    for game_id, game in sorted(pygame_rules.GAMES.items()):
        best = (0, None)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(60):
                state = pygame_rules.new_game(game_id, players, seed=seed)
                rng = random.Random(seed)
                while not state.is_over:
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
                size = len(state.to_json().encode("utf-8"))
                best = max(best, (size, (players, seed, len(state.history))))
        print("%s: longest save %d bytes (players, seed, actions: %s)" % (game_id, *best))


def main():
    """Run the campaign (or the measurement) and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8, help="games per title (default 8)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   ".."), help="the checkout to test")
    ap.add_argument("--measure", action="store_true", help="print the longest real saves")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    import pygame_rules
    print("engine at %s" % os.path.dirname(pygame_rules.__file__))
    if args.measure:
        measure(pygame_rules)
        return
    start = time.perf_counter()
    breaks = campaign(pygame_rules, args.games, args.seed)
    print("\ncontract breaks: %d (%.1f s)" % (breaks, time.perf_counter() - start))


if __name__ == "__main__":
    main()
