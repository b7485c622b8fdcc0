"""End to end under the page's Content Security Policy (issue 17): the built page loads and a
game of each title is played by clicks to its final screen in Debian's Chromium with no
`securitypolicyviolation` event, in the page or in the bots' worker, and no PyScript file is
fetched (the page starts Pyodide itself, static/boot.js). Take The "A" Chord is played whole from the start screen with
a searching bot (Normal), so the worker starts under the policy too; the other three continue a
saved game three quarters played, to keep the test short. The page checks of test_e2e_page apply
(no foreign request, no console error, no traceback); the policy itself is checked without a
browser in test_csp.py.
"""

import json
import random
import re
from urllib.parse import urlsplit

import pytest

import pygame_rules
from test_e2e_page import BOARDS, STEP, settle
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_e2e_rechord import Guitarist, play_to_end as play_rechord_to_end
from test_e2e_tables import saved

pytestmark = pytest.mark.e2e

# Every violation in the document, as the page saw it (a dedicated worker reports its own in
# its console, watched below).
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push({
  directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
  line: e.lineNumber, column: e.columnNumber, sample: e.sample}));
"""
# (game, players): Take The "A" Chord is played whole from the start screen with a Normal
# bot (the worker searches); the others, to keep the test short, from a saved game three quarters
# played (by random moves in CPython) against the heuristic bot to the final screen, by clicks.
GAMES = [("take-a-chord", 3), ("take-bamboo", 3), ("taktvoll", 3), ("rechord", 2)]
SEED = 17


def mostly_played(game, players, seed=SEED):
    """A saved page game of `game` three quarters played (seat 0 a person): random moves from the
    seed up to three quarters of the moves a random game of that seed lasts."""
    def played(limit):
        state, rng = pygame_rules.new_game(game, players, seed=seed), random.Random(seed)
        while not state.is_over and len(state.history) < limit:
            state.apply(rng.choice(state.legal_actions()))
        return state
    state = played(len(played(10_000).history) * 3 // 4)
    assert not state.is_over
    return saved(state, 0, ["Ana", "Bo", "Cy"][:players])


@pytest.fixture
def watched(table):  # noqa: F811  (the fixture imported above)
    """The page driver with every CSP violation recorded: the document's events (an init
    script), the workers' console lines about the policy, and failed responses."""
    table.context.add_init_script(RECORD_VIOLATIONS)
    table.worker_lines, table.failed = [], []
    table.page.on("worker", lambda w: w.on("console", lambda m: table.worker_lines.append(m)))
    table.context.on("response", lambda r: r.status >= 400 and table.failed.append(
        "%d %s" % (r.status, r.url)))
    return table


def violations(table):  # noqa: F811
    """The violations seen so far: the document's, then the workers' console lines."""
    found = table.page.evaluate("window.cspViolations")
    found += [m.text for m in table.worker_lines
              if "Content Security Policy" in m.text or "Content-Security-Policy" in m.text]
    return found


def shipped_policy(table):  # noqa: F811
    """The policy of the loaded page: {directive: [sources]} from its meta tag."""
    metas = table.page.eval_on_selector_all(
        'meta[http-equiv="Content-Security-Policy"]', "els => els.map(e => e.content)")
    assert len(metas) == 1, metas
    return {d.split()[0]: d.split()[1:] for d in metas[0].split(";") if d.strip()}


@pytest.mark.parametrize("game, players", GAMES, ids=[g[0] for g in GAMES])
def test_a_game_under_the_policy_has_no_violation(watched, game, players):
    """Load, open the rules and the settings, play to the final screen; no violation anywhere,
    the policy strict, no PyScript fetched, the worker started when bots search."""
    t = watched
    if game != "take-a-chord":      # the saved game is there at the first load (no reload)
        t.context.add_init_script("localStorage.setItem('encore.save', %s)"
                                  % json.dumps(mostly_played(game, players)))
    t.open(t.url + "?think=0.02")
    policy = shipped_policy(t)
    text = " ".join(" ".join(v) for v in policy.values())
    assert "'unsafe-inline'" not in text and "'unsafe-hashes'" not in text
    assert not re.search(r"'(?:sha256|sha384|sha512|nonce)-", text)
    assert policy["default-src"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"] and policy["connect-src"] == ["'self'", "ws:", "wss:"]
    t.page.click("#start-rules")                              # a dialog closed by its form
    t.page.click("#rules-dialog form.rules-close button")
    if game == "take-a-chord":
        t.start(players=players, seats=["human", "bot-normal", "bot-heuristic"], game=game,
                seed=str(SEED))
        t.page.click("[data-action=settings]")
        t.page.click("#settings-dialog button[value=close]")
    else:
        t.page.click("#continue-button")
        t.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    if game == "rechord":
        play_rechord_to_end(t, Guitarist(t, seed=17))
    else:
        t.play_to_end()
    assert t.board()[0] == "over"
    if game == "take-a-chord":
        assert t.page.evaluate("document.body.dataset.worker") == "ready"
    settle(t.page)                                            # a late report still counts
    assert violations(t) == []
    fetched = [urlsplit(u).path for u in t.requests]
    assert [p for p in fetched if "/pyscript/" in p] == []
    assert any(p.endswith("/static/boot.js") for p in fetched)
    if game == "take-a-chord":
        assert any(p.endswith("/static/bot-worker.js") for p in fetched)
    assert t.failed == []
