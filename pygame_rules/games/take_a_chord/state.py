"""Take The "A" Chord: trick-taking with key changes, Improvisation and the Spotlight Card.

Rules: docs/rules/take-the-a-chord.md. Seats sit clockwise 0..n-1. With 3 players a fourth
seat (3) is the non-player: its 8 cards are a face-down stack whose top card is played as the
2nd card of every round; it is never `current_player`. Each house rule is an option read in
exactly one place (see `HOUSE_RULES` in `__init__`).

An action is `("play", card)`, the card an id 0..34 (chord * 5 + colour); saves before version 3
held the bare card id (`_upgrade`). Hands are bitmasks so states clone cheaply.
"""

from itertools import product

from ...core import GameState, short
from . import observer
from .cards import (CHART, CHORD_MASK, CHORD_OF, CHORDS, COLOUR_MASK, COLOUR_OF, DECK_SIZE,
                    IMPROVISATION_BONUS, IMPROVISATION_LIMIT, NON_PLAYER, card_name, cards_of,
                    colour_name, mask_of, venue_score)
from ...messages import join_list
from ...setup_fields import all_different, bad, known_keys, number, numbers, sequence

HAND_SIZE = 8
ALL_CARD_IDS = frozenset(range(DECK_SIZE))
DECK = list(range(DECK_SIZE))   # the deck before a deal's shuffle (copied, never changed)
PLAYS = tuple(("play", c) for c in range(DECK_SIZE))   # every card's action, made once
CHORD_NAME_OF = tuple(CHORDS[CHORD_OF[c]] for c in range(DECK_SIZE))   # "A".."G" of each card
CHORD_BIT = tuple(1 << CHORD_OF[c] for c in range(DECK_SIZE))   # its chord as one bit of 7
SAME_CHORD = tuple(CHORD_MASK[CHORD_OF[c]] for c in range(DECK_SIZE))   # its chord's 5 cards
SAME_COLOUR = tuple(COLOUR_MASK[COLOUR_OF[c]] for c in range(DECK_SIZE))  # its colour's 7
BIT = tuple(1 << c for c in range(DECK_SIZE))   # each card's bit in a hand's mask
# PAIR_BITS[a][b]: two cards' bits (one OR of two where a mask is summed: those are slow on 35 bits)
PAIR_BITS = tuple(tuple(BIT[a] | BIT[b] for b in range(DECK_SIZE)) for a in range(DECK_SIZE))
# PAIR_CHORDS[a][b]: the cards of either card's chord (the lead's and the non-player's at once)
PAIR_CHORDS = tuple(tuple(SAME_CHORD[a] | SAME_CHORD[b] for b in range(DECK_SIZE))
                    for a in range(DECK_SIZE))
COLOUR_BIT = tuple(1 << COLOUR_OF[c] for c in range(DECK_SIZE))   # its colour as one bit of 5
# PLAYED[seat][card] / NON_PLAYER_PLAYED[card]: a "card_played" event of the card by a seat (by
# the non-player) with its trick and round still to fill in. Copying one and setting those two
# costs about half of building the 8-field dict (copying a clean dict copies its table at once).
PLAYED = tuple(tuple({"seat": seat, "card": c, "chord": CHORDS[CHORD_OF[c]],
                      "colour": COLOUR_OF[c], "trick": 0, "round": 0, "non_player": False,
                      "type": "card_played"} for c in range(DECK_SIZE)) for seat in range(4))
NON_PLAYER_PLAYED = tuple({**event, "non_player": True} for event in PLAYED[NON_PLAYER])


def _byte_plays(low):
    """The plays of the cards low..low+7 whose bits are set in a byte, for each byte 0..255
    (each one the lowest bit's play before those of the byte without it: built in one step
    per byte, where picking the bits of every byte took ~7x the import time)."""
    table = [()]
    for byte in range(1, 256):
        rest = byte & (byte - 1)                # the byte without its lowest bit
        card = low + (byte ^ rest).bit_length() - 1
        table.append(((PLAYS[card],) if card < DECK_SIZE else ()) + table[rest])
    return tuple(table)


