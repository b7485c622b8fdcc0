"""Take The "A" Chord's table: its cards, seats, key ring, trick and score tables, as HTML.

The interface every table module offers is in `base.py`; this one has rounds ("venue" is its
word for them), a panel (the last trick) and the score table of each venue. The shared frame is
`render.py`.

Nothing is ever pending here: a click on a card is the card's action.
"""

import math

import render
from pygame_rules.games.take_a_chord.cards import (CHORD_OF, CHORDS, COLOUR_OF, COLOUR_SYMBOLS,
                                                   card_name, colour_name)
from pygame_rules.games.take_a_chord.log import event_lines
from pygame_rules.games.take_a_chord.state import CHART
from pygame_rules.messages import escape, join_list, number, signed, text
from render import card_back_svg, modal, t
from tables.base import *  # noqa: F403 (the defaults this table does not override)
from tables.base import log_lines_from

GAME_ID = "take-a-chord"
ROUND = "venue"


# --- cards --------------------------------------------------------------------------------------
def card_svg(card):
    """One Feeling Card: chord letter, colour band with symbol and name (never colour alone)."""
    co = COLOUR_OF[card]
    return ('<svg class="card col-%d" viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="card-face" x="1" y="1" width="58" height="82" rx="7"/>'
            '<rect class="card-band" x="1" y="1" width="58" height="20" rx="7"/>'
            '%s<text class="card-chord" x="30" y="60">%s</text>'
            '<text class="card-symbol" x="30" y="78">%s</text></svg>'
            % (co, render.band_text(COLOUR_SYMBOLS[co], colour_name(co)), CHORDS[CHORD_OF[card]],
               COLOUR_SYMBOLS[co]))


def sort_hand(hand, key, by_strength):
    """The hand sorted by colour then strength, or by strength then colour."""
    def strength(c):
        """0 for the Key Chord, 6 for the weakest."""
        return (CHORD_OF[c] - key) % 7
    if by_strength:
        return sorted(hand, key=lambda c: (strength(c), COLOUR_OF[c]))
    return sorted(hand, key=lambda c: (COLOUR_OF[c], strength(c)))


def hand_html(view, ui):
    """The viewer's hand as buttons: playable cards raised, others dimmed but clickable."""
    if view["seat"] is None:
        return ""
    my_turn = render.is_my_turn(view)
    legal = {card for _, card in view["legal"]}
    buttons = []
    for c in sort_hand(view["hand"], CHORDS.index(view["key"]), ui.get("by_strength")):
        ok = c in legal
        state = "ui.card_playable" if ok else ("ui.card_not_playable" if my_turn else
                                               "ui.card_in_hand")
        label = text(state, {"card": card_name(c)})
        buttons.append('<button type="button" class="hand-card%s" data-card="%d" '
                       'data-key="card-%d" data-legal="%s">%s</button>'
                       % (" playable" if ok else (" dimmed" if my_turn else ""), c, c,
                          "true" if ok else "false", render.named(label, card_svg(c))))
    toggle = t("tac.page.sort_by_colour") if ui.get("by_strength") else t("tac.page.sort_by_strength")
    return ('<section class="hand-area" aria-label="%s"><div class="hand-tools">'
            '<h2 class="hand-title">%s</h2><button type="button" class="small" '
            'data-action="sort" data-key="sort">%s</button></div><div class="hand">%s</div>'
            '</section>' % (render.hand_label(ui), t("ui.your_hand"), toggle, "".join(buttons)))


def on_click(data, view, pending):
    """A clicked card is its own action, ("play", card); nothing is ever pending here."""
    if "card" in data:
        return ("play", int(data["card"])), None
    return None, None


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
            % (t("tac.page.key_ring_label", key=CHORDS[key]), "".join(nodes)))


def key_panel(view):
    """The key ring with the strength order spelled out."""
    key = CHORDS.index(view["key"])
    order = " > ".join(view["key_order"])
    return ('<section class="key-panel" aria-label="%s">%s<p class="key-title">%s</p>'
            '<p class="key-order">%s</p></section>'
            % (t("tac.page.key_chord"), key_ring_svg(key), t("tac.page.key_is", key=view["key"]),
               escape(order)))


def held_trick(view):
    """The trick just won, as the trick on the table (shown for the trick pace): its last
    round's cards."""
    last = view["last_trick"]
    return {"number": last["trick"], "order": [s for s, _ in last["cards"]], "round": 1,
            "cards": last["cards"], "facedown": 0, "won_by": last["winner"]}


