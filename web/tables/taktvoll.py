"""Taktvoll's table: the rows as real staff notation, the hand as printed cards, and the turn's
explicit steps (play, draw, play the drawn card or keep it, the bonus bar line, pass). See
base.py for the interface every table module offers.

`pending` is the card chosen from the hand, {"card": id}: the rows where it may go are lit,
with a button per way up; a click on a dimmed row tries it anyway and shows the engine's reason.
"""

import render
from tables import notation
from pygame_rules.games.taktvoll.cards import card_name, kind_of
from pygame_rules.games.taktvoll.log import event_lines
from pygame_rules.messages import escape, join_list, text
from render import t
from tables.base import *  # noqa: F403 (the defaults this table does not override)
from tables.base import legal, log_lines_from

GAME_ID = "taktvoll"
NEXT_STEP = ".place, [data-key=new-row]"       # a card chosen: where it may go


# --- choices ------------------------------------------------------------------------------------
def placements(view, card):
    """The legal actions that put `card` somewhere (a clef and a bar line stand for any)."""
    kind = kind_of(card)
    return [a for a in legal(view) if a[0] == kind and (kind in ("clef", "bar") or a[1] == card)]


def action_for(card, row, turned):
    """The action that puts `card` on `row` (turned: upside down)."""
    kind = kind_of(card)
    if kind == "clef":
        return ("clef",)
    if kind == "bar":
        return ("bar", row)
    if kind == "note":
        return ("note", card, row, turned)
    return (kind, card, row)


def on_click(data, view, pending):
    """Choose a card, place it, or take one of the turn's steps."""
    action = data.get("action")
    if action in ("draw", "keep", "pass", "done", "clef"):
        return (action,), None
    if action == "bar":
        return ("bar", int(data["row"])), None
    if action == "place" and pending:
        return action_for(pending["card"], int(data["row"]), int(data.get("turned", 0))), None
    if "card" in data:
        card = int(data["card"])
        if pending and pending.get("card") == card:
            return None, None
        return None, {"card": card}
    return None, pending


# --- the hand -----------------------------------------------------------------------------------
def hand_html(view, ui):
    """The hand as printed cards; the chosen one raised; the turn's steps as buttons."""
    if view["seat"] is None:
        return ""
    mine = render.is_my_turn(view)
    chosen = (ui.get("pending") or {}).get("card")
    buttons = []
    for info in view["hand"]:
        card = info["card"]
        ok = mine and bool(placements(view, card))
        cls = (" playable" if ok else (" dimmed" if mine else "")) + \
            (" chosen" if card == chosen else "") + (" drawn" if card == view["drawn"] else "")
        label = text("ui.card_playable" if ok else "ui.card_in_hand",
                     {"card": card_name(card)})
        buttons.append('<button type="button" class="hand-card tak-card%s" data-card="%d" '
                       'data-key="card-%d">%s</button>'
                       % (cls, card, card, render.named(label, notation.card_svg(info))))
    return ('<section class="hand-area" aria-label="%s">%s%s<div class="hand-tools"><h2 '
            'class="hand-title">%s</h2></div><div class="hand">%s</div></section>'
            % (render.hand_label(ui), steps_html(view) if mine else "",
               pending_html(chosen) if mine else "", t("ui.your_hand"), "".join(buttons)))


def pending_html(chosen):
    """The card chosen and waiting for its place, with a visible Cancel (Escape does the same);
    nothing when no card is chosen."""
    if chosen is None:
        return ""
    return ('<div class="pending tak-pending" role="group" aria-label="%s"><p>%s</p>'
            '<button type="button" class="choice" data-action="cancel" data-key="cancel">%s'
            '</button></div>' % (t("ui.pending_choice"),
                                 t("tak.page.chosen", card=card_name(chosen)), t("ui.cancel")))


