"""TAKE トリックの翁's table: bamboo stacks growing upward, the trump, the score track to 25,
passing, gifts and the trump winner's extra, as HTML (see base.py for the interface every
table module offers).

`pending` is the passing step's choice so far: {"left": card or None, "right": card or None}.
"""

import render
from pygame_rules.games.take_bamboo.cards import (COLOUR_SYMBOLS, card_name, colour_name,
                                                   colour_of, rank_table)
from pygame_rules.games.take_bamboo.log import event_lines
from pygame_rules.core import EngineError
from pygame_rules.messages import escape, join_list, number, signed, text
from render import card_back_svg, modal, t
from tables.base import *  # noqa: F403 (the defaults this table does not override)
from tables.score_track import (MARKER_EM, TRACK_END, marker_labels,  # noqa: F401 (the
                                marker_spots, score_track)            # tests read them here)

GAME_ID = "take-bamboo"


# --- cards --------------------------------------------------------------------------------------
def bamboo_svg(card, view):
    """One bamboo card: its colour band with symbol and name, the number, a trump star."""
    co, rank = colour_of(card), view["ranks"][card]
    star = '<text class="card-trump" x="52" y="36">★</text>' if rank == view["trump"] else ""
    return ('<svg class="card bcol-%d" viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="card-face" x="1" y="1" width="58" height="82" rx="7"/>'
            '<rect class="card-band" x="1" y="1" width="58" height="20" rx="7"/>'
            '%s<text class="card-chord" x="30" y="62">%d</text>'
            '<text class="card-symbol" x="30" y="79">%s</text>%s</svg>'
            % (co, render.band_text(COLOUR_SYMBOLS[co], text("take.name.colour_short.%d" % co)),
               rank, COLOUR_SYMBOLS[co], star))


def name_of(card, view):
    """A card's name in words."""
    return card_name(card, view["ranks"])


def card_button(card, view, cls, label, extra=""):
    """A clickable card with its accessible name."""
    return ('<button type="button" class="hand-card%s" data-card="%d" data-key="card-%d"%s>'
            '%s</button>' % (cls, card, card, extra, render.named(label, bamboo_svg(card, view))))


# --- the hand and the choices -------------------------------------------------------------------
def neighbours(view, seat):
    """(left, right) neighbours of a seat: the next to play and the one before."""
    n = view["players"]
    return (seat + 1) % n, (seat - 1) % n


def hand_html(view, ui):
    """The viewer's hand, and whatever this seat must decide now."""
    if view["seat"] is None:
        return ""
    mine = render.is_my_turn(view)
    phase, pending = view["phase"], ui.get("pending") or {}
    chosen = {pending.get("left"), pending.get("right")}
    buttons = []
    for c in view["hand"]:
        ok = mine and phase in ("pass", "play")
        cls = (" playable" if ok else (" dimmed" if mine else "")) + \
            (" chosen" if c in chosen else "")
        state = "ui.card_playable" if ok else ("ui.card_not_playable" if mine else
                                               "ui.card_in_hand")
        buttons.append(card_button(c, view, cls, text(state, {"card": name_of(c, view)})))
    choice = decision_html(view, ui) if mine else ""
    return ('<section class="hand-area" aria-label="%s">%s<div class="hand-tools">'
            '<h2 class="hand-title">%s</h2></div><div class="hand">%s</div></section>'
            % (render.hand_label(ui), choice, t("ui.your_hand"), "".join(buttons)))


def decision_html(view, ui):
    """The controls for a decision that is not a card from the hand."""
    phase = view["phase"]
    if phase == "pass":
        return pass_html(view, ui.get("pending") or {}, ui.get("names"))
    if phase == "gift":
        return gift_html(view, ui.get("names"))
    if phase == "accept":
        return accept_html(view, ui.get("names"))
    return ""


