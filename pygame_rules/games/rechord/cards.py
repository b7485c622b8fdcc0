"""Re-Chord's card data, in one place: picks, the board, the 72 designed chord cards (HR-7),
the four setlists and their 36 songs (HR-8, HR-9), the genres and Jim Bot's icon decks (HR-27).

The printed cards are unknown; these are designed from real first-position open-chord shapes
(docs/rules/rechord.md, Appendix A). Only fretted notes become requirements. Values:
silver = the number of required picks, golden = 2n + k with k = 3, 1, 4, 2 for variants 1-4;
colour of requirement i of variant v of chord t = COLOURS[(t + i*(v+1)) % 6].

Ids: pick p (0..34) is of kind p // 5; chord card c (0..71) is of chord type c // 4, variant
c % 4; song s (0..35) belongs to setlist s // 9. A space is (fret - 1) * 6 + string, with
strings numbered 0..5 for E A D G B e (low to high), frets 1..5.
"""

import collections
import functools

WHITE, RED, BLUE, GREY, PURPLE, GREEN, WYLDE = range(7)
COLOURS = (WHITE, RED, BLUE, GREY, PURPLE, GREEN)
KINDS = ("white", "red", "blue", "grey", "purple", "green", "wylde")
FACE_DOWN = 7                     # the "type" of face-down picks for the Green ability
PER_KIND = 5                      # HR-1: 5 picks of each colour and 5 Wylde
PICKS = 35
STRINGS = "EADGBe"
FRETS = 5
SPACES = 30
EMPTY = -1                        # the face of a space with no pick on it
HAND = 3                          # the most unfinished chord cards a guitarist keeps (A3)


def kind_of(pick):
    """The kind (colour or Wylde) of a pick id."""
    return pick // PER_KIND


def space(string, fret):
    """The space index of a string (0 = low E .. 5 = high e) and a fret (1..5)."""
    return (fret - 1) * 6 + string


def fret_of(sp):
    """The fret (1..5) of a space."""
    return sp // 6 + 1


