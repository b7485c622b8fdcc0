"""End to end: a first game of each title in teaching mode (issue 20), played by clicks, shows
at least the lessons of its core rules, and no tip ever covers a choice the player may click.

Each game is played at a laptop size; at every tip shown the window is set to 1366×768 and to
390×844 in turn, and there the tip (in the dock, or in a score table's panel) must cover no
visible playable element (the tables' CHOICES, `tables/base.py`, and Taktvoll's "new row"),
stay inside the window's width, its text not cut; each core lesson must light something on
the table. Each tip is dismissed by "Got it". Seeds, seats and the clicks (the first choice on
offer; Re-Chord: a scripted opening that completes a chord) were chosen so that the core lessons
come within a few moves: the bots are seeded by their seat and the page's seed deals, so the
same clicks give the same game.
"""

import pathlib
import sys

import pytest

from test_e2e_page import STEP, lent_table

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))

from tables.base import CHOICES  # noqa: E402

pytestmark = pytest.mark.e2e
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}
BOX = "#teach"
PLAYABLE = CHOICES + ", [data-key=new-row]"

# per game: players, seed, seats, the lessons a first game must show (a tuple: any one of
# them), the lessons shown first (the game's aim, then any of the first deal's), the remembered
# settings to start with
GAMES = {
    "take-a-chord": dict(players=4, seed="27", seats=["human"] + ["bot-easy"] * 3,
                         core=["lead", ("follow", "void"), "trick_won", "key_change"]),
    "take-bamboo": dict(players=3, seed="4242", seats=["human", "bot-easy", "bot-easy"],
                        core=["pass", "lead", "any_card", ("trick_won", "trump_win"),
                              "two_colours", "round_scores"],
                        first=["aim", "initial_double"]),  # seed 4242's deal doubles one
    "taktvoll": dict(players=3, seed="36", seats=["human", "bot-easy", "bot-easy"],
                     core=["no_row", "clef", "time", "bar_scored", "drawn"]),
    "rechord": dict(players=1, seed="s8", seats=["human"], settings={"always_claim": False},
                    core=["supply_pick", "bag_pick", "claim", "chord_done", "fret_full",
                          "jim_turn"]),
}

# Re-Chord, seed "s8": a Wylde to A2 then to D2 completes the chord card in hand (its claim),
# then a bag pick to B2 and its neighbour left alone; Jim Bot's picks fill fret 2
RECHORD_OPENING = [("pick", 6, 7), ("pick", 6, 8), ("claim",), ("bag",), ("place", 10), ("skip",)]

# the visible part of an element: its box cut by every ancestor that clips and by the window
VISIBLE = """
(el) => {
  const r = el.getBoundingClientRect();
  let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a), q = a.getBoundingClientRect();
    if (s.overflowX !== 'visible') {
      box.l = Math.max(box.l, q.left); box.r = Math.min(box.r, q.right);
    }
    if (s.overflowY !== 'visible') {
      box.t = Math.max(box.t, q.top); box.b = Math.min(box.b, q.bottom);
    }
  }
  box.l = Math.max(box.l, 0); box.t = Math.max(box.t, 0);
  box.r = Math.min(box.r, innerWidth); box.b = Math.min(box.b, innerHeight);
  return box.r > box.l && box.b > box.t ? box : null;
}
"""

CHECK = """
(playable) => {
  const seen = %s;
  const tip = document.querySelector('#game-screen .teach');
  if (!tip) return {missing: true};
  const inModal = !!tip.closest('.modal');
  const r = tip.getBoundingClientRect();
  const text = tip.querySelector('.teach-text');
  const out = {inModal, left: r.left, right: r.right, width: innerWidth,
               overflow: text.scrollWidth > text.clientWidth + 1,
               lit: document.querySelectorAll('#game-screen .teach-lit').length, covered: []};
  const t = seen(tip);
  if (!t || inModal) return out;       // a panel's tip: the panel covers the table anyway
  for (const el of document.querySelectorAll(playable)) {
    if (tip.contains(el)) continue;
    const b = seen(el);
    if (b && b.l < t.r && t.l < b.r && b.t < t.b && t.t < b.b)
      out.covered.push(el.outerHTML.slice(0, 80));
  }
  return out;
}
""" % VISIBLE.strip()


def teaching_act(table, selector):
    """A table's act while teaching: click something; wait until a move was made, a lesson
    shows or the board changed (a tip holds the bots, so the board may stay "waiting" until it
    is dismissed; a round's table closed, with the person first to pass: no move comes by
    itself)."""
    before = table.board()
    table.page.click(selector)
    table.page.wait_for_function(
        "([b, m]) => +document.body.dataset.moves > +m || document.body.dataset.teach || "
        "document.body.dataset.board !== b", arg=before, timeout=STEP)


