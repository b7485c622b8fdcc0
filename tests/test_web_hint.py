"""Hints at the page (issue 20), in CPython: each table's `hint_targets` lights the elements a
person clicks to make a move, the session asks the worker from the person's own view and checks
its answer before anything is shown, hints are counted in the save and in the statistics.

The click test walks the selectors as a person would: each matches exactly one element of the
table's HTML as it is drawn at that step (with the half-made choice so far), and the table's own
`on_click` turns those clicks into exactly the hinted action."""

import json
import pathlib
import random
import sys

import pytest

import pygame_rules
from html_select import Tree, select

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import bot_worker  # noqa: E402
import render  # noqa: E402
from session_helpers import bots, table_step  # noqa: E402
import stats  # noqa: E402
import tables  # noqa: E402

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
GAMES = {"take-a-chord": (3, 4), "take-bamboo": (3, 5), "taktvoll": (3, 4), "rechord": (1, 2, 4)}
SAMPLE = {"rechord": 8}           # actions tried per position (Re-Chord's screen is slower to draw)


SCREENS = {}     # the screens drawn for the position in hand, by (table, seat, pending so far)


def screen(table, state, seat, pending):
    """The whole screen the seat sees, as the page draws it, parsed (once per position and
    half-made choice: every action tried from a position starts from the same screen)."""
    at = (state, len(state.history))              # (a state may move on in place)
    if SCREENS.get("at", (None, None))[0] is not state or SCREENS["at"][1] != at[1]:
        SCREENS.clear()
        SCREENS["at"] = at
    key = (id(table), seat, repr(pending))
    if key not in SCREENS:
        SCREENS[key] = drawn(table, state, seat, pending)
    return SCREENS[key]


def drawn(table, state, seat, pending):
    """The whole screen the seat sees, as the page draws it, parsed."""
    names = NAMES[:state.players] + [state.automaton_name(s) for s in state.automata]
    seats = [{"name": n, "kind": "human"} for n in names[:state.players]]
    ui = {"names": names, "pending": pending, "log_lines": []}
    return Tree(render.screen_html(table, state.view(seat), names, seats, ui))


def data_of(element):
    """An element's data-* attributes without "data-", as main.py reads them for a click."""
    return {k[5:]: v for k, v in element[1].items() if k.startswith("data-")}


def clicks_make(table, state, action):
    """Click the hint's elements in order; the action the table makes of them (asserting
    that each selector matches exactly one element when its turn comes)."""
    seat = state.current_player
    view = state.view(seat)
    selectors = table.hint_targets(action, view)
    assert selectors, action
    pending, made = None, None
    for i, selector in enumerate(selectors):
        tree = screen(table, state, seat, pending)
        found = select(tree, selector)
        assert len(found) == 1, (action, selector, pending, len(found))
        data = data_of(tree.elements[found[0]])
        assert data.get("action") not in ("cancel", "hint", "undo"), (action, selector)
        made, pending = table.on_click(data, view, pending)
        if i < len(selectors) - 1:
            assert made is None, (action, selector, made)
    return made


def positions(game_id, players, rng, count):
    """Random positions of a random game where a person (not an automaton) is to play."""
    state = pygame_rules.new_game(game_id, players, seed=rng.randrange(10**6))
    out = []
    while not state.is_over:
        legal = state.legal_actions()
        if state.current_player not in state.automata and rng.random() < 0.3:
            out.append(state.clone())
        state.apply(rng.choice(legal))
    rng.shuffle(out)
    return out[:count]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_of_real_positions_is_made_by_clicking_its_hint_targets(game_id):
    """For each legal action (up to 25 a position) of random positions in random games, the
    hint's selectors lead a person's clicks to exactly that action."""
    table = tables.table_for(game_id)
    rng, kinds, checked = random.Random(20), set(), 0
    for players in GAMES[game_id]:
        for _ in range(3):
            for state in positions(game_id, players, rng, 12):
                legal = state.legal_actions()
                for action in rng.sample(legal, min(SAMPLE.get(game_id, 25), len(legal))):
                    assert clicks_make(table, state, action) == action
                    kinds.add(action[0])
                    checked += 1
    assert checked > 100
    expected = {"take-a-chord": {"play"}, "take-bamboo": {"pass", "play"},
                "taktvoll": {"note", "draw"}, "rechord": {"supply", "chords"}}[game_id]
    assert expected <= kinds, kinds


def test_the_steps_of_taktvoll_and_the_decisions_of_take_are_lit_too():
    """Buttons that are not cards: Taktvoll's keep, pass, done and bonus bar line; TAKE's gift
    sides, accept and refuse, the trump winner's extra card; each from a real position."""
    rng = random.Random(3)
    wanted = {"taktvoll": {"keep", "pass", "done", "bar", "clef", "rest"},
              "take-bamboo": {"gift", "accept", "refuse", "extra"},
              "rechord": {"bag", "place", "return", "done", "skip", "claim", "decline"}}
    for game_id, kinds in wanted.items():
        table, seen = tables.table_for(game_id), set()
        for seed in range(60):
            state = pygame_rules.new_game(game_id, 3, seed=seed)
            while not state.is_over and seen < kinds:
                legal = state.legal_actions()
                for action in legal:
                    if action[0] in kinds - seen and state.current_player not in state.automata:
                        assert clicks_make(table, state, action) == action
                        seen.add(action[0])
                state.apply(rng.choice(legal))
            if seen >= kinds:
                break
        assert seen == kinds, (game_id, kinds - seen)


