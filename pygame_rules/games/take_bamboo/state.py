"""TAKE トリックの翁: bamboo trick-taking, card passing, the two-colour limit, gifting, race to 25.

Rules: docs/rules/take-bamboo.md (G1, R1, T1, S1, S2, E1 and the house rules HR-T1..T12).
Seats sit clockwise 0..n-1: a seat's left neighbour is seat + 1 (the next to play), its right
neighbour seat - 1. Every decision is an action of the seat that makes it:

    ("pass", left_card, right_card)   each seat in turn from the dealer; the others' choices
                                      are hidden until all have chosen, then the cards move
    ("play", card)                    any card from the hand
    ("extra", card)                   a trump winner picks its extra from the trick (HR-T6)
    ("gift", "left" | "right")        a card that would be a 3rd colour goes to a neighbour
    ("accept",) / ("refuse",)         the neighbour's answer (forced refusals need no action)

A tableau stack holds entries: a card id when face up, ~id (negative) when face down.
"""

from operator import itemgetter, mul

from ...core import GameState, short
from ...messages import text
from ...setup_fields import (MAX_SCORE, all_different, bad, known_keys, number, numbers,
                             sequence)
from . import observer
from .cards import (BAMBOO, BIT, COLOUR_OF, COLOURS, GLOWING, MASK_BYTES, MAX_ROUNDS, POWERS,
                    PRESETS, TARGET, TRUMP_POWER, by_byte, DECK, card_name, colour_of, hand_mask,
                    rank_table, trick_winner)  # noqa: F401  (tests import trick_winner here)

HAND_SIZE = {3: 10, 4: 10, 5: 9, 6: 8}
TRUMP_NUMBERS = (2, 3, 4, 5, 6)          # HR-T2
ARITY = {"pass": 3, "play": 2, "extra": 2, "gift": 2, "accept": 1, "refuse": 1}
PHASE_OF = {"pass": "pass", "play": "play", "extra": "extra", "gift": "gift",
            "accept": "accept", "refuse": "accept"}   # the phase each kind of action belongs to
PLAY = tuple(("play", c) for c in range(BAMBOO))       # every action made once, by card id,
EXTRA = tuple(("extra", c) for c in range(BAMBOO))     # so a list of legal actions is only
PASS = tuple(tuple(("pass", a, b) for b in range(BAMBOO)) for a in range(BAMBOO))  # picked
PLAYS = by_byte(PLAY)                                  # the plays of a hand, by byte of its mask
PLAYS0, PLAYS1, PLAYS2, PLAYS3, PLAYS4, PLAYS5, PLAYS6 = PLAYS  # each byte's, for _legal_actions
CARDS = by_byte(range(BAMBOO))                         # the cards of a hand, by byte of its mask
CARDS0, CARDS1, CARDS2, CARDS3, CARDS4, CARDS5, CARDS6 = CARDS  # each byte's, for _legal_actions
GIFTS = (("gift", "left"), ("gift", "right"))
CLOCKWISE = {n: tuple(tuple((dealer + i) % n for i in range(n)) for dealer in range(n))
             for n in HAND_SIZE}                       # [n][dealer]: the seats from the dealer
DEAL = {n: tuple(slice(i * size, (i + 1) * size) for i in range(n))
        for n, size in HAND_SIZE.items()}              # [n]: each seat's slice of the deck
ANSWERS = (("accept",), ("refuse",))
OPTIONAL_FIELDS = ("pass", "round", "trump", "dealer", "draw", "discard", "scores", "tableau")


def colour_points(counts):
    """S1: each player's points for one colour from everyone's counts of it: the count times
    the number of players tied on it (no count, no points), but 0 for the sole most."""
    out = list(map(mul, counts, map(counts.count, counts)))
    top = max(counts)
    if counts.count(top) == 1:
        out[counts.index(top)] = 0
    return out


def pass_actions(hand):
    """Every ("pass", left, right) of two different cards of a sorted hand, left card first:
    the rows of PASS at the hand's cards are picked in C (itemgetter), and the one slice
    deletion drops the diagonal, every (a, a), at steps of len(hand) + 1."""
    if len(hand) < 2:
        return []
    pick = itemgetter(*hand)
    out = []
    for row in map(pick, pick(PASS)):
        out += row                     # a tuple's items copied at once (cheaper than chain)
    del out[::len(hand) + 1]
    return out


