"""End to end: the real page in Debian's Chromium, played by clicks, start to final screen.

Every test also checks, through the `table` fixture, that no request left the page's origin,
that the console showed no error and that no Python traceback appeared.
"""

import contextlib
import functools
import json
import re
from urllib.parse import urlsplit

import pytest

import pygame_rules
from pygame_rules.games.take_a_chord.cards import card_name

pytestmark = pytest.mark.e2e
NS = "encore@/:"        # the store's namespace for a site served at / (static/store.js)
READY = 120_000
STEP = 30_000
BOARDS = "body[data-board=playable], body[data-board=curtain], body[data-board=venue], " \
         "body[data-board=round], " \
         "body[data-board=over]"

OWN_WARNING = "Encore:"      # how the page's own console warnings begin
NO_TEACHING = {game: False for game in pygame_rules.GAMES}   # teaching mode off for every title


VIEWPORT = {"width": 1280, "height": 800}
# the tests' motion preference: cards do not travel (less to draw on 2 cores); the tests of
# motion (test_e2e_motion, the page's travel test) and one whole game ask for it explicitly
MOTION = "reduce"
# a new visit's quick settings: quick bots, a trick won gathered at once, no rule tips (every
# test is a "first game" of its title), the worker started only for a search, and no sound (a running AudioContext's output
# thread took a quarter of a whole game's CPU here: a whole game of TAC, TAKE and Taktvoll,
# the Taktvoll play-back and a Re-Chord claim keep it, see with_sound), in the store's
# namespace at any path
QUICK = json.dumps({"pause": 0, "trick": 0, "think": 0.02, "early_worker": False, "teach": NO_TEACHING,
                    "mute": True})
QUICK_SETTINGS = ("(() => {{ const k = 'encore@' + location.pathname.replace(/[^/]*$/, '') + "
                  "':settings'; localStorage.getItem(k) || localStorage.setItem(k, {0}); }})()"
                  .format(json.dumps(QUICK)))
# a fresh start in a page whose Python is already up, as a second visit in the same tab would
# find it (the tab forgets its table; no fragment in the address; the start form as built),
# then the page's own fresh start. With settings given, also a new visitor's storage: empty
# but those quick settings and the language already chosen.
FRESH = """(settings) => {
  const key = 'encore@' + location.pathname.replace(/[^/]*$/, '') + ':settings';
  if (settings !== null) {
    let lang;
    try { lang = JSON.parse(localStorage.getItem(key)).lang; } catch (e) { lang = undefined; }
    localStorage.clear();
    localStorage.setItem(key, JSON.stringify(Object.assign(JSON.parse(settings), lang ? {lang} : {})));
  }
  sessionStorage.clear();
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  delete window.startClickAt;
  window.__motion = window.__watching = null;      // (COUNT_MOTION's and WATCH's records)
  for (const audio of window.__audio || []) audio.suspend();   // (with_sound's: the page's
                                                   // own sound resumes it when next asked)
  const form = document.getElementById('setup');
  form.reset();
  for (const pick of document.querySelectorAll('.lang-select')) {
    pick.value = document.documentElement.lang;        // (form.reset() chose English)
  }
  for (const folded of document.querySelectorAll('details[open]')) folded.open = false;
  form.dispatchEvent(new Event('change', {bubbles: true}));
  window.encoreFreshStart();
  if (document.activeElement) document.activeElement.blur();
  window.scrollTo(0, 0);
}"""


