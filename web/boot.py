"""The page's entry (imported by static/boot.js once Python runs): the modules come from the
precompiled bundle (bundle.py), then main.py wires the page; a console warning names any
standard library module the start compiled from source (build.py precompiles those a start
imports). It stamps when it began (pyBootAt) and when the bundle was in (pyBundleAt), for
bench_page."""

import sys

from pyscript import window

window.pyBootAt = window.performance.now()      # (bench_page: where Python's start goes)
import bundle  # noqa: E402

bundle.install()
window.pyBundleAt = window.performance.now()
import main  # noqa: E402,F401  (importing it starts the page)


def compiled_at_start():
    """The standard library modules imported so far from source in the runtime's zip (not the
    frozen ones, which name a file too)."""
    origins = {name: getattr(getattr(module, "__spec__", None), "origin", None) or ""
               for name, module in list(sys.modules.items())}
    return sorted(name for name, origin in origins.items()
                  if ".zip/" in origin and origin.endswith(".py"))


COMPILED = compiled_at_start()
if COMPILED:
    import js
    js.console.warn("Encore: the start compiled these standard library modules from source "
                    "(scripts/precompile.py precompiles what a start imports): "
                    + ", ".join(COMPILED))
