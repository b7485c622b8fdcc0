"""Bots: the shared interface, and the heuristics of Take The "A" Chord and TAKE (legal,
sensible, strong)."""

import copy
import json
import random
import statistics

import pytest

import pygame_rules
from pygame_rules import SetupError
from pygame_rules.bots import (bot_action, bot_description, bot_names, make_bot,
                               random_choice)
from pygame_rules.games.take_a_chord import bots as tac_bots
from pygame_rules.games.take_a_chord.cards import CHORDS, card_code, parse_card
from pygame_rules.games.take_bamboo import bots as take_bots
import take_helpers
from take_helpers import code, play
from take_helpers import position as take_position

GAME = "take-a-chord"


def play_out(players, seed, names, options=None):
    """Play a whole game with the named bot at each seat; returns the finished state."""
    bots = [make_bot(GAME, name, "%s:%d" % (seed, s)) for s, name in enumerate(names)]
    state = pygame_rules.new_game(GAME, players, seed, options)
    while not state.is_over:
        legal = state.legal_actions()
        action = bot_action(state, bots[state.current_player])
        assert action in legal
        state.apply(action)
    return state


def position(hands, key, leader=0, players=4):
    """A game whose first venue starts from these hands (codes such as 'C-Bl')."""
    setup = {"hands": [[parse_card(c) for c in h.split()] for h in hands],
             "key": CHORDS.index(key), "leader": leader}
    return pygame_rules.new_game(GAME, players, 0, setup=setup)


def heuristic_pick(state, tricks=None, spotlight=None):
    """The heuristic's card for the current player, with its trick count optionally changed."""
    seat = state.current_player
    view = state.view(seat)
    if tricks is not None:
        view["seats"][seat]["tricks"] = tricks
    if spotlight is not None:
        view["spotlight"] = spotlight
    action = tac_bots.choose(view, view["legal"], random.Random(0))
    assert type(action) is tuple and action[0] == "play"
    return card_code(action[1])


# --- the shared interface ---------------------------------------------------------------------
def test_registry_offers_random_and_heuristic_for_take_a_chord():
    """The registry lists both bots; make_bot seats them; every game has at least the random bot."""
    assert set(bot_names(GAME)) == {"random", "heuristic", "easy", "normal", "hard"}
    assert bot_names(GAME) == ["easy", "hard", "heuristic", "normal", "random"]
    for name in bot_names(GAME):
        assert make_bot(GAME, name, 1).name == name
        assert bot_description(GAME, name).startswith(name.capitalize())


def test_unknown_bot_is_refused_with_a_reason():
    """A bot name that does not exist raises a SetupError naming the choices."""
    with pytest.raises(SetupError) as err:
        make_bot(GAME, "grandmaster")
    assert "grandmaster" in err.value.message and "heuristic" in err.value.message


def test_random_bot_plays_any_game_legally_and_repeatably():
    """The random bot only picks legal actions, and a seed repeats its game."""
    first = play_out(4, 11, ["random"] * 4)
    again = play_out(4, 11, ["random"] * 4)
    assert first.history == again.history
    assert random_choice({}, [7], random.Random(0)) == 7


# --- the heuristic never breaks the rules -----------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_never_returns_an_illegal_card(players):
    """All-heuristic tables over many seeded games: every choice is in the legal list."""
    for seed in range(25):
        state = play_out(players, "legal-%d" % seed, ["heuristic"] * players)
        assert state.is_over and len(state.history) == 8 * players * players


@pytest.mark.parametrize("options", [
    {"blocked_improvisation_changes_key": False},
    {"match_face_up_round_only": False},
    {"non_player_pair_changes_key": True},
])
def test_heuristic_stays_legal_under_every_house_rule_option(options):
    """Flipping the house-rule options never leads the heuristic into an illegal card."""
    for seed in range(4):
        play_out(3, seed, ["heuristic", "random", "heuristic"], options)
        play_out(4, seed, ["heuristic", "random", "heuristic", "random"], options)