class Table:
    """A browser context on the site, with its requests and console recorded. The `table`
    fixture hands one whose Python is already up (`warm`) to the next test when the last one
    left it usable: its first open() is then the page's fresh start, not a new boot."""

    def __init__(self, browser, url):
        self.url = url
        self._context = browser.new_context(viewport=VIEWPORT, reduced_motion=MOTION)
        self._context.add_init_script(QUICK_SETTINGS)
        self.requests, self.problems = [], []
        self._context.on("request", lambda r: self.requests.append(r.url))
        self.page = self.record(self._context.new_page())
        self.warm = False        # Python is up, at a fresh start, not yet opened by this test
        self.reusable = True     # nothing was added to the context (init scripts, routes…)
        self.lang = "en"         # the language its pages open in

    @property
    def context(self):
        """The browser context. A test that reaches for it may add what stays (init scripts,
        routes, permissions, offline): the page is then started anew and not handed on."""
        self.warm, self.reusable = False, False
        return self._context

    def new_tab(self, url):
        """Load `url` in a new tab of this context, in place of the page (closed), its console
        recorded as the first's: a fresh load, not a hash change. Nothing is added to the
        context, so the table may still be handed on."""
        page = self.record(self._context.new_page())
        self.page.close()
        self.page, self.warm = page, False
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)

    def renew(self):
        """Ready for the next test: the page at a fresh start, nothing recorded yet."""
        for other in self._context.pages[1:]:
            other.close()
        self.fresh()
        self.requests.clear()
        self.problems.clear()
        self.warm = True

    def fresh(self):
        """The page as a new visitor's, without starting Python again (see FRESH)."""
        self.page.set_viewport_size(VIEWPORT)
        self.page.emulate_media(reduced_motion=MOTION)
        self.start_afresh(QUICK)

    def start_afresh(self, settings):
        """The page's fresh start (FRESH), a new visitor's storage with `settings` (JSON), else
        the stored games and settings kept; wait until the saves are checked."""
        self.page.evaluate(FRESH, settings)
        self.page.wait_for_selector("body[data-save-checked]", state="attached", timeout=STEP)

    def is_up(self):
        """Python is up in this page, on the site."""
        return self.page.url.startswith(self.url) and self.page.evaluate(
            "Boolean(document.body.dataset.ready) && typeof window.encoreFreshStart === 'function'")

    def again(self):
        """A second visit in this tab, for the test's next game: a fresh start that keeps the
        stored games and settings, in the page already up (no new boot; else open())."""
        if self.warm or not self.is_up():
            self.open()
            return
        self.start_afresh(None)

    def record(self, page):
        """Record a page's console problems and uncaught errors with this table's; the page."""
        page.on("console", self.on_console)
        page.on("pageerror", lambda e: self.problems.append("pageerror: %s" % e))
        return page

    def on_console(self, msg):
        """Record console errors, the page's own warnings ("Encore: …", e.g. a listener that
        failed) and anything that looks like a Python traceback."""
        if msg.type == "error" or "Traceback" in msg.text or \
                msg.type == "warning" and msg.text.startswith(OWN_WARNING):
            self.problems.append("%s: %s" % (msg.type, msg.text))

    def open(self, url=None):
        """Load the page and wait until Python is ready. A second visit in the same tab is a
        fresh start (the tab forgets its table), not a reload (which goes back to it); in a warm
        page the first visit is the page's own fresh start, with no new boot."""
        if self.warm and url is None:
            self.warm = False
            return
        self.warm = False
        if self.page.url.startswith(self.url):
            self.page.evaluate("sessionStorage.clear()")
        self.page.goto(url or self.url)
        self.page.wait_for_selector("body[data-shell]", state="attached")
        self.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)

    def start(self, players=4, seats=None, seed="4242", game="take-a-chord", options=None,
              until=BOARDS + ", body[data-teach]"):
        """Fill the start form and start the game; seats is a list of 'human'/'bot-…' (by
        default a person and heuristic bots, which play on the page's thread: a test of the
        searching bots, whose worker boots a second Python, names them); then wait for the
        table (`until`)."""
        self.fill_start(game, players, seats or ["human"] + ["bot-heuristic"] * (players - 1),
                        seed, options)
        # the table, or a rule's tip that holds the bots from the start (teaching mode: the
        # first deal's lesson while a bot is to pass, the board still "waiting")
        self.page.wait_for_selector(until, state="attached", timeout=STEP)

    def fill_start(self, game, players, seats, seed, options=None):
        """Fill the start form (the game, the table's size, its options, each seat's kind and
        the seed) and press Start."""
        page = self.page
        page.check('input[name="game"][value="%s"]' % game)
        page.check('input[name="players-%s"][value="%d"]' % (game, players))
        for name, value in (options or {}).items():
            page.select_option('[name="opt-%s-%s"]' % (game, name), value)
        for i, kind in enumerate(seats):
            page.select_option('[name="kind-%d"]' % i, kind)
        page.fill("#seed", seed)
        page.click("#start-button")

    def board(self):
        """(board state, moves so far) as the page reports them."""
        return self.page.evaluate("[document.body.dataset.board, document.body.dataset.moves]")

    def lesson_and_board(self):
        """(the teaching tip's lesson shown now or None, the board state), read at once: the
        bots play between two reads, so a board read after "no lesson" may be one whose tip has
        just come, and a move made on it would drop that tip unread."""
        return tuple(self.page.evaluate(
            "[document.body.dataset.teach || null, document.body.dataset.board]"))

    def act(self, selector):
        """Click something and wait until the board has moved on."""
        before = self.board()
        self.page.click(selector)
        self.page.wait_for_function(
            "([b, m]) => (document.body.dataset.board !== b || document.body.dataset.moves !== m)"
            " && document.body.matches(%s)" % json.dumps(BOARDS), arg=before, timeout=STEP)

    def step(self, on_curtain=None, on_playable=None):
        """Take one step of the game; False once the final screen is shown."""
        state = self.board()[0]
        if state == "over":
            return False
        if state == "curtain":
            if on_curtain:
                on_curtain(self)
            self.act("[data-action=reveal]")
        elif state in ("venue", "round"):
            self.act("[data-action=next-%s]" % state)
        else:
            if on_playable:
                on_playable(self)
            self.decide()
        return True

    def decide(self):
        """Take the first choice on offer: a decision button, a pass of two cards, or a card."""
        page = self.page
        for selector in ("[data-action=gift]", "[data-action=accept]", ".extra-choice"):
            if page.locator(selector).count():
                self.act(selector + " >> nth=0")
                return
        if self.decide_taktvoll():
            return
        if page.locator(".passing").count():
            page.click(".hand-card.playable >> nth=0")
            page.click(".hand-card.playable:not(.chosen) >> nth=0")
            self.act("[data-action=confirm]")
            return
        self.act(".hand-card.playable >> nth=0")

    def decide_taktvoll(self):
        """Taktvoll: the bonus bar line, else a playable card and its first place, else a step."""
        page = self.page
        if page.locator("[data-key=bonus-bar]").count():
            self.act("[data-key=bonus-bar]")
            return True
        if not page.locator(".tak-card").count() and not page.locator("[data-key^=step-]").count():
            return False
        if page.locator(".tak-card.playable").count():
            page.click(".tak-card.playable >> nth=0")
            page.locator(".place, [data-key=new-row]").first.wait_for()
            self.act(":is(.place, [data-key=new-row]) >> nth=0")
            return True
        for step in ("keep", "draw", "pass", "done"):
            if page.locator("[data-key=step-%s]" % step).count():
                self.act("[data-key=step-%s]" % step)
                return True
        return False

    def play_to_end(self, **hooks):
        """Play every human card (the first playable one) until the final screen."""
        steps = 0
        while self.step(**hooks):
            steps += 1
            assert steps < 400, "the game did not end"
        return steps

    def save(self):
        """The game this tab saved in the store (the page's own save wrapper)."""
        return json.loads(self.page.evaluate(
            "() => encoreStore.read('game.' + encoreStore.mySlot())"))

    def set_settings(self, **values):
        """Change remembered settings (the bots' pause, always claim…), read before each use."""
        self.page.evaluate("v => { const s = encoreStore.settings(); Object.assign(s, v); "
                           "encoreStore.write('settings', JSON.stringify(s)); }", values)

    def put_save(self, save):
        """Make a saved game the only one in the store, not yet at this tab's table."""
        self.page.evaluate("s => { for (const k of encoreStore.slots()) encoreStore.remove("
                           "'game.' + k); encoreStore.setAtTable(false); "
                           "encoreStore.setSlot(null); encoreStore.write('game.fixture', s); }",
                           save)

    def reload(self):
        """Reload in mid-game: the tab goes straight back to its table."""
        self.page.reload()
        self.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
        self.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)

    def engine_state(self):
        """The engine state the page saved, rebuilt in CPython."""
        return pygame_rules.load_state(self.save()["engine"])

    def continue_save(self, save, size=None):
        """Put a saved game (app.Session.to_save()) in the page and continue it, at a size."""
        if size:
            self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.put_save(save)
        self.again()                  # (the page already up: no reload needed to offer it)
        self.page.click("#continue-button")
        self.page.wait_for_selector(BOARDS, state="attached", timeout=STEP)

    def check_clean(self, origin):
        """No foreign request, no console error, no traceback on the page."""
        foreign = [u for u in self.requests
                   if not u.startswith(("data:", "blob:")) and
                   "%s://%s" % urlsplit(u)[:2] != origin]
        assert foreign == []
        assert self.problems == []
        assert self.page.locator(".py-error, py-error").count() == 0


