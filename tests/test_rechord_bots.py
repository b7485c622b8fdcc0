"""Re-Chord's bots: the heuristic plays only legal actions in every phase and at every table size
(solo included, as the human against Jim Bot), reads nothing but its view, makes the plays its
strategy promises in set-up positions, and beats the random bot clearly."""

import copy
import json
import random
import statistics

import pytest

import pygame_rules
from pygame_rules.bots import bot_description, bot_names, make_bot, with_automata
from pygame_rules.games.rechord import bots as rc_bots
from pygame_rules.games.rechord.cards import (BLUE, GREEN, GREY, PURPLE, RED, WHITE, WYLDE,
                                              space)

GAME = "rechord"
DOWN = 7
C1, C3, D1, A1, E1, AM1 = 0, 2, 8, 12, 16, 20       # chord cards of the campfire setlist
SONG_DACG = 0                                        # "Uncomfortably Dumb": D A C G


@pytest.fixture(autouse=True)
def strict_bot(monkeypatch):
    """A view the heuristic cannot read fails the test instead of falling back to random."""
    monkeypatch.setattr(rc_bots, "STRICT", True)


def position(board=(), supply=(), hands=None, genres=None, songs=None, players=3, deck=None,
             draws=None, **options):
    """A campfire game at seat 0's turn from a chosen board: [(string, fret, kind, up[, known
    mask])], the supply kinds, hands, genres (one colour per seat), songs and the chord deck
    (top last)."""
    g = players + (players == 1)
    setup = {"hands": hands or [[] for _ in range(g)], "start": 0,
             "board": [[space(s, f), k, up, rest[0] if rest else 0]
                       for s, f, k, up, *rest in board],
             "supply": list(supply),
             "genres": [[c] for c in (genres or [WHITE, RED, BLUE, GREY][:g])],
             "songs": songs or ([1, 2, 3, 4, 5][:players] + [None] * (g - players))}
    if deck is not None:
        setup["deck"] = deck
    if draws is not None:
        setup["draws"] = draws
    opts = dict({"setlist": "campfire", "supply_size": max(3, len(supply))}, **options)
    return pygame_rules.new_game(GAME, players, 1, opts, setup=setup)


def heuristic(state):
    """The heuristic's action for the current player."""
    seat = state.current_player
    return rc_bots.choose(state.view(seat), state.legal_actions(), random.Random(0))


def play_game(players, seed, names, options=None):
    """A whole game with the named bot at each seat (every action checked legal)."""
    state = pygame_rules.new_game(GAME, players, seed, options)
    bots = with_automata(state, [make_bot(GAME, name, "%s:%d" % (seed, s))
                                 for s, name in enumerate(names)])
    while not state.is_over:
        legal = state.legal_actions()
        action = bots[state.current_player].act(state.view(state.current_player), legal)
        assert action in legal
        state.apply(action)
    return state


# --- the registry -----------------------------------------------------------------------------
def test_registry_offers_random_and_heuristic_for_rechord():
    """Re-Chord seats both bots, each with a sentence saying how it plays."""
    assert set(bot_names(GAME)) == {"random", "heuristic", "easy", "normal", "hard"}
    assert bot_names(GAME) == ["easy", "hard", "heuristic", "normal", "random"]
    for name in bot_names(GAME):
        assert make_bot(GAME, name, 1).name == name
        assert bot_description(GAME, name).startswith(name.capitalize() + ":")


# --- always legal -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_plays_legally_to_the_end_at_every_table_size(players):
    """Over random games (options varied, heuristic and random seats mixed, solo against every
    Jim Bot difficulty) the heuristic returns a legal action in every phase, and games end."""
    r = random.Random(players)
    phases = set()
    for g in range(8):
        options = {"difficulty": ("beginner", "session", "touring")[g % 3],
                   "lead_scoring": r.choice(["whole_board", "fret_only", "linear"]),
                   "face_down_scores": r.random() < 0.3, "supply_size": r.choice([0, 3, 6]),
                   "anti_stall": g % 4 != 3}
        state = pygame_rules.new_game(GAME, players, "legal-%d-%d" % (players, g), options)
        seats = ["heuristic" if (s + g) % 3 else "random" for s in range(players)]
        seats[g % players] = "heuristic"
        bots = with_automata(state, [make_bot(GAME, name, g * 10 + s)
                                     for s, name in enumerate(seats)])
        steps = 0
        while not state.is_over:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = bots[seat].act(view, legal)
            assert action in legal, (view["phase"], action)
            if bots[seat].name == "heuristic":
                phases.add(view["phase"])
            state.apply(action)
            steps += 1
            assert steps < 20000, "the game does not end"
    assert {"turn", "claim", "ability", "return", "bag_place"} <= phases


