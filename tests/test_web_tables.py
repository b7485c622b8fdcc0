"""The game tables' HTML in CPython (issue 16): Take The "A" Chord's seat panels explain their
venue score, TAKE's score track puts every marker on the track at its score."""

import pathlib
import re
import sys

import pygame_rules
from pygame_rules.messages import escape, text

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))

import tables.take_a_chord as tac  # noqa: E402

SEATS = [{"name": n, "kind": "human"} for n in ("Ana", "Bo", "Cy", "Di")]


def test_tac_seat_panel_names_its_venue_score_and_explains_it():
    """Not a bare 'now 45': a visible label and a tooltip, both from the catalogue."""
    view = pygame_rules.new_game("take-a-chord", 4, seed=3).view(0)
    view["seats"][1]["would_score"] = 45
    html = tac.seat_panel(view, 1, [s["name"] for s in SEATS], SEATS, "top")
    label = re.search(r'<span class="venue-now" title="([^"]+)">([^<]+)</span>', html)
    assert label, html
    assert label.group(1) == escape(text("tac.page.venue_now_title"))
    assert label.group(2) == escape(text("tac.page.venue_now", {"now": 45}))
    assert "45" in label.group(2) and "now 45" not in html


def test_take_markers_sit_at_their_score_and_ties_side_by_side():
    """Markers are placed along the track by score (not stacked by seat); tied ones spread."""
    import tables.take_bamboo as take
    view = {"scores": [7, 0, 7, 12, 7]}
    html = take.score_track(view, ["Ana", "Bo", "Cy", "Di", "Ed"])
    spots = [(int(score), float(pct), float(em)) for pct, em, score in re.findall(
        r'class="marker m\d" data-at="([\d.]+)" data-shift="(-?[\d.]+)" data-lane="\d" '
        r'data-score="(\d+)"',
        html)]
    assert len(spots) == 5
    for score, pct, _ in spots:
        assert pct == round(100 * score / take.TRACK_END, 1)
    ties = sorted(em for score, _, em in spots if score == 7)
    assert ties == [-take.MARKER_EM, 0, take.MARKER_EM]
    assert [em for score, _, em in spots if score != 7] == [0, 0]
    assert "style=" not in html            # the page's CSP refuses style attributes


def test_take_markers_tied_at_either_end_stay_on_the_track():
    """Ties at 0 spread rightwards from the start, ties at the track's end leftwards from it:
    no marker is pushed off the track's edge (it was off the left edge on a phone)."""
    import tables.take_bamboo as take
    start = take.marker_spots([0, 0, 0, 0])
    assert [em for _, em, _ in start] == [0, take.MARKER_EM, 2 * take.MARKER_EM,
                                          3 * take.MARKER_EM]
    end = take.marker_spots([take.TRACK_END, 40, 3])
    assert [em for _, em, _ in end] == [-take.MARKER_EM, 0, 0]
    assert [pct for pct, _, _ in end] == [100, 100, 10]


def test_take_markers_that_would_meet_take_lanes_below_the_line():
    """Near scores (one apart, or a tie beside the next score) go a lane lower; scores far apart
    stay on the line; the track is as deep as its lanes (issue 45: they sat on each other)."""
    import tables.take_bamboo as take
    lanes = lambda scores: [lane for _, _, lane in take.marker_spots(scores)]  # noqa: E731
    assert lanes([5, 8, 11, 14, 17, 20]) == [0] * 6
    assert lanes([12, 12, 13, 12]) == [0, 0, 1, 0]
    assert lanes([24, 23, 24, 24, 22, 23]) == [2, 1, 2, 2, 0, 1]
    assert lanes([0, 0, 1]) == [0, 0, 1]
    html = take.score_track({"scores": [24, 23, 24, 24, 22, 23]}, ["A", "B", "C", "D", "E", "F"])
    assert 'class="track" data-lanes="3"' in html


def markers(html):
    """The track's markers: (seat, title, label)."""
    return [(int(seat), title, label) for seat, title, label in re.findall(
        r'<span class="marker m(\d)"[^>]*title="([^"]*)">([^<]*)</span>', html)]


