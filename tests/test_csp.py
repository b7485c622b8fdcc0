"""The page's Content Security Policy, read from the built index.html (no browser): a meta tag
first in <head> after the charset, strict (docs/security.md says why each source is there), and
a page it can hold to: no inline script with code, no on*= handler, no style attribute. The
browser side (a game of each title with no violation) is test_e2e_csp.py.
"""

import json
import re
from html.parser import HTMLParser

import build

# The policy we ship, directive by directive (docs/security.md gives the reason for each).
POLICY = {
    "default-src": ["'none'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'", "ws:", "wss:"],     # ws: wss:: a broker, if one is set
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
DATA_SCRIPT_TYPES = {"application/json"}      # a script without src= may only hold data


class Page(HTMLParser):
    """Every start tag in order as (tag, attrs, line), and each <script>'s text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.scripts, self.open_script = [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs), self.getpos()[0]))
        if tag == "script":
            self.open_script = [dict(attrs), ""]
            self.scripts.append(self.open_script)

    def handle_data(self, data):
        if self.open_script is not None:
            self.open_script[1] += data

    def handle_endtag(self, tag):
        if tag == "script":
            self.open_script = None


def parsed(site):
    page = Page()
    page.feed((site / "index.html").read_text(encoding="utf-8"))
    return page


def policy_of(content):
    """{directive: [sources]} of a policy string."""
    return {d.split()[0]: d.split()[1:] for d in content.split(";") if d.strip()}


def test_the_policy_is_a_meta_tag_first_in_head_after_the_charset(built_site):
    """<meta charset> then the CSP meta, before any script, style sheet or link."""
    tags = parsed(built_site.path).tags
    head = [t for t in tags[tags.index(next(t for t in tags if t[0] == "head")) + 1:]]
    assert head[0][0] == "meta" and head[0][1].get("charset") == "utf-8"
    assert head[1][0] == "meta" and head[1][1].get("http-equiv") == "Content-Security-Policy"
    assert sum(1 for t in tags if t[1].get("http-equiv", "").lower()
               == "content-security-policy") == 1


def test_the_policy_is_the_strict_one_we_document(built_site):
    """Exactly POLICY: no 'unsafe-inline', no hash or nonce, nothing from another host."""
    content = next(t[1]["content"] for t in parsed(built_site.path).tags
                   if t[1].get("http-equiv") == "Content-Security-Policy")
    assert policy_of(content) == POLICY
    assert "'unsafe-inline'" not in content and "'unsafe-hashes'" not in content
    assert not re.search(r"'(?:sha256|sha384|sha512|nonce)-", content)
    assert not re.search(r"https?:|\*|data:", content)
    # frame-ancestors, report-uri and sandbox are ignored in a meta tag: not pretended
    assert not {"frame-ancestors", "report-uri", "report-to", "sandbox"} & set(policy_of(content))


def test_no_inline_script_handler_or_style_attribute(built_site):
    """Scripts are files (src=) or data blocks; no on*= attribute; no style= attribute; no
    <style> element (style-src 'self' refuses all of these)."""
    page = parsed(built_site.path)
    for attrs, text in page.scripts:
        if "src" in attrs:
            assert not text.strip(), attrs
        else:
            assert attrs.get("type") in DATA_SCRIPT_TYPES, attrs
            json.loads(text)                           # data, not code
    for tag, attrs, line in page.tags:
        assert not [a for a in attrs if a.lower().startswith("on")], (tag, attrs, line)
        assert "style" not in attrs, (tag, attrs, line)
        assert tag != "style", line
        assert not str(attrs.get("href", "")).lower().startswith("javascript:"), line


def test_the_bare_pyscript_page_loads_only_the_plugins_the_page_uses(built_site):
    """The site ships no PyScript (the page starts Pyodide itself: static/boot.js); the bare
    PyScript page benchmarks/bench_page.py compares it with takes PyScript's files as
    build.pyscript_files picks them: no chunk of a plugin turned off, and everything a picked
    file imports is picked."""
    assert not (built_site.path / "pyscript").exists()
    assert not [t for t in parsed(built_site.path).tags if t[0] in ("mpy-config", "py-config")]
    dist = build.NODE_MODULES / "@pyscript" / "core" / "dist"
    shipped = set(build.pyscript_files(dist))
    assert {"core.js", "core.css"} <= shipped and any(n.startswith("error-") for n in shipped)
    for name in shipped:
        chunk = build.PYSCRIPT_CHUNK.match(name)
        assert not (chunk and chunk["name"] in build.PYSCRIPT_PLUGINS_OFF + ("py", "mpy")), name
        assert not name.startswith(("codemirror", "xterm", "index-")) and name != "storage.js"
    for name in shipped:                     # everything a picked file imports is picked
        if name.endswith(".js"):
            refs = set(build.PYSCRIPT_REF.findall((dist / name).read_text()))
            wanted = {r for r in refs if build.pyscript_file_wanted(r)}
            assert wanted <= shipped, (name, wanted - shipped)
    assert json.loads(build.mpy_config()[len("<mpy-config hidden>"):-len("</mpy-config>")]) \
        == {"plugins": ["!" + name for name in build.PYSCRIPT_PLUGINS_OFF]}


def test_our_html_strings_set_no_style_attribute():
    """The page's Python writes no style= into markup (CSSOM writes, as static/cssvars.js
    makes, are allowed; a style attribute in markup is not)."""
    found = []
    for path in sorted((build.WEB).rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""\bstyle=\\?["']""", line):
                found.append("%s:%d" % (path.relative_to(build.ROOT), number))
    assert found == []
