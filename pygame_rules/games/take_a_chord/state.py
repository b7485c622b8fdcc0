"""Take The "A" Chord: trick-taking with key changes, Improvisation and the Spotlight Card.

Rules: docs/rules/take-the-a-chord.md. Seats sit clockwise 0..n-1. With 3 players a fourth
seat (3) is the non-player: its 8 cards are a face-down stack whose top card is played as the
2nd card of every round; it is never `current_player`. Each house rule is an option read in
exactly one place (see `HOUSE_RULES` in `__init__`).

An action is `("play", card)`, the card an id 0..34 (chord * 5 + colour); saves before version 3
held the bare card id (`_upgrade`). Hands are bitmasks so states clone cheaply.
"""

from ...core import GameState, SetupError, short
from . import observer
from .cards import (CHART, CHORD_MASK, CHORD_OF, CHORDS, COLOUR_MASK, COLOUR_OF, DECK_SIZE,
                    IMPROVISATION_BONUS, IMPROVISATION_LIMIT, NON_PLAYER, card_name, cards_of,
                    colour_name, mask_of, venue_score)
from ...bits import picked
from ...messages import join_list

HAND_SIZE = 8
ALL_CARD_IDS = frozenset(range(DECK_SIZE))
PLAYS = tuple(("play", c) for c in range(DECK_SIZE))   # every card's action, made once


def round_order(leader, players):
    """Seats in play order for a round led by `leader` (the non-player plays 2nd with 3)."""
    if players == 4:
        return (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)
    return (leader, NON_PLAYER, (leader + 1) % 3, (leader + 2) % 3)


def winning_position(cards, key, skip):
    """Index of the winning card: strongest chord, then lead colour, then earliest."""
    lead_colour = COLOUR_OF[cards[0]]
    best, best_rank = None, None
    for i, c in enumerate(cards):
        if i == skip:
            continue
        rank = ((CHORD_OF[c] - key) % 7) * 2 + (COLOUR_OF[c] != lead_colour)
        if best_rank is None or rank < best_rank:
            best, best_rank = i, rank
    return best