def pass_html(view, pending, names):
    """The passing step: a card for the left neighbour and one for the right, then confirm."""
    left, right = neighbours(view, view["seat"])
    slots = []
    for side, seat, arrow, msg in (("left", left, "←", "take.page.pass_to_left"),
                                   ("right", right, "→", "take.page.pass_to_right")):
        card = pending.get(side)
        shown = escape(name_of(card, view)) if card is not None else t("take.page.pick_card")
        slots.append('<p class="pass-slot pass-%s">%s %s <strong>%s</strong></p>'
                     % (side, arrow, t(msg, name=names[seat]), shown))
    ready = pending.get("left") is not None and pending.get("right") is not None
    summary = text("take.page.pass_summary", {"left": names[left], "right": names[right]})
    return '<div class="passing">%s%s</div>' % ("".join(slots), render.pending_bar(summary, ready))


def gift_html(view, names):
    """The giver's choice: which neighbour is offered the card (and whether they can take it)."""
    gift = view["gift"]
    card = name_of(gift["card"], view)
    buttons = []
    offers = {("left", True): "take.page.give_to_left", ("right", True): "take.page.give_to_right",
              ("left", False): "take.page.give_to_forced_left",
              ("right", False): "take.page.give_to_forced_right"}
    for side in ("left", "right"):
        seat = gift[side]
        msg = offers[side, gift[side + "_can_take"]]
        buttons.append('<button type="button" class="primary choice" data-action="gift" '
                       'data-side="%s" data-key="gift-%s">%s</button>'
                       % (side, side, t(msg, name=names[seat], card=card)))
    return ('<div class="decision"><p>%s</p>%s</div>'
            % (t("take.page.gift_prompt", card=card, colour=colour_name(gift["colour"])),
               "".join(buttons)))


def accept_html(view, names):
    """The receiver's choice, with what it means for both scores."""
    gift = view["gift"]
    giver, card = names[gift["giver"]], name_of(gift["card"], view)
    return ('<div class="decision"><p>%s</p><button type="button" class="primary choice" '
            'data-action="accept" data-key="accept">%s</button><button type="button" '
            'class="choice" data-action="refuse" data-key="refuse">%s</button></div>'
            % (t("take.page.offer", giver=giver, card=card, extra=t("take.page.with_extra")
                 if gift["extra"] else ""),
               t("take.page.accept", giver=giver), t("take.page.refuse", giver=giver)))


def on_click(data, view, pending):
    """Turn a click into an action, or into the next step of the passing choice."""
    action = data.get("action")
    if action == "confirm" and pending and None not in (pending.get("left"),
                                                        pending.get("right")):
        return ("pass", pending["left"], pending["right"]), None
    if action == "gift":
        return ("gift", data.get("side")), None
    if action in ("accept", "refuse"):
        return (action,), None
    if action == "extra":
        return ("extra", int(data["card"])), None
    if "card" not in data:
        return None, pending
    card = int(data["card"])
    if view["phase"] == "pass" and render.is_my_turn(view):
        return pick_for_pass(pending or {"left": None, "right": None}, card)
    return ("play", card), None


def pick_for_pass(pending, card):
    """Choose (or un-choose) a card: the left slot first, then the right one; a third card while
    both are chosen is refused with the reason (-> (refusal or None, new pending))."""
    out = dict(pending)
    for side in ("left", "right"):
        if out.get(side) == card:
            out[side] = None
            return None, out
    if None not in (out.get("left"), out.get("right")):
        return EngineError("take.page.pass_full"), pending
    out["left" if out.get("left") is None else "right"] = card
    return None, out


# --- the table ----------------------------------------------------------------------------------
def stack_html(stack, colour, view):
    """One colour's bamboo, growing upward: face-down cards as backs, then the face-up ones."""
    cards = [card_back_svg() for _ in range(stack["down"])]
    cards += [bamboo_svg(c, view) for c in stack["up"]]
    label = text("take.page.stack", {"colour": colour_name(colour), "count": stack["count"],
                                   "down": stack["down"]})
    return ('<div class="bamboo-stack bcol-%d" role="img" aria-label="%s">%s'
            '<span class="stack-count">%s %d</span></div>'
            % (colour, escape(label), "".join('<div class="stacked">%s</div>' % c
                                                for c in cards),
               COLOUR_SYMBOLS[colour], stack["count"]))


