"""Information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) over the
engine contract, for every game.

Each iteration deals a determinization, a full state consistent with what the searching seat
knows (the game's `infoset.resample`), walks one shared tree of actions with UCB restricted
to the actions legal in that determinization (counting how often each was available), adds
one node, plays the rest out with a fast policy and backs up each player's reward at the
nodes where that player chose. The tree's most visited root action is the move.

The search reads the true state only through the resampler, which re-deals everything the
seat cannot see from its own random generator: same information and same seed, same move.
It is anytime: it stops at an iteration cap or a wall-clock budget, whichever comes first.
"""

import math
import time

from .games.rechord.cards import SONGS



def _take_a_chord():
    """Take The "A" Chord's resampler."""
    from .games.take_a_chord.infoset import resample
    return resample


def _take_bamboo():
    """TAKE's resampler."""
    from .games.take_bamboo.infoset import resample
    return resample


def _taktvoll():
    """Taktvoll's resampler."""
    from .games.taktvoll.infoset import resample
    return resample


def _rechord():
    """Re-Chord's resampler."""
    from .games.rechord.infoset import resample
    return resample


RESAMPLERS = {"take-a-chord": _take_a_chord, "take-bamboo": _take_bamboo,
              "taktvoll": _taktvoll, "rechord": _rechord}


def resampler(game_id):
    """The game's `infoset.resample(state, seat, rng)` (imported on first use)."""
    return RESAMPLERS[game_id]()


# another move beats the guide's only with this many visits and this much more mean reward.
# None: random playouts misjudge the game so badly that the guide's move is played without a
# search (measured with the trust (60, 0.06): Taktvoll's Hard won 12.5% of 40 4-player games
# against three heuristic bots, par 25%; Re-Chord's Hard 37.5% of 40 2-player games)
TRUST = {"take-a-chord": (20, 0.03), "take-bamboo": (20, 0.03), "taktvoll": None,
         "rechord": None}
EXPLORATION = 0.7          # UCB constant for rewards in [0, 1]
WIN_WEIGHT = 0.7           # reward = 0.7 · share of the win + 0.3 · where the score lies


class Node:
    """One action in the shared tree: who chose it, how often it was tried and available."""

    __slots__ = ("player", "children", "visits", "avail", "total")

    def __init__(self, player):
        self.player = player
        self.children = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0

    def ucb_child(self, keys, c):
        """The legal child with the best upper confidence bound (availability-corrected)."""
        best, best_value = None, -1.0
        for key in keys:
            child = self.children[key]
            child.avail += 1
            value = child.total / child.visits + c * math.sqrt(math.log(child.avail) /
                                                               child.visits)
            if value > best_value:
                best, best_value = key, value
        return best


def outcome(state):
    """Each seat's reward in [0, 1] at the end of a (real or cut-off) game."""
    if getattr(state, "jim", None) is not None:
        return solo_outcome(state)
    if state.is_over:
        scores, winners = state.scores(), state.winners()
    else:
        estimate = ESTIMATES.get(state.game.id)
        scores = estimate(state) if estimate else state.scores()
        winners = [s for s, v in enumerate(scores) if v == max(scores)]
    low, high = min(scores), max(scores)
    spread = (high - low) or 1
    return [WIN_WEIGHT * (1.0 / len(winners) if s in winners else 0.0) +
            (1 - WIN_WEIGHT) * (scores[s] - low) / spread for s in range(len(scores))]


ROUND_FIELD = {"take-a-chord": "venue", "take-bamboo": "round_no"}   # playouts stop there


def taktvoll_estimate(state):
    """Taktvoll cut short: points so far minus the cards still in hand (the end's penalty)."""
    return [t - h.bit_count() for t, h in zip(state.totals, state.hands)]


