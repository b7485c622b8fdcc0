"""The command line (`python -m pygame_rules play|simulate`) and the event log in words."""

import io
import pathlib
import subprocess
import sys

import pygame_rules
from pygame_rules.cli import main
from pygame_rules.games.take_a_chord.cards import CHORDS, COLOUR_CODES
from pygame_rules.games.take_a_chord.log import describe_event, event_lines
from pygame_rules.messages import text

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALL_CODES = ["%s-%s" % (ch, co.capitalize()) for ch in CHORDS for co in COLOUR_CODES]


def run_cli(*args, stdin=""):
    """Run `python -m pygame_rules ...` in a subprocess; returns (exit code, stdout)."""
    done = subprocess.run([sys.executable, "-m", "pygame_rules", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.stderr == "", done.stderr
    return done.returncode, done.stdout


def run_main(*args, stdin=""):
    """Run the command line in this process; returns (exit code, stdout)."""
    out = io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_play_a_whole_game_with_garbage_and_illegal_choices():
    """Garbage gets a hint, illegal cards get the engine's reason, and the game ends."""
    # each turn: try every card name in order until one is accepted, so the script always fits
    script = "this is not a card\n99\n?\n" + "\n".join(ALL_CODES * 40) + "\n"
    code, out = run_cli("play", "take-a-chord", "--players", "4", "--seed", "7", "--seat", "1",
                        stdin=script)
    assert code == 0
    assert text("cli.unknown_card", {"text": "this is not a card"}) in out
    assert "Choose a number from 1 to" in out
    assert text("cli.help") in out
    assert "You must follow" in out          # the engine's reason for not following colour
    assert "You do not hold" in out          # and for a card that is not in the hand
    assert text("cli.key_ring", {"key": "C", "order": "C > D > E > F > G > A > B"})[:10] in out
    for venue in range(1, 5):
        assert text("cli.venue_table", {"venue": venue}) in out
    assert text("cli.final") in out and "The game is over." in out
    assert "Bot 1 plays" in out and "Player 2 plays" in out


def test_play_by_number_three_players_to_the_end():
    """Always typing 1 plays a whole 3-player game; the non-player's cards are told in words."""
    code, out = run_main("play", "take-a-chord", "--players", "3", "--seed", "2", "--seat", "2",
                         stdin="1\n" * 200)
    assert code == 0
    assert "The non-player plays" in out
    assert text("cli.final") in out
    assert [text("cli.venue_table", {"venue": v}) in out for v in (1, 2, 3, 4)] == \
        [True, True, True, False]


def test_end_of_input_and_q_quit_cleanly():
    """EOF or q at the prompt abandons the game with a goodbye and exit code 0."""
    for script in ("", "q\n", "1\n"):
        code, out = run_main("play", "take-a-chord", "--seed", "1", stdin=script)
        assert code == 0 and out.rstrip().endswith(text("cli.bye"))


def test_bad_arguments_are_refused_with_a_reason():
    """A bad seat or an unknown bot gives the catalogue's reason and exit code 2."""
    code, out = run_main("play", "take-a-chord", "--seat", "7")
    assert code == 2 and text("cli.bad_seat", {"max": 3}) in out
    code, out = run_main("simulate", "take-a-chord", "--games", "1", "--bots", "genius")
    assert code == 2 and "There is no bot called genius" in out
    code, out = run_main("simulate", "take-a-chord", "--bots", "random,random")
    assert code == 2 and "one per seat" in out


def test_simulate_prints_the_statistics():
    """`simulate --games 20` prints per-seat and per-bot scores and the game's rates."""
    code, out = run_cli("simulate", "take-a-chord", "--games", "20", "--players", "4",
                        "--bots", "heuristic,random,random,random", "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith('Take The "A" Chord: 20 game(s), 4 players')
    assert sum(line.startswith("Seat ") for line in lines) == 4
    assert any(line.startswith("Seat 0 (heuristic): mean ") and "win share" in line
               for line in lines)
    for start in ("Bot heuristic on 1 seat(s)", "Bot random on 3 seat(s)", "Improvisations:",
                  "Key Changes:", "Spotlight:", "Throughput:"):
        assert any(line.startswith(start) for line in lines), start
    assert "per trick" in out and "per venue" in out and "games/s" in out and "actions/s" in out


def test_simulate_three_players_one_bot_for_every_seat():
    """One bot name fills every seat; 3-player games simulate too."""
    code, out = run_main("simulate", "take-a-chord", "--games", "5", "--players", "3",
                         "--bots", "random")
    assert code == 0 and "Bot random on 3 seat(s)" in out


def test_every_event_of_a_game_has_words():
    """Each event type is told in a sentence; the non-player is named; score rows are listed."""
    state = pygame_rules.new_game("take-a-chord", 3, 4)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    names = ["Ana", "Ben", "Cy"]
    seen = set()
    for event in state.events_for(0):
        lines = event_lines(event, names)
        assert lines and all(line and line[0].isupper() for line in lines), event
        assert describe_event(event, names) == "\n".join(lines)
        seen.add(event["type"])
    assert {"game_start", "venue_start", "card_played", "trick_won", "lead", "venue_scores",
            "game_end"} <= seen
    played = {"type": "card_played", "seat": 3, "card": 10, "non_player": True}
    assert describe_event(played, names) == "The non-player plays C Bluesy."
    scores = [e for e in state.events if e["type"] == "venue_scores"][0]
    assert len(event_lines(scores, names)) == 1 + 3
