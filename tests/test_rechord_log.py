"""Re-Chord's event log in words: every event type of many games is told, for every seat's
redacted log and for spectators, with nothing hidden leaking and no template left unfilled."""

import random

import pygame_rules
from pygame_rules.games.rechord.cards import (CHORDS, KINDS, card_label, space, space_name)
from pygame_rules.games.rechord.log import describe_event, event_lines, kinds_words
from pygame_rules.messages import text

NAMES = ["Ana", "Ben", "Cy", "Di", "Eve"]
EVENT_TYPES = {"game_start", "deal", "turn", "place", "bag_draw", "to_bag", "move", "swap",
               "flip", "reveal", "skip", "chords", "return", "claim", "decline", "fret_scored",
               "game_end", "jim_plan", "jim_icon", "jim_shuffle", "jim_pass", "jim_ability",
               "jim_row"}
KIND_WORDS = [text("rc.name.kind." + k) for k in KINDS]


def random_game(players, seed, options=None, chords_first=False):
    """A finished game of random legal actions (or, with `chords_first`, one that mostly
    draws chord cards: the chord deck runs dry and the anti-stall rule ends it)."""
    state = pygame_rules.new_game("rechord", players, seed, options)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        wanted = [a for a in legal if a[0] in ("chords", "return", "done", "claim")]
        if chords_first and wanted and rng.random() < 0.9:
            state.apply(wanted[rng.randrange(len(wanted))])
        else:
            state.apply(legal[rng.randrange(len(legal))])
    return state


def jim_pass_game():
    """Solo, Jim Bot to play: 29 picks on the board and 6 in the supply leave the bag empty,
    and his bag icon finds nothing to draw."""
    kinds = [k for k in range(7) for _ in range(5)]
    supply = [6, 6, 6, 6, 6, 5]
    for k in supply:
        kinds.remove(k)
    board = [[sp, kinds[i], 0, 0] for i, sp in enumerate(range(1, 30))]
    state = pygame_rules.new_game("rechord", 1, 1, {"supply_size": 6, "setlist": "campfire"},
                                  setup={"hands": [[0], [4, 8, 16]], "board": board,
                                         "supply": supply, "icons": [-1], "start": 1})
    state.apply(("jim",))                     # his one step: the icon, and he passes
    return state


def games():
    """Games of every size, with each difficulty, scoring option and ending."""
    out = [jim_pass_game()]
    for players in range(1, 6):
        for seed in range(8 if players == 1 else 3):
            options = {"difficulty": ("beginner", "session", "touring")[seed % 3]} \
                if players == 1 else {"face_down_scores": seed % 2 == 0}
            out.append(random_game(players, seed, options))
        out.append(random_game(players, 100 + players, chords_first=True))
    return out


def check_lines(event, names):
    """The event's lines are sentences with every field filled; returns them."""
    lines = event_lines(event, names)
    assert lines, event
    for line in lines:
        assert line and line[0].isupper(), (line, event)
        assert "None" not in line and "{" not in line and "}" not in line, (line, event)
        assert line.rstrip()[-1] in ".!:", (line, event)
    assert describe_event(event, names) == "\n".join(lines)
    return lines


def test_every_event_of_many_games_is_told_for_every_seat_and_spectators():
    """All event types occur; each is told in the omniscient log, in every seat's redacted
    log and a spectator's; someone else's hidden pick, cards, song and genre never show."""
    seen, endings = set(), set()
    for state in games():
        names = NAMES[:state.players]
        for event in state.events:
            check_lines(event, names)
            seen.add(event["type"])
            if event["type"] == "game_end":
                endings.add(event["reason"])
        for seat in list(range(state.players)) + [None]:
            for event in state.events_for(seat):
                lines = check_lines(event, names)
                etype = event["type"]
                mine = event.get("seat") == seat
                if etype == "bag_draw" and not mine:
                    assert not any(k in lines[0] for k in KIND_WORDS), lines
                if etype == "place" and not event["up"] and not mine:
                    assert lines == ["%s places a pick face down on %s." % (
                        names[event["seat"]] if event["seat"] < len(names) else "Jim Bot",
                        space_name(event["space"]))]
                if etype == "chords" and not mine:
                    assert "-" not in lines[0].split("(")[0], lines
                if etype == "return" and not mine:
                    assert lines[0].endswith("returns a chord card to the bottom of the "
                                             "chord deck.")
                if etype == "deal":
                    told = " ".join(lines)
                    if seat is not None:
                        assert "Song of %s:" % names[seat] in told
                        assert "Genre of %s:" % names[seat] in told
                    for other, name in enumerate(names):
                        if other != seat:
                            assert name + " holds" not in told
                            assert "Song of %s:" % name not in told
                            assert "Genre of %s:" % name not in told
    assert seen == EVENT_TYPES
    assert endings == {"frets", "stall"}


