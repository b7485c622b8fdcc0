"""Taktvoll's table in CPython: a card with no place at all says why (the engine's reason), and
the one step left is lit."""

import pathlib
import re
import sys

import pytest

from html_select import Tree, select
from pygame_rules.games.taktvoll.cards import card_name
from pygame_rules.messages import escape, text
from taktvoll_helpers import card, play, position

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))

import tables.taktvoll as tak  # noqa: E402

NAMES = ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize("hand, rows, options, reason", [
    ("Q:C5 E:D5", [], None, "tak.refuse.no_time_anywhere"),
    ("Q:C5 E:D5", [""], None, "tak.refuse.no_time_anywhere"),
    ("H:C5 E:D5", ["1/4 Q:E4"], None, "tak.refuse.fits_nowhere"),
    ("3/4 E:D5", ["2/4"], None, "tak.refuse.time_nowhere"),
    ("Q:C5 E:D5", ["2/4 Q:E4"], {"variant": "thirds"}, "tak.refuse.third_everywhere"),
])
def test_a_card_with_no_place_says_why_from_the_engine(hand, rows, options, reason):
    """'Lit rows take it.' with nothing lit: the status gives the engine's reason instead."""
    state = position([hand, "Q:F4", "Q:G4"], rows=rows,
                     deck=["S:E4"], options=options)
    view = state.view(0)
    chosen = card(hand.split()[0])
    assert not tak.placements(view, chosen)
    words = tak.status_text(view, NAMES, 0, None, {"card": chosen})
    assert words == text(reason, {"card": card_name(chosen)}) and "Lit rows" not in words


def test_a_playable_card_still_asks_where_it_goes():
    """With a place for the card, the status asks where, as before."""
    state = position(["Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4"])
    view = state.view(0)
    assert tak.placements(view, card("Q:C5"))
    words = tak.status_text(view, NAMES, 0, None, {"card": card("Q:C5")})
    assert words == text("tak.page.status_place", {"name": "Ana", "card": card_name(card("Q:C5"))})


def test_draw_is_lit_when_it_is_the_only_move():
    """No card of the hand has a place: 'Draw a card' is the primary (lit) button."""
    view = position(["Q:C5 E:D5", "Q:F4", "Q:G4"], deck=["S:E4"]).view(0)
    assert [tuple(a) for a in view["legal"]] == [("draw",)]
    assert 'class="primary choice" data-action="draw"' in tak.steps_html(view)
    view = position(["Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4"]).view(0)
    assert 'class="choice" data-action="draw"' in tak.steps_html(view)


# --- the end of the game: a table by place, not a wall of sentences ----------------------------
def ended(scores, hands=("clef", "Q:C5 E:D5", "H:G4")):
    """A game seat 0 ends by playing its last card (a clef), the points so far `scores`."""
    state = position(list(hands), scores=scores, deck=[])
    play(state, "clef")
    assert state.is_over
    return state.view(0)


def final_rows(html):
    """The final table's rows: (place, name with its marks, points, played, left, total, winner)."""
    body = html.split('<table class="scores tak-final">')[1].split("</table>")[0]
    return [(place, re.sub(r"<[^>]+>", "", name).strip(), points, played, left, total,
             'class="winner"' in attrs)
            for attrs, place, name, points, played, left, total in re.findall(
                r'<tr([^>]*)><td>(\d+)</td><th scope="row">(.*?)</th><td>(\d+)</td>'
                r'<td class="played">(\d+)</td><td>([^<]+)</td><td class="total">(−?\d+)</td>'
                r'</tr>', body)]


def test_the_end_is_a_table_by_place_with_the_winners_marked():
    """One row per player by final place (ties share a place), points, cards left at −1 each,
    the total; the winners' rows marked, a short winners line and why the game ended above."""
    view = ended([5, 7, 2])                       # finals 5, 5, 1: Ana and Ben share the win
    html = tak.final_body(view, NAMES, None)
    win = text("tak.page.winner_mark")
    assert final_rows(html) == [
        ("1", "Ana ★" + win, "5", "1", "0", "5", True),
        ("1", "Ben ★" + win, "7", "0", "−2", "5", True),
        ("3", "Cy", "2", "0", "−1", "1", False)]
    heads = re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', html)
    assert heads == [escape(text(k)) for k in (
        "tak.page.col_place", "ui.col_player", "tak.page.col_points", "tak.page.col_played",
        "tak.page.col_left", "ui.col_total")]
    assert '<p class="winners">%s</p>' % escape(text(
        "tak.page.final_winners", {"names": "Ana, Ben", "count": 5})) in html
    assert escape(text("tak.page.end_empty_hand", {"name": "Ana"})) in html
    # no longer the log's sentences, one per player
    assert "for the cards left in hand" not in html and html.count("<p") == 2


def test_the_winners_line_says_one_point_for_one_point():
    """Plural-aware: a lone winner with 1 point reads '1 point', with 3 '3 points'."""
    view = ended([1, 1, 0])                       # finals 1, −1, −1
    assert tak.winners_line(view, NAMES) == text("tak.page.final_winner",
                                                 {"names": "Ana", "count": 1})
    assert tak.winners_line(view, NAMES).endswith("1 point.")
    assert tak.winners_line(ended([3, 1, 0]), NAMES).endswith("3 points.")
    rows = final_rows(tak.final_body(view, NAMES, None))
    assert [(r[0], r[5]) for r in rows] == [("1", "1"), ("2", "−1"), ("2", "−1")]


