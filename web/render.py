"""The frame every game's table shares, as HTML: top bar, seats around the table, status, log.

Pure functions, no DOM: each returns markup that `drawing.py` puts on the page. What is drawn on
the felt comes from the game's table module (`tables/<game>.py`, named by the game's declaration);
`screen_html` puts it in the same frame for every game. Every name a player typed is escaped;
every sentence comes from the message catalogue.
"""

import re
from unicodedata import east_asian_width

from pygame_rules import GAMES
from pygame_rules.messages import escape, language, marked, text

# The spots around the table for the seats other than the viewer's, clockwise from the
# viewer's left (the viewer sits at the bottom): up the left side, across the top, down the right.
SPOTS = {
    1: ("top",),
    2: ("left", "right"),
    3: ("left", "top", "right"),
    4: ("left", "top-left", "top-right", "right"),
    5: ("left", "top-left", "top", "top-right", "right"),
    6: ("left-low", "left", "top-left", "top-right", "right", "right-low"),
    7: ("left-low", "left", "top-left", "top", "top-right", "right", "right-low"),
}


def t(msg_id, **params):
    """A catalogue sentence, HTML-escaped."""
    return escape(text(msg_id, params))


# --- shared pieces --------------------------------------------------------------------------
def trick_head(trick, names):
    """A trick's heading; a trick just won, still on the table, names its winner."""
    if trick.get("won_by") is None:
        return t("ui.trick_head", trick=trick["number"])
    return t("ui.trick_won_head", trick=trick["number"], name=names[trick["won_by"]])


def won_slot(trick, seat):
    """The class a trick's slot adds: " won" for the winner's card of a trick just won."""
    return " won" if trick.get("won_by") == seat else ""


def named(label, body):
    """A control's content: its name as text for screen readers, the drawing hidden from them.
    (An aria-label would have to contain the letters the drawing shows, which it cannot.)"""
    return '<span class="sr-only">%s</span><span aria-hidden="true">%s</span>' % (
        escape(label), body)


FACT_LIMIT = 8             # characters of a fact kept whole on a line
# a fact ("インプロ0回", "この公演：0点"); a number and its unit ("第3ラウンド", "12小節", "0/5")
FACT_WITH_NUMBER = r"(?<![&#xX0-9])[^・、·／<>&\s]*\d[^・、·／<>&\s]*"
NUMBER_WITH_UNIT = r"第?[+\u2212-]?\d[\d.,/]*(?:[ァ-ヶー]{1,5}|[一-龥々]{1,2}|[^\d.,/\s])?"


def unbroken(html):
    """Page HTML in which, in Japanese, each fact with a number between separators (・、)
    keeps to one line ("インプロ0回" in a nowrap span; it broke as "インプロ0／回": issue 45,
    item 19); other languages' as it was."""
    if language() != "ja":
        return html
    return "".join(part if part.startswith("<") else re.sub(FACT_WITH_NUMBER, kept_fact, part)
                   for part in re.split(r"(<[^>]*>)", html))


def kept_fact(match):
    """A fact in a nowrap span; in a long one (wider than a seat panel) each number and unit."""
    fact = match.group(0)
    if len(fact) <= FACT_LIMIT:
        return '<span class="nb">%s</span>' % fact
    return re.sub(NUMBER_WITH_UNIT, lambda m: '<span class="nb">%s</span>' % m.group(0), fact)


BAND_WIDTH = 54          # a card's colour band holds this much text (viewBox units, of 58)


def band_width(s):
    """About how wide a text is on a card's band (10px bold: a kana or kanji 10, other 6)."""
    return sum(10 if east_asian_width(ch) in ("W", "F") else 3 if ch == " " else 6 for ch in s)


def band_text(symbol, name):
    """A card's colour band: its symbol and whole colour name, narrowed to fit the band when
    the name is long (オーガニック, Stainless), never cut (issue 45, item 19)."""
    label = "%s %s" % (symbol, name)
    fit = ' textLength="%d" lengthAdjust="spacingAndGlyphs"' % BAND_WIDTH \
        if band_width(label) > BAND_WIDTH else ""
    return '<text class="card-colour" x="30" y="15"%s>%s</text>' % (fit, escape(label))


def card_back_svg():
    """The back of a card (face-down cards, stacks nobody may look into)."""
    return ('<svg class="card back" viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="card-face" x="1" y="1" width="58" height="82" rx="7"/>'
            '<text class="card-chord" x="30" y="56">♪</text></svg>')