def test_a_few_exact_sentences():
    """Face-down placements, claims, Jim Bot, a Wylde, the turn's refill, the deal."""
    names = ["Ana", "Ben", "Cy"]
    d3 = space(2, 3)
    assert describe_event({"type": "place", "seat": 0, "space": d3, "kind": None, "up": False,
                           "via": "bag"}, names) == "Ana places a pick face down on D3."
    assert describe_event({"type": "place", "seat": 0, "space": d3, "kind": 1, "up": False,
                           "via": "bag"}, names) == \
        "Ana places the drawn Red pick face down on D3."
    assert describe_event({"type": "bag_draw", "seat": 1, "kind": None, "bag": 20}, names) == \
        "Ben draws a pick from the bag (20 left in it)."
    g2 = 5
    assert card_label(g2) == "G-2" and CHORDS[g2][1] == "G"
    assert describe_event({"type": "claim", "seat": 1, "card": g2, "instant": 4,
                           "spaces": [space(0, 3), space(1, 2), space(4, 3), space(5, 3)]},
                          names) == "Ben completes G-2 on E3, A2, B3 and e3 (silver 4, golden 9)."
    assert describe_event({"type": "to_bag", "seat": 2, "space": space(1, 3), "kind": None,
                           "up": False, "why": "red"}, names) == \
        "Red: Cy returns the face-down pick on A3 to the bag."
    assert describe_event({"type": "to_bag", "seat": 2, "space": space(1, 3), "kind": 4,
                           "up": True, "why": "wylde"}, names) == \
        "Cy places the Wylde on A3: the Purple pick there goes back to the bag."
    assert describe_event({"type": "chords", "seat": 0, "cards": 2, "deck": 9}, names) == \
        "Ana draws 2 chord cards (9 left in the chord deck)."
    assert describe_event({"type": "chords", "seat": 0, "cards": [0, 5], "deck": 9}, names) \
        == "Ana draws C-1 and G-2 (9 left in the chord deck)."
    assert describe_event({"type": "turn", "seat": 2, "refill": [1], "supply": [1, 1, 6],
                           "bag": 17}, names) == \
        "Cy to play: the supply gets Red from the bag and now holds 2 Red and Wylde; 17 picks " \
        "are left in the bag."
    assert describe_event({"type": "skip", "seat": 0, "phase": "ability_green"}, names) == \
        "Ana does not use the Green pick's ability."
    solo = ["Ana"]
    assert describe_event({"type": "jim_icon", "seat": 1, "icon": 1}, solo) == \
        "Jim Bot turns up the Red icon: a Red pick from the supply if there is one, else a " \
        "pick from the bag."
    assert describe_event({"type": "place", "seat": 1, "space": 0, "kind": None, "up": False,
                           "via": "bag"}, solo) == "Jim Bot places a pick face down on E1."
    assert describe_event({"type": "jim_row", "seat": 1, "cards": [], "deck": 0}, solo) == \
        "Jim Bot cannot refill his open row: the chord deck is empty."
    assert kinds_words([3, 6, 6, 6]) == "Grey and 3 Wylde"


def final_row(seat, chords, song, genre, cards, genres, song_id):
    """One guitarist's line of the final scoring."""
    return {"seat": seat, "chords": chords, "song": song, "genre": genre,
            "total": chords + song + genre, "cards": cards, "genres": genres,
            "song_id": song_id}