class TakeAChordState(GameState):
    """The whole table: hands, the trick in play, the key, the Spotlight and the scores."""

    observer = observer    # what each seat sees is decided there (view, redact)

    __slots__ = ("n", "venue", "dealer", "hands", "np_stack", "np_next", "set_aside", "key",
                 "key_card", "order", "pos", "round_cards", "facedown", "rounds", "trick_no",
                 "won", "tricks", "impro", "spotlight", "totals", "impro_totals", "venue_rows",
                 "current_player", "last_trick", "voids")

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
        s.emit("game_start", players=players, options=dict(options))
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
        else:
            deck = list(range(DECK_SIZE))
            self.rng.shuffle(deck)
            hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(4)]
            self.set_aside = tuple(deck[4 * HAND_SIZE:])
            self.key_card = self.set_aside[0]
            self.key = CHORD_OF[self.key_card]
            leader = self.venue % self.n
        self.dealer = (leader - 1) % self.n
        self.hands = [mask_of(h) for h in hands]
        self.np_stack = tuple(hands[NON_PLAYER]) if self.n == 3 else ()
        self.np_next = 0
        self.won = [0, 0, 0, 0]
        self.tricks = [0] * self.n
        self.impro = [0] * self.n
        self.voids = [0, 0, 0, 0]
        self.spotlight = None
        self.last_trick = None
        self.trick_no = 1
        self.rounds = 1
        self.facedown = []
        self.emit("venue_start", venue=self.venue + 1, dealer=self.dealer, leader=leader,
                  key=CHORDS[self.key], key_card=self.key_card,
                  hands=[sorted(h) for h in hands], non_player_stack=list(self.np_stack),
                  set_aside=list(self.set_aside))
        self._start_round(leader)

    def _start_round(self, leader):
        """Begin a round of the current trick, led by `leader`."""
        self.order = round_order(leader, self.n)
        self.pos = 0
        self.round_cards = []
        self.current_player = leader

    # --- legality ---------------------------------------------------------------------------
    def _match_pool(self):
        """Cards whose chord a follower may match: this round's face-up cards (HOUSE RULE)."""
        return self._pool_before() + self.round_cards

    def legal_mask(self):
        """Bitmask of the cards the current player may play."""
        hand = self.hands[self.current_player]
        if not self.round_cards:
            return hand
        follow = hand & COLOUR_MASK[COLOUR_OF[self.round_cards[0]]]
        if not follow:
            return hand
        match = 0
        for c in self._match_pool():
            match |= CHORD_MASK[CHORD_OF[c]]
        return follow | (hand & match)

    def _legal_actions(self):
        """("play", card) for each card the current player may play, cards ascending."""
        return picked(self.legal_mask(), PLAYS)

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
        """Play the action's card for the current player, then the non-player's card if due."""
        self._play(self.current_player, action[1])
        if self.n == 3 and self.pos == 1:
            self._play(NON_PLAYER, self.np_stack[self.np_next])
            self.np_next += 1
        if self.pos == 4:
            self._end_round()
        else:
            self.current_player = self.order[self.pos]

    def _play(self, seat, c):
        """Move a card from a seat's hand into the round and note a shown void."""
        self.hands[seat] ^= 1 << c
        if self.round_cards and not (self.n == 3 and seat == NON_PLAYER):
            lead = COLOUR_OF[self.round_cards[0]]
            if COLOUR_OF[c] != lead and not any(CHORD_OF[x] == CHORD_OF[c]
                                                for x in self._match_pool()):
                self.voids[seat] |= 1 << lead
        self.round_cards.append(c)
        self.pos += 1
        self.emit("card_played", seat=seat, card=c, chord=CHORDS[CHORD_OF[c]],
                  colour=COLOUR_OF[c], trick=self.trick_no, round=self.rounds,
                  non_player=self.n == 3 and seat == NON_PLAYER)

    def _is_last_trick(self):
        """HOUSE RULE: the last trick is any round in which every seat plays its last card."""
        return not any(self.hands)

    def _end_round(self):
        """Four cards are down: Improvisation, or settle the trick, the Spotlight and the key."""
        last = self._is_last_trick()
        cards = self.round_cards
        matched = CHORD_OF[cards[3]] == CHORD_OF[cards[0]]
        if matched:
            limit = IMPROVISATION_LIMIT[self.n]
            if last:
                self.emit("improvisation_blocked", reason="last_trick", seat=self.order[3])
            elif self.rounds - 1 >= limit:
                self.emit("improvisation_blocked", reason="limit", limit=limit,
                          seat=self.order[3])
            else:
                self._improvise()
                return
        self._settle_trick(last, blocked=matched)

    def _improvise(self):
        """Turn the round face down and start the next round, led by the 4th player."""
        self.facedown.extend(self.round_cards)
        self.rounds += 1
        fourth = self.order[3]
        self.emit("improvisation", seat=fourth, chord=CHORDS[CHORD_OF[self.round_cards[0]]],
                  trick=self.trick_no, round=self.rounds)
        self._start_round(fourth)

    def _settle_trick(self, last, blocked):
        """Give the trick to its winner, move the Spotlight, apply a Key Change, lead on."""
        cards, order = self.round_cards, self.order
        wpos = winning_position(cards, self.key, 1 if self.n == 3 else None)
        winner, win_card = order[wpos], cards[wpos]
        everything = self.facedown + cards
        self.won[winner] |= mask_of(everything)
        self.tricks[winner] += self.rounds
        if self.rounds > 1:
            self.impro[winner] += 1
        with_key = CHORD_OF[win_card] == self.key
        self.emit("trick_won", seat=winner, card=win_card, trick=self.trick_no,
                  rounds=self.rounds, cards=everything, final_round=list(cards),
                  order=list(order), with_key_chord=with_key, improvisation=self.rounds > 1)
        if with_key and self.spotlight != winner:
            self.emit("spotlight", seat=winner, previous=self.spotlight)
            self.spotlight = winner
        self.last_trick = {"trick": self.trick_no, "winner": winner, "rounds": self.rounds,
                           "cards": [[s, c] for s, c in zip(order, cards)]}
        changer = self._key_change(last, blocked)
        leader = winner if changer is None else changer
        self.round_cards, self.facedown = [], []
        if last:
            self._end_venue()
            return
        self.emit("lead", seat=leader)
        self.trick_no += 1
        self.rounds = 1
        self._start_round(leader)

    def _key_change(self, last, blocked):
        """Find the Key Changer of the round, move the key; return the changer (or None)."""
        found = key_changer(self.round_cards, self.order, self.n, self._pool_before(),
                            self.options, blocked)
        if found is None:
            return None
        seat, chord = found
        if last:
            self.emit("key_change_ignored", seat=seat, chord=CHORDS[chord])
            return None
        self.emit("key_change", seat=seat, chord=CHORDS[chord], previous=CHORDS[self.key],
                  same_key=chord == self.key)
        self.key = chord
        return seat

    def _pool_before(self):
        """Earlier cards of this trick that may pair with this round's (see the option)."""
        return [] if self.options["match_face_up_round_only"] else self.facedown

    def _end_venue(self):
        """Score the venue with the chart, the Spotlight and the bonus; deal on or end."""
        rows = []
        for s in range(self.n):
            spot = self.spotlight == s
            score = venue_score(self.tricks[s], spot, self.impro[s])
            self.totals[s] += score
            self.impro_totals[s] += self.impro[s]
            rows.append({"seat": s, "tricks": self.tricks[s], "spotlight": spot,
                         "improvisations": self.impro[s],
                         "chart": CHART[self.tricks[s] + spot],
                         "bonus": IMPROVISATION_BONUS * self.impro[s], "score": score,
                         "total": self.totals[s]})
        self.venue_rows.append(rows)
        self.emit("venue_scores", venue=self.venue + 1, rows=rows)
        self.venue += 1
        if self.venue < self.n:
            self._start_venue()
        else:
            self.current_player = None
            winners, tie_break = self._ranking()
            self.emit("game_end", scores=list(self.totals),
                      improvisations=list(self.impro_totals), winners=winners,
                      tie_break=tie_break)

    # --- results ----------------------------------------------------------------------------
    def _ranking(self):
        """Winners and how the tie was broken: 'none', 'improvisations' or 'shared'."""
        top = max(self.totals)
        best = [s for s in range(self.n) if self.totals[s] == top]
        if len(best) == 1:
            return best, "none"
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
        s.order, s.pos, s.round_cards = self.order, self.pos, self.round_cards[:]
        s.facedown, s.rounds, s.trick_no = self.facedown[:], self.rounds, self.trick_no
        s.won, s.tricks, s.impro = self.won[:], self.tricks[:], self.impro[:]
        s.spotlight, s.totals = self.spotlight, self.totals[:]
        s.impro_totals, s.venue_rows = self.impro_totals[:], self.venue_rows[:]
        s.current_player, s.last_trick, s.voids = self.current_player, self.last_trick, self.voids[:]
        return s


    # --- accounting (tests and the AI) --------------------------------------------------------
    def card_places(self):
        """Masks of where every card is: hands (incl. the stack), the table, won piles, aside."""
        table = mask_of(self.round_cards) | mask_of(self.facedown)
        return {"hands": list(self.hands), "table": table, "won": list(self.won),
                "set_aside": mask_of(self.set_aside)}


