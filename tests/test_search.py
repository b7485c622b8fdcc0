"""The search bot: legal moves, its seat's view only, anytime, the guide's move kept unless
another does clearly better, and the tournament command reproducible for a fixed seed."""

import copy
import io
import json
import random

import pytest

import pygame_rules
from engine_helpers import FakeClock
from pygame_rules import bots, search
from pygame_rules.cli import main as cli_main
from pygame_rules.search import SearchBot, determinizer
from taktvoll_helpers import card, position

GAMES = {"take-a-chord": 4, "take-bamboo": 4, "taktvoll": 4, "rechord": 3}


def mid_game(game_id, players, seed, moves):
    """A state some random moves into a game (still running, with a choice to make)."""
    state = pygame_rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        if state.is_over or len(legal) < 2:
            break
        state.apply(legal[rng.randrange(len(legal))])
    while not state.is_over and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def ask(bot, state, seed):
    """The bot's move for the seat to play, from that seat's view and the legal list only."""
    return bot(state.view(state.current_player), state.legal_actions(), random.Random(seed))


def hard(game_id, playouts):
    """The registry's Hard bot with a small playout cap and no clock."""
    bot = bots.new_bot(game_id, "hard", clock=False)
    bot.playouts = playouts
    return bot


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_search_moves_are_legal_and_repeatable(game_id):
    """Every move the search returns is legal, the same seed gives the same move, and it
    counts the playouts it made (whole deals: every candidate on each)."""
    bot = hard(game_id, 24)
    for seed in range(3):
        state = mid_game(game_id, GAMES[game_id], seed, 10 + 7 * seed)
        if state.is_over:
            continue
        move = ask(bot, state, seed)
        assert move in state.legal_actions()
        assert ask(bot, state, seed) == move
        assert bot.last_samples >= 2
        view = state.view(state.current_player)
        ranked = bot.rank(view, state.legal_actions(), random.Random(seed))
        width = search.knob(bot.game(), "WIDTH")
        assert bot.last_playouts == bot.last_samples * len(
            search.distinct(ranked, bot.game(), view, width))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_move_depends_only_on_the_seats_view(game_id):
    """The search is handed the view, never the state: another deal of everything the seat
    cannot see (the same view) gives the same move with the same seed, and so does the view
    read back from JSON (as the page's worker receives it); searching leaves the view as it
    was."""
    bot = hard(game_id, 20)
    determinize = determinizer(game_id)
    checked = 0
    for seed in range(4):
        state = mid_game(game_id, GAMES[game_id], 100 + seed, 12 + 5 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        view = state.view(seat)
        other = determinize(view, random.Random(7 + seed))
        assert other.view(seat) == view
        kept = copy.deepcopy(view)
        move = bot(view, state.legal_actions(), random.Random(seed))
        assert view == kept
        assert ask(bot, other, seed) == move
        sent = json.loads(json.dumps(view))
        assert bot(sent, sent["legal"], random.Random(seed)) == move
        checked += 1
    assert checked >= 2


def test_the_search_is_anytime(monkeypatch):
    """With a clock's budget the search stops when the clock passes it and still returns a
    legal move (a stand-in clock moving 10 ms a reading: a 50 ms budget lasts 5 samples)."""
    state = mid_game("take-a-chord", 4, 3, 5)
    bot = bots.new_bot("take-a-chord", "hard", clock=False)
    bot.playouts, bot.seconds = 10 ** 9, 0.05
    clock = FakeClock(0.01)
    monkeypatch.setattr(search, "time", clock)
    move = ask(bot, state, 1)
    assert move in state.legal_actions() and 0 < bot.last_playouts < 10 ** 9
    assert 4 <= clock.readings <= 7


def test_a_single_legal_move_is_played_without_searching():
    """A forced move needs no search."""
    state = pygame_rules.new_game("take-a-chord", 4, seed=4)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    bot = hard("take-a-chord", 50)
    assert ask(bot, state, 0) == state.legal_actions()[0]
    assert bot.last_playouts == 0


def drawing_guide(view, legal, rng):
    """A poor guide for Taktvoll: always draw when it may."""
    return ("draw",) if ("draw",) in [tuple(a) for a in legal] else tuple(legal[0])


def full_bar_position():
    """Seat 0 holds a bar line and the first row's 4/4 bar is full with four quarter notes:
    the bar line scores 4 at once."""
    return position(["bar Q:C5 H:G4", "bar H:A4", "bar E:A4", "bar S:D5"],
                    rows=["4/4 Q:E4 Q:G4 Q:B4 Q:D5"],
                    deck=["S:E4", "S:F4", "S:G4", "S:A4", "S:B4", "E:E4", "E:F4"])


def test_another_move_replaces_the_guides_only_when_clearly_better():
    """The guide's move is the default: a guide that always draws is overruled where a bar
    line scores 4 points at once, but not when the test asks for an impossible margin."""
    state = full_bar_position()
    assert ("bar", 0) in state.legal_actions()
    policy = bots.kit("taktvoll").play
    bot = SearchBot("taktvoll", playouts=60, guide=drawing_guide, policy=policy)
    assert ask(bot, state, 2) == ("bar", 0)
    stubborn = SearchBot("taktvoll", playouts=60, guide=drawing_guide, policy=policy, z=1e9)
    assert ask(stubborn, state, 2) == ("draw",)


def test_the_guides_ranking_comes_first_and_width_bounds_the_candidates():
    """The candidates are the guide's ranking, its own move first, cut at the width."""
    state = mid_game("taktvoll", 4, 5, 30)
    view, legal = state.view(state.current_player), state.legal_actions()
    order = bots.kit("taktvoll").ranked(view, legal, random.Random(0))
    assert sorted(order) == sorted(legal)
    assert order[0] == bots.new_bot("taktvoll", "heuristic")(view, legal, random.Random(0))
    bot = hard("taktvoll", 30)
    bot.width = 2
    assert ask(bot, state, 0) in order[:2]
    assert bot.last_playouts == 2 * bot.last_samples


def test_moves_that_play_alike_are_one_candidate():
    """In the basic game a note's pitch does nothing, so three sixteenths (one a rest) on one
    row are one candidate, the guide's ranking keeping its best, and a time signature on either
    of two rows that have only their clefs is one too; in Variant II pitch scores, so each note
    stays a candidate of its own."""
    hands = ["bar S:E4 S:G4 rest:S Q:C5 3/4", "bar H:A4", "bar E:A4", "bar H:D5"]
    rows = ["4/4 Q:E4 Q:G4 Q:B4", "", ""]
    basic = position(hands, rows=rows, deck=["S:F4", "E:E4"])
    game = search.plan("taktvoll")
    ranked = bots.kit("taktvoll").ranked(basic.view(0), basic.legal_actions(), random.Random(0))
    picked = search.distinct(ranked, game, basic.view(0), 8)
    sixteenths = [a for a in ranked if a[0] in ("note", "rest") and a[1] in
                  (card("S:E4"), card("S:G4"), card("rest:S"))]
    assert len(sixteenths) == 3 and len({game.alike(basic.view(0), a) for a in sixteenths}) == 1
    times = [a for a in ranked if a[0] == "time"]
    assert len(times) == 2 and [a for a in picked if a[0] == "time"] == times[:1]
    assert [a for a in picked if a in sixteenths] == sixteenths[:1]
    keys = [game.alike(basic.view(0), a) for a in picked]
    assert len(set(keys)) == len(keys) == min(8, len({game.alike(basic.view(0), a) for a in ranked}))
    intervals = position(hands, rows=rows, deck=["S:F4", "E:E4"],
                         options={"variant": "intervals"})
    ranked = bots.kit("taktvoll").ranked(intervals.view(0), intervals.legal_actions(),
                                    random.Random(0))
    notes = [a for a in ranked if a[0] == "note"]
    assert len(notes) >= 3 and \
        [a for a in search.distinct(ranked, game, intervals.view(0), 99) if a[0] == "note"] == notes


def tournament_output(*args):
    """The tournament command's printed table, without the timing line."""
    out = io.StringIO()
    assert cli_main(["tournament", *args], stdout=out) == 0
    return [line for line in out.getvalue().splitlines() if not line.startswith("  search:")]


def test_the_tournament_is_reproducible_and_rotates_seats(monkeypatch):
    """Same seed, same table; every entry gets a result row with its intervals (Normal capped
    at 12 playouts a move: the table's making is tested, not the bots' strength)."""
    monkeypatch.setitem(search.plan("take-a-chord").LEVELS, "normal", 12)
    args = ("take-a-chord", "--seats", "normal,heuristic,easy", "--games", "2", "--seed", "5")
    first = tournament_output(*args)
    assert first == tournament_output(*args)
    assert len(first) == 4 and all("±" in line for line in first[1:])
    assert "normal" in first[1] and "heuristic" in first[2] and "easy" in first[3]


def test_the_tournament_in_processes_gives_the_same_table(monkeypatch):
    """--jobs 2 shares the games between two processes; the table is the same as in one
    (Normal capped at 12 playouts a move, in this process and in the pool's, which fork)."""
    monkeypatch.setitem(search.plan("take-a-chord").LEVELS, "normal", 12)
    args = ("take-a-chord", "--seats", "normal,heuristic,random", "--games", "2", "--seed", "2")
    assert tournament_output(*args, "--jobs", "2") == tournament_output(*args)


def test_the_tournament_refuses_unknown_bots():
    """A bot name the game does not offer is refused with the list of choices."""
    out = io.StringIO()
    assert cli_main(["tournament", "taktvoll", "--seats", "hard,genius,random", "--games",
                     "1"], stdout=out) == 2
    assert "genius" in out.getvalue() and "heuristic" in out.getvalue()