class TakeBambooState(GameState):
    """The whole table: hands, tableaux of bamboo, the trick, gifts in progress, the scores."""

    observer = observer    # what each seat sees is decided there (view, redact)

    __slots__ = ("n", "ranks", "trump", "round_no", "dealer", "hands", "tableau", "draw",
                 "glowing", "discard", "phase", "passes", "pass_order", "received", "leader",
                 "trick", "trick_no", "queue", "pending", "totals", "round_rows",
                 "current_player", "last_trick", "end_reason", "taken", "winner", "played")

    # --- set-up -----------------------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options, setup):
        """A new game: trump number and first dealer from the seed (or a test set-up)."""
        s = cls.__new__(cls)
        setup = _check_setup(setup, players, options)
        s._init_base(game, players, seed, options, setup)
        s.n = players
        s.ranks = rank_table(options["deck"])
        trump = options["trump"]
        s.trump = int(trump) if trump != "random" else TRUMP_NUMBERS[s.rng.below(5)]
        s.dealer = s.rng.below(players)
        s.totals = [0] * players
        s.winner = None
        s.round_rows = []
        s.round_no = 0
        s.end_reason = None
        if setup:
            s.trump = setup.get("trump", s.trump)
            s.dealer = setup.get("dealer", s.dealer)
            s.round_no = setup.get("round", 0)
            s.totals = list(setup.get("scores", s.totals))
        s.log({"type": "game_start", "players": players, "trump": s.trump, "dealer": s.dealer,
               "options": dict(options)})
        s._start_round()
        return s

    def _start_round(self):
        """R1: deal, draw the initial bamboo and its doubles, then everyone passes."""
        n = self.n
        self.tableau = [[[], [], []] for _ in range(n)]          # COLOURS stacks a seat
        self.glowing = list(GLOWING)
        self.discard = []
        self.trick, self.trick_no, self.queue, self.pending = [], 1, [], None
        self.last_trick, self.taken, self.played = None, [], []
        self.passes, self.received = [None] * n, [None] * n
        fixed = self.setup if self.setup and self.round_no == self.setup.get("round", 0) else None
        if fixed:
            hands = [sorted(h) for h in fixed["hands"]]
            used = set(sum(hands, [])) | {e if e >= 0 else ~e for st in fixed.get("tableau", [])
                                          for stack in st for e in stack}
            self.draw = list(fixed.get("draw") or [c for c in range(BAMBOO) if c not in used])
            self.discard = list(fixed.get("discard", []))
            self.draw = [c for c in self.draw if c not in self.discard]
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
            hands = list(map(sorted, map(deck.__getitem__, DEAL[n])))   # each seat's slice
            self.draw = deck[n * HAND_SIZE[n]:]
        self.hands = list(map(hand_mask, hands))
        self.log({"type": "round_start", "round": self.round_no + 1, "dealer": self.dealer,
                  "hands": hands, "draw": len(self.draw)})
        if fixed and "tableau" in fixed:
            self.tableau = [[list(stack) for stack in st] for st in fixed["tableau"]]
            self.glowing = [g for g in GLOWING if g not in used]
        else:
            self._initial_bamboo()
        self.leader = self.dealer
        if fixed and not fixed.get("pass", True):
            self._start_trick(self.dealer)
        else:
            self.phase = "pass"
            self.pass_order = list(self._clockwise())
            self.current_player = self.dealer

    def _clockwise(self):
        """Seats from the dealer, clockwise (a tuple of CLOCKWISE)."""
        return CLOCKWISE[self.n][self.dealer]

    def _initial_bamboo(self):
        """Each seat's initial bamboo, then a face-down double where it matches the trump."""
        draw, tableau, ranks, trump = self.draw, self.tableau, self.ranks, self.trump
        events = self.events                          # log() written out: a round has n of these
        doubles = []                                  # (seat, colour) of the trump-numbered
        for seat in CLOCKWISE[self.n][self.dealer]:
            card = draw.pop()
            colour = COLOUR_OF[card]
            tableau[seat][colour].append(card)
            if ranks[card] == trump:
                doubles.append((seat, colour))
            if events is not None:
                events.append({"type": "initial_bamboo", "seat": seat, "card": card,
                               "colour": colour})
        for seat, colour in doubles:
            glowing = self.n == 6 or not draw                      # HR-T4
            extra = self.glowing.pop() if glowing else draw.pop()
            tableau[seat][colour].append(~extra)
            self.log({"type": "initial_double", "seat": seat, "colour": colour, "extra": extra,
                      "glowing": glowing})

    # --- legality ---------------------------------------------------------------------------
    def _legal_actions(self):
        """Every action the current seat may take, in a stable order."""
        phase = self.phase
        if phase == "play":
            # picked_by_byte(hand, PLAYS) written out: nine actions in ten are plays
            b0, b1, b2, b3, b4, b5, b6 = self.hands[self.current_player].to_bytes(MASK_BYTES,
                                                                                  "little")
            return [*PLAYS0[b0], *PLAYS1[b1], *PLAYS2[b2], *PLAYS3[b3], *PLAYS4[b4],
                    *PLAYS5[b5], *PLAYS6[b6]]
        if self.current_player is None:
            return []
        if phase == "pass":
            b0, b1, b2, b3, b4, b5, b6 = self.hands[self.current_player].to_bytes(MASK_BYTES,
                                                                                  "little")
            return pass_actions([*CARDS0[b0], *CARDS1[b1], *CARDS2[b2], *CARDS3[b3],
                                 *CARDS4[b4], *CARDS5[b5], *CARDS6[b6]])   # picked_by_byte
        if phase == "extra":
            return [EXTRA[c] for c in self._extra_choices()]
        if phase == "gift":
            return list(GIFTS)
        return list(ANSWERS)

    def _refusal(self, action):
        """(message id, parameters) saying why an action that is not legal now is refused."""
        kind, phase = action[0], self.phase
        wanted = PHASE_OF.get(kind)
        if wanted is None:
            return "error.bad_action", {"action": short(action)}
        if wanted != phase:
            return "take.refuse.wrong_phase." + phase, {}
        if not all(type(a) is (str if kind == "gift" else int) for a in action[1:]):
            return "error.bad_action", {"action": short(action)}
        return self._refusal_id(action), self._refusal_params(action)

    def _refusal_id(self, action):
        """The message id saying why a well-formed action of this phase is refused."""
        hand = self.hands[self.current_player]
        cards = [a for a in action[1:] if isinstance(a, int) and not isinstance(a, bool)]
        if len(cards) != len(action) - 1 or len(action) != ARITY[action[0]] or \
                not all(0 <= c < BAMBOO for c in cards):
            return "error.bad_action"
        if self.phase in ("pass", "play") and any(not hand >> c & 1 for c in cards):
            return "take.refuse.not_in_hand"
        if self.phase == "pass":
            return "take.refuse.pass_two_different"
        if self.phase == "extra":
            return "take.refuse.extra_not_offered"
        return "error.bad_action"

    def _refusal_params(self, action):
        """Parameters for the refusal message."""
        bad = next((c for c in action[1:] if isinstance(c, int) and 0 <= c < BAMBOO and
                    not self.hands[self.current_player] >> c & 1), None)
        return {"action": short(action), "card": card_name(bad, self.ranks) if bad is not None
                else ""}

    def describe(self, action):
        """The action in words."""
        kind = action[0]
        if kind in ("play", "extra"):
            return card_name(action[1], self.ranks)
        if kind == "pass":
            return text("take.describe.pass", {"left": card_name(action[1], self.ranks),
                                               "right": card_name(action[2], self.ranks)})
        return text("take.describe." + "_".join(action))

    # --- playing ----------------------------------------------------------------------------
    def _apply(self, action):
        """Carry out a checked action (a play, nine actions in ten, without a further call)."""
        if action[0] != "play":
            DO[action[0]](self, *action[1:])
            return
        card, seat, trick = action[1], self.current_player, self.trick
        self.hands[seat] ^= BIT[card]
        trick.append([seat, card])     # a list, so the finished trick is the event's "cards"
        self.played.append(card)
        events = self.events
        if events is not None:
            events.append({"type": "card_played", "seat": seat, "card": card,
                           "trick": self.trick_no, "trump": self.ranks[card] == self.trump})
        if len(trick) < self.n:
            self.current_player = (seat + 1) % self.n
        else:
            self._settle_trick()

    def _do_pass(self, left, right):
        """Set aside this seat's two cards; once all have chosen, hand them over."""
        seat, hands, passes = self.current_player, self.hands, self.passes
        hands[seat] &= ~(BIT[left] | BIT[right])
        passes[seat] = (left, right)
        events = self.events
        if events is not None:
            events.append({"type": "pass_chosen", "seat": seat, "left": left, "right": right})
        for waiting in self.pass_order:
            if passes[waiting] is None:
                self.current_player = waiting
                return
        n, received, moved = self.n, self.received, []
        for s in range(n):
            from_left = passes[(s + 1) % n][1]     # the left neighbour passes right
            from_right = passes[s - 1][0]          # the right neighbour passes left (-1: n - 1)
            hands[s] |= BIT[from_left] | BIT[from_right]
            received[s] = (from_left, from_right)
            moved.append([from_left, from_right])
        if events is not None:
            events.append({"type": "pass_exchange", "received": moved})
        self._start_trick(self.dealer)

    def _start_trick(self, leader):
        """A new trick, led by `leader`."""
        self.phase = "play"
        self.leader = leader
        self.trick = []
        self.current_player = leader

    def _settle_trick(self):
        """T1.3–4: the winner, then every acquisition in play order."""
        trick, trump, trick_no = self.trick, self.trump, self.trick_no
        cards = self.played[-len(trick):]             # the trick's cards: the round's last plays
        lead = COLOUR_OF[cards[0]]
        # trick_winner read from a table: the first card of the highest power (POWERS), the
        # powers picked by an itemgetter (a trick has 3 cards or more, so it gives a tuple)
        powers = itemgetter(*cards)(POWERS[self.options["deck"]][trump][lead])
        top = max(powers)
        won = powers.index(top)
        winner, card = trick[won]
        by_trump = top == TRUMP_POWER
        self.winner = winner
        # The finished trick's [seat, card] list is the event's and last_trick's "cards" as it
        # is: no card joins it any more (_finish_trick starts a new list), and nothing changes
        # an event or last_trick once made.
        self.last_trick = {"trick": trick_no, "winner": winner, "by_trump": by_trump,
                           "cards": trick}
        events = self.events
        if events is not None:
            events.append({"type": "trick_won", "seat": winner, "card": card,
                           "by_trump": by_trump, "trick": trick_no, "cards": trick})
        colour, stacks, discard = COLOUR_OF[card], self.tableau[winner], self.discard
        if (1 in powers or trump == 1          # the 1s of the lead colour are acquired too (T1.4)
                or by_trump and not discard    # an extra from the trick (HR-T6)
                or not stacks[colour] and stacks.count([]) < COLOURS - 1):   # a gift
            self._queue_acquisitions(card, by_trump, lead)
            return
        # The usual trick, most of them: the winner acquires its card (a trump winner with the
        # discard pile's top card face down) and the rest is discarded. _next_acquisition and
        # _finish_trick written out; queue and taken stay the empty lists of a trick in play.
        stack = stacks[colour]
        stack.append(card)
        if by_trump:
            extra = discard.pop()
            stack.append(~extra)
        cards.remove(card)
        discard += cards
        if events is not None:
            if by_trump:
                events.append({"type": "extra_taken", "seat": winner, "source": "discard",
                               "card": extra})
            events.append({"type": "acquire", "seat": winner, "card": card, "colour": colour,
                           "extra": by_trump})
            events.append({"type": "discarded", "cards": cards, "trick": trick_no})
        self.trick = []
        if any(self.hands):
            self.trick_no = trick_no + 1
            self.leader = self.current_player = winner    # _start_trick(winner) written out
        else:
            self._score_round()

    def _queue_acquisitions(self, card, by_trump, lead):
        """T1.4: queue the winning card and the 1s of the lead colour, in play order; resolve."""
        ranks = self.ranks
        queue, taken = [], []
        for s, c in self.trick:
            if c == card:
                queue.append((s, c, by_trump))
                taken.append(c)
            elif ranks[c] == 1 and COLOUR_OF[c] == lead:
                queue.append((s, c, False))
                taken.append(c)
        self.queue, self.taken = queue, taken
        self._next_acquisition()

    def _next_acquisition(self):
        """Resolve queued acquisitions one by one; then discard the rest and lead on."""
        queue = self.queue
        while queue:
            seat, card, extra = queue.pop(0)
            colour = COLOUR_OF[card]
            bundle = [card]
            if extra and self.discard:
                from_pile = self.discard.pop()
                bundle.append(~from_pile)
                self.log({"type": "extra_taken", "seat": seat, "source": "discard",
                          "card": from_pile})
            elif extra and self.options["trick_extra"] == "winner_chooses":
                choices = self._extra_choices()
                if len(choices) > 1:
                    self.pending = {"seat": seat, "bundle": bundle, "colour": colour}
                    self.phase, self.current_player = "extra", seat
                    return
                if choices:
                    bundle.append(~self._take_extra(seat, choices[0]))
            if not self._place_or_gift(seat, bundle, colour):
                return
        self._finish_trick()

    def _extra_choices(self):
        """Cards of this trick nobody acquires: the trump winner's possible extras (HR-T6)."""
        return sorted(c for _, c in self.trick if c not in self.taken)

    def _take_extra(self, seat, card):
        """Take `card` from the trick as the trump winner's face-down extra."""
        self.taken.append(card)
        self.log({"type": "extra_taken", "seat": seat, "source": "trick", "card": card})
        return card

    def _do_extra(self, card):
        """The trump winner picked its extra from the trick."""
        p = self.pending
        p["bundle"].append(~self._take_extra(p["seat"], card))
        self.pending = None
        if self._place_or_gift(p["seat"], p["bundle"], p["colour"]):
            self._next_acquisition()

    def held(self, seat):
        """The colours in a seat's tableau."""
        return [c for c in range(COLOURS) if self.tableau[seat][c]]

    def can_take(self, seat, colour):
        """True if `colour` would not be a 3rd colour for `seat`."""
        stacks = self.tableau[seat]
        if stacks[colour]:
            return True
        return stacks.count([]) >= COLOURS - 1        # at most one colour held

    def _place_or_gift(self, seat, bundle, colour):
        """Place a bundle, or start a gift; True when play can go on without a decision."""
        if self.can_take(seat, colour):
            self._place(seat, bundle, colour, "acquire")
            return True
        self.pending = {"giver": seat, "bundle": bundle, "colour": colour, "receiver": None}
        self.phase, self.current_player = "gift", seat
        return False

    def _place(self, seat, bundle, colour, how):
        """Stack a bundle in a seat's tableau (face-down extras stay face down)."""
        self.tableau[seat][colour].extend(bundle)
        self.log({"type": how, "seat": seat, "card": bundle[0], "colour": colour,
                  "extra": len(bundle) > 1})

    def _do_gift(self, direction):
        """The giver offers the bundle to a neighbour, who may be forced to refuse."""
        p = self.pending
        giver = p["giver"]
        receiver = (giver + 1) % self.n if direction == "left" else (giver - 1) % self.n
        p["receiver"] = receiver
        forced = not self.can_take(receiver, p["colour"])
        self.log({"type": "gift_offered", "giver": giver, "receiver": receiver,
                  "direction": direction, "card": p["bundle"][0], "colour": p["colour"],
                  "extra": len(p["bundle"]) > 1, "forced_refusal": forced})
        if forced:
            self._refuse(forced=True)
        else:
            self.phase, self.current_player = "accept", receiver

    def _do_accept(self):
        """The receiver stacks the bundle; both score 1; 25 ends the game at once."""
        p, self.pending = self.pending, None
        self._place(p["receiver"], p["bundle"], p["colour"], "gift_received")
        for seat in (p["giver"], p["receiver"]):
            self.totals[seat] += 1
        self.log({"type": "gift_accepted", "giver": p["giver"], "receiver": p["receiver"],
                  "scores": list(self.totals)})
        if max(self.totals) >= TARGET:
            self._end_game("gift")
            return
        self._resume()

    def _do_refuse(self):
        """The receiver refuses: the bundle is discarded and the giver (HR-T9) loses 1."""
        self._refuse(forced=False)

    def _refuse(self, forced):
        """Discard the gift and charge the penalty (never below 0)."""
        p, self.pending = self.pending, None
        self.discard.extend(e if e >= 0 else ~e for e in p["bundle"])
        who = p["giver"] if self.options["penalty"] == "giver" else self.winner
        before = self.totals[who]
        self.totals[who] = max(0, before - 1)
        self.log({"type": "gift_refused", "giver": p["giver"], "receiver": p["receiver"],
                  "forced": forced, "penalised": who, "points": self.totals[who] - before,
                  "scores": list(self.totals)})
        self._resume()

    def _resume(self):
        """Go on with the trick's remaining acquisitions after a decision."""
        self.phase = "play"
        self._next_acquisition()

    def _finish_trick(self):
        """T1.6–7: the cards nobody took are discarded; the winner leads or the round ends."""
        taken, trick_no = self.taken, self.trick_no
        rest = self.played[-len(self.trick):]
        if len(taken) == 1:               # the usual trick: only the winning card was taken
            rest.remove(taken[0])
        else:
            rest = [c for c in rest if c not in taken]
        self.discard += rest
        events = self.events
        if events is not None:
            events.append({"type": "discarded", "cards": rest, "trick": trick_no})
        self.queue, self.taken, self.trick = [], [], []
        if any(self.hands):
            self.trick_no = trick_no + 1
            self.phase = "play"               # _start_trick(self.winner), written out
            self.leader = self.current_player = self.winner
        else:
            self._score_round()

    # --- scoring ----------------------------------------------------------------------------
    def counts(self, colour):
        """Every seat's count of one colour (face-up and face-down entries)."""
        return [len(self.tableau[s][colour]) for s in range(self.n)]

    def _score_round(self):
        """S1 and S2: score each colour, then end the game or deal the next round."""
        counts = [list(map(len, stacks)) for stacks in self.tableau]              # by seat
        points = list(zip(*map(colour_points, zip(*counts))))                     # by seat too
        totals, rows = self.totals, []
        for s in range(self.n):
            got = sum(points[s])
            totals[s] += got
            rows.append({"seat": s, "counts": counts[s], "points": list(points[s]),
                         "round": got, "score": totals[s]})
        self.round_rows.append(rows)
        self.log({"type": "round_scores", "round": self.round_no + 1, "rows": rows})
        if max(totals) >= TARGET:
            self._end_game("target")
        elif self.round_no + 1 >= MAX_ROUNDS:
            self._end_game("rounds")
        else:
            self.dealer = self.winner
            self.round_no += 1
            self._start_round()

    def _end_game(self, reason):
        """E1: the game is over."""
        self.current_player = None
        self.phase = "over"
        self.end_reason = reason
        self.log({"type": "game_end", "reason": reason, "scores": list(self.totals),
                  "winners": self._winners()})

    def _winners(self):
        """Closest to 25 among those who reached it, else the highest; ties share."""
        reached = [s for s in self.totals if s >= TARGET]
        best = min(reached) if reached else max(self.totals)
        return [i for i, s in enumerate(self.totals) if s == best]

    def scores(self):
        """Each player's score."""
        return list(self.totals)

    # --- cloning ----------------------------------------------------------------------------
    def clone(self, keep_events=True):
        """A cheap independent copy; searches pass keep_events=False."""
        s = TakeBambooState.__new__(TakeBambooState)
        s._clone_base(self, keep_events)
        s.n, s.ranks, s.trump, s.round_no = self.n, self.ranks, self.trump, self.round_no
        s.dealer, s.phase, s.leader = self.dealer, self.phase, self.leader
        s.trick_no = self.trick_no
        s.current_player, s.last_trick = self.current_player, self.last_trick
        s.end_reason, s.winner = self.end_reason, self.winner
        s.pass_order = getattr(self, "pass_order", None)   # unset in a set-up without passing
        s.hands, s.totals, s.draw = self.hands[:], self.totals[:], self.draw[:]
        s.glowing, s.discard = self.glowing[:], self.discard[:]
        s.tableau = [list(map(list.copy, stacks)) for stacks in self.tableau]
        s.passes, s.received = self.passes[:], self.received[:]
        s.trick, s.queue, s.taken = self.trick[:], self.queue[:], self.taken[:]
        s.round_rows, s.played = self.round_rows[:], self.played[:]
        s.pending = None if self.pending is None else dict(self.pending,
                                                           bundle=self.pending["bundle"][:])
        return s


    # --- accounting (tests and the AI) --------------------------------------------------------
    def card_places(self):
        """Where every card is: hands, passes in flight, tableaux, trick, discard, draw, glowing."""
        flight = [c for p in self.passes if p and self.phase == "pass" for c in p]
        tableau = [e if e >= 0 else ~e for seat in self.tableau for st in seat for e in st]
        trick = [c for _, c in self.trick if c not in self.taken] + [c for _, c, _ in self.queue]
        pending = [e if e >= 0 else ~e for e in (self.pending or {}).get("bundle", [])]
        return {"hands": list(self.hands), "passes": flight, "tableau": tableau,
                "trick": trick, "pending": pending, "discard": list(self.discard),
                "draw": list(self.draw), "glowing": list(self.glowing)}