def settle(page):
    """Let the page finish what the last input set off (no fixed wait): its handlers run in
    the input's own task, and what they schedule at once (a redraw, a zero-delay timer) has
    run by the next frame and the task after it."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")


def motion_done(page):
    """Wait until every animation the page's scripts started has finished (motion.js; not the
    style sheet's endless ones), a frame after the last input."""
    page.evaluate("""() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))
        .then(() => Promise.all(document.getAnimations()
            .filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))
            .map(a => a.finished.catch(() => null))))""")


def origin_of(url):
    """scheme://host:port of a URL."""
    return "%s://%s" % urlsplit(url)[:2]


WARM = {}      # (browser, url, language) -> the Table a test left usable, for the next one


# Two animation frames, or false after 5 s: headless Chromium has been seen to stop drawing a
# page for good (a screenshot or a click's "stable" check then waits in vain in a later test).
DRAWS = """() => new Promise(done => { let n = 0;
    const tick = () => ++n >= 2 ? done(true) : requestAnimationFrame(tick);
    requestAnimationFrame(tick); setTimeout(() => done(false), 5000); })"""


def usable(t, request, lang):
    """Whether the page a test leaves can serve the next one: the test passed, added nothing
    to the context, the page is still at its address (its query too), in its language, with
    Python up, and it still draws frames (one that does not is not handed on, and the run's
    warnings say after which test)."""
    report = getattr(request.node, "rep_call", None)
    if not t.reusable or report is None or not report.passed or t.page.is_closed():
        return False
    try:
        if not (t.is_up() and t.page.evaluate(
                "[location.origin + location.pathname + location.search, "
                "document.documentElement.lang]") == [t.url.split("#")[0], lang]):
            return False
        if not t.page.evaluate(DRAWS):
            request.node.warn(pytest.PytestWarning("the page stopped drawing frames after "
                                                   "this test: not handed on"))
            return False
        return True
    except Exception:             # noqa: BLE001 (a page that cannot answer is not handed on)
        return False


