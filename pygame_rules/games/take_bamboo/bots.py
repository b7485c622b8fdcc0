"""A rule-based bot for TAKE トリックの翁 that reads only its seat's view and the legal actions.

The point of TAKE is the colour rule: the sole most of a colour scores nothing, a tie scores
count × the number tied, anyone else scores their count. So the bot values an outcome by what
every tableau would score if the round ended now (a sole most keeps a little hope, shrinking
with its lead, since others may still catch up), added to the scores, its own total less the
others' mean. Then it:

  * plays the card with the best expected worth: the chance it wins the trick (the first trump
    wins; else the highest lead colour, if no later player holds and plays a beating card)
    times what stacking it is worth (a trump brings a face-down extra; a third colour becomes
    a gift), plus a lead-colour 1 it takes anyway, plus getting rid of a strong card whose
    later win would hurt it. So it takes bamboo where it is behind or can tie, avoids growing a
    colour it already leads, and dumps dangerous cards when they cannot win;
  * passes away the two cards whose later wins would hurt it most, else its highest cards;
  * gives a third colour to the neighbour whose answer it expects to be worth most: one who
    can take it, and would like it, never one the +1 would carry to 25 and the win;
  * accepts a gift when the +1 and the card are worth more to it than the giver's +1 against
    the giver's −1: it refuses a gift that makes it the sole most or hands the giver 25, and
    takes one that carries it to 25 first;
  * takes the highest card of the trick as its extra (the extra lies face down and counts only
    for the trump's colour, so any choice scores the same).

It keeps no memory between calls and never sees the state: the same call works from JSON.
"""

from . import observer
from .cards import BAMBOO, COLOURS, colour_of
from .state import TARGET

OTHERS_WEIGHT = 1.0     # how much the others' points count against ours
KEEP_ASSET = 0.0        # how much a kept card's future wanted acquisitions count (measured:
KEEP_RISK = 0.2         # 0 and 0.2 play best) and its future unwanted acquisitions
TRUMP_STRENGTH = 0.6    # how likely a kept trump still wins a trick
STRENGTH_POWER = 2      # how fast the chance a kept card wins grows with its number
BEAT_WILL = 0.2         # how often a later player holding a beating card plays it
SOLE_HOPE = 0.3         # a sole most counts this much per card it leads by (others may catch up)
WIN, SHARED, LOSS = 1000.0, 400.0, -1000.0


class Seen:
    """What one seat knows: the counts, scores, its hand, the trick and the unknown cards."""

    __slots__ = ("me", "n", "counts", "scores", "target", "trump", "ranks", "hand", "trick",
                 "lead", "later", "sizes", "pool", "memo")

    def __init__(self, view):
        self.me, self.n = view["seat"], view["players"]
        self.counts = [[view["tableau"][s][c]["count"] for s in range(self.n)]
                       for c in range(COLOURS)]
        self.scores = list(view["scores"])
        self.target = view["target"]
        self.trump = view["trump"]
        self.ranks = view["ranks"]
        self.hand = list(view["hand"])
        trick = view["trick"]
        self.trick = [(s, c) for s, c in trick["cards"]]
        self.lead = trick["lead_colour"]
        self.sizes = view["hand_sizes"]
        seen = set(self.hand) | {c for _, c in self.trick}
        for seat in view["tableau"]:
            for stack in seat:
                seen.update(stack["up"])
        last = view.get("last_trick")
        if last:
            seen.update(c for _, c in last["cards"])
        self._finish(seen)

    @classmethod
    def from_state(cls, state, seat):
        """The same as Seen(state.view(seat)), read from the state for the search's playouts
        through the observer's readers that the view is made of: the seat's own hand, the
        tableaux' counts and face-up cards, the trick, the last trick, the scores."""
        seen = cls.__new__(cls)
        seen.me, seen.n = seat, state.n
        seen.counts = observer.colour_counts(state)
        seen.scores = list(state.totals)
        seen.target = TARGET
        seen.trump = state.trump
        seen.ranks = state.ranks
        seen.hand = observer.own_hand(state, seat)
        seen.trick = list(map(tuple, state.trick))      # (seat, card), as Seen(view) has it
        seen.lead = observer.lead_colour(state)
        seen.sizes = observer.hand_sizes(state)
        known = set(seen.hand) | {c for _, c in seen.trick}
        known.update(observer.face_up(state))
        if state.last_trick:
            known.update(c for _, c in state.last_trick["cards"])
        seen._finish(known)
        return seen

    def _finish(self, seen):
        """The seats still to play this trick and the cards this seat has not seen."""
        played = len(self.trick)
        self.later = [(self.me + i) % self.n for i in range(1, self.n - played)]
        self.pool = [c for c in range(BAMBOO) if c not in seen]
        self.memo = {}          # worths already worked out for this decision

    def rank(self, card):
        """A card's number."""
        return self.ranks[card]

    def is_trump(self, card):
        """True if the card's number is the trump number."""
        return self.ranks[card] == self.trump

    def can_take(self, seat, colour):
        """True if `colour` would not be a third colour for `seat`."""
        held = sum(1 for c in range(COLOURS) if self.counts[c][seat])
        return self.counts[colour][seat] > 0 or held < 2