def key_changer(cards, order, players, earlier, options, blocked):
    """The (seat, chord) of the round's Key Change, or None; see the rules' special cases."""
    considered = 4 if (not blocked or options["blocked_improvisation_changes_key"]) else 3
    groups = {}
    for c in earlier:
        groups.setdefault(CHORD_OF[c], []).append(None)
    for i in range(considered):
        groups.setdefault(CHORD_OF[cards[i]], []).append(i)
    lead_chord = CHORD_OF[cards[0]]
    candidates = []
    for chord, plays in groups.items():
        last = plays[-1]
        if len(plays) < 2 or last is None:
            continue
        if players == 3 and last == 1:
            continue  # the non-player never changes the key itself
        candidates.append((chord != lead_chord, last, chord))
    if not candidates:
        if players == 3 and options["non_player_pair_changes_key"] and \
                CHORD_OF[cards[1]] == lead_chord:
            return order[0], lead_chord
        return None
    _, last, chord = min(candidates)
    return order[last], chord


def _check_setup(setup, players):
    """Validate a test position and put it in canonical JSON form (or return None)."""
    if setup is None:
        return None
    try:
        hands = [[int(c) for c in h] for h in setup["hands"]]
        key = setup["key"]
        key = CHORDS.index(key) if isinstance(key, str) else int(key)
        leader = int(setup.get("leader", 0))
        venue = int(setup.get("venue", 0))
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise SetupError("error.bad_setup", why="it needs hands and a key") from None
    if players == 4 and len(hands) == 3:
        raise SetupError("error.bad_setup", why="4 players need 4 hands")
    if len(hands) != 4:
        raise SetupError("error.bad_setup", why="give 4 hands (the 4th is the non-player's)")
    flat = sum(hands, [])
    if len(set(flat)) != len(flat) or not all(0 <= c < DECK_SIZE for c in flat):
        raise SetupError("error.bad_setup", why="each card must be a different card 0..34")
    if len({len(h) for h in hands}) != 1 or not 1 <= len(hands[0]) <= HAND_SIZE:
        raise SetupError("error.bad_setup", why="hands must all hold 1 to 8 cards")
    if not 0 <= key < 7 or not 0 <= leader < players or not 0 <= venue < players:
        raise SetupError("error.bad_setup", why="key, leader or venue out of range")
    return {"hands": hands, "key": key, "leader": leader, "venue": venue}
