"""The search bot (ISMCTS): legal moves, its seat's information only, anytime, and the
tournament command reproducible for a fixed seed."""

import io
import random
import time

import pytest

import pygame_rules
from pygame_rules.cli import main as cli_main
from pygame_rules.search import SearchBot, resampler

GAMES = {"take-a-chord": 4, "take-bamboo": 4, "taktvoll": 4, "rechord": 3}


def mid_game(game_id, players, seed, moves):
    """A state some random moves into a game (still running)."""
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


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_search_moves_are_legal_and_repeatable(game_id):
    """Every move the search returns is legal, and the same seed gives the same move."""
    bot = SearchBot(game_id, iterations=40)
    for seed in range(3):
        state = mid_game(game_id, GAMES[game_id], seed, 10 + 7 * seed)
        if state.is_over:
            continue
        move = bot(state, random.Random(seed))
        assert move in state.legal_actions()
        assert bot(state, random.Random(seed)) == move
        assert bot.last_iterations == 40


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_move_depends_only_on_what_the_seat_knows(game_id):
    """Another deal of everything the seat cannot see (the same information) gives the same
    move with the same seed: the search reads the true state only through its resampler."""
    bot = SearchBot(game_id, iterations=30)
    resample = resampler(game_id)
    checked = 0
    for seed in range(4):
        state = mid_game(game_id, GAMES[game_id], 100 + seed, 12 + 5 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        other = resample(state, seat, random.Random(7 + seed))
        assert other.view(seat) == state.view(seat)
        assert bot(other, random.Random(seed)) == bot(state, random.Random(seed))
        checked += 1
    assert checked >= 2


def test_the_search_is_anytime():
    """With a wall-clock budget the search stops in time and still returns a legal move."""
    state = mid_game("take-a-chord", 4, 3, 5)
    bot = SearchBot("take-a-chord", iterations=10 ** 9, seconds=0.05)
    start = time.perf_counter()
    move = bot(state, random.Random(1))
    assert time.perf_counter() - start < 0.5
    assert move in state.legal_actions() and 0 < bot.last_iterations < 10 ** 9


def test_a_single_legal_move_is_played_without_searching():
    """A forced move needs no search."""
    state = pygame_rules.new_game("take-a-chord", 4, seed=4)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    bot = SearchBot("take-a-chord", iterations=50)
    assert bot(state, random.Random(0)) == state.legal_actions()[0]
    assert bot.last_iterations == 0


def tournament_output(*args):
    """The tournament command's printed table, without the timing line."""
    out = io.StringIO()
    assert cli_main(["tournament", *args], stdout=out) == 0
    return [line for line in out.getvalue().splitlines() if not line.startswith("  search:")]


def test_the_tournament_is_reproducible_and_rotates_seats():
    """Same seed, same table; every entry gets a result row with its intervals."""
    args = ("take-a-chord", "--seats", "normal,heuristic,easy", "--games", "3", "--seed", "5")
    first = tournament_output(*args)
    assert first == tournament_output(*args)
    assert len(first) == 4 and all("±" in line for line in first[1:])
    assert "normal" in first[1] and "heuristic" in first[2] and "easy" in first[3]


def test_the_tournament_refuses_unknown_bots():
    """A bot name the game does not offer is refused with the list of choices."""
    out = io.StringIO()
    assert cli_main(["tournament", "taktvoll", "--seats", "hard,genius,random", "--games",
                     "1"], stdout=out) == 2
    assert "genius" in out.getvalue() and "heuristic" in out.getvalue()
