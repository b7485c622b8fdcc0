"""The bots' worker: a Web Worker running `bot_worker.py` (static/bot-worker.js, started through
static/boot.js's `encoreBotWorker`, restored from the page's Python snapshot when one is kept) that
searches for the bots that
think (Normal, Hard) and for hints, started once, lazily, checked to be of the page's
version; if it cannot start, searching bots play by the heuristic here, with a notice.
Calls: no other page module.
"""

import asyncio

from pyscript import document, window

from pygame_rules.messages import text

from page import PAGE, proxy, said, settings


WORKER_BOOT_SECONDS = 60          # a slow phone needs a while; after that the heuristic plays
EARLY_WORKER_MS = 1500            # a person's game: the worker starts this long after the
                                  # table is first drawn (its boot would slow that drawing)


def think_cap():
    """A cap on the search's seconds per move (0: none), from `?think=S` in the page's URL or
    the `think` setting; tests set it to keep games short."""
    try:
        raw = dict(p.split("=", 1) for p in str(window.location.search)[1:].split("&")
                   if "=" in p).get("think")
        if raw is None:
            raw = settings().get("think", 0)
        return max(0.0, float(raw or 0))
    except (ValueError, TypeError, AttributeError):
        return 0.0


def ensure_worker():
    """Start the bots' worker once (lazily: the first game that seats a searching bot or a
    person, who may ask for a hint; the setting early_worker = false leaves it to the first
    search, as the tests' quick settings do)."""
    if PAGE.worker_state == "off":
        PAGE.worker_state = "starting"
        document.body.dataset.worker = "starting"
        PAGE.worker_task = asyncio.ensure_future(boot_worker())
    return PAGE.worker_task


async def boot_worker():
    """Create the worker and load the engine and the determinizers in it; None if it failed."""
    started = window.performance.now()
    try:
        proxy = window.encoreBotWorker()
        await asyncio.wait_for(proxy.warm_up(), WORKER_BOOT_SECONDS)
        same_version(str(await asyncio.wait_for(proxy.version(), WORKER_BOOT_SECONDS)))
    except Exception as err:          # noqa: BLE001 (any failure: the heuristic plays instead)
        worker_failed(err)
        return None
    PAGE.worker_state, PAGE.worker_proxy = "ready", proxy
    document.body.dataset.worker = "ready"
    window.botWorkerBootMs = window.performance.now() - started
    return proxy


def same_version(worker_version):
    """Refuse a worker whose files are of another version than the page (build.py stamps the
    site's version into index.html's <meta name="encore-version"> and into bot_worker.py; the
    service worker serves a page and its workers from one cache, and this checks it)."""
    meta = document.querySelector('meta[name="encore-version"]')
    page_version = str(meta.getAttribute("content")) if meta else ""
    document.body.dataset.workerVersion = worker_version
    if worker_version != page_version:
        raise RuntimeError("the bots' worker is version %s, the page %s"
                           % (worker_version, page_version))


def worker_failed(err):
    """The worker could not start: say so once; searching bots play the heuristic here."""
    PAGE.worker_state, PAGE.worker_proxy = "failed", None
    document.body.dataset.worker = "failed"
    window.console.warn("Encore: the bots' worker did not start (%s: %s)"
                        % (type(err).__name__, err))
    PAGE.notice = said("ui.bot_worker_failed")   # drawn when the move in flight is played


def early_worker(*_):
    """The timer after a person's first board: start the worker (a hint may come soon)."""
    ensure_worker()
EARLY_WORKER = proxy(early_worker)