# BYTE_PLAYS[k][byte]: the plays of the cards 8k..8k+7 whose bits are set in `byte` (0..255)
BYTE_PLAYS = tuple(_byte_plays(low) for low in range(0, DECK_SIZE, 8))
# the same 5 tables as module names (the legal list reads them without unpacking BYTE_PLAYS)
BYTE0_PLAYS, BYTE1_PLAYS, BYTE2_PLAYS, BYTE3_PLAYS, BYTE4_PLAYS = BYTE_PLAYS


def plays_of(mask):
    """("play", card) for each card in a bitmask, cards ascending (one table look-up for each
    byte of the mask rather than a step per card: the same list as picked(mask, PLAYS)). The
    bytes come from one to_bytes: shifting the 35-bit mask is a slow two-digit int operation
    each time."""
    b0, b1, b2, b3, b4 = mask.to_bytes(5, "little")
    t0, t1, t2, t3, t4 = BYTE_PLAYS
    return [*t0[b0], *t1[b1], *t2[b2], *t3[b3], *t4[b4]]


def hand_mask(hand):
    """The bitmask of a hand of 8 cards (mask_of written out, two cards' bits at a time from
    PAIR_BITS: a dealt hand's is made 3 or 4 times a venue, and ORs of 35-bit ints are slow)."""
    c0, c1, c2, c3, c4, c5, c6, c7 = hand
    return PAIR_BITS[c0][c1] | PAIR_BITS[c2][c3] | PAIR_BITS[c4][c5] | PAIR_BITS[c6][c7]


def round_order(leader, players):
    """Seats in play order for a round led by `leader` (the non-player plays 2nd with 3)."""
    if players == 4:
        return (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)
    return (leader, NON_PLAYER, (leader + 1) % 3, (leader + 2) % 3)


# TRICK_RANKS[key][lead colour][card]: how strong a card is in a trick, 0 strongest: twice how
# far its chord stands below the key, plus 1 off the lead colour; times 4, so that adding a
# card's position (0..3) to it makes one number whose least is the winner, earliest on a tie
TRICK_RANKS = tuple(tuple(tuple(((CHORD_OF[c] - key) % 7 * 2 + (COLOUR_OF[c] != lead)) * 4
                                for c in range(DECK_SIZE)) for lead in range(5))
                    for key in range(7))
ROUND_ORDERS = {n: tuple(round_order(leader, n) for leader in range(n)) for n in (3, 4)}


def winning_position(cards, key, skip):
    """Index of the winning card of a round's 4: strongest chord, then lead colour, then
    earliest (the lead, never skipped, wins a tie); `skip` is 1 (the non-player's) or None."""
    ranks = TRICK_RANKS[key][COLOUR_OF[cards[0]]]
    if len(cards) != 4:       # part of a round (the rules' tests): the same rule, as a loop
        return min(ranks[c] + i for i, c in enumerate(cards) if i != skip) & 3
    c0, c1, c2, c3 = cards
    if skip == 1:
        return min(ranks[c0], ranks[c2] + 2, ranks[c3] + 3) & 3
    return min(ranks[c0], ranks[c1] + 1, ranks[c2] + 2, ranks[c3] + 3) & 3