def seat_spots(players, viewer):
    """Where each seat sits (2–8 players): the viewer at the bottom, the rest clockwise."""
    anchor = viewer if viewer is not None else 0
    spots = ("bottom",) + SPOTS[players - 1]
    return {(anchor + r) % players: spots[r] for r in range(players)}


CLOCKWISE = ("left-low", "left", "top-left", "top", "top-right", "right", "right-low")


def seat_panels(where, panel):
    """The seat panels as (the viewer's own, the others' clockwise from the viewer's left);
    `where` maps each seat to its spot, `panel(seat, spot)` draws one. The page puts the
    viewer's own by the hand; on a phone the others line up in this order."""
    mine = "".join(panel(s, spot) for s, spot in where.items() if spot == "bottom")
    others = sorted((CLOCKWISE.index(spot), s) for s, spot in where.items() if spot != "bottom")
    return mine, "".join(panel(s, CLOCKWISE[i]) for i, s in others)


def bot_or_human(seat):
    """'Human', 'Another device' or 'Bot (level)' for a seat."""
    if seat["kind"] == "human":
        return t("ui.human")
    if seat["kind"] == "remote":
        return t("ui.remote")
    return t("ui.bot", level=t("ui.level." + seat["bot"]))


def is_my_turn(view):
    """True when the view's own seat must act now."""
    seat = view["seat"]
    return seat is not None and view["current_player"] == seat and bool(view["legal"])


def common_status(view, names, viewer, curtain):
    """The status every game shares (over, pass the screen, someone else acts), or None."""
    if view["is_over"]:
        return text("ui.status_over")
    if curtain is not None:
        return text("ui.status_pass", {"name": names[curtain]})
    cur = view["current_player"]
    if cur != viewer or not view["legal"]:
        return text("ui.status_other", {"name": names[cur]})
    return None


def log_lines(events, names, event_lines):
    """The game log in words from the seat's events, oldest first (one game's event_lines)."""
    lines = []
    for e in events:
        lines.extend(event_lines(e, names))
    return lines


def log_html(lines, limit=250, lit=None):
    """The log panel's list (the newest lines, at most `limit`), focusable so the keyboard can
    scroll it; `lit` (first, end) marks the lines of a replay's current move."""
    first = max(0, len(lines) - limit)
    lo, hi = lit or (0, 0)
    items = "".join('<li class="lit" aria-current="step">%s</li>' % marked(line)
                    if lo <= first + i < hi else "<li>%s</li>" % marked(line)
                    for i, line in enumerate(lines[first:]))
    return ('<ol class="log-list" tabindex="0" data-key="log-list" aria-label="%s">%s</ol>'
            % (t("ui.log_list"), items))


def pending_bar(summary, ready):
    """A pending two-step choice in words, with Confirm (once `ready`) and Cancel (Escape)."""
    return ('<div class="pending" role="group" aria-label="%s"><p>%s</p>'
            '<button type="button" class="primary" data-action="confirm" data-key="confirm"%s>'
            '%s</button><button type="button" data-action="cancel" data-key="cancel">%s</button>'
            '</div>' % (t("ui.pending_choice"), escape(summary), "" if ready else " disabled",
                        t("ui.confirm"), t("ui.cancel")))


def teach_html(game_id, lesson, rule_name, sentence, number, total):
    """Teaching mode's tip (issue 20), never over a choice (beside the table over the log; on a
    phone over your panel and the status line; its words scroll, so they take the focus too):
    the rule's name as a link to its section of the rules, the sentence, "1 of 3" when
    several wait, "Got it" (the next one) and "Don't show again"."""
    anchor = "rules-%s-%s" % (escape(game_id), escape(str(lesson["rule"])))
    count = ('<span class="teach-count">%s</span>' % t("ui.teach_count", n=number, total=total)
             if total > 1 else "")
    return ('<section class="teach" role="region" aria-label="%s" data-lesson="%s">'
            '<p class="teach-text" tabindex="0"><a class="teach-rule" href="#%s" '
            'data-action="teach-rule" '
            'data-rule="%s" data-key="teach-rule" title="%s">%s</a> %s</p>'
            '<div class="teach-buttons">%s<button type="button" class="small primary" '
            'data-action="teach-next" data-key="teach-next">%s</button><button type="button" '
            'class="small" data-action="teach-never" data-key="teach-never">%s</button></div>'
            '</section>'
            % (t("ui.teach_label"), escape(lesson["id"]), anchor, anchor,
               t("ui.teach_rule_open", rule=rule_name), escape(rule_name), escape(sentence),
               count, t("ui.teach_got_it"), t("ui.teach_never")))