# --- the heuristic sees only the view -----------------------------------------------------------
def test_heuristic_receives_only_the_view_and_the_legal_list():
    """The bot is called with a JSON-able view dict, the legal list and an rng: never the state."""
    calls = []

    def spy(view, legal, rng):
        calls.append((view, legal, rng))
        return tac_bots.choose(view, legal, rng)

    bot = make_bot(GAME, "heuristic", 3)
    bot.choose = spy
    state = pygame_rules.new_game(GAME, 4, 3)
    while not state.is_over:
        state.apply(bot_action(state, bot))
    assert len(calls) == 128
    for view, legal, rng in calls:
        assert type(view) is dict and type(legal) is list and isinstance(rng, random.Random)
        assert json.loads(json.dumps(view)) == view
        assert [list(a) for a in legal] == view["legal"]
        assert all(type(a) is tuple and a[0] == "play" and type(a[1]) is int for a in legal)
        assert not any(isinstance(x, pygame_rules.GameState) for x in (view, legal, rng))


def test_heuristic_decides_the_same_from_a_json_copy_of_the_view():
    """A view that went through JSON (as to a browser worker) gives the same card."""
    state = pygame_rules.new_game(GAME, 3, "json")
    rng = random.Random(5)
    while not state.is_over:
        view = state.view(state.current_player)
        legal = state.legal_actions()
        mine = tac_bots.choose(view, legal, random.Random(1))
        again = tac_bots.choose(json.loads(json.dumps(view)), list(legal), random.Random(1))
        assert mine == again
        frozen = copy.deepcopy(view)
        tac_bots.choose(view, legal, random.Random(1))
        assert view == frozen, "the bot must not change the view it is given"
        state.apply(legal[rng.randrange(len(legal))])


# --- the heuristic plays sensibly -------------------------------------------------------------
def fourth_to_play(seat3_hand):
    """Key C; seats 0-2 have played E, F, G Bluesy; seat 3 (no Bluesy) is to play 4th."""
    state = position(["E-Bl A-Ea D-Ea", "F-Bl A-Ly D-Ly", "G-Bl A-So D-So", seat3_hand], "C")
    for card in ("E-Bl", "F-Bl", "G-Bl"):
        state.apply(("play", parse_card(card)))
    return state


def test_heuristic_takes_the_spotlight_when_it_wants_tricks():
    """On one trick, win with the Key Chord: the trick plus the Spotlight makes three."""
    assert heuristic_pick(fourth_to_play("C-Sw D-Sw B-So"), tricks=1) == "C-Sw"


def test_heuristic_avoids_the_spotlight_when_it_would_pass_three():
    """On 2 tricks it won't win with the Key Chord (trick + Spotlight = 4); holding it, it will."""
    assert heuristic_pick(fourth_to_play("C-Sw D-Sw B-So"), tricks=2) != "C-Sw"
    assert heuristic_pick(fourth_to_play("C-Sw D-Sw B-So"), tricks=1, spotlight=3) == "C-Sw"


def test_heuristic_ducks_once_it_has_three_tricks():
    """On three tricks it lets the trick go instead of winning it."""
    state = fourth_to_play("D-Sw B-So B-Ea")
    assert heuristic_pick(state, tricks=0) == "D-Sw"
    assert heuristic_pick(state, tricks=3) in ("B-So", "B-Ea")


def test_heuristic_improvises_when_it_can_win_the_next_round():
    """As 4th player holding the lead chord and a Key Chord card, it starts an Improvisation."""
    state = fourth_to_play("E-Ly C-Sw B-So")
    assert heuristic_pick(state, tricks=0) == "E-Ly"
    state.apply(("play", parse_card("E-Ly")))
    assert state.current_player == 3 and state.view(3)["trick"]["round"] == 2
    assert heuristic_pick(state, tricks=0) == "C-Sw"


