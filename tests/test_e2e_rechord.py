"""End to end for Re-Chord: whole games played by clicking through the guided choices — solo
against Jim Bot (his seat played a step at a time at the bots' pause) and three guitarists — to
the final breakdown.
The page checks of test_e2e_page apply (no foreign request, no console error, no traceback)."""

import pathlib
import random
import sys

import pytest

import pygame_rules
from test_e2e_page import READY, STEP, sounds_made, with_sound
from test_e2e_page import table  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = "rechord"
BOARDS = "body[data-board=playable], body[data-board=curtain], body[data-board=over]"


def settings(table, **values):
    """Change the remembered settings in mid-game (the bots' pause, always claim)."""
    table.set_settings(**values)


class Guitarist:
    """Plays a person's turns by clicking, as a player would: a supply pick and a lit space,
    the bag and a lit space, chord cards, abilities on lit targets, Claim / Not now."""

    def __init__(self, table, seed, abilities=0.0, chords=0.0, claim=1.0):
        self.table, self.page = table, table.page
        self.rng = random.Random(seed)
        self.abilities, self.chords, self.claim = abilities, chords, claim
        self.seen = set()          # the steps (data-phase values) met on the way

    def phase(self):
        """The step to take now, as the hand area names it."""
        return self.page.get_attribute(".rc-hand-area", "data-phase")

    def click_lit(self):
        """Click one of the lit spaces (a legal target) and wait for the page to move on."""
        lit = self.page.locator(".rc-space.lit")
        self.table.act(".rc-space.lit >> nth=%d" % self.rng.randrange(lit.count()))

    def choose(self, selector):
        """Click to make a pending choice (nothing is played yet); lit spaces then show."""
        self.page.click(selector)
        self.page.locator(".rc-space.lit").first.wait_for(timeout=STEP)

    def supply_pick(self):
        """Choose a supply pick (any but a Wylde when there is one), then a lit space."""
        picks = self.page.locator("button.rc-pick.playable")
        kinds = [int(k) for k in picks.evaluate_all("els => els.map(e => e.dataset.kind)")]
        plain = [i for i, k in enumerate(kinds) if k != 6] or list(range(len(kinds)))
        self.choose("button.rc-pick.playable >> nth=%d" % self.rng.choice(plain))
        self.click_lit()

    def use(self):
        """True when this ability (or removal) is to be used rather than skipped."""
        return self.rng.random() < self.abilities and self.page.locator(".rc-space.lit").count()

    def decide(self):
        """One decision of the person whose turn it is."""
        phase, page, act = self.phase(), self.page, self.table.act
        self.seen.add(phase)
        if phase == "claim":
            if self.rng.random() < self.claim:
                act("[data-action=claim] >> nth=0")
            else:
                act("[data-action=decline]")
        elif phase == "turn":
            roll, picks = self.rng.random(), page.locator("button.rc-pick.playable").count()
            if roll < self.chords or not picks and not page.locator("[data-action=bag]").count():
                act("[data-action=chords]")
            elif roll < self.chords + self.abilities and picks or \
                    not page.locator("[data-action=bag]").count():
                self.supply_pick()
            else:
                act("[data-action=bag]")
        elif phase == "return":
            if page.locator("[data-action=done]").count():
                act("[data-action=done]")
            else:
                act(".rc-card.playable >> nth=0")
        elif phase == "bag_place":
            self.click_lit()
        elif phase == "ability_white" and self.rng.random() < self.abilities and \
                page.locator("button.rc-pick.playable").count():
            self.supply_pick()
        elif phase == "ability_blue" and self.use():
            lit = page.locator(".rc-space.lit")
            self.choose(".rc-space.lit >> nth=%d" % self.rng.randrange(lit.count()))
            self.click_lit()
        elif phase == "ability_green" and self.rng.random() < self.abilities and \
                page.locator("[data-action=clear]").count():
            act("[data-action=clear] >> nth=0")
        elif phase in ("adjacent", "grey_move", "ability_red", "ability_grey", "ability_purple",
                       "ability_wylde") and self.use():
            self.click_lit()
        else:
            act("[data-action=skip]")


