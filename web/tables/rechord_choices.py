"""Re-Chord's choices at the table: how a click on the fretboard, the supply or a step's button
becomes an action or a half-made choice (`pending`, see rechord.py), which spaces are lit as
the choices a click may make now, and the step's buttons under the hand. rechord.py, the
game's table module, draws the rest and offers these as its own.
"""

import render
from pygame_rules.games.rechord.cards import (BLUE, GREEN, GREY, KINDS, PURPLE, RED, REQUIREMENTS,
                                              WHITE, WYLDE, card_label, fret_of, fret_spaces,
                                              space_name)
from pygame_rules.messages import join_list, text
from render import t
from tables.base import legal
from tables.fretboard import kind_name, pick_icon


DOWN = 7                          # face-down picks, as a type for Green's ability
NEXT_STEP = ".fretboard .rc-space.lit"      # a pick (or Blue's pick to move) chosen: its spaces


def ability_kind(view):
    """The kind whose ability is resolving (None outside an ability)."""
    ab = view["ability"]
    return ab["kind"] if ab and view["phase"] == "ability" else None


def picks_up_supply(view):
    """True when a supply pick is to be chosen now (a turn, or a White's ability)."""
    return view["phase"] == "turn" or ability_kind(view) == WHITE


def space_type(entry):
    """The Green type of a board entry: its kind face up, DOWN face down, -1 for none."""
    if entry is None:
        return -1
    return entry[0] if entry[1] else DOWN


def on_click(data, view, pending):
    """Choose a supply pick or a Blue source (pending), or take the action a click means."""
    name = data.get("action")
    if name in ("bag", "chords", "skip", "done", "decline"):
        return (name,), None
    if name == "claim":
        return ("claim", int(data["card"])), None
    if name == "clear":
        return ("clear", int(data["type"])), None
    if name == "card":
        card = int(data["card"])
        return (("return", card) if view["phase"] == "return" else ("claim", card)), None
    if name == "pick":
        kind = int(data["kind"])
        if pending and pending.get("kind") == kind:
            return None, None
        return None, {"kind": kind}
    if name == "space":
        return space_click(view, pending, int(data["space"]))
    return None, pending


def space_click(view, pending, sp):
    """What a click on a space means now: (action or None, new pending)."""
    phase, ab = view["phase"], view["ability"]
    kind = ability_kind(view)
    if picks_up_supply(view):
        if pending and "kind" in pending:
            return ("supply", pending["kind"], sp), None
        return ("place", sp), None          # the engine says to choose a pick first
    if phase == "bag_place":
        return ("place", sp), None
    if phase == "adjacent":
        return ("remove", sp), None
    if phase == "grey_move":
        return ("move", ab["space"], sp), None
    if kind == BLUE:
        return blue_click(view, pending, sp)
    if kind == GREEN:                       # a pick in the Green's fret: clear its type
        at = ab["space"]
        here = sp != at and fret_of(sp) == fret_of(at)
        return ("clear", space_type(view["board"][sp]) if here else -1), None
    simple = {RED: "remove", GREY: "flip", PURPLE: "reveal", WYLDE: "wylde"}
    if kind in simple:
        return (simple[kind], sp), None
    return ("place", sp), None              # claim window, chord cards: the engine explains


def blue_click(view, pending, sp):
    """Blue: first the pick to move or swap, then an empty space (move) or a pick (swap)."""
    acts = legal(view)
    src = (pending or {}).get("from")
    if src is None:
        if any(a[0] in ("move", "swap") and a[1] == sp or a[0] == "swap" and a[2] == sp
               for a in acts):
            return None, {"from": sp}
        return ("swap", sp, sp), None       # not a pick Blue may take: the engine says why
    if sp == src:
        return None, None
    if view["board"][sp] is None:
        return ("move", src, sp), None
    return ("swap", min(src, sp), max(src, sp)), None


def lit_spaces(view, pending):
    """The spaces a click may choose now (the legal targets of the pending step)."""
    if not render.is_my_turn(view):
        return set()
    acts, phase = legal(view), view["phase"]
    pending = pending or {}
    kind = ability_kind(view)
    if phase == "claim":
        return set()
    if picks_up_supply(view):
        if "kind" not in pending:
            return set()
        return {a[2] for a in acts if a[0] == "supply" and a[1] == pending["kind"]}
    if phase == "bag_place":
        return {a[1] for a in acts if a[0] == "place"}
    if phase == "adjacent":
        return {a[1] for a in acts if a[0] == "remove"}
    if phase == "grey_move":
        return {a[2] for a in acts if a[0] == "move"}
    if kind == BLUE:
        src = pending.get("from")
        if src is None:
            return {a[1] for a in acts if a[0] in ("move", "swap")} | \
                {a[2] for a in acts if a[0] == "swap"}
        return {a[2] for a in acts if a[0] == "move" and a[1] == src} | \
            {b if a == src else a for _, a, b in (x for x in acts if x[0] == "swap")
             if src in (a, b)}
    if kind == GREEN:
        types = {a[1] for a in acts if a[0] == "clear"}
        at = view["ability"]["space"]
        return {sp for sp in fret_spaces(fret_of(at))
                if sp != at and space_type(view["board"][sp]) in types}
    targets = {RED: "remove", GREY: "flip", PURPLE: "reveal", WYLDE: "wylde"}
    if kind in targets:
        return {a[1] for a in acts if a[0] == targets[kind]}
    return set()