def trick_html(view, names, held=False):
    """The trick: this round's cards in play order with seat names, earlier rounds face down
    (`held`: the trick just won, its winner marked)."""
    trick = held_trick(view) if held else view["trick"]
    played = dict((s, c) for s, c in trick["cards"])
    slots = []
    for i, seat in enumerate(trick["order"]):
        who = seat_label(seat, names, view)
        played_here = ""
        if seat in played:
            body = card_svg(played[seat])
            label = text("ui.trick_card", {"name": who, "card": card_name(played[seat])})
            cls = "trick-slot filled" + render.won_slot(trick, seat)
            played_here = ' data-played="%d"' % played[seat]   # (not data-card: not a choice)
        else:
            body = '<div class="slot-empty"></div>'
            label = text("ui.trick_waiting", {"name": who})
            cls = "trick-slot" + (" to-play" if seat == view["current_player"] else "")
        slots.append('<figure class="%s" data-seat="%d"%s aria-label="%s">%s<figcaption>'
                     '%s</figcaption></figure>'
                     % (cls, seat, played_here, escape(label), body,
                        escape(join_list([str(i + 1), who], key="ui.stats_sep"))))
    head = render.trick_head(trick, names)
    if trick["round"] > 1:
        head = join_list([head, t("tac.page.trick_round", round=trick["round"],
                                  facedown=trick["facedown"])], key="ui.stats_sep")
    head = render.unbroken(head)
    down = ""
    if trick["facedown"]:
        down = ('<div class="facedown" aria-label="%s">%s<span>%d</span></div>'
                % (t("tac.page.facedown_label", count=trick["facedown"]), card_back_svg(),
                   trick["facedown"]))
    spot = ""
    if view["spotlight"] is None:
        spot = '<div class="spotlight-card centre">%s</div>' % t("tac.page.spotlight_centre")
    return ('<section class="trick" aria-label="%s"><h2>%s</h2><div class="trick-row">%s%s'
            '</div>%s</section>' % (t("ui.trick"), head, down, "".join(slots), spot))


def seat_label(seat, names, view):
    """A seat's name, or 'the non-player' for seat 3 at a 3-player table."""
    if seat == view["non_player"]:
        return text("tac.name.non_player").capitalize()
    return names[seat]


# --- seats --------------------------------------------------------------------------------------
def seat_positions(view, viewer):
    """Where each seat sits: the viewer at the bottom, the rest clockwise; the non-player on top."""
    out = render.seat_spots(view["players"], viewer)
    if view["non_player"] is not None:
        out[view["non_player"]] = "top"
    return out


def seat_panel(view, seat, names, seats, where):
    """A seat's panel: name, human or bot, cards left, tricks, Improvisations, totals."""
    if seat == view["non_player"]:
        return ('<section class="seat seat-%s non-player" data-seat="%d" aria-label="%s"><h3>%s'
                '</h3><div class="stack">%s<span>%s</span></div></section>'
                % (where, seat, t("tac.page.non_player_label", count=view["non_player_stack"]),
                   escape(seat_label(seat, names, view)), card_back_svg(),
                   t("tac.page.stack_count", count=view["non_player_stack"])))
    info = view["seats"][seat]
    marks = []
    if seat == view["current_player"]:
        marks.append('<span class="badge turn">%s</span>' % t("ui.to_play"))
    if seat == view["dealer"]:
        marks.append('<span class="badge">%s</span>' % t("ui.dealer"))
    if info["spotlight"]:
        marks.append('<span class="badge spotlight">★ %s</span>' % t("tac.page.spotlight"))
    stats = t("tac.page.seat_stats", cards=text("tac.page.cards", {"count": view["hand_sizes"][seat]}),
              tricks=text("tac.page.tricks", {"count": info["tricks"]}),
              improvisations=info["improvisations"], total=info["total"])
    now = '<span class="venue-now" title="%s">%s</span>' % (
        t("tac.page.venue_now_title"), t("tac.page.venue_now", now=info["would_score"]))
    stats = join_list([stats, now], key="ui.stats_sep")
    active = " active" if seat == view["current_player"] else ""
    return ('<section class="seat seat-%s%s" data-seat="%d" aria-label="%s"><h3>%s '
            '<small>%s</small></h3><p class="marks">%s</p><p class="stats">%s</p></section>'
            % (where, active, seat, escape(names[seat]), escape(names[seat]),
               render.bot_or_human(seats[seat]), "".join(marks), render.unbroken(stats)))


def table_html(view, names, seats, ui):
    """(The others' seat panels and the centre: the key ring and the trick; your own panel)."""
    where = seat_positions(view, view["seat"])
    mine, others = render.seat_panels(
        where, lambda s, spot: seat_panel(view, s, names, seats, spot))
    return ('%s<div class="centre tac-centre">%s%s</div>'
            % (others, key_panel(view), trick_html(view, names, ui.get("held")))), mine


# --- words --------------------------------------------------------------------------------------
def where_text(view):
    """The venue and the trick, for the top bar."""
    return text("tac.page.where", {"venue": view["venue"], "venues": view["venues"],
                             "trick": view["trick"]["number"]})


def status_text(view, names, viewer, curtain, pending=None):
    """What must happen now, in words."""
    common = render.common_status(view, names, viewer, curtain)
    if common is not None:
        return common
    cur = view["current_player"]
    trick = view["trick"]
    if not trick["cards"]:
        return text("tac.page.status_lead", {"name": names[cur]})
    lead = colour_name(trick["lead_colour"])
    if any(COLOUR_OF[c] == trick["lead_colour"] for c in view["hand"]):
        return text("tac.page.status_follow", {"name": names[cur], "colour": lead})
    return text("tac.page.status_free", {"name": names[cur], "colour": lead})