def play_to_end(table, guitarist, limit=900, on_playable=None):
    """Every person's decision by clicks until the final breakdown; returns the clicks made."""
    steps = 0
    while True:
        table.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
        board = table.board()[0]
        if board == "over":
            return steps
        if board == "curtain":
            table.act("[data-action=reveal]")
        else:
            if on_playable:
                on_playable()
            guitarist.decide()
        steps += 1
        assert steps < limit, "the game did not end"


def replayed(table):
    """The engine state the page saved, checked by replaying its history from the seed."""
    state = table.engine_state()
    replay = pygame_rules.new_game(GAME, state.players, seed=state.seed, options=state.options)
    for action in state.history:
        replay.apply(action)
    assert replay.scores() == state.scores() and replay.view(None)["final"] == \
        state.view(None)["final"]
    return state


def test_solo_game_against_jim_bot_by_clicks(table):  # noqa: F811
    """One person against Jim Bot: Jim Bot's turn is played step by step at the bots' pause,
    abilities are used on lit targets, and the breakdown says who won."""
    table.open()
    table.start(players=1, game=GAME, seed="solo-7", options={"difficulty": "touring"})
    page = table.page
    assert page.locator(".seat").count() == 2
    assert "Jim Bot" in page.locator(".rc-seat[data-seat=\"1\"]").inner_text()
    assert page.locator(".rc-jim-row .chord-card").count() == 7     # balanced Touring (HR-28)
    settings(table, pause=150)
    guitarist = Guitarist(table, seed=7, abilities=0.6)
    guitarist.decide()                       # a bag pick, or a supply pick and its ability
    while table.board()[0] == "playable" and guitarist.phase() != "turn":
        guitarist.decide()
    # the human's turn is over, Jim Bot's steps were played one move each: hers again
    assert ("jim",) in table.engine_state().history
    settings(table, pause=0)
    play_to_end(table, guitarist)
    state = replayed(table)
    assert state.is_over and state.current_player is None
    rows = page.locator(".modal-final .rc-final tbody tr")
    assert rows.count() == 2 and "Jim Bot" in rows.nth(1).inner_text()
    headline = page.locator(".modal-final .winners").inner_text()
    assert headline.startswith("You beat Jim Bot" if state.winners() else "Jim Bot wins")
    assert {"turn", "bag_place"} <= guitarist.seen
    assert len([p for p in guitarist.seen if p.startswith("ability_")]) >= 2, guitarist.seen


def test_jim_bot_steps_are_shown_one_at_a_time(table):  # noqa: F811
    """With a long pause, Jim Bot's seat plays one step per twice the bots' pause: each step is
    a move of its own drawn from the person's ordinary view (his seat lit, nothing to choose),
    the status line saying his step, the grey line under it what came before, until it is the
    person's turn again (issue 45, item 3: the status said only "Jim Bot is playing…")."""
    table.open()
    table.start(players=1, game=GAME, seed="steps-3")
    settings(table, pause=700)
    page = table.page
    page.click("[data-action=bag]")
    page.locator(".rc-space.lit").first.wait_for(timeout=STEP)
    page.click(".rc-space.lit >> nth=0")
    page.wait_for_selector("body[data-board=waiting]", state="attached", timeout=STEP)
    moves = [int(table.board()[1])]
    while True:
        status, log = page.evaluate("""() => [document.querySelector('.status-main').innerText,
            [...document.querySelectorAll('.log-list li')].map(li => li.innerText)]""")
        if len(moves) == 1:
            assert status == "Jim Bot is playing…"
        else:                                   # his step, not twice
            assert status == log[-1] and status.startswith("Jim Bot"), (status, log[-3:])
            assert page.locator(".status-last").inner_text() == log[-2]
        assert page.locator('.rc-seat.active[data-seat="1"]').count() == 1
        assert page.locator("[data-action=bag], .rc-space.lit").count() == 0
        page.wait_for_function("m => document.body.dataset.moves !== m", arg=str(moves[-1]),
                               timeout=STEP)
        moves.append(int(table.board()[1]))
        if page.evaluate("document.body.dataset.board") != "waiting":
            break
    assert all(b - a == 1 for a, b in zip(moves, moves[1:]))      # one step at a time
    page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)
    history = table.engine_state().history
    assert history[-(len(moves) - 1):] == [("jim",)] * (len(moves) - 1)


