"""The 35 Feeling Cards: chords A–G × five colours, as ints 0..34 (chord * 5 + colour); and the
table's numbers the state and its observer both read: the scoring chart with the Improvisation
bonus, the Improvisation limit and the non-player's seat (docs/rules/take-the-a-chord.md)."""

from ...bits import cards_of, mask_of  # noqa: F401  (part of this module's API)
from ...messages import text

CHORDS = "ABCDEFG"
COLOURS = ("Bluesy", "Lyrical", "Swingy", "Soulful", "Earthy")
COLOUR_SYMBOLS = ("♭", "♪", "♫", "♥", "●")
COLOUR_CODES = ("bl", "ly", "sw", "so", "ea")
DECK_SIZE = 35
ALL_CARDS = (1 << DECK_SIZE) - 1

CHORD_OF = tuple(c // 5 for c in range(DECK_SIZE))
COLOUR_OF = tuple(c % 5 for c in range(DECK_SIZE))
CHORD_MASK = tuple(sum(1 << (ch * 5 + co) for co in range(5)) for ch in range(7))
COLOUR_MASK = tuple(sum(1 << (ch * 5 + co) for ch in range(7)) for co in range(5))


def card(chord, colour):
    """The card id of a chord (0..6) and a colour (0..4)."""
    return chord * 5 + colour


def card_name(c, lang=None):
    """The card's name, e.g. 'C Bluesy'."""
    return text("tac.name.card", {"chord": CHORDS[CHORD_OF[c]],
                             "colour": text("tac.name.colour.%d" % COLOUR_OF[c], lang=lang)}, lang)


def colour_name(colour, lang=None):
    """A colour's name, e.g. 'Bluesy'."""
    return text("tac.name.colour.%d" % colour, lang=lang)


def card_code(c):
    """A short code, e.g. 'C-Bl', used by tests and the command line."""
    return "%s-%s" % (CHORDS[CHORD_OF[c]], COLOUR_CODES[COLOUR_OF[c]].capitalize())


def parse_card(s):
    """Read a card from 'C-Bl', 'cbl', 'C Bluesy' or 'C♭'; None if it is not a card."""
    s = s.strip().lower().replace("-", "").replace(" ", "")
    if len(s) < 2 or s[0].upper() not in CHORDS:
        return None
    chord, rest = CHORDS.index(s[0].upper()), s[1:]
    for colour, (code, name, sym) in enumerate(zip(COLOUR_CODES, COLOURS, COLOUR_SYMBOLS)):
        if rest in (code, name.lower(), sym):
            return card(chord, colour)
    return None


def strength_order(key):
    """The chords from strongest to weakest under a Key Chord (0..6)."""
    return [CHORDS[(key + i) % 7] for i in range(7)]


# --- the table (state.py plays by them, observer.py shows them) -------------------------------
NON_PLAYER = 3                  # with 3 players, the seat of the non-player's stack
CHART = (0, 10, 20, 30, 10, 0, -10, -20, -30, -40)
IMPROVISATION_BONUS = 15
IMPROVISATION_LIMIT = {4: 3, 3: 2}


def venue_score(tricks, spotlight, improvisations):
    """A venue's score: the chart for tricks (+1 with the Spotlight) plus 15 per Improvisation."""
    return CHART[tricks + (1 if spotlight else 0)] + IMPROVISATION_BONUS * improvisations