def test_heuristic_leads_the_key_chord_for_tricks_and_a_weak_card_when_it_has_enough():
    """Leading: the Key Chord card when it needs tricks, the weakest chord once it has three."""
    state = position(["C-Sw B-So G-Ly", "F-Bl A-Ly D-Ly", "G-Bl A-So D-So", "E-Bl A-Ea D-Ea"],
                     "C")
    assert heuristic_pick(state, tricks=0) == "C-Sw"
    assert heuristic_pick(state, tricks=3) == "B-So"


# --- the heuristic is stronger than random --------------------------------------------------------
def margin_over_random(players, games):
    """Mean score of the heuristic minus the mean of the random seats (heuristic seat rotates)."""
    diffs = []
    for number in range(games):
        hero = number % players
        names = ["heuristic" if s == hero else "random" for s in range(players)]
        scores = play_out(players, "vs-%d" % number, names).scores()
        others = [x for s, x in enumerate(scores) if s != hero]
        diffs.append(scores[hero] - statistics.fmean(others))
    return statistics.fmean(diffs), statistics.stdev(diffs) / games ** 0.5


def test_heuristic_beats_random_bots_on_average_score_4p():
    """Measured about +30 points per game (stderr ≈ 2.5) over 200 games; 15 is a safe floor."""
    mean, stderr = margin_over_random(4, 200)
    assert mean > 15 and mean > 4 * stderr, (mean, stderr)


def test_heuristic_beats_random_bots_on_average_score_3p():
    """Measured about +17 points per game (stderr ≈ 2) over 200 games; 8 is a safe floor."""
    mean, stderr = margin_over_random(3, 200)
    assert mean > 8 and mean > 3 * stderr, (mean, stderr)


# --- TAKE トリックの翁 ----------------------------------------------------------------------------
TAKE = "take-bamboo"


def take_out(players, seed, names):
    """Play a whole TAKE game with the named bot at each seat; every action must be legal."""
    bots = [make_bot(TAKE, name, "%s:%d" % (seed, s)) for s, name in enumerate(names)]
    state = pygame_rules.new_game(TAKE, players, seed)
    while not state.is_over:
        legal = state.legal_actions()
        action = bot_action(state, bots[state.current_player])
        assert type(action) is tuple and action in legal, (action, state.phase)
        state.apply(action)
    return state


def take_pick(state, scores=None):
    """The heuristic's action for the current seat (scores optionally changed in the view)."""
    view = state.view(state.current_player)
    if scores is not None:
        view["scores"] = list(scores)
    return take_bots.choose(view, view["legal"], random.Random(0))


def test_registry_offers_random_and_heuristic_for_take():
    """The registry lists both TAKE bots, each with a sentence saying how it plays."""
    assert set(bot_names(TAKE)) == {"random", "heuristic", "easy", "normal", "hard"}
    assert bot_names(TAKE) == ["easy", "hard", "heuristic", "normal", "random"]
    for name in bot_names(TAKE):
        assert make_bot(TAKE, name, 1).name == name
        assert bot_description(TAKE, name).startswith(name.capitalize())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_take_heuristic_never_takes_an_illegal_action(players):
    """All-heuristic and mixed tables over many seeded games: every action is legal, as a tuple."""
    for seed in range(12):
        state = take_out(players, "take-legal-%d" % seed, ["heuristic"] * players)
        assert state.is_over and state.winners()
        mixed = ["heuristic" if s % 2 else "random" for s in range(players)]
        assert take_out(players, "take-mixed-%d" % seed, mixed).is_over


@pytest.mark.parametrize("options", [{"deck": "six"}, {"trick_extra": "none"},
                                     {"penalty": "trick_winner"}, {"trump": "2"}])