def steps_html(view):
    """The turn's explicit steps: draw, keep the drawn card, no bar line, pass, a new row."""
    acts = legal(view)
    steps = [("draw", "tak.page.draw"), ("keep", "tak.page.keep"), ("done", "tak.page.done"),
             ("pass", "tak.page.pass")]
    only = acts[0] if len(acts) == 1 else None
    buttons = ['<button type="button" class="%schoice" data-action="%s" data-key="step-%s">%s'
               '</button>' % ("primary " if only == (kind,) else "", kind, kind, t(msg))
               for kind, msg in steps if (kind,) in acts]
    if view["phase"] == "bonus":
        buttons.insert(0, '<button type="button" class="primary choice" data-action="bar" '
                          'data-row="%d" data-key="bonus-bar">%s</button>'
                       % (view["bonus_row"], t("tak.page.bonus_bar", row=view["bonus_row"] + 1)))
    return '<div class="decision">%s</div>' % "".join(buttons) if buttons else ""


# --- the rows -----------------------------------------------------------------------------------
def placements_on(view, card, r):
    """The legal actions that put `card` on row r."""
    return [a for a in placements(view, card) if a[0] != "clef" and
            (a[1] if a[0] == "bar" else a[2]) == r]


def row_html(view, row, chosen):
    """One row: its notation, a play-back button, and where the chosen card may go."""
    r = row["index"]
    here = placements_on(view, chosen, r) if chosen is not None else []
    place = ""
    if chosen is not None:
        place = "".join(place_button(view, a, r, chosen) for a in here) or \
            ('<button type="button" class="small dim" data-action="place" data-row="%d" '
             'data-key="try-%d">%s</button>' % (r, r, t("tak.page.try_here")))
    cls = " lit" if here else (" dim" if chosen is not None else "")
    return ('<section class="tak-row%s" data-row="%d" aria-label="%s"><div class="row-tools">'
            '<button type="button" class="small" data-action="play-row" data-row="%d" '
            'data-key="listen-%d" aria-label="%s">▶</button>%s</div>'
            '<div class="tak-scroll scroll-end" tabindex="0">%s</div></section>'
            % (cls, r, t("tak.page.row", row=r + 1), r, r, t("tak.page.listen", row=r + 1), place,
               notation.row_svg(row, highlight="lit" if here else None)))


def place_button(view, action, r, chosen):
    """A button that plays the chosen card here (upside down: with its mirrored preview);
    data-for names the card (a hint lights the place of its own card only)."""
    turned = action[3] if action[0] == "note" else 0
    msg = "tak.page.place_turned" if turned else "tak.page.place"
    preview = ""
    if turned:
        printed = next(c for c in view["hand"] if c["card"] == action[1])
        preview = notation.card_svg(dict(printed, pos=8 - printed["pos"], inverted=True))
    return ('<button type="button" class="primary small place" data-action="place" '
            'data-row="%d" data-turned="%d" data-for="%d" data-key="place-%d-%d">%s%s</button>'
            % (r, turned, chosen, r, turned, preview, t(msg, row=r + 1)))


def table_html(view, names, seats, ui):
    """(The others' seats, the deck and the rows; your own seat)."""
    where = render.seat_spots(view["players"], view["seat"])
    mine, others = render.seat_panels(
        where, lambda s, spot: seat_panel(view, s, names, seats, spot))
    chosen = (ui.get("pending") or {}).get("card")
    rows = "".join(row_html(view, row, chosen) for row in view["rows"])
    new_row = ""
    if chosen is not None and placements(view, chosen) == [("clef",)]:
        new_row = ('<button type="button" class="primary" data-action="clef" data-key="new-row">'
                   '%s</button>' % t("tak.page.new_row"))
    if not view["rows"]:
        rows = '<p class="tak-empty">%s</p>' % t("tak.page.no_rows")
    return ('%s<div class="centre tak-centre"><p class="tak-deck">%s</p>%s%s</div>'
            % (others, t("tak.page.deck", count=view["deck"]), rows, new_row)), mine


