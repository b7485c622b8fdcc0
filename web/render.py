"""The table as HTML with SVG cards, drawn only from a view and the seat's events.

Pure functions, no DOM: each returns markup that `main.py` puts on the page. Every name a
player typed is escaped; every sentence comes from the message catalogue.
"""

import math

from pygame_rules.games.take_a_chord.cards import (CHORD_OF, CHORDS, COLOUR_OF, COLOUR_SYMBOLS,
                                                   card_name, colour_name)
from pygame_rules.games.take_a_chord.log import event_lines
from pygame_rules.games.take_a_chord.state import CHART
from pygame_rules.messages import escape, text


def t(msg_id, **params):
    """A catalogue sentence, HTML-escaped."""
    return escape(text(msg_id, params))


# --- cards --------------------------------------------------------------------------------------
def card_svg(card):
    """One Feeling Card: chord letter, colour band with symbol and name (never colour alone)."""
    co = COLOUR_OF[card]
    return ('<svg class="card col-%d" viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="card-face" x="1" y="1" width="58" height="82" rx="7"/>'
            '<rect class="card-band" x="1" y="1" width="58" height="20" rx="7"/>'
            '<text class="card-colour" x="30" y="15">%s %s</text>'
            '<text class="card-chord" x="30" y="60">%s</text>'
            '<text class="card-symbol" x="30" y="78">%s</text></svg>'
            % (co, COLOUR_SYMBOLS[co], escape(colour_name(co)[:3]), CHORDS[CHORD_OF[card]],
               COLOUR_SYMBOLS[co]))


def card_back_svg():
    """The back of a card (face-down rounds, the non-player's stack)."""
    return ('<svg class="card back" viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="card-face" x="1" y="1" width="58" height="82" rx="7"/>'
            '<text class="card-chord" x="30" y="56">♪</text></svg>')


def sort_hand(hand, key, by_strength):
    """The hand sorted by colour then strength, or by strength then colour."""
    def strength(c):
        """0 for the Key Chord, 6 for the weakest."""
        return (CHORD_OF[c] - key) % 7
    if by_strength:
        return sorted(hand, key=lambda c: (strength(c), COLOUR_OF[c]))
    return sorted(hand, key=lambda c: (COLOUR_OF[c], strength(c)))


def hand_html(view, by_strength, my_turn):
    """The viewer's hand as buttons: playable cards raised, others dimmed but clickable."""
    legal = set(view["legal"])
    buttons = []
    for c in sort_hand(view["hand"], CHORDS.index(view["key"]), by_strength):
        ok = c in legal
        state = "ui.card_playable" if ok else ("ui.card_not_playable" if my_turn else
                                               "ui.card_in_hand")
        label = text(state, {"card": card_name(c)})
        buttons.append('<button type="button" class="hand-card%s" data-card="%d" '
                       'data-key="card-%d" data-legal="%s" aria-label="%s">%s</button>'
                       % (" playable" if ok else (" dimmed" if my_turn else ""), c, c,
                          "true" if ok else "false", escape(label), card_svg(c)))
    toggle = t("ui.sort_by_colour") if by_strength else t("ui.sort_by_strength")
    return ('<section class="hand-area" aria-label="%s"><div class="hand-tools">'
            '<h2 class="hand-title">%s</h2><button type="button" class="small" '
            'data-action="sort" data-key="sort">%s</button></div><div class="hand">%s</div>'
            '</section>' % (t("ui.your_hand"), t("ui.your_hand"), toggle, "".join(buttons)))


# --- the centre ---------------------------------------------------------------------------------
def key_ring_svg(key):
    """The Key Chord Board: A..G on a ring, the marker on the key, strength clockwise."""
    nodes = []
    for i, chord in enumerate(CHORDS):
        angle = -math.pi / 2 + 2 * math.pi * i / 7
        x, y = 50 + 36 * math.cos(angle), 50 + 36 * math.sin(angle)
        cls = "ring-node key" if i == key else "ring-node"
        nodes.append('<g class="%s"><circle cx="%.1f" cy="%.1f" r="11"/>'
                     '<text x="%.1f" y="%.1f">%s</text></g>' % (cls, x, y, x, y + 5, chord))
    return ('<svg class="key-ring" viewBox="0 0 100 100" role="img" aria-label="%s">'
            '<circle class="ring" cx="50" cy="50" r="36"/>%s</svg>'
            % (t("ui.key_ring_label", key=CHORDS[key]), "".join(nodes)))


