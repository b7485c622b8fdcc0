"""End to end: the tables' layout where it must hold still or show everything (issue 16):
Take The "A" Chord's key ring keeps its place when an Improvisation's face-down stack appears,
and no trick caption is cut; TAKE's score markers sit on the track, and its round tables are
shown whole in either language. Positions are put in the page as saved games."""

import json
import pathlib
import sys

import pytest

import pygame_rules
import tac_helpers
from lang_helpers import LANGS, lang_table, page_language  # noqa: F401  (the fixture)
from test_e2e_page import table  # noqa: F401  (the fixture)
from test_web_stats import finished

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import app  # noqa: E402
import saves  # noqa: E402
import tables.take_bamboo as take  # noqa: E402

pytestmark = pytest.mark.e2e
SIZES = [(1366, 768), (390, 844)]
RING = """() => { const r = document.querySelector('.key-ring').getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY]; }"""
CAPTIONS = """() => [...document.querySelectorAll('.trick-slot figcaption')].map(
  f => [f.textContent, f.scrollWidth <= f.clientWidth + 1 && f.scrollHeight <= f.clientHeight + 1])"""


def saved(state, human, names):
    """A saved page game of `state`: seat `human` a person, the others heuristic bots."""
    seats = [{"name": n, "kind": "human" if s == human else "bot", "bot": "heuristic"}
             for s, n in enumerate(names)]
    return app.Session(state, [saves.clean_seat(s, i) for i, s in enumerate(seats)]).to_save()


@pytest.mark.parametrize("size", SIZES)
def test_the_key_ring_holds_still_when_an_improvisation_begins(table, size):  # noqa: F811
    """Ana's D matches the lead chord: round 2's face-down stack appears, the ring stays put."""
    state = tac_helpers.play(tac_helpers.position(
        ["D-Bl A-Sw B-Ea", "E-Bl B-Sw A-Ea", "F-Bl E-Sw D-So", "D-Ly G-Sw G-Ea"]),
        "D-Bl", "E-Bl", "F-Bl")
    table.open()
    table.continue_save(saved(state, 3, ["Bo", "Cy", "Di", "Ana"]), size)
    before = table.page.evaluate(RING)
    table.act(".hand-card[data-legal=true] >> nth=0")
    assert table.page.locator(".trick .facedown").count() == 1
    after = table.page.evaluate(RING)
    assert after == pytest.approx(before, abs=1)


@pytest.mark.parametrize("size", SIZES)
def test_trick_captions_are_never_cut(table, size):  # noqa: F811
    """3 players: '2 · The non-player' is shown whole, like every caption."""
    state = tac_helpers.position(["C-Bl A-Ly B-Ea", "D-Bl E-Ly A-Ea", "C-Sw F-Ea D-So",
                                  "G-So B-Bl G-Ea"], players=3)
    table.open()
    table.continue_save(saved(state, 0, ["Ana", "Bo", "Cy"]), size)
    captions = table.page.evaluate(CAPTIONS)
    assert any("The non-player" in text for text, _ in captions)
    assert all(whole for _, whole in captions), captions


MARKERS = """() => { const line = document.querySelector('.score-track .track').getBoundingClientRect();
  const boxes = [...document.querySelectorAll('.score-track .marker')].map(m => {
    const r = m.getBoundingClientRect();
    return {score: +m.dataset.score, lane: +m.dataset.lane, left: r.left, right: r.right,
            top: r.top, bottom: r.bottom}; });
  return {line: [line.left, line.top, line.width], boxes}; }"""


