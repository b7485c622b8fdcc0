"""End to end for Taktvoll: whole games by clicks at 3 and 8 players and in each variant,
and listening to a row (with no console error) — the page checks of test_e2e_page apply."""

import pytest

import pygame_rules
from test_e2e_page import table  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
GAME = "taktvoll"


@pytest.mark.parametrize("players, variant", [(3, "basic"), (8, "thirds"), (4, "intervals")])
def test_full_taktvoll_game(table, players, variant):  # noqa: F811
    """A person plays a whole game against bots; the final scores are the engine's."""
    table.open()
    table.start(players=players, game=GAME, seed="31", options={"variant": variant})
    table.play_to_end()
    state = table.engine_state()
    assert state.is_over and state.options["variant"] == variant
    replay = pygame_rules.new_game(GAME, players, seed=31, options=state.options)
    for action in state.history:
        replay.apply(action)
    assert replay.scores() == state.scores()
    assert table.page.locator(".modal-final .scores tbody tr").count() == players


def test_rows_are_drawn_as_notation_and_play_back(table):  # noqa: F811
    """Rows are SVG staves with notes; the play-back button runs without an error."""
    table.open()
    table.start(players=3, game=GAME, seed="8")
    for _ in range(300):
        if table.page.locator(".tak-row svg .note, .tak-row svg [class*=note]").count():
            break
        if not table.step():
            break
    assert table.page.locator(".tak-row svg").count() >= 1
    table.page.click("[data-action=play-row] >> nth=0")
    table.page.wait_for_timeout(300)
    assert table.page.evaluate("document.body.dataset.board") in (
        "playable", "waiting", "over", "curtain")