# each other kind of action's _do_ method, by kind (a dict read, not getattr of a new string)
DO = {kind: getattr(TakeBambooState, "_do_" + kind)
      for kind in ("pass", "extra", "gift", "accept", "refuse")}


def _check_setup(setup, players, options):
    """Validate a test position, field by field, and put it in canonical JSON form (or None)."""
    if setup is None:
        return None
    known_keys(setup, ("hands",), OPTIONAL_FIELDS)
    hands = [numbers(h, 0, BAMBOO - 1, "a hand", range(1, 11))
             for h in sequence(setup["hands"], "hands", (players,))]
    out = {"hands": hands, "pass": setup.get("pass", True),
           "round": number(setup.get("round", 0), 0, MAX_ROUNDS - 1, "the round")}
    if type(out["pass"]) is not bool:
        raise bad("pass must be true or false")
    if "trump" in setup:
        out["trump"] = number(setup["trump"], 1, PRESETS[options["deck"]][0], "the trump")
    if "dealer" in setup:
        out["dealer"] = number(setup["dealer"], 0, players - 1, "the dealer")
    for key in ("draw", "discard"):
        if key in setup:
            out[key] = numbers(setup[key], 0, BAMBOO - 1, "the " + key)
    if "scores" in setup:
        out["scores"] = numbers(setup["scores"], 0, MAX_SCORE, "the scores",
                                (players,))
    if "tableau" in setup:
        out["tableau"] = [_tableau_of(seat, players)
                          for seat in sequence(setup["tableau"], "the tableau", (players,))]
    _validate_setup(out, players)
    return out


