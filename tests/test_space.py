"""Each game's `space` part: `max_moves` bounds every game's length (random and heuristic play,
the smallest and largest tables, default and other options), and every legal action has a
number of the game's ActionSpace that reads back as that action."""

import functools
import random

import pytest

from pygame_rules import new_game
from pygame_rules.actions import action_space
from pygame_rules.bots import bot_action, make_bot, with_automata
from pygame_rules.core import GAMES, IllegalAction

RANDOM_GAMES = 40           # seeded random games per game, table size and options
HEURISTIC_GAMES = 10        # games of the heuristic bot at every seat

# (game, options): the defaults and some other options of each game
CASES = (
    ("take-a-chord", {}),
    ("take-a-chord", {"blocked_improvisation_changes_key": False,
                      "match_face_up_round_only": False, "non_player_pair_changes_key": True}),
    ("take-bamboo", {}),
    ("take-bamboo", {"deck": "six", "trump": "2", "penalty": "trick_winner"}),
    ("take-bamboo", {"deck": "six", "trick_extra": "none"}),
    ("taktvoll", {}),
    ("taktvoll", {"variant": "both", "rests": False, "one_four": False,
                  "quarter_invertible": False}),
    ("rechord", {}),
    ("rechord", {"supply_size": 6, "difficulty": "touring", "jim_strength": "classic",
                 "face_down_scores": True}),
    ("rechord", {"difficulty": "legend", "supply_size": 3}),
)
TABLES = [(game_id, players, options) for game_id, options in CASES
          for players in sorted({GAMES[game_id].min_players, GAMES[game_id].max_players})]
IDS = ["%s-%d-%s" % (g, n, ",".join("%s=%s" % kv for kv in sorted(o.items())) or "defaults")
       for g, n, o in TABLES]
# Jim Bot's seat at Legend is the search's (slow): that table is played at random only
HEURISTIC_TABLES = [(t, i) for t, i in zip(TABLES, IDS) if t[2].get("difficulty") != "legend"]


def bound(game_id, players, options):
    """The game's max_moves for its full options."""
    full = GAMES[game_id].resolve_options(options)
    return GAMES[game_id].part("space").max_moves(players, full)


def _key(options):
    """Options as a hashable key (for the caches)."""
    return tuple(sorted(options.items()))


@functools.lru_cache(maxsize=None)
def random_games(game_id, players, options_key):
    """The lengths of RANDOM_GAMES seeded random games, and every legal action they offered."""
    lengths, seen = [], set()
    for seed in range(RANDOM_GAMES):
        state = new_game(game_id, players, seed=seed, options=dict(options_key))
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            seen.update(legal)
            state.apply(rng.choice(legal))
        lengths.append(len(state.history))
    return lengths, seen


@functools.lru_cache(maxsize=None)
def heuristic_games(game_id, players, options_key):
    """The lengths of HEURISTIC_GAMES games of the heuristic bot at every seat (the engine
    playing its automata, as tournament.play_one does), and every legal action they offered."""
    lengths, seen = [], set()
    for seed in range(HEURISTIC_GAMES):
        state = new_game(game_id, players, seed="space-%d" % seed, options=dict(options_key))
        bots = with_automata(state, [make_bot(game_id, "heuristic", seed="%d/%d" % (seed, s),
                                              clock=False) for s in range(players)],
                             seed=seed, clock=False)
        while not state.is_over:
            seen.update(state.legal_actions())
            state.apply(bot_action(state, bots[state.current_player]))
        lengths.append(len(state.history))
    return lengths, seen


@pytest.mark.parametrize("game_id,players,options", TABLES, ids=IDS)
def test_random_games_stay_within_max_moves(game_id, players, options):
    """No seeded random game is longer than the game's bound."""
    limit = bound(game_id, players, options)
    assert type(limit) is int and limit > 0
    lengths, _ = random_games(game_id, players, _key(options))
    assert len(lengths) == RANDOM_GAMES
    assert max(lengths) <= limit, (max(lengths), limit)


@pytest.mark.parametrize("game_id,players,options", [t for t, _ in HEURISTIC_TABLES],
                         ids=[i for _, i in HEURISTIC_TABLES])