def test_a_game_nobody_could_go_on_in_says_so():
    """Everyone passed with the deck empty: the end line says so, not who emptied a hand."""
    state = position(["Q:C5", "Q:D5", "H:G4"], scores=[0, 2, 1], deck=[])
    play(state, "pass", "pass", "pass")
    assert state.is_over
    html = tak.final_body(state.view(1), NAMES, None)
    assert escape(text("tak.page.end_stuck")) in html
    assert [r[1] for r in final_rows(html)][0].startswith("Ben")


# --- a half-made choice can be cancelled with a visible button ---------------------------------
CANCEL = 'data-action="cancel"'


def test_a_chosen_card_shows_a_cancel_button_beside_the_hand():
    """With a card chosen (pending) the hand shows what is chosen and a Cancel button, which
    the page's 'cancel' action (Escape does the same) drops; without one there is none."""
    view = position(["Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4"]).view(0)
    assert CANCEL not in tak.hand_html(view, {"pending": None})
    html = tak.hand_html(view, {"pending": {"card": card("Q:C5")}})
    bar = re.search(r'<div class="pending tak-pending"[^>]*>(.*?)</div>', html)
    assert bar and CANCEL in bar.group(1)
    assert re.search(r'<button[^>]*data-action="cancel"[^>]*>%s</button>'
                     % re.escape(escape(text("ui.cancel"))), bar.group(1))
    assert escape(text("tak.page.chosen", {"card": card_name(card("Q:C5"))})) in bar.group(1)
    assert html.index(CANCEL) < html.index('<div class="hand">')       # above the hand
    # not my turn: no choice to cancel
    other = position(["Q:C5 E:D5", "Q:F4", "Q:G4"], rows=["2/4"], deck=["S:E4"], start=1)
    assert CANCEL not in tak.hand_html(other.view(0), {"pending": {"card": card("Q:C5")}})



# --- teaching mode: a lesson's marks light elements the table really shows (issue 20) -----------
def page_of(view, players):
    """What the page shows the seat: the table, its own seat panel and its hand."""
    seats = [{"kind": "human"}] * players
    others, mine = tak.table_html(view, (NAMES * 3)[:players], seats, {})
    return Tree(others + mine + tak.hand_html(view, {}))


def test_the_selector_matcher_can_fail():
    """The shared matcher (tests/html_select.py) on this table's selectors: descendants,
    classes and attributes, and no false hits."""
    tree = Tree('<section class="tak-row lit" data-row="0"><svg class="tak-staff"><g '
                'data-placed="5"><rect x="1"/></g></svg></section><p class="tak-deck">9</p>')
    assert len(select(tree, '.tak-staff [data-placed="5"]')) == 1
    assert len(select(tree, '.tak-row[data-row="0"]')) == 1
    assert not select(tree, '.tak-row[data-row="1"]')
    assert not select(tree, '.tak-deck [data-placed="5"]')
    assert not select(tree, '.hand-card[data-card="5"]')
    assert len(select(tree, 'section svg.tak-staff g[data-placed="5"] rect[x]')) == 1
    assert not select(tree, 'rect[x=""]') and not select(tree, 'p [data-placed]')


def test_teach_targets_name_each_kind_and_skip_the_unknown():
    """One selector per mark the table shows; an unknown kind or a strange value, none."""
    assert tak.teach_targets([["card", 12], ["placed", 40], ["row", 1], ["seat", 2],
                              ["deck", None], ["step", "bonus"], ["step", "keep"],
                              ["key", None], ["step", '"]x'], ["row", "1"]]) == [
        '.hand-card[data-card="12"]', '.tak-staff [data-placed="40"]', '.tak-row[data-row="1"]',
        '.seat[data-seat="2"]', ".tak-deck", '[data-key="bonus-bar"]', '[data-key="step-keep"]']


def test_every_lesson_lights_elements_the_table_shows_at_that_moment():
    """Over whole random games (every variant, 3 to 8 players), each lesson seat 0 is given
    lights, at that moment, at least one element per mark; every kind of mark is met."""
    import random
    from pygame_rules import new_game, teach
    kinds = set()
    for players, variant, seed in [(3, "basic", 0), (4, "thirds", 1), (5, "intervals", 2),
                                   (8, "both", 3), (3, "both", 4), (6, "basic", 5)]:
        state, rng = new_game("taktvoll", players, seed=seed, options={"variant": variant}), \
            random.Random(seed)
        teacher = teach.Teacher(0)
        while True:
            for item in teacher.look(state):
                tree = page_of(state.view(0), players)
                targets = tak.teach_targets(item["marks"])
                assert len(targets) == len(item["marks"]), item
                for selector in targets:
                    assert select(tree, selector), (item["id"], selector)
                kinds |= {kind for kind, _ in item["marks"]}
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert kinds == {"card", "placed", "row", "seat", "deck", "step"}
