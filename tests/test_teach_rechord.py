"""Re-Chord's teachable moments (issue 20): each comes in a scripted position where its rule
first applies, and not a move before; what another seat may not see never reaches a lesson;
the page lights each mark on the table."""

import pathlib
import sys
from html.parser import HTMLParser

import pytest

import teach_helpers
from pygame_rules import teach
from pygame_rules.games.rechord.cards import BLUE, GREEN, GREY, PURPLE, RED, WHITE, WYLDE
from rechord_helpers import action, card, position, solo, sp
from teach_helpers import at

GAME = "rechord"
NAMES = ["Ana", "Bo", "Cy"]


def taught(state, seat, moves):
    """[(move index, lesson id)] given to `seat` while the moves are played (shorthands of
    rechord_helpers; "jim" is one step of Jim Bot's turn)."""
    return teach_helpers.taught(state, seat, moves, action)


def lesson_of(state, seat, moves, lesson_id):
    """The lesson itself, given to `seat` while the moves are played."""
    return teach_helpers.lesson_of(state, seat, moves, lesson_id, action)


def say(item, names=NAMES[:2], lang="en"):
    """The lesson's sentence."""
    return teach.words(GAME, item, names, lang)[1]


def two(board="", supply="R B G", hands=("", ""), **kw):
    """A 2-player position, seat 0 to play."""
    return position(board, supply, hands=hands, **kw)


# --- the three actions ------------------------------------------------------------------------------
def test_the_aim_comes_first_with_your_own_song_and_genre():
    """The first look teaches the aim, before the first action's tip: the most fame, from
    chord cards, the seat's secret song and genre (its own, never another's); solo, more
    fame than Jim Bot."""
    assert taught(two(), 0, [])[:2] == [(0, "aim"), (0, "supply_pick")]
    assert taught(two(), 1, [])[0] == (0, "aim")
    item = lesson_of(two(songs=["S1-1", "S1-2"]), 1, [], "aim")
    assert item["msg"] == "rc.teach.aim" and item["marks"] == [["song", None]]
    assert item["params"] == {"song": 1, "genre": 1}               # seat 1's, not seat 0's
    assert say(item).startswith("Your aim: the most fame at the end. Complete chord cards")
    item = lesson_of(solo(songs=["S1-1", None]), 0, [], "aim")
    assert item["msg"] == "rc.teach.aim.solo" and item["params"] == {"song": 0, "genre": RED}
    assert say(item).startswith("Your aim: more fame than Jim Bot at the end.")
    assert "ジム・ボットより名声が高ければ" in say(item, lang="ja")


def test_the_supply_pick_comes_at_your_own_first_turn_not_at_anothers():
    """Seat 0 starts and is taught at once; seat 1 only when its own turn comes."""
    assert at(taught(two(), 0, []), "supply_pick") == 0
    found = taught(two(), 1, ["R@E1"])             # a Red with nothing to remove: turn over
    assert at(found, "supply_pick") == 1
    item = lesson_of(two(), 0, [], "supply_pick")
    assert sorted(v for k, v in item["marks"] if k == "pick") == [RED, BLUE, GREEN]
    assert ["bag", None] in item["marks"] and ["deck", None] in item["marks"]
    assert say(item).startswith("Choose one: take a supply pick")


def test_the_bag_pick_comes_once_you_drew_and_names_only_what_you_drew():
    found = taught(two(draws="G"), 0, ["bag", "place A1"])
    assert at(found, "bag_pick") == 1
    item = lesson_of(two(draws="G"), 0, ["bag"], "bag_pick")
    assert item["params"] == {"kind": GREEN}
    assert "Green" in say(item) and "緑" in say(item, lang="ja")
    assert at(taught(two(draws="G"), 1, ["bag", "place A1"]), "bag_pick") is None