def key_panel(view):
    """The key ring with the strength order spelled out."""
    key = CHORDS.index(view["key"])
    order = " > ".join(view["key_order"])
    return ('<section class="key-panel" aria-label="%s">%s<p class="key-title">%s</p>'
            '<p class="key-order">%s</p></section>'
            % (t("ui.key_chord"), key_ring_svg(key), t("ui.key_is", key=view["key"]),
               escape(order)))


def trick_html(view, names):
    """The trick: this round's cards in play order with seat names, earlier rounds face down."""
    trick = view["trick"]
    played = dict((s, c) for s, c in trick["cards"])
    slots = []
    for i, seat in enumerate(trick["order"]):
        who = seat_label(seat, names, view)
        if seat in played:
            body = card_svg(played[seat])
            label = text("ui.trick_card", {"name": who, "card": card_name(played[seat])})
            cls = "trick-slot filled"
        else:
            body = '<div class="slot-empty"></div>'
            label = text("ui.trick_waiting", {"name": who})
            cls = "trick-slot" + (" to-play" if seat == view["current_player"] else "")
        slots.append('<figure class="%s" data-seat="%d" aria-label="%s">%s<figcaption>'
                     '%d · %s</figcaption></figure>'
                     % (cls, seat, escape(label), body, i + 1, escape(who)))
    head = t("ui.trick_head", trick=trick["number"])
    if trick["round"] > 1:
        head += " · " + t("ui.trick_round", round=trick["round"], facedown=trick["facedown"])
    down = ""
    if trick["facedown"]:
        down = ('<div class="facedown" aria-label="%s">%s<span>%d</span></div>'
                % (t("ui.facedown_label", count=trick["facedown"]), card_back_svg(),
                   trick["facedown"]))
    spot = ""
    if view["spotlight"] is None:
        spot = '<div class="spotlight-card centre">%s</div>' % t("ui.spotlight_centre")
    return ('<section class="trick" aria-label="%s"><h2>%s</h2><div class="trick-row">%s%s'
            '</div>%s</section>' % (t("ui.trick"), head, down, "".join(slots), spot))


def seat_label(seat, names, view):
    """A seat's name, or 'the non-player' for seat 3 at a 3-player table."""
    if seat == view["non_player"]:
        return text("tac.non_player").capitalize()
    return names[seat]


# --- seats --------------------------------------------------------------------------------------
def seat_positions(view, viewer):
    """Where each seat sits: the viewer at the bottom, the rest clockwise (left, top, right)."""
    n, anchor = view["players"], viewer if viewer is not None else 0
    if n == 4:
        spots = ("bottom", "left", "top", "right")
        return {(anchor + r) % 4: spots[r] for r in range(4)}
    spots = ("bottom", "left", "right")
    out = {(anchor + r) % 3: spots[r] for r in range(3)}
    out[view["non_player"]] = "top"
    return out


def seat_panel(view, seat, names, seats, where):
    """A seat's panel: name, human or bot, cards left, tricks, Improvisations, totals."""
    if seat == view["non_player"]:
        return ('<section class="seat seat-%s non-player" aria-label="%s"><h3>%s</h3>'
                '<div class="stack">%s<span>%s</span></div></section>'
                % (where, t("ui.non_player_label", count=view["non_player_stack"]),
                   escape(seat_label(seat, names, view)), card_back_svg(),
                   t("ui.stack_count", count=view["non_player_stack"])))
    info = view["seats"][seat]
    kind = seats[seat]
    who = t("ui.human") if kind["kind"] == "human" else t("ui.bot", level=kind["bot"])
    marks = []
    if seat == view["current_player"]:
        marks.append('<span class="badge turn">%s</span>' % t("ui.to_play"))
    if seat == view["dealer"]:
        marks.append('<span class="badge">%s</span>' % t("ui.dealer"))
    if info["spotlight"]:
        marks.append('<span class="badge spotlight">★ %s</span>' % t("ui.spotlight"))
    stats = t("ui.seat_stats", cards=view["hand_sizes"][seat], tricks=info["tricks"],
              improvisations=info["improvisations"], total=info["total"],
              now=info["would_score"])
    active = " active" if seat == view["current_player"] else ""
    return ('<section class="seat seat-%s%s" data-seat="%d" aria-label="%s"><h3>%s '
            '<small>%s</small></h3><p class="marks">%s</p><p class="stats">%s</p></section>'
            % (where, active, seat, escape(names[seat]), escape(names[seat]), who,
               "".join(marks), stats))