def seat_panel(view, seat, names, seats, where):
    """A seat's panel: name, score, cards in hand, its bamboo stacks by colour."""
    marks = []
    if seat == view["current_player"]:
        marks.append('<span class="badge turn">%s</span>' % t("ui.to_play"))
    if seat == view["dealer"]:
        marks.append('<span class="badge">%s</span>' % t("ui.dealer"))
    if view["phase"] == "pass" and view["passed"][seat]:
        marks.append('<span class="badge">%s</span>' % t("take.page.passed"))
    stacks = "".join(stack_html(st, c, view) for c, st in enumerate(view["tableau"][seat])
                     if st["count"])
    stats = t("take.page.seat_stats", score=view["scores"][seat], count=view["hand_sizes"][seat])
    active = " active" if seat == view["current_player"] else ""
    return ('<section class="seat seat-%s%s" data-seat="%d" aria-label="%s"><h3>%s <small>%s'
            '</small></h3><p class="marks">%s</p><p class="stats">%s</p>'
            '<div class="bamboo">%s</div></section>'
            % (where, active, seat, escape(names[seat]), escape(names[seat]),
               render.bot_or_human(seats[seat]), "".join(marks), render.unbroken(stats), stacks))


def trump_html(view):
    """The trump indicator, the discard pile and the cards out of play."""
    return ('<section class="trump-panel" aria-label="%s"><div class="trump-card">'
            '<span class="trump-number">%d</span><span>%s</span></div><p>%s</p><p>%s</p>'
            '</section>' % (t("take.page.trump_label", trump=view["trump"]), view["trump"],
                            t("take.page.trump"), t("take.page.discard", count=view["discard"]),
                            t("take.page.out_of_play", count=view["out_of_play"])))


def held_trick(view):
    """The trick just won, as the trick on the table (shown for the trick pace)."""
    last = view["last_trick"]
    return {"number": last["trick"], "leader": last["cards"][0][0], "cards": last["cards"],
            "won_by": last["winner"]}


def trick_html(view, names, held=False):
    """The trick in play order with seat names; the trump winner's possible extras (`held`:
    the trick just won, its winner marked)."""
    trick = held_trick(view) if held else view["trick"]
    played = {s: c for s, c in trick["cards"]}
    order = [(trick["leader"] + i) % view["players"] for i in range(view["players"])]
    choices = set(view["extra_choices"]) if render.is_my_turn(view) and not held else set()
    slots = []
    for i, seat in enumerate(order):
        if seat in played:
            card = played[seat]
            body = bamboo_svg(card, view)
            if card in choices:
                body = ('<button type="button" class="extra-choice" data-action="extra" '
                        'data-card="%d" data-key="extra-%d">%s</button>'
                        % (card, card, render.named(text("take.page.extra_choice",
                                                         {"card": name_of(card, view)}), body)))
            label = text("ui.trick_card", {"name": names[seat], "card": name_of(card, view)})
            cls, shows = "trick-slot filled" + render.won_slot(trick, seat), \
                ' data-trick-card="%d"' % card       # not data-card: that would make it clickable
        else:
            body, cls, shows = '<div class="slot-empty"></div>', "trick-slot", ""
            label = text("ui.trick_waiting", {"name": names[seat]})
            if seat == view["current_player"]:
                cls += " to-play"
        caption = join_list([str(i + 1), names[seat]], key="ui.stats_sep")
        slots.append('<figure class="%s" data-seat="%d"%s aria-label="%s">%s<figcaption>%s'
                     '</figcaption></figure>' % (cls, seat, shows, escape(label), body,
                                                 escape(caption)))
    return ('<section class="trick" aria-label="%s"><h2>%s</h2><div class="trick-row">%s</div>'
            '</section>' % (t("ui.trick"), render.trick_head(trick, names), "".join(slots)))


