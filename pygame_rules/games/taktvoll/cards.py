"""Taktvoll's 91 cards: 4 clefs, 4 time signatures, 55 notes, 24 bar lines, 4 rests.

Card ids: 0..3 clefs; 4..7 time signatures 1/4..4/4; 8..62 notes, `8 + value_index * 11 +
pitch_index` (values whole, half, quarter, eighth, sixteenth; pitches D4..G5, HR-K1);
63..86 bar lines; 87..90 rests (half, quarter, eighth, sixteenth). Durations are sixteenths.
A note's staff position s: E4 bottom line = 0, B4 middle line = 4, F5 top line = 8.
"""

from ...messages import text

CLEFS = range(0, 4)
TIMES = range(4, 8)
NOTES = range(8, 63)
BARS = range(63, 87)
RESTS = range(87, 91)
DECK = 91
VALUES = (16, 8, 4, 2, 1)                      # whole, half, quarter, eighth, sixteenth
VALUE_NAMES = ("whole", "half", "quarter", "eighth", "sixteenth")
PITCHES = ("D4", "E4", "F4", "G4", "A4", "B4", "C5", "D5", "E5", "F5", "G5")
SEMITONES = (62, 64, 65, 67, 69, 71, 72, 74, 76, 77, 79)
REST_VALUES = (8, 4, 2, 1)
MIDDLE_LINE = 4


def kind_of(card):
    """'clef', 'time', 'note', 'bar' or 'rest'."""
    if card < 4:
        return "clef"
    if card < 8:
        return "time"
    if card < 63:
        return "note"
    return "bar" if card < 87 else "rest"


def out_of_play(options):
    """The cards the options take out of the game: the rests, the 1/4 time signature."""
    return [c for c in RESTS if not options["rests"]] + ([4] if not options["one_four"] else [])


def capacity(time_card):
    """Sixteenths in a bar under a time-signature card (1/4 → 4 … 4/4 → 16)."""
    return 4 * (time_card - 3)


def value_of(card):
    """The duration in sixteenths of a note or rest."""
    return VALUES[(card - 8) // 11] if card < 63 else REST_VALUES[card - 87]


def pos_of(card):
    """The printed staff position of a note (D4 = -1 … G5 = 9)."""
    return (card - 8) % 11 - 1


def sounding(card, inverted):
    """The staff position a note sounds at, turned upside down or not (s → 8 − s)."""
    s = pos_of(card)
    return 2 * MIDDLE_LINE - s if inverted else s


def semitone(pos):
    """The white-key MIDI number of a staff position."""
    return SEMITONES[pos + 1]


def card_info(card, inverted=False):
    """A card as the page draws it: kind, value, position, orientation, time signature."""
    kind = kind_of(card)
    info = {"card": card, "kind": kind}
    if kind in ("note", "rest"):
        info["value"] = value_of(card)
    if kind == "note":
        info["pos"] = sounding(card, inverted)
        info["inverted"] = bool(inverted)
    if kind == "time":
        info["time"] = "%d/4" % (card - 3)
    return info


def card_name(card, inverted=False, lang=None):
    """A card's name, e.g. 'quarter note C5', 'half rest', '3/4', 'bar line'."""
    kind = kind_of(card)
    if kind == "note":
        value = VALUE_NAMES[VALUES.index(value_of(card))]
        return text("tak.name.note", {"value": text("tak.name.value." + value, lang=lang),
                                 "pitch": PITCHES[sounding(card, inverted) + 1]}, lang)
    if kind == "rest":
        value = VALUE_NAMES[VALUES.index(value_of(card))]
        return text("tak.name.rest", {"value": text("tak.name.value." + value, lang=lang)}, lang)
    if kind == "time":
        return "%d/4" % (card - 3)
    return text("tak.name." + kind, lang=lang)
