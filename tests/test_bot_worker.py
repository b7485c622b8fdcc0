"""The bots' worker (web/bot_worker.py) and the page's side of the bot levels, in CPython.

The worker module runs in a PyScript worker in the page; here it is imported without pyscript
and its `best_move` is driven exactly as the page (`worker.py`, `bots.py`) drives it: the request comes from
`app.Session.bot_request` and holds the seat's view only, the JSON answer goes back through
`Session.bot_reply`.
"""

import json
import pathlib
import random
import subprocess
import sys

import pytest

import pygame_rules
from pygame_rules import bots, search
from pygame_rules.messages import text

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import answers  # noqa: E402
import saves  # noqa: E402
import bot_worker  # noqa: E402
import shell  # noqa: E402

GAMES = [("take-a-chord", 4), ("take-bamboo", 4), ("taktvoll", 4), ("rechord", 2)]
THINK = 0.01


def bot_seats(players, level):
    """Every seat a bot of `level`."""
    return [{"name": "B%d" % i, "kind": "bot", "bot": level} for i in range(players)]


def view_of(state, seat=None):
    """The JSON of a seat's view (by default the seat to play's), as the page sends it."""
    return json.dumps(state.view(state.current_player if seat is None else seat))


def midgame(game_id, players, seed, moves=12):
    """A state some random moves into a game."""
    import random
    state = pygame_rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_worker_module_imports_without_pyscript_and_exports_best_move():
    """In a fresh interpreter with the engine on the path, the module loads and never touches
    pyscript or the DOM; it exports best_move (and warm_up)."""
    code = ("import sys; sys.path[:0] = [%r, %r]\n"
            "import bot_worker\n"
            "assert 'pyscript' not in sys.modules and 'js' not in sys.modules\n"
            "print(bot_worker.__export__, bot_worker.warm_up())\n"
            % (str(ROOT / "web"), str(ROOT)))
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    exported, ready = done.stdout.split("] ", 1)
    assert "best_move" in exported and "warm_up" in exported
    assert set(json.loads(ready)) == set(pygame_rules.GAMES)
    for name in bot_worker.__export__:
        assert callable(getattr(bot_worker, name))


@pytest.mark.parametrize("game_id,players", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "heuristic", "random"])
def test_best_move_answers_a_legal_move_for_the_seat_to_play(game_id, players, level):
    """From the seat's view, each level answers a legal move for the seat to play, as JSON;
    the search levels say how many playouts they used, within their cap, and their clock (the
    level's, capped at the think setting)."""
    state = midgame(game_id, players, "w-%s" % level)
    reply = json.loads(bot_worker.best_move(view_of(state), state.current_player, level, 5,
                                            THINK))
    assert reply["ok"] and reply["level"] == level
    assert answers.as_action(reply["action"]) in state.legal_actions()
    if level in ("normal", "hard"):
        assert reply["seconds"] == min(THINK, search.SECONDS[level])
        assert 0 <= reply["playouts"] <= reply["cap"]
    if level in ("normal", "hard") and len(state.legal_actions()) > 1:
        assert reply["playouts"] >= 1
    else:
        assert reply["playouts"] == 0


def test_jim_bots_seat_never_asks_the_worker():
    """At Jim Bot's seat (1) of a solo game the page's session has no thinking bot to ask: the
    automaton plays his one action on the main thread."""
    session = app.Session.start("rechord", bot_seats(1, "hard"), seed="jim-worker")
    state = session.state
    while state.current_player != 1:
        state.apply(state.legal_actions()[0])
    assert session.waiting_for_bot() and not session.bot_thinks()
    assert session.bot_move() == ("jim",)


def test_the_think_cap_bounds_the_search_and_the_level_caps_stay():
    """think=0.02 s: a Hard move's search has that clock (not its second); without the cap the
    level's own playout cap and budget apply (the registry's bot is not changed)."""
    from pygame_rules import search
    state = midgame("take-a-chord", 4, "cap")
    reply = json.loads(bot_worker.best_move(view_of(state), state.current_player, "hard", 1,
                                            0.02))
    assert reply["ok"] and reply["seconds"] == 0.02 and reply["playouts"] <= reply["cap"]
    bot = bot_worker.seated("take-a-chord", "hard", 1, 0.02)
    assert bot.choose.seconds == 0.02
    assert bot.choose.playouts == search.plan("take-a-chord").LEVELS["hard"]
    unbounded = bot_worker.seated("take-a-chord", "hard", 1, 0).choose
    assert unbounded.seconds == search.SECONDS["hard"]       # each seated bot is a new one
    assert unbounded is not bot.choose and bots.new_bot("take-a-chord", "hard") is not unbounded


