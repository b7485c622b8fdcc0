"""The deal's shuffle: exactly `Rng.shuffle` of core.py (same order, same RNG state after), but with
all its splitmix64 draws computed at once.

Why: a 54-card Fisher-Yates shuffle makes 53 draws, and each draw is ten operations on 64-bit
(3-digit) Python ints; that was ~1/5 of the engine's whole cost in random play (three deals a
game). The draws do not depend on each other: draw k mixes `state + k * GOLDEN`. So they are
packed into one long int, one draw per 128-bit lane (the low 64 bits hold the value, the high
64 leave room for a lane's product by a 64-bit constant), and each mixing step is done for all
lanes by one big-int operation. Shifts right pull a neighbouring lane's low bits into a lane's
high half, which the `& low` before each multiplication clears. Rejection sampling (a draw at
or over `limit`, about one shuffle in 10**16) falls back to core's own loop, as does a
big-endian machine.
"""

import sys
from operator import lt, mod

from ...core import _GOLDEN, _MASK64, _MIX1, _MIX2, _TWO64

LANE = 128                     # bits per packed draw
_TABLES = {}                   # list length -> its packing constants (immutable, made once)


def _tables(length):
    """For shuffling `length` items: the lane constants, the draw sizes and their limits."""
    draws = length - 1
    ones = sum(1 << (LANE * k) for k in range(draws))                 # 1 in every lane
    steps = sum((((k + 1) * _GOLDEN) & _MASK64) << (LANE * k) for k in range(draws))
    sizes = tuple(range(length, 1, -1))                               # n of `below(n)`
    limits = tuple(_TWO64 - _TWO64 % n for n in sizes)
    made = _TABLES[length] = (ones, ones * _MASK64, steps, sizes, limits, draws * 16)
    return made


def shuffle(rng, items):
    """Shuffle a list in place exactly as `rng.shuffle(items)` does, leaving `rng` as it would."""
    length = len(items)
    if length < 2 or sys.byteorder != "little":
        rng.shuffle(items)
        return
    ones, low, steps, sizes, limits, size = _TABLES.get(length) or _tables(length)
    z0 = rng.state
    z = (z0 * ones + steps) & low                   # every lane: state + k * GOLDEN (mod 2**64)
    r = ((z ^ (z >> 30)) & low) * _MIX1 & low
    r = ((r ^ (r >> 27)) & low) * _MIX2 & low
    r ^= r >> 31                                    # the high halves are never read
    draws = memoryview(r.to_bytes(size, "little")).cast("Q")[::2].tolist()
    if not all(map(lt, draws, limits)):             # a rejected draw: core's loop redraws it
        rng.shuffle(items)
        return
    for i, j in zip(range(length - 1, 0, -1), map(mod, draws, sizes)):
        items[i], items[j] = items[j], items[i]
    rng.state = (z0 + (length - 1) * _GOLDEN) & _MASK64