def test_anothers_face_down_pick_is_taught_without_its_colour():
    """Seat 1 sees seat 0's bag pick placed face down on A1: who and where, never the kind."""
    found = taught(two(draws="G"), 1, ["bag", "place A1"])
    assert at(found, "face_down") == 2
    item = lesson_of(two(draws="G"), 1, ["bag", "place A1"], "face_down")
    assert item["params"] == {"seat": 0, "space": sp("A1")}
    assert ["space", "A1"] in item["marks"] and ["seat", 0] in item["marks"]
    assert "Green" not in say(item)
    assert at(taught(two(draws="G"), 0, ["bag", "place A1"]), "face_down") is None   # its own


def test_chord_cards_come_when_you_must_keep_at_most_three():
    state = two(hands=("C-1 G-1 D-1", ""), deck="Em-2 Em-3")
    found = taught(state, 0, ["chords"])
    assert at(found, "chord_cards") == 1
    item = lesson_of(two(hands=("C-1 G-1 D-1", ""), deck="Em-2 Em-3"), 0, ["chords"],
                     "chord_cards")
    assert item["params"] == {"count": 5} and len(item["marks"]) == 5
    assert "5 unfinished chord cards" in say(item)


# --- the abilities ------------------------------------------------------------------------------------
ABILITIES = [("white", WHITE, "W"), ("red", RED, "R"), ("blue", BLUE, "B"), ("grey", GREY, "Gy"),
             ("purple", PURPLE, "P"), ("green", GREEN, "G")]


@pytest.mark.parametrize("name,kind,code", ABILITIES)
def test_each_ability_comes_the_first_time_you_may_use_it(name, kind, code):
    """A pick placed on D1 beside a face-up White and a face-down Green: its ability may be
    used now, and only its own lesson comes; the other seat is not taught it."""
    def state():
        return two("W@E1 ?G@A1", supply="W R B Gy P G")
    found = taught(state(), 0, ["%s@D1" % code])
    assert at(found, name) == 1
    assert [n for i, n in found if i == 1] == [name]
    item = lesson_of(state(), 0, ["%s@D1" % code], name)
    assert item["params"] == {"space": sp("D1")} and ["space", "D1"] in item["marks"]
    assert "D1" in say(item)
    assert at(taught(state(), 1, ["%s@D1" % code]), name) is None


def test_an_ability_with_nothing_to_do_is_not_taught():
    """A Red on an empty board has no other pick to remove: the turn just ends."""
    assert at(taught(two(), 0, ["R@E1"]), "red") is None


def test_the_wylde_comes_when_one_is_in_your_supply_not_before():
    """Seat 0's first supply has none; its second turn's refill brings one."""
    found = taught(two(supply="R B G", draws="B Wy"), 0, ["G@E1", "B@E2", "skip"])
    assert at(found, "wylde") == 3
    assert at(taught(two(supply="R Wy G"), 0, []), "wylde") == 0


def test_a_wylde_revealed_by_a_purple_teaches_the_wylde_too():
    found = taught(two("?Wy@A1", supply="P R B"), 0, ["P@E1", "reveal A1"])
    assert at(found, "purple") == 1 and at(found, "wylde") == 2


# --- chords ---------------------------------------------------------------------------------------------
C1 = dict(board="W@A3 R@D2", supply="B R G", hands=("C-1 G-1 D-1", "Em-1 Em-2 Em-3"))


def test_a_claim_window_then_the_chord_completed():
    """Seat 0's Blue on B1 completes C-1's diagram: its claim window opens; claiming it
    teaches the silver and golden values."""
    found = taught(two(**C1), 0, ["B@B1", "claim C-1"])
    assert at(found, "claim") == 1 and at(found, "chord_done") == 2
    assert at(found, "blue") == 2                   # the ability waits for the claim window
    item = lesson_of(two(**C1), 0, ["B@B1"], "claim")
    assert item["params"] == {"cards": [card("C-1")]} and item["marks"] == [["chord", card("C-1")]]
    item = lesson_of(two(**C1), 0, ["B@B1", "claim C-1"], "chord_done")
    assert item["params"] == {"seat": 0, "card": card("C-1")}
    assert "silver value (3)" in say(item) and "(9 on this one)" in say(item)


