"""Jim Bot is an ordinary seat: each step of his turn is a position whose current player is his
seat (1) with one legal action, ("jim",), played through `apply` like any move, so it is in the
history and the save; views of each step; version-1 saves (no steps) migrated; bots, the search
and tournaments play his seat without asking any bot."""

import json
import os
import random

import pytest

import pygame_rules
from engine_helpers import snapshot
from pygame_rules import IllegalAction, tournament
from pygame_rules.bots import AUTOMATON, bot_action, make_bot, with_automata
from pygame_rules.core import SAVE_VERSION, _checksum
from pygame_rules.games.rechord import infoset, jim
from pygame_rules.games.rechord.cards import PURPLE, RED
from pygame_rules.search import SearchBot
from rechord_helpers import board, card, done, jim_plays, play, solo, sp

STEP = ("jim",)
FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "saves_v1",
                       "rechord-1p.json")


def purple_turn():
    """Jim Bot to play first: his Purple icon (by APP on A2), its reveal of the Red on E2, and
    that Red's removal of the human's White on A3: three steps."""
    return solo("?R@E2 W@A3 ?B@E4", supply="P R B", human="W", icons="P", start=1,
                steps=False)


def types_since(state, start):
    """The event types logged since index `start`."""
    return [e["type"] for e in state.events[start:]]


# --- his turn is a series of positions --------------------------------------------------------
def test_his_turn_is_a_series_of_positions_of_his_seat_each_with_one_legal_action():
    """Each step: his seat to play, ("jim",) its only action, the view's phase 'jim'; applying
    it does one step (the board changes at most once) and goes into the history."""
    state = purple_turn()
    assert state.automata == (1,) and state.history == []
    seen = []
    while state.current_player == 1:
        assert state.legal_actions() == [STEP] and state.phase == "jim"
        mark = len(state.events)
        state.apply(STEP)
        seen.append(types_since(state, mark))
    assert seen == [["jim_icon", "place"], ["jim_ability", "reveal"],
                    ["jim_ability", "to_bag", "turn"]]
    assert state.history == [STEP] * 3 and state.current_player == 0
    assert board(state) == "R@E2 P@A2 ?B@E4"


def test_the_human_claims_between_his_steps_and_then_he_goes_on():
    """His Red by APP on D2 completes the human's Em-1: the human's claim window is a position
    between his steps (his turn still on), then his seat is to play again."""
    state = solo("W@A2 B@E2", supply="R B P", hand="Em-1", human="G", icons="R", start=1,
                 steps=False)
    state.apply(STEP)
    assert board(state) == "B@E2 W@A2 R@D2"
    assert state.current_player == 0 and state.phase == "jim" and state.active == 1
    assert state.legal_actions() == [("claim", card("Em-1")), ("decline",)]
    play(state, "claim Em-1", steps=False)
    assert done(state, 0) == ["Em-1"] and state.current_player == 1
    assert state.legal_actions() == [STEP]
    mark = len(state.events)
    state.apply(STEP)                              # his Red finds no Green to remove
    assert types_since(state, mark) == ["jim_ability", "turn"] and state.current_player == 0


