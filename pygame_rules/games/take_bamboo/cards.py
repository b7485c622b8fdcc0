"""TAKE's bamboo cards: 54 cards in three colours, numbered by a preset (HR-T1), plus 6 glowing.

Card ids: 0..53 are bamboo cards, `colour * 18 + index` with the index running through the
ranks in order (two copies of 1..9 by default, three of 1..6 with the "six" preset), so sorting
ids sorts by colour then rank. Ids 54..59 are the glowing bamboo: no colour, no number. Also the
game's numbers (the target score, the rounds) and which card wins a trick (T1.3), which the rules
(state.py) and what a seat knows (observer.py) both read.
"""

from operator import itemgetter

from ...bits import cards_of, mask_of  # noqa: F401  (part of this module's API)
from ...messages import text

COLOURS = 3
PER_COLOUR = 18
BAMBOO = COLOURS * PER_COLOUR
GLOWING = tuple(range(BAMBOO, BAMBOO + 6))
COLOUR_SYMBOLS = ("❦", "∞", "⚡")      # leaf, a helix seen from the side, bolt
COLOUR_CODES = ("or", "bi", "st")
PRESETS = {"nine": (9, 2), "six": (6, 3)}  # top rank, copies of each rank (HR-T1)
TARGET = 25
MAX_ROUNDS = 3


MASK_BYTES = (BAMBOO + 7) // 8          # a hand's bitmask is read a byte (8 card ids) at a time


def by_byte(table):
    """For each byte of a hand's bitmask, the entries of `table` at every set of its 8 cards."""
    out = []
    for first in range(0, 8 * MASK_BYTES, 8):
        sets = [()]
        for m in range(1, 256):
            low = first + (m & -m).bit_length() - 1   # the lowest card of the set, then the rest
            sets.append(((table[low],) if low < BAMBOO else ()) + sets[m & (m - 1)])
        out.append(tuple(sets))
    return tuple(out)


def picked_by_byte(mask, tables):
    """The entries for the bamboo cards in a bitmask, ids ascending: bits.picked(mask, table),
    read from `by_byte(table)` a byte at a time."""
    t0, t1, t2, t3, t4, t5, t6 = tables
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(MASK_BYTES, "little")
    return [*t0[b0], *t1[b1], *t2[b2], *t3[b3], *t4[b4], *t5[b5], *t6[b6]]


def colour_of(card):
    """The colour (0 Organic, 1 Biotech, 2 Stainless) of a bamboo card."""
    return card // PER_COLOUR


COLOUR_OF = tuple(colour_of(c) for c in range(BAMBOO))   # colour_of, read from a table
DECK = tuple(range(BAMBOO))                              # the bamboo cards, in id order
BIT = tuple(1 << c for c in range(BAMBOO + len(GLOWING)))  # each card id's bit in a mask


def hand_mask(cards):
    """mask_of for different card ids: their bits summed in C (a deal makes one per seat)."""
    if len(cards) < 2:                      # an itemgetter of one index gives no tuple
        return sum(map(BIT.__getitem__, cards))
    return sum(itemgetter(*cards)(BIT))     # cheaper than map with a tuple's __getitem__


def rank_table(preset):
    """The rank of every bamboo card id under a preset, as a tuple (made once per preset)."""
    return RANK_TABLES[preset]


RANK_TABLES = {preset: tuple((c % PER_COLOUR) // copies + 1 for c in range(BAMBOO))
               for preset, (_top, copies) in PRESETS.items()}


def card_of(colour, rank, copy=0, preset="nine"):
    """The id of a given copy of a colour's rank."""
    top, copies = PRESETS[preset]
    return colour * PER_COLOUR + (rank - 1) * copies + copy


def colour_name(colour, lang=None):
    """A colour's name in English and Japanese, e.g. 'Organic (オーガニック)'."""
    return text("take.name.colour.%d" % colour, lang=lang)


def card_name(card, ranks, lang=None):
    """A card's name, e.g. 'Organic 7'; glowing cards are 'a glowing bamboo'."""
    if card >= BAMBOO:
        return text("take.name.glowing", lang=lang)
    return text("take.name.card", {"colour": text("take.name.colour_short.%d" % colour_of(card), lang=lang),
                              "rank": ranks[card]}, lang)


def card_code(card, ranks):
    """A short code such as 'Or7', for tests and the command line."""
    return "%s%d" % (COLOUR_CODES[colour_of(card)].capitalize(), ranks[card])


def trick_winner(cards, ranks, trump):
    """Index of the winning card: the first trump, else the first highest of the lead colour."""
    lead = COLOUR_OF[cards[0]]
    best = top = 0
    for i, c in enumerate(cards):
        number = ranks[c]
        if number == trump:
            return i
        if number > top and COLOUR_OF[c] == lead:
            best, top = i, number
    return best


TRUMP_POWER = 10                  # a trump number's power in a trick: above every number


def _powers(ranks, trump, lead):
    """Each card's power in a trick led in `lead` (T1.3): a trump number TRUMP_POWER, a card of
    the lead colour its number, any other 0. The first card of the highest power wins the
    trick, as trick_winner says (the lead card has a power, so some card of the lead colour
    or a trump wins); with a trump number other than 1, a power of 1 is a 1 of the lead colour."""
    return tuple(TRUMP_POWER if ranks[c] == trump else ranks[c] if colour_of(c) == lead else 0
                 for c in range(BAMBOO))


# POWERS[preset][trump][lead]: _powers for every deck preset, trump number (1..9) and lead colour
POWERS = {preset: tuple(tuple(_powers(ranks, trump, lead) for lead in range(COLOURS))
                        for trump in range(10))
          for preset, ranks in RANK_TABLES.items()}
