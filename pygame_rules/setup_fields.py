"""Checks of a test position's fields, shared by the games' `_check_setup` (issue 46): a set-up
read from a save or a link is anyone's, re-signed, so each field is checked for its type, length
and range before the game trusts it, and each refusal is a SetupError a player can read."""

from .core import SetupError, clip

MAX_SCORE = 10_000      # far past any game's scores; keeps every number short enough to write


def bad(why):
    """The error refusing a set-up, with its reason."""
    return SetupError("error.bad_setup", why=why)


def known_keys(setup, required, optional):
    """Refuse a set-up that is not a dict, lacks a required field or has an unknown one."""
    if type(setup) is not dict:
        raise bad("it must be a dict of fields")
    missing = [k for k in required if k not in setup]
    if missing:
        raise bad("it needs %s" % missing[0])
    unknown = [k for k in setup if k not in required and k not in optional]
    if unknown:
        raise bad("unknown field %s" % clip(unknown[0], 20))


def is_int(value, low, high):
    """True for a whole number (an int, not a bool) from low to high."""
    return type(value) is int and low <= value <= high


def is_list(value, size=None, most=None):
    """True for a list (or tuple) of exactly `size` or at most `most` items."""
    return type(value) in (list, tuple) and (size is None or len(value) == size) and \
        (most is None or len(value) <= most)


def number(value, low, high, what):
    """`value` if it is a whole number (not a bool) from low to high, else SetupError."""
    if not is_int(value, low, high):
        raise bad("%s must be a whole number %d..%d" % (what, low, high))
    return value


def sequence(value, what, lengths=None):
    """`value` as a list if it is a list (or tuple) of an allowed length, else SetupError."""
    if type(value) not in (list, tuple):
        raise bad("%s must be a list" % what)
    if lengths is not None and len(value) not in lengths:
        raise bad("%s must hold %s items" % (what, _span(lengths)))
    return list(value)


def numbers(value, low, high, what, lengths=None):
    """A list (named `what`) of whole numbers from low to high, of an allowed length, else
    SetupError."""
    out = sequence(value, what, lengths)
    if not all(is_int(v, low, high) for v in out):
        raise bad("%s must hold whole numbers %d..%d" % (what, low, high))
    return out


def scores(value, players):
    """One score per player, each within ±MAX_SCORE, else SetupError."""
    return numbers(value, -MAX_SCORE, MAX_SCORE, "the scores", range(players, players + 1))


def all_different(cards, what="each card"):
    """Refuse a set-up that puts a card in two places."""
    if len(set(cards)) != len(cards):
        raise bad("%s must be a different card" % what)


def _span(lengths):
    """'3' or '1 to 8' for a range of lengths."""
    if len(lengths) == 1:
        return str(lengths[0])
    return "%d to %d" % (lengths[0], lengths[-1])
