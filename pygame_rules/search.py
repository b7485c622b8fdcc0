"""The search bot: determinized Monte Carlo rollouts over the engine contract, for every game.

For the seat to move, the guide (the game's heuristic bot) ranks the legal actions from the
seat's view; the search keeps its best few as candidates (moves the game's `alike` key calls
the same count once). Then, sample after sample, it deals a determinization, a full state
consistent with what the seat knows (the game's `determinize(view, rng)`, from its observer,
which reads nothing but the seat's view and deals everything the seat cannot see anew from the
search's own random generator), and plays every candidate in a
copy of it, each followed by the same playout: every seat, the searching one included, plays
its guide's move from its own view in that deal, with the same random generator for every
candidate (common random numbers), up to the game's horizon (the end of the venue or round, or
a number of moves), where the game's reward judges the position. The candidates are compared by
their paired differences with the guide's own move: another candidate is played only if its
mean difference is positive by `z` standard errors.

Why rollouts of the guide and not a tree: a budget of about a second in the browser buys a few
hundred playouts, and what a seat's choice changes shows up in how the others answer it; a
playout by the guide answers as a sensible player would (against heuristic bots, exactly as they
would), the paired samples cancel the luck of the deal, and the guide's move stays the default
unless the samples say otherwise, so the search is never much weaker than its guide. (This is a
one-step policy improvement of the guide, the rollout algorithm of Bertsekas and Tsitsiklis,
over determinized deals as in perfect information Monte Carlo.)

The search is a bot like any other, `choose(view, legal, rng)`: it never receives the state, only
its seat's view, so it runs the same in the page's worker from the view's JSON; the same view and
the same seed give the same move. It is anytime: it stops at a playout cap or a wall-clock budget, whichever comes
first, at the end of a whole sample (so that every candidate has been tried on the same deals).
"""

import math
import random
import time

from .core import GAMES
from .rewards import outcome


def plan(game_id):
    """The game's search knobs: its `infoset` module, with the playouts of each level
    (`LEVELS`); knobs a module leaves out take the defaults below."""
    return GAMES[game_id].part("infoset")


def determinizer(game_id):
    """The game's `determinize(view, rng)` (its observer's): a full state dealt from a seat's
    view alone."""
    return GAMES[game_id].part("observer").determinize


HORIZON = None       # a state field; a playout stops when it changes (the venue, the round)
PLAYOUT_CAP = 400    # a playout stops after this many moves
WIDTH = 8            # candidates: the guide's best this many
SCORE = None         # (state, seat) -> the number a hint reports where a playout stopped
                     # (None: the seat's score, state.seat_scores())
QUIET = ()           # event types a hint leaves out of what a move sets off (pygame_rules/hint.py)
Z = 1.0              # a candidate replaces the guide's move when better by this many std errs
SECONDS = {"normal": 0.4, "hard": 1.0}   # each level's clock a move (the page's budget)


def knob(game, name):
    """One of the game's search knobs, or its default."""
    return getattr(game, name, globals()[name])


def horizon(game, state):
    """Where playouts from `state` (a deal: its public fields are the real ones) stop: the
    game's `horizon(state)` (a test of a state), or a change of its HORIZON field (None: only
    the cap and the end)."""
    custom = getattr(game, "horizon", None)
    if custom is not None:
        return custom(state)
    field = knob(game, "HORIZON")
    if field is None:
        return None
    mark = getattr(state, field)
    return lambda det: getattr(det, field) != mark


def distinct(ranked, game, view, width):
    """The first `width` actions of a ranking that differ in play: of actions the game's
    `alike(view, action)` gives the same key (two sixteenths on one row when pitch cannot
    matter), only the best ranked is a candidate."""
    alike = getattr(game, "alike", None)
    if alike is None:
        return ranked[:width]
    out, keys = [], set()
    for action in ranked:
        k = alike(view, action)
        if k not in keys:
            keys.add(k)
            out.append(action)
            if len(out) == width:
                break
    return out


def guide_ranking(guide, rank):
    """A function (view, legal, rng) -> the legal actions, the guide's choice first: the game's
    own `rank` if it has one, else the guide's move followed by the rest in order."""
    if rank is not None:
        return rank

    def ranked(view, legal, rng):
        """The guide's move first, the others after it."""
        first = guide(view, legal, rng)
        return [first] + [a for a in legal if a != first]
    return ranked


def view_policy(guide):
    """A playout policy that asks the guide from the seat's view."""
    if guide is None:
        return lambda state, seat, legal, rng: legal[rng.randrange(len(legal))]
    return lambda state, seat, legal, rng: guide(state.view(seat), legal, rng)


def as_actions(legal):
    """The legal list as hashable actions (JSON gives lists where actions are tuples)."""
    return [tuple(a) if isinstance(a, list) else a for a in legal]