class TakeAChordState(GameState):
    """The whole table: hands, the trick in play, the key, the Spotlight and the scores."""

    observer = observer    # what each seat sees is decided there (view, redact)

    __slots__ = ("n", "venue", "dealer", "hands", "np_stack", "np_next", "set_aside", "key",
                 "key_card", "order", "round_cards", "facedown", "rounds", "trick_no",
                 "won", "tricks", "impro", "spotlight", "totals", "impro_totals", "venue_rows",
                 "current_player", "last_round", "voids", "match")

    # --- set-up -----------------------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options, setup):
        """A new game, dealt from the seed (or from a test set-up for the first venue)."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options, _check_setup(setup, players))
        s.n = players
        s.venue = s.setup["venue"] if s.setup else 0
        s.totals = [0] * players
        s.impro_totals = [0] * players
        s.venue_rows = []
        s.log({"players": players, "options": dict(options), "type": "game_start"})
        s._start_venue()
        return s

    def _start_venue(self):
        """Deal (or take the set-up), flip the Key Chord and let the dealer's left lead."""
        if self.setup and self.venue == self.setup["venue"]:
            hands = self.setup["hands"]
            self.set_aside = tuple(sorted(ALL_CARD_IDS - set(sum(hands, []))))
            self.key = self.setup["key"]
            self.key_card = next((c for c in self.set_aside if CHORD_OF[c] == self.key), None)
            leader = self.setup["leader"]
            self.hands = [mask_of(h) for h in hands]
            stack = hands[NON_PLAYER]
            shown = [sorted(h) for h in hands]
        else:
            deck = DECK[:]
            self.rng.shuffle(deck)
            # the hands dealt straight into their sorted lists (the event's; sorted in place,
            # cheaper than sorted()), the masks from those; only the non-player's stack keeps
            # the deal's order
            stack = deck[24:32]
            shown = [deck[0:8], deck[8:16], deck[16:24], stack[:]]
            for hand in shown:
                hand.sort()
            self.hands = list(map(hand_mask, shown))
            set_aside = deck[32:]
            self.set_aside = tuple(set_aside)
            self.key_card = key_card = set_aside[0]
            self.key = CHORD_OF[key_card]
            leader = self.venue % self.n
        self.dealer = (leader - 1) % self.n
        self.np_stack = tuple(stack) if self.n == 3 else ()
        self.np_next = 0
        self.won = [0, 0, 0, 0]
        self.tricks = [0] * self.n
        self.impro = [0] * self.n
        self.voids = [0, 0, 0, 0]
        self.spotlight = None
        self.last_round = None
        self.trick_no = 1
        self.rounds = 1
        self.facedown = []
        self.log({"venue": self.venue + 1, "dealer": self.dealer, "leader": leader,
                  "key": CHORDS[self.key], "key_card": self.key_card, "hands": shown,
                  "non_player_stack": list(self.np_stack), "set_aside": list(self.set_aside),
                  "type": "venue_start"})
        self._start_round(leader)

    def _start_round(self, leader):
        """Begin a round of the current trick, led by `leader`."""
        self.order = ROUND_ORDERS[self.n][leader]
        self.round_cards = []
        self.match = self._match_pool() if self.facedown else 0
        self.current_player = leader

    # --- legality ---------------------------------------------------------------------------
    def _match_pool(self):
        """Bitmask of the cards sharing a chord with a card a follower may match: this round's
        face-up cards (HOUSE RULE), and the trick's face-down ones with the option off. Kept as
        `match`, which each card played adds to."""
        match = 0
        for c in self.round_cards:
            match |= SAME_CHORD[c]
        if self.facedown and not self.options["match_face_up_round_only"]:
            for c in self.facedown:
                match |= SAME_CHORD[c]
        return match

    def _legal_actions(self):
        """("play", card) for each card the current player may play, cards ascending: a card of
        the lead colour if it holds one, or a card matching a chord of the match pool (`match`);
        else any card."""
        hand = self.hands[self.current_player]
        if self.round_cards:
            follow = hand & SAME_COLOUR[self.round_cards[0]]
            if follow:
                hand = follow | (hand & self.match)
        # plays_of(hand), inline
        b0, b1, b2, b3, b4 = hand.to_bytes(5, "little")
        return [*BYTE0_PLAYS[b0], *BYTE1_PLAYS[b1], *BYTE2_PLAYS[b2], *BYTE3_PLAYS[b3],
                *BYTE4_PLAYS[b4]]

    def _refusal(self, action):
        """(message id, parameters) saying why an action that is not legal now is refused."""
        if len(action) != 2 or action[0] != "play" or type(action[1]) is not int or \
                not 0 <= action[1] < DECK_SIZE:
            return "error.bad_action", {"action": short(action)}
        card = action[1]
        if not self.hands[self.current_player] >> card & 1:
            return "tac.refuse.not_in_hand", {"card": card_name(card)}
        lead = COLOUR_OF[self.round_cards[0]]
        held = self.hands[self.current_player] & COLOUR_MASK[lead]
        return "tac.refuse.must_follow", {"colour": colour_name(lead),
                                          "held": join_list(card_name(c) for c in cards_of(held))}

    def describe(self, action):
        """The card's name, e.g. 'C Bluesy'."""
        return card_name(action[1])

    # --- playing ----------------------------------------------------------------------------
    def _apply(self, action):
        """Play the action's card for the current player, then the non-player's card if due.
        (Written flat, the non-player's card too: it runs for every card of every game.)"""
        seat, c = self.current_player, action[1]
        cards = self.round_cards
        # off the lead colour with no chord matched: void in it (colours compared first, as
        # small ints: most cards follow the lead's colour)
        if cards and COLOUR_OF[c] != COLOUR_OF[cards[0]] and not self.match >> c & 1:
            self.voids[seat] |= COLOUR_BIT[cards[0]]
        hands = self.hands
        hands[seat] ^= BIT[c]
        cards.append(c)
        events = self.events
        if events is not None:          # emit("card_played", ...) made in place: the commonest
            event = PLAYED[seat][c].copy()
            event["trick"], event["round"] = self.trick_no, self.rounds
            events.append(event)
        pos = len(cards)
        if pos == 4:
            self._end_round()           # (which sets `match` anew: the 4th card need not add)
        elif pos == 1 and self.n == 3:
            # the non-player plays the top card of its stack as the round's 2nd card
            top = self.np_stack[self.np_next]
            self.np_next += 1
            hands[NON_PLAYER] ^= BIT[top]
            cards.append(top)
            self.match |= PAIR_CHORDS[c][top]
            if events is not None:
                event = NON_PLAYER_PLAYED[top].copy()
                event["trick"], event["round"] = self.trick_no, self.rounds
                events.append(event)
            self.current_player = self.order[2]
        else:
            self.match |= SAME_CHORD[c]
            self.current_player = self.order[pos]

    def _is_last_trick(self):
        """HOUSE RULE: the last trick is any round in which every seat plays its last card."""
        return not any(self.hands)

    @property
    def last_trick(self):
        """The venue's last trick as the view shows it ({"trick", "winner", "rounds", "cards":
        [[seat, card] x 4]}, the cards of its final round), or None. Kept as the flat tuple
        `last_round` (no dict and 5 lists made for every trick) and made here when asked."""
        if self.last_round is None:
            return None
        trick, winner, rounds, o0, c0, o1, c1, o2, c2, o3, c3 = self.last_round
        return {"trick": trick, "winner": winner, "rounds": rounds,
                "cards": [[o0, c0], [o1, c1], [o2, c2], [o3, c3]]}

    @last_trick.setter
    def last_trick(self, last):
        """Set it from a view's "last_trick" (observer.from_view)."""
        self.last_round = None if last is None else (
            last["trick"], last["winner"], last["rounds"],
            *(x for pair in last["cards"] for x in pair))

    def _end_round(self):
        """Four cards are down: Improvisation, or settle the trick (its winner, the Spotlight,
        the Key Change) and lead the next one. (Written flat: it runs for every round.)"""
        last = not any(self.hands)      # _is_last_trick, inline
        cards, order, rounds, trick_no = self.round_cards, self.order, self.rounds, self.trick_no
        c0, c1, c2, c3 = cards
        blocked = False
        if SAME_CHORD[c0] >> c3 & 1:    # the 4th card matched the lead's chord
            limit = IMPROVISATION_LIMIT[self.n]
            if last:
                self.log({"reason": "last_trick", "seat": order[3],
                          "type": "improvisation_blocked"})
            elif rounds - 1 >= limit:
                self.log({"reason": "limit", "limit": limit, "seat": order[3],
                          "type": "improvisation_blocked"})
            else:
                self._improvise()
                return
            blocked = True
        o0, o1, o2, o3 = order
        # winning_position, inline: the least of rank * 4 + position (the non-player's card,
        # position 1 with 3 players, never wins)
        ranks = TRICK_RANKS[self.key][COLOUR_OF[c0]]
        if self.n == 3:
            wpos = min(ranks[c0], ranks[c2] + 2, ranks[c3] + 3) & 3
        else:
            wpos = min(ranks[c0], ranks[c1] + 1, ranks[c2] + 2, ranks[c3] + 3) & 3
        winner, win_card = order[wpos], cards[wpos]
        facedown = self.facedown
        won = PAIR_BITS[c0][c1] | PAIR_BITS[c2][c3]
        if facedown:
            won |= mask_of(facedown)
        self.won[winner] |= won
        self.tricks[winner] += rounds
        if rounds > 1:
            self.impro[winner] += 1
        with_key = CHORD_OF[win_card] == self.key
        events = self.events
        if events is not None:          # emit("trick_won", ...) made in place: every trick's
            # its "final_round" is the round's own list, which the state lets go of below
            events.append({"seat": winner, "card": win_card, "trick": trick_no, "rounds": rounds,
                           "cards": facedown + cards, "final_round": cards,
                           "order": [o0, o1, o2, o3], "with_key_chord": with_key,
                           "improvisation": rounds > 1, "type": "trick_won"})
            if with_key and self.spotlight != winner:
                events.append({"seat": winner, "previous": self.spotlight, "type": "spotlight"})
        if with_key:
            self.spotlight = winner
        self.last_round = (trick_no, winner, rounds, o0, c0, o1, c1, o2, c2, o3, c3)
        # the Key Change (see key_changer)
        options = self.options
        if not facedown or options["match_face_up_round_only"]:
            # the common case, only the round's 4 chords count: key_changer by table
            # (key_change_position, inline)
            variant = 2 if self.n == 4 else 0
            if not blocked or options["blocked_improvisation_changes_key"]:
                variant += 1
            if options["non_player_pair_changes_key"]:
                variant += 4
            pos = CHANGER_AT[variant][PATTERN_OF[LEAD_PAIR[c0][c1] + LAST_PAIR[c2][c3]]]
            changer = None if pos < 0 else (order[pos], CHORD_OF[cards[pos]])
        else:
            changer = key_changer(cards, order, self.n, facedown, options, blocked)
        leader = winner
        if changer is not None:
            seat, chord = changer
            if last:
                self.log({"seat": seat, "chord": CHORDS[chord], "type": "key_change_ignored"})
            else:
                if events is not None:  # emit("key_change", ...) made in place: a frequent one
                    events.append({"seat": seat, "chord": CHORDS[chord],
                                   "previous": CHORDS[self.key], "same_key": chord == self.key,
                                   "type": "key_change"})
                self.key = chord
                leader = seat
        if facedown:
            self.facedown = []
        self.match = 0
        self.round_cards = []
        if last:
            self._end_venue()
            return
        if events is not None:          # emit("lead", ...) made in place: every trick's
            events.append({"seat": leader, "type": "lead"})
        self.trick_no = trick_no + 1
        self.rounds = 1
        # _start_round(leader), inline (no face-down cards now, so nothing to match)
        self.order = ROUND_ORDERS[self.n][leader]
        self.current_player = leader

    def _improvise(self):
        """Turn the round face down and start the next round, led by the 4th player."""
        self.facedown.extend(self.round_cards)
        self.rounds += 1
        fourth = self.order[3]
        self.log({"seat": fourth, "chord": CHORD_NAME_OF[self.round_cards[0]],
                  "trick": self.trick_no, "round": self.rounds, "type": "improvisation"})
        self._start_round(fourth)

    def _end_venue(self):
        """Score the venue with the chart, the Spotlight and the bonus; deal on or end."""
        totals, impro_totals, spotlight = self.totals, self.impro_totals, self.spotlight
        rows = []
        for s, (tricks, impro) in enumerate(zip(self.tricks, self.impro)):
            spot = spotlight == s
            score = venue_score(tricks, spot, impro)
            totals[s] += score
            impro_totals[s] += impro
            rows.append({"seat": s, "tricks": tricks, "spotlight": spot, "improvisations": impro,
                         "chart": CHART[tricks + spot], "bonus": IMPROVISATION_BONUS * impro,
                         "score": score, "total": totals[s]})
        self.venue_rows.append(rows)
        self.log({"venue": self.venue + 1, "rows": rows, "type": "venue_scores"})
        self.venue += 1
        if self.venue < self.n:
            self._start_venue()
        else:
            self.current_player = None
            winners, tie_break = self._ranking()
            self.log({"scores": totals[:], "improvisations": impro_totals[:],
                      "winners": winners, "tie_break": tie_break, "type": "game_end"})

    # --- results ----------------------------------------------------------------------------
    def _ranking(self):
        """Winners and how the tie was broken: 'none', 'improvisations' or 'shared'."""
        totals = self.totals
        top = max(totals)
        if totals.count(top) == 1:                      # the usual case: one top total
            return [totals.index(top)], "none"
        best = [s for s in range(self.n) if totals[s] == top]
        most = max(self.impro_totals[s] for s in best)
        winners = [s for s in best if self.impro_totals[s] == most]
        return winners, "improvisations" if len(winners) == 1 else "shared"

    def _winners(self):
        """Highest total; ties go to more Improvisations, then all tied win."""
        return self._ranking()[0]

    def scores(self):
        """Each player's total so far."""
        return list(self.totals)

    # --- saves -----------------------------------------------------------------------------
    def _upgrade(self, action, version):
        """A save before version 3 holds a bare card id where the action is now ("play", card)."""
        yield ("play", action) if version < 3 and type(action) is int else action

    # --- cloning ----------------------------------------------------------------------------
    def clone(self, keep_events=True):
        """A cheap independent copy (no deepcopy); searches pass keep_events=False."""
        s = TakeAChordState.__new__(TakeAChordState)
        s._clone_base(self, keep_events)
        s.n, s.venue, s.dealer = self.n, self.venue, self.dealer
        s.hands, s.np_stack, s.np_next = self.hands[:], self.np_stack, self.np_next
        s.set_aside, s.key, s.key_card = self.set_aside, self.key, self.key_card
        s.order, s.round_cards = self.order, self.round_cards[:]
        s.facedown, s.rounds, s.trick_no = self.facedown[:], self.rounds, self.trick_no
        s.won, s.tricks, s.impro = self.won[:], self.tricks[:], self.impro[:]
        s.spotlight, s.totals = self.spotlight, self.totals[:]
        s.impro_totals, s.venue_rows = self.impro_totals[:], self.venue_rows[:]
        s.current_player, s.last_round, s.voids = self.current_player, self.last_round, self.voids[:]
        s.match = self.match
        return s


    # --- accounting (tests and the AI) --------------------------------------------------------
    def card_places(self):
        """Masks of where every card is: hands (incl. the stack), the table, won piles, aside."""
        table = mask_of(self.round_cards) | mask_of(self.facedown)
        return {"hands": list(self.hands), "table": table, "won": list(self.won),
                "set_aside": mask_of(self.set_aside)}