def table_html(view, names, seats, ui):
    """(The others' seats with their bamboo and the centre: trump, trick, score track; yours)."""
    where = render.seat_spots(view["players"], view["seat"])
    mine, others = render.seat_panels(
        where, lambda s, spot: seat_panel(view, s, names, seats, spot))
    return ('%s<div class="centre">%s%s%s</div>'
            % (others, trump_html(view), trick_html(view, names, ui.get("held")),
               score_track(view, names))), mine


# --- words --------------------------------------------------------------------------------------
def where_text(view):
    """The round, the trick and the trump number, for the top bar."""
    return text("take.page.where", {"round": view["round"], "rounds": view["rounds"],
                                  "trick": view["trick"]["number"], "trump": view["trump"]})


def status_text(view, names, viewer, curtain, pending=None):
    """What must happen now, in words."""
    common = render.common_status(view, names, viewer, curtain)
    if common is not None:
        return common
    me, phase = names[view["current_player"]], view["phase"]
    if phase == "pass":
        left, right = neighbours(view, viewer)
        return text("take.page.status_pass", {"name": me, "left": names[left],
                                            "right": names[right]})
    if phase == "gift":
        return text("take.page.status_gift", {"name": me})
    if phase == "accept":
        return text("take.page.status_accept", {"name": me, "giver": names[view["gift"]["giver"]]})
    if phase == "extra":
        return text("take.page.status_extra", {"name": me})
    if not view["trick"]["cards"]:
        return text("take.page.status_lead", {"name": me, "trump": view["trump"]})
    return text("take.page.status_play", {"name": me, "trump": view["trump"],
                                        "colour": colour_name(view["trick"]["lead_colour"])})


def log_lines(events, names):
    """The game log in words from the seat's events (card numbers from the game's deck)."""
    start = next((e for e in events if e["type"] == "game_start"), None)
    ranks = rank_table(start["options"]["deck"]) if start else None
    return render.log_lines(events, names,
                            lambda e, n: event_lines(e, n, ranks=ranks))


def sounds(events):
    """A knock for each card played (a deeper one for a trump), a double knock for a gift."""
    out = []
    for e in events:
        if e["type"] == "card_played":
            out.append(("cue", "trump" if e["trump"] else "knock"))
        elif e["type"] == "gift_offered":
            out.append(("cue", "gift"))
    return out


def continue_line(view):
    """The start screen's offer to resume."""
    return "ui.continue_round", {"round": view["round"]}


# --- panels -------------------------------------------------------------------------------------
def last_trick_modal(view, names):
    """The last trick, on demand."""
    last = view["last_trick"]
    if not last:
        return render.last_trick_modal([], "")
    won = "take.page.last_won_trump" if last["by_trump"] else "take.page.last_won"
    return render.last_trick_modal([(names[s], bamboo_svg(c, view)) for s, c in last["cards"]],
                                   text(won, {"name": names[last["winner"]]}))


PANELS = {"last": ("ui.last_trick", last_trick_modal)}
CHAPTERS = ("round_start",)                 # a replay jumps from one to the next


def rounds_scored(view):
    """How many rounds have been scored so far."""
    return len(view["round_scores"])


def round_table(rows, names):
    """A round's scores: each colour's count and points, the round and the total. The table
    sits in a box of its own that scrolls sideways should it ever be wider than the modal (a
    long name): the modal's title, rule and buttons stay in place."""
    head = "".join('<th scope="col"%s>%s</th>' % h for h in
                   [("", t("ui.col_player"))] +
                   [(' class="take-colour"', escape("%s %s" % (COLOUR_SYMBOLS[c], colour_name(c))))
                    for c in range(3)] +
                   [("", t("take.page.col_round")), ("", t("ui.col_total"))])
    body = []
    for r in rows:
        cells = "".join("<td>%s</td>" % t("take.page.count_points", count=n, points=p)
                        for n, p in zip(r["counts"], r["points"]))
        body.append('<tr><th scope="row">%s</th>%s<td>%s</td><td>%s</td></tr>'
                    % (escape(names[r["seat"]]), cells, signed(r["round"]), number(r["score"])))
    return ('<div class="take-scores"><table class="scores"><thead><tr>%s</tr></thead>'
            '<tbody>%s</tbody></table></div><p class="chart">%s</p>'
            % (head, "".join(body), t("take.page.scoring_rule")))


