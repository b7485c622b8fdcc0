"""Undo, fair to hidden information (issue 18): `undoable`, `undo_refusal` and `undo`, checked
for every game across random games against an oracle written here from the events alone."""

import json
import random

import pytest

import pygame_rules
from pygame_rules import IllegalAction
from pygame_rules.messages import CATALOGUE, text

GAMES = sorted(pygame_rules.GAMES)

# The oracle, from the rules documents (/work/shared/rules/*.md), independent of the observers'
# `reveals`: an action may be taken back by its seat unless one of its new events, as that seat
# sees it, (a) is chance or a turn-up every seat sees (a deal, a draw from a pile, the
# non-player's stack, a face-down pick turned or flipped, Jim Bot's deck, the end showing all),
# or (b) shows the seat more than a spectator sees, except an event of its own choice (cards it
# chose to pass, a face-down pick it placed or moved knowing it, a card it returned).
PUBLIC_CHANCE = {
    "take-bamboo": {"round_start", "initial_bamboo", "initial_double", "game_end"},
    "taktvoll": {"deal", "game_end"},
    "take-a-chord": {"venue_start", "game_end"},
    "rechord": {"deal", "reveal", "flip", "jim_shuffle", "jim_icon", "jim_plan", "jim_ability",
                "jim_row", "game_end"},
}
OWN_CHOICE = {
    "take-bamboo": {"pass_chosen"},
    "taktvoll": set(),
    "take-a-chord": set(),
    "rechord": {"place", "move", "to_bag", "return"},
}


def oracle(game, before_len, state, seat):
    """True if the last action, taken by `seat`, showed it nothing hidden (from its events)."""
    mine = state.events_for(seat)[before_len:]
    public = state.events_for(None)[before_len:]
    for seen, shown in zip(mine, public):
        kind = seen["type"]
        if kind in PUBLIC_CHANCE[game]:
            return False
        if game == "take-a-chord" and kind == "card_played" and seen["non_player"]:
            return False                       # the non-player's stack gave a card
        if seen != shown and kind not in OWN_CHOICE[game]:
            return False
    return True


def tables(game_id):
    """Smallest, a middle and largest table of a game."""
    g = pygame_rules.GAMES[game_id]
    return sorted({g.min_players, (g.min_players + g.max_players) // 2, g.max_players})


def played(game_id, players, seed):
    """Yield (before, action, after) for each step of a seeded random game."""
    state = pygame_rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state


def same(a, b):
    """Equal saves, views for every seat and event logs."""
    assert a.to_json() == b.to_json()
    for s in [None, *range(a.players)]:
        assert json.dumps(a.view(s), sort_keys=True) == json.dumps(b.view(s), sort_keys=True)
    assert a.events == b.events


@pytest.mark.parametrize("game_id", GAMES)
def test_undoable_matches_the_events_and_undo_replays(game_id):
    """At every step of random games: only the acting seat may undo, exactly when the oracle
    allows it; undo then the same action again gives the identical state."""
    checked = undone = 0
    for players in tables(game_id):
        for seed in (players,):
            for i, (before, action, after) in enumerate(played(game_id, players, seed)):
                actor = before.current_player
                over = after.is_over
                seats = range(players) if i % 5 == 0 or over else [actor % players]
                for seat in seats:             # every seat at every fifth step, else the actor
                    ok = after.undoable(seat)
                    if seat != actor or over:
                        assert not ok, (seat, actor, over)
                    else:
                        assert ok == oracle(game_id, len(before.events), after, seat)
                    checked += 1
                assert after.undoable(None) is False
                assert after.undoable(actor, practice=True) if actor < players else True
                if i % 3 and not over or over:
                    who = actor if actor < players else 0
                    back = after.undo(who, practice=True)
                    same(back, before)
                    back.apply(action)
                    same(back, after)
                    undone += 1
    assert checked > 300 and undone > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_practice_undo_back_to_a_seats_turn_is_one_replay_not_one_per_move(game_id, monkeypatch):
    """before_turn(seat) gives the state that taking moves back one at a time (practice) until
    it is the seat's turn gives, or the set-up; and it builds at most two new games, whatever
    the number of moves taken back (the page's practice undo took one replay per bot move)."""
    import pygame_rules.core as core
    built = []
    real_new_game = core.new_game

    def counting(*args, **kwargs):
        built.append(args[0])
        return real_new_game(*args, **kwargs)

    checked = 0
    for players in tables(game_id)[:2]:
        steps = [before for before, _action, _after in played(game_id, players, players + 7)]
        for i in sorted({1, 2, len(steps) // 3, len(steps) // 2, len(steps) - 1}):
            after = steps[i]                       # the game after its first i moves
            for seat in range(players):
                slow = after.undo(seat, practice=True)
                while slow.history and slow.current_player != seat:
                    slow = slow.undo(seat, practice=True)
                built.clear()
                monkeypatch.setattr(core, "new_game", counting)
                fast = after.before_turn(seat)
                monkeypatch.setattr(core, "new_game", real_new_game)
                assert len(built) <= 2
                same(fast, slow)
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_refusals(game_id):
    """False at the start; after the end only in practice; a refused undo raises IllegalAction
    with a catalogue message and parameters, and leaves the state as it was."""
    g = pygame_rules.GAMES[game_id]
    start = pygame_rules.new_game(game_id, g.min_players, seed=3)
    for seat in range(g.min_players):
        assert not start.undoable(seat) and not start.undoable(seat, practice=True)
        assert start.undo_refusal(seat) == ("undo.nothing", {})
    for before, action, after in played(game_id, g.min_players, 3):
        pass
    assert after.is_over
    saved = after.to_json()
    for seat in range(after.players):
        assert after.undo_refusal(seat) == ("undo.over", {})
        with pytest.raises(IllegalAction) as err:
            after.undo(seat)
        assert err.value.msg_id == "undo.over" and err.value.message
        assert after.to_json() == saved
    same(after.undo(0, practice=True), before)


@pytest.mark.parametrize("game_id", GAMES)
def test_refusal_messages(game_id):
    """Every refusal met in a random game is in the catalogue, with its parameters filled."""
    seen = set()
    for players in tables(game_id):
        for i, (before, action, after) in enumerate(played(game_id, players, 7)):
            for seat in {before.current_player % players, i % players}:
                refusal = after.undo_refusal(seat)
                if refusal is None:
                    continue
                msg_id, params = refusal
                assert msg_id in CATALOGUE["en"]
                words = text(msg_id, params)
                assert "{" not in words and len(words) < 120
                if msg_id != "undo.over":
                    assert params["seat"] == seat
                seen.add(msg_id)
    assert {"undo.not_last", "undo.over"} <= seen


def test_a_loaded_save_undoes_alike():
    """Undo needs no state beyond the save: a loaded game undoes as the one that was saved."""
    for game_id in GAMES:
        for before, action, after in played(game_id, pygame_rules.GAMES[game_id].max_players, 5):
            if after.undoable(before.current_player):
                loaded = pygame_rules.load_state(after.to_json())
                assert loaded.undoable(before.current_player)
                same(loaded.undo(before.current_player), after.undo(before.current_player))
                break
        else:
            pytest.fail("no undoable step in %s" % game_id)
