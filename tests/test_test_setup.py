"""The tests' own set-up in conftest.py: what every browser test's waits do."""

from playwright.sync_api import Page

import conftest


def test_waits_poll_every_40_ms_unless_told():
    """Page.wait_for_function polls every WAIT_POLL_MS when the test names no polling (not at
    every animation frame, Playwright's default), and keeps a polling the test names."""
    seen = []

    def original(self, expression, *, arg=None, timeout=None, polling=None):
        seen.append((expression, arg, timeout, polling))

    wait = conftest.polling_by_default(original)
    wait(None, "x", arg=1, timeout=5)
    wait(None, "y", polling="raf")
    wait(None, "n => n > 1", arg=2)
    wait(None, "([a, b]) => a < b")
    wait(None, "() => true")
    assert seen == [("() => (x)", 1, 5, 40), ("() => (y)", None, None, "raf"),
                    ("n => n > 1", 2, None, 40), ("([a, b]) => a < b", None, None, 40),
                    ("() => true", None, None, 40)] and conftest.WAIT_POLL_MS == 40
    assert Page.wait_for_function.__wrapped__ is not Page.wait_for_function
    assert Page.wait_for_function.__name__ == "wait_for_function"
