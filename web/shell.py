"""The page's shell, filled in at build time: the start screen and the rules work before Python.

`build.py` calls `fill_template(index_html, sizes)`. Placeholders in `web/index.html`:
`{{msg:ID}}` (a catalogue sentence, escaped), `{{messages_json}}` (the `ui.` sentences the
scripts can say: `script_ids`), `{{sizes_json}}` (bytes of each file Python needs, for honest progress),
`{{game_tiles}}`, `{{game_setup}}`, `{{seat_rows}}`, `{{rules_tabs}}` and `{{rules}}`, all made
from the engine's `GAMES` whose declaration names a table module (`tables.game_ids()`), so only games that work
are offered and every house rule is marked as ours.
"""

import json
import re
from pathlib import Path

from pygame_rules import GAMES
from pygame_rules.core import option_msg
from pygame_rules.messages import CATALOGUE, LANGUAGES, escape, language, marked, set_language, text
from tables import game_ids
from saves import BOT_LEVELS, DEFAULT_BOT  # a seat's bot choices, in order; new seats: Normal

PAGE_GAMES = game_ids()  # games the page can draw, in tile order
MAX_SEATS = max(GAMES[g].max_players for g in PAGE_GAMES)
DEFAULT_NAMES = ("", "Ada", "Miles", "Nina", "Ella", "Count", "Duke", "Billie")


def t(msg_id, **params):
    """A catalogue sentence, HTML-escaped."""
    return escape(text(msg_id, params))


def page_games():
    """The registered games the page offers (only those it can play)."""
    return [GAMES[g] for g in PAGE_GAMES]


def game_tiles():
    """One large tile (a radio button) per playable game."""
    tiles = []
    for i, game in enumerate(page_games()):
        tiles.append('<label class="tile"><input type="radio" name="game" value="%s"%s>'
                     '<span class="tile-title">%s</span><span class="tile-blurb">%s</span>'
                     '<span class="tile-players">%s</span></label>'
                     % (escape(game.id), " checked" if i == 0 else "", marked(game.shown_title()),
                        t(game.prefix + ".page.blurb"),
                        t("ui.players_range", min=game.min_players, max=game.max_players)))
    return "".join(tiles)


def game_setup():
    """Per game: the player count, its own options, and the house rules folded under a
    disclosure whose summary says which differ from the default (the inline script fills it)."""
    out = []
    for game in page_games():
        counts = "".join('<label class="pill"><input type="radio" name="players-%s" value="%d"%s>'
                         '%d</label>' % (escape(game.id), n, " checked" if n == game.max_players
                                         else "", n)
                         for n in range(game.min_players, game.max_players + 1))
        plain = "".join(option_html(game, o) for o in game.options if not o.house_rule)
        house = "".join(option_html(game, o) for o in game.options if o.house_rule)
        if house:
            house = ('<details class="house-options"><summary><span class="house">%s</span> '
                     '<span class="house-changed">%s</span></summary>%s</details>'
                     % (t("ui.house_rules"), t("ui.house_unchanged"), house))
        out.append('<fieldset class="game-setup" data-game="%s" data-min="%d" data-max="%d">'
                   '<legend>%s</legend><div class="counts" role="radiogroup" aria-label="%s">%s'
                   '</div><div class="options">%s%s</div></fieldset>'
                   % (escape(game.id), game.min_players, game.max_players, t("ui.players"),
                      t("ui.players"), counts, plain, house))
    return "".join(out)


def house_id(game, option):
    """The id of the house rule an option switches ("HR-T2"), or None."""
    if not option.house_rule:
        return None
    return next((h["id"] for h in game.house_rules if h["option"] == option.name), None)


