"""Jim Bot, the solo automa (docs/rules/rechord.md §2.11, §3.8, HR-26, HR-27): his decisions,
as functions of the state that the state calls.

He sits at seat 1 of a solo game (`state.jim`) and plays like any seat: each step of his turn
is a position whose `current_player` is his seat, with one legal action, `STEP` ("jim",), the
engine's own next step. Applying it runs `step(state)`, which changes the board at most once,
so the human's claim windows open between his steps. `state.jim_next` names the step to come:

    ("start",)                  his action: a chord in one placement, else an icon
    ("ability", kind, space)    his version of the ability of the pick he just placed/revealed
    ("adjacent", space)         after his bag pick: remove a neighbouring pick of the human's
    ("end",)                    nothing more: his turn is over

His claims are no steps: at every claim window he claims each satisfied card of his open row
at once (`claim_row`), before the human's window opens.
"""

from .cards import (BAG, EMPTY, FACE_DOWN as DOWN, JIM_SUPPLY_ORDER, NEEDS, PICKS, WYLDE,
                    COLOURS, adjacent, card_worth, chord_type, fret_of, fret_spaces, jim_rules, kind_of)

WHITE, RED, BLUE, GREY, PURPLE, GREEN = COLOURS
STEP = ("jim",)                   # his one legal action at each step of his turn
START, END = ("start",), ("end",)
KIND = tuple(kind_of(p) for p in range(PICKS))
# Automa Pick Placement, per fret's used strings (6 bits): its picks (-1: full, no room) and
# its lowest empty string
APP_PICKS = tuple(u.bit_count() if u != 63 else -1 for u in range(64))
LOWEST_EMPTY = tuple((~u & (u + 1)).bit_length() - 1 for u in range(64))


# --- his turn, one step at a time -----------------------------------------------------------
def step(s):
    """One step of his turn (the one `s.jim_next` names); after the last, the turn ends."""
    nxt = s.jim_next
    s.jim_next = END
    what = nxt[0]
    if what == "start":
        start(s)
    elif what == "ability":
        ability(s, nxt[1], nxt[2])
    elif what == "adjacent":
        remove_adjacent(s, nxt[1])
    if s.jim_next is END and s.phase == "jim":     # no step named another (each names a new
        s.phase = "end"                            # tuple, never END itself)


def claim_row(s):
    """He claims every satisfied card of his open row, then refills it to his level's size (at
    Legend he does not: he draws chord cards with A3, as a guitarist does; HR-29)."""
    row, ok = s.hands[s.jim], s.ok
    done = [c for c in sorted(row) if ok & NEEDS[c] == NEEDS[c]]     # `s.satisfied(c)`
    while done:
        for c in done:
            s._claim(s.jim, c)
        if s.legend():
            return
        size = jim_rules(s.options).row
        drawn = [s.deck.pop() for _ in range(min(size - len(row), len(s.deck)))]
        row += drawn
        row.sort()
        s.log({"type": "jim_row", "seat": s.jim, "cards": drawn, "deck": len(s.deck)})
        done = [c for c in sorted(drawn) if s.satisfied(c)]
        s.instant += 1 if done else 0   # drawn after the cards just claimed (HR-11)


def start(s):
    """Priority 1: complete a chord in one placement; else priority 2: an icon."""
    chord = chord_move(s)
    if chord is not None:
        kind, sp = chord
        s.log({"type": "jim_plan", "seat": s.jim, "plan": "chord", "kind": kind, "space": sp})
        place_supply(s, kind, sp, ability=False)
        return
    if not s.icons:
        s.icons = list(jim_rules(s.options).icons)
        s.rng.shuffle(s.icons)
        s.log({"type": "jim_shuffle", "seat": s.jim})
    s.icon = icon = s.icons.pop()
    s.log({"type": "jim_icon", "seat": s.jim, "icon": icon})
    if icon != BAG and icon in map(KIND.__getitem__, s.supply):
        place_supply(s, icon, None, ability=True)
    elif s.bag:
        bag(s)
    else:
        s.log({"type": "jim_pass", "seat": s.jim})


# --- what he looks at ---------------------------------------------------------------------------
def human_colour(s):
    """The human's genre colour, which he knows and attacks."""
    return s.genres[0][0]


def chord_move(s):
    """The one supply placement that completes a card of his row, if any: highest value, then
    lowest chord card (priority 1b); (kind, space) or None."""
    kinds = set(map(KIND.__getitem__, s.supply))
    best, nok = None, ~s.ok
    for card in s.hands[s.jim]:
        missing = NEEDS[card] & nok         # one bit per requirement no face-up pick matches
        if missing & (missing - 1) or not missing:
            continue                        # not exactly one missing
        sp, colour = divmod(missing.bit_length() - 1, 6)
        if s.face[sp] == EMPTY and colour in kinds:
            kind = colour
        elif WYLDE in kinds:
            kind = WYLDE
        else:
            continue
        value = card_value(s, card)
        if best is None or (-value, card) < best[0]:
            best = ((-value, card), kind, sp)
    return None if best is None else best[1:]


def card_value(s, card):
    """What a card would be worth to him now."""
    types = {chord_type(c) for c, _ in s.completed[s.jim]}
    return card_worth(jim_rules(s.options).chords, card, types)


def app_space(s):
    """Automa Pick Placement: the first empty space of the fullest fret with room."""
    occ = s.occ
    used = (occ & 63, occ >> 6 & 63, occ >> 12 & 63, occ >> 18 & 63, occ >> 24)   # per fret
    picks = tuple(map(APP_PICKS.__getitem__, used))
    most = max(picks)
    if most < 0:
        return None                                      # every fret is full
    f = picks.index(most)                                # the first of the fullest
    return 6 * f + LOWEST_EMPTY[used[f]]