def test_three_guitarists_with_bots_to_the_final_breakdown(table):  # noqa: F811
    """A person and two bots; the person claims through the prompt (always claim off),
    draws and returns chord cards, and places picks until the breakdown."""
    table.open()
    settings(table, always_claim=False)
    table.start(players=3, game=GAME, seed="trio-11", seats=["human", "bot-random", "bot-random"])
    page = table.page
    assert page.locator(".felt .seat").count() == 3
    guitarist = Guitarist(table, seed=11, abilities=0.2, chords=0.25, claim=0.8)
    play_to_end(table, guitarist)
    state = replayed(table)
    assert state.is_over
    rows = page.locator(".modal-final .rc-final tbody tr")
    assert rows.count() == 3
    names = [s["name"] for s in table.save()["seats"]]
    winners = page.locator(".modal-final .winners").inner_text()
    assert all(names[w] in winners for w in state.winners())
    assert {"turn", "return"} <= guitarist.seen, guitarist.seen


def load_position(table, state):
    """Put a set-up position in the page as a saved game and continue it (one person)."""
    sys.path.insert(0, str(ROOT / "web"))
    import app

    save = app.Session(state, [{"name": "Mia", "kind": "human"}]).to_save()
    table.put_save(save)
    table.page.reload()
    table.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    table.page.click("#continue-button")
    table.page.wait_for_selector("body[data-board=playable]", state="attached", timeout=STEP)


def notice_after(table, selector):
    """Click something that is refused: the engine's reason, and nothing changed."""
    before = table.save()
    table.page.click(selector)
    notice = table.page.locator("#game-screen .notice")
    notice.wait_for()
    assert table.save() == before
    return notice.inner_text()


def test_guided_choices_refusals_claim_prompt_and_blue_swap(table):  # noqa: F811
    """From a set position: a space clicked too early or taken shows the engine's reason; a Red
    on D2 completes Em-1 and the prompt claims it; Red is skipped; Jim Bot plays; a Blue swaps
    two picks, chosen one after the other (the first can be dropped with Escape). The sound is
    on: the claimed chord is strummed."""
    a2, d2, e1_low, e1_high, e3 = 7, 8, 0, 5, 12
    state = pygame_rules.new_game(GAME, 1, seed=1, options={"start_player": "seat0"}, setup={
        "hands": [[24, 0, 8], [4, 12, 16]], "deck": [28, 29, 30, 31, 32, 33],
        "board": [[a2, 0, 1, 0], [e1_low, 3, 1, 0], [e1_high, 4, 1, 0]],
        "supply": [1, 2, 5], "songs": [0, None], "genres": [[5], [2]],
        "icons": [-1] * 6, "draws": [2, 3, 1, 1]})
    table.open()
    load_position(table, state)
    settings(table, always_claim=False)      # (each load starts from the test's settings)
    with_sound(table)
    page = table.page
    assert notice_after(table, "[data-space='0']").startswith("Choose your action")
    page.click("button.rc-pick[data-kind='1']")
    page.locator(".rc-space.lit").first.wait_for()
    assert page.locator(".rc-space.lit").count() == 27
    # the pick clicked gave its first lit space the focus, without a ring (a mouse's click)
    assert page.locator(".rc-space.lit:focus").count() == 1
    assert page.locator(".rc-space:focus-visible").count() == 0
    ring = "e => [getComputedStyle(e).strokeDasharray, getComputedStyle(e).strokeWidth]"
    focused = page.locator(".rc-space.lit:focus-visible .rc-hit")   # the keyboard on a lit
    for _ in range(40):                                     # space: its ring differs from
        if focused.count():                                 # every other lit one's
            break
        page.keyboard.press("ArrowRight")
    assert focused.count() == 1 and focused.evaluate(ring) == ["none", "4px"]
    assert page.locator(".rc-space.lit:not(:focus) .rc-hit").first.evaluate(ring) != \
        ["none", "4px"]
    taken = notice_after(table, "[data-space='%d']" % a2)
    assert taken == "A2 is taken: only a Wylde may replace a pick."
    page.click("button.rc-pick[data-kind='1']")
    page.locator(".rc-space.lit").first.wait_for()
    table.act("[data-space='%d']" % d2)
    assert page.get_attribute(".rc-hand-area", "data-phase") == "claim"
    assert page.locator(".rc-space.need").count() == 2
    assert "Em-1" in page.locator(".rc-claim").inner_text()
    table.act("[data-action=claim]")
    assert page.locator(".rc-seat[data-seat='0'] .chord-card.mini").count() == 1
    assert sounds_made(table) >= 4               # a strum: one oscillator a string (4 to 6)
    assert page.get_attribute(".rc-hand-area", "data-phase") == "ability_red"
    table.act("[data-action=skip]")                      # Jim Bot's turn follows
    assert page.get_attribute(".rc-hand-area", "data-phase") == "turn"
    page.click("button.rc-pick[data-kind='2']")
    page.locator(".rc-space.lit").first.wait_for()
    table.act("[data-space='%d']" % e3)
    assert page.get_attribute(".rc-hand-area", "data-phase") == "ability_blue"
    page.click("[data-space='%d']" % e1_low)
    page.locator(".rc-space.from").wait_for()
    page.keyboard.press("Escape")
    page.locator(".rc-space.from").wait_for(state="detached")
    page.click("[data-space='%d']" % e1_low)
    page.locator(".rc-space.from").wait_for()
    page.focus("[data-space='%d']" % e1_high)
    before = table.board()
    page.keyboard.press("Enter")                         # a space takes the keyboard too
    page.wait_for_function("m => document.body.dataset.moves !== m", arg=before[1])
    page.wait_for_selector(BOARDS, state="attached", timeout=STEP)
    history = table.engine_state().history
    assert ("swap", e1_low, e1_high) in history and ("claim", 24) in history
    assert history.index(("claim", 24)) < history.index(("skip",))