log_lines = log_lines_from(event_lines)


def continue_line(view):
    """The start screen's offer to resume: the message id and its parameters."""
    return "ui.continue", {"venue": view["venue"]}


# --- panels -------------------------------------------------------------------------------------
def sounds(events):
    """A strum of each played card's chord; a bright chime for a Key Change or an
    Improvisation."""
    from tables import sound
    out = []
    for e in events:
        if e["type"] == "card_played":
            out.append(("strum", sound.chord_shape(e["chord"])))
        elif e["type"] in ("key_change", "improvisation"):
            out.append(("cue", "bright"))
    return out


def last_trick_modal(view, names):
    """The last trick, on demand."""
    last = view["last_trick"]
    if not last:
        return render.last_trick_modal([], "")
    return render.last_trick_modal(
        [(seat_label(s, names, view), card_svg(c)) for s, c in last["cards"]],
        text("tac.page.last_trick_won", {"name": names[last["winner"]], "count": last["rounds"]}))


PANELS = {"last": ("ui.last_trick", last_trick_modal)}


def teach_targets(marks):
    """What a lesson lights (the marks of games/take_a_chord/teach.py): ["card", id] a card in
    the hand or on the trick, ["seat", s] a seat's panel, ["key", None] the key-chord board,
    ["last", None] the Last trick button."""
    out = []
    for kind, value in marks:
        if kind == "card" and type(value) is int:
            out.append(HAND_CARD % value)  # noqa: F405 (tables.base)
            out.append('.trick-slot[data-played="%d"]' % value)
        elif kind == "seat" and type(value) is int:
            out.append(SEAT % value)  # noqa: F405
        elif kind == "key":
            out.append(".key-panel")
        elif kind == "last":
            out.append(".topbar " + BUTTON % "last")  # noqa: F405 (tables.base)
    return out


def hint_targets(action, view):
    """The hint's move: the card to play, in the hand."""
    if action[0] == "play":
        return [HAND_CARD % action[1]]  # noqa: F405 (tables.base)
    return []


CHAPTERS = ("venue_start",)                 # a replay jumps from one to the next


def rounds_scored(view):
    """How many venues have been scored so far."""
    return len(view["venue_scores"])


def venue_table(rows, names):
    """A venue's scores, showing how each number came about, in a box of its own that scrolls
    sideways on a phone (eight columns are wider than it): the modal's title, chart line and
    buttons stay in place."""
    head = "".join("<th scope=\"col\">%s</th>" % t(k) for k in (
        "ui.col_player", "tac.page.col_tricks", "tac.page.col_spotlight", "tac.page.col_counted",
        "tac.page.col_chart", "tac.page.col_bonus", "tac.page.col_venue", "ui.col_total"))
    body = []
    for r in rows:
        counted = r["tricks"] + (1 if r["spotlight"] else 0)
        body.append("<tr><th scope=\"row\">%s</th><td>%d</td><td>%s</td><td>%d</td><td>%s</td>"
                    "<td>%s</td><td>%s</td><td>%s</td></tr>"
                    % (escape(names[r["seat"]]), r["tricks"], "+1" if r["spotlight"] else "–",
                       counted, signed(r["chart"]),
                       t("tac.page.bonus_cell", count=r["improvisations"], bonus=r["bonus"]),
                       signed(r["score"]), number(r["total"])))
    chart = join_list("%d→%s" % (i, number(p)) for i, p in enumerate(CHART))
    return ('<div class="tac-scores"><table class="scores"><thead><tr>%s</tr></thead><tbody>%s'
            '</tbody></table></div><p class="chart">%s</p>'
            % (head, "".join(body), t("tac.page.chart_line", chart=chart)))


def round_modal(view, names, venue):
    """Between venues: the table of the venue just played."""
    rows = view["venue_scores"][venue - 1]
    return modal("venue", t("tac.page.venue_scored", venue=venue, venues=view["venues"]),
                 venue_table(rows, names), [("next-venue", t("tac.page.next_venue"))])


def final_body(view, names, end_event):
    """The end of the game: winners, the tie-break in words, every venue's table."""
    lines = event_lines(end_event, names) if end_event else []
    tables = "".join("<h3>%s</h3>%s" % (t("tac.page.venue_n", venue=i + 1), venue_table(rows, names))
                     for i, rows in enumerate(view["venue_scores"]))
    totals = "".join("<li>%s</li>" % t("tac.page.final_row", name=names[s["seat"]], total=s["total"],
                                         count=s["game_improvisations"])
                     for s in sorted(view["seats"], key=lambda s: (s["seat"] not in view["winners"],
                                                            -s["total"], -s["game_improvisations"])))
    body = ('<p class="winners">%s</p><ol class="final-list">%s</ol><details><summary>%s'
            '</summary>%s</details>' % (escape(" ".join(lines)), totals, t("tac.page.all_venues"),
                                        tables))
    return body
