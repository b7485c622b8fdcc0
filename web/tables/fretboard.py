"""Re-Chord's drawings as SVG text: the fretboard, guitar picks, chord card diagrams.

Pure Python (stdlib + the message catalogue), no DOM: each function returns markup that
`tables/rechord.py` puts on the page. Colours come only from CSS classes (the "Re-Chord" section
of static/style.css: `.pk-0` … `.pk-6` for White … Wylde, `.pk-back` for a face-down pick), and
every pick also carries its letter, so colour is never alone.

The board is drawn as a guitarist looks down at the neck: the nut on the left, frets 1–5 to
the right, the high e string on top and the low E at the bottom (a chord card turned a quarter
to the left); it scales to the room the page gives it. The chord cards are drawn the way chord
charts are: strings upright (low E on the left), the nut at the top.
"""

from pygame_rules.games.rechord.cards import (CHORDS, FRETS, KINDS, REQUIREMENTS, STRINGS,
                                              WYLDE, card_label, space_name)
from pygame_rules.messages import escape, join_list, language, text

DOWN = 7                          # a face-down pick's "kind" in the engine (FACE_DOWN)

INLAYS = (3, 5)                   # frets with an inlay dot, as on a real neck
PICK_W, PICK_H = 24.0, 26.0       # a pick's size at scale 1

# Chord card geometry
CARD_W, CARD_H = 72, 104
CARD_STRING_X0, CARD_STRING_GAP = 11, 10.4
CARD_NUT_Y, CARD_FRET_H, CARD_FRETS = 30, 16, 3


def num(x):
    """A coordinate as short text (two decimals at most, no trailing zeros)."""
    s = ("%.2f" % x).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def t(msg_id, **params):
    """A catalogue sentence, HTML-escaped."""
    return escape(text(msg_id, params))


# --- words ------------------------------------------------------------------------------------
def kind_name(kind):
    """A pick kind's name: 'Red', 'Wylde'."""
    return text("rc.name.kind." + KINDS[kind])


def letter(kind):
    """The letter or glyph a pick of this kind carries ('R', 'Gy', '★')."""
    return text("rc.page.letter." + KINDS[kind])


def pick_words(entry, viewer_knows=True):
    """A board entry ([kind or None, up]) in words: 'Red pick', 'face-down pick (Red)'."""
    if entry is None:
        return text("rc.page.space_empty")
    kind, up = entry
    if up:
        return text("rc.page.pick_up", {"kind": kind_name(kind)})
    if kind is None or not viewer_knows:
        return text("rc.page.pick_down")
    return text("rc.page.pick_down_known", {"kind": kind_name(kind)})


# --- picks --------------------------------------------------------------------------------------
def pick_path(cx, cy, scale=1.0):
    """Path data of a guitar pick (a rounded triangle, point down) centred on (cx, cy)."""
    w, h = PICK_W * scale, PICK_H * scale
    x0, y0 = cx - w / 2, cy - h * 0.46
    pts = ((0.5, 1.0), (0.25, 0.72), (0.0, 0.38), (0.04, 0.16), (0.08, 0.02), (0.3, 0.0),
           (0.5, 0.0), (0.7, 0.0), (0.92, 0.02), (0.96, 0.16), (1.0, 0.38), (0.75, 0.72),
           (0.5, 1.0))
    p = [(x0 + a * w, y0 + b * h) for a, b in pts]
    d = "M%s %s" % (num(p[0][0]), num(p[0][1]))
    for i in range(1, len(p), 3):
        (ax, ay), (bx, by), (cx2, cy2) = p[i], p[i + 1], p[i + 2]
        d += "C%s %s %s %s %s %s" % (num(ax), num(ay), num(bx), num(by), num(cx2), num(cy2))
    return d + "Z"