def test_on_a_phone_the_whole_neck_and_the_supply_are_in_view(table):  # noqa: F811
    """At 390×844 the fretboard scales to the phone's width and, with the supply, is in view
    without scrolling; nothing overflows sideways; a bag pick is placed by tapping a lit space."""
    table.page.set_viewport_size({"width": 390, "height": 844})
    table.open()
    table.start(players=2, game=GAME, seed="phone-1", seats=["human", "bot-random"])
    page = table.page
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for part in (".fretboard", ".rc-supply"):
        box = page.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, part
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, part
    assert page.locator(".fretboard").bounding_box()["width"] >= 300
    if page.get_attribute(".rc-hand-area", "data-phase") == "turn":
        page.click("[data-action=bag]")
        page.locator(".rc-space.lit").first.wait_for()
        table.act(".rc-space.lit >> nth=0")
    assert table.engine_state().history


def test_a_solo_game_at_legend_finishes_with_jim_bots_search_in_the_worker(table):  # noqa: F811
    """Legend (HR-29): the person plays by clicks; every move of Jim Bot's seat is the search's
    answer from the bots' worker (off the main thread), at a short think cap; the game ends
    with the breakdown."""
    import json
    table.open()
    table.set_settings(think=0.05)
    table.start(players=1, game=GAME, seed="legend-3", options={"difficulty": "legend"})
    page = table.page
    assert "Legend" in page.locator(".rc-seat[data-seat=\"1\"]").inner_text()
    assert page.locator(".rc-jim-row .chord-card").count() == 3
    play_to_end(table, Guitarist(table, seed=3, abilities=0.5, chords=0.1))
    state = replayed(table)
    assert state.is_over and page.get_attribute("body", "data-worker") == "ready"
    replay = pygame_rules.new_game(GAME, 1, seed=state.seed, options=state.options)
    his = 0
    for action in state.history:
        his += replay.current_player == 1
        replay.apply(action)
    log = json.loads(page.evaluate("window.botLog || '[]'"))
    assert his > 20 and len(log) == his                  # every one of his moves: the worker's
    assert all(a["ok"] and a["level"] == "normal" for a in log)
    assert sum(1 for a in log if a["playouts"]) > 10     # he searched, not just one choice
    rows = page.locator(".modal-final .rc-final tbody tr")
    assert rows.count() == 2 and "Jim Bot" in rows.nth(1).inner_text()