@contextlib.contextmanager
def lent_table(browser, url, request, lang="en", prepare=None):
    """A Table on the site for one test, checked clean at its end: the last test's, with Python
    already up at a fresh start (see Table.renew), if it left one usable in this language, else
    a new context (`prepare(context)` first: its language). Handed on if still usable."""
    key = (id(browser), url, lang)
    t = WARM.pop(key, None)
    if t is None:
        t = Table(browser, url)
        t.lang = lang            # (what prepare() is expected to choose)
        if prepare:
            prepare(t._context)
    try:
        yield t
        t.check_clean(origin_of(url))
    except BaseException:
        t._context.close()
        raise
    hand_on(t, request, lang, functools.partial(WARM.__setitem__, key))


def hand_on(t, request, lang, keep):
    """At a test's end: `keep(t)` at its fresh start (Table.renew) if usable() for the next
    test, else close its context."""
    if usable(t, request, lang):
        try:
            t.renew()
            keep(t)
            return
        except Exception:         # noqa: BLE001 (a page that will not start afresh: not handed on)
            pass
    t._context.close()


@pytest.fixture
def table(browser, site_server, request):
    """A browser context on the served site, checked clean at the end (see lent_table)."""
    with lent_table(browser, site_server.url, request) as t:
        yield t


def final_totals(page):
    """{name: total} read from the final screen."""
    out = {}
    for line in page.locator(".final-list li").all_inner_texts():
        name, total = re.match(r"(.+): (-?\d+) points", line).groups()
        out[name] = int(total)
    return out


def test_full_four_player_game_against_three_bots(table):
    """A person plays a whole 4-player game, the cards travelling as a player sees them and
    sounding as heard (the tests' default is reduced motion and no sound); the final scores
    are the engine's own."""
    table.page.emulate_media(reduced_motion="no-preference")
    table.open()
    with_sound(table)                                   # ... and heard, as a player hears it
    table.start(players=4)
    table.play_to_end()
    state = table.engine_state()
    assert state.is_over and len(state.history) == 128
    assert sounds_made(table) >= 6 * 32                 # a strum (4 to 6 strings) a card played
    replay = pygame_rules.new_game("take-a-chord", 4, seed=4242)
    for action in state.history:
        replay.apply(action)
    names = [s["name"] for s in table.save()["seats"]]
    assert final_totals(table.page) == dict(zip(names, replay.scores()))
    winners = table.page.locator(".winners").inner_text()
    assert all(names[w] in winners for w in replay.winners())