def pick_svg(kind, up, cx, cy, scale=1.0, peek=None):
    """One pick: face up in its colour with its letter; face down as a back (with a small peek
    mark of its kind when the viewer knows it)."""
    d = pick_path(cx, cy, scale)
    if not up:
        mark = ""
        if peek is not None:
            px, py, r = cx + 8.5 * scale, cy - 9 * scale, 6.2 * scale
            mark = ('<g class="peek pk-%d"><circle class="pk-body" cx="%s" cy="%s" r="%s"/>'
                    '<text class="pk-letter" x="%s" y="%s" font-size="%s">%s</text></g>'
                    % (peek, num(px), num(py), num(r), num(px), num(py + 2.6 * scale),
                       num(7 * scale), escape(letter(peek))))
        return ('<g class="pick pk-back"><path class="pk-body" d="%s"/>'
                '<text class="pk-letter" x="%s" y="%s" font-size="%s">♪</text>%s</g>'
                % (d, num(cx), num(cy + 3.6 * scale), num(11 * scale), mark))
    size = 9.5 if len(letter(kind)) > 1 else 11.5
    rings = ""
    if kind == WYLDE:      # the bullseye of a certain guitarist's guitar, behind the star
        rings = ('<circle class="pk-ring" cx="%s" cy="%s" r="%s"/>'
                 % (num(cx), num(cy - 1 * scale), num(6.5 * scale)))
    return ('<g class="pick pk-%d"><path class="pk-body" d="%s"/>%s'
            '<text class="pk-letter" x="%s" y="%s" font-size="%s">%s</text></g>'
            % (kind, d, rings, num(cx), num(cy + size * 0.36 * scale), num(size * scale),
               escape(letter(kind))))


def pick_icon(kind, up=True, peek=None, cls=""):
    """A pick on its own, as a small inline SVG (supply, legends, buttons)."""
    return ('<svg class="pick-icon%s" viewBox="0 0 28 30" aria-hidden="true" focusable="false">'
            '%s</svg>' % (" " + cls if cls else "", pick_svg(kind, up, 14, 15, 1.0, peek)))


# --- the fretboard ---------------------------------------------------------------------------
# The board's geometry in SVG units: the neck lies as a guitarist looks down at it, the nut on
# the left, the high e string on top; x runs from the nut over the frets, y over the strings.
NUT_X, FRET1_X, FRET_W = 40, 48, 112     # the nut, where fret 1 begins, a fret's width
TOP_Y, LANE_H = 30, 36                   # the top of the first string's lane, a lane's height
PICK_SCALE = 1.2
END_X = FRET1_X + FRETS * FRET_W
WIDTH, HEIGHT = END_X + 12, TOP_Y + 6 * LANE_H + 10


def rect(x, y, width, height, cls, extra=""):
    """An SVG rectangle."""
    return ('<rect class="%s" x="%s" y="%s" width="%s" height="%s"%s/>'
            % (cls, num(x), num(y), num(width), num(height), extra))


def lane_y(string):
    """The y of a string's middle (0 = low E … 5 = high e)."""
    return TOP_Y + (5 - string + 0.5) * LANE_H


def fret_x(fret):
    """The x where a fret (1..5) begins."""
    return FRET1_X + (fret - 1) * FRET_W


