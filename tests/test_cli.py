"""The command line (`python -m pygame_rules play|simulate`) and the event log in words."""

import io
import pathlib
import random
import re
import subprocess
import sys

import pygame_rules
import take_helpers
import taktvoll_helpers
from pygame_rules import cli
from pygame_rules.games.rechord.cards import LEGEND_BOT
from pygame_rules.bots import AUTOMATON
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
    assert text("tac.term.help") in out
    assert "You must follow" in out          # the engine's reason for not following colour
    assert "You do not hold" in out          # and for a card that is not in the hand
    assert text("tac.term.key_ring", {"key": "C", "order": "C > D > E > F > G > A > B"})[:10] in out
    for venue in range(1, 5):
        assert text("tac.term.venue_table", {"venue": venue}) in out
    assert text("cli.final") in out and "The game is over." in out
    assert "Bot 1 plays" in out and "Player 2 plays" in out


def test_play_by_number_three_players_to_the_end():
    """Always typing 1 plays a whole 3-player game; the non-player's cards are told in words."""
    code, out = run_main("play", "take-a-chord", "--players", "3", "--seed", "2", "--seat", "2",
                         stdin="1\n" * 200)
    assert code == 0
    assert "The non-player plays" in out
    assert text("cli.final") in out
    assert [text("tac.term.venue_table", {"venue": v}) in out for v in (1, 2, 3, 4)] == \
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
    assert lines[0].startswith('Take The "A" Chord: 20 games, 4 players')
    assert sum(line.startswith("Seat ") for line in lines) == 4
    assert any(line.startswith("Seat 0 (heuristic): mean ") and "win share" in line
               for line in lines)
    for start in ("Bot heuristic on 1 seat", "Bot random on 3 seats", "Improvisations:",
                  "Key Changes:", "Spotlight:", "Throughput:"):
        assert any(line.startswith(start) for line in lines), start
    assert "per trick" in out and "per venue" in out and "games/s" in out and "actions/s" in out


def test_simulate_three_players_one_bot_for_every_seat():
    """One bot name fills every seat; 3-player games simulate too."""
    code, out = run_main("simulate", "take-a-chord", "--games", "5", "--players", "3",
                         "--bots", "random")
    assert code == 0 and "Bot random on 3 seats" in out


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


# --- TAKE トリックの翁 ----------------------------------------------------------------------------
def take_table(state, human=1, stdin=""):
    """A terminal table around a prepared TAKE position (names Ana, Ben, Cy...)."""
    table = cli.Table.__new__(cli.Table)
    table.state, table.human, table.term = state, human, pygame_rules.GAMES["take-bamboo"].part("terminal")
    table.names = ["Ana", "Ben", "Cy", "Di", "Eve", "Flo"][:state.players]
    table.stdin, table.out, table.echo, table.shown, table.bots = (
        io.StringIO(stdin), io.StringIO(), True, 0, {})
    return table


def test_play_take_to_the_end_with_garbage_and_an_illegal_pass():
    """5 players: garbage, a bad number and help get answers, passing one card both ways gets
    the engine's reason, then alternating 1 and 2 plays the whole game to the result."""
    script = "this is not a move\n99\n?\n1 1\n" + "1\n2\n" * 800
    code, out = run_cli("play", "take-bamboo", "--players", "5", "--seed", "8", "--seat", "1",
                        stdin=script)
    assert code == 0
    assert text("cli.unknown_card", {"text": "this is not a move"}) in out
    assert "Choose a number from 1 to 9." in out
    assert text("take.term.help") in out
    assert text("take.refuse.pass_two_different") in out           # the engine's reason
    assert "Which card goes to the LEFT, to Bot 3?" in out
    assert "Which card goes to the RIGHT, to Bot 1? (Organic 2 goes to the left.)" in out
    assert "Player 2 passes Organic 2 to the left (to Bot 3) and Organic 3 to the right " \
           "(to Bot 1)." in out
    assert "Bot 3 has chosen a card for the left and a card for the right." in out
    assert "Player 2 receives " in out and "You may play:" in out
    assert "(cannot win)" in out and "beats the table so far" in out
    for number in (1, 2, 3):
        assert text("take.term.round_table", {"round": number}) in out
    assert text("cli.final") in out and "The game is over." in out
    assert out.rstrip().endswith((text("cli.you_won"), text("cli.you_lost")))