def test_full_three_player_game_with_the_non_player(table):
    """A 3-player game shows the non-player's stack and reaches the final screen."""
    table.open()
    table.start(players=3)
    assert "non-player" in table.page.locator(".seat.non-player").inner_text().lower()
    assert table.page.locator(".felt .seat").count() == 4
    table.play_to_end()
    state = table.engine_state()
    assert state.is_over and state.players == 3
    assert list(final_totals(table.page).values()) == sorted(state.scores(), reverse=True)


def test_hot_seat_hides_the_other_hand_behind_the_curtain(table):
    """Two people: behind each curtain no hand is in the DOM; in turn only one's own."""
    table.open()
    table.start(players=4, seats=["human", "human", "bot-heuristic", "bot-random"])
    checked = {"curtain": 0, "turn": 0}

    def markup(t):
        """The page without the log, whose earlier venues name cards dealt again since."""
        return re.sub(r'<aside class="log.*?</aside>', "", t.page.content(), flags=re.S)

    def hands():
        """Each human's hand, as card names, from the saved engine state."""
        state = table.engine_state()
        return {s: [card_name(c) for c in state.view(s)["hand"]] for s in (0, 1)}

    def on_curtain(t):
        """Nothing of either hand may be on the page."""
        html = markup(t)
        assert t.page.locator(".hand-card").count() == 0
        for cards in hands().values():
            assert not any(c in html for c in cards)
        checked["curtain"] += 1

    def on_playable(t):
        """Only the player to act has a hand on the page, and it is theirs."""
        state = t.engine_state()
        me = state.current_player
        shown = sorted(int(x) for x in t.page.eval_on_selector_all(
            ".hand-card", "els => els.map(e => e.dataset.card)"))
        assert shown == state.view(me)["hand"]
        other = hands()[1 - me]
        assert not any(c in markup(t) for c in other)
        checked["turn"] += 1

    table.play_to_end(on_curtain=on_curtain, on_playable=on_playable)
    assert checked["curtain"] >= 4 and checked["turn"] >= 60


def test_an_illegal_click_shows_the_reason_and_changes_nothing(table):
    """Clicking a dimmed card shows the engine's reason; the game and the save stay put."""
    table.open()
    table.start(players=4)
    for _ in range(200):
        if table.board()[0] == "playable" and table.page.locator(".hand-card.dimmed").count():
            break
        table.step()
    else:
        pytest.fail("never held a card that could not be played")
    before_save = table.save()
    before_hand = table.page.locator(".hand").inner_html()
    table.page.click(".hand-card.dimmed >> nth=0")
    notice = table.page.locator("#game-screen .notice")
    notice.wait_for()
    assert notice.inner_text().startswith("You must follow")
    bubble = table.page.locator(".refusal-bubble")          # also where the player looks
    assert bubble.inner_text() == notice.inner_text()
    card = table.page.locator(".hand-card.dimmed >> nth=0").bounding_box()
    box, view = bubble.bounding_box(), table.page.viewport_size
    assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"]
    assert box["y"] + box["height"] <= card["y"] or box["y"] >= card["y"] + card["height"]
    assert box["x"] < card["x"] + card["width"] and card["x"] < box["x"] + box["width"]
    assert table.save() == before_save
    assert table.page.locator(".hand").inner_html().replace(" ", "") == \
        before_hand.replace(" ", "")
    assert table.board()[0] == "playable"
    table.page.click(".hand-tools button")                     # the next click: the bubble goes
    assert table.page.locator(".refusal-bubble").count() == 0


def rules_shown_from(page, game):
    """The rules dialog is open and the top of `game`'s rules is in its visible part."""
    top = page.evaluate("""(g) => {
        const d = document.querySelector('#rules-dialog');
        const a = d.querySelector(`[data-game="${g}"]`).getBoundingClientRect();
        const b = d.getBoundingClientRect();
        return d.open && a.top >= b.top - 1 && a.top < b.top + b.height / 2;
    }""", game)
    return top