def test_heuristic_ends_games_without_the_anti_stall_guard():
    """With HR-22's guard off, games of heuristic bots alone still end (past the guard's turn
    limit the bot fills the frets)."""
    for players in (2, 3):
        state = play_game(players, "no-guard-%d" % players, ["heuristic"] * players,
                          {"anti_stall": False})
        assert state.end_reason == "frets"


# --- the view and nothing else ------------------------------------------------------------------
def test_heuristic_reads_only_its_view():
    """The same action from the view, a deep copy of it and a JSON round trip of it; the view is
    never changed; and two states that differ only in what the seat cannot see (other hands,
    songs, genres, the bag's order) get the same action."""
    for players in (1, 3, 5):
        state = pygame_rules.new_game(GAME, players, "view-%d" % players)
        rng = random.Random(players)
        checked = 0
        while not state.is_over:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            before = json.dumps(view, sort_keys=True)
            action = rc_bots.choose(view, legal, random.Random(0))
            assert json.dumps(view, sort_keys=True) == before
            assert rc_bots.choose(copy.deepcopy(view), legal, random.Random(0)) == action
            from_json = json.loads(json.dumps(view))
            json_legal = [list(a) for a in legal]
            assert rc_bots.choose(from_json, json_legal, random.Random(0)) == list(action)
            checked += 1
            state.apply(action if rng.random() < 0.7 else legal[rng.randrange(len(legal))])
        assert checked > 30


def test_hidden_information_does_not_change_the_choice():
    """Seat 0's decision depends on its view only: other seats' hands, songs and genres are
    changed between two positions with the same board (and the same cards in play, as a
    setlist makes them: each deck holds the other position's cards), and the choice stays the
    same."""
    board = [(0, 4, WHITE, 1), (1, 4, WHITE, 1), (2, 2, RED, 1), (3, 2, GREY, 1)]
    a = position(board, [WHITE, RED, BLUE, GREEN], hands=[[C1], [D1, A1], [E1]],
                 genres=[WHITE, RED, BLUE], songs=[0, 1, 2], deck=[AM1, C3, 24])
    b = position(board, [WHITE, RED, BLUE, GREEN], hands=[[C1], [AM1, C3], [24]],
                 genres=[WHITE, GREEN, PURPLE], songs=[0, 5, 6], deck=[D1, A1, E1])
    assert a.view(0) == b.view(0)
    assert heuristic(a) == heuristic(b)


# --- what it plays ------------------------------------------------------------------------------
def test_piles_its_own_colour_into_the_fret_where_it_has_picks():
    """Genre scoring is triangular per fret: a third White goes where two Whites already are."""
    state = position([(0, 4, WHITE, 1), (1, 4, WHITE, 1), (0, 5, RED, 1)],
                     [WHITE, BLUE, BLUE, BLUE], hands=[[], [], []])
    action = heuristic(state)
    assert action[:2] == ("supply", WHITE) and action[2] in range(space(0, 4), space(0, 5))


def test_completes_its_chord_and_claims_it():
    """C-1 needs A3 White, D2 Red, B1 Blue: with the first two on the board the Blue goes to B1,
    then the card is claimed."""
    state = position([(1, 3, WHITE, 1), (2, 2, RED, 1)], [BLUE, GREY, GREY, GREY],
                     hands=[[C1], [], []], genres=[GREEN, RED, GREY])
    assert heuristic(state) == ("supply", BLUE, space(4, 1))
    state.apply(("supply", BLUE, space(4, 1)))
    assert state.view(0)["phase"] == "claim"
    assert heuristic(state) == ("claim", C1)


def test_claims_the_lowest_golden_card_first_and_scores_best():
    """C-1 (golden 9) and C-3 (golden 10) completed by one Wylde: C-1 is claimed first and takes
    the silver value, C-3 the golden: 3 + 10."""
    state = position([(1, 3, WHITE, 1), (2, 2, WYLDE, 1)], [WYLDE, GREY, GREY, GREY],
                     hands=[[C3, C1], [], []], genres=[GREEN, RED, GREY])
    state.apply(("supply", WYLDE, space(4, 1)))
    assert heuristic(state) == ("claim", C1)
    state.apply(("claim", C1))
    assert heuristic(state) == ("claim", C3)
    state.apply(("claim", C3))
    assert state.chord_fame(0) == 3 + 10


def test_draws_chord_cards_with_an_empty_hand():
    """No card in hand and no pick worth placing: A3."""
    state = position([], [BLUE, BLUE, BLUE], hands=[[], [], []], genres=[WHITE, RED, GREY])
    assert heuristic(state) == ("chords",)