def check_tip(page, now):
    """At each size: the tip shows, inside the window's width, its text not cut, and no
    visible playable element under it. Back to the laptop size after; how many elements the
    lesson lit."""
    for size in ("phone", "laptop"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate(CHECK, PLAYABLE)
        where = "%s at %s" % (now, size)
        assert not found.get("missing"), where
        assert found["covered"] == [], (where, found["covered"])
        assert -1 <= found["left"] and found["right"] <= found["width"] + 1, (where, found)
        assert not found["overflow"], where
    return found["lit"]


def rechord_step(table, script):
    """Re-Chord: the next scripted decision, else a bag pick to the first lit space (or the
    first choice on offer) with every ability skipped."""
    page = table.page
    phase = page.get_attribute(".rc-hand-area", "data-phase")
    if script:
        step = script.pop(0)
        if step[0] == "pick":
            page.click('button.rc-pick.playable[data-kind="%d"]' % step[1])
            page.locator(".rc-space.lit").first.wait_for(timeout=STEP)
            table.act('.rc-space.lit[data-space="%d"]' % step[2])
        elif step[0] == "place":
            table.act('.rc-space.lit[data-space="%d"]' % step[1])
        else:
            table.act("[data-action=%s] >> nth=0" % step[0])
        return
    if phase == "turn" and page.locator("[data-action=bag]").count():
        table.act("[data-action=bag]")
    elif phase == "bag_place":
        table.act(".rc-space.lit >> nth=0")
    elif phase == "claim":
        table.act("[data-action=claim] >> nth=0")
    elif page.locator("[data-action=skip]").count():
        table.act("[data-action=skip]")
    elif phase == "return":
        table.act("[data-action=done], .rc-card.playable >> nth=0")
    else:
        table.act("button.rc-pick.playable >> nth=0")


def done(seen, core):
    """True once every core lesson (or one of each tuple) was shown."""
    return all(seen & set(c if isinstance(c, tuple) else (c,)) for c in core)


def play_teaching(table, game, spec, on_tip=check_tip, limit=150):
    """Play by clicks with teaching on until every core lesson was shown (each tip checked by
    `on_tip`, by default at both sizes, then Got it); the lessons shown, in order, and what
    `on_tip` gave for each (by default, how many elements it lit)."""
    page, shown, lit = table.page, [], {}
    script = list(RECHORD_OPENING) if game == "rechord" else []
    for _ in range(limit):
        now, board = table.lesson_and_board()
        if now is not None:
            shown.append(now)
            lit[now] = on_tip(page, now)
            page.click("[data-action=teach-next]")
            page.wait_for_function("id => document.body.dataset.teach !== id", arg=now,
                                   timeout=STEP)
            continue
        if done(set(shown), spec["core"]):
            break
        if board == "playable":
            if game == "rechord":
                rechord_step(table, script)
            else:
                table.decide()
        elif board in ("venue", "round"):
            table.act("[data-action=next-%s]" % board)
        elif board == "over":
            break
        else:
            page.wait_for_function("() => document.body.dataset.board !== 'waiting' || "
                                   "document.body.dataset.teach", timeout=STEP)
    return shown, lit


@pytest.fixture
def teaching(browser, site_server, request):
    """A table at the laptop size whose clicks wait as teaching_act does; lent and checked
    clean as the `table` fixture's."""
    with lent_table(browser, site_server.url, request) as t:
        t.page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"])))
        t.act = lambda selector: teaching_act(t, selector)
        try:
            yield t
        finally:
            del t.act                   # (the next test's table acts as Table does)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_first_game_teaches_the_core_rules_and_no_tip_covers_a_choice(teaching, game):
    """Teaching on (the start screen's box), played by clicks: every core lesson shows, each
    at most once, the game's aim first, and at 1366×768 and 390×844 no tip covers a playable
    element."""
    spec, page = GAMES[game], teaching.page
    teaching.open()
    if spec.get("settings"):
        teaching.set_settings(**spec["settings"])
    page.check('input[name="game"][value="%s"]' % game)
    if not page.is_checked(BOX):
        page.click(BOX)
    teaching.start(players=spec["players"], seats=spec["seats"], seed=spec["seed"], game=game)
    shown, lit = play_teaching(teaching, game, spec)
    assert done(set(shown), spec["core"]), shown
    assert len(shown) == len(set(shown)), shown
    first = spec.get("first", ["aim"])            # the aim first (issue 45, item 10)
    assert shown[:len(first)] == first, shown
    core = {c for c in spec["core"] if isinstance(c, str)}
    assert [c for c in core if not lit[c]] == [], lit     # each lights what it is about
