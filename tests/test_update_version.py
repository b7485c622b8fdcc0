"""The page refuses a bots' worker of another version (web/worker.py's boot_worker), in CPython
with the browser stubbed: build.py stamps the site's version into index.html's
<meta name="encore-version"> and into bot_worker.py, the worker reports it, and a worker whose
files came from another version is treated as failed (the heuristic plays, a console warning
says why)."""

import asyncio
import concurrent.futures
import types
from unittest import mock

import pytest

from test_web_main import main  # noqa: F401  (the fixture: the page's modules, DOM stubbed)

PAGE_VERSION = "encore-00112233aabbccdd"


def booted(main, monkeypatch, worker_version):  # noqa: F811
    """Run boot_worker against a stub worker reporting `worker_version`; (result, page state,
    console warnings)."""
    proxy = types.SimpleNamespace(warm_up=mock.AsyncMock(return_value="[]"),
                                  version=mock.AsyncMock(return_value=worker_version))
    meta = mock.MagicMock()
    meta.getAttribute.side_effect = lambda name: PAGE_VERSION if name == "content" else None
    document, window = main.document, main.window
    monkeypatch.setattr(document, "querySelector",
                        lambda selector: meta if selector == 'meta[name="encore-version"]'
                        else mock.MagicMock())
    warn = mock.MagicMock()
    monkeypatch.setattr(window.console, "warn", warn)
    monkeypatch.setattr(window, "encoreBotWorker", mock.MagicMock(return_value=proxy),
                        raising=False)
    for field, value in (("worker_state", "starting"), ("worker_proxy", None),
                         ("notice", None)):
        monkeypatch.setattr(main.page.PAGE, field, value)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:   # its own thread: the browser
        result = pool.submit(asyncio.run, main.worker.boot_worker()).result()   # tests' loop may run
    return result, main.page.PAGE, [str(c.args[0]) for c in warn.call_args_list], proxy


def test_a_worker_of_the_pages_version_is_used(main, monkeypatch):  # noqa: F811
    """Same version: the worker is ready and is the one the bots ask."""
    result, page, warnings, proxy = booted(main, monkeypatch, PAGE_VERSION)
    assert result is proxy and page.worker_state == "ready" and page.worker_proxy is proxy
    assert warnings == []
    proxy.version.assert_awaited_once()


@pytest.mark.parametrize("other", ["encore-ffffffffffffffff", "__ENCORE_VERSION__", ""])
def test_a_worker_of_another_version_is_refused(main, monkeypatch, other):  # noqa: F811
    """Another version (or an unstamped file): the worker counts as failed, the console says
    which versions differ, and the heuristic plays (the existing fallback, with its notice)."""
    result, page, warnings, _ = booted(main, monkeypatch, other)
    assert result is None and page.worker_state == "failed" and page.worker_proxy is None
    assert len(warnings) == 1 and PAGE_VERSION in warnings[0] and "version" in warnings[0]
    assert page.notice == main.text("ui.bot_worker_failed")