def option_html(game, option):
    """One option in plain words: a checkbox for a yes/no option, else a list of its values in
    words; a house rule shows its id, and every option what it means in small print."""
    name = "opt-%s-%s" % (escape(game.id), escape(option.name))
    rule = house_id(game, option)
    words = ('<span class="opt-text"><span class="opt-name">%s<span class="opt-label">%s</span> '
             '<span class="opt-changed">%s</span></span><small class="opt-help">%s</small></span>'
             % ('<b class="hr-id">%s</b> ' % escape(rule) if rule else "",
                t(option_msg(game.prefix, option.name)), t("ui.option_changed"), t(option.msg)))
    if isinstance(option.default, bool):
        return ('<label class="option check"><input type="checkbox" name="%s" data-option="%s"%s>'
                '%s</label>' % (name, escape(option.name), " checked" if option.default else "",
                                words))
    values = "".join('<option value="%s"%s>%s</option>'
                     % (escape(str(v)), " selected" if v == option.default else "",
                        t(option_msg(game.prefix, option.name, v)))
                     for v in option.allowed)
    return ('<label class="option pick">%s<select name="%s" data-option="%s">%s</select></label>'
            % (words, name, escape(option.name), values))


def seat_rows():
    """A row per possible seat: name (any text) and human, bot with its level (Easy, Normal,
    Hard; the plain heuristic and random bots too) or a person at another device (issue 23). Re-Chord's solo game has one row: Jim Bot is
    the engine's automa, not a seat."""
    rows = []
    for i in range(MAX_SEATS):
        kinds = ['<option value="human"%s>%s</option>' % (" selected" if i == 0 else "",
                                                          t("ui.human"))]
        kinds += ['<option value="bot-%s"%s>%s</option>'
                  % (lvl, " selected" if i and lvl == DEFAULT_BOT else "",
                     t("ui.bot", level=text("ui.level." + lvl)))
                  for lvl in BOT_LEVELS]
        kinds.append('<option value="remote">%s</option>' % t("ui.remote"))
        rows.append('<div class="seat-row" data-seat="%d"><span class="seat-no">%d</span>'
                    '<input type="text" name="name-%d" value="%s" maxlength="40" '
                    'placeholder="%s" aria-label="%s"><select name="kind-%d" aria-label="%s">%s</select></div>'
                    % (i, i + 1, i, escape(DEFAULT_NAMES[i]), t("ui.default_name", number=i + 1),
                       t("ui.seat_name", number=i + 1),
                       i, t("ui.seat_kind", number=i + 1), "".join(kinds)))
    return "".join(rows)


def rules_tabs():
    """One tab per game at the top of the rules dialog; the first is shown until one is chosen."""
    return "".join('<button type="button" role="tab" id="rules-tab-%s" data-rules-tab="%s" '
                   'aria-controls="rules-%s" aria-selected="%s" tabindex="%d">%s</button>'
                   % (escape(g.id), escape(g.id), escape(g.id), "true" if i == 0 else "false",
                      0 if i == 0 else -1, marked(g.shown_title()))
                   for i, g in enumerate(page_games()))


def rules():
    """The rules of every game in our own words, one tab panel per game with its contents, the
    house rules in their own section with their ids and options, and where the full rules are
    (the game's rules document in the repository)."""
    out = []
    for i, game in enumerate(page_games()):
        prefix = game.prefix + ".rules."
        ids = sorted((k for k in CATALOGUE["en"] if k.startswith(prefix)), key=rule_order)
        anchor = "rules-%s-" % escape(game.id)
        body, toc = [], []
        for msg_id in ids:
            if msg_id.endswith(".h"):
                number = msg_id[len(prefix):-2]
                body.append('<h3 id="%s%s">%s</h3>' % (anchor, number, t(msg_id)))
                toc.append('<li><a href="#%s%s">%s</a></li>' % (anchor, number, t(msg_id)))
            else:
                body.append("<p>%s</p>" % t(msg_id))
        toc.append('<li><a href="#%shouse">%s</a></li>' % (anchor, t("ui.house_rules_head")))
        house = "".join(house_rule_html(game, h) for h in game.house_rules)
        out.append('<div class="rules-game" id="rules-%s" data-game="%s" role="tabpanel" '
                   'aria-labelledby="rules-tab-%s"%s><h2>%s</h2><nav class="rules-toc" '
                   'aria-label="%s"><ol>%s</ol></nav>%s<section class="rules-house" '
                   'id="%shouse"><h3>%s</h3><ul class="house-rules">%s</ul></section>'
                   '<p class="rules-doc">%s</p></div>'
                   % (escape(game.id), escape(game.id), escape(game.id), " hidden" if i else "",
                      marked(game.shown_title()), t("ui.rules_contents"), "".join(toc), "".join(body),
                      anchor, t("ui.house_rules_head"), house,
                      t("ui.rules_doc", path=game.rules_doc)))
    return "".join(out)