def test_same_position_and_seed_give_the_same_move():
    """The answer depends only on the view, the seat, the level and the seed (Easy, seeded;
    Hard, its playouts capped, with no clock)."""
    state = midgame("take-bamboo", 4, "same")
    first = json.loads(bot_worker.best_move(view_of(state), state.current_player, "easy", 9))
    again = json.loads(bot_worker.best_move(view_of(state), state.current_player, "easy", 9))
    assert first["action"] == again["action"]
    bot = bots.new_bot("take-bamboo", "hard", clock=False)
    bot.playouts = 40
    view = state.view(state.current_player)
    assert answers.as_action(first["action"]) in state.legal_actions()
    assert bot(json.loads(view_of(state)), view["legal"], random.Random(3)) == \
        bot(view, state.legal_actions(), random.Random(3))


@pytest.mark.parametrize("sent,seat,level,why", [
    ("not json", 0, "hard", "JSONDecodeError"),
    (None, 0, "hard", "JSONDecodeError"),
    ("[1, 2]", 0, "hard", "not a view"),
    ("SAVE", 0, "hard", "not a view"),
    ("GOOD", "other", "hard", "not to play"),
    ("OTHER", "other", "hard", "not to play"),
    ("SPECTATOR", 0, "hard", "not to play"),
    ("GOOD", "x", "hard", "ValueError"),
    ("GOOD", 0, "grandmaster", "SetupError"),
])
def test_a_bad_request_is_answered_with_a_reason_not_an_exception(sent, seat, level, why):
    """Garbage, a save instead of a view, a seat not to play or another seat's view, a
    spectator's view, an unknown level: {"ok": false, "error": ...}."""
    state = pygame_rules.new_game("take-a-chord", 4, seed=1)
    cur = state.current_player
    other = (cur + 1) % 4
    sent = {"GOOD": view_of(state), "OTHER": view_of(state, other), "SAVE": state.to_json(),
            "SPECTATOR": json.dumps(state.view(None))}.get(sent, sent)
    seat = {0: cur, "other": other}.get(seat, seat)
    reply = json.loads(bot_worker.best_move(sent, seat, level, 1, THINK))
    assert reply["ok"] is False and why in reply["error"]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_request_holds_the_seats_view_and_nothing_else(game_id, players):
    """What the page sends the worker is the view of the bot's seat (the same a device of that
    player would hold), never the save with its seed and every action."""
    session = app.Session.start(game_id, bot_seats(players, "hard"), seed="only-view")
    for _ in range(9):
        session.state.apply(session.state.legal_actions()[0])
    while session.state.current_player in session.state.automata:
        session.state.apply(session.state.legal_actions()[0])
    request = session.bot_request()
    cur = session.state.current_player
    assert set(request) == {"view", "seat", "level", "seed", "think", "moves"}
    assert json.loads(request["view"]) == json.loads(json.dumps(session.state.view(cur)))
    assert session.state.seed not in request.values() and "actions" not in request["view"]


@pytest.mark.parametrize("game_id,players", [("take-a-chord", 3), ("rechord", 2)])
def test_a_whole_game_through_the_page_protocol(game_id, players):
    """Session.bot_request -> best_move -> Session.bot_reply, move after move, to the end (the
    page's loop without the browser); the game replays from its seed."""
    session = app.Session.start(game_id, bot_seats(players, "hard"), seed="proto")
    assert session.has_thinking_bots()
    while not session.state.is_over:
        if session.round_pending():
            session.close_round()
            continue
        assert session.waiting_for_bot() and session.bot_thinks()
        request = session.bot_request(THINK)
        assert request["seat"] == session.state.current_player and request["level"] == "hard"
        raw = bot_worker.best_move(request["view"], request["seat"], request["level"],
                                   request["seed"], request["think"])
        assert session.bot_reply(json.loads(raw), request["moves"]) is not None
    replay = pygame_rules.new_game(game_id, players, seed="proto")
    for action in session.state.history:
        replay.apply(action)
    assert replay.scores() == session.state.scores()