# --- dialogs --------------------------------------------------------------------------------
def fold(key, summary, body, cls=""):
    """A part of the table that is not a choice and has no room on a phone: shown whole on a wide
    screen; on a phone its summary alone, which opens it in a sheet over the table (a tap on the
    summary, its Close or Escape closes it; the style decides which, static/style.css)."""
    return ('<details class="fold %s" data-key="fold-%s"><summary>%s</summary><div class="fold-body">'
            '%s<button type="button" class="small fold-close" data-action="fold-close">%s</button>'
            '</div></details>' % (cls, key, summary, body, t("ui.close")))


def modal(kind, title, body, buttons, primary=True):
    """A modal panel; the first button gets the focus (and is the primary one, unless the
    body holds the panel's main button: `primary` False)."""
    btns = "".join('<button type="button" data-action="%s" data-key="m-%s"%s>%s</button>'
                   % (action, action, ' class="primary"' if i == 0 and primary else "", label)
                   for i, (action, label) in enumerate(buttons))
    return ('<div class="modal-backdrop"><div class="modal modal-%s" role="dialog" '
            'aria-modal="true" aria-labelledby="modal-title"><h2 id="modal-title">%s</h2>%s'
            '<div class="modal-buttons">%s</div></div></div>' % (kind, title, body, btns))


def game_over(body, extra=""):
    """The end of the game: a table's `final_body`, then `extra` (the players' records), with
    Play again, New game, the replay and the link."""
    return modal("final", t("ui.game_over"), body + extra,
                 [("again", t("ui.play_again")), ("new", t("ui.new_game")),
                  ("replay", t("ui.replay_watch")), ("share", t("ui.share_copy"))])


def last_trick_modal(cards, won_line):
    """The last trick on demand: [(label, card svg)] in play order and who won it (or None)."""
    if not cards:
        body = "<p>%s</p>" % t("ui.no_last_trick")
    else:
        figures = "".join('<figure class="trick-slot filled">%s<figcaption>%s</figcaption>'
                          '</figure>' % (svg, escape(label)) for label, svg in cards)
        body = '<p>%s</p><div class="trick-row">%s</div>' % (escape(won_line), figures)
    return modal("last", t("ui.last_trick"), body, [("close", t("ui.close"))])


def curtain_html(name):
    """The hot-seat privacy screen: nothing of any hand is on the page behind it."""
    return ('<div class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-t">'
            '<h2 id="curtain-t">%s</h2><p>%s</p><button type="button" class="primary" '
            'data-action="reveal" data-key="reveal">%s</button></div>'
            % (t("ui.pass_to", name=name), t("ui.pass_hint", name=name), t("ui.i_am", name=name)))


def taken_html():
    """Another tab took this game over: this tab has stopped; back to the start screen."""
    return ('<div class="curtain" role="dialog" aria-modal="true" aria-labelledby="taken-t">'
            '<h2 id="taken-t">%s</h2><p>%s</p><button type="button" class="primary" '
            'data-action="leave" data-key="leave">%s</button></div>'
            % (t("ui.taken_title"), t("ui.taken_text"), t("ui.taken_leave")))


# --- the frame ------------------------------------------------------------------------------
def nav_button(action, label, extra=""):
    """A top-bar button."""
    return ('<button type="button" data-action="%s" data-key="%s"%s>%s</button>'
            % (action, action, extra, label))


def undo_button(why):
    """Undo: `why` None (no button: nobody's hand on screen), "" (it may be pressed now) or why
    not (then it is greyed, and a press says why)."""
    if why is None:
        return ""
    if not why:
        return nav_button("undo", t("ui.undo"), ' aria-keyshortcuts="Control+Z U"')
    return nav_button("undo", t("ui.undo"), ' aria-disabled="true" title="%s"' % escape(why))


def hint_button(state):
    """Hint: `state` None (no button: not a person's turn at a playable board), "" (it may be
    asked for now) or "thinking" (the search is on it; the button says so)."""
    if state is None:
        return ""
    if state == "thinking":
        return nav_button("hint", t("ui.hint_thinking"), ' class="hint-button thinking" '
                          'aria-busy="true" aria-keyshortcuts="H" title="%s"' % t("ui.hint_ask"))
    return nav_button("hint", t("ui.hint_button"), ' class="hint-button" aria-keyshortcuts="H" '
                      'title="%s"' % t("ui.hint_ask"))


