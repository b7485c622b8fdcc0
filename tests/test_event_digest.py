"""The engines' events, pinned (issue 21): seeded games played by fixed policies give the same
events, final saves and scores as recorded before any speed work, so a faster engine is the
same engine. The record is tests/fixtures/event_digests.json; regenerate it only for a rule
change that a rulebook test justifies:

    python tests/test_event_digest.py > tests/fixtures/event_digests.json
"""

import functools
import hashlib
import json
import pathlib
import random
import sys

import pytest

import pygame_rules
from digest_games import GAMES, digests

RECORD = pathlib.Path(__file__).resolve().parent / "fixtures" / "event_digests.json"
RANDOM_GAMES = 5          # per table: games where every move is a seeded random choice
RECORDED = json.loads(RECORD.read_text()) if RECORD.is_file() else {}


def random_digests():
    """Digest of the events and final save of seeded games played by seeded random choices."""
    out = {}
    for game, counts in GAMES:
        for players in counts:
            for seed in range(RANDOM_GAMES):
                state = pygame_rules.new_game(game, players, seed=100 + seed)
                rng = random.Random(seed)
                while not state.is_over:
                    state.apply(rng.choice(state.legal_actions()))
                blob = state.to_json() + json.dumps(state.events, sort_keys=True)
                out["%s-%dp-r%d" % (game, players, seed)] = [
                    hashlib.sha256(blob.encode()).hexdigest(), state.scores()]
    return out


@functools.lru_cache(maxsize=1)
def record():
    """Every pinned game's digest and scores (played once per run)."""
    return {**digests(), **random_digests()}


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_a_pinned_game_gives_the_same_events_as_recorded(key):
    """Each pinned game's events, final save and scores are as recorded."""
    assert record()[key] == RECORDED[key]


def test_the_record_covers_every_game_at_its_smallest_and_largest_table():
    """Middle-move and random games of every game at both table sizes are pinned."""
    keys = RECORDED
    for game, counts in GAMES:
        for players in counts:
            assert sum(k.startswith("%s-%dp-" % (game, players)) for k in keys) == 10


if __name__ == "__main__":
    sys.stdout.write(json.dumps(record(), indent=1, sort_keys=True) + "\n")