def key_changer(cards, order, players, earlier, options, blocked):
    """The (seat, chord) of the round's Key Change, or None; see the rules' special cases.

    A chord is paired when it shows twice among the earlier cards and the round's considered
    cards; its Key Changer is the last player of it in the round, never the non-player. The
    Lead Player's chord goes first, then the pair completed earliest in the round."""
    considered = 4 if (not blocked or options["blocked_improvisation_changes_key"]) else 3
    seen = paired = 0               # chords shown, chords shown twice (bits)
    for c in earlier:
        paired |= seen & CHORD_BIT[c]
        seen |= CHORD_BIT[c]
    for i in range(considered):
        paired |= seen & CHORD_BIT[cards[i]]
        seen |= CHORD_BIT[cards[i]]
    if not paired:
        return None
    lead_bit = CHORD_BIT[cards[0]]
    found = None
    later = 0                       # chords played after position i (bits)
    for i in range(considered - 1, -1, -1):
        bit = CHORD_BIT[cards[i]]
        if paired & bit and not later & bit and not (players == 3 and i == 1):
            if bit == lead_bit:
                return order[i], CHORD_OF[cards[i]]
            found = i               # the earliest completed pair so far
        later |= bit
    if found is not None:
        return order[found], CHORD_OF[cards[found]]
    if players == 3 and options["non_player_pair_changes_key"] and \
            CHORD_OF[cards[1]] == CHORD_OF[cards[0]]:
        return order[0], CHORD_OF[cards[0]]
    return None