def hint_html(groups, label="ui.hint_label", close="hint-close"):
    """A hint (issue 20) where a tip goes, in the teaching tip's box (a "hint" variant): the move
    and why, in sentences built from the search's numbers (pygame_rules/hint.py), a line per
    move (its sentences grouped), and Close (Escape does the same); also a replay's "why this
    move" (its label and its Close action)."""
    join = "" if language() == "ja" else " "
    groups = [[line[:1].upper() + line[1:] for line in group]   # "draw a card would…"
              for group in groups if group]
    lines = [join.join(group) for group in groups]
    head = groups[0][0] if groups else ""
    first = lines[0][len(head):] if lines else ""
    rest = "".join('<span class="hint-line">%s</span>' % escape(line) for line in lines[1:])
    return ('<section class="teach hint" role="region" aria-live="polite" aria-label="%s">'
            '<p class="teach-text hint-text" tabindex="0"><strong>%s</strong>%s%s</p>'
            '<div class="teach-buttons">'
            '<button type="button" class="small" data-action="%s" data-key="%s">'
            '%s</button></div></section>'
            % (t(label), escape(head), escape(first), rest, close, close, t("ui.close")))


SPEAKER = ('<svg class="speaker" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
           '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>%s</svg>')
WAVES = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" ' \
        'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
CROSS = '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" ' \
        'stroke-linecap="round"/>'


def sound_button(muted):
    """The sound's switch beside the title: a speaker with waves, or crossed out when muted
    (M does the same; issue 45, item 12: M muted with nothing on screen to say so)."""
    return ('<button type="button" class="sound-toggle%s" data-action="sound" data-key="sound" '
            'aria-pressed="%s" aria-keyshortcuts="M" aria-label="%s" title="%s">%s</button>'
            % (" muted" if muted else "", "false" if muted else "true", t("ui.sound_label"),
               t("ui.sound_off" if muted else "ui.sound_on"), SPEAKER % (CROSS if muted else WAVES)))


def topbar_html(table, view, undo=None, replay=False, practice=False, hint=None, muted=False):
    """The top bar: the game's title, the sound's switch, where the game is (and a practice
    game's tag), Hint, Undo, the game's panels and the frame's (in a replay: the log, the rules
    and the way out)."""
    where = unbroken(escape(table.where_text(view)))
    if practice:
        where += ' <span class="badge practice-tag">%s</span>' % t("ui.practice_tag")
    log = nav_button("log", t("ui.log"), ' class="log-toggle"')
    rules = nav_button("rules", t("ui.rules"))
    if replay:
        nav = log + rules + nav_button("replay-close", t("ui.replay_close"))
    else:
        nav = hint_button(hint) + undo_button(undo) + \
            "".join(nav_button(kind, t(label)) for kind, (label, _fn) in table.PANELS.items()) + \
            log + rules + nav_button("settings", t("ui.settings")) + \
            nav_button("menu", t("ui.menu"))
    return ('<header class="topbar"><h1>%s</h1>%s<p class="where">%s</p><nav>%s</nav></header>'
            % (marked(GAMES[table.GAME_ID].shown_title()), sound_button(muted), where, nav))


def status_html(status, ui):
    """The status line: what must happen now, the last thing that happened, a refusal."""
    return ('<div class="status" role="status" aria-live="polite">'
            '<p class="status-main">%s</p><p class="status-last">%s</p>'
            '<p class="notice" role="alert">%s</p></div>'
            % (marked(status), marked(ui.get("last_line") or ""), marked(ui.get("notice") or "")))


def log_panel(ui):
    """The log at the side (behind a button on phones)."""
    return ('<aside class="log%s" aria-label="%s"><h2>%s</h2>%s%s</aside>'
            % (" open" if ui.get("log_open") else "", t("ui.log"), t("ui.log"),
               '<button type="button" class="small log-close" data-action="log" '
               'data-key="log-close">%s</button>' % t("ui.close"),
               log_html(ui.get("log_lines") or [], lit=ui.get("lit"))))