def test_heuristic_games_stay_within_max_moves(game_id, players, options):
    """No game of the heuristic bot (with the engine's automata) is longer than the bound."""
    limit = bound(game_id, players, options)
    lengths, _ = heuristic_games(game_id, players, _key(options))
    assert len(lengths) == HEURISTIC_GAMES
    assert max(lengths) <= limit, (max(lengths), limit)


@pytest.mark.parametrize("players", (3, 4))
def test_take_a_chord_bound_is_the_exact_length(players):
    """Every game of Take The "A" Chord is 8 cards a seat, a venue a seat: 8n² actions."""
    assert bound("take-a-chord", players, {}) == 8 * players * players
    lengths, _ = random_games("take-a-chord", players, ())
    assert set(lengths) == {8 * players * players}


def test_the_bounds_at_the_default_options():
    """The formulas' values (docs in each space.py): a change to a rule's number shows here."""
    values = {game_id: [bound(game_id, n, {}) for n in
                        range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)]
              for game_id in GAMES}
    assert values == {"take-a-chord": [72, 128], "take-bamboo": [225, 258, 267, 270],
                      "taktvoll": [408, 490, 580, 654, 742, 818],
                      "rechord": [1629, 2430, 5311, 9632, 15633]}


def test_options_move_the_bounds_their_way():
    """Fewer cards (Taktvoll without rests or 1/4) or no extras (TAKE) lower a bound; three
    1s of a colour (TAKE's "six" deck) or a larger supply (Re-Chord) raise it."""
    assert bound("taktvoll", 3, {"rests": False, "one_four": False}) < bound("taktvoll", 3, {})
    assert bound("take-bamboo", 4, {"trick_extra": "none"}) < bound("take-bamboo", 4, {})
    assert bound("take-bamboo", 4, {"deck": "six"}) > bound("take-bamboo", 4, {})
    assert bound("rechord", 2, {"supply_size": 6}) > bound("rechord", 2, {})


@pytest.mark.parametrize("players,options", [(2, {}), (5, {}), (1, {"difficulty": "legend"})])
def test_rechord_without_anti_stall_has_no_bound(players, options):
    """With anti_stall off, guitarists who only draw chord cards (A3: draw two, return two,
    done) never end the game: max_moves says None, and 2,000 actions later the game goes on
    with an empty board."""
    options = {**options, "anti_stall": False}
    assert bound("rechord", players, options) is None
    assert bound("rechord", players, {**options, "anti_stall": True}) > 0
    state = new_game("rechord", players, seed=1, options=options)
    while len(state.history) < 2000:
        legal = state.legal_actions()
        action = next(a for a in (("chords",), ("done",)) if a in legal) if \
            ("chords",) in legal or ("done",) in legal else \
            next(a for a in legal if a[0] == "return")
        state.apply(action)
        assert not state.is_over
    assert state.occ == 0 and state.turns > 300


# --- the action space -------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_legal_action_seen_has_a_number_that_reads_back(game_id):
    """Every legal action offered in the games above: a number below the space's size that
    decodes to that action; different actions, different numbers."""
    space = action_space(game_id)
    seen = set()
    for gid, players, options in TABLES:
        if gid == game_id:
            seen |= random_games(gid, players, _key(options))[1]
            if options.get("difficulty") != "legend":
                seen |= heuristic_games(gid, players, _key(options))[1]
    assert len(seen) > 30
    numbers = set()
    for action in seen:
        number = space.number(action)
        assert type(number) is int and 0 <= number < space.size, action
        assert space.action(number) == action
        assert space.kind_of(number) == action[0]
        numbers.add(number)
    assert len(numbers) == len(seen)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_space_refuses_unknown_actions_and_numbers(game_id):
    """An action the game can never have, or a number out of range (or not an int), is an
    IllegalAction; the last number is the last action."""
    space = action_space(game_id)
    kind = space.kinds[0]
    for action in (("no such kind",), (kind, 10_000), (kind,) * 9, [kind, 0], "play", None,
                   (kind, [0])):
        with pytest.raises(IllegalAction):
            space.number(action)
    for number in (space.size, -1, 10 ** 9, "0", 1.0, True, None):
        with pytest.raises(IllegalAction):
            space.action(number)
    assert space.number(space.action(space.size - 1)) == space.size - 1
    assert space.number(space.action(0)) == 0
