"""A crafted Re-Chord set-up never loads a broken game (issue 46): valid set-ups (solo, 3
players, a dealt 5-player one) with one field changed at a time (a key dropped or added, a list
shortened or lengthened, an item made -1, a huge int, None, text, a float, a nested list ...),
put in a real save and in a link and re-signed, are either refused with SaveError/ShareError
(never by the last-guard catch-all of `load_state` or `from_share`, which means the engine
failed) or load a game whose views (as JSON), legal actions and scores work through random
play. Each case that breaks is collected, so a run says how many did."""

import base64
import builtins
import copy
import json
import random
import sys
import zlib
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import SaveError, SetupError, ShareError, from_share, to_share
from pygame_rules.core import _checksum, sha256, short
from pygame_rules.share import PREFIX
from rechord_helpers import position, solo

GAME = "rechord"
STEPS = 250                        # random moves played on a game that loaded
CASES = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))
VALUES = (-1, 0, 1, 5, 36, 72, 2**64, 10**4299, 10**5000, -10**4299, None, "x", "3", 1.5,
          True, [], [[0]], [0, [0]], {}, {"a": 1})
COUNTS = {"save": Counter(), "link": Counter()}


def solo_base():
    """A solo position with every field: board, supply, hands, deck, songs, genres, completed,
    pad, scored, draws, icons, start."""
    pad = [[3, 0, 0, 0, 0], [6, 0, 0, 0, 0]] + [[0] * 5 for _ in range(4)]
    return solo("R@A3 ?G@D2/0 B@E1", supply="P W R", hand="G-1 C-1", row="D-1 A-1",
                human="R", jim="B G", deck="Em-1 Em-2 Am-1", songs=["S1-1", None],
                completed=[[("E-1", 1)], [("E-2", 2)]], pad=pad, scored=(1,), draws="W R",
                icons="bag R W", options={"difficulty": "touring"})


def three_base():
    """A 3-player position with every field a guitarist game has."""
    pad = [[0, 2, 0, 0, 0], [0, 1, 0, 0, 0]] + [[0] * 5 for _ in range(4)]
    return position("R@A3 ?G@D2/01 B@E1 W@e5", supply="P W R Gy", players=3,
                    hands=["G-1", "C-1 C-2", ""], deck="Em-1 Am-1 D-2",
                    songs=["S1-1", "S1-2", "S1-3"], genres=["R", "B", "G"],
                    completed=[[("E-1", 1)], [], [("E-2", 2)]], pad=pad, scored=(2,),
                    draws="W", start=1)


def dealt_base():
    """A dealt 5-player game's hands, deck, songs and genres as a set-up."""
    dealt = pygame_rules.new_game(GAME, 5, seed=7)
    setup = {"hands": [list(h) for h in dealt.hands], "deck": list(dealt.deck),
             "songs": list(dealt.songs), "genres": [list(x) for x in dealt.genres]}
    return pygame_rules.new_game(GAME, 5, seed=7, options=dealt.options, setup=setup)


def pack(payload_text):
    """A link around a payload's JSON text, as to_share wraps it."""
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(payload_text.encode())).decode() \
        .rstrip("=")


def payload_of(link):
    """The payload dict inside a link."""
    data = link[len(PREFIX):]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))))


def played(state, moves, seed=1):
    """The state after `moves` random moves."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        if state.is_over or not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    return state


BASES = [played(make(), moves) for make in (solo_base, three_base, dealt_base)
         for moves in (0, 4)]
SAVES = [json.loads(s.to_json()) for s in BASES]
LINKS = [payload_of(to_share(s)) for s in BASES]


def paths(value, at=()):
    """Every path (a tuple of keys and indexes) into a set-up, the root's () included."""
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, at + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, at + (i,))
    return out


def mutated(setup, path, how, value):
    """A copy of the set-up with one change at `path`: drop, shorten, lengthen, add a key, or
    replace with `value`."""
    setup = copy.deepcopy(setup)
    *head, last = path or (None,)
    parent = setup
    for k in head:
        parent = parent[k]
    target = parent[last] if path else setup
    if how == "drop" and path:
        del parent[last]
    elif how == "shorten" and isinstance(target, list) and target:
        target.pop()
    elif how == "lengthen" and isinstance(target, list):
        target.append(copy.deepcopy(target[-1]) if target else value)
    elif how == "add key" and isinstance(target, dict):
        target["extra"] = value
    elif path:
        parent[last] = value
    return setup


