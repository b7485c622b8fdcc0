"""What one seat knows in TAKE, and full states resampled to agree with it (for the search bot).

What a seat sees (see `TakeBambooState.view` and `redact`): its own hand, the two cards it
passed (`my_pass`) and the two it received, every card played this round (`played`, with who
played it: the plays are face up and the tricks are led by their winners from the dealer on),
the face-up tableau cards, how many cards lie face down in each stack, every hand size, the
discard and draw pile sizes, which seats have passed, the scores. Nobody sees the face-down
extras, the glowing bamboo's identities, the discard pile's order or the unused draw pile.

`resample(state, seat, rng)` keeps all of that and deals the rest anew with `rng`:

* **Unknown cards** (never seen by `seat`): the union of the other hands, the other seats'
  passes still in flight (passing phase), the unused draw pile, the face-down doubles of the
  initial bamboo (drawn from the draw pile) and, in set-up positions only, discard cards that
  were never played. Collected as one sorted list (so where they really lie cannot matter),
  shuffled, and dealt back to those places with their public counts: each hand keeps its size,
  each seat in flight passes 2, the draw pile its length, each face-down double stays one card.
* **Hard constraints kept**: the seat's own hand, passes and received cards; a card the seat
  passed to a neighbour stays in that neighbour's hand until it is played (then it is public);
  played cards never go back to a hand or the draw pile.
* **Played cards out of sight**: the discard pile and the face-down extras a trump winner took
  (from the discard pile, or from the trick) hold played cards, so the set of them is public
  while which card lies where is not. That set is shuffled back over the same places. (A trick
  extra's identity is public in the event log, but the state does not say which face-down
  entries came from a trick, and face-down identities never affect play or scoring.)
* **Others' passes**: after the exchange, every pass the seat did not give or receive is
  redrawn consistently with the new deal: the card seat t got from neighbour s (s, t ≠ seat) is
  picked uniformly among the cards t holds or has played this round, except the card the seat
  gave t; `passes` and `received` of every other seat are then rewritten to match.
* **Future chance**: `other.rng` is reseeded from `rng`, so later rounds' deals are not the real
  ones. Glowing bamboo (fungible, and where each one went is public) stays where it is.

The deal is uniform over the unknown cards under the hard constraints; it does not weigh hands
by how likely each seat was to pass or play as it did. The result is a search state only: its
`history` still holds the real actions and no longer matches its seed, so it is not meant to be
saved or replayed, and nothing that plays from it should read `history`.
"""

from ...bits import cards_of
from ...core import Rng
from .cards import BAMBOO
from .state import trick_winner



def plays_by_seat(state):
    """Each seat's cards played this round, as bitmasks (public: plays are face up, the dealer
    leads the first trick and each trick's winner the next)."""
    n, played = state.n, state.played
    out = [0] * n
    leader = state.dealer
    ranks, trump = state.ranks, state.trump
    for start in range(0, len(played), n):
        cards = played[start:start + n]
        for i, c in enumerate(cards):
            out[(leader + i) % n] |= 1 << c
        if len(cards) == n:
            leader = (leader + trick_winner(cards, ranks, trump)) % n
    return out


