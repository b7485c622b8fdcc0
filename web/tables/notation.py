"""Taktvoll's staff notation as SVG text: whole rows of the shared staves and single hand cards.

Pure Python (stdlib + the message catalogue), no DOM: `row_svg(row)` and `card_svg(card)` return
markup that the table module puts on the page. Drawn without a music font: the treble clef,
noteheads, flags and rests are paths computed here. Colours come only from CSS classes (the
"Taktvoll notation" section of static/style.css); geometry is in SVG user units where a staff
line gap is 10 and a staff step (line to space) is 5.
"""

import math

from pygame_rules.messages import CATALOGUE, escape, join_list, text

SVG_NS = "http://www.w3.org/2000/svg"
GAP = 10                      # distance between staff lines
STEP = GAP / 2                # one staff position (line → space)
MIDDLE = 4                    # B4, the middle line: stems turn down from here
PITCHES = {-1: "D4", 0: "E4", 1: "F4", 2: "G4", 3: "A4", 4: "B4", 5: "C5", 6: "D5", 7: "E5",
           8: "F5", 9: "G5"}
VALUES = (16, 8, 4, 2, 1)     # whole, half, quarter, eighth, sixteenth (in sixteenths)
HEAD_RX, HEAD_RY, HEAD_TILT = 6.0, 4.3, -20.0
STEM_DX = 5.4                 # stem offset from the head's centre
STEM_LEN = 35.0               # 3½ gaps; sixteenths get one step more for the second flag
FLAGS = {16: 0, 8: 0, 4: 0, 2: 1, 1: 2}

# Row layout (user units): a row is ROW_H tall, its bottom staff line at ROW_BOTTOM.
ROW_H = 108
ROW_BOTTOM = 74
PAD = 6
CLEF_W = 36
TIME_W = 28
BAR_W = 14
NOTE_LEAD = 12                # from a slot's left edge to the head's centre
ADVANCE = {16: 76, 8: 50, 4: 36, 2: 28, 1: 24}   # proportional-ish to duration
REST_ROOM = 7                 # room per missing sixteenth at the end of the open bar
EMPTY_ROOM = 44               # staff after the clef of a row with no time signature yet
METER_Y, METER_H = 98, 5      # the fill band under the open bar
BONUS_Y = 96                  # baseline of a note's "+1" (Variant II), under the staff

# Card layout: 60 × 84 like every card of the house style, notation scaled by CARD_SCALE.
CARD_W, CARD_H = 60, 84
CARD_SCALE = 0.8
CARD_BOTTOM = 56              # the card's bottom staff line (card units)


# --- numbers and small shapes ---------------------------------------------------------------
def num(x):
    """A coordinate as short text (two decimals at most, no trailing zeros)."""
    s = ("%.2f" % x).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def staff_y(pos, bottom):
    """The y of a staff position (0 = bottom line E4, 8 = top line F5)."""
    return bottom - pos * STEP


def stem_up(pos):
    """True when a note's stem goes up (on the right): below the middle line."""
    return pos < MIDDLE


def ellipse_d(cx, cy, rx, ry, angle):
    """Path data of a closed ellipse turned by `angle` degrees (two arcs, for even-odd holes)."""
    a = math.radians(angle)
    dx, dy = rx * math.cos(a), rx * math.sin(a)
    return "M%s %sA%s %s %s 1 0 %s %sA%s %s %s 1 0 %s %sZ" % (
        num(cx - dx), num(cy - dy), num(rx), num(ry), num(angle), num(cx + dx), num(cy + dy),
        num(rx), num(ry), num(angle), num(cx - dx), num(cy - dy))


def staff_lines(x0, x1, bottom):
    """The five staff lines from x0 to x1, one path."""
    d = "".join("M%s %sH%s" % (num(x0), num(staff_y(2 * i, bottom)), num(x1)) for i in range(5))
    return '<path class="tak-line" stroke-width="1" d="%s"/>' % d


