"""build.py: the static site in dist/ is complete, self-contained and offline-ready (no browser).

One build per session (the `built_site` fixture in conftest.py). About absolute URLs: the
vendored runtime is third-party code and does mention CDNs. PyScript's core-*.js holds a
jsdelivr URL as the default `interpreter` (used only when pyscript.toml names none, or names a
version instead of a path) and pyodide.mjs holds its CDN as the default base for packages we
never load. Our pyscript.toml overrides the interpreter with "./pyodide/pyodide.mjs" and lists
no packages, so neither default is ever used (benchmarks/bench_page.py and the browser tests
check that no request leaves 127.0.0.1). Everything we write ourselves (index.html, sw.js, the
manifest, pyscript.toml, the page's Python, the sources of the bundle) must contain no absolute
URL at all, XML namespace names aside.
"""

import importlib.util
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
import tomllib
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

URL = re.compile(r"https?://[A-Za-z0-9.-]+[^\s\"'<>)]*")
XML_NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink",
                  "http://www.w3.org/1999/xhtml", "http://www.w3.org/XML/1998/namespace"}
CDN_HOSTS = ("cdn.jsdelivr.net", "unpkg.com", "pyscript.net", "googleapis.com")
TEXT_SUFFIXES = (".html", ".js", ".mjs", ".toml", ".py", ".webmanifest", ".json", ".css", ".svg")
VENDORED = ("pyodide/", "pyscript/", "vendor/")
EXACT = re.compile(r"\d+\.\d+\.\d+")               # a pinned version: no range, tag, URL or path
REGISTRY = "https://registry.npmjs.org/"
SHIPPED_PINS = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "qr": "0.7.0"}
DEV_PINS = {"axe-core": "4.14.1", "peer": "1.0.2"}     # tests only: never copied into dist/
# The only vendored files allowed to mention a CDN, and why (see the module docstring).
KNOWN_CDN_DEFAULTS = {"pyodide/pyodide.mjs": "package base URL default (no packages loaded)"}