# --- what an outcome is worth -------------------------------------------------------------------
_POINTS = {}


def colour_points(counts):
    """Each seat's points for one colour now (the S1 rule), a sole most kept some hope.

    The sole most scores 0 if the round ended now; with more tricks to come someone may still
    catch up, the less likely the further ahead it is: SOLE_HOPE ** lead × its count.
    """
    key = tuple(counts)
    out = _POINTS.get(key)
    if out is None:
        if len(_POINTS) > 50000:
            _POINTS.clear()
        out = _POINTS[key] = _colour_points(counts)
    return out


def _colour_points(counts):
    """colour_points, worked out."""
    top = max(counts)
    out = []
    for c in counts:
        tied = counts.count(c)
        if c == 0:
            out.append(0)
        elif c == top and tied == 1:
            second = max(x for x in counts if x != c) if len(counts) > 1 else 0
            out.append(c * SOLE_HOPE ** (c - second))
        else:
            out.append(c * tied if tied > 1 else c)
    return out


def standing(seen, counts, scores, me=None):
    """Our total with the tableaux scored now, less a share of the others' mean total."""
    me = seen.me if me is None else me
    a, b, c = colour_points(counts[0]), colour_points(counts[1]), colour_points(counts[2])
    totals = [x + a[s] + b[s] + c[s] for s, x in enumerate(scores)]
    mine = totals.pop(me)
    return mine - OTHERS_WEIGHT * sum(totals) / len(totals)


def game_end_worth(seen, scores, me):
    """If these scores end the game by a gift (someone at 25), what it is worth to `me`."""
    reached = [s for s in scores if s >= seen.target]
    if not reached:
        return None
    best = min(reached)
    winners = [s for s, x in enumerate(scores) if x == best]
    if me not in winners:
        return LOSS
    return WIN if len(winners) == 1 else SHARED


def with_cards(counts, seat, colour, k):
    """The counts after `seat` stacks k more cards of `colour`."""
    out = [row[:] for row in counts]
    out[colour][seat] += k
    return out


def accepted(seen, giver, receiver, colour, k, me):
    """What an accepted gift is worth to `me`: the receiver stacks it, both score 1."""
    scores = seen.scores[:]
    scores[giver] += 1
    scores[receiver] += 1
    end = game_end_worth(seen, scores, me)
    if end is not None:
        return end
    return standing(seen, with_cards(seen.counts, receiver, colour, k), scores, me)


def refused(seen, giver, me):
    """What a refused gift is worth to `me`: the giver loses 1 (never below 0)."""
    scores = seen.scores[:]
    scores[giver] = max(0, scores[giver] - 1)
    return standing(seen, seen.counts, scores, me)


def accept_chance(seen, giver, receiver, colour, k):
    """How likely a neighbour accepts: likelier when accepting looks good for them."""
    if not seen.can_take(receiver, colour):
        return 0.0
    good = accepted(seen, giver, receiver, colour, k, receiver) > \
        refused(seen, giver, receiver)
    return 0.8 if good else 0.25


