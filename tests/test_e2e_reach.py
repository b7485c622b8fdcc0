"""A phone is a first-class table (issue 43): every choice in reach, hint included, and every
table that fits a phone.

At a phone held upright and on its side, a small laptop and a laptop, each game at its largest
table (and Re-Chord solo) is played for the person's first decisions by clicking, in English and
in Japanese; at each decision every element marked as a choice, and with the hint open every
element the hint lights, must lie inside the window and be what `document.elementFromPoint`
returns at its centre: nothing on top of it, not scrolled out of a container (the board no
longer scrolls inside itself to reach one), and no card's top is cut by the hand's edge. The
board keeps its size while the hint is open.

At a phone held upright, in both languages, the end screens of every game at its largest table,
Take The "A" Chord's every venue's scores, the replay's hand panels and the statistics fit the
window: nothing reaches past its edge and nothing scrolls sideways.

benchmarks/bench_reach.py prints the same measure as a report.
"""

import pytest

import pygame_rules
from lang_helpers import LANGS, page_language
from test_e2e_axe import play_until
from test_e2e_layout import sized  # noqa: F401 (the table at a size, in a language)
from test_e2e_page import STEP
from test_e2e_rechord import Guitarist
from test_e2e_tables import saved
from test_web_stats import finished

from tables.base import CHOICES

pytestmark = pytest.mark.e2e
SIZES = ((390, 844), (844, 390), (1280, 720), (1366, 768))
CASES = (("take-a-chord", 4), ("take-bamboo", 6), ("taktvoll", 8), ("rechord", 5), ("rechord", 1))
DECISIONS = 6
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

# For each shown and enabled element a selector matches: its name and why it is out of reach
# (null: in reach). The window is the layout viewport; elementFromPoint at the centre sees what
# lies on top and what a scrolled container hides.
REACH = """(selector) => {
  const out = [];
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || el.matches(':disabled')) continue;
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('data-key') || el.getAttribute('data-card') ||
                  el.getAttribute('data-action') || el.className.baseVal || el.className ||
                  el.tagName).toString().slice(0, 40);
    let why = null;
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      why = 'outside the window (' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ')';
    } else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        why = 'covered or scrolled away (under ' + (hit ? (hit.className.baseVal ?? hit.className ??
              hit.tagName).toString().slice(0, 30) : 'nothing') + ')';
      }
    }
    out.push([name, why]);
  }
  return out;
}"""
# the hand's cards whose top (with a chosen card's 3 px ring) is cut by the hand's own top edge
CUT = """() => [...document.querySelectorAll('#game-screen .dock .hand')]
  .filter(hand => hand.scrollTop === 0)
  .flatMap(hand => [...hand.querySelectorAll('.hand-card')].filter(card =>
    card.getBoundingClientRect().top - (card.matches('.chosen') ? 3 : 0) <
    hand.getBoundingClientRect().top - 0.5).map(card => card.dataset.key || card.dataset.card))"""
BOARD = """() => { const r = document.querySelector('.board').getBoundingClientRect();
                   return [r.left, r.top, r.width, r.height].map(Math.round); }"""


def reach(page, selector):
    """(how many elements were checked, [(name, why) of those out of reach])."""
    found = page.evaluate(REACH, selector)
    return len(found), [(name, why) for name, why in found if why]


def with_hint(page):
    """Open the hint (H) and wait for it; False if none came (a search may find nothing)."""
    page.keyboard.press("h")
    try:
        page.wait_for_selector("body[data-hint=shown]", state="attached", timeout=STEP)
    except Exception:                 # noqa: BLE001 (no hint this time: counted as such)
        return False
    return True


def play_case(t, game, players, decisions=DECISIONS):
    """The person's first `decisions` in one game, checked: {"choices": n, "lit": n,
    "hints": n, "out": [(decision, "choice"/"hint", name, why)], "moved": [...]}."""
    t.start(players=players, seats=["human"] + ["bot-heuristic"] * (players - 1), seed="43",
            game=game)
    page, guitarist = t.page, Guitarist(t, seed=4) if game == "rechord" else None
    found = {"choices": 0, "lit": 0, "hints": 0, "out": [], "moved": []}
    made = steps = 0
    while made < decisions and steps < 300:
        steps += 1
        page.wait_for_selector("body:not([data-board=waiting])", state="attached", timeout=STEP)
        board = t.board()[0]
        if board == "over":
            break
        if board != "playable":
            t.step()
            continue
        checked, out = reach(page, CHOICES)
        found["choices"] += checked
        found["out"] += [(made + 1, "choice", n, w) for n, w in out]
        found["out"] += [(made + 1, "choice", n, "cut at the top of the hand")
                         for n in page.evaluate(CUT)]
        before = page.evaluate(BOARD)
        if with_hint(page):
            found["hints"] += 1
            checked, out = reach(page, ".hint-lit")
            found["lit"] += checked
            found["out"] += [(made + 1, "hint", n, w) for n, w in out]
            if page.evaluate(BOARD) != before:
                found["moved"].append((made + 1, before, page.evaluate(BOARD)))
            page.keyboard.press("Escape")
        (guitarist or t).decide()
        made += 1
    return found


