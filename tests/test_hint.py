"""Hints (issue 20): Hard's own move, and reasons built only from what its search computed."""

import json
import random

import pytest

from pygame_rules import GAMES, hint, new_game
from pygame_rules.bots import make_bot
from pygame_rules.search import plan

HARD_HERE = 60        # Hard's playouts a move in these tests (200–450 in play)


@pytest.fixture(autouse=True)
def quicker_hard(monkeypatch):
    """Hard searches HARD_HERE playouts a move here: these tests hold the hint's report and
    reasons to the very search that made them, which is the same at any cap (Hard's strength
    is test_bots' and the tournaments')."""
    for game_id in GAMES:
        monkeypatch.setitem(plan(game_id).LEVELS, "hard", HARD_HERE)


def positions(game_id, count=3, seed=5):
    """States at random points of random games where a seat (not an automaton) has a choice."""
    game, out, rng = GAMES[game_id], [], random.Random(seed)
    for players in sorted({game.min_players, game.max_players}):
        state = new_game(game_id, players, seed=seed)
        while not state.is_over and len(out) < count * 2:
            legal = state.legal_actions()
            if len(legal) > 2 and state.current_player not in state.automata and \
                    rng.random() < 0.15:
                out.append(state.clone())
            state.apply(rng.choice(legal))
    return out[:count]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_hards_move_for_the_same_view_and_seed(game_id):
    """The seated Hard bot (no clock) and the hint agree move for move."""
    for i, state in enumerate(positions(game_id)):
        view = state.view(state.current_player)
        bot = make_bot(game_id, "hard", seed=i, clock=False)
        expected = list(bot.act(view, state.legal_actions()))
        found = hint.hint(game_id, view, seed=i, clock=False)
        assert found["action"] == expected
        assert json.loads(json.dumps(found)) == found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reasons_name_legal_moves_and_the_searchs_own_numbers(game_id):
    """Each move named is a legal candidate; each number is one in the report (rounded)."""
    for i, state in enumerate(positions(game_id)):
        view = state.view(state.current_player)
        found = hint.hint(game_id, view, seed=i, clock=False)
        legal = {tuple(a) for a in state.legal_actions()}
        assert {tuple(c) for c in found["candidates"]} <= legal
        assert found["candidates"][found["chosen"]] == found["action"]
        named = {}

        def describe(action):
            """The move's words, remembered with the move."""
            named[state.describe(action)] = action
            return state.describe(action)
        items = hint.reasons(game_id, found, describe)
        numbers = {hint.rounded(x) for x in found["score"]}
        for msg_id, params in items:
            for key, value in params.items():
                if type(value) is tuple:
                    assert value[1]["score"] in numbers
                elif key == "move":
                    assert tuple(named[value]) in legal
                elif msg_id == "ui.hint.samples":
                    assert params == {"moves": len(found["candidates"]),
                                      "count": found["samples"]} and found["samples"] > 0
        for lang in ("en", "ja"):
            lines = hint.words(items, lang)
            assert lines and all(line and "{" not in line for line in lines)


def test_the_reasons_of_a_real_choice_compare_the_best_others():
    """A Take The "A" Chord lead with several candidates: the move, two others, the deals."""
    state = positions("take-a-chord")[0]
    view = state.view(state.current_player)
    found = hint.hint("take-a-chord", view, seed=0, clock=False)
    assert found["how"] == "search" and len(found["candidates"]) >= 3
    items = hint.reasons("take-a-chord", found, state.describe)
    ids = [msg_id for msg_id, _ in items]
    assert ids[0] == "ui.hint.best" and ids.count("ui.hint.other") == 2
    assert ids[-1] == "ui.hint.samples"
    best = items[0][1]["outcome"][1]["score"]
    assert best == hint.rounded(found["score"][found["chosen"]])


def tell_for(game_id, names=("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")):
    """Events in the log's words, as the page tells a move's effects."""
    import importlib
    log = importlib.import_module(GAMES[game_id].package + ".log")
    return lambda events: [line for e in events for line in log.event_lines(e, list(names))]


def last_plays(game_id, count=4, seed=11):
    """States where the seat to play has a choice and its move ends a trick (the trick holds
    a card from every other seat): a move with effects that hang on no hidden card."""
    out, rng = [], random.Random(seed)
    state = new_game(game_id, 4, seed=seed)
    while not state.is_over and len(out) < count:
        view = state.view(state.current_player)
        trick = view.get("trick")
        cards = trick.get("cards") if isinstance(trick, dict) else trick
        legal = state.legal_actions()
        if len(legal) > 1 and cards and len(cards) == 3 and legal[0][0] == "play":
            out.append(state.clone())
        state.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_moves_effects_are_what_the_real_game_then_shows(game_id):
    """Each effect the hint names for a move is an event the real game sets off when that move
    is made, as a spectator sees it: true of the table, never a card dealt for the search."""
    assert effects_checked(game_id) > 0


def effects_checked(game_id):
    """Check the effects of the hints at some positions of a game; how many were checked."""
    checked = 0
    for i, state in enumerate(positions(game_id, count=4)):
        view = state.view(state.current_player)
        found = hint.hint(game_id, view, seed=i, clock=False)
        assert len(found["effects"]) == len(found["candidates"])
        for index in hint.named(found):
            real = state.clone()
            before = len(real.events)
            real.apply(tuple(found["candidates"][index]))
            shown = [real.redact(e, None) for e in real.events[before:]]
            for event in found["effects"][index]:
                assert event in shown
                checked += 1
        unnamed = set(range(len(found["candidates"]))) - set(hint.named(found))
        assert all(found["effects"][i] is None for i in unnamed)
    return checked