def board_marks(view, pending):
    """CSS marks per space: lit targets (others dimmed), the resolving pick, a Blue's chosen
    pick, the spaces of satisfied cards in a claim window."""
    marks = {}

    def add(sp, mark):
        """Mark one space."""
        marks.setdefault(sp, set()).add(mark)

    lit = lit_spaces(view, pending)
    source = view["ability"]["space"] if view["ability"] and render.is_my_turn(view) else None
    for sp in range(30):
        add(sp, "lit" if sp in lit else ("dim" if lit and sp != source else "plain"))
    if source is not None:
        add(source, "source")
    if pending and "from" in pending:
        add(pending["from"], "from")
    if view["phase"] == "claim" and render.is_my_turn(view):
        for a in legal(view):
            if a[0] == "claim":
                for sp, _ in REQUIREMENTS[a[1]]:
                    add(sp, "need")
    return marks


def button(action, label, primary=False, extra=""):
    """A decision button."""
    return ('<button type="button" class="choice%s" data-action="%s" data-key="do-%s"%s>%s'
            '</button>' % (" primary" if primary else "", action, action, extra, label))


def controls_html(view, pending):
    """The buttons of the step to take now (the board and the supply take the rest)."""
    acts, phase = legal(view), view["phase"]
    kind = ability_kind(view)
    out = []
    if phase == "claim":
        return claim_html(view)
    if picks_up_supply(view) and pending and "kind" in pending:
        out.append('<p>%s</p>' % t("rc.page.pending_pick", kind=kind_name(pending["kind"])))
        out.append(button("cancel", t("ui.cancel")))
    if kind == BLUE and pending and "from" in pending:
        out.append('<p>%s</p>' % t("rc.page.pending_from", space=space_name(pending["from"])))
        out.append(button("cancel", t("ui.cancel")))
    if phase == "turn":
        if ("bag",) in acts:
            out.append(button("bag", t("rc.page.do_bag")))
        out.append(button("chords", t("rc.page.do_chords", count=view["deck"])))
    if phase == "bag_place" and view["drawn"] is not None:
        out.append('<p class="rc-drawn">%s %s</p>'
                   % (pick_icon(None, False, view["drawn"]),
                      t("rc.page.drawn", kind=kind_name(view["drawn"]))))
    if kind == GREEN:
        for a in acts:
            if a[0] == "clear":
                what = text("rc.name.type.down") if a[1] == DOWN else \
                    text("rc.page.type_kind", {"kind": kind_name(a[1])})
                icon = pick_icon(None, False) if a[1] == DOWN else pick_icon(a[1])
                out.append(button("clear", icon + t("rc.page.do_clear", what=what,
                                                     fret=fret_of(view["ability"]["space"])),
                                  extra=' data-type="%d"' % a[1]))
    if phase == "return":
        if ("done",) in acts:
            out.append(button("done", t("rc.page.do_done"), primary=True))
        else:
            out.append('<p>%s</p>' % t("rc.page.return_hint", count=len(view["hand"]) - 3))
    if ("skip",) in acts:
        key = "rc.page.skip." + (phase if phase in ("adjacent", "grey_move") else
                               "ability_" + KINDS[kind])
        out.append(button("skip", t(key)))
    return '<div class="decision rc-decision">%s</div>' % "".join(out) if out else ""


def claim_html(view):
    """The claim window: the satisfied cards, Claim for each, or Not now."""
    cards = [a[1] for a in legal(view) if a[0] == "claim"]
    buttons = "".join('<button type="button" class="choice primary" data-action="claim" '
                      'data-card="%d" data-key="claim-%d">%s</button>'
                      % (c, c, t("rc.page.do_claim", card=card_label(c))) for c in cards)
    return ('<div class="decision rc-claim" role="group" aria-label="%s"><p>%s</p>%s%s</div>'
            % (t("rc.page.claim_title"), t("rc.page.claim_prompt",
                                         cards=join_list(card_label(c) for c in cards)),
               buttons, button("decline", t("rc.page.do_decline"))))
