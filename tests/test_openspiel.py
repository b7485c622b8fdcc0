"""The four games in OpenSpiel (pygame_rules/openspiel.py): OpenSpiel's own checks on every game
at its smallest and largest table and with options changed, the round trips of its
serialisation, the observers, the seats the engine plays, and its ISMCTS as a rival bot."""

import io
import json
import random
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: it has no wheel for this platform "
    "(pip install .[openspiel] where it has; macOS on Intel has none)")

from engine_helpers import FakeClock                                   # noqa: E402
from pygame_rules import IllegalAction, new_game, tournament          # noqa: E402
from pygame_rules import openspiel as osp                             # noqa: E402
from pygame_rules.actions import action_space                         # noqa: E402
from pygame_rules.cli import main as cli_main                         # noqa: E402
from pygame_rules.core import GAMES, SetupError                       # noqa: E402

CHANGED = {            # options other than the defaults, one table each
    "take-a-chord": {"blocked_improvisation_changes_key": False,
                     "non_player_pair_changes_key": True},
    "take-bamboo": {"deck": "six", "trump": "4", "trick_extra": "none", "penalty": "trick_winner"},
    "taktvoll": {"variant": "both", "rests": False, "start_player": "random",
                 "hide_hand_sizes": False},
    "rechord": {"difficulty": "touring", "face_down_scores": True, "setlist": "arena",
                "supply_size": 5, "lead_scoring": "linear", "start_player": "seat0"},
}
TABLES = [(g, n, {}) for g in GAMES for n in sorted({GAMES[g].min_players,
                                                      GAMES[g].max_players})] + \
    [(g, 3, CHANGED[g]) for g in GAMES]


def table_id(table):
    """A test id: game, players and whether the options are changed."""
    game_id, players, options = table
    return "%s-%dp%s" % (game_id, players, "-options" if options else "")


