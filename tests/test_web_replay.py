"""web/replay.py and the page's practice undo: a game watched again step by step matches the
game as played, its chapters are the rounds' starts, and practice takes back the bots' moves
with the person's (issue 18, items 1 and 2)."""

import pathlib
import re
import sys

import pytest

import pygame_rules
from pygame_rules.share import from_share, to_share
from test_web_stats import finished

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import app  # noqa: E402
import saves  # noqa: E402
import render  # noqa: E402
import replay  # noqa: E402

GAMES = [("take-a-chord", 4), ("take-bamboo", 4), ("taktvoll", 5), ("rechord", 3)]
SEATS = [{"name": "Mia", "kind": "human", "bot": None}] + \
    [{"name": "B%d" % i, "kind": "bot", "bot": "heuristic"} for i in range(1, 8)]


def seats(players):
    """Mia and bots."""
    return [dict(s) for s in SEATS[:players]]


def fresh(state, step):
    """The game after `step` moves, replayed from nothing (independent of replay.py)."""
    again = pygame_rules.new_game(state.game.id, state.players, state.seed, state.options,
                                  state.setup)
    for action in state.history[:step]:
        again.apply(action)
    return again


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_step_shows_the_game_as_it_was_and_the_log_grows_by_its_move(game_id, players):
    """Forward to the end, then back to the start (crossing snapshots both ways): each step's
    view is the fresh replay's, the log is its log, and the lit lines are what the move added."""
    state = finished(game_id, players, seed=11)
    rp = replay.Replay(state, seats(players), seat=0)
    table = rp.table
    names = rp.names()
    assert rp.total == len(state.history) and rp.all_hands
    order = list(range(rp.total + 1)) + list(range(rp.total, -1, -1))
    for step in order[::7] + [rp.total, 0]:
        rp.go(step)
        truth = fresh(state, step)
        assert rp.view() == {**truth.view(0), "legal": []}
        lines, lo, hi = rp.log()
        assert lines == table.log_lines(truth.events_for(0), names)
        before = table.log_lines(fresh(state, step - 1).events_for(0), names) if step else []
        assert (lo, hi) == ((len(before), len(lines)) if step else (0, len(lines)))
        hands = rp.hands()
        assert [s for s, _ in hands] == [s for s in range(players) if s != 0]
        assert all(v == {**truth.view(s), "legal": []} for s, v in hands)
    rp.go(rp.total)
    assert rp.log()[0] == table.log_lines(state.events_for(0), names)


@pytest.mark.parametrize("game_id,chapter,word", [("take-a-chord", "venue_start", "venue"),
                                                  ("take-bamboo", "round_start", "round")])
def test_the_chapters_are_the_starts_of_venues_and_rounds(game_id, chapter, word):
    """A chapter starts at move 0 and at each move whose events start a venue or round; the
    jumps land there in order, forward and back."""
    state = finished(game_id, 4, seed=5)
    rp = replay.Replay(state, seats(4), seat=0)
    starts = [k for k in range(1, rp.total + 1)
              if any(e["type"] == chapter for e in fresh(state, k).events[
                  len(fresh(state, k - 1).events):])]
    assert rp.chapters == [0] + starts and len(starts) >= 1
    seen = []
    while rp.at < rp.total:
        rp.chapter(1)
        seen.append(rp.at)
    assert seen == starts + [rp.total]
    back = []
    while rp.at > 0:
        rp.chapter(-1)
        back.append(rp.at)
    assert back == starts[::-1] + [0]
    bar = render.replay_bar(0, rp.total, len(rp.chapters), False, "1×", word, False)
    assert 'data-action="rp-next"' in bar and "next %s" % word in bar


