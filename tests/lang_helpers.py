"""The page's language in end-to-end tests (issue 19): chosen the way a player's choice is kept,
in the stored settings, by a script that runs before the page loads."""

import contextlib

import pytest

from test_e2e_page import NS, lent_table

LANGS = ("en", "ja")
PREFER = """(() => {      // %(lang)s, unless this browser's settings already chose
  const key = '%(ns)ssettings';
  let s = {};
  try { s = JSON.parse(localStorage.getItem(key) || '{}') || {}; } catch (e) { s = {}; }
  if (!('lang' in s)) {
    s.lang = '%(lang)s'; s.pause = 0; s.think = 0.02;
    localStorage.setItem(key, JSON.stringify(s));
  }
})();"""


def prefer_language(context, lang):
    """Every page of the browser context opens in `lang` ("en" or "ja"), unless its settings
    already chose a language (a choice made during the test stays)."""
    assert lang in LANGS, lang
    context.add_init_script(PREFER % {"ns": NS, "lang": lang})


def page_language(page):
    """The page's language as it shows it (<html lang>)."""
    return page.evaluate("document.documentElement.lang")


@contextlib.contextmanager
def table_in(lang, browser, url, request):
    """test_e2e_page.lent_table in `lang`: a page already up in that language if a test left
    one, else a new context whose pages open in it."""
    with lent_table(browser, url, request, lang,
                    lambda context: prefer_language(context, lang)) as t:
        yield t


@pytest.fixture
def lang_table(browser, site_server, request):
    """A table whose page opens in the language request.param (parametrize it indirectly)."""
    with table_in(request.param, browser, site_server.url, request) as t:
        yield t
