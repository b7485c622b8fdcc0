"""Imports the engine and the page's modules from one precompiled bundle (issue 21).

build.py compiles every Python module the browser runs (the engine and the page's modules) with
the runtime's own Python (scripts/bundle.mjs, in the vendored Pyodide) and ships them as one
file, `encore.bundle`: lzma-compressed marshal data of

    (MAGIC_NUMBER, {module name: (is a package, its code object or its source)})

Compiling ~1 MB of source in the browser took about half a second of the page's start on a
desktop CPU; unmarshalling the bundle's code takes a few milliseconds. The modules no page
needs before its first board (the hint, the sound) are in it as source, which is smaller,
and are compiled when first imported. `install()` puts a finder for those modules first on
`sys.meta_path`; importing a module then runs its code. The page's entry (boot.py) and the
bots' worker (bot_worker.py) call it before any other import. Without a bundle beside it
(CPython, the tests) nothing changes and the sources are imported.
"""

import importlib.util
import lzma
import marshal
import os
import sys

BUNDLE = "encore.bundle"


class BundleFinder:
    """A meta path finder and loader for the modules of the bundle."""

    def __init__(self, modules):
        """Keep {module name: (is a package, code object)}."""
        self.modules = modules

    def find_spec(self, name, path=None, target=None):
        """The spec of a module of the bundle, or None for any other."""
        if name not in self.modules:
            return None
        return importlib.util.spec_from_loader(name, self, origin=BUNDLE,
                                               is_package=self.modules[name][0])

    def create_module(self, spec):
        """The default module object."""
        return None

    def exec_module(self, module):
        """Run the module's code in its namespace (compiling it first if it is source)."""
        package, code = self.modules[module.__name__]
        if isinstance(code, str):
            path = module.__name__.replace(".", "/") + ("/__init__.py" if package else ".py")
            code = compile(code, path, "exec")
        exec(code, module.__dict__)


def read(path=BUNDLE):
    """The bundle's modules; raises ImportError if it was compiled for another Python."""
    with open(path, "rb") as f:
        magic, modules = marshal.loads(lzma.decompress(f.read()))
    if magic != importlib.util.MAGIC_NUMBER:
        raise ImportError("%s was compiled for another Python (magic %r, this one %r)"
                          % (path, magic, importlib.util.MAGIC_NUMBER))
    return modules


def install(path=BUNDLE):
    """Import the bundle's modules from it from now on (once; a no-op without a bundle)."""
    if not os.path.exists(path) or any(isinstance(f, BundleFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, BundleFinder(read(path)))
