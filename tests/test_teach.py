"""Teaching mode (issue 20), for every game: the moments are well declared, each comes at most
once a game, every lesson reads in English and Japanese, and the teacher reads on after undo."""

import json
import random

import pytest

import pygame_rules
from pygame_rules import GAMES, new_game, teach
from pygame_rules.messages import CATALOGUE, is_japanese

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def counts(game):
    """The player counts to try: the smallest, the largest, and one between when there is."""
    return sorted({game.min_players, (game.min_players + game.max_players) // 2,
                   game.max_players})


@pytest.mark.parametrize("game_id", GAMES)
def test_moments_are_declared_once_each_with_their_rule_section(game_id):
    """Ids unique; each names a rules-page section whose heading exists; each has its words,
    in each of its cases."""
    game, found = GAMES[game_id], teach.moments(game_id)
    ids = [m.id for m in found]
    assert len(ids) >= 6 and len(set(ids)) == len(ids)
    for moment in found:
        assert "%s.rules.%s.h" % (game.prefix, moment.rule) in CATALOGUE["en"], moment
        for lang in ("en", "ja"):
            for key in teach.message_ids(game_id, moment):      # one per case it declares
                assert key in CATALOGUE[lang], (lang, moment, key)


def random_game(game_id, players, seed):
    """[(moves so far, lesson)] for seat 0 over a random game, and the finished state."""
    state, rng = new_game(game_id, players, seed=seed), random.Random(seed)
    given = teach.watch(state, 0, lambda s: rng.choice(s.legal_actions()))
    return given, state


@pytest.mark.parametrize("game_id", GAMES)
def test_each_moment_comes_at_most_once_a_game_and_reads_in_both_languages(game_id):
    """Over random games: no moment twice; lessons are JSON; their words render in English
    and Japanese with every parameter filled; marks are [kind, value] pairs."""
    game, fired = GAMES[game_id], set()
    for players in counts(game):
        for seed in range(4):
            given, _ = random_game(game_id, players, seed)
            ids = [item["id"] for _, item in given]
            assert len(ids) == len(set(ids)), ids
            fired |= set(ids)
            for _, item in given:
                assert json.loads(json.dumps(item)) == item
                assert all(len(m) == 2 and type(m[0]) is str for m in item["marks"])
                for lang in ("en", "ja"):
                    title, line = teach.words(game_id, item, NAMES[:players], lang)
                    assert title and line and "{" not in line, (item, lang, line)
                    assert any(map(is_japanese, line)) == (lang == "ja"), (item, lang, line)
    assert len(fired) >= 4, fired


@pytest.mark.parametrize("game_id", GAMES)
def test_a_moment_seen_is_not_given_again(game_id):
    """With every id already seen, nothing is due; the declared order is kept otherwise."""
    given, state = random_game(game_id, GAMES[game_id].min_players, 1)
    ids = [m.id for m in teach.moments(game_id)]
    assert teach.lessons(game_id, state.events_for(0), state.view(0), 0, ids) == []
    order = [item["id"] for _, item in given]
    firsts = {}
    for moves, item in given:
        firsts.setdefault(moves, []).append(item["id"])
    for same_move in firsts.values():       # several at once come in the declared order
        assert same_move == sorted(same_move, key=ids.index)
    assert order


@pytest.mark.parametrize("game_id", GAMES)
def test_the_aim_is_the_first_lesson_of_a_new_game(game_id):
    """Every title teaches its aim first, at the first look at a new game (before or with the
    first other tip, whoever is to play), for every player count and seat; it was taught only
    at the end (issue 45, item 10)."""
    game = GAMES[game_id]
    for players in counts(game):
        for seat in range(players):
            given = teach.watch(new_game(game_id, players, seed=3), seat,
                                lambda s: s.legal_actions()[0])
            moves, first = given[0]
            assert (moves, first["id"]) == (0, "aim"), (players, seat, given[:2])
            assert first["rule"] == 1                       # the rules page's "The aim"


def test_the_teacher_reads_on_after_an_undo_and_keeps_what_it_taught():
    """Undo shortens the log: the teacher does not re-read it, nor teach a moment twice."""
    state = new_game("take-a-chord", 4, seed=1)
    teacher = teach.Teacher(0)
    assert [i["id"] for i in teacher.look(state)] == ["aim", "lead"]
    state.apply(state.legal_actions()[0])
    teacher.look(state)
    state = state.before_last()
    assert teacher.look(state) == []                  # 'lead' again due, but already taught
    assert teacher.seen[:2] == ["aim", "lead"] and teacher.read == len(state.events_for(0))


def test_lessons_read_only_the_seats_own_view_and_log():
    """The teaching module never touches a state: only the seat's view and its events."""
    import inspect
    source = inspect.getsource(teach)
    assert "state." not in source.replace("state.events_for(", "").replace(
        "state.view(", "").replace("state.game.id", "").replace("state.is_over", "").replace(
        "state.apply(", "").replace("state.history", "")
    assert pygame_rules.teach is teach
