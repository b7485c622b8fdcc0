"""What one seat knows in Taktvoll, and full states resampled to agree with it (for the search).

What a seat sees (see `TaktvollState.view` and `redact`): its own hand (with the card it just
drew), every card on the staves and who played it, the scores, the deck size, the pass count,
the phase (a "bonus" phase shows that the player holds a bar line). Others' hand sizes are
hidden by default (HR-K9) but countable: 5 dealt plus the shared-out bar lines, +1 per draw,
-1 per card played. The cards others drew and kept, and the deck's order, are hidden.

The bar lines are shared out before the deal: seat i gets the block of ids
`BARS[i*each:(i+1)*each]` (each = 24 // n), and only the 24 mod n leftovers (5 or 7 players)
go into the deck. Bar lines are alike and a seat always plays its lowest id, so it plays its own
block first: the block ids it still holds are exactly the top `each - (bar lines it played)`
of its block, which everyone can count. Those stay where they are.

`resample(state, seat, rng)` keeps all of that and deals the rest anew with `rng`:

* **Unknown cards**: the other hands without their block bar lines, and the deck. Collected as
  one sorted list (so where they really lie cannot matter), shuffled, and dealt back with the
  same counts: each other hand keeps its size, the deck its length (its new order is the
  future chance). With 3, 4, 6 or 8 players there are no bar lines among them, so every
  seat's bar-line count is kept exactly, as it is public.
* **Hard constraints kept**: the seat's own hand (and its drawn card); hand sizes; a seat in
  its "drawn" phase holds its drawn card, which came from the deck: it becomes one of the cards
  dealt to that seat; a seat in its "bonus" phase holds a bar line: with no block bar line left
  (5 or 7 players) one leftover bar line from the unknown cards is swapped into its hand.
* **Future chance**: the deck's order is dealt anew, and `other.rng` is reseeded from `rng`.

The deal is uniform over the unknown cards under those constraints; it does not weigh hands by
how each seat played, nor use what the event log alone shows (with 5 or 7 players, a completed
bar without a bonus bar line shows that the seat then held no bar line). Set-up positions
(tests) are read with the same block rule. The result is a search state only: its `history`
no longer matches its seed, so it is not meant to be saved or replayed.
"""

from ...bits import cards_of
from ...core import Rng
from .cards import BARS

_FIRST_BAR = BARS[0]
_BAR_MASK = ((1 << len(BARS)) - 1) << _FIRST_BAR


def known_in_hands(state, seat):
    """Cards `seat` knows to be in each hand: its own, and every other seat's remaining
    bar lines of its share-out block."""
    n = state.n
    each = len(BARS) // n
    block = (1 << each) - 1
    fixed = [0] * n
    for t, hand in enumerate(state.hands):
        fixed[t] = hand if t == seat else hand & (block << (_FIRST_BAR + t * each))
    return fixed


def unknown_cards(state, seat):
    """The sorted cards `seat` cannot place: others' hands (block bar lines aside) and the deck."""
    return _unknown(state, known_in_hands(state, seat))


def _unknown(state, fixed):
    """The sorted cards in hands but not fixed there, and in the deck."""
    pool = 0
    for t, hand in enumerate(state.hands):
        pool |= hand & ~fixed[t]
    for c in state.deck:
        pool |= 1 << c
    return cards_of(pool)


def resample(state, seat, rng):
    """A clone(keep_events=False) of `state` in which everything `seat` cannot see is dealt
    anew, consistently with what `seat` has seen, and whose chance is reseeded from `rng`."""
    n = state.n
    fixed = known_in_hands(state, seat)
    cards = _unknown(state, fixed)
    rng.shuffle(cards)
    other = state.clone(keep_events=False)
    other.rng = Rng(rng.getrandbits(64))
    actor = state.current_player
    if actor is not None and actor != seat and state.phase == "bonus" and \
            not fixed[actor] & _BAR_MASK:
        _give_a_bar(state, seat, fixed, cards, rng)

    k = 0
    hands = other.hands
    for t in range(n):
        if t != seat:
            size = state.hands[t].bit_count() - fixed[t].bit_count()
            mask = fixed[t]
            for c in cards[k:k + size]:
                mask |= 1 << c
            hands[t] = mask
            if t == actor and state.phase == "drawn":
                other.drawn = cards[k]
            k += size
    other.deck = cards[k:]
    return other