def round_modal(view, names, number):
    """Between rounds: the table of the round just scored."""
    return modal("round", t("take.page.round_scored", round=number, rounds=view["rounds"]),
                 round_table(view["round_scores"][number - 1], names),
                 [("next-round", t("take.page.next_round"))])


def final_body(view, names, end_event):
    """The end: winners, why the game ended, everyone's score, every round's table."""
    lines = event_lines(end_event, names, ranks=view["ranks"]) if end_event else []
    totals = "".join("<li>%s</li>" % t("take.page.final_row", name=names[s], count=v)
                     for s, v in sorted(enumerate(view["scores"]),
                                       key=lambda p: (p[0] not in view["winners"], -p[1])))
    tables = "".join("<h3>%s</h3>%s" % (t("take.page.round_n", round=i + 1),
                                        round_table(rows, names))
                     for i, rows in enumerate(view["round_scores"]))
    body = ('<p class="winners">%s</p><ol class="final-list">%s</ol><details><summary>%s'
            '</summary>%s</details>' % (escape(" ".join(lines)), totals, t("take.page.all_rounds"),
                                        tables))
    return body


# --- teaching mode ------------------------------------------------------------------------------
EXTRA = '.extra-choice[data-card="%d"]'       # a card among the trick's extras
TEACH_SELECTORS = {
    "card": (HAND_CARD, '.trick-slot[data-trick-card="%d"]', EXTRA),  # noqa: F405 (tables.base)
    "seat": (SEAT,),  # noqa: F405
    "stack": (SEAT + " .bamboo-stack.bcol-%d",),  # noqa: F405
    "trump": (".trump-card",),
    "track": (".score-track .marker.m%d",),
    "action": (BUTTON,),  # noqa: F405
}
ACTIONS = ("gift", "accept", "refuse", "extra", "confirm")


def teach_targets(marks):
    """CSS selectors of what a lesson's marks light up (pygame_rules/games/take_bamboo/teach.py
    says the kinds): a card in the hand, the trick or among the extras, a seat's panel, one of
    its bamboo stacks, the trump indicator, a marker on the score track, a decision's buttons.
    Unknown kinds and malformed values light nothing."""
    out = []
    for kind, value in marks:
        if kind == "stack":
            ok = isinstance(value, (list, tuple)) and len(value) == 2 and \
                all(type(v) is int for v in value)
            args = tuple(value) if ok else None
        elif kind == "trump":
            args = ()
        elif kind == "action":
            args = (value,) if value in ACTIONS else None
        else:
            args = (value,) if type(value) is int else None
        if kind in TEACH_SELECTORS and args is not None:
            out += [s % args for s in TEACH_SELECTORS[kind] if s % args not in out]
    return out


def hint_targets(action, view):
    """The hint's move: the card to play; the passing step's two cards (for the left, then the
    right) and Confirm; the extra card among the trick's; the gift's side; accept or refuse."""
    kind = action[0]
    if kind == "pass":
        return [HAND_CARD % action[1], HAND_CARD % action[2], BUTTON % "confirm"]  # noqa: F405
    if kind == "play":
        return [HAND_CARD % action[1]]  # noqa: F405 (tables.base)
    if kind == "extra":
        return [EXTRA % action[1]]
    if kind == "gift":
        return [BUTTON % "gift" + '[data-side="%s"]' % action[1]]  # noqa: F405
    if kind in ("accept", "refuse"):
        return [BUTTON % kind]  # noqa: F405
    return []