def test_returns_the_cards_outside_its_song():
    """Song D A C G; after drawing E-1 and Am-1 onto C-1, D-1, A-1 it gives back E-1 and Am-1."""
    state = position([], [BLUE, BLUE, BLUE], hands=[[C1, D1, A1], [], []],
                     songs=[SONG_DACG, 1, 2], deck=[24, 25, AM1, E1])
    state.apply(("chords",))
    returned = set()
    while state.view(0)["phase"] == "return":
        action = heuristic(state)
        if action == ("done",):
            break
        returned.add(action[1])
        state.apply(action)
    assert returned == {E1, AM1}
    assert sorted(state.view(0)["hand"]) == [C1, D1, A1]


def test_red_removes_the_leaders_cluster_not_its_own_colour():
    """Three Greens in one fret are someone's genre: the Red takes one of them, never a White."""
    greens = [(s, 5, GREEN, 1) for s in range(3)]
    state = position(greens + [(0, 4, WHITE, 1), (1, 4, WHITE, 1), (5, 1, BLUE, 1)],
                     [RED, GREY, GREY, GREY], hands=[[], [], []], genres=[WHITE, RED, BLUE])
    state.apply(("supply", RED, space(5, 4)))
    action = heuristic(state)
    assert action[0] == "remove" and action[1] in [space(s, 5) for s in range(3)]


def test_skips_an_ability_that_would_hurt_itself():
    """A Red with only its own colour on the board to remove: skip."""
    state = position([(0, 4, WHITE, 1), (1, 4, WHITE, 1)], [RED, GREY, GREY, GREY],
                     hands=[[], [], []], genres=[WHITE, RED, BLUE])
    state.apply(("supply", RED, space(0, 5)))
    assert heuristic(state) == ("skip",)


def test_green_clears_the_clustered_colour_and_grey_hides_it():
    """Green in a fret with two Blues and a White of its own clears the Blues; a Grey flips one of
    the clustered Blues face down."""
    board = [(0, 5, BLUE, 1), (1, 5, BLUE, 1), (2, 5, WHITE, 1), (3, 5, BLUE, 1)]
    state = position(board, [GREEN, GREY, GREY, GREY], hands=[[], [], []],
                     genres=[WHITE, RED, GREY])
    state.apply(("supply", GREEN, space(5, 5)))
    assert heuristic(state) == ("clear", BLUE)
    state = position(board, [GREY, GREY, GREY, GREY], hands=[[], [], []],
                     genres=[WHITE, RED, GREEN])
    state.apply(("supply", GREY, space(5, 5)))
    action = heuristic(state)
    assert action[0] == "flip" and action[1] in (space(0, 5), space(1, 5), space(3, 5))


def test_purple_reveals_its_own_hidden_pick_in_its_cluster():
    """A face-down White it knows lies among its two face-up Whites: the Purple turns it up."""
    board = [(0, 4, WHITE, 1), (1, 4, WHITE, 1), (2, 4, WHITE, 0, 1), (0, 1, RED, 0)]
    state = position(board, [PURPLE, GREY, GREY, GREY], hands=[[], [], []],
                     genres=[WHITE, RED, BLUE])
    state.apply(("supply", PURPLE, space(5, 5)))
    assert heuristic(state) == ("reveal", space(2, 4))


def test_adjacent_removal_after_a_bag_pick_spares_its_own_colour():
    """Its face-down pick lies between its own White and a clustered Green: the Green goes."""
    board = [(0, 5, GREEN, 1), (1, 5, GREEN, 1), (3, 5, WHITE, 1), (0, 4, WHITE, 1)]
    state = position(board, [GREY, GREY, GREY], hands=[[], [], []],
                     genres=[WHITE, RED, BLUE], draws=[BLUE])
    state.apply(("bag",))
    state.apply(("place", space(2, 5)))
    assert heuristic(state) == ("remove", space(1, 5))


# --- strength -------------------------------------------------------------------------------------
GAMES_3P = 90


def test_heuristic_beats_random_clearly_in_three_player_games(capsys):
    """One heuristic seat against two random seats (seats rotated) over seeded games: far more
    fame on average and most of the wins."""
    mine, theirs, wins = [], [], 0.0
    for g in range(GAMES_3P):
        names = ["random"] * 3
        names[g % 3] = "heuristic"
        state = play_game(3, "strength-%d" % g, names)
        seat = g % 3
        mine.append(state.final[seat]["total"])
        theirs += [state.final[s]["total"] for s in range(3) if s != seat]
        if seat in state.winners():
            wins += 1 / len(state.winners())
    with capsys.disabled():
        print("\nRe-Chord 3p, heuristic vs 2 random over %d games: mean fame %.1f vs %.1f, "
              "heuristic win share %.2f" % (GAMES_3P, statistics.mean(mine),
                                            statistics.mean(theirs), wins / GAMES_3P))
    assert statistics.mean(mine) > statistics.mean(theirs) + 15
    assert wins / GAMES_3P > 0.8
