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