def screen_html(table, view, names, seats, ui):
    """The game screen for one view; `ui` holds screen state (sorting, panels, pending, …;
    `status`: a line that replaces the table's own, e.g. while the worker thinks for a bot).
    The board (the others' seats and the centre) takes the room left over and scrolls inside
    itself; the dock (your seat, the status line and your hand) always stays in view."""
    status = ui.get("status") or \
        table.status_text(view, names, view["seat"], ui.get("curtain"), ui.get("pending"))
    board, mine = table.table_html(view, names, seats, ui)
    return ('%s<main class="felt game-%s players-%d"><h2 class="sr-only">%s</h2>'
            '<div class="board" data-key="board" role="region" tabindex="0" aria-label="%s">'
            '%s%s</div><div class="dock">%s%s%s%s%s</div>%s</main>%s'
            % (topbar_html(table, view, ui.get("undo"), bool(ui.get("bar")), ui.get("practice"),
                           ui.get("hint"), ui.get("muted", False)),
               table.GAME_ID,
               view["players"], t("ui.table_heading"), t("ui.board"), board,
               ui.get("board_extra") or "", ui.get("bar") or "", mine, status_html(status, ui),
               ui.get("teach") or "", table.hand_html(view, ui), log_panel(ui),
               ui.get("overlay") or ""))


# --- a replay ---------------------------------------------------------------------------------
def replay_button(action, label, glyph, disabled=False, extra=""):
    """One of the replay bar's buttons: a glyph, its name for screen readers and as a tip."""
    return ('<button type="button" class="small" data-action="%s" data-key="%s" title="%s"%s%s>'
            '%s</button>' % (action, action, escape(label), " disabled" if disabled else "",
                             extra, named(label, glyph)))


def replay_bar(at, total, chapters, playing, speed, round_word, can_continue, explain=None):
    """The replay's controls: start, previous chapter, back, play or pause, forward, next
    chapter, end, the speed, "Why this move?" (`explain`: None none, "" ready, "thinking")
    and (for a link to a game in progress) continue it here."""
    first, last = at == 0, at == total
    jumps = chapters > 1
    chapter = t("ui.replay_chapter_" + round_word)          # "Venue", "Round" (wide screens)
    play = t("ui.replay_pause" if playing else "ui.replay_again" if last else "ui.replay_play")
    buttons = [replay_button("rp-start", t("ui.replay_start"), "|◀", first)]
    if jumps:
        buttons.append(replay_button("rp-prev", t("ui.replay_prev_" + round_word), '◀◀<span '
                                     'class="rp-word"> %s</span>' % chapter, first))
    buttons += [replay_button("rp-back", t("ui.replay_back"), "◀", first),
                '<button type="button" class="small primary rp-play" data-action="rp-play" '
                'data-key="rp-play">%s</button>' % play,
                replay_button("rp-fwd", t("ui.replay_forward"), "▶", last)]
    if jumps:
        buttons.append(replay_button("rp-next", t("ui.replay_next_" + round_word),
                                     '<span class="rp-word">%s </span>▶▶' % chapter, last))
    buttons += [replay_button("rp-end", t("ui.replay_end"), "▶|", last),
                replay_button("rp-speed", t("ui.replay_speed", speed=speed),
                              '<span class="rp-word">%s </span>%s'
                              % (t("ui.replay_speed_word"), escape(speed)))]
    if explain is not None:
        busy = ' aria-busy="true"' if explain == "thinking" else ""
        buttons.append('<button type="button" class="small hint-button rp-explain" '
                       'data-action="rp-explain" data-key="rp-explain" title="%s"%s>%s</button>'
                       % (t("ui.explain_ask"), busy,
                          t("ui.hint_thinking" if explain else "ui.explain_button")))
    if can_continue:
        buttons.append('<button type="button" class="small primary" data-action="rp-continue" '
                       'data-key="rp-continue">%s</button>' % t("ui.replay_continue"))
    return ('<div class="replay-bar" role="group" aria-label="%s"><p class="replay-step">%s</p>'
            '<div class="replay-buttons">%s</div></div>'
            % (t("ui.replay"), t("ui.replay_step", n=at, total=total), "".join(buttons)))


def hand_label(ui, default="ui.your_hand"):
    """The name of the hand area: the viewer's ("Your hand"), or another seat's in a replay."""
    return escape(ui.get("hand_label") or text(default))


def replay_hands(table, hands, names):
    """Every other seat's hand, open (a finished game's replay), each under its seat's name."""
    if not hands:
        return ""
    rows = "".join('<div class="replay-hand"><h3>%s</h3>%s</div>'
                   % (escape(names[seat]), table.hand_html(view, {"owner": names[seat],
                                                                  "hand_label": text(
                       "ui.replay_hand_of", {"name": names[seat]})}))
                   for seat, view in hands)
    return '<div class="replay-hands"><h2>%s</h2>%s</div>' % (t("ui.replay_hands"), rows)