def test_the_other_seat_learns_of_the_chord_completed_but_has_no_claim_window():
    found = taught(two(**C1), 1, ["B@B1", "claim C-1"])
    assert at(found, "chord_done") == 2 and at(found, "claim") is None


def test_a_rechord_comes_with_the_second_card_of_a_chord_only():
    """C-2 completed before: C-1 is a re-chord (golden 9, not silver 3)."""
    found = taught(two(**C1), 0, ["B@B1", "claim C-1"])
    assert at(found, "rechord") is None
    state = two(completed=[[("C-2", 1)], []], **C1)
    found = taught(state, 0, ["B@B1", "claim C-1"])
    assert at(found, "rechord") == 2
    item = lesson_of(two(completed=[[("C-2", 1)], []], **C1), 0, ["B@B1", "claim C-1"],
                     "rechord")
    assert item["params"] == {"seat": 0, "card": card("C-1"), "chord": 0}
    assert say(item) == ("Re-chord! C-1 is another C card for Ana, so it scores its golden "
                         "value, 9, instead of the silver 3.")


def test_the_song_comes_when_you_complete_one_of_its_chords():
    """S1-1 is D A C G: C-1 is one of them; S1-9 (D A Am Em) has no C."""
    found = taught(two(songs=["S1-1", "S1-2"], **C1), 0, ["B@B1", "claim C-1"])
    assert at(found, "song") == 2
    assert at(taught(two(songs=["S1-9", "S1-2"], **C1), 0, ["B@B1", "claim C-1"]),
              "song") is None
    item = lesson_of(two(songs=["S1-1", "S1-2"], **C1), 0, ["B@B1", "claim C-1"], "song")
    assert "D, A, C and G" in say(item)
    # the other seat never hears of seat 0's song
    assert at(taught(two(songs=["S1-1", "S1-1"], **C1), 1, ["B@B1", "claim C-1"]),
              "song") is None


# --- frets and lead guitar scoring --------------------------------------------------------------------
FRET1 = "W@E1 W@A1 R@D1 B@G1 Gy@B1"


def test_the_last_space_of_a_fret_comes_at_your_turn_once_a_fret_has_five_picks():
    assert at(taught(two(FRET1.rsplit(" ", 1)[0]), 0, []), "last_space") is None   # four
    assert at(taught(two(FRET1), 0, []), "last_space") == 0
    assert at(taught(two(FRET1, scored=(1,)), 0, []), "last_space") is None        # scored
    found = taught(two(FRET1.rsplit(" ", 1)[0]), 1, ["R@B2", "skip"])              # not yet
    assert at(found, "last_space") is None
    item = lesson_of(two(FRET1), 0, [], "last_space")
    assert item["params"] == {"fret": 1} and item["marks"] == [["fret", 1]]


def test_a_fret_filled_is_scored_at_the_end_of_the_turn_with_your_genres_points():
    """Seat 0 (White) fills fret 1 with a bag pick: scored once the turn ends, after the
    adjacent removal is skipped; two face-up Whites there: 3 points."""
    moves = ["bag", "place e1", "skip"]
    found = taught(two(FRET1, draws="G"), 0, moves)
    assert at(found, "fret_full") == 3
    item = lesson_of(two(FRET1, draws="G"), 0, moves, "fret_full")
    assert item["params"] == {"fret": 1, "genre": WHITE, "count": 3}
    assert ["fret", 1] in item["marks"] and ["pad", None] in item["marks"]
    assert say(item).endswith("Your genre, White genre, got 3 points.")
    item = lesson_of(two(FRET1, draws="G"), 1, moves, "fret_full")       # seat 1: Red
    assert item["params"]["genre"] == RED and item["params"]["count"] == 1
    assert say(item).endswith("got 1 point.")