RUNS = [pytest.param(size, lang, game, players,
                     id="%s%d-%dx%d-%s" % ((game, players) + size + (lang,)))
        for game, players in CASES for size in SIZES for lang in LANGS]


@pytest.mark.parametrize("sized, lang, game, players", RUNS, indirect=["sized"])
def test_every_choice_and_everything_the_hint_lights_is_in_reach(sized, lang, game, players):
    """The person's first six decisions: every choice and, with the hint open, every element it
    lights is in the window and on top where it is; the hint leaves the board's size alone."""
    sized.again()
    assert page_language(sized.page) == lang
    found = play_case(sized, game, players)
    print("\n%s %dp %s: %d choices, %d lit by %d hints, out of reach: %s"
          % (game, players, lang, found["choices"], found["lit"], found["hints"], found["out"]))
    assert found["choices"] >= DECISIONS and found["hints"] >= DECISIONS // 2, found
    assert found["out"] == [], "out of reach: %s" % found["out"][:8]
    assert found["moved"] == [], "the board changed size with the hint open: %s" % found["moved"]


# --- tables that fit a phone -----------------------------------------------------------------
# Every shown element under the roots: one that reaches past the window's edge, and one that
# scrolls sideways (text cut on purpose with an ellipsis is neither, nor words clipped to a
# pixel for screen readers)
SPILL = """(selector) => {
  const W = document.documentElement.clientWidth, out = [];
  const readersOnly = el => {     // inside a box clipped to a pixel: words for screen readers
    for (let e = el; e; e = e.parentElement) {
      if (e.getBoundingClientRect().width <= 1 && getComputedStyle(e).overflow === 'hidden') {
        return true;
      }
    }
    return false;
  };
  for (const root of document.querySelectorAll(selector)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (!el.getClientRects().length || readersOnly(el)) continue;
      const r = el.getBoundingClientRect(), c = getComputedStyle(el);
      const name = (el.className.baseVal ?? el.className ?? '').toString().slice(0, 30) ||
                   el.tagName;
      if (r.width && (r.right > W + 1 || r.left < -1)) {
        out.push(name + ' reaches past the window (' + Math.round(r.left) + '..' +
                 Math.round(r.right) + ' of ' + W + ')');
      } else if (el.scrollWidth > el.clientWidth + 1 && c.textOverflow !== 'ellipsis' &&
                 ['auto', 'scroll', 'hidden'].includes(c.overflowX)) {
        out.push(name + ' scrolls sideways (' + el.scrollWidth + ' in ' + el.clientWidth + ')');
      }
    }
  }
  return out;
}"""
BEFORE_END = {}


def before_the_end(game, players):
    """A save of the heuristic bots' game at this table one move before its end, that move a
    bot's and the next seat a person's (made once)."""
    if (game, players) not in BEFORE_END:
        state = pygame_rules.new_game(game, players, seed=3)
        for action in finished(game, players, seed=3).history:
            before, mover = state.clone(), state.current_player
            state.apply(action)
            if state.is_over:
                break
        human = 0 if game == "rechord" and players == 1 else (mover + 1) % players
        BEFORE_END[game, players] = saved(before, human, NAMES[:max(players, 1)])
    return BEFORE_END[game, players]


def spills(page, selector, what):
    """Nothing under `selector` reaches past the window or scrolls sideways."""
    found = page.evaluate(SPILL, selector)
    print("\n%s: %s" % (what, found or "fits"))
    return ["%s: %s" % (what, f) for f in found]


@pytest.mark.parametrize("sized, lang", [pytest.param((390, 844), lang, id=lang)
                                         for lang in LANGS], indirect=["sized"])
def test_end_screens_replay_hands_and_statistics_fit_a_phone(sized, lang):
    """Each game's end at its largest table (every venue's scores open), its replay at the
    end with every hand open, and the statistics those games made, at 390 px."""
    sized.open()
    assert page_language(sized.page) == lang
    page, wrong = sized.page, []
    for game, players in CASES:
        sized.continue_save(before_the_end(game, players))
        play_until(sized, ("over",))
        page.wait_for_selector("body[data-board=over]", timeout=STEP)
        for details in page.locator("#game-screen .modal details:not([open]) > summary").all():
            details.click()                              # every venue's scores, opened
        wrong += spills(page, "#game-screen .modal", "%s %dp end" % (game, players))
        page.click("#game-screen .modal [data-action=replay]")
        page.click("[data-action=rp-end]")
        page.wait_for_selector("[data-action=rp-end]:disabled")
        wrong += spills(page, ".replay-hand", "%s %dp replay hands" % (game, players))
        page.click("[data-action=replay-close]")
        sized.again()
    page.click("#start-stats")
    page.wait_for_selector("#stats-dialog[open]")
    assert page.locator("#stats-body tr").count() >= len(CASES)
    wrong += spills(page, "#stats-dialog", "statistics")
    assert wrong == []
