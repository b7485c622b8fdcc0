"""Shared fixtures: one site build per test session (and, later, the browser fixtures)."""

import fcntl
import functools
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
from typing import NamedTuple

import pytest
from playwright.sync_api import Page

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class BuiltSite(NamedTuple):
    """A site built by build.build(): its folder and the stats build() returned."""

    path: pathlib.Path
    stats: dict


def site_folder(basetemp):
    """Where this run's site is built: the run's folder, above each xdist worker's own."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def build_site_once(shared):
    """Build the site into shared/site/dist unless this run already has (under a lock: the
    first to ask builds, the others wait and read it); its stats."""
    import build

    out, made = shared / "site" / "dist", shared / "site" / "stats.json"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)       # (released when the file is closed)
        if not made.is_file():
            made.parent.mkdir(exist_ok=True)
            made.write_text(json.dumps(build.build(out=out, quiet=True)))
        return json.loads(made.read_text())


def pytest_collection_finish(session):
    """When a collected test needs the site, start building it at once, beside the first
    tests (mostly a Node process): no worker then waits idle for the build later."""
    if (ROOT / "web" / "shell.py").is_file() and \
            any("built_site" in getattr(item, "fixturenames", ()) for item in session.items):
        shared = site_folder(session.config._tmp_path_factory.getbasetemp())
        threading.Thread(target=build_quietly, args=(shared,), daemon=True).start()


def build_quietly(shared):
    """build_site_once in a child process (the build switches the catalogue's language while it
    fills the page in each language: in this process it would race the tests beside it); a
    failure is left to the fixture, which builds again here and says why."""
    code = ("import pathlib, sys; sys.path[:0] = [%r, %r]; import conftest; "
            "conftest.build_site_once(pathlib.Path(%r))"
            % (str(ROOT), str(ROOT / "tests"), str(shared)))
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False)


@pytest.fixture(autouse=True)
def language_left_as_found():
    """Every test leaves the catalogue's language English, as it found it: a test that switches
    it and forgets to switch back would turn the refusals of whatever runs next in its worker
    Japanese. Such a test errors here, by name, and English is put back."""
    yield
    from pygame_rules.messages import language, set_language
    left = language()
    if left != "en":
        set_language("en")
        pytest.fail("the test left the catalogue's language %r, not 'en'" % left)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """Build the site once per run into a temp folder (like `python build.py`): under
    pytest-xdist, the first worker to ask builds it and the others read it (the tests only
    read the site; a test that changes a site copies it first). The build starts when the
    tests are collected (pytest_collection_finish)."""
    if not (ROOT / "web" / "shell.py").is_file():
        pytest.skip("web/shell.py does not exist yet: the page (web/) is not written, so there "
                    "is no index.html to build")
    shared = site_folder(tmp_path_factory.getbasetemp())
    return BuiltSite(shared / "site" / "dist", build_site_once(shared))


# --- the browser (pytest-playwright with Debian's Chromium; see shared/stack.md) -------------
# Debian's chromium-headless-shell (the same engine without the browser's windowing layers: about
# 5-14% less CPU a browser test here) when installed, else its chromium; ENCORE_CHROMIUM overrides.
CHROMIUM = os.environ.get("ENCORE_CHROMIUM") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(p)),
    "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


# Playwright's wait_for_function polls at every animation frame unless told otherwise, which
# keeps a waiting page drawing sixty frames a second only to be polled: with a poll every 40 ms
# instead, the browser tests that wait most used about 9% less CPU (take, taktvoll, reload and
# hot-seat files: 243 and 217 busy CPU-s against 224 and 198). A wait that names its own
# polling keeps it.
WAIT_POLL_MS = 40
# A bare expression is waited for as a function of no argument: Playwright evaluates a bare
# expression with the page's eval, which the page's policy forbids (no 'unsafe-eval').
FUNCTION = re.compile(r"^\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|\w+\s*=>)")


def polling_by_default(wait_for_function):
    """Page.wait_for_function that polls every WAIT_POLL_MS unless a polling is given, a bare
    expression as a function."""
    @functools.wraps(wait_for_function)
    def wait(self, expression, *, arg=None, timeout=None, polling=None):
        """wait_for_function(…, polling=WAIT_POLL_MS unless given)."""
        if not FUNCTION.match(expression):
            expression = "() => (%s)" % expression
        return wait_for_function(self, expression, arg=arg, timeout=timeout,
                                 polling=WAIT_POLL_MS if polling is None else polling)
    return wait


Page.wait_for_function = polling_by_default(Page.wait_for_function)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch the system Chromium (playwright install is not possible here)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_server(built_site):
    """The built site served on 127.0.0.1 for the whole session."""
    import build

    server = build.serve_in_thread(built_site.path)
    yield server
    server.shutdown()
    server.server_close()


# The browser test files whose tests take longest (about 40-60 s each on 2 cores), slowest first.
SLOW_FIRST = ("test_e2e_net.py", "test_e2e_net_axe.py", "test_e2e_reload.py", "test_e2e_update.py",
              "test_e2e_axe.py", "test_e2e_search.py", "test_e2e_japanese.py", "test_e2e_replay.py")


def pytest_collection_modifyitems(config, items):
    """The slowest browser tests first, then the other browser tests, then the unit tests (each
    file's own order kept): with --dist worksteal the run then ends on short tests that both
    workers share, not on one long game while the other core has nothing left to do."""
    def rank(item):
        """The item's place: a slow file's rank, then every other browser test, then units."""
        name = item.path.name
        if name in SLOW_FIRST:
            return SLOW_FIRST.index(name)
        return len(SLOW_FIRST) + (0 if item.get_closest_marker("e2e") else 1)
    items.sort(key=rank)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test (item.rep_call…): a fixture's teardown reads
    whether the test passed (the `table` fixture hands on only a page a passing test left)."""
    report = yield
    setattr(item, "rep_" + report.when, report)
    return report