def test_take_heuristic_stays_legal_under_every_house_rule_option(options):
    """The options change the cards and the rulings, never the bot's legality."""
    for seed in range(3):
        for players in (3, 6):
            bots = [make_bot(TAKE, "heuristic", s) for s in range(players)]
            state = pygame_rules.new_game(TAKE, players, seed, options)
            while not state.is_over:
                action = bot_action(state, bots[state.current_player])
                assert action in state.legal_actions()
                state.apply(action)


def test_take_heuristic_works_from_json_views_and_returns_tuples():
    """Lists from JSON in, the engine's tuple out; the same choice; the view is left unchanged."""
    state = pygame_rules.new_game(TAKE, 4, "json")
    rng = random.Random(5)
    phases = set()
    while not state.is_over:
        view = state.view(state.current_player)
        legal = state.legal_actions()
        frozen = copy.deepcopy(view)
        mine = take_bots.choose(view, legal, random.Random(1))
        again = take_bots.choose(json.loads(json.dumps(view)), json.loads(json.dumps(legal)),
                                 random.Random(1))
        assert mine == again and type(again) is tuple and again in legal
        assert view == frozen, "the bot must not change the view it is given"
        phases.add(view["phase"])
        state.apply(legal[rng.randrange(len(legal))])
    assert {"pass", "play", "gift", "accept"} <= phases


def gift_position(tableau, scores):
    """3 players; seat 0 holds Organic and Biotech and wins Stainless 9: a gift to make."""
    state = take_position(["St9 Or5", "St3 Or6", "St4 Or7"], tableau=tableau, trump=2,
                     scores=scores)
    play(state, "St9", "St3", "St4")
    assert state.phase == "gift" and state.current_player == 0
    return state


def test_take_heuristic_gives_to_the_neighbour_who_can_take_it():
    """The left neighbour holds two other colours and must refuse: the gift goes right."""
    state = gift_position(["Or3 Bi3", "Or4 Bi4", "Or2"], [5, 5, 5])
    assert take_pick(state) == ("gift", "right")
    state = gift_position(["Or3 Bi3", "Or2", "Or4 Bi4"], [5, 5, 5])
    assert take_pick(state) == ("gift", "left")


def test_take_heuristic_never_gives_a_neighbour_the_winning_point():
    """Both neighbours can take it: not to the one whom the +1 carries to 25."""
    state = gift_position(["Or3 Bi3", "Or2", "Bi2"], [10, 24, 5])
    assert take_pick(state) == ("gift", "right")
    assert take_pick(state, scores=[10, 5, 24]) == ("gift", "left")


def offer_to_seat_1(tableau, scores):
    """Seat 0 offers Stainless 9 to seat 1 (its left neighbour), who must answer."""
    state = gift_position(tableau, scores)
    play(state, "left")
    assert state.phase == "accept" and state.current_player == 1
    return state


def test_take_heuristic_accepts_a_tie_and_refuses_to_hand_over_the_game():
    """A card that ties seat 2's Stainless is welcome, unless the giver's +1 makes 25."""
    tableau = ["Or3 Bi3", "Or2", "St2"]
    assert take_pick(offer_to_seat_1(tableau, [10, 10, 5])) == ("accept",)
    assert take_pick(offer_to_seat_1(tableau, [24, 10, 5])) == ("refuse",)


def test_take_heuristic_refuses_to_become_the_sole_most_but_takes_the_win():
    """Tied 2-2 in Stainless, a third card would make it the sole most (0): refused; at 24
    the +1 wins the game, so it accepts anyway."""
    tableau = ["Or3 Bi3", "St2 St5", "St6 St7"]
    assert take_pick(offer_to_seat_1(tableau, [10, 10, 10])) == ("refuse",)
    assert take_pick(offer_to_seat_1(tableau, [10, 24, 10])) == ("accept",)


def last_to_play(hand, tableau, table):
    """3 players, trump 4; seats 0 and 1 play `table`, seat 2 holds `hand` and plays last."""
    state = take_position([table[0] + " Or8b", table[1] + " Bi8b", hand], tableau=tableau,
                          trump=4)
    play(state, *table)
    return state