def test_a_game_in_progress_is_replayed_from_one_seat_without_other_hands():
    """Up to now, from the person's seat: no other hand, nothing to continue for a game of
    this device, and a link's game in progress can be continued from its last move."""
    state = finished("take-bamboo", 4, seed=3)
    half = fresh(state, len(state.history) // 2)
    rp = replay.Replay(half, seats(4), seat=0, at=len(half.history))
    assert rp.at == rp.total and not rp.finished and rp.hands() == []
    assert rp.view()["seat"] == 0 and "hand" in rp.view()
    linked, link_seats = from_share(to_share(half, seats(4)))
    rp = replay.Replay(linked, link_seats, seat=None)
    go_on = rp.unfinished_state()
    assert go_on.to_json() == half.to_json() and go_on is not rp.state_at(rp.total)
    session = app.Session(go_on, [saves.clean_seat(s, i) for i, s in enumerate(link_seats)])
    assert session.seats[1]["kind"] == "bot" and session.state.legal_actions()


def test_play_runs_to_the_end_and_starts_again_from_the_beginning():
    """Play from the end restarts at move 0; reaching the end pauses; speeds go round."""
    state = finished("taktvoll", 3, seed=2)
    rp = replay.Replay(state, seats(3), seat=0, at=10**6)
    assert rp.at == rp.total
    rp.toggle_play()
    assert rp.playing and rp.at == 0
    while rp.playing:
        rp.go(rp.at + 1)
    assert rp.at == rp.total
    delays = []
    for _ in replay.SPEEDS:
        delays.append(rp.delay())
        rp.faster()
    assert sorted(delays, reverse=True) == list(replay.SPEEDS) and rp.delay() == delays[0]


def test_the_log_lights_the_current_moves_lines_only():
    """The lit lines carry aria-current; the others do not, also past the panel's limit."""
    html = render.log_html(["a", "b", "c", "d"], limit=3, lit=(2, 4))
    items = re.findall(r"<li([^>]*)>(\w)</li>", html)
    assert items == [("", "b"), (' class="lit" aria-current="step"', "c"),
                     (' class="lit" aria-current="step"', "d")]


def test_practice_takes_back_the_bots_moves_with_the_persons_and_is_saved():
    """Practice: the person's last move goes, and every bot move after it; saved and resumed."""
    session = app.Session.start("take-a-chord", seats(4), seed=9, practice=True)
    while session.waiting_for_bot():
        session.bot_move()
    mine = len(session.state.history)
    session.human_move(session.state.legal_actions()[0])
    while session.waiting_for_bot():
        session.bot_move()
    assert len(session.state.history) > mine + 1
    strict = app.Session(session.state.clone(), session.seats)
    assert strict.undo_refusal()[0] == "undo.not_last"       # not without practice
    assert session.undo() is None
    assert len(session.state.history) == mine and session.state.current_player == 0
    again = app.Session.from_save(session.to_save())
    assert again.practice and again.undo_refusal() == (("undo.nothing", {}) if not mine else None)
    plain = app.Session.start("take-a-chord", seats(4), seed=9)
    assert not app.Session.from_save(plain.to_save()).practice


def test_a_refusal_names_the_player_who_has_played_since():
    """"Someone has played since": the page names them (the engine says "Player N")."""
    session = app.Session.start("take-bamboo", [dict(SEATS[0]), dict(SEATS[0], name="Ada"),
                                                dict(SEATS[1]), dict(SEATS[2])], seed=1)
    for _ in range(40):
        if session.state.is_over:
            break
        cur = session.state.current_player
        refusal = session.state.undo_refusal(cur) if session.state.history else None
        if refusal and refusal[0] == "undo.not_last":
            by = refusal[1]["by"]
            assert refusal[1]["name"] == "Player %d" % (by + 1)
            session.revealed = cur
            named = session.undo_refusal()
            if named and named[0] == "undo.not_last":
                assert named[1]["name"] == session.names()[named[1]["by"]]
                return
        session.state.apply(session.state.legal_actions()[0])
    pytest.fail("no refusal for another player's move was met")


def test_the_move_made_at_a_step_is_the_one_to_explain_once_the_game_is_over():
    """"Why this move?" asks about the step's move: the seat that made it, its view before
    it (with that move legal), the move and the seed a bot of that seat had; none at the
    start, none for a game in progress, none for Jim Bot's steps."""
    state = finished("take-a-chord", 4, seed=3)
    rp = replay.Replay(state, seats(4))
    assert rp.move_made() is None
    for step in (1, 5, rp.total):
        rp.go(step)
        made = rp.move_made()
        before = fresh(state, step - 1)
        assert made["seat"] == before.current_player
        assert made["view"] == before.view(made["seat"])
        assert tuple(made["move"]) == state.history[step - 1]
        assert tuple(made["move"]) in before.legal_actions()
        assert made["seed"] == app.position_seed(state.seed, made["seat"], step - 1)
    half = fresh(state, 10)
    assert replay.Replay(half, seats(4), seat=0, at=10).move_made() is None
    solo = finished("rechord", 1, seed=2)
    rp = replay.Replay(solo, seats(1))
    jim = [k for k in range(1, rp.total + 1)
           if fresh(solo, k - 1).current_player in solo.automata]
    assert jim
    rp.go(jim[0])
    assert rp.move_made() is None