# --- the Key Change of a round whose trick's earlier cards do not count, by table -------------
# key_changer's answer for such a round depends only on which of its 4 chords are equal (one of
# 15 patterns), on how many cards are considered, the player count and HR-TAC5 (the "variant").
# So it is worked out here once per pattern and variant, by key_changer itself, and every trick
# looks it up (key_changer took ~6,000 instructions a trick).
def _pattern(chords):
    """Each chord replaced by the position of its first appearance (which chords are equal),
    e.g. (3, 5, 3, 1) -> (0, 1, 0, 3)."""
    return tuple(map(chords.index, chords))


PATTERNS = sorted(set(map(_pattern, product(range(4), repeat=4))))   # the 15
# PATTERN_OF[chord code]: the pattern (index in PATTERNS) of 4 chords coded in base 7, the lead's
# chord the highest digit; LEAD_PAIR[c0][c1] and LAST_PAIR[c2][c3]: the code's two high digits
# from the first two cards, its two low ones from the last two (their sum is the code)
PATTERN_OF = tuple(map({p: i for i, p in enumerate(PATTERNS)}.__getitem__,
                       map(_pattern, product(range(7), repeat=4))))
LEAD_PAIR = tuple(tuple(CHORD_OF[a] * 343 + CHORD_OF[b] * 49 for b in range(DECK_SIZE))
                  for a in range(DECK_SIZE))
