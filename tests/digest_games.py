"""Play seeded games with a fixed policy and print their digests as JSON (CPython and Pyodide)."""

import hashlib
import json
import sys

import pygame_rules


def digests():
    """Digest of the final save of games 3p and 4p, seeds 0..9, always playing the middle card."""
    out = {}
    for players in (3, 4):
        for seed in range(10):
            state = pygame_rules.new_game("take-a-chord", players, seed=seed)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[len(legal) // 2])
            loaded = pygame_rules.load_state(state.to_json())
            assert loaded.to_json() == state.to_json()
            blob = state.to_json() + json.dumps(state.events, sort_keys=True)
            out["%dp-%d" % (players, seed)] = [hashlib.sha256(blob.encode()).hexdigest(),
                                                state.scores()]
    return out


def report():
    """The Python version and the digests, as JSON text."""
    return json.dumps({"python": sys.version.split()[0], "games": digests()})