def test_a_hint_lights_nothing_it_does_not_know():
    """The frame's default, and each table given an action it does not have."""
    from tables import base
    assert base.hint_targets(("play", 1), {}) == []
    view = pygame_rules.new_game("rechord", 2, seed=1).view(0)
    assert tables.table_for("rechord").hint_targets(("jim",), view) == []
    assert tables.table_for("take-a-chord").hint_targets(("pass", 1, 2), view) == []


# --- the session: who may ask, what is asked, what is shown ----------------------------------------
MIA, LEO = {"name": "Mia", "kind": "human"}, {"name": "Leo", "kind": "human"}


def to_human(session):
    """Let bots play until it is a person's turn (closing round tables, revealing curtains)."""
    for _ in range(500):
        if not table_step(session):
            return session
    raise AssertionError("no person's turn")


def test_only_the_person_to_play_may_ask_and_never_behind_the_curtain():
    session = app.Session.start("take-a-chord", [MIA, LEO] + bots(1), seed=4)
    cur = session.state.current_player
    if cur in session.humans:
        assert session.curtain_for() == cur and session.hint_seat() is None
        session.reveal()
        assert session.hint_seat() == cur
    solo = to_human(app.Session.start("take-a-chord", [MIA] + bots(3), seed=4))
    assert solo.hint_seat() == 0
    solo.human_move(solo.state.legal_actions()[0])
    if solo.waiting_for_bot():
        assert solo.hint_seat() is None


def test_the_request_is_the_persons_own_view_at_hards_seed_and_at_most_a_second():
    session = to_human(app.Session.start("take-bamboo", [MIA] + bots(3), seed=9))
    request = session.hint_request(think=0)
    seat = session.hint_seat()
    assert json.loads(request["view"]) == json.loads(json.dumps(session.state.view(seat)))
    assert request["seat"] == seat and request["level"] == "hard" and request["think"] == 1.0
    assert request["seed"] == app.position_seed(session.state.seed, seat, request["moves"])
    assert session.hint_request(think=0.05)["think"] == 0.05
    assert session.hint_request(think=7)["think"] == 1.0