# --- solo: Jim Bot ---------------------------------------------------------------------------------------
def jim_game(**kw):
    """Solo, the human Red, Jim Bot Blue; his icons all Red (next last)."""
    kw.setdefault("supply", "Gy R B")
    kw.setdefault("icons", "R R R R")
    return solo(kw.pop("board", "R@E1"), hand="C-1 G-1 D-1", row="Em-1 Em-2 Em-3",
                deck="A-1 A-2 A-3 A-4", steps=False, **kw)


def test_jim_bots_turn_comes_when_his_first_turn_starts():
    found = taught(jim_game(), 0, ["Gy@e5", "skip"])
    assert at(found, "jim_turn") == 2
    assert at(taught(jim_game(), 0, ["Gy@e5"]), "jim_turn") is None
    item = lesson_of(jim_game(), 0, ["Gy@e5", "skip"], "jim_turn")
    assert item["marks"] == [["seat", 1]]
    assert say(item, ["Ana"]).startswith("Jim Bot's turn")


def test_jim_bots_red_attacks_your_genre_and_is_taught_when_it_does():
    """His icon is Red: he places a Red and removes your Red on E1 (the first of your colour)."""
    state = jim_game()
    moves = ["Gy@e5", "skip", "jim", "jim"]
    found = taught(state, 0, moves)
    assert at(found, "jim_attack") == 4
    assert at(taught(jim_game(), 0, moves[:3]), "jim_attack") is None
    item = lesson_of(jim_game(), 0, moves, "jim_attack")
    assert item["params"] == {"kind": RED, "space": sp("E1")}
    assert say(item, ["Ana"]) == ("Jim Bot returned your Red pick on E1 to the bag: he knows "
                                  "your genre colour, and his abilities always attack it.")


def test_jim_bots_wylde_completing_his_chord_on_your_pick_is_no_attack():
    """Em-1 needs a White on A2, where your Blue sits: his Wylde replaces it for his chord, not
    to attack your genre; his claim teaches the chord completed."""
    def game():
        return solo("B@A2 R@D2", supply="Gy Wy R", hand="C-1 G-1 D-1", row="Em-1 Em-2 Em-3",
                    deck="A-1 A-2", human="B", jim="G", icons="R R", steps=False)
    found = taught(game(), 0, ["Gy@e5", "skip", "jim"])
    assert at(found, "chord_done") == 3 and at(found, "jim_attack") is None
    state = game()
    for move in ["Gy@e5", "skip", "jim"]:
        state.apply(action(move))
    assert [(e["why"], e["kind"]) for e in state.events if e["type"] == "to_bag"] == \
        [("wylde", BLUE)]


def test_jim_bots_claims_teach_the_chord_but_his_beginner_rechords_do_not():
    """On Beginner he scores silver only: his second Em card is no re-chord lesson."""
    def game(difficulty):
        return solo("W@A2", supply="R Gy B", hand="C-1 G-1 D-1", row="Em-1 Em-2 Em-3",
                    deck="A-1 A-2", completed=[[], [("Em-4", 1)]], steps=False,
                    options={"difficulty": difficulty})
    found = taught(game("session"), 0, ["R@D2"])
    assert at(found, "chord_done") == 1 and at(found, "rechord") == 1
    found = taught(game("beginner"), 0, ["R@D2"])
    assert at(found, "chord_done") == 1 and at(found, "rechord") is None


# --- the page ---------------------------------------------------------------------------------------------
ROOT = pathlib.Path(__file__).resolve().parent.parent


