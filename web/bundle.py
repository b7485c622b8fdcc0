"""Imports the engine and the page's modules from one precompiled bundle (issue 21).

build.py compiles every Python module the browser runs (the engine and the page's modules) with
the runtime's own Python (scripts/bundle.mjs, in the vendored Pyodide, calling `pack` below)
and ships them as one file, `encore.bundle`: one lzma stream of

    the header's length (4 bytes, big-endian)
    the header: marshal of (MAGIC_NUMBER, ((module name, is a package, bytes), ...))
    each module's marshal (its code object, or its source), in the header's order

Compiling ~1 MB of source in the browser took about half a second of the page's start on a
desktop CPU. The modules come in the order the page needs them (those it imports to start, then
each game's rules and table, then the rest), and the stream is decompressed only as far as the
modules imported so far reach, each unmarshalled when imported: the start screen and a first
board of the first game read about half of it. The modules no page needs before its first
board (the hint, the sound) are in it as source, which is smaller, and are compiled when first
imported. `install()` puts a finder for those modules first on `sys.meta_path`; importing a
module then runs its code. The page's entry (boot.py) and the bots' worker (bot_worker.py) call
it before any other import. Without a bundle beside it (CPython, the tests) nothing changes and
the sources are imported.
"""

import importlib.util
import lzma
import marshal
import os
import sys

BUNDLE = "encore.bundle"
LENGTH = 4                # bytes of the header's length
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 21}]


def pack(modules):
    """The bundle's bytes for [(module name, is a package, code object or source), ...] in the
    order they are to be decompressed."""
    blobs = [marshal.dumps(code) for _name, _package, code in modules]
    header = marshal.dumps((importlib.util.MAGIC_NUMBER, tuple(
        (name, package, len(blob)) for (name, package, _code), blob in zip(modules, blobs))))
    data = len(header).to_bytes(LENGTH, "big") + header + b"".join(blobs)
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=FILTERS)


class Bundle:
    """The modules of a bundle, its stream decompressed only as far as those asked for reach."""

    def __init__(self, raw, path=BUNDLE):
        """Read the header of the bundle's bytes; raises ImportError if it was compiled for
        another Python or is not a bundle."""
        self.raw, self.unpacker, self.data = raw, lzma.LZMADecompressor(), bytearray()
        try:
            size = int.from_bytes(self.upto(LENGTH)[:LENGTH], "big")
            magic, entries = marshal.loads(self.upto(LENGTH + size)[LENGTH:LENGTH + size])
        except (lzma.LZMAError, EOFError, ValueError, TypeError) as err:
            raise ImportError("%s is not a bundle (%s)" % (path, err)) from None
        if magic != importlib.util.MAGIC_NUMBER:
            raise ImportError("%s was compiled for another Python (magic %r, this one %r)"
                              % (path, magic, importlib.util.MAGIC_NUMBER))
        self.index, at = {}, LENGTH + size
        for name, package, length in entries:
            self.index[name] = (package, at, at + length)
            at += length

    def upto(self, end):
        """The stream decompressed up to byte `end` at least (raises EOFError if it is shorter)."""
        while len(self.data) < end:
            chunk = self.unpacker.decompress(self.raw, end - len(self.data))
            self.raw = b""
            if not chunk and (self.unpacker.eof or self.unpacker.needs_input):
                raise EOFError("the bundle ends before byte %d" % end)
            self.data += chunk
        return self.data

    def is_package(self, name):
        """True if the module `name` of the bundle is a package."""
        return self.index[name][0]

    def code(self, name):
        """The code object (or the source) of the module `name`."""
        _package, start, end = self.index[name]
        return marshal.loads(self.upto(end)[start:end])

    def read_fraction(self):
        """How much of the stream has been decompressed so far (0..1)."""
        total = max(end for _package, _start, end in self.index.values())
        return len(self.data) / total


class BundleFinder:
    """A meta path finder and loader for the modules of the bundle."""

    def __init__(self, bundle):
        """Keep the Bundle."""
        self.bundle = bundle

    def find_spec(self, name, path=None, target=None):
        """The spec of a module of the bundle, or None for any other."""
        if name not in self.bundle.index:
            return None
        return importlib.util.spec_from_loader(name, self, origin=BUNDLE,
                                               is_package=self.bundle.is_package(name))

    def create_module(self, spec):
        """The default module object."""
        return None

    def exec_module(self, module):
        """Run the module's code in its namespace (compiling it first if it is source)."""
        code = self.bundle.code(module.__name__)
        if isinstance(code, str):
            package = self.bundle.is_package(module.__name__)
            path = module.__name__.replace(".", "/") + ("/__init__.py" if package else ".py")
            code = compile(code, path, "exec")
        exec(code, module.__dict__)


def read(path=BUNDLE):
    """The Bundle in the file at `path`; raises ImportError if it was compiled for another
    Python or is not a bundle."""
    with open(path, "rb") as f:
        return Bundle(f.read(), path)


def install(path=BUNDLE):
    """Import the bundle's modules from it from now on (once; a no-op without a bundle)."""
    if not os.path.exists(path) or any(isinstance(f, BundleFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, BundleFinder(read(path)))