# --- words --------------------------------------------------------------------------------------
def status_text(view, names, viewer, curtain):
    """What must happen now, in words."""
    if view["is_over"]:
        return text("ui.status_over")
    cur = view["current_player"]
    if curtain is not None:
        return text("ui.status_pass", {"name": names[curtain]})
    if cur != viewer or not view["legal"]:
        return text("ui.status_other", {"name": names[cur]})
    trick = view["trick"]
    if not trick["cards"]:
        return text("ui.status_lead", {"name": names[cur]})
    lead = colour_name(trick["lead_colour"])
    if any(COLOUR_OF[c] == trick["lead_colour"] for c in view["hand"]):
        return text("ui.status_follow", {"name": names[cur], "colour": lead})
    return text("ui.status_free", {"name": names[cur], "colour": lead})


def log_lines(events, names):
    """The game log in words from the seat's events, oldest first."""
    lines = []
    for e in events:
        lines.extend(event_lines(e, names))
    return lines


def log_html(lines, limit=250):
    """The log panel's list (the newest lines, at most `limit`)."""
    items = "".join("<li>%s</li>" % escape(line) for line in lines[-limit:])
    return '<ol class="log-list">%s</ol>' % items


# --- dialogs ------------------------------------------------------------------------------------
def modal(kind, title, body, buttons):
    """A modal panel; the first button gets the focus."""
    btns = "".join('<button type="button" data-action="%s" data-key="m-%s"%s>%s</button>'
                   % (action, action, ' class="primary"' if i == 0 else "", label)
                   for i, (action, label) in enumerate(buttons))
    return ('<div class="modal-backdrop"><div class="modal modal-%s" role="dialog" '
            'aria-modal="true" aria-labelledby="modal-title"><h2 id="modal-title">%s</h2>%s'
            '<div class="modal-buttons">%s</div></div></div>' % (kind, title, body, btns))


def last_trick_modal(view, names):
    """The last trick, on demand."""
    last = view["last_trick"]
    if not last:
        body = "<p>%s</p>" % t("ui.no_last_trick")
    else:
        cards = "".join('<figure class="trick-slot filled">%s<figcaption>%s</figcaption></figure>'
                        % (card_svg(c), escape(seat_label(s, names, view)))
                        for s, c in last["cards"])
        body = ('<p>%s</p><div class="trick-row">%s</div>'
                % (t("ui.last_trick_won", name=names[last["winner"]], rounds=last["rounds"]),
                   cards))
    return modal("last", t("ui.last_trick"), body, [("close", t("ui.close"))])


def venue_table(rows, names):
    """A venue's scores, showing how each number came about."""
    head = "".join("<th scope=\"col\">%s</th>" % t(k) for k in (
        "ui.col_player", "ui.col_tricks", "ui.col_spotlight", "ui.col_counted",
        "ui.col_chart", "ui.col_bonus", "ui.col_venue", "ui.col_total"))
    body = []
    for r in rows:
        counted = r["tricks"] + (1 if r["spotlight"] else 0)
        body.append("<tr><th scope=\"row\">%s</th><td>%d</td><td>%s</td><td>%d</td><td>%+d</td>"
                    "<td>%s</td><td>%+d</td><td>%d</td></tr>"
                    % (escape(names[r["seat"]]), r["tricks"], "+1" if r["spotlight"] else "–",
                       counted, r["chart"],
                       t("ui.bonus_cell", count=r["improvisations"], bonus=r["bonus"]),
                       r["score"], r["total"]))
    chart = ", ".join("%d→%d" % (i, p) for i, p in enumerate(CHART))
    return ('<table class="scores"><thead><tr>%s</tr></thead><tbody>%s</tbody></table>'
            '<p class="chart">%s</p>' % (head, "".join(body), t("ui.chart_line", chart=chart)))