def _give_a_bar(state, seat, fixed, cards, rng):
    """The bonus-phase player holds a bar line: make sure one of its dealt cards is one."""
    actor = state.current_player
    start = 0
    for t in range(actor):
        if t != seat:
            start += state.hands[t].bit_count() - fixed[t].bit_count()
    size = state.hands[actor].bit_count() - fixed[actor].bit_count()
    mine = range(start, start + size)
    if any(_BAR_MASK >> cards[i] & 1 for i in mine):
        return
    bars = [i for i, c in enumerate(cards) if _BAR_MASK >> c & 1]
    i, j = rng.choice(bars), rng.choice(mine)
    cards[i], cards[j] = cards[j], cards[i]


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
PLAYOUT_CAP = 16            # moves a playout looks ahead (four turns each at four players)


def estimate(state):
    """Each seat's points so far less the cards still in hand (the end's penalty)."""
    if state.is_over:
        return state.scores()
    return [t - h.bit_count() for t, h in zip(state.totals, state.hands)]


def reward(state, seat):
    """The seat's estimate against the best other and the table's mean."""
    from ...search import margin
    return margin(estimate(state), seat)


# --- what the others' recent turns say about their hands (the search weighs its deals) --------
RECENT_TURNS = 2            # each other seat's last turns the search checks a deal against
MISFIT = 0.1                # a deal's weight is multiplied by this per turn it does not explain


def evidence(state, seat):
    """Each other seat's last RECENT_TURNS turns, newest first, as lists of steps (a public
    snapshot of the table before the step, the action taken), with the cards the turn put on
    the staves. A snapshot is the real past state replayed from the history with every hand
    emptied and the deck's cards blanked: it keeps only what everyone saw."""
    from ... import core
    past = core.new_game(state.game.id, state.players, state.seed, state.options, state.setup)
    past.events = None
    turns = {t: [] for t in range(state.n) if t != seat}
    for action in state.history:
        player = past.current_player
        if player != seat:
            if past.phase == "turn":
                turns[player].insert(0, [])
                del turns[player][RECENT_TURNS:]
            before = past.hands[player]
            turns[player][0].append((_public(past), action))
            past.apply(action)
            turns[player][0][-1] += (before & ~past.hands[player],)
        else:
            past.apply(action)
    return {t: steps for t, steps in turns.items() if steps}, known_in_hands(state, seat)


def _public(state):
    """A copy of a state with nothing hidden left in it: hands empty, deck cards blanked."""
    other = state.clone(keep_events=False)
    other.hands = [0] * state.n
    other.deck = [0] * len(state.deck)
    other.drawn = None if state.drawn is None else 0
    return other


def weight(evidence, deal, rng):
    """How well a deal explains the other seats' recent turns: MISFIT per turn in which the
    heuristic bot, holding the hand the deal implies then, would have done otherwise."""
    from .bots import play
    turns, fixed = evidence
    w = 1.0
    for t, recent in turns.items():
        hand = deal.hands[t]
        for steps in recent:                       # newest first: undo each turn in turn
            hand, fits = _explains(steps, hand, fixed[t], t, play, rng)
            if not fits:
                w *= MISFIT
    return w


def _explains(steps, after, fixed, t, play, rng):
    """(The hand before a turn, given the hand after it; whether the heuristic bot would have
    played that turn so.) A drawn card that was kept is one of the hand's unfixed cards."""
    out = [o for _, _, o in steps]
    drew = steps[0][1] == ("draw",)
    drawn = None
    if drew and len(steps) > 1:
        if steps[1][1] == ("keep",):
            choices = cards_of(after & ~fixed)
            if not choices:
                return after, True
            drawn = choices[rng.randrange(len(choices))]
        else:
            drawn = out[1].bit_length() - 1            # it was played: it is on the staves
    played = 0
    for o in out:
        played |= o
    before = (after | played) & ~(1 << drawn) if drawn is not None else after | played
    hand = before
    for snap, action, gone in steps:
        if snap.phase == "bonus" or (snap.phase == "drawn" and drawn is None):
            break
        table = snap.clone(keep_events=False)
        table.hands[t] = hand
        if snap.phase == "drawn":
            table.drawn = drawn
        legal = table.legal_actions()
        if action not in legal:
            return before, False
        if len(legal) > 1 and play(table, t, legal, rng) != action:
            return before, False
        hand = hand | (1 << drawn) if action == ("draw",) else hand & ~gone
    return before, True