def seat_panel(view, seat, names, seats, where):
    """A seat's panel: name, score, cards in hand (or hidden)."""
    size = view["hand_sizes"][seat]
    cards = t("tak.page.cards", count=size) if size is not None else t("tak.page.cards_hidden")
    turn = ' <span class="badge turn">%s</span>' % t("ui.to_play") \
        if seat == view["current_player"] else ""
    active = " active" if seat == view["current_player"] else ""
    return ('<section class="seat seat-%s%s" data-seat="%d" aria-label="%s"><h3>%s <small>%s'
            '</small></h3><p class="marks">%s</p><p class="stats">%s</p></section>'
            % (where, active, seat, escape(names[seat]), escape(names[seat]),
               render.bot_or_human(seats[seat]), turn,
               render.unbroken(join_list([t("tak.page.score", count=view["scores"][seat]),
                                          cards], key="ui.stats_sep"))))


# --- words --------------------------------------------------------------------------------------
def where_text(view):
    """The variant and the deck, for the top bar."""
    return text("tak.page.where", {"variant": text("tak.page.variant." + view["variant"]),
                                 "deck": view["deck"]})


def status_text(view, names, viewer, curtain, pending=None):
    """What must happen now, in words."""
    common = render.common_status(view, names, viewer, curtain)
    if common is not None:
        return common
    me, phase = names[view["current_player"]], view["phase"]
    if phase == "bonus":
        return text("tak.page.status_bonus", {"name": me, "row": view["bonus_row"] + 1})
    if phase == "drawn":
        return text("tak.page.status_drawn", {"name": me, "card": card_name(view["drawn"])})
    why = nowhere(view, pending)
    if why:
        return text(*why)
    if pending:
        return text("tak.page.status_place", {"name": me, "card": card_name(pending["card"])})
    return text("tak.page.status_turn", {"name": me})


def nowhere(view, pending):
    """The engine's reason why the chosen card has no place at all this turn, or None."""
    card = (pending or {}).get("card")
    return next(((msg, params) for c, msg, params in view.get("nowhere", ()) if c == card), None)


log_lines = log_lines_from(event_lines)


def continue_line(view):
    """The start screen's offer to resume."""
    return "ui.continue_tak", {"deck": view["deck"]}


def sounds(events):
    """The notes to hear for new events: (position, value) of each note played."""
    return [(e["pos"], e["value"]) for e in events
            if e["type"] == "play" and e.get("kind") == "note"]


def marks(events):
    """Each row whose bar a bar line just completed lights up for a moment."""
    return ['.tak-row[data-row="%d"]' % e["row"] for e in events if e["type"] == "bar_scored"]


def arrivals(events):
    """Each card played travels to its place in its row: from the viewer's hand, else from its
    owner's seat panel."""
    return [('.tak-staff[data-row="%d"] [data-placed="%d"]' % (e["row"], e["card"]),
             [HAND_CARD % e["card"], SEAT % e["seat"]])
            for e in events if e["type"] == "play" and e.get("card") is not None]


STEP_BUTTON = '[data-key="step-%s"]'          # a step's button: draw, keep, pass, done
BONUS_BAR = '[data-key="bonus-bar"]'
TEACH_BY_ID = {"card": HAND_CARD, "placed": '.tak-staff [data-placed="%d"]',  # noqa: F405
               "row": '.tak-row[data-row="%d"]', "seat": SEAT}  # noqa: F405 (tables.base)
TEACH_STEPS = {**{step: STEP_BUTTON % step for step in ("draw", "keep", "done", "pass")},
               "bonus": BONUS_BAR}


def teach_targets(marks):
    """CSS selectors of what a lesson's marks light (the kinds of games/taktvoll/teach.py): a
    hand card, a card on a staff, a row, a seat panel, the deck, a step button; others none."""
    out = []
    for kind, value in marks:
        if kind in TEACH_BY_ID and type(value) is int:
            out.append(TEACH_BY_ID[kind] % value)
        elif kind == "step" and value in TEACH_STEPS:
            out.append(TEACH_STEPS[value])
        elif kind == "deck":
            out.append(".tak-deck")
    return out


STEPS = ("draw", "keep", "pass", "done")


def card_of_kind(view, kind):
    """The card of a kind the person would click for a clef or a bar line (alike, so the
    engine's action does not name one): the drawn card if it is one, else the first in hand."""
    if view.get("drawn") is not None and kind_of(view["drawn"]) == kind:
        return view["drawn"]
    return next((c["card"] for c in view["hand"] if kind_of(c["card"]) == kind), None)


