"""End to end: a new version is announced, never switched in silently, never mixed with the old.

Each test builds the site into its own folder, serves it, visits it so the service worker
installs and controls the page, then rebuilds into the SAME folder with one sentence changed
(so the version, the cache name, changes) and comes back as a returning visitor:

- a page left open shows "A new version is ready. [Reload] [Later]", keeps playing its own
  version (the bots' worker, started after the rebuild, reports the page's version: its files
  came from the old cache) and reloads only when the player clicks Reload; the game in progress
  is then offered by Continue in the new version;
- a new page opened after the rebuild shows the new version after at most one reload, and that
  one only through the notice.
"""

import pathlib
import shutil

import pytest

import build
from pygame_rules.messages import CATALOGUE, text
from test_e2e_page import READY, Table, origin_of, settle

pytestmark = pytest.mark.e2e
ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-artifacts" / "screens"
BAR = ".update-bar"
RELOAD = BAR + " [data-action=update-reload]"
CHANGE = " (new version)"


def version(page):
    """The version the page was built as (its <meta name="encore-version">)."""
    return page.evaluate("document.querySelector('meta[name=\"encore-version\"]')?.content")


def tagline(page):
    """The start screen's tagline (the sentence the rebuild changes)."""
    return page.locator(".tagline").inner_text()