def known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand: its own, and the ones it passed that their
    receiver has not played yet."""
    n = state.n
    fixed = [0] * n
    fixed[seat] = state.hands[seat]
    mine = state.passes[seat]
    if mine is not None and state.phase != "pass":
        played = 0
        for c in state.played:
            played |= 1 << c
        left, right = mine
        if not played >> left & 1:
            fixed[(seat + 1) % n] |= 1 << left
        if not played >> right & 1:
            fixed[(seat - 1) % n] |= 1 << right
    return fixed


def unknown_cards(state, seat):
    """The sorted cards `seat` has never seen (see the module docstring), as a list."""
    return cards_of(_hidden(state, seat, known_in_hands(state, seat))[0])


def _hidden(state, seat, fixed):
    """For `seat`: (the bitmask of every unknown card; the places of unknown cards besides the
    hands, the passes in flight and the draw pile; the places of played cards out of sight).
    A place is (seat, colour, index) in a tableau, ("discard", index) or ("pending", index)."""
    n = state.n
    played = 0
    for c in state.played:
        played |= 1 << c
    pool = 0
    for s in range(n):
        if s != seat:
            pool |= state.hands[s] & ~fixed[s]
    if state.phase == "pass":
        for s in range(n):
            p = state.passes[s]
            if s != seat and p is not None:
                pool |= (1 << p[0]) | (1 << p[1])
    for c in state.draw:
        pool |= 1 << c
    down_slots, up_slots = [], []          # unknown face-down cards / played ones out of sight
    for s, seat_stacks in enumerate(state.tableau):
        for colour, stack in enumerate(seat_stacks):
            for i, e in enumerate(stack):
                if e < 0 and ~e < BAMBOO:
                    if played >> ~e & 1:
                        up_slots.append((s, colour, i))
                    else:
                        down_slots.append((s, colour, i))
                        pool |= 1 << ~e
    for i, c in enumerate(state.discard):
        if played >> c & 1:
            up_slots.append(("discard", i))
        else:
            down_slots.append(("discard", i))
            pool |= 1 << c
    if state.pending is not None:
        for i, e in enumerate(state.pending["bundle"]):
            if e < 0 and ~e < BAMBOO:
                if played >> ~e & 1:
                    up_slots.append(("pending", i))
                else:
                    down_slots.append(("pending", i))
                    pool |= 1 << ~e
    return pool, down_slots, up_slots


def resample(state, seat, rng):
    """A clone(keep_events=False) of `state` in which everything `seat` cannot see is dealt
    anew, consistently with what `seat` has seen, and whose chance is reseeded from `rng`."""
    n = state.n
    fixed = known_in_hands(state, seat)
    pool, down_slots, up_slots = _hidden(state, seat, fixed)
    other = state.clone(keep_events=False)
    other.rng = Rng(rng.getrandbits(64))
    deck = cards_of(pool)
    rng.shuffle(deck)

    # the unknown cards, back over their places in a fixed (public) order
    k = 0
    hands = other.hands
    for s in range(n):
        if s != seat:
            size = state.hands[s].bit_count() - fixed[s].bit_count()
            mask = fixed[s]
            for c in deck[k:k + size]:
                mask |= 1 << c
            hands[s] = mask
            k += size
    if state.phase == "pass":
        for s in range(n):
            if s != seat and state.passes[s] is not None:
                other.passes[s] = (deck[k], deck[k + 1])
                k += 2
    size = len(state.draw)
    other.draw = deck[k:k + size]
    k += size
    for slot in down_slots:
        _set_slot(other, slot, deck[k])
        k += 1

    # the played cards out of sight (discard pile, face-down extras), shuffled over their places
    if len(up_slots) > 1:
        seen = sorted(_slot_card(state, slot) for slot in up_slots)
        rng.shuffle(seen)
        for slot, c in zip(up_slots, seen):
            _set_slot(other, slot, c)

    if state.phase != "pass" and state.received[seat] is not None:
        _redraw_passes(state, other, seat, rng)
    return other


def _slot_card(state, slot):
    """The card in one out-of-sight place."""
    if slot[0] == "discard":
        return state.discard[slot[1]]
    if slot[0] == "pending":
        return ~state.pending["bundle"][slot[1]]
    s, colour, i = slot
    return ~state.tableau[s][colour][i]


def _set_slot(other, slot, card):
    """Put a card in one out-of-sight place of the resampled state."""
    if slot[0] == "discard":
        other.discard[slot[1]] = card
    elif slot[0] == "pending":
        other.pending["bundle"][slot[1]] = ~card
    else:
        s, colour, i = slot
        other.tableau[s][colour][i] = ~card


def _redraw_passes(state, other, seat, rng):
    """After the exchange: the passes `seat` did not see, made consistent with the new hands."""
    n = state.n
    plays = plays_by_seat(state)
    left, right = state.passes[seat]
    got = [None] * n                         # got[t] = [from its left, from its right]
    for t in range(n):
        if t == seat:
            got[t] = list(state.received[t])
            continue
        pick = [None, None]
        avail = other.hands[t] | plays[t]
        if (t + 1) % n == seat:              # t's left neighbour is seat: seat's right pass
            pick[0] = right
        if (t - 1) % n == seat:              # t's right neighbour is seat: seat's left pass
            pick[1] = left
        for c in pick:
            if c is not None:
                avail &= ~(1 << c)
        free = cards_of(avail)
        need = [j for j in (0, 1) if pick[j] is None]
        for j, c in zip(need, rng.sample(free, len(need))):
            pick[j] = c
        got[t] = pick
    for t in range(n):
        other.received[t] = tuple(got[t])
        if t != seat:
            other.passes[t] = (got[(t + 1) % n][1], got[(t - 1) % n][0])


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
HORIZON = "round_no"        # playouts stop at the end of the round, whose scores judge them
LEVELS = {"normal": 60, "hard": 200}   # playouts a move (Hard: what a second buys in Pyodide)