def hint_targets(action, view):
    """The hint's move: a step's button (draw, keep, pass, no bar line, the bonus bar line), or
    the card in the hand and then where it goes (its place button on a row, upside down or
    not, or "new row" for a clef), which shows once the card is chosen."""
    kind = action[0]
    if kind in STEPS:
        return [STEP_BUTTON % kind]
    if kind == "bar" and view["phase"] == "bonus":
        return [BONUS_BAR]
    card = action[1] if kind in ("note", "rest", "time") else card_of_kind(view, kind)
    if card is None:
        return []
    first = HAND_CARD % card  # noqa: F405 (tables.base)
    if kind == "clef":
        return [first, '[data-key="new-row"]']
    row = action[1] if kind == "bar" else action[2]
    turned = action[3] if kind == "note" else 0
    return [first, '.place[data-for="%d"][data-row="%d"][data-turned="%d"]' % (card, row, turned)]


def local_action(name, data, view):
    """Clicks that change no game state: listen to a row. True when handled."""
    if name == "play-row":
        from tables import sound
        sound.play_row(view["rows"][int(data["row"])])
        return True
    return False


def final_ranks(final):
    """Each seat's place by final score, ties sharing a place (1, 1, 3), and the seats in that
    order (ties in seat order)."""
    order = sorted(range(len(final)), key=lambda s: (-final[s], s))
    return {s: 1 + sum(1 for o in final if o > final[s]) for s in order}, order


def end_line(view, names):
    """Why the game ended, in words: whoever played their last card, or nobody could go on."""
    left = [p - f for p, f in zip(view["scores"], view["final"])]
    if view["end_reason"] == "empty_hand" and 0 in left:
        return text("tak.page.end_empty_hand", {"name": names[left.index(0)]})
    return text("tak.page.end_stuck")


def winners_line(view, names):
    """Who won and with how many points (ties share the win, HR-K10)."""
    winners = view["winners"]
    if not winners:
        return ""
    msg = "tak.page.final_winner" if len(winners) == 1 else "tak.page.final_winners"
    return text(msg, {"names": join_list(names[s] for s in winners),
                      "count": view["final"][winners[0]]})


PLAYED = "tak.page.col_played"     # the column a phone leaves out (the least needed)


def signed(n):
    """A whole number with a true minus sign when below 0 ("−2")."""
    return "−%d" % -n if n < 0 else "%d" % n


def final_body(view, names, end_event):
    """The end: the winners in a line, why the game ended, and a table with one row per player
    by final place: points scored, cards played, cards left in hand (−1 each) and the total.
    Everything comes from the view (a resumed game has no end event to hand)."""
    final, winners = view["final"], set(view["winners"])
    ranks, order = final_ranks(final)
    head = "".join('<th scope="col"%s>%s</th>' % (' class="played"' if k == PLAYED else "", t(k))
                   for k in ("tak.page.col_place", "ui.col_player", "tak.page.col_points",
                             PLAYED, "tak.page.col_left", "ui.col_total"))
    rows = []
    for s in order:
        left = view["scores"][s] - final[s]
        mark = ' <span aria-hidden="true">★</span><span class="sr-only">%s</span>' % \
            t("tak.page.winner_mark") if s in winners else ""
        rows.append('<tr%s data-seat="%d"><td>%d</td><th scope="row">%s%s</th>'
                    '<td>%d</td><td class="played">%d</td><td>%s</td><td class="total">%s</td>'
                    '</tr>'
                    % (' class="winner"' if s in winners else "", s, ranks[s], escape(names[s]),
                       mark, view["scores"][s], view["plays"][s], signed(-left), signed(final[s])))
    body = ('<p class="winners">%s</p><p class="tak-end">%s</p><table class="scores tak-final">'
            '<thead><tr>%s</tr></thead><tbody>%s</tbody></table>'
            % (escape(winners_line(view, names)), escape(end_line(view, names)), head,
               "".join(rows)))
    return body