def rule_order(msg_id):
    """Sort <prefix>.rules.<nn>[.h] ids by their number."""
    return [int(p) if p.isdigit() else p for p in msg_id.split(".")]


def house_rule_html(game, house):
    """One house rule: its id in the rules document, what it says, and the start screen's
    option that switches it by its plain label (the option's code name is for the code only),
    with its default."""
    head = '<li><span class="house">%s</span> <b class="hr-id">%s</b> %s' % (
        t("ui.house_rule"), escape(house["id"]), t(house["msg"]))
    option = next((o for o in game.options if o.name == house["option"]), None)
    if option is None:
        return head + "</li>"
    if isinstance(option.default, bool):
        state = text("ui.default_on" if option.default else "ui.default_off")
    else:
        state = text("ui.default_value",
                     {"value": text(option_msg(game.prefix, option.name, option.default))})
    return '%s <span class="hr-option">%s</span></li>' % (
        head, t("ui.house_option", option=text(option_msg(game.prefix, option.name)),
                state=state))


STATIC = Path(__file__).resolve().parent.parent / "static"
SAID_FROM_PYTHON = re.compile(r"^ui\.(continue|why)")   # ids Python hands the scripts: a
                                                        # saved game's Continue line, why a
                                                        # stored value was set aside


def script_ids():
    """The `ui.` ids the scripts can say: those written in static/*.js, and the families
    Python hands them (SAID_FROM_PYTHON)."""
    named = {m for path in STATIC.glob("*.js")
             for m in re.findall(r"""["'](ui\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8"))}
    return named | {k for k in CATALOGUE["en"] if SAID_FROM_PYTHON.match(k)}


def ui_messages():
    """The sentences the scripts that run before Python can say, in the current language."""
    own, ids = CATALOGUE.get(language(), {}), script_ids()
    return {k: own.get(k, v) for k, v in CATALOGUE["en"].items() if k in ids}


def script_json(value):
    """JSON safe to put inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def fill_template(html, sizes):
    """Fill every placeholder of web/index.html: the page in English, with its translated
    blocks (elements marked data-i18n) in every other language and the scripts' sentences
    beside it (static/shell.js keeps the page's own blocks as the English ones),
    for static/shell.js to put in before anything is shown, or to re-word in place when the
    language is changed at the table (issue 19)."""
    before = language()
    try:
        shells, messages = {}, {}
        for lang in LANGUAGES:
            set_language(lang)
            if lang != "en":                 # the page itself is the English shell
                shells[lang] = blocks(fill_language(html, sizes, {}))
            messages[lang] = ui_messages()
        set_language("en")
        return fill_language(html, sizes, {"messages_json": script_json(messages),
                                           "shells_json": script_json(shells)})
    finally:
        set_language(before)


I18N_BLOCK = re.compile(r'<(main|dialog|div) [^>]*\bdata-i18n\b[^>]*>.*?</\1>', re.S)


def blocks(page):
    """The translated blocks of a filled page, as one HTML text."""
    return "".join(m.group(0) for m in I18N_BLOCK.finditer(page))


def fill_language(html, sizes, extra):
    """The template filled in the current language (`extra`: placeholders filled by the
    caller; the others get an empty JSON where absent)."""
    parts = {"messages_json": "{}", "shells_json": "{}", "sizes_json": script_json(sizes),
             "game_tiles": game_tiles(), "game_setup": game_setup(), "seat_rows": seat_rows(),
             "rules_tabs": rules_tabs(), "rules": rules(), **extra}
    html = re.sub(r"\{\{msg:([a-z0-9_.\-]+)\}\}", lambda m: t(m.group(1)), html)
    html = re.sub(r"\{\{([a-z_]+)\}\}", lambda m: parts[m.group(1)], html)
    if "{{" in html:
        raise ValueError("unfilled placeholder near " + html[html.index("{{"):][:40])
    return html