def played(game, seed, moves=None):
    """A state of `game` after its deal (seed) and `moves` random moves (None: to the end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    while not state.is_terminal() and (moves is None or moves > 0):
        state.apply_action(rng.choice(state.legal_actions()))
        moves = None if moves is None else moves - 1
    return state


# --- registration -------------------------------------------------------------------------------
def test_every_game_is_registered_with_its_tables_and_options_as_parameters():
    """Each game is `python_encore_<id>`, loadable by name with its players and options; its
    type and sizes say what the engine is (chance once, hidden cards, shares of the win)."""
    names = set(pyspiel.registered_names())
    for game_id, game in GAMES.items():
        name = osp.short_name(game_id)
        assert name in names
        loaded = pyspiel.load_game(name)
        gtype, params = loaded.get_type(), loaded.get_parameters()
        assert params["players"] == min(4, game.max_players) and params["seeds"] == 65536
        assert {o.name for o in game.options} <= set(params)
        assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert (gtype.min_num_players, gtype.max_num_players) == (game.min_players,
                                                                  game.max_players)
        assert loaded.num_distinct_actions() == action_space(game_id).size
        assert loaded.max_chance_outcomes() == 65536
        assert (loaded.min_utility(), loaded.max_utility()) == (0.0, 1.0)
        assert loaded.max_game_length() == game.part("space").max_moves(
            loaded.num_players(), game.resolve_options(None))
        constant = game_id != "rechord"
        assert (gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM) is constant
        assert (gtype.utility == pyspiel.GameType.Utility.GENERAL_SUM) is not constant
    custom = pyspiel.load_game("python_encore_take_bamboo(players=6,deck=six,seeds=8,trump=4)")
    assert custom.num_players() == 6 and custom.max_chance_outcomes() == 8
    assert custom.options["deck"] == "six" and custom.options["trump"] == "4"
    assert pyspiel.load_game("python_encore_take_bamboo").options["trump"] == "random"
    assert pyspiel.load_game("python_encore_take_bamboo(trump=0)").options["trump"] == "random"


def test_a_bad_table_or_option_is_refused_at_load_with_the_engines_reason():
    """Players out of range or an option value the game does not have: refused when loading."""
    with pytest.raises(SetupError, match="3–4 players, not 5"):
        osp.load("take-a-chord", 5)
    with pytest.raises(SetupError, match="deck"):
        osp.load("take-bamboo", 4, deck="twelve")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_encore_taktvoll(colours=4)")
    with pytest.raises(SetupError, match="deal seeds must be at least 1, not 0"):
        osp.load("taktvoll", 4, seeds=0)
    with pytest.raises(SetupError, match="Re-Chord can go on for ever.*anti_stall"):
        osp.load("rechord", 2, anti_stall=False)


# --- OpenSpiel's own checks ---------------------------------------------------------------------
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_random_sim_test_passes_with_serialisation(table):
    """pyspiel.random_sim_test, serialising and reloading along the way: legal actions in
    order and unique in words, clones equal, returns within bounds and summing as declared,
    observations of a fixed size, games no longer than max_game_length."""
    game_id, players, options = table
    game = osp.load(game_id, players, **options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_serialize_game_and_state_round_trips(table):
    """serialize_game_and_state then deserialize gives the same game and position, at the deal,
    mid-game and at the end, and the reloaded game plays on exactly as the original."""
    game_id, players, options = table
    game = osp.load(game_id, players, **options)
    for seed, moves in ((1, 0), (2, 17), (3, None)):
        state = played(game, seed, moves)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game) and str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.engine.to_json() == state.engine.to_json()
        rng = random.Random(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            assert state2.legal_actions() == state.legal_actions()
            state.apply_action(action)
            state2.apply_action(action)
        assert state2.is_terminal() and state2.returns() == state.returns()
        assert state.returns() == osp.win_shares(state.engine.winners(), players)
        if players > 1:
            assert sum(state.returns()) == pytest.approx(1.0)


def test_the_chance_node_is_the_deal_seed_and_the_rest_follows_from_it():
    """One chance node chooses the seed; the same seed and actions make the same game as the
    engine's own new_game, later deals included (no chance node after the first move)."""
    game = osp.load("take-a-chord", 4)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 65536
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 77) == "deal seed 77"
    state.apply_action(77)
    engine = new_game("take-a-chord", 4, seed=77)
    rng = random.Random(0)
    while not state.is_terminal():
        assert not state.is_chance_node()
        action = rng.choice(state.legal_actions())
        engine.apply(game.space.action(action))
        state.apply_action(action)
        assert state.engine.view(None) == engine.view(None)
    assert state.returns() == osp.win_shares(engine.winners(), 4)


def test_actions_are_numbered_as_the_engine_names_them():
    """Legal actions are the engine's, numbered by pygame_rules.actions and in words from its
    describe with the action itself; an action number the position has not is refused."""
    game = osp.load("take-bamboo", 4)
    state = played(game, 5, 0)
    legal = state.legal_actions()
    engine = state.engine
    assert [game.space.action(a) for a in legal] == sorted(
        engine.legal_actions(), key=game.space.number)
    action = legal[0]
    words = state.action_to_string(state.current_player(), action)
    assert words.startswith(engine.describe(game.space.action(action)))
    assert "pass" in words
    with pytest.raises(IllegalAction):
        state.apply_action(game.space.number(("gift", "left")))


# --- observers ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_observation_is_the_view_and_the_information_state_its_whole_log(game_id):
    """The observation string is the seat's view, its tensor the game's tensor of that view;
    the information state is the seat's redacted log and view: every decision point of a seat
    has its own, and each one's log goes on from the seat's previous one (perfect recall)."""
    game = osp.load(game_id, 3)
    kit = GAMES[game_id].part("space")
    rng = random.Random(4)
    state = played(game, 4, 0)
    seen = [set() for _ in range(3)]
    logs = [[] for _ in range(3)]
    while not state.is_terminal():
        seat = state.current_player()
        engine = state.engine
        view = engine.view(seat)
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(view))
        tensor = state.observation_tensor(seat)
        assert tensor == pytest.approx(kit.observation_tensor(view, 3, game.options))
        info = state.information_state_string(seat)
        log = json.loads(info)["log"]
        assert log == json.loads(json.dumps(engine.events_for(seat)))
        assert log[:len(logs[seat])] == logs[seat] and len(log) > len(logs[seat])
        logs[seat] = log
        assert info not in seen[seat]
        seen[seat].add(info)
        state.apply_action(rng.choice(state.legal_actions()))
    assert all(seen)