@pytest.mark.parametrize("game", ["take-bamboo", "taktvoll"])
def test_the_rules_open_at_the_game_being_played(table, game):
    """The rules dialog shows one game at a time: from the start screen the game chosen, in a
    game (its Rules button) the game being played, from its top, not its end."""
    table.open()
    table.page.check('input[name="game"][value="%s"]' % game)
    table.page.click("#start-rules")
    assert rules_shown_from(table.page, game)
    table.page.keyboard.press("Escape")
    table.start(players=4, game=game)
    table.page.click('#game-screen [data-action="rules"]')
    assert rules_shown_from(table.page, game)
    shown = table.page.locator("#rules-dialog .rules-game:visible")
    assert shown.count() == 1 and shown.get_attribute("data-game") == game
    assert table.page.locator('#rules-dialog [data-game="%s"] .rules-doc' % game).is_visible() \
        or table.page.locator('#rules-dialog [data-game="%s"] h2' % game).is_visible()


# From now on, every animation the page's scripts start in this page (already up), as [class,
# ms, the [x, y] offset it starts from or null] in window.__motion (a fresh start stops it).
COUNT_MOTION = """() => {
  window.__motion = [];
  if (window.__animate) return;
  const animate = window.__animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    if (Array.isArray(window.__motion)) {
      const m = /translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/.exec(frames[0].transform || "");
      window.__motion.push([this.getAttribute("class") || "", options.duration,
                            m ? [+m[1], +m[2]] : null]);
    }
    return animate.call(this, frames, options);
  };
}"""
# From now on, each oscillator the page's sound makes counts in window.__sounds, and each
# AudioContext it makes is kept in window.__audio (FRESH suspends them: an idle context still
# costs CPU), in a page already up that has made none yet (the tests' default is muted).
COUNT_SOUND = """() => {
  window.__sounds = 0;
  if (window.__audio) return;
  window.__audio = [];
  window.AudioContext = class extends window.AudioContext {
    constructor(...given) { super(...given); window.__audio.push(this); }
    createOscillator() { window.__sounds++; return super.createOscillator(); }
  };
}"""


def with_sound(table):
    """Sound on for this test (the tests' default is muted, see QUICK), in the open page: its
    oscillators counted in window.__sounds (COUNT_SOUND)."""
    table.set_settings(mute=False)
    table.page.evaluate(COUNT_SOUND)


def sounds_made(table):
    """How many oscillators the page's sound has made since with_sound()."""
    return table.page.evaluate("window.__sounds")


# From now on, the main thread's long tasks (with those buffered since the page loaded) in
# window.__longTasks, and the frames drawn while body[data-thinking] said a bot was thinking
# in window.__thinkingFrames, in a page already up (a fresh start stops the count of frames).
WATCH = """() => {
  const me = window.__watching = {};
  window.__longTasks = [];
  window.__thinkingFrames = 0;
  if (!window.__taskObserver) {
    window.__taskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    });
    window.__taskObserver.observe({type: "longtask", buffered: true});
  }
  requestAnimationFrame(function frame() {
    if (window.__watching !== me) return;
    if (document.body.dataset.thinking !== undefined) window.__thinkingFrames++;
    requestAnimationFrame(frame);
  });
}"""


@pytest.mark.parametrize("reduced", [False, True])
def test_played_cards_travel_and_won_tricks_gather_unless_motion_is_reduced(table, reduced):
    """Over a few tricks each card new in the trick travels there and each won trick's cards
    gather to the winner (static/motion.js); with reduced motion asked for, nothing moves."""
    table.page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    table.open()
    table.page.evaluate(COUNT_MOTION)
    table.start(players=4)
    for _ in range(6):
        table.step()
    moves = table.page.evaluate("window.__motion")
    travels = [m for m in moves if "trick-slot" in m[0]]
    gathers = [m for m in moves if m[0] == "motion-ghost"]
    if reduced:
        assert moves == []
    else:
        assert len(travels) >= 8 and all(m[1] == 220 for m in travels)
        assert len(gathers) >= 4 and all(m[1] == 480 for m in gathers)