def sw_parts(site):
    """(cache name, file list) read back from dist/sw.js."""
    text = (site / "sw.js").read_text()
    cache = re.search(r'const VERSION = "([^"]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return cache, files


def absolute_urls(text):
    """Absolute http(s) URLs in a text, XML namespace names left out."""
    return [u for u in URL.findall(text) if u.rstrip("/.,;") not in XML_NAMESPACES]


def our_text_files(site):
    """(relative path, text) of every text file in dist we write ourselves (not the runtime)."""
    for rel in build.site_files(site):
        if rel.endswith(TEXT_SUFFIXES) and not rel.startswith(VENDORED):
            yield rel, (site / rel).read_text(encoding="utf-8")


def bundle_report(site):
    """What tests/bundle_check.mjs finds in a site's bundle, opened in the runtime's Python."""
    done = subprocess.run(["node", str(ROOT / "tests" / "bundle_check.mjs"), str(site)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_bundle_holds_the_browser_modules_and_plays_in_the_runtime(built_site):
    """The bundle opens in Pyodide's Python as the page opens it: every engine module but the
    terminal's and every page module is imported from it (the modules no page needs before its
    first board as source), and the engine plays a whole game."""
    report = bundle_report(built_site.path)
    engine = {rel for rel, _src in build.browser_files()}
    expected = {name[:-3].replace("/", ".").removesuffix(".__init__")
                for name in sorted(engine) + build.web_modules(ROOT / "web")}
    assert set(report["modules"]) == expected
    assert {"pygame_rules.core", "pygame_rules.games.rechord.state", "main", "app",
            "tables.rechord"} <= expected
    assert not any(name.endswith((".cli", ".terminal", ".tournament", "__main__", "shell",
                                  "boot", "bundle", "bot_worker")) for name in expected)
    assert set(report["packages"]) == {"pygame_rules", "pygame_rules.games", "tables"} | {
        "pygame_rules.games." + game.package.rsplit(".", 1)[-1]
        for game in __import__("pygame_rules").GAMES.values()}
    assert set(report["source"]) == {m for m in expected
                                     if m.rsplit(".", 1)[-1] + ".py" in build.BUNDLED_AS_SOURCE}
    assert {"pygame_rules.hint", "tables.sound"} <= set(report["source"])
    assert "pygame_rules.teach" not in report["source"]     # a first game is taught
    assert report["loaders"] == ["BundleFinder"]
    assert report["version"] == tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "project"]["version"]
    assert len(report["scores"]) == 2
    # the stream is read only as far as the modules imported reach: the start screen's and a
    # first game's (the first in the registry) leave the other games' rules and the bots unread
    assert 0 < report["at_start"] < report["at_first_board"] < 0.75
    print("\nbundle: %d modules (%d as source), header read in %d ms in Node; %.0f%% of it "
          "decompressed for the start screen, %.0f%% for a first board"
          % (len(report["modules"]), len(report["source"]), report["read_ms"],
             100 * report["at_start"], 100 * report["at_first_board"]))


def test_the_browser_catalogue_leaves_out_only_what_its_python_never_says():
    """The bundle's catalogue modules drop the terminal's sentences and the rules' text (which
    index.html holds) and nothing else: every id a browser module names is kept, and every
    rules heading (teaching links to them); the rest of each table is the same."""
    sources = build.bundle_sources()
    keep = build.named_messages(sources)
    assert "cli.unknown_bot" in keep                       # named by bots.py
    dropped = 0
    for rel, path in sources:
        text = path.read_text()
        if not build.is_catalogue(rel) or "import" in text:   # messages.py imports its JA
            continue
        full, cut = {}, {}
        exec(compile(text, rel, "exec"), full)
        exec(compile(build.without_unsaid_sentences(text, keep), rel, "exec"), cut)
        for name, table in full.items():
            if not isinstance(table, dict) or name.startswith("__"):
                continue
            gone = set(table) - set(cut[name])
            dropped += len(gone)
            assert all(build.NOT_SAID_IN_BROWSER.match(k) and k not in keep for k in gone)
            assert not any(k.startswith("ui.") or k.endswith(".h") for k in gone)
            assert {k: v for k, v in table.items() if k not in gone} == cut[name]
    assert dropped > 300


def test_sources_shipped_without_docstrings_run_the_same():
    """without_docstrings keeps the code: the same names, the same results; no docstring or
    comment is left."""
    text = '"""Module."""\n# note\ndef f(x):\n    """Doc."""\n    return x + 1  # why\n' \
           'class C:\n    """Doc."""\n'
    stripped = build.without_docstrings(text)
    assert "Doc" not in stripped and "#" not in stripped and "Module" not in stripped
    space = {}
    exec(compile(stripped, "t", "exec"), space)
    assert space["f"](1) == 2 and isinstance(space["C"], type)


def test_bundle_is_reproducible(built_site, tmp_path):
    """The same sources give the same bundle and the same standard library, byte for byte."""
    again = build.build_bundle(tmp_path)
    assert again.read_bytes() == (built_site.path / build.BUNDLE).read_bytes()
    stdlib = "pyodide/" + build.STDLIB
    assert (tmp_path / stdlib).read_bytes() == (built_site.path / stdlib).read_bytes()


def test_bundle_loader_refuses_another_python_and_imports_what_it_holds(tmp_path, monkeypatch):
    """web/bundle.py in CPython: a bundle of another Python's bytecode is refused with the
    reason; one of this Python's imports its code and its source modules; without a bundle,
    install() changes nothing."""
    import lzma
    import marshal
    spec = importlib.util.spec_from_file_location("encore_bundle_test", ROOT / "web" / "bundle.py")
    loader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loader)
    monkeypatch.chdir(tmp_path)
    before = list(sys.meta_path)
    loader.install()
    assert sys.meta_path == before                         # no bundle here: nothing changes
    header = marshal.dumps((b"\x00\x00\r\n", ()))      # another Python's magic number
    (tmp_path / "other.bundle").write_bytes(lzma.compress(len(header).to_bytes(4, "big") + header))
    with pytest.raises(ImportError, match="another Python"):
        loader.read("other.bundle")
    for junk in (b"", b"not lzma", lzma.compress(b"\x00\x00\x00\x09abc")):
        (tmp_path / "junk.bundle").write_bytes(junk)
        with pytest.raises(ImportError, match="not a bundle"):
            loader.read("junk.bundle")
    modules = [("encore_pkg_t", True, compile("X = 1", "encore_pkg_t/__init__.py", "exec")),
               ("encore_pkg_t.deep", False, "from . import X\nY = X + 1\n"),
               ("encore_pkg_t.late", False, compile("Z = 3", "late.py", "exec"))]
    (tmp_path / "mine.bundle").write_bytes(loader.pack(modules))
    opened = loader.read("mine.bundle")
    assert opened.read_fraction() < 0.5 and opened.code("encore_pkg_t.late").co_consts[0] == 3
    assert opened.read_fraction() == 1 and opened.code("encore_pkg_t.deep").startswith("from")
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    loader.install("mine.bundle")
    loader.install("mine.bundle")                          # once only
    assert sum(isinstance(f, loader.BundleFinder) for f in sys.meta_path) == 1
    try:
        deep = importlib.import_module("encore_pkg_t.deep")
        assert deep.Y == 2 and sys.modules["encore_pkg_t"].X == 1
        finder = next(f for f in sys.meta_path if isinstance(f, loader.BundleFinder))
        assert finder.bundle.read_fraction() < 1         # the module after them is not read yet
    finally:
        for name in ("encore_pkg_t.deep", "encore_pkg_t"):
            sys.modules.pop(name, None)


def test_the_page_starts_python_itself_with_the_loader_and_the_bundle(built_site):
    """No PyScript ships (no config, no pyscript/): index.html loads static/boot.js, which starts
    the local Pyodide (static/python.js imports ../pyodide/pyodide.mjs) with the loader, the bundle and
    the entry; the entry and the loader ship as in web/ without docstrings, and no other page
    module ships as source."""
    site = built_site.path
    assert not (site / "pyscript.toml").exists() and not (site / "pyscript").exists()
    html = (site / "index.html").read_text()
    assert '<script type="module" src="./static/boot.js" async></script>' in html
    assert 'type="py"' not in html and "pyscript" not in html
    assert 'const RUNTIME = import("../pyodide/pyodide.mjs");' in \
        (site / "static" / "python.js").read_text()
    assert 'files: ["bundle.py", "encore.bundle", "boot.py"]' in \
        (site / "static" / "boot.js").read_text()
    for name in (build.ENTRY, build.LOADER):
        assert (site / name).read_text() == build.without_docstrings(
            (ROOT / "web" / name).read_text())
    shipped = {rel for rel in build.site_files(site) if rel.endswith(".py")}
    assert shipped == {build.ENTRY, build.LOADER, build.WORKER}


def test_runtime_files_are_the_pinned_ones_without_extras(built_site):
    """pyodide/ has the four files (not the lock file: python.js holds its "info"); no
    PyScript; no maps."""
    site = built_site.path
    pyodide = ROOT / "node_modules" / "pyodide"
    assert sorted(p.name for p in (site / "pyodide").iterdir()) == sorted(build.PYODIDE_FILES)
    for name in build.PYODIDE_FILES:
        original = (pyodide / name).read_bytes()
        if name.endswith(".mjs"):                 # the same but for its source-map comment
            original = build.SOURCE_MAP_LINE.sub(b"\n", original)
        if name != build.STDLIB:                  # precompiled in part: the next test
            assert (site / "pyodide" / name).read_bytes() == original
    assert not (site / "pyscript").exists()
    assert build.LOCK not in build.PYODIDE_FILES
    info = json.loads((pyodide / build.LOCK).read_text())["info"]
    shipped = (site / "static" / "python.js").read_text()
    assert "const LOCK_INFO = %s;" % json.dumps(info) in shipped
    assert build.LOCK_INFO_PLACEHOLDER in (ROOT / "static" / "python.js").read_text()
    for rel in build.site_files(site):
        name = rel.rsplit("/", 1)[-1]
        assert not name.endswith(".map"), rel
        assert "codemirror" not in name and "xterm" not in name, rel
        assert name != "service-worker.js", rel
        if name.endswith((".js", ".mjs")):       # no map is shipped, so none is pointed to
            assert b"sourceMappingURL" not in (site / rel).read_bytes(), rel


def test_the_standard_library_is_the_pinned_one_trimmed_with_what_a_start_imports_precompiled(
        built_site):
    """python_stdlib.zip holds entries of the pinned runtime's: each as it was, or a module as
    bytecode in its place, an unchecked hash-based .pyc of the runtime's Python (its magic
    number is the bundle's) compiled from that very source (the hash of the pinned source). Its
    modules are what our modules import anywhere (and the codecs build.py adds), with what those
    import as they run, all precompiled: asyncio and json, not email or unittest, which it
    leaves out (the page's console warns of any module a start still compiles:
    test_e2e_page's checks)."""
    import _imp
    import lzma
    import marshal
    import zipfile
    original = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / build.STDLIB)
    shipped = zipfile.ZipFile(built_site.path / "pyodide" / build.STDLIB)
    bundle = lzma.decompress((built_site.path / build.BUNDLE).read_bytes())
    magic = marshal.loads(bundle[4:4 + int.from_bytes(bundle[:4], "big")])[0]
    names, as_bytecode = set(shipped.namelist()), set()
    for entry in original.namelist():
        if entry in names:
            assert shipped.read(entry) == original.read(entry), entry
            continue
        assert entry.endswith(".py"), entry
        if entry + "c" not in names:                       # left out
            continue
        pyc = shipped.read(entry + "c")
        assert pyc[:4] == magic and int.from_bytes(pyc[4:8], "little") == 0b01, entry
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(magic, "little"),
                                             original.read(entry)), entry
        as_bytecode.add(entry)
    kept = {e for e in original.namelist() if not e.endswith(".py")}
    assert names == kept | {e + "c" for e in as_bytecode}
    compiled = {build.PRECOMPILE.module_name(entry) for entry in as_bytecode}
    assert {"asyncio", "asyncio.tasks", "json", "re", "typing", "inspect", "_pyodide._base",
            "pyodide.ffi", "lzma", "random", "ipaddress"} | set(
                build.STDLIB_EXTRA) <= compiled
    ours = set()
    for _rel, path in build.bundle_sources():
        ours |= build.PRECOMPILE.every_import(path.read_text())
    stdlib = {build.PRECOMPILE.module_name(e) for e in original.namelist() if e.endswith(".py")}
    assert ours & stdlib <= compiled | set(_imp._frozen_module_names())
    assert not {"email", "unittest", "xml", "http", "pydoc"} & {c.split(".")[0] for c in compiled}
    assert 100 < len(compiled) < len(stdlib) / 2