def test_the_information_state_hides_what_the_seat_may_not_see():
    """In TAKE's passing, a seat's information state holds its own passed cards and not the
    others' before they are shown (the observer's redaction), unlike a spectator's table."""
    game = osp.load("take-bamboo", 4)
    state = played(game, 9, 0)
    first = state.current_player()
    passed = game.space.action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    second = state.current_player()
    assert second != first and state.engine.phase == "pass"
    own = json.loads(state.information_state_string(first))["log"]
    other = json.loads(state.information_state_string(second))["log"]
    assert json.dumps(own) != json.dumps(other)
    assert any(e.get("cards") == list(passed[1:]) or e.get("left") == passed[1] for e in own), own
    assert not any(e.get("cards") == list(passed[1:]) or e.get("left") == passed[1]
                   for e in other if e.get("seat") == first), other


# --- seats the engine plays ---------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", ["session", "legend"])
def test_jim_bot_plays_inside_apply_action_in_the_solo_game(difficulty, monkeypatch):
    """Solo Re-Chord is a one-player OpenSpiel game: Jim Bot's steps (at Legend his choices,
    by the engine's bot for him, seeded from the position, its search capped at 8 playouts a
    move here) are played inside apply_action, so the player is always seat 0; a clone plays
    them identically."""
    from pygame_rules.games.rechord import infoset
    from pygame_rules.games.rechord.cards import LEGEND_BOT
    monkeypatch.setitem(infoset.LEVELS, LEGEND_BOT, 8)
    game = osp.load("rechord", 1, difficulty=difficulty)
    assert game.num_players() == 1
    state = played(game, 3, 0)
    assert (state.engine.automaton_bot(1) is None) is (difficulty != "legend")
    rng = random.Random(3)
    twin, later = None, []
    while not state.is_terminal():
        assert state.current_player() == 0
        if len(state.history()) == 24:   # (late: at Legend the twin searches every step again)
            twin = state.clone()
        action = rng.choice(state.legal_actions())
        if twin is not None:
            later.append(action)
        state.apply_action(action)
    players_moves = len(state.history()) - 1           # the deal is OpenSpiel's first move
    assert len(state.engine.history) > players_moves   # Jim Bot's moves are the rest
    for action in later:
        twin.apply_action(action)
    assert str(twin) == str(state) and twin.engine.history == state.engine.history
    assert state.returns() in ([0.0], [1.0])


# --- OpenSpiel's ISMCTS as our rival ------------------------------------------------------------
def test_the_ismcts_bot_plays_from_a_view_and_is_repeatable_without_a_clock():
    """The rival is a bot like ours, choose(view, legal, rng): it returns a legal engine
    action; with a simulation cap and a seed, the same move every time."""
    state = new_game("take-a-chord", 4, seed=11)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    view, legal = state.view(state.current_player), state.legal_actions()
    moves = {osp.ismcts_bot("take-a-chord", 4, simulations=30, seed=2)(
        view, legal, random.Random(1)) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(legal)
    bot = osp.ismcts_bot("take-a-chord", 4, simulations=30, seed=2)
    bot(view, legal, random.Random(1))
    assert bot.last_playouts == 30
    assert bot(view, legal[:1], random.Random(1)) == legal[0] and bot.last_playouts == 0
    dealt = bot.dealt(view)          # a search's deal (no history) serialises as itself
    game2, dealt2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(dealt.get_game(), dealt))
    assert str(dealt2) == str(dealt) and dealt2.engine.view(state.current_player) == view