def test_take_heuristic_wins_a_tie_and_ducks_the_sole_most():
    """Seat 0 holds 2 Stainless: with 1 it wins the trick to tie; with 2 it ducks."""
    state = last_to_play("St9 St5", ["Or1 St2 St3", "Bi1", "St1"], ["St6", "Bi8"])
    assert code(take_pick(state)[1]) == "St9"
    state = last_to_play("St9 St5", ["Or1 St2 St3", "Bi1", "St1 St7"], ["St6", "Bi8"])
    assert code(take_pick(state)[1]) == "St5"


def test_take_heuristic_dumps_a_dangerous_card_when_nothing_can_win():
    """A trump is down: it gets rid of the high card of the colour it already leads."""
    state = last_to_play("Or9 Bi3", ["Bi1", "Bi2", "Or1 Or2 Or3"], ["St6", "Bi4"])
    assert state.view(2)["trick"]["cards"][1][1] == take_helpers.card("Bi4")
    assert code(take_pick(state)[1]) == "Or9"


def test_take_heuristic_beats_random_bots_by_a_real_margin():
    """Measured over 200 games at each size: about +4 points a game (stderr ≈ 0.35) and about
    half the wins (fair: 1/3 to 1/6); the floors are 2 points and 1.4 times the fair share."""
    for players in (3, 4, 6):
        diffs, wins = [], 0.0
        for number in range(200):
            hero = number % players
            names = ["heuristic" if s == hero else "random" for s in range(players)]
            state = take_out(players, "take-vs-%d" % number, names)
            scores = state.scores()
            diffs.append(scores[hero] - statistics.fmean(
                [x for s, x in enumerate(scores) if s != hero]))
            wins += (hero in state.winners()) / len(state.winners())
        mean, stderr = statistics.fmean(diffs), statistics.stdev(diffs) / 200 ** 0.5
        assert mean > 2 and mean > 4 * stderr, (players, mean, stderr)
        assert wins / 200 > 1.4 / players, (players, wins / 200)


# --- Taktvoll -----------------------------------------------------------------------------------
from pygame_rules.games.taktvoll import bots as tak_bots  # noqa: E402
import taktvoll_helpers  # noqa: E402

TAK = "taktvoll"
TAK_VARIANTS = ("basic", "thirds", "intervals", "both")


def tak_out(players, seed, names, options=None):
    """Play a whole Taktvoll game with the named bot at each seat; every choice must be legal
    and a tuple (the view's legal list arrives as lists)."""
    bots = [make_bot(TAK, name, "%s:%d" % (seed, s)) for s, name in enumerate(names)]
    state = pygame_rules.new_game(TAK, players, seed, options)
    while not state.is_over:
        action = bot_action(state, bots[state.current_player])
        assert type(action) is tuple and action in state.legal_actions(), action
        state.apply(action)
    return state


def tak_pick(state):
    """The heuristic's action for the current player, as readable codes."""
    view = state.view(state.current_player)
    action = tak_bots.choose(view, view["legal"], random.Random(0))
    assert action in state.legal_actions()
    if action[0] in ("time", "note", "rest"):
        return (action[0], taktvoll_helpers.code(action[1])) + action[2:]
    return action


def test_taktvoll_offers_both_bots_with_descriptions():
    """The registry lists the random and the heuristic bot; each says how it plays."""
    assert bot_names(TAK) == ["easy", "hard", "heuristic", "normal", "random"]
    for name in bot_names(TAK):
        assert make_bot(TAK, name, 1).name == name
        assert bot_description(TAK, name).startswith(name.capitalize())


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_taktvoll_heuristic_never_returns_an_illegal_action(players):
    """Heuristic tables (and heuristic against random) in every variant, with and without the
    rests and the 1/4: every choice is one of the legal actions, as a tuple."""
    for number, variant in enumerate(TAK_VARIANTS):
        options = {"variant": variant, "rests": number % 2 == 0, "one_four": number < 2,
                   "quarter_invertible": number != 1, "compound_intervals": number == 3}
        state = tak_out(players, "tak-legal-%d" % number, ["heuristic"] * players, options)
        assert state.is_over
        names = ["heuristic" if s % 2 else "random" for s in range(players)]
        assert tak_out(players, "tak-mixed-%d" % number, names, options).is_over