@pytest.mark.parametrize("size", SIZES)
def test_take_score_markers_sit_on_the_track_side_by_side(table, size):  # noqa: F811
    """TAKE's markers sit at their scores, on the track line or (one that would meet another)
    in a lane below it, and no two overlap."""
    from pygame_rules.games.take_bamboo.cards import card_of
    import pygame_rules
    setup = {"hands": [[card_of(0, 3)], [card_of(0, 4)], [card_of(1, 5)], [card_of(2, 6)]],
             "trump": 2, "dealer": 3, "pass": False, "scores": [7, 0, 7, 12]}
    state = pygame_rules.new_game("take-bamboo", 4, seed=1, setup=setup)
    table.open()
    table.continue_save(saved(state, 0, ["Ana", "Bo", "Cy", "Di"]), size)
    got = table.page.evaluate(MARKERS)
    (x0, y, width), boxes = got["line"], got["boxes"]
    assert [b["lane"] for b in boxes] == [0, 0, 0, 0]         # 7, 7 and 12 do not meet
    for b in boxes:
        if b["lane"] == 0:
            assert b["top"] - 2 <= y <= b["bottom"] + 2, b    # on the line, not under it
        else:
            assert b["top"] > y, b                            # its lane, under the line
        centre = (b["left"] + b["right"]) / 2
        assert abs(centre - (x0 + width * b["score"] / take.TRACK_END)) <= 40, b
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5 or \
                a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5, (a, b)


SCORES_SHOWN = """() => { const box = e => e.getBoundingClientRect();
  const modal = document.querySelector('.modal'), m = box(modal);
  const tables = [...modal.querySelectorAll('.scores')].filter(e => e.getClientRects().length);
  return {w: innerWidth, pageW: document.documentElement.scrollWidth, modal: [m.left, m.right],
          spill: modal.scrollWidth - modal.clientWidth,
          tables: tables.map(t => { const r = box(t), around = t.parentElement;
            return [r.left, r.right, around.scrollWidth - around.clientWidth]; })}; }"""
SIX = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def round_one_scored(players, seed):
    """A game of heuristic bots at the moment its first round is scored."""
    moves = finished("take-bamboo", players, seed).history
    state = pygame_rules.new_game("take-bamboo", players, seed=seed)
    for action in moves:
        state.apply(action)
        if state.view(0)["round_scores"]:
            break
    assert len(state.view(0)["round_scores"]) == 1 and not state.is_over
    return state


def one_move_from_the_end(players, seed):
    """A game of heuristic bots one move before its end, and the click that makes that move."""
    moves = finished("take-bamboo", players, seed).history
    state = pygame_rules.new_game("take-bamboo", players, seed=seed)
    for action in moves[:-1]:
        state.apply(action)
    last = moves[-1]
    assert last[0] in ("play", "accept", "refuse"), last
    click = '.hand-card[data-card="%d"]' % last[1] if last[0] == "play" else \
        "[data-action=%s]" % last[0]
    return state, click


def shown_whole(m, where):
    """The page and the modal do not scroll sideways; each score table lies within the modal
    and is not cut by its own box."""
    assert m["pageW"] <= m["w"], "the page scrolls sideways: %s" % where
    assert m["spill"] <= 1, "the modal scrolls sideways (%d px): %s" % (m["spill"], where)
    assert m["tables"], "no score table: %s" % where
    for left, right, cut in m["tables"]:
        assert m["modal"][0] - 1 <= left and right <= m["modal"][1] + 1, (where, m)
        assert cut <= 1, "a score table is cut by %d px: %s" % (cut, where)


@pytest.mark.parametrize("lang_table", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_take_round_tables_are_shown_whole(lang_table, size):  # noqa: F811
    """TAKE at its largest table: the round's scores between rounds, and every round's at the
    end, are shown whole, in English and in Japanese (whose colour names cut it at 390 px)."""
    table, lang = lang_table, lang_table.lang
    table.open()
    assert page_language(table.page) == lang
    table.continue_save(saved(round_one_scored(6, 3), 0, SIX), size)
    table.page.wait_for_selector(".modal-round .scores")
    shown_whole(table.page.evaluate(SCORES_SHOWN), "between rounds %s %s" % (size, lang))
    state, click = one_move_from_the_end(6, 3)
    body = json.loads(saved(state, state.current_player, SIX))
    body["shown_round"] = len(state.view(0)["round_scores"])      # the rounds' tables closed
    table.continue_save(json.dumps(body), size)
    table.act(click)
    table.page.click(".modal-final details summary")
    table.page.wait_for_selector(".modal-final details .scores")
    shown_whole(table.page.evaluate(SCORES_SHOWN), "at the end %s %s" % (size, lang))