def test_the_ismcts_bot_keeps_to_its_clock(monkeypatch):
    """Given seconds, it searches (uncapped) until the clock passes them: with a stand-in clock
    moving 10 ms a reading, a 0.1 s budget lasts about ten simulations."""
    state = new_game("take-bamboo", 4, seed=2)
    while state.phase == "pass":
        state.apply(state.legal_actions()[0])
    bot = osp.ismcts_bot("take-bamboo", 4, simulations=10 ** 9, seconds=0.1, seed=1)
    clock = FakeClock(0.01)
    monkeypatch.setattr(osp, "time", clock)
    action = bot(state.view(state.current_player), state.legal_actions(), random.Random(1))
    assert action in state.legal_actions()
    # read once for the deadline, then before each simulation after the first two
    assert 9 <= bot.last_playouts <= 12 and clock.readings == bot.last_playouts


@pytest.mark.parametrize("game_id", ["take-bamboo", "take-a-chord"])
def test_the_ismcts_bot_survives_a_clock_shorter_than_one_simulation(monkeypatch, game_id):
    """A clock already past its budget at the first reading still gets the simulations a
    policy needs (at least two, the root visited below), and a legal move (issue 47: after one
    simulation OpenSpiel's get_final_policy failed `assert node.total_visits > 0`)."""
    state = new_game(game_id, 4, seed=2)
    while len(state.legal_actions()) < 2 or getattr(state, "phase", "") == "pass":
        state.apply(state.legal_actions()[0])
    bot = osp.ismcts_bot(game_id, 4, simulations=10 ** 9, seconds=0.001, seed=1)
    monkeypatch.setattr(osp, "time", FakeClock(10.0))
    for seed in range(3):
        action = bot(state.view(state.current_player), state.legal_actions(),
                     random.Random(seed))
        assert action in state.legal_actions()
        assert bot.last_playouts >= osp.MIN_SIMULATIONS


def test_a_tournament_seats_openspiel_ismcts_beside_our_bots(monkeypatch):
    """`--seats ...,openspiel-ismcts` plays whole games; its row and its search line appear."""
    monkeypatch.setattr(tournament, "RIVAL_SIMULATIONS", 8)
    out = io.StringIO()
    assert cli_main(["tournament", "take-a-chord", "--seats", "openspiel-ismcts,heuristic,random",
                     "--games", "2", "--seed", "3"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert "openspiel-ismcts" in lines[1] and "±" in lines[1]
    assert any(line.startswith("  search: 1. openspiel-ismcts, 8 playouts") for line in lines)


def test_the_tournament_says_what_to_install_when_openspiel_is_missing(monkeypatch):
    """Without OpenSpiel the seat kind is refused with the command that installs it."""
    monkeypatch.setitem(sys.modules, "pygame_rules.openspiel", None)
    out = io.StringIO()
    assert cli_main(["tournament", "take-a-chord", "--seats", "openspiel-ismcts,random,random",
                     "--games", "1"], stdout=out) == 2
    assert "pip install .[openspiel]" in out.getvalue()


def test_per_move_seconds_puts_every_search_on_the_same_clock():
    """--per-move-seconds: our search plays by the clock, its playouts uncapped, and the
    report says how long each searching seat took a move."""
    out = io.StringIO()
    assert cli_main(["tournament", "taktvoll", "--seats", "hard,heuristic,heuristic", "--games",
                     "1", "--per-move-seconds", "0.05"], stdout=out) == 0
    line = next(x for x in out.getvalue().splitlines() if x.startswith("  search: 1. hard"))
    per_move = float(line.split(" s a move")[0].rsplit(" ", 1)[1])
    assert 0.03 <= per_move <= 0.15, line
    bot = tournament.seat_bot("taktvoll", "hard", 3, None, "s", seconds=0.05)
    assert bot.choose.seconds == 0.05 and bot.choose.playouts == tournament.UNCAPPED
