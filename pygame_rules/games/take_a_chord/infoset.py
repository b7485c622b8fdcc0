"""What one seat knows, and full states resampled to agree with it (for the search bot).

A seat knows its own hand, every card played face up, the flipped Key Chord card, and the
colours other seats have shown void in (played off the lead colour without matching a chord).
`resample` deals every other card anew among the other hands, the non-player's stack and the
set-aside cards, respecting those voids. The result is a search state only: its history no
longer matches its seed, so it is not meant to be saved.
"""

from ...core import Rng
from .cards import COLOUR_MASK, cards_of, mask_of
from .state import NON_PLAYER


def unknown_cards(state, seat):
    """The cards `seat` cannot see: others' hands, the stack, the unflipped set-aside cards."""
    hidden = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= hand
    aside = mask_of(state.set_aside)
    if state.key_card is not None:
        aside &= ~(1 << state.key_card)
    return hidden | aside


def allowed_mask(state, holder):
    """Cards a holder (a seat, or 'aside') could have, given the voids it has shown."""
    if holder == "aside" or (state.n == 3 and holder == NON_PLAYER):
        return -1
    banned = 0
    for colour in range(5):
        if state.voids[holder] >> colour & 1:
            banned |= COLOUR_MASK[colour]
    return ~banned


def slots(state, seat):
    """(holder, how many hidden cards it holds) for every place a hidden card can be."""
    out = [(s, state.hands[s].bit_count()) for s in range(4) if s != seat]
    aside = len(state.set_aside) - (state.key_card is not None)
    return out + [("aside", aside)]


def deal(cards, places, allowed, rng):
    """Give each place its count of cards, each card allowed there; None if greedy fails."""
    pool = cards[:]
    rng.shuffle(pool)
    out = {}
    for holder, count in sorted(places, key=lambda p: bin(allowed[p[0]] & mask_of(cards)).count("1")):
        mine = [c for c in pool if allowed[holder] >> c & 1][:count]
        if len(mine) < count:
            return None
        out[holder] = mine
        pool = [c for c in pool if c not in mine]
    return out


def deal_by_matching(cards, places, allowed, rng):
    """Always find a consistent deal (one exists: the real one), by augmenting paths."""
    seats = [h for h, count in places for _ in range(count)]
    order = cards[:]
    rng.shuffle(order)
    owner = {}

    def augment(card, seen):
        """Try to seat `card`, moving others along an augmenting path."""
        for i, holder in enumerate(seats):
            if allowed[holder] >> card & 1 and i not in seen:
                seen.add(i)
                if i not in owner or augment(owner[i], seen):
                    owner[i] = card
                    return True
        return False

    for card in order:
        augment(card, set())
    out = {h: [] for h, _ in places}
    for i, card in owner.items():
        out[seats[i]].append(card)
    return out


def resample(state, seat, rng):
    """A clone of `state` whose cards hidden from `seat` are dealt anew, consistently."""
    places = slots(state, seat)
    cards = cards_of(unknown_cards(state, seat))
    allowed = {h: allowed_mask(state, h) for h, _ in places}
    dealt = None
    for _ in range(20):
        dealt = deal(cards, places, allowed, rng)
        if dealt is not None:
            break
    if dealt is None:
        dealt = deal_by_matching(cards, places, allowed, rng)
    other = state.clone(keep_events=False)
    for holder, got in dealt.items():
        if holder != "aside":
            other.hands[holder] = mask_of(got)
    fresh = iter(dealt["aside"])
    other.set_aside = tuple(c if c == state.key_card else next(fresh) for c in state.set_aside)
    if state.n == 3 and seat != NON_PLAYER:
        stack = dealt[NON_PLAYER][:]
        rng.shuffle(stack)
        other.np_stack = state.np_stack[:state.np_next] + tuple(stack)
    other.rng = Rng(rng.getrandbits(64))
    return other


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
HORIZON = "venue"           # playouts stop at the end of the venue, whose scores judge them
LEVELS = {"normal": 120, "hard": 300}   # playouts a move (Hard: what a second buys in Pyodide)