LAST_PAIR = tuple(tuple(CHORD_OF[a] * 7 + CHORD_OF[b] for b in range(DECK_SIZE))
                  for a in range(DECK_SIZE))


def _changer_positions(variant):
    """For each pattern, the Key Changer's position (0..3) or -1, under a variant: bit 0 all 4
    cards considered, bit 1 four players, bit 2 HR-TAC5."""
    options = {"blocked_improvisation_changes_key": False,
               "non_player_pair_changes_key": bool(variant & 4)}
    out = []
    for pattern in PATTERNS:
        found = key_changer([ch * 5 for ch in pattern], (0, 1, 2, 3), 4 if variant & 2 else 3,
                            [], options, not variant & 1)
        out.append(-1 if found is None else found[0])
    return tuple(out)


CHANGER_AT = tuple(_changer_positions(variant) for variant in range(8))


def key_change_position(cards, players, blocked, options):
    """Position (0..3) in the round of its Key Changer, or -1, when no earlier card of the trick
    counts: key_changer's answer, looked up by the round's chord pattern."""
    variant = ((1 if not blocked or options["blocked_improvisation_changes_key"] else 0)
               + (2 if players == 4 else 0) + (4 if options["non_player_pair_changes_key"] else 0))
    c0, c1, c2, c3 = cards
    return CHANGER_AT[variant][PATTERN_OF[LEAD_PAIR[c0][c1] + LAST_PAIR[c2][c3]]]


def _check_setup(setup, players):
    """Validate a test position, field by field, and put it in canonical JSON form (or None)."""
    if setup is None:
        return None
    known_keys(setup, ("hands", "key"), ("leader", "venue"))
    if players == 4 and type(setup["hands"]) in (list, tuple) and len(setup["hands"]) == 3:
        raise bad("4 players need 4 hands")
    hands = [numbers(h, 0, DECK_SIZE - 1, "a hand", range(1, HAND_SIZE + 1))
             for h in sequence(setup["hands"], "hands (the 4th is the non-player's)", (4,))]
    if len({len(h) for h in hands}) != 1:
        raise bad("hands must all hold the same number of cards")
    all_different(sum(hands, []))
    return {"hands": hands, "key": _key_of(setup["key"]),
            "leader": number(setup.get("leader", 0), 0, players - 1, "the leader"),
            "venue": number(setup.get("venue", 0), 0, players - 1, "the venue")}


def _key_of(key):
    """A set-up's Key Chord, 0..6, from its number or its letter (SetupError otherwise)."""
    if type(key) is str and len(key) == 1 and key in CHORDS:
        return CHORDS.index(key)
    return number(key, 0, len(CHORDS) - 1, "the key")