def gift_worth(seen, colour, k, giver=None):
    """The best a giver can expect from offering a bundle to the left or to the right."""
    giver = seen.me if giver is None else giver
    best = None
    for receiver in ((giver + 1) % seen.n, (giver - 1) % seen.n):
        p = accept_chance(seen, giver, receiver, colour, k)
        worth = p * accepted(seen, giver, receiver, colour, k, seen.me) + \
            (1 - p) * refused(seen, giver, seen.me)
        best = worth if best is None else max(best, worth)
    return best


def acquire_worth(seen, colour, k, base):
    """What stacking k cards of `colour` is worth to us (a gift if it is a 3rd colour)."""
    key = (colour, k)
    if key not in seen.memo:
        if seen.can_take(seen.me, colour):
            after = standing(seen, with_cards(seen.counts, seen.me, colour, k), seen.scores)
        else:
            after = gift_worth(seen, colour, k)
        seen.memo[key] = after - base
    return seen.memo[key]


def wants(seen, seat, colour):
    """True if another seat would like to win a card of `colour` (as we would judge it)."""
    key = ("wants", seat, colour)
    if key not in seen.memo:
        base = standing(seen, seen.counts, seen.scores, seat)
        if seen.can_take(seat, colour):
            after = standing(seen, with_cards(seen.counts, seat, colour, 1), seen.scores, seat)
        else:
            after = base + 0.5
        seen.memo[key] = after > base
    return seen.memo[key]


# --- playing a card -----------------------------------------------------------------------------
def win_chance(seen, card):
    """How likely `card` wins this trick: the first trump wins, else the highest lead colour."""
    table = [c for _, c in seen.trick]
    if any(seen.is_trump(c) for c in table):
        return 0.0
    if seen.is_trump(card):
        return 1.0
    lead = colour_of(card) if seen.lead is None else seen.lead
    if colour_of(card) != lead:
        return 0.0
    r = seen.rank(card)
    if any(colour_of(c) == lead and seen.rank(c) >= r for c in table):
        return 0.0
    beaters = sum(1 for c in seen.pool if seen.is_trump(c) or
                  (colour_of(c) == lead and seen.rank(c) > r))
    pool = len(seen.pool) or 1
    chance = 1.0
    for seat in seen.later:
        size = seen.sizes[seat]
        holds = 1 - (1 - min(1.0, size / pool)) ** beaters
        will = BEAT_WILL * holds if wants(seen, seat, lead) else 0.0
        chance *= 1 - (will + (1 - BEAT_WILL) * beaters / pool)
    return chance


def strength(seen, card):
    """A rough chance a kept card wins some later trick when played."""
    if seen.is_trump(card):
        return TRUMP_STRENGTH
    return ((seen.rank(card) - 1) / 8) ** STRENGTH_POWER * 0.6


def bundle_size(seen, card):
    """How many cards winning with `card` brings: a trump brings a face-down extra."""
    return 2 if seen.is_trump(card) else 1


def keep_worth(seen, card, base):
    """What holding `card` for a later trick is worth (negative: a card we would rather lose)."""
    worth = acquire_worth(seen, colour_of(card), bundle_size(seen, card), base)
    return strength(seen, card) * worth * (KEEP_ASSET if worth > 0 else KEEP_RISK)


def play_worth(seen, card, base):
    """Expected worth of playing `card` now, against keeping it."""
    colour = colour_of(card)
    lead = colour if seen.lead is None else seen.lead
    win = win_chance(seen, card)
    worth = win * acquire_worth(seen, colour, bundle_size(seen, card), base)
    if colour == lead and seen.rank(card) == 1 and win < 1:
        worth += (1 - win) * acquire_worth(seen, colour, 1, base)
    return worth - keep_worth(seen, card, base)


# --- the decisions ------------------------------------------------------------------------------
def choose_play(seen, legal):
    """The card with the best expected worth."""
    base = standing(seen, seen.counts, seen.scores)
    return max(legal, key=lambda a: (play_worth(seen, a[1], base), -a[1]))