@pytest.mark.parametrize("game_id", ["take-a-chord", "take-bamboo"])
def test_a_trick_ending_move_says_who_wins_the_trick(game_id):
    """The last card of a trick: its effects name the trick's winner, as the real game does,
    and the reasons word them as the log does ("Under the rules: … wins the trick …")."""
    states = last_plays(game_id)
    assert states
    for i, state in enumerate(states):
        view = state.view(state.current_player)
        found = hint.hint(game_id, view, seed=i, clock=False)
        chosen = found["chosen"]
        real = state.clone()
        before = len(real.events)
        real.apply(tuple(found["action"]))
        won = [e for e in real.events[before:] if e["type"] == "trick_won"]
        assert won and won[0] in found["effects"][chosen]
        tell = tell_for(game_id)
        items = hint.reasons(game_id, found, state.describe, tell)
        then = [p["what"] for msg_id, p in items if msg_id == "ui.hint.then"]
        assert then[0] == tell(found["effects"][chosen])[:hint.EFFECT_LINES]
        mine = set(tell(found["effects"][chosen]))       # others: only how they differ
        assert all(len(lines) <= hint.OTHER_LINES and not mine & set(lines)
                   for lines in then[1:])
        assert any(name in " ".join(then[0]) for name in ("Ada", "Bo", "Cy", "Di"))
        assert "Under the rules: " in hint.words(items, "en")[1]


def test_effects_leave_out_what_hangs_on_hidden_cards():
    """Taktvoll's draw: the card drawn is hidden from a spectator and differs by deal, so a
    draw sets off nothing the hint may name."""
    state = new_game("taktvoll", 3, seed=2)
    rng = random.Random(2)
    while ("draw",) not in state.legal_actions():
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    assert hint.effects("taktvoll", view, ("draw",), seed=1) == []


def test_rechord_hints_report_fame_ahead_which_is_solo_reward():
    """Re-Chord's hint reports the fame a move leads to by the end (its SCORE, fame ahead),
    not the chord cards' fame so far (0 early on): in the solo game it is the search's own
    reward, candidate by candidate."""
    state = new_game("rechord", 1, seed=5)
    rng = random.Random(5)
    while len(state.legal_actions()) < 3 or state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    found = hint.hint("rechord", state.view(0), seed=1, clock=False)
    assert found["how"] == "search"
    assert found["score"] == pytest.approx(found["value"])
    assert max(found["score"]) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reasons_say_what_the_search_ranks_by_when_a_lower_score_wins(game_id):
    """When a named other move scores more than the chosen one yet the search's reward put it
    no higher, the reasons say what the search ranks by; otherwise they do not."""
    for i, state in enumerate(positions(game_id, count=4)):
        view = state.view(state.current_player)
        found = hint.hint(game_id, view, seed=i, clock=False)
        items = hint.reasons(game_id, found, state.describe)
        said = ("%s.hint.rank" % GAMES[game_id].prefix) in [msg_id for msg_id, _ in items]
        named = hint.named(found)
        chosen = found["chosen"]
        lower = found.get("how") == "search" and any(
            hint.rounded(found["score"][o]) > hint.rounded(found["score"][chosen]) and
            found["value"][o] <= found["value"][chosen] for o in named[1:])
        assert said == lower


def test_a_move_worded_like_one_named_is_not_named_again():
    """Two copies of a card (TAKE's deck) are two candidates but one move to a player: the
    reasons name it once."""
    found = {"candidates": [["play", 1], ["play", 2], ["play", 3]], "chosen": 0,
             "how": "search", "samples": 3, "value": [0.5, 0.4, 0.3], "score": [1, 1, 1],
             "action": ["play", 1]}
    words = {1: "Organic 9", 2: "Organic 9", 3: "Biotech 4"}
    items = hint.reasons("take-bamboo", found, lambda a: words[a[1]])
    assert [p["move"] for m, p in items if m == "ui.hint.other"] == ["Biotech 4"]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_explained_move_is_compared_from_the_view_of_the_seat_that_made_it(game_id):
    """Explaining a move made: the move is among the candidates (at "played"), every candidate
    is legal, the reasons name the seat's move first with its own numbers, then whether the
    search agrees; a move the search would make itself is agreed with."""
    for i, state in enumerate(positions(game_id, count=2)):
        seat = state.current_player
        view = state.view(seat)
        legal = [list(a) for a in state.legal_actions()]
        worst = list(hint.hint(game_id, view, seed=i, clock=False)["candidates"][-1])
        for move in (legal[-1], worst):
            found = hint.explain_move(game_id, view, move, seed=i, clock=False)
            assert found["candidates"][found["played"]] == move
            assert all(c in legal for c in found["candidates"])
            items = hint.reasons(game_id, found, state.describe, tell_for(game_id), "Bo")
            ids = [msg_id for msg_id, _ in items]
            assert items[0][1]["name"] == "Bo" and items[0][1]["move"] == state.describe(
                tuple(move))
            if ids[0] == "ui.explain.played":
                assert items[0][1]["outcome"][1]["score"] == hint.rounded(
                    found["score"][found["played"]])
                agrees = found["chosen"] == found["played"]
                assert ("ui.explain.agree" in ids) == agrees
                assert ("ui.explain.search" in ids) == (not agrees)
                assert ids[-1] == "ui.explain.samples" and items[-1][1]["name"] == "Bo"
            for lang in ("en", "ja"):
                assert all("{" not in line for line in hint.words(items, lang))
    own = positions(game_id, count=1)[0]
    view = own.view(own.current_player)
    mine = hint.hint(game_id, view, seed=7, clock=False)
    found = hint.explain_move(game_id, view, mine["action"], seed=7, clock=False)
    assert found["action"] == mine["action"] and found["played"] == found["chosen"]