# --- the treble clef, a calligraphic stroke computed once -------------------------------------
# Its centre line as cubic Béziers around the G line (origin; y down; a line gap is 10), from
# the inner end of the curl outwards, up through the top loop and down the stem to the hook.
# Each segment carries the stroke's width at its two ends.
CLEF_CURVE = (
    ((1.5, 2.0), (3.6, -3.6), (-1.4, -7.6), (-5.2, -5.2), 0.8, 1.6),      # inner curl, up-left
    ((-5.2, -5.2), (-9.6, -2.4), (-9.8, 5.0), (-5.0, 8.6), 1.6, 3.6),     # down the left side
    ((-5.0, 8.6), (-0.6, 11.8), (7.6, 10.4), (9.6, 3.2), 3.6, 1.6),       # under the bowl
    ((9.6, 3.2), (11.6, -4.4), (6.4, -11.6), (1.0, -17.6), 1.6, 3.8),     # up the right side
    ((1.0, -17.6), (-4.4, -23.2), (-8.0, -29.6), (-6.0, -37.2), 3.8, 2.4),  # the loop's left side
    ((-6.0, -37.2), (-4.4, -43.6), (1.4, -49.2), (3.0, -46.0), 2.4, 1.0),   # over the top
    ((3.0, -46.0), (4.6, -42.4), (0.0, -36.0), (0.2, -26.0), 1.0, 1.7),     # into the stem
    ((0.2, -26.0), (0.6, -8.0), (2.4, 8.0), (3.2, 20.0), 1.7, 2.1),         # the long stem
    ((3.2, 20.0), (3.8, 27.0), (-3.0, 29.0), (-5.4, 24.6), 2.1, 1.4),       # the hook
)
CLEF_BALL = (-3.6, 23.0, 3.4)