def worker_reply(session, think=0.05):
    """The worker's answer to the session's hint request (bot_worker.best_move, in CPython)."""
    request = session.hint_request(think)
    raw = bot_worker.best_move(request["view"], request["seat"], request["level"],
                               request["seed"], request["think"], request["explain"])
    return json.loads(raw), request["moves"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_workers_answer_is_shown_only_if_legal_and_for_this_position(game_id):
    players = 2 if game_id == "rechord" else 3
    session = to_human(app.Session.start(game_id, [MIA] + bots(players - 1), seed=12))
    reply, moves = worker_reply(session)
    assert reply["ok"] and reply["level"] == "hard"
    found = session.hint_found(reply, moves)
    assert isinstance(found, dict) and tuple(found["action"]) in session.state.legal_actions()
    from pygame_rules import hint
    lines = hint.words(hint.reasons(game_id, found, session.state.describe), "en")
    assert lines and session.state.describe(tuple(found["action"])) in lines[0]
    # refused: an illegal move, a stale answer, a failed one
    assert session.hint_found({**reply, "action": ["nope", 99]}, moves) == ("ui.hint.illegal", {})
    assert session.hint_found({**reply, "action": {"x": [1]}}, moves) == ("ui.hint.illegal", {})
    assert session.hint_found(reply, moves + 1) == ("ui.hint.stale", {})
    assert session.hint_found({"ok": False, "error": "x"}, moves) == ("ui.hint.failed", {})
    assert session.hint_found("garbage", moves) == ("ui.hint.failed", {})


def test_a_report_naming_an_illegal_candidate_is_dropped_but_the_move_stays():
    session = to_human(app.Session.start("take-a-chord", [MIA] + bots(3), seed=2))
    reply, moves = worker_reply(session)
    action = reply["action"]
    bad = {**reply, "report": {"candidates": [action, ["play", 999]], "chosen": 0,
                               "how": "search", "samples": 4, "value": [1, 0],
                               "score": [1, 0]}}
    assert session.hint_found(bad, moves) == {"action": action}
    wrong_choice = {**reply, "report": {**(reply["report"] or {}), "chosen": 99}}
    assert session.hint_found(wrong_choice, moves) == {"action": action}


def test_the_workers_effects_are_the_engines_and_bad_ones_are_left_out():
    """With `explain` the worker's report holds what the moves named set off (the engine's
    hint.explain, from the same view and seed); effects not shaped as the engine gives them are
    dropped from the hint, which keeps its move and its numbers."""
    from pygame_rules import hint
    session = to_human(app.Session.start("take-a-chord", [MIA] + bots(3), seed=2))
    reply, moves = worker_reply(session)
    request = session.hint_request(0.05)
    view = json.loads(request["view"])
    assert reply["report"]["effects"] == hint.explain("take-a-chord", view, reply["report"],
                                                      request["seed"])
    assert session.hint_found(reply, moves)["effects"] == reply["report"]["effects"]
    plain = json.loads(bot_worker.best_move(request["view"], request["seat"], "hard",
                                            request["seed"], 0.05))
    assert "effects" not in plain["report"]
    count = len(reply["report"]["candidates"])
    for bad in ("x", [None] * (count + 1), [[{"no": "type"}]] + [None] * (count - 1),
                [["event"]] + [None] * (count - 1)):
        found = session.hint_found({**reply, "report": {**reply["report"], "effects": bad}}, moves)
        assert "effects" not in found and found["candidates"] == reply["report"]["candidates"]


def test_hints_are_counted_per_person_and_kept_by_the_save():
    session = to_human(app.Session.start("take-a-chord", [MIA] + bots(3), seed=2))
    session.count_hint(0)
    session.count_hint(0)
    body = json.loads(session.to_save())
    assert body["hints"] == {"0": 2}
    again = app.Session.from_save(json.dumps(body))
    assert again.hints == {0: 2}
    assert app.Session.start("take-a-chord", [MIA] + bots(3), seed=2).hints == {}
    assert session.again(5).hints == {}


@pytest.mark.parametrize("hints", [
    {"1": 3}, {"0": -1}, {"0": True}, {"0": 1.5}, {"x": 1}, {"0": 10**9}, [1], "2",
    {"0": 1, "1": 1, "2": 1, "3": 1, "4": 1}, None])
def test_a_wrong_hints_field_counts_none_and_the_game_goes_on(hints):
    session = to_human(app.Session.start("take-a-chord", [MIA] + bots(3), seed=2))
    session.count_hint(0)
    body = json.loads(session.to_save())
    body["hints"] = hints
    again = app.Session.from_save(json.dumps(body))
    assert again.hints == {} and again.state.history == session.state.history


# --- statistics -----------------------------------------------------------------------------------------
def finished(hints, seed=3):
    """A finished game of a person against bots, with `hints` counted for the person."""
    session = app.Session.start("take-a-chord", [MIA] + bots(3), seed=seed)
    state = session.state
    while not state.is_over:
        state.apply(state.legal_actions()[0] if state.current_player else
                    random.Random(len(state.history)).choice(state.legal_actions()))
    return stats.results_of(state, session.seats, False, 1000, hints)


def test_results_record_the_hints_and_wins_with_hints_are_marked():
    mine = finished({0: 2})
    assert [r["hints"] for r in mine] == [2]
    assert finished(None)[0]["hints"] == 0
    result = dict(mine[0], won=True)
    data = stats.record(stats.empty(), [result, dict(result, hints=0), dict(result, won=False)])
    assert stats.from_text(stats.to_text(data)) == data
    assert stats.record_of(data, "take-a-chord", "Mia", 4) == {"played": 3, "won": 2, "hinted": 1,
                                                            "best": result["score"]}
    row = stats.table(data)[("take-a-chord", 4)]
    assert row["won"] == 2 and row["hinted"] == 1
    html = stats.table_html(data)
    assert "2 (1 with hints)" in html
    assert html.count('class="won hinted"') == 0            # (the table says it in words)
    chart = stats.chart_svg(data, "take-a-chord", "Mia", 4, "chart")
    assert chart.count('class="won hinted"') == 1 and chart.count('class="won"') == 1


def test_results_kept_before_hints_existed_still_load_as_no_hints():
    result = dict(finished({})[0])
    del result["hints"]
    raw = json.dumps({"format": stats.STATS_FORMAT, "version": stats.STATS_VERSION,
                      "results": [result]})
    data = stats.from_text(raw)
    assert data["results"][0]["hints"] == 0
    for bad in (-1, 10**7, True, "2", 1.0):
        with pytest.raises(stats.StatsError):
            stats.from_text(raw.replace('"at":', '"hints": %s, "at":' % json.dumps(bad)))
    with pytest.raises(stats.StatsError):
        stats.from_text(raw.replace('"at":', '"hinted": 1, "at":'))


def test_the_hint_box_and_the_button():
    from pygame_rules.messages import set_language
    box = render.hint_html([["Hint: C Bluesy. It leads to about 3.5 points.", "Then: a."],
                            ["other <b> would.", "then: b."], ["deals."]])
    assert 'class="teach hint"' in box and \
        "<strong>Hint: C Bluesy. It leads to about 3.5 points.</strong> Then: a." in box
    assert '<span class="hint-line">Other &lt;b&gt; would. Then: b.</span>' in box
    assert '<span class="hint-line">Deals.</span>' in box and 'data-action="hint-close"' in box
    assert render.hint_button(None) == ""
    assert 'aria-keyshortcuts="H"' in render.hint_button("")
    assert 'aria-busy="true"' in render.hint_button("thinking")
    try:
        set_language("ja")
        assert "ヒント" in render.hint_button("")
    finally:
        set_language("en")