def venue_modal(view, names, venue):
    """Between venues: the table of the venue just played."""
    rows = view["venue_scores"][venue - 1]
    return modal("venue", t("ui.venue_scored", venue=venue, venues=view["venues"]),
                 venue_table(rows, names), [("next-venue", t("ui.next_venue"))])


def final_modal(view, names, end_event):
    """The end of the game: winners, the tie-break in words, every venue's table."""
    lines = event_lines(end_event, names) if end_event else []
    tables = "".join("<h3>%s</h3>%s" % (t("ui.venue_n", venue=i + 1), venue_table(rows, names))
                     for i, rows in enumerate(view["venue_scores"]))
    totals = "".join("<li>%s</li>" % t("ui.final_row", name=names[s["seat"]], total=s["total"],
                                         improvisations=s["game_improvisations"])
                     for s in sorted(view["seats"], key=lambda s: -s["total"]))
    body = ('<p class="winners">%s</p><ol class="final-list">%s</ol><details><summary>%s'
            '</summary>%s</details>' % (escape(" ".join(lines)), totals, t("ui.all_venues"),
                                        tables))
    return modal("final", t("ui.game_over"), body,
                 [("again", t("ui.play_again")), ("new", t("ui.new_game"))])


def curtain_html(name):
    """The hot-seat privacy screen: nothing of any hand is on the page behind it."""
    return ('<div class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-t">'
            '<h2 id="curtain-t">%s</h2><p>%s</p><button type="button" class="primary" '
            'data-action="reveal" data-key="reveal">%s</button></div>'
            % (t("ui.pass_to", name=name), t("ui.pass_hint", name=name), t("ui.i_am", name=name)))


# --- the whole table ----------------------------------------------------------------------------
def table_html(view, names, seats, ui):
    """The game screen for one view; `ui` holds screen state (sorting, panels, messages)."""
    viewer = view["seat"]
    where = seat_positions(view, viewer)
    panels = "".join(seat_panel(view, s, names, seats, where[s]) for s in sorted(where))
    my_turn = viewer is not None and view["current_player"] == viewer and bool(view["legal"])
    hand = hand_html(view, ui.get("by_strength"), my_turn) if viewer is not None else ""
    status = escape(status_text(view, names, viewer, ui.get("curtain")))
    notice = ui.get("notice") or ""
    top = ('<header class="topbar"><h1>%s</h1><p class="where">%s</p><nav>'
           '<button type="button" data-action="last" data-key="last">%s</button>'
           '<button type="button" data-action="log" data-key="log" class="log-toggle">%s</button>'
           '<button type="button" data-action="rules" data-key="rules">%s</button>'
           '<button type="button" data-action="settings" data-key="settings">%s</button>'
           '<button type="button" data-action="menu" data-key="menu">%s</button></nav></header>'
           % (t("ui.game_title"), t("ui.where", venue=view["venue"], venues=view["venues"],
                                    trick=view["trick"]["number"]),
              t("ui.last_trick"), t("ui.log"), t("ui.rules"), t("ui.settings"), t("ui.menu")))
    centre = ('<div class="centre">%s%s</div>' % (key_panel(view), trick_html(view, names)))
    status_html = ('<div class="status" role="status" aria-live="polite">'
                   '<p class="status-main">%s</p><p class="status-last">%s</p>'
                   '<p class="notice" role="alert">%s</p></div>'
                   % (status, escape(ui.get("last_line") or ""), escape(notice)))
    log = ('<aside class="log%s" aria-label="%s"><h2>%s</h2>%s</aside>'
           % (" open" if ui.get("log_open") else "", t("ui.log"), t("ui.log"),
              log_html(ui.get("log_lines") or [])))
    return ('%s<main class="felt players-%d">%s%s%s%s%s</main>%s'
            % (top, view["players"], panels, centre, status_html, hand, log,
               ui.get("overlay") or ""))
