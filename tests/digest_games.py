"""Play seeded games with a fixed policy and print their digests as JSON (CPython and Pyodide)."""

import hashlib
import json
import sys

import pygame_rules


GAMES = (("take-a-chord", (3, 4)), ("take-bamboo", (3, 6)), ("taktvoll", (3, 8)),
         ("rechord", (1, 5)))


def digests():
    """Digest of the final save of seeded games of every game, always playing the middle action."""
    out = {}
    for game, counts in GAMES:
        for players, seed in [(p, s) for p in counts for s in range(5)]:
            state = pygame_rules.new_game(game, players, seed=seed)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[len(legal) // 2])
            loaded = pygame_rules.load_state(state.to_json())
            assert loaded.to_json() == state.to_json()
            blob = state.to_json() + json.dumps(state.events, sort_keys=True)
            out["%s-%dp-%d" % (game, players, seed)] = [
                hashlib.sha256(blob.encode()).hexdigest(), state.scores()]
    return out


def report():
    """The Python version and the digests, as JSON text."""
    return json.dumps({"python": sys.version.split()[0], "games": digests()})