def test_taktvoll_heuristic_sees_only_a_json_view_and_leaves_it_unchanged():
    """Through JSON (as to a browser worker) the view gives the same action; the bot never
    changes the view it is given."""
    state = pygame_rules.new_game(TAK, 4, "tak-json", {"variant": "both"})
    rng = random.Random(5)
    while not state.is_over:
        view = state.view(state.current_player)
        mine = tak_bots.choose(view, view["legal"], random.Random(1))
        frozen = copy.deepcopy(view)
        again = tak_bots.choose(json.loads(json.dumps(view)), view["legal"], random.Random(1))
        assert mine == again and view == frozen
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_taktvoll_heuristic_fills_a_bar_exactly_then_plays_the_bonus_bar_line():
    """3/4 holding 8 sixteenths: the quarter that fills it, then the bar line (+3)."""
    state = taktvoll_helpers.position(["Q:E5 E:G4 S:A4 bar*2", "H:D4 bar", "S:B4 bar"],
                                      rows=["3/4 Q:C5 Q:D5"], deck=["W:E4", "W:F4"])
    assert tak_pick(state) == ("note", "Q:E5", 0, 0)
    taktvoll_helpers.play(state, ("Q:E5", 0))
    assert state.phase == "bonus" and tak_pick(state) == ("bar", 0)
    taktvoll_helpers.play(state, ("bar", 0))
    assert state.scores()[0] == 3