def test_take_markers_have_distinct_labels_when_names_clash():
    """'Bot 1', 'Bot 2', 'Bot 3' once all read 'Bo': each marker's label differs, is at most two
    letters, and the full name stays in its title and in the track's accessible text."""
    import tables.take_bamboo as take
    for names in (["Bot 1", "Bot 2", "Bot 3"], ["Ana", "Anna", "Ann", "Bo"],
                  ["Ana", "Ben", "Ana"], ["Bot 1", "Bot 10", "B1", "B2"], ["", " ", "Cy"]):
        html = take.score_track({"scores": [0] * len(names)}, names)
        found = markers(html)
        labels = [label for _, _, label in found]
        assert len(found) == len(names) and len(set(labels)) == len(labels), (names, labels)
        assert all(0 < len(label) <= 2 for label in labels), labels
        assert [title for _, title, _ in found] == [escape(n) for n in names]
        track = re.search(r'class="score-track" role="img" aria-label="([^"]*)"', html).group(1)
        assert all(escape(n) in track for n in names)
    assert take.marker_labels(["Bot 1", "Bot 2", "Bot 3"]) == ["B1", "B2", "B3"]
    assert take.marker_labels(["Ana", "Ben", "Ana"]) == ["A1", "Be", "A3"]
    assert take.marker_labels(["Ana", "Ben", "Cy"]) == ["An", "Be", "Cy"]


def final_names(html):
    """The names in the final list's order."""
    items = re.findall(r"<li>(.*?)</li>", re.search(r'<ol class="final-list">(.*?)</ol>',
                                                    html).group(1))
    return [i.split(":")[0] for i in items]


def test_tac_final_list_puts_the_tie_break_winner_first():
    """Tied on points, the one with more Improvisations won: the list names the winner first
    (it once sorted by points alone, so the loser of the tie-break stood above the winner)."""
    view = pygame_rules.new_game("take-a-chord", 3, seed=3).view(0)
    for seat, (total, impro) in zip(view["seats"], ((60, 0), (60, 2), (40, 2))):
        seat.update(total=total, game_improvisations=impro)
    view["winners"] = [1]
    html = tac.final_body(view, ["Ada", "Miles", "Cy"], None)
    assert final_names(html) == ["Miles", "Ada", "Cy"]


def test_take_final_list_puts_the_winners_first():
    """TAKE's final list: winners first, then by points."""
    import tables.take_bamboo as take
    view = pygame_rules.new_game("take-bamboo", 4, seed=3).view(0)
    view.update(scores=[20, 26, 26, 3], winners=[2], round_scores=[])
    html = take.final_body(view, ["Ana", "Bo", "Cy", "Di"], None)
    assert final_names(html) == ["Cy", "Bo", "Ana", "Di"]


def test_a_hint_and_a_lesson_light_the_same_element_by_the_same_selector():
    """hint_targets and teach_targets name an element the engine names (a card of the hand, a
    step's button, the trick's extra card) by one shared selector (tables.base), so the two
    cannot drift apart; each table's lesson selectors for a seat are the shared one too."""
    import tables.base as base
    import tables.rechord as rc
    import tables.take_bamboo as take
    import tables.taktvoll as tak
    card = 7
    for table in (tac, take):
        assert table.hint_targets(("play", card), {}) == [base.HAND_CARD % card]
        assert base.HAND_CARD % card in table.teach_targets([["card", card]])
    assert take.hint_targets(("extra", card), {}) == [take.EXTRA % card]
    assert take.EXTRA % card in take.teach_targets([["card", card]])
    assert take.hint_targets(("accept",), {}) == take.teach_targets([["action", "accept"]])
    for step in ("draw", "keep", "pass", "done"):
        assert tak.hint_targets((step,), {"phase": "play"}) == \
            tak.teach_targets([["step", step]])
    assert tak.hint_targets(("bar", 0), {"phase": "bonus"}) == \
        tak.teach_targets([["step", "bonus"]])
    assert rc.hint_targets(("return", card), {}) == rc.teach_targets([["chord", card]])
    for table in (tac, take, tak, rc):
        assert table.teach_targets([["seat", 1]])[:1] == [base.SEAT % 1], table.GAME_ID