def choose_pass(seen, legal):
    """Pass the two cards worth least to keep, else the highest (fewer unwanted wins later)."""
    base = standing(seen, seen.counts, seen.scores)
    order = sorted(seen.hand, key=lambda c: (keep_worth(seen, c, base), -seen.rank(c), c))
    want = (order[0], order[1])
    return next((a for a in legal if (a[1], a[2]) == want), legal[0])


def choose_gift(seen, view, legal):
    """Offer the bundle to the neighbour whose answer we expect to be worth most."""
    gift = view["gift"]
    k = 2 if gift["extra"] else 1
    best, pick = None, legal[0]
    for action in legal:
        receiver = gift[action[1]]
        p = accept_chance(seen, seen.me, receiver, gift["colour"], k)
        worth = p * accepted(seen, seen.me, receiver, gift["colour"], k, seen.me) + \
            (1 - p) * refused(seen, seen.me, seen.me)
        if best is None or worth > best:
            best, pick = worth, action
    return pick


def choose_answer(seen, view, legal):
    """Accept when the card and the +1 are worth more to us than the giver's ±1."""
    gift = view["gift"]
    k = 2 if gift["extra"] else 1
    yes = accepted(seen, gift["giver"], seen.me, gift["colour"], k, seen.me)
    no = refused(seen, gift["giver"], seen.me)
    want = ("accept",) if yes > no else ("refuse",)
    return want if want in legal else legal[0]


def choose_extra(seen, legal):
    """Any extra scores the same (it lies face down in the trump's colour): take the highest."""
    return max(legal, key=lambda a: (seen.rank(a[1]), a[1]))


def choose(view, legal, rng):
    """The heuristic bot's action (a tuple, as the engine's legal_actions() gives it)."""
    legal = [tuple(a) for a in legal]
    if len(legal) == 1:
        return legal[0]
    return decide(Seen(view), view, legal, rng)


def play(state, seat, legal, rng):
    """The bot's choice read straight from the state (the search's playouts): the same action
    as choose(state.view(seat), legal, rng)."""
    if len(legal) == 1:
        return legal[0]
    return decide(Seen.from_state(state, seat), {"phase": state.phase,
                                                 "gift": observer.gift(state)}, legal, rng)


def decide(seen, view, legal, rng):
    """The action for what the seat knows (`view` gives the phase and the gift offered)."""
    phase = view["phase"]
    if phase == "pass":
        return choose_pass(seen, legal)
    if phase == "play":
        return choose_play(seen, legal)
    if phase == "gift":
        return choose_gift(seen, view, legal)
    if phase == "accept":
        return choose_answer(seen, view, legal)
    if phase == "extra":
        return choose_extra(seen, legal)
    return legal[rng.randrange(len(legal))]


def ranked(view, legal, rng):
    """The legal actions best first (the bot's choice first): cards by expected worth, passes
    by how little the two cards are worth keeping, any other decision its choice first."""
    legal = [tuple(a) for a in legal]
    first = choose(view, legal, rng)
    if len(legal) == 1:
        return legal
    seen = Seen(view)
    phase = view["phase"]
    if phase == "play":
        base = standing(seen, seen.counts, seen.scores)
        key = {a: (play_worth(seen, a[1], base), -a[1]) for a in legal}
        rest = sorted((a for a in legal if a != first), key=key.get, reverse=True)
    elif phase == "pass":
        base = standing(seen, seen.counts, seen.scores)
        order = sorted(seen.hand, key=lambda c: (keep_worth(seen, c, base), -seen.rank(c), c))
        place = {c: i for i, c in enumerate(order)}
        rest = sorted((a for a in legal if a != first),
                      key=lambda a: (place[a[1]] + place[a[2]], place[a[1]] > place[a[2]],
                                     place[a[1]]))
    else:
        rest = [a for a in legal if a != first]
    return [first] + rest


# --- what the bot registry seats (pygame_rules/bots.py adds random, easy, normal and hard) --------
BOTS = {"heuristic": choose}
DESCRIPTIONS = {"random": "take.bot.random", "heuristic": "take.bot.heuristic"}   # how each plays
