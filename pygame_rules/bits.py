"""Cards as bits: sets of card ids kept in one int, so hands clone for free."""


def cards_of(mask):
    """The card ids in a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def picked(mask, table):
    """The entries of `table` at the card ids in a bitmask, ids ascending (cards_of, mapped)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards):
    """The bitmask of some card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m