def test_a_move_of_another_kind_at_his_step_is_refused_and_his_step_at_yours():
    """At his step anything else is refused with a reason; ("jim",) at a guitarist's step
    too; nothing changes."""
    state = purple_turn()
    before = snapshot(state)
    for action in [("bag",), ("supply", PURPLE, sp("D1")), ("skip",), ("claim", 0)]:
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.msg_id == "rc.refuse.phase.jim" and "Jim Bot" in err.value.message
    assert snapshot(state) == before
    jim_plays(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(STEP)
    assert err.value.msg_id == "rc.refuse.phase.turn"
    assert state.describe(STEP) == "Jim Bot's next step"


def test_the_view_of_each_step_for_the_human_for_his_seat_and_for_a_spectator():
    """The human's view: his seat to play, nothing legal for her, his genres hidden; his own
    seat's view: his open row as his hand, his genres, his step as its one legal action, his
    face-down bag pick known to him only."""
    state = solo("R@E3 R@D3 G@G3", supply="B B B", row="C-1 G-1", human="R", jim="B",
                 icons="bag", draws="W", start=1, steps=False)
    state.apply(STEP)                              # his bag pick, face down by APP on A3
    human, his, nobody = state.view(0), state.view(1), state.view(None)
    assert human["current_player"] == his["current_player"] == 1
    assert human["phase"] == his["phase"] == nobody["phase"] == "jim"
    assert human["legal"] == [] and nobody["legal"] == [] and his["legal"] == [["jim"]]
    assert human["genres"] == [RED] and his["genres"] == [2] and nobody["genres"] == []
    assert his["hand"] == his["jim_row"] == human["jim_row"] == sorted(card(c) for c in
                                                                        ("C-1", "G-1"))
    assert his["song"] is None and his["seat"] == 1
    a3 = sp("A3")
    assert his["board"][a3] == [0, 0] and human["board"][a3] == [None, 0]
    assert all(e.get("kind") is None for e in state.events_for(0) if e["type"] == "place"
               and e["seat"] == 1 and not e["up"])
    with pytest.raises(pygame_rules.SetupError):
        state.view(2)


# --- saves ------------------------------------------------------------------------------------
def v1_save(state):
    """The version-1 save an older page would have made of this game: no steps of Jim Bot."""
    body = json.loads(state.to_json())
    body["version"] = 1
    body["actions"] = [a for a in body["actions"] if a != list(STEP)]
    body["check"] = _checksum(body)
    return json.dumps(body)


@pytest.mark.parametrize("seed", range(6))
def test_a_version_1_save_is_migrated_with_his_steps_where_he_is_to_move(seed):
    """Loading a v1 save plays his steps before and after each saved action: the same history,
    events and position as the game played today; it saves again as version 2."""
    state = pygame_rules.new_game("rechord", 1, seed=seed,
                                  options={"difficulty": ("beginner", "session", "touring")
                                           [seed % 3]})
    rng = random.Random(seed)
    for _ in range(rng.randrange(20, 200)):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    jim_plays(state)
    loaded = pygame_rules.load_state(v1_save(state))
    assert loaded.history == state.history and loaded.events == state.events
    assert snapshot(loaded) == snapshot(state)
    assert json.loads(loaded.to_json())["version"] == SAVE_VERSION


def test_a_version_1_save_whose_game_starts_with_his_turn_plays_it_first():
    """A set-up with Jim Bot first (start 1): his steps come before the first saved action."""
    state = purple_turn()
    jim_plays(state)
    play(state, "chords", "done")
    assert state.history[:3] == [STEP] * 3
    loaded = pygame_rules.load_state(v1_save(state))
    assert loaded.history == state.history and snapshot(loaded) == snapshot(state)


def test_the_kept_v1_fixture_loads_with_his_steps_in_the_history():
    """The solo fixture made by the old main: his steps are in the migrated history, and the
    version-2 save of it loads to the same state."""
    with open(FIXTURE, encoding="utf-8") as f:
        rec = json.load(f)
    state = pygame_rules.load_state(rec["engine"])
    saved = json.loads(rec["engine"])["actions"]
    assert STEP in state.history and [list(a) for a in state.history if a != STEP] == saved
    view = state.view(0)                 # the view has grown since (the observer's facts)
    kept = dict(rec["view0"], options=dict(rec["view0"]["options"], jim_strength="classic"))
    assert {k: view[k] for k in rec["view0"]} == kept    # an older save: Jim Bot as he was
    assert "jim_strength" not in json.loads(rec["engine"])["options"]
    again = pygame_rules.load_state(state.to_json())
    assert snapshot(again) == snapshot(state)


# --- bots, the search, tournaments ------------------------------------------------------------
def test_bot_action_plays_his_step_without_asking_a_bot_or_drawing_a_random_number():
    """At his seat `bot_action` plays his one action whatever bot is passed, and no bot's
    random generator moves."""
    state = purple_turn()
    bot = make_bot("rechord", "random", seed=4)
    before = bot.rng.getstate()
    assert bot_action(state, bot) == STEP and bot_action(state, AUTOMATON) == STEP
    assert bot.rng.getstate() == before
    assert with_automata(state, [bot]) == [bot, AUTOMATON]
    assert AUTOMATON.act(None, [STEP]) == STEP


def test_at_legend_his_seat_gets_the_search_and_plays_the_same_moves_for_the_same_seeds():
    """HR-29: with_automata seats the search the game names at his seat (without its clock for
    tournaments: its playout cap makes it repeatable); bot_action asks it, from his own view;
    the same seeds give the same game."""
    def opening(moves=40):
        state = pygame_rules.new_game("rechord", 1, seed=11, options={"difficulty": "legend"})
        bots = with_automata(state, [make_bot("rechord", "heuristic", seed=1)], seed=2,
                             clock=False)
        assert bots[1].name == "normal" and bots[1].choose.seconds is None
        his = 0
        while len(state.history) < moves and not state.is_over:
            his += state.current_player == 1
            state.apply(bot_action(state, bots[state.current_player]))
        return state.history, his
    first, his = opening()
    assert his >= 5 and ("jim",) not in first and opening() == (first, his)


class Spy(SearchBot):
    """A capped search that records every seat it is asked to move for."""

    asked = []

    def __call__(self, view, legal, rng):
        """Record the seat, then search."""
        Spy.asked.append(view["seat"])
        return super().__call__(view, legal, rng)


def test_the_search_is_never_asked_to_move_for_his_seat():
    """A solo game of the search bot: it searches the guitarist's moves only."""
    Spy.asked = []
    spy = Spy("rechord", playouts=12, guide=make_bot("rechord", "heuristic").choose)
    bot = make_bot("rechord", "heuristic", seed=1)
    bot.choose = spy
    state = pygame_rules.new_game("rechord", 1, seed=9)
    bots = with_automata(state, [bot])
    steps = 0
    while not state.is_over and state.turns < 12:
        steps += state.current_player == 1
        state.apply(bot_action(state, bots[state.current_player]))
    assert steps > 5 and Spy.asked and set(Spy.asked) == {0}


def test_a_search_state_plays_his_steps_as_the_real_state_does():
    """At each of his steps a search state (a clone without events) comes out of his step
    equal to the real state; a resampled deal plays on to the playouts' horizon."""
    state = pygame_rules.new_game("rechord", 1, seed=21, options={"difficulty": "touring"})
    rng = random.Random(21)
    compared = 0
    while not state.is_over:
        if state.current_player == 1:
            fast = state.clone(keep_events=False)
            fast.apply(STEP)
            state.apply(STEP)
            real, other = snapshot(state), snapshot(fast)
            for key in ("history", "events"):
                real.pop(key), other.pop(key)
            assert other == real
            compared += 1
            continue
        done = infoset.horizon(state)
        det = infoset.resample(state, 0, random.Random(compared))
        while det.current_player is not None and not done(det):
            det.apply(det.legal_actions()[0])
        assert det.current_player != 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert compared > 30


def test_the_playouts_horizon_waits_for_a_guitarists_decision_past_his_steps():
    """Searched from a claim window in his turn, the horizon (two turns ended) falls at the
    start of his next turn: the playout goes on through his steps, as when his whole turn ran
    inside the guitarist's move, and stops at the guitarist's next decision."""
    state = solo("W@A2 B@E2", supply="R B P", hand="Em-1", human="G", icons="R R R", start=1,
                 deck="C-1 C-2 C-3 C-4", steps=False)
    state.apply(STEP)
    assert state.current_player == 0 and state.active == 1      # her window in his turn
    done = infoset.horizon(state)
    det = state.clone(keep_events=False)
    play(det, "claim Em-1", STEP, "chords", "done", steps=False)
    assert det.turns == state.turns + infoset.TURNS_AHEAD and det.current_player == 1
    assert not done(det)
    jim_plays(det)
    assert det.current_player == 0 and done(det)


def test_a_tournament_reads_his_total_through_the_contract():
    """The tournament seats the automaton at his seat and reports his totals from
    `seat_scores()`, named with his difficulty in words (issue 45, item 8: it was the option's
    id, "Jim Bot (touring)", in the statistics too)."""
    result = tournament.run("rechord", ["heuristic"], 2, seed=3,
                            options={"difficulty": "touring"})
    assert [name for name, _ in result["automata"]] == ["Jim Bot (Touring Rockstar)"]
    totals = result["automata"][0][1]
    assert len(totals) == 2
    state, _, _ = tournament.play_one("rechord", ["heuristic"], 0, 3, {"difficulty": "touring"})
    assert state.seat_scores()[1] == totals[0] == state.view(0)["final"][1]["total"]
    lines = []
    tournament.report(lambda msg, params: lines.append((msg, params)), "rechord",
                      ["heuristic"], 2, 3, result)
    assert [m for m, _ in lines].count("cli.tour.automaton") == 1
    multi = tournament.run("rechord", ["heuristic", "random"], 1, seed=3)
    assert multi["automata"] == []


def test_his_decisions_are_functions_of_the_state():
    """jim.py holds his decisions: APP, the human's colour, the chord move (priority 1b)."""
    state = solo("W@A2", supply="R B P", row="Em-1", human="G", steps=False)
    assert jim.human_colour(state) == 5 and jim.app_space(state) == sp("E2")
    assert jim.chord_move(state) == (RED, sp("D2"))