def test_taktvoll_heuristic_closes_a_full_bar_left_open():
    """A full bar nobody closed: its bar line scores 2 at once."""
    state = taktvoll_helpers.position(["E:G4 H:C5 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["1/4 Q:C5 bar Q:D5", "3/4 E:F4"],
                                      deck=["W:E4", "W:F4"])
    assert taktvoll_helpers.legal(state)[-1] == ("draw",)
    assert tak_pick(state) == ("bar", 0)


def test_taktvoll_heuristic_does_not_leave_a_bar_one_common_card_short():
    """A bar no single card completes stays so while a safe card remains: 3/4 goes to 2/12,
    not 8/12 (any quarter would complete it); 4/4 at 10/16 is not taken to 12/16 while a clef
    can be played; with nothing safe it draws, and with the deck empty it passes."""
    state = taktvoll_helpers.position(["H:G4 E:A4 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["3/4"], deck=["W:E4", "W:F4"])
    assert tak_pick(state) == ("note", "E:A4", 0, 0)
    row = "4/4 Q:C5 Q:D5 E:E5"
    state = taktvoll_helpers.position(["E:G4 clef bar", "H:D4 bar", "S:B4 bar"], rows=[row],
                                      deck=["W:E4", "W:F4"])
    assert tak_pick(state) == ("clef",)
    state = taktvoll_helpers.position(["E:G4 bar", "H:D4 bar", "S:B4 bar"], rows=[row],
                                      deck=["W:E4", "W:F4"])
    assert tak_pick(state) == ("draw",)
    state = taktvoll_helpers.position(["E:G4 bar", "H:D4 bar", "S:B4 bar"], rows=[row])
    assert tak_pick(state) == ("pass",)


def test_taktvoll_heuristic_plays_for_perfect_intervals_in_variant_two():
    """After C5: G5 (a fifth, +1) rather than A4; an A4 quarter upside down sounds C5 (a
    prime, +1). The basic game sees no difference between the sixteenths."""
    rows, hands = ["3/4 Q:C5"], ["S:A4 S:G5 bar", "H:D4 bar", "S:B4 bar"]
    basic = taktvoll_helpers.position(hands, rows=rows, deck=["W:E4", "W:F4"])
    assert tak_pick(basic) == ("note", "S:A4", 0, 0)
    two = taktvoll_helpers.position(hands, rows=rows, deck=["W:E4", "W:F4"],
                                    options={"variant": "intervals"})
    assert tak_pick(two) == ("note", "S:G5", 0, 0)
    turned = taktvoll_helpers.position(["Q:A4 bar", "H:D4 bar", "S:B4 bar"],
                                       rows=["3/4 E:C5"], deck=["W:E4", "W:F4"],
                                       options={"variant": "intervals"})
    assert tak_pick(turned) == ("note", "Q:A4", 0, 1)


def test_taktvoll_heuristic_plays_a_useful_drawn_card_and_keeps_a_harmful_one():
    """A drawn quarter that fills the bar is played (then the bar line); a drawn eighth that
    would leave the bar one eighth short is kept."""
    state = taktvoll_helpers.position(["W:G5 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["3/4 Q:C5 Q:D5"], deck=["W:E4", "Q:E5"])
    taktvoll_helpers.play(state, "draw")
    assert tak_pick(state) == ("note", "Q:E5", 0, 0)
    state = taktvoll_helpers.position(["W:G5 bar", "H:D4 bar", "S:B4 bar"],
                                      rows=["4/4 Q:C5 Q:D5 Q:E5"], deck=["W:E4", "E:F4"])
    taktvoll_helpers.play(state, "draw")
    assert tak_pick(state) == ("keep",)


def test_taktvoll_heuristic_plays_out_its_last_card():
    """With one card left it plays it and ends the game, everyone else still holding cards."""
    state = taktvoll_helpers.position(["E:A4", "H:D4 bar", "S:B4 bar"],
                                      rows=["4/4 Q:C5 Q:D5 Q:E5"], deck=["W:E4", "W:F4"])
    assert tak_pick(state) == ("note", "E:A4", 0, 0)


def test_taktvoll_heuristic_beats_random_bots_by_a_real_margin():
    """Measured over these 150 games at each size (the heuristic's seat rotates): +16.8 points
    a game over the random seats' mean at 3 players (stderr 0.8), +8.9 at 5 (0.5), +7.0 at 8
    (0.4), and 90%, 66%, 53% of the wins (fair: 33%, 20%, 12.5%). Floors: 4 points, 4 stderrs
    and twice the fair share of wins."""
    for players in (3, 5, 8):
        diffs, wins = [], 0.0
        for number in range(150):
            hero = number % players
            names = ["heuristic" if s == hero else "random" for s in range(players)]
            state = tak_out(players, "tak-vs-%d" % number, names)
            scores = state.scores()
            diffs.append(scores[hero] - statistics.fmean(
                [x for s, x in enumerate(scores) if s != hero]))
            wins += (hero in state.winners()) / len(state.winners())
        mean, stderr = statistics.fmean(diffs), statistics.stdev(diffs) / 150 ** 0.5
        assert mean > 4 and mean > 4 * stderr, (players, mean, stderr)
        assert wins / 150 > 2 / players, (players, wins / 150)


def test_taktvoll_heuristic_beats_random_bots_in_every_variant():
    """4 players, 80 games per variant: measured +12.1 (basic), +12.3 (thirds), +15.2
    (intervals), +13.2 (both) points a game, stderr < 0.9; floor 4."""
    for variant in TAK_VARIANTS:
        diffs = []
        for number in range(80):
            hero = number % 4
            names = ["heuristic" if s == hero else "random" for s in range(4)]
            scores = tak_out(4, "tak-var-%d" % number, names, {"variant": variant}).scores()
            diffs.append(scores[hero] - statistics.fmean(
                [x for s, x in enumerate(scores) if s != hero]))
        assert statistics.fmean(diffs) > 4, (variant, statistics.fmean(diffs))