def scan(s, want, skip=None):
    """The first space in scan order whose face is `want` (not `skip`)."""
    face = s.face
    n = face.count(want)                 # C scans (a generator here cost 6 steps a space)
    if not n:
        return None
    sp = face.index(want)
    if sp != skip:
        return sp
    return face.index(want, sp + 1) if n > 1 else None


# --- his placements -----------------------------------------------------------------------------
def place_supply(s, kind, sp, ability):
    """He takes a supply pick and places it face up (by APP unless told where)."""
    if sp is None:
        sp = wylde_space(s) if kind == WYLDE else app_space(s)
    if sp is None:
        return s.log({"type": "jim_pass", "seat": s.jim})
    s._place(s._take_supply(kind), sp, True, "supply")
    if ability and kind != WYLDE:
        s.jim_next = ("ability", kind, sp)


def wylde_space(s):
    """His Wylde replaces the first face-up pick of the human's colour, else goes by APP."""
    target = scan(s, human_colour(s))
    return target if target is not None else app_space(s)


def bag(s):
    """The bag icon: a pick face down by APP, then maybe an adjacent removal."""
    sp = app_space(s)
    if sp is None:
        return s.log({"type": "jim_pass", "seat": s.jim})
    pick = s._draw_pick()
    s._place(pick, sp, False, "bag")
    s.jim_next = ("adjacent", sp)


def remove_adjacent(s, sp):
    """After his bag pick: remove an adjacent face-up pick of the human's colour."""
    face, c = s.face, human_colour(s)
    target = next((a for a in adjacent(sp) if face[a] == c), None)
    if target is not None:
        s._to_bag(target, s.jim, "adjacent")
        s._changed()


# --- his abilities (HR-26) ----------------------------------------------------------------------
def ability(s, kind, sp):
    """His version of a pick's ability."""
    s.log({"type": "jim_ability", "seat": s.jim, "kind": kind, "space": sp})
    ABILITIES[kind](s, sp)


def red(s, sp):
    """Red: remove the first face-up pick of the human's colour, never another."""
    target = scan(s, human_colour(s), skip=sp)
    if target is not None:
        s._to_bag(target, s.jim, "red")
        s._changed()


def blue(s, sp):
    """Blue: spread the human's picks apart, else move a lonely pick to the APP space."""
    face, c = s.face, human_colour(s)
    counts = [sum(1 for x in fret_spaces(f) if face[x] == c and x != sp) for f in range(1, 6)]
    if any(counts):
        src_f = max(range(5), key=lambda f: (counts[f], -f))
        src = next(x for x in fret_spaces(src_f + 1) if face[x] == c and x != sp)
        rooms = [f for f in range(5) if any(face[x] == EMPTY for x in fret_spaces(f + 1))]
        if not rooms:
            return
        dst_f = min(rooms, key=lambda f: (counts[f], -abs(f - src_f)))
        if dst_f == src_f:
            return
        dst = next(x for x in fret_spaces(dst_f + 1) if face[x] == EMPTY)
    else:
        used = [f for f in range(5) if any(face[x] != EMPTY and x != sp
                                           for x in fret_spaces(f + 1))]
        dst = app_space(s)
        if not used or dst is None:
            return
        src_f = min(used, key=lambda f: (sum(face[x] != EMPTY for x in fret_spaces(f + 1)), f))
        if src_f == fret_of(dst) - 1:
            return
        src = next(x for x in fret_spaces(src_f + 1) if face[x] != EMPTY and x != sp)
    up = face[src] != DOWN
    pick = s._lift(src)
    s._put(dst, pick, up)
    s.log({"type": "move", "seat": s.jim, "space": src, "to": dst, "kind": kind_of(pick),
           "up": up, "known": s.known[pick], "why": "blue"})
    s._changed()


def grey(s, sp):
    """Grey: flip the first face-up pick of the human's colour face down, in place."""
    target = scan(s, human_colour(s))
    if target is not None:
        s._flip_down(target, s.jim)


def purple(s, sp):
    """Purple: reveal the first face-down pick; its Jim ability follows (not a Purple's)."""
    target = scan(s, DOWN)
    if target is None:
        return
    kind = s._reveal(target, s.jim)
    if kind != PURPLE:
        s.jim_next = ("ability", kind, target)


def green(s, sp):
    """Green: clear the human's colour from its fret, else the face-down picks there."""
    spaces = [x for x in fret_spaces(fret_of(sp)) if x != sp]
    mine = [x for x in spaces if s.face[x] == human_colour(s)]
    targets = mine or [x for x in spaces if s.face[x] == DOWN]
    for x in targets:
        s._to_bag(x, s.jim, "green")
    if targets:
        s._changed()


def white(s, sp):
    """White: the supply pick first in Red, Blue, Grey, Green, Purple, White, Wylde."""
    kinds = {kind_of(p) for p in s.supply}
    kind = next((k for k in JIM_SUPPLY_ORDER if k in kinds), None)
    if kind is not None:
        place_supply(s, kind, None, ability=True)


def wylde(s, sp):
    """A Wylde he revealed jumps onto the first face-up pick of the human's colour."""
    target = scan(s, human_colour(s))
    if target is None:
        return
    pick = s._lift(sp)
    s._to_bag(target, s.jim, "wylde")
    s._put(target, pick, True)
    s.log({"type": "move", "seat": s.jim, "space": sp, "to": target, "kind": WYLDE, "up": True,
           "known": 0, "why": "wylde"})
    s._changed()


ABILITIES = {WHITE: white, RED: red, BLUE: blue, GREY: grey, PURPLE: purple, GREEN: green,
             WYLDE: wylde}