def bezier(seg, t):
    """A point and its unit tangent on a cubic Bézier segment."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = seg[:4]
    u = 1 - t
    x = u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3
    y = u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3
    tx = 3 * (u * u * (x1 - x0) + 2 * u * t * (x2 - x1) + t * t * (x3 - x2))
    ty = 3 * (u * u * (y1 - y0) + 2 * u * t * (y2 - y1) + t * t * (y3 - y2))
    n = math.hypot(tx, ty) or 1.0
    return x, y, tx / n, ty / n


def ribbon_d(curve, steps=14):
    """Path data of a stroke of varying width along a chain of Béziers (an outline to fill)."""
    left, right = [], []
    for k, seg in enumerate(curve):
        for i in range(0 if k == 0 else 1, steps + 1):
            t = i / steps
            x, y, tx, ty = bezier(seg, t)
            half = (seg[4] + (seg[5] - seg[4]) * t) / 2
            left.append((x - ty * half, y + tx * half))
            right.append((x + ty * half, y - tx * half))
    pts = left + right[::-1]
    return "M" + "L".join("%s %s" % (num(x), num(y)) for x, y in pts) + "Z"


def circle_d(cx, cy, r):
    """Path data of a circle."""
    return ellipse_d(cx, cy, r, r, 0)


CLEF_D = ribbon_d(CLEF_CURVE) + circle_d(*CLEF_BALL)


def clef_glyph(x, bottom):
    """The treble clef with its curl round the G line, centred on x."""
    return ('<path class="tak-clef" transform="translate(%s %s)" d="%s"/>'
            % (num(x), num(staff_y(2, bottom)), CLEF_D))


# --- time signature, notes, rests, bar lines ------------------------------------------------
def time_glyph(x, bottom, time):
    """A time signature as two stacked numerals, each filling two staff spaces."""
    top, low = time.split("/")
    return ('<g class="tak-time"><text class="tak-timesig" x="%s" y="%s" font-size="27" '
            'text-anchor="middle">%s</text><text class="tak-timesig" x="%s" y="%s" '
            'font-size="27" text-anchor="middle">%s</text></g>'
            % (num(x), num(staff_y(4, bottom) - 0.5), escape(top), num(x), num(bottom - 0.5),
               escape(low)))


def head(cx, cy, value):
    """A notehead: hollow (whole, half) or filled, as a path."""
    if value == 16:
        d = ellipse_d(cx, cy, 7.6, 4.9, 0) + ellipse_d(cx, cy, 3.9, 2.4, 60)
        return '<path class="tak-head tak-hollow" fill-rule="evenodd" d="%s"/>' % d
    d = ellipse_d(cx, cy, HEAD_RX, HEAD_RY, HEAD_TILT)
    if value == 8:
        d += ellipse_d(cx, cy, 4.8, 1.9, HEAD_TILT - 15)
        return '<path class="tak-head tak-hollow" fill-rule="evenodd" d="%s"/>' % d
    return '<path class="tak-head tak-filled" d="%s"/>' % d


def flag_d(sx, sy, up, k):
    """Path data of the k-th flag (0 = at the stem's end) on a stem ending at (sx, sy)."""
    s = 1 if up else -1                  # flags hang down from an up stem, rise from a down one
    y0 = sy + s * 8.5 * k
    pts = ((0, 0), (0.4, 5.0), (9.0, 7.6), (7.8, 16.6), (7.5, 18.4), (6.9, 19.6), (6.4, 20.2),
           (7.2, 13.6), (4.0, 10.4), (0, 6.4))
    xy = [(sx + dx, y0 + s * dy) for dx, dy in pts]
    (a, b, c, d, e, f, g, h, i, j) = ["%s %s" % (num(px), num(py)) for px, py in xy]
    return "M%sC%s %s %sC%s %s %sC%s %s %sZ" % (a, b, c, d, e, f, g, h, i, j)


def note_glyph(x, bottom, pos, value, extra=""):
    """A note: head at its staff position, stem (up right below B4, else down left), flags."""
    y = staff_y(pos, bottom)
    up = stem_up(pos)
    parts = [head(x, y, value)]
    if value != 16:
        length = STEM_LEN + (STEP if value == 1 else 0)
        sx = x + STEM_DX if up else x - STEM_DX
        y1, y2 = (y - 1.2, y - length) if up else (y + 1.2, y + length)
        parts.append('<line class="tak-stem" stroke-width="1.3" x1="%s" y1="%s" x2="%s" y2="%s"/>'
                     % (num(sx), num(y1), num(sx), num(y2)))
        for k in range(FLAGS[value]):
            parts.append('<path class="tak-flag" d="%s"/>' % flag_d(sx - 0.65, y2, up, k))
    cls = "tak-note tak-v%d %s%s" % (value, "tak-up" if up else "tak-down", extra)
    return '<g class="%s" data-pos="%d" data-x="%s" data-y="%s">%s</g>' % (
        cls, pos, num(x), num(y), "".join(parts))


# The quarter rest's strokes (a thin-thick zig-zag over a hook), around the middle line.
QUARTER_REST = (
    ((-3.2, -15.0), (-1.6, -12.6), (0.8, -10.0), (3.0, -6.6), 1.4, 5.2),
    ((3.0, -6.6), (1.0, -4.4), (-1.6, -2.4), (-2.0, 0.2), 1.6, 1.6),
    ((-2.0, 0.2), (-0.2, 2.4), (2.0, 4.4), (3.4, 7.2), 1.6, 5.2),
    ((3.4, 7.2), (-1.8, 4.6), (-5.4, 9.0), (-0.4, 14.0), 3.0, 1.2),
)


def quarter_rest_d(x, mid):
    """Path data of the quarter rest's zig-zag around the middle line."""
    moved = [tuple((px + x, py + mid) for px, py in seg[:4]) + seg[4:] for seg in QUARTER_REST]
    return "".join(ribbon_d([seg], 10) for seg in moved)


def hook_rest(x, mid, hooks):
    """An eighth (1 hook) or sixteenth (2 hooks) rest: dots with hooks on a slanted stem."""
    top = mid - 6.0
    low = mid + 10.0 + (hooks - 1) * 5.0
    parts = ['<line class="tak-rest-stem" stroke-width="1.4" stroke-linecap="round" '
             'x1="%s" y1="%s" x2="%s" y2="%s"/>' % (num(x + 4.2), num(top),
                                                    num(x + 4.2 - (low - top) * 0.32), num(low))]
    for k in range(hooks):
        yk = top + 7.0 * k
        xk = x + 4.2 - 7.0 * k * 0.32
        parts.append('<path class="tak-rest-hook" d="%s"/>' % (
            circle_d(xk - 6.4, yk + 1.6, 2.4)
            + "M%s %sC%s %s %s %s %s %sC%s %s %s %s %s %sZ" % (
                num(xk - 7.4), num(yk + 3.6), num(xk - 4.0), num(yk + 5.8), num(xk - 0.8),
                num(yk + 3.2), num(xk + 0.6), num(yk - 0.4), num(xk - 0.4), num(yk + 2.4),
                num(xk - 3.6), num(yk + 4.0), num(xk - 7.4), num(yk + 3.6))))
    return "".join(parts)


def rest_glyph(x, bottom, value, extra=""):
    """A rest: half (block on the middle line), quarter (zig-zag), eighth/sixteenth (hooks)."""
    mid = staff_y(MIDDLE, bottom)
    if value == 8:
        body = ('<rect class="tak-rest-block" x="%s" y="%s" width="12" height="5"/>'
                % (num(x - 6), num(mid - 5)))
    elif value == 4:
        body = '<path class="tak-rest-glyph" d="%s"/>' % quarter_rest_d(x, mid)
    else:
        body = hook_rest(x, mid, FLAGS[value])
    return '<g class="tak-rest tak-v%d%s" data-x="%s">%s</g>' % (value, extra, num(x), body)


def barline_glyph(x, bottom):
    """A bar line across the staff."""
    return ('<line class="tak-barline" stroke-width="1.6" x1="%s" y1="%s" x2="%s" y2="%s"/>'
            % (num(x), num(staff_y(8, bottom)), num(x), num(bottom)))


def symbol(card, x, bottom):
    """Any card's symbol on a staff at x (clef, time signature, note, rest or bar line), drawn
    once per shape and place: a row's symbols stay where they are from move to move, and
    drawing a note's head and flags anew each time was most of a Taktvoll redraw."""
    extra = (" tak-inverted" if card.get("inverted") else "") + (
        " tak-preview" if card.get("preview") else "")
    key = (card["kind"], card.get("time"), card.get("pos"), card.get("value"), extra, x, bottom)
    if key not in DRAWN_SYMBOLS:
        if len(DRAWN_SYMBOLS) >= DRAWN_LIMIT:
            DRAWN_SYMBOLS.clear()
        DRAWN_SYMBOLS[key] = draw_symbol(card, x, bottom, extra)
    return DRAWN_SYMBOLS[key]


DRAWN_SYMBOLS = {}    # (kind, time, pos, value, classes, x, bottom) -> its SVG (symbol)
DRAWN_LIMIT = 4096    # symbols kept at most (a long game's rows reach a few hundred)


def draw_symbol(card, x, bottom, extra):
    """symbol's drawing: the glyph of the card's kind."""
    kind = card["kind"]
    if kind == "clef":
        return clef_glyph(x, bottom)
    if kind == "time":
        return time_glyph(x, bottom, card["time"])
    if kind == "note":
        return note_glyph(x, bottom, card["pos"], card["value"], extra)
    if kind == "rest":
        return rest_glyph(x, bottom, card["value"], extra)
    return barline_glyph(x, bottom)


# --- words ----------------------------------------------------------------------------------
def value_word(value, lang=None):
    """'whole', 'half', 'quarter', 'eighth' or 'sixteenth'."""
    return text("tak.page.value.%d" % value, lang=lang)


def symbol_words(card, lang=None):
    """A card as a row reads it aloud: 'quarter C5', 'half rest', 'bar line'."""
    kind = card["kind"]
    if kind == "note":
        key = "tak.page.sym_note_inverted" if card.get("inverted") else "tak.page.sym_note"
        words = text(key, {"value": value_word(card["value"], lang),
                           "pitch": PITCHES[card["pos"]]}, lang)
        if card.get("bonus"):
            words = text("tak.page.sym_bonus", {"symbol": words, "bonus": card["bonus"]}, lang)
        return words
    if kind == "rest":
        return text("tak.page.sym_rest", {"value": value_word(card["value"], lang)}, lang)
    if kind == "bar" and card.get("points") is not None:
        return text("tak.page.sym_bar_points", {"points": card["points"]}, lang)
    if kind == "time":
        return text("tak.page.card_time", {"time": card["time"]}, lang)
    return text("tak.page.card_clef" if kind == "clef" else "tak.page.card_bar", lang=lang)


def card_words(card, lang=None):
    """A hand card's name: 'quarter note C5', 'half rest', 'time signature 3/4', 'treble clef'."""
    if card["kind"] != "note":
        return symbol_words(card, lang)
    key = "tak.page.card_note_inverted" if card.get("inverted") else "tak.page.card_note"
    return text(key, {"value": value_word(card["value"], lang), "pitch": PITCHES[card["pos"]]},
                lang)


def row_words(row, highlight=None, lang=None):
    """The row in words: 'Row 2, 3/4: quarter C5, half G4, bar line; open bar 4/12'."""
    number = row["index"] + 1
    if not row.get("timesig"):
        label = text("tak.page.row_no_time", {"row": number}, lang)
    else:
        body = [symbol_words(c, lang) for c in row["cards"] if c["kind"] in ("note", "rest", "bar")]
        cards = join_list(body, lang) if body else text("tak.page.row_empty",
                                                                         lang=lang)
        fill, cap = row.get("fill") or 0, row.get("capacity") or 0
        state = text("tak.page.full_bar" if cap and fill >= cap else "tak.page.open_bar",
                     beat_params(fill, cap), lang)
        label = text("tak.page.row_label", {"row": number, "time": row["timesig"], "cards": cards,
                                          "open": state}, lang)
    mark = "tak.page.hl.%s" % highlight
    if highlight and (mark in CATALOGUE["en"] or mark in CATALOGUE.get(lang, {})):
        label = text("tak.page.row_marked", {"label": label, "mark": text(mark, lang=lang)}, lang)
    return label


# --- a whole row ----------------------------------------------------------------------------
def beats(sixteenths):
    """Sixteenths counted in beats (quarter notes) with a fraction: 7 -> '1¾', 0 -> '0'."""
    whole, part = divmod(sixteenths, 4)
    frac = ("", "¼", "½", "¾")[part]
    return (str(whole) if whole or not frac else "") + frac


def beat_params(fill, cap):
    """The parameters of a bar's fill in beats of its time signature (n/4: n beats)."""
    return {"fill": beats(fill), "count": cap // 4}


def beat_ticks(x0, x1, cap):
    """A tick on the fill meter at each beat inside the bar."""
    return "".join('<line class="tak-beat" x1="%s" y1="%s" x2="%s" y2="%s"/>'
                   % (num(x), METER_Y - 1, num(x), METER_Y + METER_H + 1)
                   for x in (x0 + (x1 - x0) * b * 4 / cap for b in range(1, cap // 4)))


def open_bar_start(cards):
    """The index of the first card of the open bar (after the last bar line or the time sig)."""
    start = 0
    for i, c in enumerate(cards):
        if c["kind"] in ("bar", "time", "clef"):
            start = i + 1
    return start


def slot(card):
    """A card's room on the row: (its symbol's offset from the slot's left, the slot's width)."""
    kind = card["kind"]
    if kind == "clef":
        return CLEF_W / 2 - 2, CLEF_W
    if kind == "time":
        return TIME_W / 2 - 2, TIME_W
    if kind == "bar":
        return BAR_W / 2, BAR_W
    return NOTE_LEAD, ADVANCE[card["value"]]


def layout(row):
    """Where everything goes: ([(card, x)], open bar (x0, x1) or None, total width)."""
    first_open = open_bar_start(row["cards"])
    placed, x, open_x0 = [], PAD, None
    for i, c in enumerate(row["cards"]):
        if i == first_open:
            open_x0 = x
        offset, width = slot(c)
        placed.append((c, x + offset))
        x += width
    if not row.get("timesig"):
        return placed, None, x + EMPTY_ROOM + PAD
    open_x0 = x if open_x0 is None else open_x0
    fill, cap = row.get("fill") or 0, row.get("capacity") or 0
    open_x1 = max(x + max(0, cap - fill) * REST_ROOM + 6, open_x0 + 30)
    return placed, (open_x0, open_x1), open_x1 + PAD


def score_mark(card, x):
    """'+N' where points were scored: above a bar line, or under a note (Variant II bonus)."""
    if card["kind"] == "bar" and card.get("points") is not None:
        return ('<text class="tak-points" x="%s" y="27" font-size="10" text-anchor="middle">'
                '+%d</text>' % (num(x), card["points"]))
    if card["kind"] == "note" and card.get("bonus"):
        dx = 0 if stem_up(card["pos"]) else 2.5        # clear of a down stem's end
        return ('<text class="tak-bonus" x="%s" y="%s" font-size="9" text-anchor="middle">'
                '+%d</text>' % (num(x + dx), BONUS_Y, card["bonus"]))
    return ""


def fill_band(row, x0, x1):
    """The open bar's warm band, its fill meter (fill/capacity of its width) with a tick per
    beat, and its fill in beats ('1¾ of 2 beats')."""
    fill, cap = row.get("fill") or 0, row.get("capacity") or 4
    width = (x1 - x0) * min(fill, cap) / cap
    full = " tak-full" if fill >= cap else ""
    return ('<rect class="tak-open%s" x="%s" y="%s" width="%s" height="%s" rx="3"/>'
            '<rect class="tak-meter" x="%s" y="%s" width="%s" height="%s" rx="2.5"/>'
            '<rect class="tak-fill%s" x="%s" y="%s" width="%s" height="%s" rx="2.5" '
            'data-fill="%d" data-capacity="%d"/>%s'
            '<text class="tak-fill-label%s" x="%s" y="14" font-size="11" text-anchor="end">'
            '%s</text>'
            % (full, num(x0), num(staff_y(9.6, ROW_BOTTOM)), num(x1 - x0),
               num(GAP * 4 + 2 * 0.6 * GAP), num(x0), METER_Y, num(x1 - x0), METER_H,
               full, num(x0), METER_Y, num(width), METER_H, fill, cap,
               beat_ticks(x0, x1, cap), full, num(x1 - 2),
               escape(text("tak.page.fill_beats", beat_params(fill, cap)))))


def row_svg(row, highlight=None):
    """One shared staff as notation: clef, time signature, bars, the open bar's fill."""
    placed, open_bar, width = layout(row)
    cls = "tak-staff" + (" tak-hl-%s" % escape(highlight) if highlight else "")
    parts = ['<rect class="tak-paper" x="0" y="0" width="%s" height="%d" rx="6"/>'
             % (num(width), ROW_H)]
    if open_bar:
        parts.append(fill_band(row, *open_bar))
    parts.append(staff_lines(2, width - 2, ROW_BOTTOM))
    parts.extend('<g class="tak-placed" data-placed="%s">%s</g>%s'
                 % (c.get("card", ""), symbol(c, x, ROW_BOTTOM), score_mark(c, x))
                 for c, x in placed)
    return ('<svg xmlns="%s" class="%s" viewBox="0 0 %s %d" width="%s" height="%d" role="img" '
            'aria-label="%s" data-row="%d">%s</svg>'
            % (SVG_NS, cls, num(width), ROW_H, num(width), ROW_H,
               escape(row_words(row, highlight)), row["index"], "".join(parts)))


# --- one hand card --------------------------------------------------------------------------
def card_caption(card):
    """The small print at the foot of a card: the pitch of a note, else nothing."""
    if card["kind"] != "note":
        return ""
    return ('<text class="tak-print-caption" x="30" y="79" font-size="10" text-anchor="middle">'
            '%s</text>' % (PITCHES[card["pos"]] + (" ↻" if card.get("inverted") else "")))


def card_svg(card):
    """A hand card as printed: a small staff with its one symbol (inverted notes turned)."""
    kind = card["kind"]
    x = CARD_W / 2 / CARD_SCALE - (STEM_DX / 2 if kind == "note" and card["value"] != 16 else 0)
    bottom = CARD_BOTTOM / CARD_SCALE
    inner = staff_lines(6 / CARD_SCALE, (CARD_W - 6) / CARD_SCALE, bottom) + symbol(card, x, bottom)
    cls = "card tak-print tak-print-%s%s" % (kind, " tak-inverted" if card.get("inverted") else "")
    return ('<svg xmlns="%s" class="%s" viewBox="0 0 %d %d" role="img" aria-label="%s">'
            '<rect class="card-face tak-print-face" x="1" y="1" width="%d" height="%d" rx="7"/>'
            '<g transform="scale(%s)">%s</g>%s</svg>'
            % (SVG_NS, cls, CARD_W, CARD_H, escape(card_words(card)), CARD_W - 2, CARD_H - 2,
               num(CARD_SCALE), inner, card_caption(card)))