class SearchBot:
    """The search for one game; `bot(view, legal, rng)` returns the move of the view's seat."""

    searches = True      # the page asks its worker for this bot's moves

    def __init__(self, game_id, playouts=600, seconds=None, guide=None, rank=None, policy=None,
                 width=None, z=None):
        self.game_id = game_id
        self.playouts = playouts
        self.seconds = seconds
        self.guide = guide                     # (view, legal, rng) -> action
        self.rank = guide_ranking(guide, rank) if guide is not None else None
        self.policy = policy or view_policy(guide)   # (state, seat, legal, rng) -> action
        self.width = width
        self.z = z
        self.last_playouts = 0               # playouts in the last move
        self.last_samples = 0                  # deals in the last move
        self.report = None                     # what the last move compared (make_report)
        self.include = None                    # a move the candidates must hold (one made,
                                               # explained: pygame_rules/hint.py)
        self._plan = self._deal = None

    def game(self):
        """The game's knobs, imported on first use."""
        if self._plan is None:
            self._plan, self._deal = plan(self.game_id), determinizer(self.game_id)
        return self._plan

    def __call__(self, view, legal, rng):
        """The search's move for the view's seat, which is to play: one of `legal`. What it
        compared is kept in `report` (see `make_report`)."""
        legal = as_actions(legal)
        self.last_playouts = self.last_samples = 0
        include = self.include if self.include in legal else None
        if len(legal) == 1:
            self.report = make_report(legal, 0, None, "only")
            return legal[0]
        seat = view["seat"]
        ranked = self.rank(view, legal, rng) if self.rank else legal
        game = self.game()
        width = self.width or knob(game, "WIDTH")
        candidates = distinct(ranked, game, view, width)
        if include is not None and include not in candidates:
            candidates.append(include)
        if len(candidates) == 1:
            self.report = make_report(candidates, 0, None, "only")
            return candidates[0]
        sums = [[0.0, 0.0] for _ in candidates]     # Σd, Σd² of d = v(a) − v(guide's move)
        totals = [[0.0, 0.0] for _ in candidates]   # Σv, Σ(the seat's score at the horizon)
        done = None
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        samples = 0
        while (samples + 1) * len(candidates) <= max(self.playouts, 2 * len(candidates)) and \
                (deadline is None or samples < 2 or time.perf_counter() < deadline):
            deal = self._deal(view, rng)
            if samples == 0:
                done = horizon(game, deal)
            values = self._sample(deal, seat, candidates, rng, game, done)
            for s, t, (v, score) in zip(sums, totals, values):
                d = v - values[0][0]
                s[0] += d
                s[1] += d * d
                t[0] += v
                t[1] += score
            samples += 1
        self.last_samples = samples
        self.last_playouts = samples * len(candidates)
        chosen = self._pick(sums, samples, game)
        self.report = make_report(candidates, chosen, (sums, totals, samples), "search")
        return candidates[chosen]

    def _sample(self, deal, seat, candidates, rng, game, done):
        """Every candidate played in a copy of one deal, then the same playout to the horizon
        `done`: (reward, the seat's score) of each, the guide's move first."""
        seed = rng.getrandbits(64)
        out = []
        for action in candidates:
            det = deal.clone(keep_events=False)
            det.apply(action)
            self._playout(det, random.Random(seed), game, done)
            out.append((self._reward(det, seat, game), self._score(det, seat, game)))
        return out

    def _playout(self, det, rng, game, done):
        """Every seat plays its guide's move (from its own view), to the horizon or the cap."""
        policy = self.policy
        for _ in range(knob(game, "PLAYOUT_CAP")):
            player = det.current_player
            if player is None or (done is not None and done(det)):
                return
            legal = det.legal_actions()
            det.apply(legal[0] if len(legal) == 1 else policy(det, player, legal, rng))

    @staticmethod
    def _score(det, seat, game):
        """What a hint reports for `seat` where the playout stopped: the game's SCORE, or the
        seat's score."""
        score = knob(game, "SCORE")
        return score(det, seat) if score else det.seat_scores()[seat]

    @staticmethod
    def _reward(det, seat, game):
        """The game's reward for `seat` where the playout stopped."""
        reward = getattr(game, "reward", None)
        return reward(det, seat) if reward else outcome(det, seat)

    def _pick(self, sums, samples, game):
        """The candidate with the best mean difference, if it beats the guide's move by z
        standard errors; else the guide's move (index 0)."""
        best = max(range(len(sums)), key=lambda i: (sums[i][0], -i))
        if best == 0 or samples < 2:
            return 0
        total, squares = sums[best]
        mean = total / samples
        var = max(0.0, squares / samples - mean * mean) * samples / (samples - 1)
        z = self.z if self.z is not None else knob(game, "Z")
        return best if mean > 0 and mean >= z * math.sqrt(var / samples) else 0


def make_report(candidates, chosen, stats, how):
    """What a move's search compared, JSON-able: the candidates (the guide's move first), the
    chosen one's index, how it was chosen ("only": no other candidate; "search"), the deals
    sampled, and per candidate the mean reward ("value"), the mean gain over the guide's move
    with its standard error ("gain", "se"), and the seat's mean score where the playouts
    stopped ("score": points at the horizon, or the game's SCORE there)."""
    report = {"candidates": [list(a) for a in candidates], "chosen": chosen, "how": how,
              "samples": 0, "value": [], "gain": [], "se": [], "score": []}
    if stats is None:
        return report
    sums, totals, samples = stats
    report["samples"] = samples
    for (d, d2), (v, score) in zip(sums, totals):
        mean = d / samples
        var = max(0.0, d2 / samples - mean * mean) * samples / max(1, samples - 1)
        report["value"].append(v / samples)
        report["gain"].append(mean)
        report["se"].append(math.sqrt(var / samples))
        report["score"].append(score / samples)
    return report


def search_bot(game_id, level, guide=None, rank=None, policy=None, clock=True):
    """A new search bot of a level ('normal', 'hard') for a game: the game's playout cap for the
    level (its `LEVELS`), and the level's clock unless `clock` is False (tournaments)."""
    return SearchBot(game_id, playouts=plan(game_id).LEVELS[level],
                     seconds=SECONDS[level] if clock else None, guide=guide, rank=rank,
                     policy=policy)