class Elements(HTMLParser):
    """Every element of a page as (tag, attributes, its ancestors' (tag, attributes))."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "col", "wbr"}

    def __init__(self, html):
        super().__init__()
        self.stack, self.found = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        node = (tag, dict(attrs))
        self.found.append((node, tuple(self.stack)))
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.found.append(((tag, dict(attrs)), tuple(self.stack)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def compound(part):
    """One compound selector ('.seat[data-seat="1"]', 'svg', '[data-kind="2"]') as a test."""
    import re
    tag = re.match(r"^[a-z0-9]*", part).group(0)
    classes = re.findall(r"\.([\w-]+)", part)
    attrs = re.findall(r'\[([\w-]+)="([^"]*)"\]', part)

    def test(node):
        name, at_ = node
        return (not tag or name == tag) and \
            all(c in at_.get("class", "").split() for c in classes) and \
            all(at_.get(k) == v for k, v in attrs)
    return test


def matches(selector, elements):
    """The elements a descendant-combinator selector matches."""
    *outer, last = [compound(p) for p in selector.split()]
    out = []
    for node, ancestors in elements:
        if not last(node):
            continue
        need = list(outer)
        for anc in ancestors:
            if need and need[0](anc):
                need.pop(0)
        if not need:
            out.append(node)
    return out


def test_the_matcher_can_fail():
    found = Elements('<div class="a"><span data-x="1"></span></div><span data-x="2"></span>')
    assert len(matches('.a [data-x="1"]', found.found)) == 1
    assert matches('.a [data-x="2"]', found.found) == []
    assert matches('.b', found.found) == []


def page_of(state, seat):
    """The table's whole screen for `seat` (as tests/test_web_rechord.py renders it)."""
    sys.path.insert(0, str(ROOT / "web"))
    import render
    import tables.rechord as rc
    names = NAMES[:state.players] + [state.automaton_name(s) for s in state.automata]
    seats = [{"name": n, "kind": "human"} for n in names[:state.players]]
    ui = {"names": names, "log_lines": rc.log_lines(state.events_for(seat), names)}
    return rc, render.screen_html(rc, state.view(seat), names, seats, ui)


MARKED = [  # (state, seat, moves, lesson, how many elements its marks light)
    (lambda: two(), 0, [], "supply_pick", 5),                        # 3 kinds, bag, deck
    (lambda: two(**C1), 0, ["B@B1"], "claim", 1),
    (lambda: two(hands=("C-1 G-1 D-1", ""), deck="Em-2 Em-3"), 0, ["chords"], "chord_cards", 5),
    (lambda: two(FRET1), 0, [], "last_space", 6),
    (lambda: two(FRET1, draws="G"), 0, ["bag", "place e1", "skip"], "fret_full", 7),
    (lambda: two(draws="G"), 1, ["bag", "place A1"], "face_down", 2),
    (lambda: two("W@E1 ?G@A1", supply="W R B Gy P G"), 0, ["W@D1"], "white", 1 + 5),
    (lambda: two("W@E1 ?G@A1", supply="W R B Gy P G"), 0, ["G@D1"], "green", 1 + 6),
    (lambda: two(songs=["S1-1", "S1-2"], **C1), 0, ["B@B1", "claim C-1"], "song", 1),
    (lambda: jim_game(), 0, ["Gy@e5", "skip", "jim", "jim"], "jim_attack", 2),
]


@pytest.mark.parametrize("make,seat,moves,lesson_id,count", MARKED)
def test_every_mark_lights_an_element_of_the_table(make, seat, moves, lesson_id, count):
    """Each mark's selector matches an element of the seat's page at the lesson's move."""
    state = make()
    teacher, item = teach.Teacher(seat), None
    for i in range(len(moves) + 1):
        item = next((x for x in teacher.look(state) if x["id"] == lesson_id), item)
        if item is not None:
            break
        state.apply(action(moves[i]))
    assert item is not None
    rc, html = page_of(state, seat)
    elements = Elements(html).found
    selectors = rc.teach_targets(item["marks"])
    assert selectors and len(selectors) == count, (item["marks"], selectors)
    for selector in selectors:
        assert matches(selector, elements), (selector, item["marks"])


def test_teach_targets_ignores_what_it_does_not_know():
    sys.path.insert(0, str(ROOT / "web"))
    import tables.rechord as rc
    assert rc.teach_targets([["space", "Z9"], ["pick", 9], ["colour", 1], ["fret", 0],
                             ["chord", None], ["seat", -1]]) == []
    assert rc.teach_targets([["space", "A3"], ["seat", 1], ["pad", None]]) == [
        '.fretboard [data-space="13"]', '.seat[data-seat="1"]', ".rc-pad"]