def space_name(sp):
    """A space as players say it: string letter and fret, e.g. 'A3'."""
    return "%s%d" % (STRINGS[sp % 6], sp // 6 + 1)


def fret_spaces(fret):
    """The six spaces of a fret, in scan order (strings E to e)."""
    return range((fret - 1) * 6, fret * 6)


def adjacent(sp):
    """The neighbouring strings' spaces on the same fret."""
    s = sp % 6
    return tuple(x for x, ok in ((sp - 1, s > 0), (sp + 1, s < 5)) if ok)


# (chord type, chord name, open-chord shape, requirements (string, fret, colour), silver, golden)
CHORDS = (
    (0, 'C', 'x32010', ((1, 3, 0), (2, 2, 1), (4, 1, 2)), 3, 9),  # C-1
    (0, 'C', 'x32010', ((1, 3, 0), (2, 2, 2), (4, 1, 4)), 3, 7),  # C-2
    (0, 'C', 'x32010', ((1, 3, 0), (2, 2, 3), (4, 1, 0)), 3, 10),  # C-3
    (0, 'C', 'x32010', ((1, 3, 0), (2, 2, 4), (4, 1, 2)), 3, 8),  # C-4
    (1, 'G', '320033', ((0, 3, 1), (1, 2, 2), (4, 3, 3), (5, 3, 4)), 4, 11),  # G-1
    (1, 'G', '320033', ((0, 3, 1), (1, 2, 3), (4, 3, 5), (5, 3, 1)), 4, 9),  # G-2
    (1, 'G', '320033', ((0, 3, 1), (1, 2, 4), (4, 3, 1), (5, 3, 4)), 4, 12),  # G-3
    (1, 'G', '320033', ((0, 3, 1), (1, 2, 5), (4, 3, 3), (5, 3, 1)), 4, 10),  # G-4
    (2, 'D', 'xx0232', ((3, 2, 2), (4, 3, 3), (5, 2, 4)), 3, 9),  # D-1
    (2, 'D', 'xx0232', ((3, 2, 2), (4, 3, 4), (5, 2, 0)), 3, 7),  # D-2
    (2, 'D', 'xx0232', ((3, 2, 2), (4, 3, 5), (5, 2, 2)), 3, 10),  # D-3
    (2, 'D', 'xx0232', ((3, 2, 2), (4, 3, 0), (5, 2, 4)), 3, 8),  # D-4
    (3, 'A', 'x02220', ((2, 2, 3), (3, 2, 4), (4, 2, 5)), 3, 9),
    (3, 'A', 'x02220', ((2, 2, 3), (3, 2, 5), (4, 2, 1)), 3, 7),
    (3, 'A', 'x02220', ((2, 2, 3), (3, 2, 0), (4, 2, 3)), 3, 10),
    (3, 'A', 'x02220', ((2, 2, 3), (3, 2, 1), (4, 2, 5)), 3, 8),
    (4, 'E', '022100', ((1, 2, 4), (2, 2, 5), (3, 1, 0)), 3, 9),  # E-1
    (4, 'E', '022100', ((1, 2, 4), (2, 2, 0), (3, 1, 2)), 3, 7),  # E-2
    (4, 'E', '022100', ((1, 2, 4), (2, 2, 1), (3, 1, 4)), 3, 10),  # E-3
    (4, 'E', '022100', ((1, 2, 4), (2, 2, 2), (3, 1, 0)), 3, 8),  # E-4
    (5, 'Am', 'x02210', ((2, 2, 5), (3, 2, 0), (4, 1, 1)), 3, 9),  # Am-1
    (5, 'Am', 'x02210', ((2, 2, 5), (3, 2, 1), (4, 1, 3)), 3, 7),  # Am-2
    (5, 'Am', 'x02210', ((2, 2, 5), (3, 2, 2), (4, 1, 5)), 3, 10),  # Am-3
    (5, 'Am', 'x02210', ((2, 2, 5), (3, 2, 3), (4, 1, 1)), 3, 8),  # Am-4
    (6, 'Em', '022000', ((1, 2, 0), (2, 2, 1)), 2, 7),  # Em-1
    (6, 'Em', '022000', ((1, 2, 0), (2, 2, 2)), 2, 5),  # Em-2
    (6, 'Em', '022000', ((1, 2, 0), (2, 2, 3)), 2, 8),  # Em-3
    (6, 'Em', '022000', ((1, 2, 0), (2, 2, 4)), 2, 6),  # Em-4
    (7, 'E7', '020100', ((1, 2, 1), (3, 1, 2)), 2, 7),  # E7-1
    (7, 'E7', '020100', ((1, 2, 1), (3, 1, 3)), 2, 5),  # E7-2
    (7, 'E7', '020100', ((1, 2, 1), (3, 1, 4)), 2, 8),  # E7-3
    (7, 'E7', '020100', ((1, 2, 1), (3, 1, 5)), 2, 6),  # E7-4
    (8, 'A7', 'x02020', ((2, 2, 2), (4, 2, 3)), 2, 7),  # A7-1
    (8, 'A7', 'x02020', ((2, 2, 2), (4, 2, 4)), 2, 5),  # A7-2
    (8, 'A7', 'x02020', ((2, 2, 2), (4, 2, 5)), 2, 8),  # A7-3
    (8, 'A7', 'x02020', ((2, 2, 2), (4, 2, 0)), 2, 6),  # A7-4
    (9, 'B7', 'x21202', ((1, 2, 3), (2, 1, 4), (3, 2, 5), (5, 2, 0)), 4, 11),  # B7-1
    (9, 'B7', 'x21202', ((1, 2, 3), (2, 1, 5), (3, 2, 1), (5, 2, 3)), 4, 9),  # B7-2
    (9, 'B7', 'x21202', ((1, 2, 3), (2, 1, 0), (3, 2, 3), (5, 2, 0)), 4, 12),  # B7-3
    (9, 'B7', 'x21202', ((1, 2, 3), (2, 1, 1), (3, 2, 5), (5, 2, 3)), 4, 10),  # B7-4
    (10, 'D7', 'xx0212', ((3, 2, 4), (4, 1, 5), (5, 2, 0)), 3, 9),  # D7-1
    (10, 'D7', 'xx0212', ((3, 2, 4), (4, 1, 0), (5, 2, 2)), 3, 7),  # D7-2
    (10, 'D7', 'xx0212', ((3, 2, 4), (4, 1, 1), (5, 2, 4)), 3, 10),  # D7-3
    (10, 'D7', 'xx0212', ((3, 2, 4), (4, 1, 2), (5, 2, 0)), 3, 8),  # D7-4
    (11, 'G7', '320001', ((0, 3, 5), (1, 2, 0), (5, 1, 1)), 3, 9),  # G7-1
    (11, 'G7', '320001', ((0, 3, 5), (1, 2, 1), (5, 1, 3)), 3, 7),  # G7-2
    (11, 'G7', '320001', ((0, 3, 5), (1, 2, 2), (5, 1, 5)), 3, 10),  # G7-3
    (11, 'G7', '320001', ((0, 3, 5), (1, 2, 3), (5, 1, 1)), 3, 8),  # G7-4
    (12, 'F', 'xx3211', ((2, 3, 0), (3, 2, 1), (4, 1, 2), (5, 1, 3)), 4, 11),  # F-1
    (12, 'F', 'xx3211', ((2, 3, 0), (3, 2, 2), (4, 1, 4), (5, 1, 0)), 4, 9),  # F-2
    (12, 'F', 'xx3211', ((2, 3, 0), (3, 2, 3), (4, 1, 0), (5, 1, 3)), 4, 12),  # F-3
    (12, 'F', 'xx3211', ((2, 3, 0), (3, 2, 4), (4, 1, 2), (5, 1, 0)), 4, 10),  # F-4
    (13, 'Dm', 'xx0231', ((3, 2, 1), (4, 3, 2), (5, 1, 3)), 3, 9),  # Dm-1
    (13, 'Dm', 'xx0231', ((3, 2, 1), (4, 3, 3), (5, 1, 5)), 3, 7),  # Dm-2
    (13, 'Dm', 'xx0231', ((3, 2, 1), (4, 3, 4), (5, 1, 1)), 3, 10),  # Dm-3
    (13, 'Dm', 'xx0231', ((3, 2, 1), (4, 3, 5), (5, 1, 3)), 3, 8),  # Dm-4
    (14, 'Am7', 'x02010', ((2, 2, 2), (4, 1, 3)), 2, 7),  # Am7-1
    (14, 'Am7', 'x02010', ((2, 2, 2), (4, 1, 4)), 2, 5),  # Am7-2
    (14, 'Am7', 'x02010', ((2, 2, 2), (4, 1, 5)), 2, 8),  # Am7-3
    (14, 'Am7', 'x02010', ((2, 2, 2), (4, 1, 0)), 2, 6),  # Am7-4
    (15, 'Dsus4', 'xx0233', ((3, 2, 3), (4, 3, 4), (5, 3, 5)), 3, 9),  # Dsus4-1
    (15, 'Dsus4', 'xx0233', ((3, 2, 3), (4, 3, 5), (5, 3, 1)), 3, 7),  # Dsus4-2
    (15, 'Dsus4', 'xx0233', ((3, 2, 3), (4, 3, 0), (5, 3, 3)), 3, 10),  # Dsus4-3
    (15, 'Dsus4', 'xx0233', ((3, 2, 3), (4, 3, 1), (5, 3, 5)), 3, 8),  # Dsus4-4
    (16, 'Asus2', 'x02200', ((2, 2, 4), (3, 2, 5)), 2, 7),  # Asus2-1
    (16, 'Asus2', 'x02200', ((2, 2, 4), (3, 2, 0)), 2, 5),  # Asus2-2
    (16, 'Asus2', 'x02200', ((2, 2, 4), (3, 2, 1)), 2, 8),  # Asus2-3
    (16, 'Asus2', 'x02200', ((2, 2, 4), (3, 2, 2)), 2, 6),  # Asus2-4
    (17, 'Em7', '022030', ((1, 2, 5), (2, 2, 0), (4, 3, 1)), 3, 9),  # Em7-1
    (17, 'Em7', '022030', ((1, 2, 5), (2, 2, 1), (4, 3, 3)), 3, 7),  # Em7-2
    (17, 'Em7', '022030', ((1, 2, 5), (2, 2, 2), (4, 3, 5)), 3, 10),  # Em7-3
    (17, 'Em7', '022030', ((1, 2, 5), (2, 2, 3), (4, 3, 1)), 3, 8),  # Em7-4
)
CHORD_CARDS = len(CHORDS)
CHORD_NAMES = tuple(CHORDS[4 * t][1] for t in range(CHORD_CARDS // 4))
REQUIREMENTS = tuple(tuple((space(s, f), c) for s, f, c in row[3]) for row in CHORDS)
NEEDS = tuple(sum(1 << (6 * sp + c) for sp, c in REQUIREMENTS[card])    # one bit per
              for card in range(CHORD_CARDS))      # requirement: 6 · space + colour
# the colours a space's face counts as, one bit each (a Wylde: all six)
MATCHES = {EMPTY: 0, FACE_DOWN: 0, WYLDE: 63, **{c: 1 << c for c in COLOURS}}
FACES = (EMPTY, FACE_DOWN, WYLDE) + COLOURS


def matched_at():
    """For each space, {face: the cards (one bit each) that face there does its part for}."""
    out = [dict.fromkeys(FACES, 0) for _sp in range(SPACES)]
    for card, requirements in enumerate(REQUIREMENTS):
        for at, colour in requirements:
            for face in FACES:
                if MATCHES[face] >> colour & 1:
                    out[at][face] |= 1 << card
    return tuple(out)


MATCHED_AT = matched_at()      # the cards a face at a space does its part for (the registry
# imports this module for the setlists' names: one pass over the requirements, not per space)


# the faces by number, EMPTY (-1) last: a tuple in this order is indexed by the face itself
FACE_ORDER = tuple(range(8)) + (EMPTY,)


@functools.lru_cache(maxsize=None)
def card_watch(cards):
    """For each space and face (a tuple in FACE_ORDER), the cards (of `cards`) that face does
    its part for, each as (its bit, its needs): the cards a pick put there may complete."""
    return tuple(tuple(tuple((1 << card, NEEDS[card]) for card in cards
                             if MATCHED_AT[sp][face] >> card & 1) for face in FACE_ORDER)
                 for sp in range(SPACES))


SILVER = tuple(row[4] for row in CHORDS)
GOLDEN = tuple(row[5] for row in CHORDS)


def chord_type(card):
    """The chord type (0..17) of a chord card."""
    return card // 4


def card_label(card):
    """A chord card as printed: its chord name and variant, e.g. 'G-2'."""
    return "%s-%d" % (CHORDS[card][1], card % 4 + 1)


# HR-8: four core setlists of 7 chord types each (names are placeholders)
SETLISTS = (
    ("campfire", (0, 1, 2, 3, 4, 5, 6)),          # C G D A E Am Em
    ("twelve_bar", (4, 3, 7, 8, 9, 10, 11)),       # E A E7 A7 B7 D7 G7
    ("coffeehouse", (0, 1, 5, 6, 12, 13, 14)),     # C G Am Em F Dm Am7
    ("arena", (2, 1, 0, 3, 15, 16, 17)),           # D G C A Dsus4 Asus2 Em7
)
SETLIST_NAMES = tuple(name for name, _ in SETLISTS)

# HR-9: 9 songs per setlist, 4 chord types each, 18 fame; song 0 is the rulebook's
# "Uncomfortably Dumb" by Pink Freud (D A C G, 18)
_SONG_CHORDS = (
    ("D A C G", "C G A E", "C G E Em", "C D A Em", "C A E Am", "G D A E", "G D E Em",
     "G A Am Em", "D A Am Em"),
    ("E A E7 A7", "E A A7 B7", "E A B7 G7", "E E7 A7 G7", "E A7 B7 D7", "A E7 A7 B7",
     "A E7 B7 G7", "A A7 D7 G7", "E7 A7 D7 G7"),
    ("C G Am Em", "C G Em F", "C G F Am7", "C Am Em Am7", "C Em F Dm", "G Am Em F",
     "G Am F Am7", "G Em Dm Am7", "Am Em Dm Am7"),
    ("D G C A", "D G A Dsus4", "D G Dsus4 Em7", "D C A Em7", "D A Dsus4 Asus2",
     "G C A Dsus4", "G C Dsus4 Em7", "G A Asus2 Em7", "C A Asus2 Em7"),
)
SONG_FAME = 18
SONGS = tuple(tuple(CHORD_NAMES.index(name) for name in chords.split())
              for setlist in _SONG_CHORDS for chords in setlist)
SONGS_PER_SETLIST = 9


def setlist_cards(setlist):
    """The 28 chord cards of a setlist (4 of each of its 7 chord types)."""
    return [4 * t + v for t in SETLISTS[setlist][1] for v in range(4)]


def setlist_songs(setlist):
    """The 9 song ids of a setlist."""
    return list(range(setlist * SONGS_PER_SETLIST, (setlist + 1) * SONGS_PER_SETLIST))


# Jim Bot's strength (HR-27, HR-28), by the `jim_strength` option and the difficulty: his icon
# deck (10 icons, a colour kind or BAG), his genre cards, the chord cards in his open row, how
# his completed cards score ("silver": silver values only; "rechord": as a guitarist's, golden
# for a type's later cards; "golden": every card its golden value; "after_first": his first card
# its silver value, every later one its golden value) and whether the cards left in
# his row score their silver value at the end. "classic" keeps the numbers before issue 22;
# "balanced" (HR-28) was tuned against the heuristic bot as the solo guitarist. "legend"
# (HR-29, either strength) has no icons: Jim Bot plays a guitarist's actions, chosen by the
# search for his own fame (state.automaton_bot), his open row his hand.
BAG = -1
ICON_DECKS = {
    "beginner": (BAG,) * 6 + (WHITE, BLUE, GREY, PURPLE),
    "session": (BAG,) * 4 + (WHITE, RED, BLUE, GREY, PURPLE, GREEN),
    "touring": (BAG,) * 2 + (WHITE, RED, RED, BLUE, GREY, PURPLE, GREEN, WYLDE),
}


JimLevel = collections.namedtuple("JimLevel", "icons genres row chords row_scores")


LEGEND = JimLevel((), 2, 3, "after_first", False)
LEGEND_BOT = "normal"             # the search level that chooses his moves at Legend (HR-29)
JIM_LEVELS = {
    "classic": {
        "beginner": JimLevel(ICON_DECKS["beginner"], 1, 3, "silver", False),
        "session": JimLevel(ICON_DECKS["session"], 1, 3, "rechord", False),
        "touring": JimLevel(ICON_DECKS["touring"], 2, 3, "rechord", False),
        "legend": LEGEND,
    },
    "balanced": {
        "beginner": JimLevel(ICON_DECKS["beginner"], 1, 4, "silver", True),
        "session": JimLevel(ICON_DECKS["session"], 1, 6, "golden", True),
        "touring": JimLevel(ICON_DECKS["touring"], 2, 7, "golden", True),
        "legend": LEGEND,
    },
}


def jim_rules(options):
    """Jim Bot's level (a JimLevel) for a game's options."""
    return JIM_LEVELS[options["jim_strength"]][options["difficulty"]]


def card_worth(chords, card, done_types):
    """A chord card's fame if completed now, by a scoring rule (a JimLevel's `chords`:
    "silver", "rechord", "golden", "after_first") and the chord types its holder has completed."""
    if chords == "golden" or chords == "rechord" and chord_type(card) in done_types \
            or chords == "after_first" and done_types:
        return GOLDEN[card]
    return SILVER[card]


JIM_SUPPLY_ORDER = (RED, BLUE, GREY, GREEN, PURPLE, WHITE, WYLDE)   # his White's choice