def rechord_estimate(state):
    """Re-Chord cut short: chord fame, a completed song, the genre's pad so far plus what the
    board would score in each fret not yet scored."""
    counts = state._colour_counts()
    left = state.scored.count(False)
    board = [sum(k * (k + 1) // 2 for k in counts[c]) for c in range(6)]
    out = []
    for seat in range(state.g):
        song = state.songs[seat]
        types = {c // 4 for c, _ in state.completed[seat]}
        song_fame = 18 if song is not None and set(SONGS[song]) <= types else 0
        genre = sum(sum(state.pad[c]) + left * board[c] for c in state.genres[seat])
        out.append(state.chord_fame(seat) + song_fame + genre)
    return out


ESTIMATES = {"taktvoll": taktvoll_estimate, "rechord": rechord_estimate}
PLAYOUT_CAPS = {"taktvoll": 40, "rechord": 30}      # then the estimate judges the position


def solo_outcome(state):
    """Re-Chord solo: beating Jim Bot, and by how much (so a sure win still seeks fame)."""
    if state.final is not None:
        mine, his = state.final[0]["total"], state.final[state.jim]["total"]
    else:
        mine, his = rechord_estimate(state)
    margin = (mine - his) / (abs(mine) + abs(his) + 10)
    return [WIN_WEIGHT * (mine > his) + (1 - WIN_WEIGHT) * (0.5 + 0.5 * margin)]


def random_playout(state, rng, cap, horizon=None):
    """Play uniformly random legal actions until the end, `cap` actions, or (with a horizon
    field) the end of the current venue or round, whose scores then judge the position."""
    mark = getattr(state, horizon) if horizon else None
    for _ in range(cap):
        if state.current_player is None or (horizon and getattr(state, horizon) != mark):
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])


class SearchBot:
    """ISMCTS for one game; `choose(state, rng)` returns the current player's move."""

    needs_state = True

    def __init__(self, game_id, iterations=1000, seconds=None, c=EXPLORATION,
                 playout_cap=None, horizon=True, guide=None):
        self.game_id = game_id
        self.resample = None                  # the game's resampler, imported on first use
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.playout_cap = playout_cap or PLAYOUT_CAPS.get(game_id, 400)
        self.horizon = ROUND_FIELD.get(game_id) if horizon else None
        self.last_iterations = 0
        self.guide = guide                    # a heuristic bot whose move is tried first

    def __call__(self, state, rng):
        """The search's move for `state.current_player` (legal in the real state)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        seat = state.current_player
        if self.resample is None:
            self.resample = resampler(self.game_id)
        guess = self._guess(state, seat, legal, rng)
        if guess is not None and TRUST.get(self.game_id, ()) is None:
            self.last_iterations = 0
            return guess
        root = Node(None)
        if guess is not None:
            root.children[(seat, guess)] = Node(seat)    # tried first, then like any other
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, self.resample(state, seat, rng), rng)
            done += 1
        self.last_iterations = done
        return self._pick(root, seat, legal, guess)

    def capped(self):
        """The same search without its clock: it stops at the iteration cap only, so the same
        seed always gives the same move (tournaments)."""
        return SearchBot(self.game_id, self.iterations, None, self.c, self.playout_cap,
                         self.horizon is not None, self.guide)

    def _guess(self, state, seat, legal, rng):
        """The guide's (heuristic bot's) move from the seat's view, or None without a guide."""
        if self.guide is None:
            return None
        move = self.guide(state.view(seat), legal, rng)
        return move if move in legal else None

    def _pick(self, root, seat, legal, guess):
        """The most visited move; the guide's move unless another has clearly done better."""
        children = {a: root.children[(seat, a)] for a in legal if (seat, a) in root.children}
        tried = [a for a in legal if a in children and children[a].visits]
        if not tried:
            return guess if guess is not None else legal[0]
        best = max(tried, key=lambda a: (children[a].visits, -legal.index(a)))
        if guess is None or guess == best or not children[guess].visits:
            return best
        b, g = children[best], children[guess]
        visits, margin = TRUST.get(self.game_id) or (20, 0.03)
        if b.visits >= visits and b.total / b.visits > g.total / g.visits + margin:
            return best
        return guess

    def _iterate(self, root, det, rng):
        """One determinized descent, expansion, playout and backup."""
        node, path = root, []
        while det.current_player is not None:
            player = det.current_player          # children are keyed by who moves, and how:
            keys = [(player, a) for a in det.legal_actions()]    # a claim window's holder
            children = node.children                             # differs between deals
            untried = [k for k in keys if k not in children or not children[k].visits]
            if untried:
                fresh = [k for k in untried if k in children]    # the guide's move first
                key = fresh[0] if fresh else untried[rng.randrange(len(untried))]
                child = children.get(key) or Node(player)
                children[key] = child
                for k in keys:
                    if k != key and k in children:
                        children[k].avail += 1
                det.apply(key[1])
                path.append(child)
                break
            key = node.ucb_child(keys, self.c)
            child = children[key]
            det.apply(key[1])
            path.append(child)
            node = child
        random_playout(det, rng, self.playout_cap, self.horizon)
        rewards = outcome(det)
        for child in path:
            child.visits += 1
            if child.player < len(rewards):
                child.total += rewards[child.player]


def search_bot(game_id, level, guide=None):
    """The search bot of a level ('normal', 'hard') for a game, as the bot registry seats it."""
    caps = LEVELS[level]
    return SearchBot(game_id, iterations=caps["iterations"].get(game_id, 500),
                     seconds=caps["seconds"], guide=guide)


LEVELS = {
    "normal": {"iterations": {"take-a-chord": 200, "take-bamboo": 200, "taktvoll": 200,
                              "rechord": 200}, "seconds": 0.4},
    "hard": {"iterations": {"take-a-chord": 1000, "take-bamboo": 1000, "taktvoll": 800,
                            "rechord": 800}, "seconds": 1.0},
}