def space_xy(sp):
    """The centre of a space (where its pick sits), as (x, y)."""
    return (fret_x(sp // 6 + 1) + FRET_W / 2, lane_y(sp % 6))


def wood():
    """The neck: rosewood, nut, fret wires, inlays, strings and their names."""
    height = 6 * LANE_H
    parts = [rect(NUT_X, TOP_Y, END_X - NUT_X, height, "fb-wood", ' rx="6"')]
    for f in INLAYS:
        x, y = fret_x(f) + FRET_W / 2, TOP_Y + 3 * LANE_H
        parts.append('<circle class="fb-inlay" cx="%s" cy="%s" r="6"/>' % (num(x), num(y)))
    parts.append(rect(NUT_X, TOP_Y, 8, height, "fb-nut"))
    for f in range(1, FRETS + 1):
        parts.append(rect(fret_x(f) + FRET_W - 1.5, TOP_Y, 3, height, "fb-fret"))
    for s in range(6):
        y = lane_y(s)
        parts.append('<line class="fb-string" x1="%s" y1="%s" x2="%s" y2="%s" '
                     'stroke-width="%s"/>' % (num(NUT_X), num(y), num(END_X), num(y),
                                               num(1 + (5 - s) * 0.35)))
        parts.append('<text class="fb-name" x="%s" y="%s">%s</text>'
                     % (num(NUT_X - 16), num(y + 4), escape(STRINGS[s])))
    return "".join(parts)


def fret_heads(scored, fresh=()):
    """Fret numbers beside the board; a scored fret says so (not by colour alone)."""
    out = []
    for f in range(1, FRETS + 1):
        done = scored[f - 1]
        label = t("rc.page.fret_scored_mark", fret=f) if done else str(f)
        cls = "fb-head" + (" scored" if done else "") + (" fresh" if f in fresh else "")
        out.append('<text class="%s" x="%s" y="%s">%s</text>'
                   % (cls, num(fret_x(f) + FRET_W / 2), num(TOP_Y - 9), label))
        if done:
            out.append(rect(fret_x(f) + 2, TOP_Y, FRET_W - 4, 6 * LANE_H, "fb-scored"))
    return "".join(out)


def space_svg(sp, entry, marks, label, stop=False):
    """One space: a clickable area, its marks (lit, touched, needed…) and its pick; `stop`:
    the board's one Tab stop (the others are reached by the arrow keys or a click)."""
    cx, cy = space_xy(sp)
    cls = "rc-space" + "".join(" " + m for m in sorted(marks))
    body = ""
    if entry is not None:
        kind, up = entry
        body = pick_svg(kind, True, cx, cy, PICK_SCALE) if up else \
            pick_svg(None, False, cx, cy, PICK_SCALE, peek=kind)
    hit = rect(fret_x(sp // 6 + 1) + 3, lane_y(sp % 6) - LANE_H / 2 + 1, FRET_W - 6, LANE_H - 2,
               "rc-hit", ' rx="5"')
    # named by its title, in words (a button's drawing is presentational to screen readers)
    return ('<g class="%s" data-action="space" data-space="%d" data-key="sp-%d" role="button" '
            'tabindex="%d"><title>%s</title>%s%s</g>'
            % (cls, sp, sp, 0 if stop else -1, escape(label), hit, body))


def board_svg(board, scored, marks=None, fresh=()):
    """The whole fretboard. `board`: 30 entries (None or [kind or None, up]) as the view gives
    them; `marks`: {space: set of CSS marks ("lit", "dim", "touched", "need", "from")}. The
    board is a single Tab stop (a roving tabindex): its first lit space, else its first."""
    marks = marks or {}
    stop = next((sp for sp in range(30) if "lit" in marks.get(sp, ())), 0)
    spaces = []
    for sp in range(30):
        m = marks.get(sp, ())
        label = text("rc.page.space_label", {"space": space_name(sp), "what": pick_words(board[sp])})
        if "lit" in m:
            label = text("rc.page.space_lit", {"label": label})
        spaces.append(space_svg(sp, board[sp], m, label, sp == stop))
    return ('<svg class="fretboard" viewBox="0 0 %d %d" role="group" data-roving aria-label="%s">'
            '%s%s%s</svg>' % (WIDTH, HEIGHT, t("rc.page.board_label"), wood(),
                              fret_heads(scored, fresh), "".join(spaces)))


# --- chord cards --------------------------------------------------------------------------------
def chord_words(card):
    """A chord card in words: 'G-2: E3 Red, A2 Grey, B3 Green, e3 Red; silver 4, golden 9'."""
    needs = join_list(text("rc.page.need", {"space": space_name(sp), "kind": kind_name(c)})
                      for sp, c in REQUIREMENTS[card])
    row = CHORDS[card]
    return text("rc.page.card_words", {"card": card_label(card), "needs": needs,
                                     "silver": row[4], "golden": row[5]})


def chord_svg(card, cls=""):
    """A chord card as a chord diagram: strings upright (low E left), the nut on top, the
    required picks as coloured dots with their letters, open/muted strings from the shape,
    the label ('G-2') and the silver and golden fame values. Drawn once per card, class and
    language (a card never changes; a Re-Chord table shows a dozen at every redraw)."""
    key = (card, cls, language())
    if key not in DRAWN_CARDS:
        DRAWN_CARDS[key] = card_diagram(card, cls)
    return DRAWN_CARDS[key]


DRAWN_CARDS = {}      # (card, class, language) -> its SVG (chord_svg)


def card_diagram(card, cls):
    """chord_svg's drawing, in the language of the messages now."""
    row = CHORDS[card]
    shape = row[2]
    sx = [CARD_STRING_X0 + i * CARD_STRING_GAP for i in range(6)]
    y_end = CARD_NUT_Y + CARD_FRETS * CARD_FRET_H
    parts = ['<rect class="cd-face" x="1" y="1" width="%d" height="%d" rx="7"/>'
             % (CARD_W - 2, CARD_H - 2),
             '<text class="cd-label" x="%s" y="15">%s</text>' % (num(CARD_W / 2),
                                                                 escape(card_label(card)))]
    for i, ch in enumerate(shape):      # open (o) or muted (x) strings above the nut
        if ch == "0":
            parts.append('<circle class="cd-open" cx="%s" cy="24" r="2.3"/>' % num(sx[i]))
        elif ch == "x":
            parts.append('<text class="cd-mute" x="%s" y="26.5">×</text>' % num(sx[i]))
    parts.append('<rect class="cd-nut" x="%s" y="%d" width="%s" height="2.6"/>'
                 % (num(sx[0]), CARD_NUT_Y - 2, num(sx[5] - sx[0])))
    for f in range(1, CARD_FRETS + 1):
        y = CARD_NUT_Y + f * CARD_FRET_H
        parts.append('<line class="cd-fret" x1="%s" y1="%d" x2="%s" y2="%d"/>'
                     % (num(sx[0]), y, num(sx[5]), y))
        parts.append('<text class="cd-fretno" x="4.5" y="%s">%d</text>'
                     % (num(y - CARD_FRET_H / 2 + 2.5), f))
    for i in range(6):
        parts.append('<line class="cd-string" x1="%s" y1="%d" x2="%s" y2="%d"/>'
                     % (num(sx[i]), CARD_NUT_Y, num(sx[i]), y_end))
    for sp, colour in REQUIREMENTS[card]:
        x, y = sx[sp % 6], CARD_NUT_Y + (sp // 6 + 0.5) * CARD_FRET_H
        ltr = letter(colour)
        parts.append('<g class="pk-%d"><circle class="pk-body" cx="%s" cy="%s" r="5.2"/>'
                     '<text class="pk-letter" x="%s" y="%s" font-size="%s">%s</text></g>'
                     % (colour, num(x), num(y), num(x), num(y + 2.3),
                        "5.4" if len(ltr) > 1 else "6.6", escape(ltr)))
    vy = CARD_H - 14
    parts.append('<g class="cd-silver"><path class="cd-value-pick" d="%s"/>'
                 '<text class="cd-value" x="22" y="%s">%d</text></g>'
                 % (pick_path(22, vy, 0.72), num(vy + 3.2), row[4]))
    parts.append('<g class="cd-golden"><path class="cd-value-pick" d="%s"/>'
                 '<text class="cd-value" x="50" y="%s">%d</text></g>'
                 % (pick_path(50, vy, 0.72), num(vy + 3.2), row[5]))
    parts.append('<text class="cd-plus" x="36" y="%s">↻</text>' % num(vy + 3))
    return ('<svg class="chord-card%s" viewBox="0 0 %d %d" role="img" aria-label="%s">%s</svg>'
            % (" " + cls if cls else "", CARD_W, CARD_H, escape(chord_words(card)),
               "".join(parts)))