def controlled(page):
    """Wait until the service worker controls the page (installed, activated, claimed)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY)


def rebuild(site, monkeypatch):
    """Build again into the same (served) folder with the tagline changed; the new version."""
    monkeypatch.setitem(CATALOGUE["en"], "ui.tagline", text("ui.tagline") + CHANGE)
    return build.build(out=site, quiet=True)["cache"]


@pytest.fixture
def served(tmp_path, built_site):
    """The run's built site copied into a folder of this test and served from it: (folder,
    server, version)."""
    site = tmp_path / "site"
    shutil.copytree(built_site.path, site)
    first = built_site.stats["cache"]
    server = build.serve_in_thread(site)
    yield site, server, first
    server.shutdown()
    server.server_close()


def overlap(a, b):
    """True when two bounding boxes overlap."""
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_an_open_page_keeps_its_version_until_the_player_clicks_reload(browser, served,
                                                                         monkeypatch):
    """The open page learns of the new version when it checks (on being shown again), says so
    without reloading, and goes on with its own version: the bots' worker it starts after the
    rebuild reports the page's version. Reload switches to the new version, where Continue
    offers the game in progress."""
    site, server, old = served
    t = Table(browser, server.url)
    try:
        t.open()
        controlled(t.page)
        old_tagline = tagline(t.page)
        assert CHANGE not in old_tagline and t.page.locator(BAR).count() == 0
        t.page.evaluate("window.sameDocument = true")
        new = rebuild(site, monkeypatch)
        assert new != old
        t.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")   # shown again
        t.page.wait_for_selector(RELOAD, timeout=READY)
        bar = t.page.locator(BAR)
        assert version(t.page) == old and tagline(t.page) == old_tagline
        assert bar.get_attribute("role") == "status"
        assert text("ui.update_ready") in bar.inner_text()
        assert text("ui.update_later") in bar.inner_text()
        # the game starts now: its bots' worker boots after the rebuild, from the old cache
        t.start(players=4, seats=["human"] + ["bot-normal"] * 3)   # they think in the worker
        t.page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=READY)
        for _ in range(6):
            t.step()
        assert t.page.evaluate("document.body.dataset.workerVersion") == old == version(t.page)
        assert t.page.evaluate("window.sameDocument") is True          # no reload by itself
        assert bar.is_visible()
        for size in ((1366, 768), (390, 844)):
            t.page.set_viewport_size({"width": size[0], "height": size[1]})
            SHOTS.mkdir(parents=True, exist_ok=True)
            t.page.screenshot(path=str(SHOTS / ("update-notice-%dx%d.png" % size)))
            box = bar.bounding_box()
            assert box["y"] >= 0 and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
            for card in t.page.locator(".hand-card").all():
                assert not overlap(box, card.bounding_box()), size
        t.page.wait_for_selector("body[data-board=playable]", state="attached", timeout=READY)
        save = t.save()                                  # the human's turn: nobody moves now
        with t.page.expect_navigation(timeout=READY):
            t.page.click(RELOAD)
        t.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
        assert version(t.page) == new and tagline(t.page) == old_tagline + CHANGE
        assert t.page.locator(BAR).count() == 0
        t.page.wait_for_selector("body[data-board=playable]", state="attached", timeout=READY)
        assert unstamped(t.save()) == unstamped(save)    # straight back to the same table
        t.step()
        t.check_clean(origin_of(server.url))
    finally:
        t.context.close()


def test_a_returning_visitor_gets_the_new_version_after_one_reload_with_the_notice(
        browser, served, monkeypatch):
    """After the rebuild a new page first comes from the old cache, as it must offline, and
    says a new version is ready; one click on Reload shows it; every page after that is new."""
    site, server, old = served
    t = Table(browser, server.url)
    try:
        t.open()
        controlled(t.page)
        t.page.close()
        new = rebuild(site, monkeypatch)
        t.page = t.record(t.context.new_page())
        t.open()
        assert CHANGE not in tagline(t.page)            # served by the old worker, as offline
        t.page.wait_for_selector(RELOAD, timeout=READY)  # ... and never silently
        t.page.set_viewport_size({"width": 390, "height": 844})
        SHOTS.mkdir(parents=True, exist_ok=True)
        t.page.screenshot(path=str(SHOTS / "update-notice-start-390x844.png"))
        assert not overlap(t.page.locator(BAR).bounding_box(),
                           t.page.locator("#start-button").bounding_box())
        assert version(t.page) == old and t.page.evaluate("navigator.serviceWorker.controller "
                                                          "!== null")
        with t.page.expect_navigation(timeout=READY):
            t.page.click(RELOAD)
        t.page.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
        assert version(t.page) == new and t.page.locator(BAR).count() == 0
        t.open()                                        # and from now on, the new version
        assert version(t.page) == new and CHANGE in tagline(t.page)
        t.page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")   # asked now:
        settle(t.page)                                  # nothing newer, so no notice
        assert t.page.locator(BAR).count() == 0
        t.check_clean(origin_of(server.url))
    finally:
        t.context.close()


def test_reload_in_one_tab_never_reloads_another(browser, served, monkeypatch):
    """Two tabs of the old version: both say a new version is ready; Reload in one switches it
    (the browser has one active service worker per site, so the other's changes too), and the
    other keeps its page, still says so, and switches only on its own Reload."""
    site, server, old = served
    t = Table(browser, server.url)
    try:
        t.open()
        controlled(t.page)
        first = t.page
        t.page = t.record(t.context.new_page())
        t.open()
        other = t.page
        other.evaluate("window.sameDocument = true; window.switched = 0; navigator.serviceWorker"
                       ".addEventListener('controllerchange', () => window.switched++)")
        new = rebuild(site, monkeypatch)
        first.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        first.wait_for_selector(RELOAD, timeout=READY)
        other.wait_for_selector(RELOAD, timeout=READY)
        with first.expect_navigation(timeout=READY):
            first.click(RELOAD)
        first.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
        assert version(first) == new
        other.wait_for_function("window.switched > 0")   # its worker changed under it ...
        settle(other)                                      # ... and it did not reload
        assert other.evaluate("window.sameDocument") is True and version(other) == old
        assert other.locator(RELOAD).is_visible()
        with other.expect_navigation(timeout=READY):
            other.click(RELOAD)
        other.wait_for_selector("body[data-ready]", state="attached", timeout=READY)
        assert version(other) == new and CHANGE in tagline(other)
        t.check_clean(origin_of(server.url))
    finally:
        t.context.close()


def unstamped(save):
    """A page save without the time it was written (a resumed game is saved again)."""
    save["summary"].pop("saved_at", None)
    return save
