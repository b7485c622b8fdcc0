"""The engine runs unchanged on Pyodide's Python 3.14 and plays the very same games there."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import digest_games  # noqa: E402


HAVE_PYODIDE = (ROOT / "node_modules" / "pyodide").is_dir() and shutil.which("node")


@pytest.mark.skipif(not HAVE_PYODIDE and os.environ.get("CI") != "true",
                    reason="needs `npm ci` (the pinned pyodide package) and node; CI always runs it")
def test_same_seeds_give_the_same_games_on_pyodide_and_cpython():
    """20 seeded games end with identical saves, events and scores in both Pythons."""
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_check.mjs"), str(ROOT)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT, check=True)
    there = json.loads(out.stdout.strip().splitlines()[-1])
    assert there["python"].startswith("3.14")
    assert there["games"] == json.loads(json.dumps(digest_games.digests()))