def sign_save(body):
    """Save text of a body with its checksum made anew (ints of any size written)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(dict(body, check=_checksum(body)))
    finally:
        sys.set_int_max_str_digits(limit)


def sign_link(payload):
    """A link of a payload with its checksum made anew (ints of any size written)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        data = json.dumps({k: v for k, v in payload.items() if k != "c"},
                          separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        payload = dict(payload, c=sha256(data.encode()).hexdigest()[:16])
        return pack(json.dumps(payload, ensure_ascii=False))
    finally:
        sys.set_int_max_str_digits(limit)


def is_catch_all(err):
    """True if the error is a last guard's: the engine failed with a Python exception."""
    if isinstance(err, SaveError):
        return err.msg_id == "save.engine_failed"
    why = err.params.get("why")
    found = getattr(builtins, why, None) if type(why) is str else None
    return err.msg_id == "share.invalid" and isinstance(found, type) and \
        issubclass(found, BaseException)


def works(state, seed):
    """None if views, legal actions and scores work through random play; else what broke."""
    rng = random.Random(seed)
    try:
        for _ in range(STEPS):
            for seat in [None, *range(state.players)]:
                json.dumps(state.view(seat))
            state.scores()
            legal = state.legal_actions()
            if state.is_over or not legal:
                return None
            state.apply(legal[rng.randrange(len(legal))])
        return None
    except Exception as err:  # noqa: BLE001 - what the test looks for
        return type(err).__name__


def outcome(kind, text, seed):
    """'refused', 'loaded' or what broke, for a save's or a link's text."""
    try:
        state = pygame_rules.load_state(text) if kind == "save" else from_share(text)[0]
    except (SaveError, ShareError) as err:
        return "catch-all %s" % err.message if is_catch_all(err) else "refused"
    except Exception as err:  # noqa: BLE001
        return "raised %s" % type(err).__name__
    broke = works(state, seed)
    return "loaded" if broke is None else "broke on play: %s" % broke


def campaign(kind):
    """Mutate set-ups in saves (kind "save") or links ("link"); the cases that broke."""
    bodies, field = (SAVES, "setup") if kind == "save" else (LINKS, "u")
    failures, counts = [], COUNTS[kind]

    @CASES
    @given(st.data())
    def case(data):
        body = bodies[data.draw(st.integers(0, len(bodies) - 1))]
        path = data.draw(st.sampled_from(paths(body[field])))
        how = data.draw(st.sampled_from(("drop", "shorten", "lengthen", "add key", "replace",
                                         "replace", "replace")))
        value = data.draw(st.sampled_from(VALUES))
        changed = dict(body, **{field: mutated(body[field], path, how, value)})
        text = sign_save(changed) if kind == "save" else sign_link(changed)
        result = outcome(kind, text, data.draw(st.integers(0, 99)))
        counts["tried"] += 1
        counts[result if result in ("refused", "loaded") else "broken"] += 1
        if result not in ("refused", "loaded"):
            failures.append("%s %s %s: %s" % (path, how, short(value, 12), result))
    case()
    return failures


def test_the_bases_load_and_play():
    """The saves and links mutated below load and play as they are."""
    for body, payload in zip(SAVES, LINKS):
        assert outcome("save", sign_save(body), 0) == "loaded"
        assert outcome("link", sign_link(payload), 0) == "loaded"


def test_a_crafted_setup_in_a_save_is_refused_or_loads_a_working_game():
    """One field of the set-up changed in a re-signed save: refused, or a game that works."""
    failures = campaign("save")
    assert not failures, "%d of %d broke: %s" % (len(failures), COUNTS["save"]["tried"],
                                                 failures[:5])
    assert COUNTS["save"]["refused"] and COUNTS["save"]["loaded"]


def test_a_crafted_setup_in_a_link_is_refused_or_loads_a_working_game():
    """One field of the set-up changed in a re-signed link: refused, or a game that works."""
    failures = campaign("link")
    assert not failures, "%d of %d broke: %s" % (len(failures), COUNTS["link"]["tried"],
                                                 failures[:5])
    assert COUNTS["link"]["refused"] and COUNTS["link"]["loaded"]


SOLO = solo_base().setup
CRAFTED = [("songs short", dict(SOLO, songs=[0])), ("song 36", dict(SOLO, songs=[36, None])),
           ("Jim Bot a song", dict(SOLO, songs=[0, 1])),
           ("Jim Bot no genre", dict(SOLO, genres=[[1], []])),
           ("genres short", dict(SOLO, genres=[[1]])),
           ("a colour twice", dict(SOLO, genres=[[1], [1]])),
           ("completed short", dict(SOLO, completed=[[]])),
           ("pad short", dict(SOLO, pad=SOLO["pad"][:5])),
           ("pad 4,300 digits", dict(SOLO, pad=[[10**4299] * 5] + SOLO["pad"][1:])),
           ("instant 4,300 digits", dict(SOLO, completed=[[[60, 10**4299]], []])),
           ("mask 4,300 digits", dict(SOLO, board=[[0, 1, 0, 10**4299]])),
           ("scored fret 6", dict(SOLO, scored=[6])), ("icon 7", dict(SOLO, icons=[7])),
           ("start 2", dict(SOLO, start=2)), ("start true", dict(SOLO, start=True)),
           ("a float card", dict(SOLO, deck=[28.0])), ("a text kind", dict(SOLO, supply=["1"])),
           ("an unknown key", dict(SOLO, extra=1)), ("Jim Bot's row of 4",
                                                     dict(SOLO, hands=[[], [0, 1, 2, 3]]))]


@pytest.mark.parametrize("setup", [s for _, s in CRAFTED], ids=[n for n, _ in CRAFTED])
def test_the_probe_s_crafted_setups_are_refused_with_a_reason(setup):
    """The set-ups the probe found loading broken games, and their like: error.bad_setup, its
    reason short."""
    with pytest.raises(SetupError) as err:
        pygame_rules.new_game(GAME, 1, seed=0, options=BASES[0].options, setup=setup)
    assert err.value.msg_id == "error.bad_setup"
    assert 0 < len(err.value.params["why"]) <= 80