def test_a_reload_in_mid_trick_resumes_exactly(table):
    """Reload with cards on the table: the tab is back at the same trick, hand and save at once;
    a new tab offers the game as "Continue … venue 1"."""
    table.open()
    table.start(players=4)
    for _ in range(200):
        if table.board()[0] == "playable" and table.page.locator(".trick-slot.filled").count():
            break
        table.step()
    trick = table.page.eval_on_selector_all(".trick-slot", "els => els.map(e => e.ariaLabel)")
    hand = table.page.eval_on_selector_all(".hand-card", "els => els.map(e => e.ariaLabel)")
    save = table.save()
    table.reload()
    assert table.page.eval_on_selector_all(".trick-slot", "els => els.map(e => e.ariaLabel)") \
        == trick
    assert table.page.eval_on_selector_all(".hand-card", "els => els.map(e => e.ariaLabel)") \
        == hand
    assert {k: v for k, v in table.save().items() if k != "summary"} == \
        {k: v for k, v in save.items() if k != "summary"}
    other = table.context.new_page()
    other.goto(table.url)
    other.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
    button = other.locator("#continue-button")
    assert button.is_visible() and "venue 1" in button.inner_text()
    other.close()


def test_a_corrupt_save_gets_a_message_and_a_fresh_start(table):
    """A damaged save is set aside (not deleted) with a message; the start screen still works."""
    table.open()
    table.put_save('{"format": "encore-web", "version": 1, "summary": {"title": "x", '
                   '"venue": 2}, "engine": "tampered"}')
    table.page.reload()
    table.page.wait_for_selector("body[data-save-checked]", state="attached", timeout=READY)
    notice = table.page.locator("#save-notice")
    assert notice.is_visible() and "could not be resumed" in notice.inner_text()
    assert table.page.locator("#continue-box").is_hidden()
    assert table.page.evaluate("encoreStore.slots()") == []
    assert "tampered" in table.page.evaluate("localStorage.getItem('%sbad:game.fixture')" % NS)
    table.start(players=3)
    assert table.board()[0] in ("playable", "curtain", "venue", "over")


QR_DRAWN = "async () => (await window.encoreNet.qrSvg('encore'))"


def test_offline_after_a_first_visit_with_the_server_stopped(browser, built_site):
    """After one visit the service worker serves everything: reload offline and play it out.
    The QR library, not precached, works offline once it was used online."""
    import build

    server = build.serve_in_thread(built_site.path)
    t = Table(browser, server.url)
    try:
        t.open()
        assert t.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        assert t.page.evaluate(QR_DRAWN).startswith("<svg")     # used once, online
        t.context.set_offline(True)
        server.shutdown()
        server.server_close()
        t.open()
        # Chromium 150 (Playwright 1.65) does not carry the offline emulation over to a document
        # loaded while offline (navigator.onLine reads true): set it again for the new document.
        # The server is stopped all the same, so the page above came from the service worker.
        t.context.set_offline(False)
        t.context.set_offline(True)
        assert t.page.evaluate("navigator.onLine") is False
        assert t.page.evaluate(QR_DRAWN).startswith("<svg")     # from the service worker
        t.start(players=3)
        t.play_to_end()
        assert t.engine_state().is_over
        t.check_clean(origin_of(server.url))
    finally:
        t.context.close()


def test_served_under_a_sub_path(browser, built_site):
    """Relative URLs only: the site works under /encore/ like a GitHub Pages project site."""
    import build

    server = build.serve_in_thread(built_site.path, subpath="encore")
    t = Table(browser, server.url)
    try:
        assert server.url.endswith("/encore/")
        t.open()
        t.start(players=4)
        for _ in range(12):
            t.step()
        assert all(urlsplit(u).path.startswith("/encore/") for u in t.requests
                   if u.startswith("http"))
        t.check_clean(origin_of(server.url))
    finally:
        t.context.close()
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_table_fits_a_phone_and_a_laptop(table, size):
    """At 390×844 and 1280×800 the hand, the trick and the status are on screen and usable."""
    table.page.set_viewport_size({"width": size[0], "height": size[1]})
    table.open()
    table.start(players=4)
    for selector in (".hand-card.playable", ".trick", ".status-main", ".key-ring"):
        box = table.page.locator(selector).first.bounding_box()
        assert box and box["width"] > 20 and 0 <= box["x"] <= size[0] - 10
    width = table.page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0]
    table.page.keyboard.press("Tab")
    table.page.locator(".hand-card.playable").first.focus()
    before = table.board()
    table.page.keyboard.press("Enter")
    table.page.wait_for_function("m => document.body.dataset.moves !== m", arg=before[1])
