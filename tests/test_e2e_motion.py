"""End to end: in Taktvoll and Re-Chord what a move puts on the table travels there
(static/motion.js `arrive`, from the tables' `arrivals(events)`): a Taktvoll card from the hand
or its owner's seat to its place in the row, a Re-Chord pick from the supply, the bag or its
owner's seat to its space; under prefers-reduced-motion nothing moves at all."""

import pytest

from test_e2e_page import COUNT_MOTION, STEP, motion_done
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_e2e_rechord import BOARDS, Guitarist

pytestmark = pytest.mark.e2e
TRAVEL_MS = 220


def motion_after(table, reduced, play):
    """Start counting animations (with reduced motion asked for or not), play, and return the
    animations of things arriving and all of them."""
    table.page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    table.open()
    table.page.evaluate(COUNT_MOTION)
    play()
    motion_done(table.page)
    moves = table.page.evaluate("window.__motion")
    return [m for m in moves if "motion-arrival" in m[0]], moves


def landed(table):
    """Every copy in flight has landed: none is left on the page and nothing drawn stays hidden."""
    return table.page.evaluate("""() => !document.querySelector('.motion-arrival') &&
        ![...document.querySelectorAll('#game-screen [style*="visibility"]')]
            .some((e) => getComputedStyle(e).visibility === 'hidden')""")


def travelled(table, reduced, play, place):
    """Run `play`: with reduced motion nothing moves (returns []); else at least four pieces
    travel into `place` for TRAVEL_MS from at least 2 px away and all land (returns them)."""
    arrivals, moves = motion_after(table, reduced, play)
    if reduced:
        assert moves == []
        return []
    assert len(arrivals) >= 4, moves
    assert all(place in c and d == TRAVEL_MS and xy and max(map(abs, xy)) > 2
               for c, d, xy in arrivals), arrivals
    assert landed(table)
    return arrivals


@pytest.mark.parametrize("reduced", [False, True])
def test_taktvoll_cards_travel_to_their_place_in_the_row(table, reduced):  # noqa: F811
    """Over a few turns of a person and two bots, each card played travels for 220 ms to its
    place in its row, from different places (the hand, the seats); with reduced motion, none."""
    def play():
        table.start(players=3, game="taktvoll", seed="8",
                    seats=["human", "bot-random", "bot-random"])
        for _ in range(12):
            table.step()

    arrivals = travelled(table, reduced, play, "tak-staff")
    if arrivals:
        assert len({tuple(round(v) for v in xy) for _, _, xy in arrivals}) >= 2, arrivals


@pytest.mark.parametrize("reduced", [False, True])
def test_rechord_picks_travel_to_their_space(table, reduced):  # noqa: F811
    """A person and a bot place picks: each pick placed on the fretboard travels for 220 ms to
    its space; with reduced motion, none."""
    def play():
        table.start(players=2, game="rechord", seed="motion-2", seats=["human", "bot-random"])
        guitarist = Guitarist(table, seed=2, abilities=0.0, chords=0.0, claim=1.0)
        for _ in range(10):
            table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
            board = table.board()[0]
            if board == "over":
                break
            if board == "curtain":
                table.act("[data-action=reveal]")
            else:
                guitarist.decide()

    travelled(table, reduced, play, "fretboard")
