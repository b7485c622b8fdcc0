"""The fast deal (take_a_chord/deal.py) is exactly the Rng's shuffle: same deck, same Rng state."""
import random

from pygame_rules.core import _GOLDEN, _MASK64, _MIX1, _MIX2, Rng
from pygame_rules.games.take_a_chord.deal import shuffled_deck


def _rng_way(state):
    rng = Rng(state)
    deck = list(range(35))
    rng.shuffle(deck)
    return deck, rng.state


def test_fast_deal_matches_rng_shuffle():
    r = random.Random(21)
    for state in [0, 1, _MASK64] + [r.getrandbits(64) for _ in range(3000)]:
        rng = Rng(state)
        assert (shuffled_deck(rng), rng.state) == _rng_way(state)


def _unmix(r):
    """The splitmix64 state whose output is r (the mix inverted)."""
    def unxorshift(x, k):
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y & _MASK64
    r = unxorshift(r, 31)
    r = (r * pow(_MIX2, -1, 1 << 64)) & _MASK64
    r = unxorshift(r, 27)
    r = (r * pow(_MIX1, -1, 1 << 64)) & _MASK64
    return unxorshift(r, 30)


def test_a_rejected_draw_falls_back_to_the_rng():
    z = _unmix(_MASK64)                         # the first draw (n = 35) is 2**64 - 1: rejected
    state = (z - _GOLDEN) & _MASK64
    rng = Rng(state)
    assert rng.next64() == _MASK64
    rng = Rng(state)
    assert (shuffled_deck(rng), rng.state) == _rng_way(state)