def test_precompiled_modules_are_what_importing_the_roots_runs_and_import_from_the_zip(
        tmp_path, monkeypatch):
    """scripts/precompile.py in CPython: the roots and what they import as they run become
    bytecode (not an import inside a function, under `if __name__ == "__main__"` or of a frozen
    module); the zip then imports them from the bytecode, named as a traceback shows them, and
    the rest from their source; other entries are kept as they were."""
    import zipfile
    files = {"pkg/__init__.py": "from . import a\n", "pkg/a.py": "import b\ndef f():\n    import c\n",
             "b.py": "X = 1\nif __name__ == '__main__':\n    import d\n", "c.py": "Y = 2\n",
             "d.py": "", "e.py": "import b\n", "pkg/data.txt": "kept"}
    raw = tmp_path / "raw.zip"
    with zipfile.ZipFile(raw, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    roots = build.PRECOMPILE.every_import("def g():\n    from pkg import a\nimport e\n")
    assert roots == {"pkg", "pkg.a", "e"}
    lib = tmp_path / "lib.zip"
    data, chosen = build.PRECOMPILE.precompiled_stdlib(raw.read_bytes(), roots, "%s/" % lib,
                                                       frozen={"e"})
    assert chosen == ["b", "pkg", "pkg.a"]
    lib.write_bytes(data)
    assert sorted(zipfile.ZipFile(lib).namelist()) == sorted(
        ["pkg/__init__.pyc", "pkg/a.pyc", "b.pyc", "c.py", "d.py", "e.py", "pkg/data.txt"])
    assert zipfile.ZipFile(lib).read("pkg/data.txt") == b"kept"
    trimmed, again = build.PRECOMPILE.precompiled_stdlib(raw.read_bytes(), roots, "%s/" % lib,
                                                         frozen={"e"}, trim=True)
    assert again == chosen and sorted(zipfile.ZipFile(io.BytesIO(trimmed)).namelist()) == sorted(
        ["pkg/__init__.pyc", "pkg/a.pyc", "b.pyc", "pkg/data.txt"])
    monkeypatch.syspath_prepend(str(lib))
    for name in ("pkg", "pkg.a", "b", "c"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import pkg.a
    import c
    assert pkg.a.__spec__.origin.endswith("a.pyc") and sys.modules["b"].X == 1
    assert sys.modules["b"].__spec__.origin.endswith("b.pyc") and c.__spec__.origin.endswith("c.py")
    assert pkg.a.f.__code__.co_filename == "%s/pkg/a.py" % lib
    for name in ("pkg", "pkg.a", "b", "c"):
        sys.modules.pop(name, None)


def test_npm_packages_are_pinned_exactly_and_come_from_the_registry():
    """package.json pins every package to one version (the shipped runtime, qr included, and
    the test-only tools); package-lock.json agrees, and every package in it, down to the
    dependencies of dependencies, is a registry tarball checked by its sha512 (npm is set to
    leave the registry's URL out of the lock, so a "resolved" may only name the registry: never
    a git repository, a tarball URL elsewhere, or a local path)."""
    manifest = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert manifest["dependencies"] == SHIPPED_PINS
    assert manifest["devDependencies"] == DEV_PINS
    root = lock["packages"][""]
    assert root["dependencies"] == SHIPPED_PINS and root["devDependencies"] == DEV_PINS
    assert lock["lockfileVersion"] == 3
    for path, entry in lock["packages"].items():
        if not path:
            continue
        assert path.startswith("node_modules/") and ".." not in path.split("/"), path
        assert EXACT.fullmatch(entry.get("version", "")), (path, entry.get("version"))
        assert entry.get("integrity", "").startswith("sha512-"), path
        assert entry.get("resolved", REGISTRY).startswith(REGISTRY), (path, entry["resolved"])
        assert not entry.get("link") and "inBundle" not in entry, path
    for name, version in {**SHIPPED_PINS, **DEV_PINS}.items():
        assert lock["packages"]["node_modules/" + name]["version"] == version, name
    for name in SHIPPED_PINS:               # what dist/ ships is not marked dev-only
        assert not lock["packages"]["node_modules/" + name].get("dev"), name
    assert lock["packages"]["node_modules/qr"].get("dependencies") is None   # zero deps
    assert set(build.PINNED) == set(SHIPPED_PINS)
    assert build.pinned_versions() == SHIPPED_PINS


def test_the_build_refuses_a_runtime_package_that_is_not_the_pinned_one(tmp_path, monkeypatch):
    """ensure_runtime fails with "run npm ci" when node_modules/ holds another version of a
    pinned package, or lacks one of the vendored files (VENDOR)."""
    lock = tmp_path / "package-lock.json"
    lock.write_text(json.dumps({"packages": {"node_modules/" + name: {"version": version}
                                             for name, version in SHIPPED_PINS.items()}}))
    modules = tmp_path / "node_modules"
    for name, version in SHIPPED_PINS.items():
        (modules / name).mkdir(parents=True)
        (modules / name / "package.json").write_text(json.dumps({"version": version}))
    assert build.unpinned_runtime(modules, lock) == []
    (modules / "qr" / "package.json").write_text(json.dumps({"version": "0.6.9"}))
    assert build.unpinned_runtime(modules, lock) == ["qr@0.6.9"]
    (modules / "qr" / "package.json").unlink()
    assert build.unpinned_runtime(modules, lock) == ["qr@None"]
    assert build.unpinned_runtime() == []              # this checkout's node_modules/ (npm ci)

    real = build.NODE_MODULES                           # ensure_runtime on a copy lacking a file
    fake = tmp_path / "copy"
    (fake / "@pyscript").mkdir(parents=True)
    (fake / "qr").mkdir()
    for name in ("pyodide", "@pyscript/core", "qr/decode.js", "qr/LICENSE-MIT",
                 "qr/package.json"):
        (fake / name).symlink_to(real / name)
    monkeypatch.setattr(build, "NODE_MODULES", fake)
    monkeypatch.setattr(build, "runtime_is_stale", lambda: False)
    with pytest.raises(build.BuildError, match="qr/index.js"):
        build.ensure_runtime()
    (fake / "qr" / "index.js").symlink_to(real / "qr" / "index.js")
    build.ensure_runtime()


def test_the_qr_library_is_vendored_unchanged_with_its_licence(built_site):
    """vendor/qr/ holds exactly index.js, decode.js (which imports only ./index.js) and the MIT
    licence, byte for byte the pinned package's; neither script fetches, evaluates or imports
    anything else (the page imports them only when it draws or reads a code)."""
    site = built_site.path
    qr = ROOT / "node_modules" / "qr"
    assert json.loads((qr / "package.json").read_text())["version"] == SHIPPED_PINS["qr"]
    assert sorted(build.site_files(site / "vendor")) == sorted(
        "qr/" + name for name in ("index.js", "decode.js", "LICENSE-MIT"))
    for name in build.VENDOR["qr"]:
        assert (site / "vendor" / "qr" / name).read_bytes() == (qr / name).read_bytes(), name
    assert "Paul Miller" in (site / "vendor" / "qr" / "LICENSE-MIT").read_text()
    for name in ("index.js", "decode.js"):
        text = (site / "vendor" / "qr" / name).read_text()
        imports = re.findall(r"""^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]""", text,
                             re.M)
        assert imports == ([] if name == "index.js" else ["./index.js"]), (name, imports)
        assert not re.search(r"\bimport\s*\(", text), name
        assert not re.search(r"\bfetch\(|XMLHttpRequest|WebSocket|\beval\(|\bFunction\(", text)
    _, files = sw_parts(site)                  # not precached: kept once fetched (build.LAZY)
    assert not any(f.startswith("./vendor/") for f in files)
    assert all(("vendor/qr/" + name).startswith(build.LAZY) for name in build.VENDOR["qr"])


def test_page_manifest_and_static_files(built_site):
    """index.html is filled; the manifest is at the root; static/ is copied minus the template."""
    site = built_site.path
    html = (site / "index.html").read_text()
    assert "{{" not in html and 'src="./static/boot.js"' in html
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["name"] == "Encore"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file(), icon
    assert not (site / "static" / build.SW_TEMPLATE).exists()
    assert not (site / "static" / build.MANIFEST).exists()
    assert (site / ".nojekyll").is_file()
    for src in (ROOT / "static").rglob("*"):
        rel = src.relative_to(ROOT / "static").as_posix()
        if src.is_file() and rel not in (build.SW_TEMPLATE, build.MANIFEST):
            if src.suffix in build.SHIPPED_WITHOUT_COMMENTS:
                assert (site / "static" / rel).read_text() == \
                    build.SHIPPED_WITHOUT_COMMENTS[src.suffix](src.read_text()).replace(
                        build.LOCK_INFO_PLACEHOLDER, json.dumps(build.lock_info())), rel
            else:
                assert (site / "static" / rel).read_bytes() == src.read_bytes(), rel


def test_scripts_ship_without_comment_lines_and_keep_every_statement():
    """js_without_comment_lines drops whole-line // comments and blank lines, nothing else; no
    script of ours has a multi-line template literal (which the cut could break)."""
    js = "// top\nconst a = 1;   // kept: code before it\n\n  // indented\nconst b = `x ${a}`;\n"
    assert build.js_without_comment_lines(js) == "const a = 1;   // kept: code before it\n" \
        "const b = `x ${a}`;\n"
    for src in sorted((ROOT / "static").glob("*.js")):
        text = src.read_text()
        assert all(line.count("`") % 2 == 0 for line in text.splitlines()), src.name
        kept = [line.rstrip() for line in text.splitlines()
                if line.strip() and not line.lstrip().startswith("//")]
        assert build.js_without_comment_lines(text).splitlines() == kept


def test_style_sheets_ship_without_comments_and_keep_every_rule():
    """css_without_comments drops comments, indentation and blank lines and nothing else: the
    shipped sheet has the same declarations, in order, as the source."""
    css = "/* a\n   comment */\n.a { color: red; }  /* why */\n\n  .b:has(> .c) {\n    grid: \"x y\";\n  }\n"
    assert build.css_without_comments(css) == '.a { color: red; }\n.b:has(> .c) {\ngrid: "x y";\n}\n'
    source = (ROOT / "static" / "style.css").read_text()
    shipped = build.css_without_comments(source)
    assert "/*" not in shipped and len(shipped) < len(source)
    declarations = lambda text: re.findall(r"[^{};]+[{};]", re.sub(r"\s+", " ", text))
    assert [d.strip() for d in declarations(shipped)] == \
        [d.strip() for d in declarations(build.CSS_COMMENT.sub("", source))]


def test_service_worker_lists_every_file_and_nothing_else(built_site):
    """FILES is "./" (the page, once) plus every other file in dist except sw.js, .nojekyll,
    the PNG icons only an installation reads and the QR library (LAZY: kept once fetched);
    CACHE is the hash of those and the lazy ones."""
    site = built_site.path
    cache, files = sw_parts(site)
    everything = build.site_files(site)
    assert files == ["./"] + ["./" + f for f in everything
                              if f not in ("sw.js", ".nojekyll", "index.html")
                              and f not in build.INSTALL_ONLY
                              and not f.startswith("vendor/qr/")]
    assert {"vendor/qr/index.js", "vendor/qr/decode.js"} <= set(everything)
    lazy = json.loads(re.search(r"const LAZY = (\[.*?\])\.map", (site / "sw.js").read_text()).group(1))
    assert lazy == ["./vendor/qr/"]
    assert build.versioned(site) == [f for f in everything if f not in (
        "sw.js", ".nojekyll") and f not in build.INSTALL_ONLY]
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert set(build.INSTALL_ONLY) == {i["src"] for i in manifest["icons"]
                                       if i["type"] == "image/png"}     # the install's icons
    assert all((site / rel).is_file() for rel in build.INSTALL_ONLY)   # shipped, not precached
    assert "./static/icons/icon.svg" in files                          # the page's own icon
    assert re.fullmatch(r"encore-[0-9a-f]{16}", cache)
    assert cache == built_site.stats["cache"] == build.cache_name(unstamped(site, cache),
                                                                  build.versioned(site))
    assert "__CACHE__" not in (site / "sw.js").read_text()


def unstamped(site, version):
    """A copy of the built site with the version stamp put back to its placeholder (the state
    the cache name was hashed over)."""
    import shutil
    import tempfile

    copy = pathlib.Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(site, copy)
    for rel in build.STAMPED:
        path = copy / rel
        path.write_text(path.read_text().replace(version, build.VERSION_STAMP))
    return copy


def test_the_version_is_stamped_into_the_page_and_the_bots_worker(built_site, monkeypatch):
    """index.html's <meta name="encore-version"> and bot_worker.py's VERSION are the cache
    name, so the page can check that its worker's files are of its own version (the built
    worker imported without writing its bytecode into the shared site)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    site, version = built_site.path, built_site.stats["cache"]
    html = (site / "index.html").read_text()
    assert re.search(r'<meta name="encore-version" content="([^"]+)">', html).group(1) == version
    worker = (site / build.WORKER).read_text()
    assert re.search(r'^VERSION = ["\']([^"\']+)["\']', worker, re.M).group(1) == version
    assert build.VERSION_STAMP not in html + worker
    sys.path.insert(0, str(site))
    try:
        spec = importlib.util.spec_from_file_location("built_bot_worker", site / build.WORKER)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(site))
    assert module.version() == version and "version" in module.__export__


def test_a_file_to_stamp_without_its_placeholder_is_refused(tmp_path):
    """The stamp is written exactly once: a page without the placeholder fails the build."""
    (tmp_path / "index.html").write_text("<p>no version here</p>")
    with pytest.raises(build.BuildError, match="__ENCORE_VERSION__"):
        build.stamp_version(tmp_path, "encore-0123456789abcdef")
    (tmp_path / "index.html").write_text('<meta name="encore-version" content="%s">'
                                         % build.VERSION_STAMP)
    build.stamp_version(tmp_path, "encore-0123456789abcdef")   # no worker shipped: page only
    assert "encore-0123456789abcdef" in (tmp_path / "index.html").read_text()


def test_a_new_service_worker_waits_and_keeps_its_own_scoped_cache(built_site):
    """sw.js never takes over open pages by itself: skipWaiting only on the page's message
    (the player's Reload); each version answers from its own cache, named by version and
    scope; old caches of this scope go only when a new version activates."""
    text = (built_site.path / "sw.js").read_text()
    install = text[text.index('addEventListener("install"'):
                   text.index('addEventListener("message"')]
    assert "skipWaiting" not in install
    assert re.search(r'event\.data === "skip-waiting"\) self\.skipWaiting\(\)', text)
    assert text.count("self.skipWaiting(") == 1
    assert 'const CACHE = VERSION + " " + SCOPE;' in text
    assert "self.registration.scope" in text
    fetch = text[text.index('addEventListener("fetch"'):]
    assert "caches.open(CACHE)" in fetch and "caches.match" not in fetch


def test_cache_name_changes_when_a_file_changes(tmp_path):
    """Same files, same name; one byte changed, added or renamed: a new name."""
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text("<p>hi</p>")
    (tmp_path / "a" / "b.js").write_text("1")
    first = build.write_service_worker(tmp_path)
    assert build.write_service_worker(tmp_path) == first
    (tmp_path / "a" / "b.js").write_text("2")
    second = build.write_service_worker(tmp_path)
    assert second != first
    (tmp_path / "a" / "b.js").rename(tmp_path / "a" / "c.js")
    assert build.write_service_worker(tmp_path) not in (first, second)
    assert '"./a/c.js"' in (tmp_path / "sw.js").read_text()


def test_our_files_contain_no_absolute_urls(built_site):
    """index.html, sw.js, the manifest, our .py files and the sources of the bundle: no URLs."""
    site = built_site.path
    found = {rel: absolute_urls(text) for rel, text in our_text_files(site)}
    for rel, path in build.bundle_sources():
        found["bundle:" + rel] = absolute_urls(path.read_text(encoding="utf-8"))
    assert {rel for rel in found} >= {"index.html", "sw.js", "manifest.webmanifest",
                                      "static/boot.js", "boot.py", "bundle:main.py",
                                      "bundle:pygame_rules/core.py"}
    assert {rel: urls for rel, urls in found.items() if urls} == {}


def test_vendored_cdn_mentions_are_only_the_known_overridden_defaults(built_site):
    """Only pyodide.mjs and PyScript's core chunk name a CDN, as defaults we override."""
    site = built_site.path
    hits = set()
    for rel in build.site_files(site):
        if rel.endswith(TEXT_SUFFIXES):
            text = (site / rel).read_text(encoding="utf-8", errors="replace")
            if any(host in url for url in URL.findall(text) for host in CDN_HOSTS):
                hits.add(rel)
    assert hits and all(rel.startswith(tuple(KNOWN_CDN_DEFAULTS)) for rel in hits), hits


def test_stats_and_startup_sizes(built_site):
    """build() reports the file count and total bytes, and the size of every start-up file."""
    site, stats = built_site
    files = build.site_files(site)
    assert stats["files"] == len(files)
    assert stats["bytes"] == sum((site / f).stat().st_size for f in files)
    expected = (["pyodide/" + n for n in build.PYODIDE_FILES]
                + ["boot.py", "bundle.py", "encore.bundle"])
    assert sorted(stats["sizes"]) == sorted(expected)
    for rel, size in stats["sizes"].items():
        assert (site / rel).stat().st_size == size, rel
    assert stats["startup_bytes"] == sum(stats["sizes"].values())
    print("\ndist: %d files, %s bytes" % (stats["files"], format(stats["bytes"], ",")))
    assert 10_000_000 < stats["bytes"] < 20_000_000        # stack.md: about 14 MB


def test_server_compresses_text_as_github_pages_does(built_site):
    """With Accept-Encoding: gzip, the local server sends HTML, CSS, JS, JSON and SVG gzipped
    (the same bytes once decompressed) and everything else as it is; without it, as it is."""
    import gzip
    server = build.serve_in_thread(built_site.path)
    try:
        for rel, packed in (("", True), ("index.html", True), ("static/style.css", True),
                            ("static/shell.js", True), ("static/icons/icon.svg", True),
                            ("manifest.webmanifest", True), ("encore.bundle", False),
                            ("boot.py", False), ("static/icons/icon-192.png", False)):
            for accept in ("gzip, deflate, br", None):
                request = urllib.request.Request(server.url + rel)
                if accept:
                    request.add_header("Accept-Encoding", accept)
                with urllib.request.urlopen(request, timeout=10) as resp:
                    body, encoding = resp.read(), resp.headers.get("Content-Encoding")
                    assert int(resp.headers["Content-Length"]) == len(body)
                want = (built_site.path / (rel or "index.html")).read_bytes()
                if packed and accept:
                    assert encoding == "gzip" and len(body) < len(want), rel
                    body = gzip.decompress(body)
                else:
                    assert encoding is None, rel
                assert body == want, rel
            if packed:                       # a revalidation of an unchanged file: 304, no body
                request = urllib.request.Request(server.url + rel, headers={
                    "Accept-Encoding": "gzip", "If-Modified-Since": resp.headers["Last-Modified"]})
                with pytest.raises(urllib.error.HTTPError) as err:
                    urllib.request.urlopen(request, timeout=10)
                assert err.value.code == 304, rel
    finally:
        server.shutdown()
        server.server_close()


def test_server_serves_mime_types_under_a_sub_path(built_site):
    """The local server sends application/wasm etc., and keeps the site under /NAME/."""
    server = build.serve_in_thread(built_site.path, subpath="encore")
    try:
        assert server.url.endswith("/encore/")
        for rel, mime in (("pyodide/pyodide.asm.wasm", "application/wasm"),
                          ("pyodide/pyodide.mjs", "text/javascript"),
                          ("manifest.webmanifest", "application/manifest+json"),
                          ("encore.bundle", "application/octet-stream"),
                          ("boot.py", "text/plain"), ("", "text/html")):
            with urllib.request.urlopen(server.url + rel, timeout=10) as resp:
                assert resp.headers["Content-Type"] == mime, rel
        base = server.url[:-len("encore/")]
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(base + "index.html", timeout=10)
        assert err.value.code == 404
        with urllib.request.urlopen(base + "encore", timeout=10) as resp:   # follows the 301
            assert resp.url.endswith("/encore/")
    finally:
        server.shutdown()
        server.server_close()


def test_runtime_is_stale_follows_the_lock_file(tmp_path, monkeypatch):
    """npm ci runs when node_modules is missing or older than package-lock.json."""
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    (tmp_path / "package-lock.json").write_text("{}")
    assert build.runtime_is_stale()
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / ".package-lock.json").write_text("{}")
    os.utime(tmp_path / "package-lock.json", (1_000_000, 1_000_000))
    assert not build.runtime_is_stale()
    os.utime(tmp_path / "package-lock.json", None)
    os.utime(tmp_path / "node_modules" / ".package-lock.json", (1_000_000, 1_000_000))
    assert build.runtime_is_stale()


def test_build_refuses_to_delete_the_repository():
    """A wrong --out never wipes the checkout."""
    for target in (ROOT, ROOT.parent):
        with pytest.raises(build.BuildError):
            build.reset_dir(target)


def test_served_threads_stop_cleanly(built_site):
    """serve() binds a free port with port=0 and stops on shutdown()."""
    server = build.serve(built_site.path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with urllib.request.urlopen(server.url + "sw.js", timeout=10) as resp:
        assert resp.headers["Content-Type"] == "text/javascript"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
    assert not thread.is_alive()
