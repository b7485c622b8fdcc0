"""Taktvoll's table in CPython: a card with no place at all says why (the engine's reason), and
the one step left is lit."""

import pathlib
import sys

import pytest

from pygame_rules.games.taktvoll.cards import card_name
from pygame_rules.messages import text
from taktvoll_helpers import card, position

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