def test_game_end_tells_each_guitarist_and_the_tie_break():
    """The end: reason, one line per guitarist, the winner and what decided a tie."""
    names = ["Ana", "Ben", "Cy"]
    final = [final_row(0, 10, 18, 12, 3, [3], 0), final_row(1, 20, 0, 20, 4, [4], 1),
             final_row(2, 0, 0, 30, 0, [5], 2)]
    lines = event_lines({"type": "game_end", "reason": "frets", "final": final,
                         "winners": [1], "jim": None}, names)
    assert lines == [
        "All five frets are scored: the game ends.",
        "Ana: 10 for chords (3 cards) + 18 for the song (D, A, C and G) + 12 for Crux of "
        "Metal (Grey) = 40 fame.",
        "Ben: 20 for chords (4 cards) + 0 for the song (C, G, A and E) + 20 for Essence of "
        "Jazz (Purple) = 40 fame.",
        "Cy: 0 for chords (0 cards) + 0 for the song (C, G, E and Em) + 30 for Temper of "
        "Punk (Green) = 30 fame.",
        "The game is over. Ben wins: tied on 40 fame, the higher genre fame (20) decides."]
    final[0]["genre"], final[0]["total"] = 20, 48
    final[1]["chords"], final[1]["total"] = 28, 48
    lines = event_lines({"type": "game_end", "reason": "stall", "final": final,
                         "winners": [1], "jim": None}, names)
    assert lines[0].startswith("Too many turns passed without a new pick")
    assert lines[-1] == "The game is over. Ben wins: tied on 48 fame and 20 genre fame, more " \
                        "completed chord cards (4) decide."
    lines = event_lines({"type": "game_end", "reason": "frets", "final": final,
                         "winners": [0, 1], "jim": None}, names)
    assert lines[-1] == "The game is over. Ana and Ben share the win with 48 fame (tied on " \
                        "fame, genre fame and completed chord cards)."
    solo = [final_row(0, 7, 0, 15, 2, [0], 4), final_row(1, 12, 0, 10, 3, [1, 2], None)]
    lines = event_lines({"type": "game_end", "reason": "frets", "final": solo, "winners": [],
                         "jim": 1}, ["Ana"])
    assert lines[1:] == [
        "Ana: 7 for chords (2 cards) + 0 for the song (C, A, E and Am) + 15 for White genre "
        "= 22 fame.",
        "Jim Bot: 12 for chords (3 cards) + 10 for Red genre and Blue genre = 22 fame.",
        "Ana and Jim Bot tie at 22: a tie is a loss against Jim Bot."]
    solo[0]["total"] = 30
    lines = event_lines({"type": "game_end", "reason": "frets", "final": solo, "winners": [0],
                         "jim": 1}, ["Ana"])
    assert lines[-1] == "Ana outscores Jim Bot, 30 to 22: a win!"


def test_solo_log_names_jim_bot_and_hides_his_genre_until_the_end():
    """Seat 1 of a solo game is Jim Bot; his open row is public, his genre told only at
    the end."""
    state = random_game(1, 7, {"difficulty": "touring"})
    lines = [line for e in state.events_for(0) for line in event_lines(e, ["Ana"])]
    assert lines[0].startswith("A solo game of Re-Chord begins: Ana against Jim Bot (Touring "
                               "Rockstar)")
    assert any(line.startswith("Jim Bot's open row: ") for line in lines)
    assert any(line.startswith("Genre of Ana: ") for line in lines)
    assert not any(line.startswith("Genre of Jim Bot") for line in lines)
    assert any(line.startswith("Jim Bot to play: ") for line in lines)
    assert lines[-2].startswith("Jim Bot: ") and " and " in lines[-2].split(" for ")[-1]


def test_the_page_log_of_a_solo_game_tells_the_solo_deal_with_every_seat_named():
    """The page names every seat, Jim Bot's too; its log still tells the solo deal (the
    human's cards, Jim Bot's open row), never that every guitarist gets three cards, and
    Jim Bot's final line counts the cards left in his row (balanced, HR-28)."""
    import pathlib
    import sys
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
    import tables.rechord as rc
    state = random_game(1, 9, {"difficulty": "touring"})
    lines = rc.log_lines(state.events_for(0), ["Ana", "Jim Bot"])
    deal = [line for line in lines if "chord cards make the deck" in line]
    assert deal == [text("rc.ev.deal_solo", {"human": "Ana", "count": 3,
                                             "deck": 28 - 3 - 7})]
    assert any(line.startswith("Jim Bot's open row: ") for line in lines)
    assert "for the cards left in his row" in lines[-2]