def _tableau_of(seat, players):
    """One seat's tableau of a set-up: 3 stacks of entries (a card id, ~id face down), face-up
    cards in their colour's stack, at most two colours held (SetupError otherwise)."""
    stacks = [numbers(stack, ~(BAMBOO + len(GLOWING) - 1), BAMBOO - 1, "a tableau stack")
              for stack in sequence(seat, "a tableau (3 stacks per player)", (COLOURS,))]
    if any(colour_of(e) != c for c, stack in enumerate(stacks) for e in stack if e >= 0):
        raise bad("a face-up card sits in the stack of another colour")
    if all(stacks):
        raise bad("a tableau holds at most two colours")
    return stacks


def _validate_setup(out, players):
    """Refuse a set-up that breaks the game's invariants."""
    hands = out["hands"]
    if len({len(h) for h in hands}) != 1:
        raise bad("give every player a hand of 1 to 10 cards, all the same size")
    tableau = out.get("tableau", [])
    cards = sum(hands, []) + [e if e >= 0 else ~e for seat in tableau for st in seat
                              for e in st] + out.get("draw", []) + out.get("discard", [])
    all_different(cards)
    if "tableau" not in out and len(out.get("draw") or
                                    [c for c in range(BAMBOO) if c not in cards]) < players:
        raise bad("the draw pile needs an initial bamboo for every player")
    if out["pass"] and len(hands[0]) < 2:
        raise bad("passing needs at least 2 cards in every hand")
