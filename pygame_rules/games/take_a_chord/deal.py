"""The deal: the 35 card ids shuffled by the state's Rng, exactly as `rng.shuffle(list(range(35)))`
would shuffle them (same order, same Rng state after), in about a third of the instructions.

Why: the shuffle's 34 splitmix64 draws are 64-bit arithmetic, each step a new Python int, and
they were a fifth of a random game's cost at 3 players (a game plays only 72 actions for its 3
deals). How: splitmix64 is counter based - draw k mixes `state + k * GOLDEN` - so all 34 draws
are independent of each other and can be mixed at once in ONE big int holding them in 128-bit
lanes (lane k = draw k + 1). Each lane keeps its value below 2**64 between the steps (masked
with `LOW64`), so a product by a 64-bit constant stays below 2**128, inside its own lane, and a
right shift only brings a neighbour's bits into the masked-off upper half. The mixed draws are
read back with one struct unpack. A draw that Fisher-Yates would reject (`r >= LIMITS[n]`, about
one deal in 10**17) makes us throw this away and run the Rng's own shuffle instead, so the
result is the Rng's in every case (tests/test_take_a_chord_deal.py checks both paths).
"""

from struct import Struct

from ...core import _GOLDEN, _MASK64, _MIX1, _MIX2
from .cards import DECK_SIZE

DRAWS = DECK_SIZE - 1           # Fisher-Yates draws: i = 34 .. 1, each below i + 1
_LANE = 128                     # bits per draw in the packed int
REPEAT = sum(1 << (_LANE * k) for k in range(DRAWS))              # 1 in every lane
RAMP = sum(((k + 1) * _GOLDEN) << (_LANE * k) for k in range(DRAWS))  # lane k: (k+1) * GOLDEN
LOW64 = _MASK64 * REPEAT                                          # the low 64 bits of each lane
LANES = Struct("<" + "Q8x" * DRAWS)                               # each lane's low 64 bits
LAST_STEP = DRAWS * _GOLDEN    # the Rng state moves on by this (mod 2**64) over a deal
# the draw for index i (n = i + 1 choices) is rejected at or above LIMITS[i] (Rng.below's bound)
LIMITS = tuple((1 << 64) - (1 << 64) % (i + 1) for i in range(DECK_SIZE))


def shuffled_deck(rng):
    """The card ids 0..34 in the order `rng.shuffle` gives them, advancing `rng` the same way."""
    s = rng.state
    z = (s * REPEAT + RAMP) & LOW64                     # lane k: the state after draw k + 1
    z = (z ^ (z >> 30)) & LOW64                         # splitmix64's mix, all lanes at once
    z = ((z * _MIX1) & LOW64)
    z = (z ^ (z >> 27)) & LOW64
    z = ((z * _MIX2) & LOW64)
    z ^= z >> 31
    deck = list(range(DECK_SIZE))
    i = DRAWS
    for r in LANES.unpack(z.to_bytes(DRAWS * 16, "little")):
        if r >= LIMITS[i]:      # Fisher-Yates would draw again here: do it the Rng's way
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
            return deck
        j = r % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    rng.state = (s + LAST_STEP) & _MASK64
    return deck