def test_a_stale_refused_or_failed_answer_is_not_played():
    """An answer for an earlier position, an illegal action or a worker error changes nothing;
    the stand-in (the heuristic on the main thread) then plays."""
    session = app.Session.start("take-a-chord", bot_seats(4, "normal"), seed=4)
    request = session.bot_request()
    legal = session.state.legal_actions()
    assert session.bot_reply({"ok": True, "action": legal[0]}, request["moves"] + 1) is None
    assert session.bot_reply({"ok": True, "action": 999}, request["moves"]) is None
    assert session.bot_reply({"ok": False, "error": "no worker"}, request["moves"]) is None
    assert session.bot_reply("garbage", request["moves"]) is None
    assert session.state.history == []
    action = session.bot_move(stand_in=True)
    assert session.state.history == [action]
    assert session.stand_ins[request["seat"]].name == "heuristic"


def test_only_searching_bots_use_the_worker_and_seeds_follow_the_position():
    """Normal and Hard search (the worker); Easy, heuristic and random play on the main thread.
    A position's seed is the same for the same game, seat and move, else different."""
    seats = [{"name": "P", "kind": "human"}] + [
        {"name": lvl, "kind": "bot", "bot": lvl} for lvl in ("easy", "heuristic", "random")]
    quick = app.Session.start("take-a-chord", seats, seed=2)
    assert not quick.has_thinking_bots()
    mixed = app.Session.start("take-a-chord", seats[:3] + [{"name": "H", "kind": "bot",
                                                            "bot": "hard"}], seed=2)
    assert mixed.has_thinking_bots()
    assert [b.name if b else None for b in mixed.bots] == [None, "easy", "heuristic", "hard"]
    assert app.position_seed("s", 1, 5) == app.position_seed("s", 1, 5)
    assert len({app.position_seed("s", 1, 5), app.position_seed("s", 2, 5),
                app.position_seed("s", 1, 6), app.position_seed("t", 1, 5)}) == 4


def test_seats_keep_their_level_and_default_to_normal():
    """A saved seat keeps any offered level; an unknown or missing one becomes Normal."""
    for level in saves.BOT_LEVELS:
        assert saves.clean_seat({"kind": "bot", "bot": level}, 0)["bot"] == level
    assert saves.clean_seat({"kind": "bot", "bot": "grandmaster"}, 0)["bot"] == "normal"
    assert saves.clean_seat({"kind": "bot"}, 0)["bot"] == "normal"
    assert saves.clean_seat({"kind": "human", "bot": "hard"}, 0)["bot"] is None
    session = app.Session.start("taktvoll", bot_seats(3, "hard"), seed=1)
    again = app.Session.from_save(session.to_save())
    assert [b.name for b in again.bots] == ["hard"] * 3


def test_start_screen_offers_the_levels_with_normal_by_default():
    """Every bot seat lists Easy, Normal, Hard, Heuristic, Random (catalogue labels); seat 1 on
    is a Normal bot by default, seat 0 a person."""
    rows = shell.seat_rows()
    labels = [text("ui.bot", {"level": text("ui.level." + lvl)}) for lvl in saves.BOT_LEVELS]
    assert labels[:3] == ["Bot (Easy)", "Bot (Normal)", "Bot (Hard)"]
    for label in labels:
        assert rows.count(">%s</option>" % label) == shell.MAX_SEATS
    assert rows.count('value="bot-normal" selected') == shell.MAX_SEATS - 1
    assert rows.count('value="human" selected') == 1
    assert text("ui.status_thinking", {"name": "Ada"}) == "Ada is thinking…"


def test_the_build_ships_the_worker_and_its_starter(built_site):
    """dist/ has bot_worker.py (version stamped) and static/bot-worker.js, which starts Python
    with the loader, the bundle and bot_worker.py; the page does not fetch the worker's file at
    start; the service worker precaches both."""
    import build
    site = built_site.path
    assert (site / "bot_worker.py").read_text() == build.without_docstrings(
        (ROOT / "web" / "bot_worker.py").read_text()).replace(
        build.VERSION_STAMP, built_site.stats["cache"])      # the version stamped
    starter = (site / "static" / "bot-worker.js").read_text()
    assert 'files: ["bundle.py", "encore.bundle", "bot_worker.py"]' in starter
    assert "bot_worker.py" not in built_site.stats["sizes"]   # not fetched at start
    assert not (site / "pyscript.toml").exists() and not (site / "bot_worker.toml").exists()
    sw = (site / "sw.js").read_text()
    assert '"./bot_worker.py"' in sw and '"./static/bot-worker.js"' in sw
    assert build.WORKER == "bot_worker.py"
