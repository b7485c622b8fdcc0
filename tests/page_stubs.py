"""The browser as the page's modules see it, stubbed for CPython: `pyscript` (window and document
as MagicMocks, with an empty store) and `pyodide.ffi`. Used by test_web_main's fixture and by
tests that import the page in a process of their own."""

import sys
import types
from unittest import mock


def stubs():
    """{module name: stub module} for pyscript, pyodide and pyodide.ffi, sharing one window."""
    window, document = mock.MagicMock(), mock.MagicMock()
    window.innerWidth = 1366
    window.location.search = ""
    window.encoreStore.read.return_value = None       # an empty store (static/store.js)
    window.encoreStore.guest.return_value = None      # no guest's seat kept in this tab
    window.location.hash = ""
    window.Date.now.return_value = 1_790_000_000_000
    pyscript = types.ModuleType("pyscript")
    pyscript.window, pyscript.document = window, document
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    ffi.to_js = lambda value, **kw: value
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    return {"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi}


def install():
    """Put the stubs in sys.modules (a process of its own: nothing is put back)."""
    sys.modules.update(stubs())