def test_play_take_every_player_count_by_numbers():
    """Typing 1 then 2 over and over finishes a game at every table size; q quits cleanly."""
    for players in (3, 4, 6):
        code, out = run_main("play", "take-bamboo", "--players", str(players), "--seed", "4",
                             "--seat", str(players - 1), stdin="1\n2\n" * 800)
        assert code == 0 and text("cli.final") in out, players
    code, out = run_main("play", "take-bamboo", "--seed", "1", stdin="1\nq\n")
    assert code == 0 and out.rstrip().endswith(text("cli.bye"))


def gift_turn_table(scores):
    """Ben (seat 1) wins Stainless 9 as a third colour; Cy on the left holds two others."""
    state = take_helpers.position(["Or5 Or6", "St9 Or7", "St4 Or8"], tableau=[
        "Or2", "Or3 Bi3", "Or4 Bi4"], trump=2, dealer=1, scores=scores)
    take_helpers.play(state, "St9", "St4", "Or5")
    assert state.phase == "gift" and state.current_player == 1
    return state


def test_take_gift_choice_explains_both_answers_and_the_scores():
    """Each direction says who can take it and what accepting or refusing does to the scores."""
    table = take_table(gift_turn_table([9, 10, 6]), stdin="1\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert text("take.term.gift_intro", {"card": "Stainless 9"}) in out
    assert "1) to the left, to Cy, who holds two other colours and must refuse: you 9" in out
    assert "2) to the right, to Ana, who can take it. Accepted: you 11, Ana 10. " \
           "Refused: you 9" in out
    assert take_helpers.last_event(table.state, "gift_refused")["forced"]
    table = take_table(gift_turn_table([24, 10, 6]), stdin="q\n")
    assert not cli.human_turn(table)
    assert "(accepted, 25 is reached and the game ends at once)" in table.out.getvalue()


def test_take_accept_choice_explains_the_colour_and_a_game_ending_gift():
    """The offer says what the colour would score; accepting at 24 is said to end the game."""
    state = gift_turn_table([9, 24, 6])
    take_helpers.play(state, "right")
    assert state.phase == "accept" and state.current_player == 0
    table = take_table(state, human=0, stdin="1\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert "Ben offers you Stainless 9: Stainless would be a 3rd colour for Ben. " \
           "With it you would have 1 Stainless, worth 0 if the round ended now " \
           "(now 0)." in out
    assert "1) Accept: you and Ben score +1 (you 10, Ben 25); Ben reaches 25 and the game " \
           "ends: Ben wins" in out
    assert "2) Refuse: it is discarded and Ben loses 1 (Ben 23)" in out
    assert state.is_over and state.winners() == [1]


def test_take_extra_choice_lists_the_cards_nobody_takes():
    """A trump win on an empty discard pile: the person picks the face-down extra."""
    state = take_helpers.position(["St2 Or9", "Or5 Or7", "Bi6 Bi7"], trump=2)
    take_helpers.play(state, "St2", "Or5", "Bi6")
    assert state.phase == "extra" and state.current_player == 0
    table = take_table(state, human=0, stdin="5\n2\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert text("take.term.extra_intro", {"colour": "Stainless"}) in out
    assert "1) Organic 5" in out and "2) Biotech 6" in out
    assert "Choose a number from 1 to 2." in out
    assert take_helpers.last_event(state, "extra_taken")["card"] == take_helpers.card("Bi6")


def test_take_play_choices_say_what_each_card_would_do():
    """Trump, beats the table, cannot win, a lead-colour 1, a third colour: all said."""
    state = take_helpers.position(["Or5 Bi9", "Or1 St2", "Or7 Bi1"], tableau=[
        "", "Bi3 St3", ""], trump=2)
    take_helpers.play(state, "Or5")
    table = take_table(state, human=1, stdin="q\n")
    cli.human_turn(table)
    out = table.out.getvalue()
    assert "On the table, Organic led:" in out
    assert "1) Organic 1 (a lead-colour 1: you take it whoever wins; a 3rd colour for you: " \
           "if you take it, you must give it away)" in out
    assert "2) Stainless 2 (trump: wins, as no trump is down yet; you take it with a " \
           "face-down extra)" in out


def test_simulate_take_prints_scores_gifts_endings_and_throughput():
    """`simulate take-bamboo` prints seat and bot scores, win shares, gift rates, endings."""
    code, out = run_cli("simulate", "take-bamboo", "--games", "30", "--players", "4",
                        "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "TAKE (Trick no Okina): 30 games, 4 players, seed 3."
    assert sum(line.startswith("Seat ") and "win share" in line for line in lines) == 4
    assert lines[1].startswith("Seat 0 (heuristic): mean ")
    for start in ("Bot heuristic on 1 seat", "Bot random on 3 seats", "Endings: ",
                  "Gifts: ", "  Bot heuristic: offers ", "  Bot random: offers ",
                  "Bot heuristic: mean round score", "Tricks: ", "Throughput: "):
        assert any(line.startswith(start) for line in lines), start
    gifts = next(line for line in lines if line.startswith("Gifts: "))
    assert "offered per round" in gifts and "accepted" in gifts and "refused" in gifts \
        and "forced refusals" in gifts
    assert "by a gift reaching 25" in out and "games/s" in out


def test_simulate_take_six_players_one_bot_everywhere():
    """One bot name fills all six seats."""
    code, out = run_main("simulate", "take-bamboo", "--games", "3", "--players", "6",
                         "--bots", "heuristic")
    assert code == 0 and "Bot heuristic on 6 seats" in out


def test_every_take_event_has_words_and_hidden_cards_stay_hidden():
    """Every event type is told; another seat's pass and a face-down extra are never named."""
    from pygame_rules.games.take_bamboo.cards import card_name
    from pygame_rules.games.take_bamboo.log import describe_event as take_describe
    from pygame_rules.games.take_bamboo.log import event_lines as take_lines
    names = ["Ana", "Ben", "Cy", "Di"]
    seen = set()
    for seed in range(8):
        state = pygame_rules.new_game("take-bamboo", 4, seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        every_card = [card_name(c, state.ranks) + "." for c in range(54)] + \
                     [card_name(c, state.ranks) + " " for c in range(54)]
        for event in state.events_for(0):
            lines = take_lines(event, names)
            assert lines and all(line and line[0].isupper() for line in lines), event
            assert take_describe(event, names) == "\n".join(lines)
            seen.add(event["type"])
            if event["type"] == "pass_chosen" and event["seat"] != 0:
                assert lines == ["%s has chosen a card for the left and a card for the right."
                                 % names[event["seat"]]]
            if event["type"] == "pass_exchange":
                assert len(lines) == 2 and lines[1].startswith("Ana receives ")
        for event in state.events:                      # even the full log never names them
            if event["type"] == "extra_taken" and event["source"] == "discard":
                line = take_describe(event, names)
                assert not any(name in line + " " for name in every_card), line
    assert seen == {"game_start", "round_start", "initial_bamboo", "initial_double",
                    "pass_chosen", "pass_exchange", "card_played", "trick_won", "extra_taken",
                    "acquire", "gift_offered", "gift_accepted", "gift_received",
                    "gift_refused", "discarded", "round_scores", "game_end"}


# --- Taktvoll -----------------------------------------------------------------------------------
def tak_table(state, human=0, stdin=""):
    """A terminal table around a prepared Taktvoll position (names Ana, Ben, Cy...)."""
    table = cli.Table.__new__(cli.Table)
    table.state, table.human, table.term = state, human, pygame_rules.GAMES["taktvoll"].part("terminal")
    table.names = ["Ana", "Ben", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"][:state.players]
    table.stdin, table.out, table.echo, table.shown, table.bots = (
        io.StringIO(stdin), io.StringIO(), True, 0, {})
    return table


def test_play_taktvoll_to_the_end_with_garbage_and_illegal_input():
    """4 players: garbage, a bad number and help get answers; a pass with cards in the deck, a
    bar line on no full bar and a card not held get the engine's reasons; then typing 1 plays
    the whole game (drawn cards, the bonus bar line) to the result."""
    script = "this is not a move\n99\n?\npass\nbar 3\nQ:C5 9\n" + "1\n" * 600
    code, out = run_cli("play", "taktvoll", "--players", "4", "--seed", "5", "--seat", "1",
                        stdin=script)
    assert code == 0
    assert text("cli.unknown_card", {"text": "this is not a move"}) in out
    assert "Choose a number from 1 to 1." in out
    assert text("tak.term.help") in out
    assert text("tak.refuse.pass") in out and text("tak.refuse.bar") in out
    assert "You do not hold quarter note C5." in out
    assert "A game of Taktvoll for 4 players begins (the basic game). Bot 1 plays first." in out
    assert "Player 2 holds 6 bar lines, a whole note D5, a quarter note G5, " in out
    assert "Bot 1 draws a card." in out and "Player 2 draws a quarter note F5." in out
    assert "You drew a quarter note F5 (Q:F5): play it now, or keep it." in out
    assert "  1) keep a quarter note F5" in out
    assert "  Row 1 [2/4]: H:B4 | H:D4 | … (0/8)" in out
    assert "You filled the bar on row 1: play a bar line there now to score 5, or keep your " \
           "bar lines." in out
    assert "Player 2 scores 5 points for the bar on row 1, one per note and rest in it." in out
    assert "(upside down: the F5 card turned round; the bar then holds 4/8: one quarter " \
           "completes it, worth 2 to whoever plays it with a bar line)" in out
    assert "Bot 1 has played their last card: the game ends." in out
    assert text("cli.final") in out and "The game is over." in out
    assert out.rstrip().endswith((text("cli.you_won"), text("cli.you_lost")))


def test_play_taktvoll_smallest_and_largest_table_by_numbers():
    """Typing 1 over and over finishes a game at 3 and at 8 players; q quits cleanly."""
    for players in (3, 8):
        code, out = run_main("play", "taktvoll", "--players", str(players), "--seed", "2",
                             "--seat", str(players - 1), stdin="1\n" * 1500)
        assert code == 0 and text("cli.final") in out, players
        assert sum(line.startswith("  %d. " % (place + 1)) for place in range(players)
                   for line in out.splitlines()) == players
    code, out = run_main("play", "taktvoll", "--seed", "1", stdin="1\nq\n")
    assert code == 0 and out.rstrip().endswith(text("cli.bye"))


def test_taktvoll_rows_read_as_short_notation():
    """The last three bars and the open one: W H Q E S with the sounding pitch, * upside
    down, rests, bar lines, and the open bar's fill."""
    from pygame_rules.games.taktvoll.terminal import row_line
    state = taktvoll_helpers.position(["E:G4 bar", "H:D4 bar", "S:B4 bar"], rows=[
        "3/4 Q:C5 H:G4 bar E:A4 ~Q:A4 rest:E", "1/4 Q:D4 bar Q:E4 bar Q:F4 bar Q:G4 bar S:D5",
        "", "4/4 W:E4"])
    rows = state.view(0)["rows"]
    assert row_line(rows[0]) == "Row 1 [3/4]: Q:C5 H:G4 | E:A4 Q:C5* E:rest … (8/12)"
    assert row_line(rows[1]) == "Row 2 [1/4]: … | Q:E4 | Q:F4 | Q:G4 | S:D5 … (1/4)"
    assert row_line(rows[2]) == "Row 3 [no time signature yet]: a time signature comes next"
    assert row_line(rows[3]) == "Row 4 [4/4]: W:E4 (16/16)"


def test_taktvoll_choices_say_what_each_play_would_do():
    """Fills the bar (with or without a bar line in hand), leaves it open for one card, a
    perfect interval in Variant II, upside down; the bonus bar line and the drawn card."""
    state = taktvoll_helpers.position(["Q:E5 Q:A4 S:G5 E:F4 4/4 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["2/4 Q:B4", "3/4 Q:C5", ""],
                                      deck=["W:E4", "Q:F5"], options={"variant": "intervals"})
    table = tak_table(state, stdin="q\n")
    assert not cli.human_turn(table)
    out = table.out.getvalue()
    assert "Points: Ana (you) 0 (6 cards in hand); Ben 0; Cy 0" in out
    assert "Your hand (6 cards, −1 each at the end): 1 bar line, 4/4, Q:A4, Q:E5, E:F4, S:G5" \
        in out
    assert "quarter note E5 (Q:E5) on row 1 (a perfect fourth: +1; fills the bar: your bar " \
           "line then scores 2)" in out
    assert "quarter note C5 (Q:A4*) on row 2 (upside down: the A4 card turned round; a prime " \
           "(the same pitch again): +1; the bar then holds 8/12: one quarter completes it, " \
           "worth 3 to whoever plays it with a bar line)" in out
    assert "sixteenth note G5 (S:G5) on row 2 (a perfect fifth: +1; the bar then holds 5/12)" \
        in out
    assert "the time signature 4/4 on row 3 (bars of 16 sixteenths)" in out
    assert "draw a card (2 in the deck)" in out
    taktvoll_helpers.play(state, ("Q:E5", 0))
    table = tak_table(state, stdin="2\n")
    assert cli.human_turn(table) and state.current_player == 1
    out = table.out.getvalue()
    assert "You filled the bar on row 1: play a bar line there now to score 2" in out
    assert "  1) a bar line on row 1: +2\n  2) no bar line now" in out
    assert "    The bar on row 1 is full: a bar line there scores 2." in out


def test_taktvoll_typed_actions_reach_the_engine():
    """'Q:A4* 2' plays that card upside down on row 2; 'draw' and 'keep' by name; a typed
    card that is not held gets the engine's reason, one that is no card gets a hint."""
    state = taktvoll_helpers.position(["Q:A4 E:F4 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["3/4 Q:C5", "2/4 E:C5"], deck=["W:E4", "W:F4"])
    table = tak_table(state, stdin="X:Y9 1\nH:G4 1\nQ:A4* 2\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert text("cli.unknown_card", {"text": "X:Y9 1"}) in out
    assert "You do not hold half note G4." in out
    assert taktvoll_helpers.row(state, 1)[-1] == "~Q:A4"
    state = taktvoll_helpers.position(["Q:A4 bar", "H:D4 bar", "S:B4 bar"], deck=["W:E4"])
    table = tak_table(state, stdin="draw\nkeep\n")
    assert cli.human_turn(table) and state.phase == "drawn"
    assert cli.human_turn(table) and state.current_player == 1


def test_simulate_taktvoll_prints_scores_endings_bars_and_throughput():
    """`simulate taktvoll` prints seat and bot scores, win shares, endings, bar lines played
    and their points, interval bonuses, each bot's share and the throughput."""
    code, out = run_cli("simulate", "taktvoll", "--games", "30", "--players", "5",
                        "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Taktvoll: 30 games, 5 players, seed 3."
    assert sum(line.startswith("Seat ") and "win share" in line for line in lines) == 5
    assert lines[1].startswith("Seat 0 (heuristic): mean ")
    for start in ("Bot heuristic on 1 seat", "Bot random on 4 seats", "Endings: ",
                  "Bar lines: ", "Interval bonuses: none", "  Bot heuristic: per seat and game ",
                  "  Bot random: per seat and game ", "Throughput: "):
        assert any(line.startswith(start) for line in lines), start
    assert "on a player's last card" in out and "with the deck empty" in out
    assert "played per game" in out and "cards left at the end" in out and "games/s" in out


def test_simulate_taktvoll_eight_players_one_bot_everywhere():
    """One bot name fills all eight seats."""
    code, out = run_main("simulate", "taktvoll", "--games", "3", "--players", "8",
                         "--bots", "heuristic")
    assert code == 0 and "Bot heuristic on 8 seats" in out


def test_simulate_taktvoll_reports_interval_bonuses_in_variant_two():
    """The interval line counts each kind of perfect interval when Variant II is played."""
    from pygame_rules.games.taktvoll import terminal as tak_terminal
    tally = cli.Tally(4, tak_terminal)
    for seed in range(5):
        state = pygame_rules.new_game("taktvoll", 4, seed, {"variant": "intervals"})
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        tally.add(state)
    lines = []
    tak_terminal.report(lambda msg_id, params=None: lines.append(text(msg_id, params)),
                        ["random"] * 4, tally)
    line = next(x for x in lines if x.startswith("Interval bonuses (Variant II): "))
    assert "per game (" in line and "perfect fifth" in line, line


def test_every_taktvoll_event_has_words_and_hidden_draws_stay_hidden():
    """Every event type is told; another seat's draw is 'draws a card'; an upside-down note
    names the card turned; cards out of play and leftover bar lines are said."""
    from pygame_rules.games.taktvoll.log import describe_event as tak_describe
    from pygame_rules.games.taktvoll.log import event_lines as tak_lines
    names = ["Ana", "Ben", "Cy", "Di", "Eve"]
    seen = set()
    for seed in range(6):
        state = pygame_rules.new_game("taktvoll", 5, seed, {
            "variant": "intervals", "rests": seed % 2 == 0, "one_four": seed % 3 != 0})
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for event in state.events_for(0):
            lines = tak_lines(event, names)
            assert lines and all(line and line[0].isupper() for line in lines), event
            assert tak_describe(event, names) == "\n".join(lines)
            kind = event["type"]
            seen.add(kind if kind != "play" else "play." + event["kind"])
            if kind == "draw" and event["seat"] != 0:
                assert lines == ["%s draws a card." % names[event["seat"]]]
            if kind == "play" and event.get("inverted"):
                assert "upside down (the " in lines[0] and " card turned round)." in lines[0]
                seen.add("turned")
            if kind == "deal":
                assert lines[0] == "Everyone gets 4 bar lines and 5 cards; the 4 bar lines " \
                                   "left over are shuffled into the deck of %d cards." % \
                                   event["deck"]
                assert lines[1].startswith("Ana holds ") and len(lines) == 2
            if kind == "game_start" and seed == 3:
                assert lines[1] == "Out of play in this game: half rest, quarter rest, " \
                                   "eighth rest, sixteenth rest, 1/4."
            if kind == "game_end":
                assert len(lines) == 1 + 5 + 1 and lines[-1].startswith("The game is over.")
    assert seen == {"game_start", "deal", "draw", "play.clef", "play.time", "play.note",
                    "play.rest", "play.bar", "bar_scored", "interval", "keep", "pass",
                    "game_end", "turned"}
    play = {"type": "play", "seat": 1, "row": 0, "card": 34, "kind": "note", "value": 4,
            "pos": 5, "inverted": True}
    assert tak_describe(play, names) == \
        "Ben plays a quarter note C5 on row 1, upside down (the A4 card turned round)."
    end = {"type": "game_end", "reason": "stuck", "scores": [5, 7, 2], "penalties": [1, 3, 0],
           "final": [4, 4, 2], "winners": [0, 1]}
    assert tak_lines(end, names[:3]) == [
        "The deck is empty and everyone in turn has passed: the game ends.",
        "Ana: 5 points − 1 for the cards left in hand = 4.",
        "Ben: 7 points − 3 for the cards left in hand = 4.",
        "Cy: 2 points, no card left in hand = 2.",
        "The game is over. Ana, Ben share the win with 4."]


# --- Re-Chord -------------------------------------------------------------------------------------
def rc_table(state, stdin=""):
    """A terminal table around a prepared Re-Chord position; the person is Ana at seat 0."""
    table = cli.Table.__new__(cli.Table)
    table.state, table.human, table.term = state, 0, pygame_rules.GAMES["rechord"].part("terminal")
    table.names = ["Ana", "Ben", "Cy", "Di", "Eve"][:state.players]
    table.stdin, table.out, table.echo, table.shown, table.bots = (
        io.StringIO(stdin), io.StringIO(), True, 0, dict.fromkeys(state.automata, AUTOMATON))
    return table


def others_play(table):
    """The seats that are not the person's play (Jim Bot: his steps), as `play` lets them."""
    state = table.state
    while state.current_player not in (table.human, None):
        state.apply(cli.bot_action(state, table.bots[state.current_player]))


def rc_position(**setup):
    """A solo Campfire game: Ana holds C-1 (A3 White, D2 Red, B1 Blue) and Am-1, A3 and D2
    are already White and Red, the supply is Blue, Grey, Purple; Jim Bot's row is far off."""
    from pygame_rules.games.rechord.cards import space
    base = {"hands": [[0, 20], [4, 8, 16]], "board": [[space(1, 3), 0, 1, 0],
                                                       [space(2, 2), 1, 1, 0]],
            "supply": [2, 3, 4], "songs": [0, None], "genres": [[3], [1]]}
    base.update(setup)
    return pygame_rules.new_game("rechord", 1, 3, {"setlist": "campfire"}, setup=base)


def test_play_rechord_solo_against_jim_bot_to_the_end():
    """Solo: garbage, a bad number and help get answers; typing 1 over and over plays the
    whole game (the pick first, then its space) against Jim Bot to the result."""
    script = "this is not a move\n99\n?\n" + "1\n" * 3000
    code, out = run_cli("play", "rechord", "--players", "1", "--seed", "5", stdin=script)
    assert code == 0
    assert text("rc.term.not_a_choice", {"text": "this is not a move"}) in out
    assert "Choose a number from 1 to 5." in out
    assert text("rc.term.help") in out
    assert "A solo game of Re-Chord begins: Player 1 against Jim Bot (Session Shredder)" in out
    assert "--- Your turn · Twelve-Bar setlist · chord deck 19 · bag 32 picks ---" \
        in out
    assert "     1   2   3   4   5\n  e  ..  ..  ..  ..  ..\n" in out
    assert "  1) place the White supply pick (then choose one of 30 spaces)" in out
    assert "  1) place the White supply pick on E1\n" in out
    assert "Jim Bot's open row (6, he completes them at once):" in out
    assert re.search(r"Jim Bot: \d+ fame \(chords \d+, his row \d+, genre \d+;", out)
    assert "Jim Bot to play: " in out and "Jim Bot turns up the " in out
    assert "Fret 1 is full: lead guitar scoring" in out
    assert "  > Purple " in out                      # the person's genre on the pad
    assert "All five frets are scored: the game ends." in out
    assert text("cli.final") in out and "Jim Bot: " in out
    assert out.rstrip().endswith((text("cli.you_won"), text("cli.you_lost")))


def test_play_rechord_three_players_by_numbers_to_the_end():
    """Three players against random bots: alternating 2 and 1 finishes a game in which the
    person completes a chord card; the others' draws and face-down picks stay hidden."""
    code, out = run_main("play", "rechord", "--players", "3", "--seed", "4", "--seat", "1",
                         "--bot", "random", stdin="2\n1\n" * 1500)
    assert code == 0
    assert "A game of Re-Chord for 3 guitarists begins" in out
    assert "Player 2 holds " in out and "Bot 1 holds " not in out
    assert "Player 2 completes " in out
    assert text("cli.final") in out
    assert out.rstrip().endswith((text("cli.you_won"), text("cli.you_lost")))
    for line in out.splitlines():
        if line.startswith(("Bot 1 draws a", "Bot 3 draws a")) and "from the bag" in line:
            assert line.split(" draws a")[1].startswith(" pick"), line


def test_rechord_choices_say_what_they_complete_and_claims_by_name():
    """A supply pick on B1 is said to complete C-1; 'blue' then 'B1' places it, the claim is
    offered with its value, 'C-1' claims it, and the Blue's ability follows; q quits."""
    state = rc_position()
    table = rc_table(state, stdin="blue\nB1\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert "  C-1: A3 White ✓, D2 Red ✓, B1 Blue · silver 3, golden 9" in out
    assert "Your song: D, A, C and G; 18 fame if you complete a card of each (0 of 4 done)." \
        in out
    assert "  5) place the Blue supply pick on B1 (completes your C-1)" in out
    assert state.current_player == 0 and state.view(0)["phase"] == "claim"
    table = rc_table(state, stdin="C-1\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert "  1) claim C-1 (worth its silver 3: your first C; a chord of your song)" in out
    assert "  2) do not claim now" in out
    table = rc_table(state, stdin="q\n")
    assert not cli.human_turn(table)
    out = table.out.getvalue()
    assert "--- Your turn, continued · " in out
    assert text("rc.term.ability.blue", {"space": "B1"}) in out
    cli.show_events(table)
    assert "Ana completes C-1 on A3, D2 and B1 (silver 3, golden 9)." in table.out.getvalue()


def test_rechord_chord_draw_and_returns_by_name():
    """'chords' draws two; with five cards the person must return two ('C-2', then 'C-3')
    before 'done' is offered."""
    state = rc_position(hands=[[0, 20, 24], [4, 8, 16]], deck=[1, 2])
    table = rc_table(state, stdin="chords\nC-2\n")
    assert cli.human_turn(table) and cli.human_turn(table)
    table = rc_table(state, stdin="done\nC-3\ndone\n")
    assert cli.human_turn(table)
    out = table.out.getvalue()
    assert text("rc.term.not_a_choice", {"text": "done"}) in out
    assert "return C-3 to the bottom of the chord deck (a chord of your song)" in out
    assert cli.human_turn(table)
    assert state.current_player == 1                   # Jim Bot's turn: a step at a time
    others_play(table)
    assert state.view(0)["hand"] == [0, 20, 24] and state.current_player in (0, None)
    cli.show_events(table)
    out = table.out.getvalue()
    assert "Ana draws C-3 and C-2 (0 left in the chord deck)." in out
    assert "Ana returns C-2 to the bottom of the chord deck." in out
    assert "Jim Bot to play: " in out


def test_simulate_rechord_prints_scores_endings_actions_and_jim_bot():
    """`simulate rechord` prints seat and bot scores, win shares, endings, the mix of actions,
    fame by part; solo games add Jim Bot's line at the chosen difficulty."""
    code, out = run_cli("simulate", "rechord", "--games", "20", "--players", "3",
                        "--bots", "random", "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Re-Chord: 20 games, 3 players, seed 3."
    assert sum(line.startswith("Seat ") and "win share" in line for line in lines) == 3
    for start in ("Bot random on 3 seats", "Endings: ", "Actions: ",
                  "  Bot random: per seat and game chords ", "Throughput: "):
        assert any(line.startswith(start) for line in lines), start
    assert "Jim Bot" not in out
    code, out = run_main("simulate", "rechord", "--games", "10", "--players", "1",
                         "--option", "difficulty=beginner", "--seed", "2")
    assert code == 0
    assert "Jim Bot (Beginner Guitarist): mean " in out and "outscores him in" in out


def test_rechord_options_on_the_command_line():
    """--option sets a game option; an unknown value gets the engine's reason."""
    code, out = run_main("play", "rechord", "--players", "1", "--seed", "1",
                         "--option", "difficulty=touring", "--option", "setlist=arena",
                         stdin="q\n")
    assert code == 0 and "Jim Bot (Touring Rockstar), with the Arena setlist" in out
    code, out = run_main("play", "rechord", "--players", "1", "--option", "difficulty=rock")
    assert code == 2 and "Option difficulty must be one of" in out


def test_lang_ja_plays_in_japanese_and_leaves_the_language_as_it_was():
    """--lang ja: the help, the log and the final table are in Japanese (the catalogue's own
    texts); afterwards texts are English again."""
    from pygame_rules.messages import language
    code, out = run_cli("--lang", "ja", "simulate", "take-bamboo", "--players", "4", "--games",
                        "2", "--seed", "5")
    assert code == 0 and language() == "en"
    first = text("cli.sim.title", {"title": "TAKE トリックの翁", "count": 2, "players": 4,
                                   "seed": 5}, lang="ja").split("：")[0]
    assert first in out and "games" not in out
    for lang in ("en", "ja"):                # help texts with "95%" once broke argparse
        code, out = run_cli("--lang", lang, "--help")
        assert code == 0 and text("cli.arg.lang", lang=lang) in " ".join(out.split())


def test_simulate_a_solo_game_at_legend_reports_jim_bot(monkeypatch):
    """Solo at Legend (HR-29): the search plays Jim Bot's seat, and the report has his line
    (in this process, his search capped at 8 playouts a move: who plays is tested, not how
    well)."""
    from pygame_rules.games.rechord import infoset
    monkeypatch.setitem(infoset.LEVELS, LEGEND_BOT, 8)
    code, out = run_main("simulate", "rechord", "--players", "1", "--games", "1",
                         "--option", "difficulty=legend")
    assert code == 0
    assert re.search(r"Jim Bot \(Legend\): mean \d+\.\d fame, \d+\.\d\d chord cards per game", out)
