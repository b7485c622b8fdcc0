"""Re-Chord: guitar picks on a 6-string × 5-fret board; complete chord cards, score genres.

Rules: docs/rules/rechord.md (section 3, house rules HR-1..HR-27). Guitarists sit clockwise
and play passes to seat + 1. With one player the second guitarist is Jim Bot, the automa
at seat 1 (`jim.py`): the engine plays his seat, each step of his turn a position of its own
whose one legal action is ("jim",), so the human's claim windows open between his steps.

A space is (fret − 1) · 6 + string (strings 0..5 = E A D G B e). Actions, all tuples:

    ("supply", kind, space)   A1: a supply pick face up (a Wylde may replace any pick);
                              also a White's ability (another supply pick)
    ("bag",)                  A2: draw a pick from the bag (only you see it) ...
    ("place", space)          ... and place it face down on an empty space
    ("chords",)               A3: draw two chord cards ...
    ("return", card)          ... give unfinished cards back (to the bottom) ...
    ("done",)                 ... until you hold at most three
    ("remove", space)         A2's adjacent removal, or the Red ability
    ("move", a, b)            Blue: move a pick; Grey: move the flipped pick
    ("swap", a, b)            Blue: swap two picks
    ("flip", space)           Grey: flip a face-up pick face down
    ("reveal", space)         Purple: turn a face-down pick face up (its ability follows)
    ("clear", type)           Green: remove the other picks of one type from its fret
                              (type = a kind 0..6, or 7 for face-down picks)
    ("wylde", space)          a Wylde revealed by a Purple moves anywhere, replacing
    ("skip",)                 do not use this ability
    ("claim", card)           claim a chord card of yours that the board satisfies
    ("decline",)              let the satisfied cards go for this board state
    ("jim",)                  Jim Bot's next step (his seat's only action)
"""

from ...core import GameState, short
from ...setup_fields import bad, is_int, is_list
from ...messages import text
from . import jim as jim_bot
from . import observer
from .cards import (BAG, CHORD_CARDS, EMPTY, FACE_DOWN, GOLDEN, HAND, KINDS, FACE_ORDER,
                    LEGEND_BOT, MATCHED_AT, MATCHES, NEEDS, PER_KIND, jim_rules,
                    PICKS, REQUIREMENTS, card_watch,
                    SETLIST_NAMES, SILVER, SONG_FAME, SONGS, SPACES, WYLDE, COLOURS,
                    adjacent, card_label, chord_type, fret_of, fret_spaces, kind_of,
                    setlist_cards, setlist_songs, space_name)

WHITE, RED, BLUE, GREY, PURPLE, GREEN = COLOURS
DOWN = FACE_DOWN
SUPPLY = {1: 3, 2: 3, 3: 4, 4: 5, 5: 6}           # HR-3, by guitarists (solo counts as 1)
ABILITY = {WHITE: "white", RED: "red", BLUE: "blue", GREY: "grey", PURPLE: "purple",
           GREEN: "green", WYLDE: "wylde"}
SHAPES = {"supply": 3, "bag": 1, "place": 2, "chords": 1, "return": 2, "done": 1,
          "remove": 2, "move": 3, "swap": 3, "flip": 2, "reveal": 2, "clear": 2,
          "wylde": 2, "skip": 1, "claim": 2, "decline": 1, "jim": 1}
SEAT_PHASES = ("turn", "bag_place", "adjacent", "ability", "grey_move", "return", "jim")
SEAT_PHASE_SET = frozenset(SEAT_PHASES)


def triangular(k):
    """T(k) = k(k+1)/2: 0, 1, 3, 6, 10, 15, 21 (HR-4)."""
    return k * (k + 1) // 2


class ReChordState(GameState):
    """The fretboard, the bag and supply, the chord cards, the score pad and whose turn it is."""

    observer = observer    # what each seat sees is decided there (view, redact)

    __slots__ = ("n", "g", "jim", "board", "face", "known", "bag", "supply", "deck", "hands",
                 "completed", "songs", "genres", "pad", "scored", "active", "phase", "at",
                 "akind", "drawn", "claims", "declined", "instant", "placed", "idle", "turns",
                 "jim_next", "icons", "icon", "rigged", "end_reason", "final", "current_player",
                 "setlist", "size", "ok", "occ", "sat", "down", "watch", "upb")

    # --- set-up -----------------------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options, setup):
        """Setlist, genres, songs, three chord cards each, every pick in the bag."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options, _check_setup(setup, players, options))
        s.n = players
        s.jim = 1 if players == 1 else None
        s.g = players + (1 if players == 1 else 0)
        s.board, s.face = [EMPTY] * SPACES, [EMPTY] * SPACES
        s.ok = s.occ = s.sat = s.down = s.upb = 0
        s.known = [0] * PICKS
        s.bag, s.supply = list(range(PICKS)), []
        s.pad = [[0] * 5 for _ in COLOURS]
        s.scored = [False] * 5
        s.phase, s.at, s.akind, s.drawn = "turn", None, None, None
        s.claims, s.declined, s.instant = [], [0] * s.g, 0
        s.placed, s.idle, s.turns = False, 0, 0
        s.jim_next, s.icons, s.icon, s.rigged = None, [], None, []
        s.end_reason, s.final, s.current_player = None, None, None
        s.completed = [[] for _ in range(s.g)]
        s.size = options["supply_size"] or SUPPLY[players]
        choice = options["setlist"]
        s.setlist = s.rng.below(4) if choice == "random" else SETLIST_NAMES.index(choice)
        s._deal()
        s.watch = WATCH_ALL
        if s.setup:
            s._take_setup()
        cards = s.cards_in_play()
        s.watch = card_watch(cards)
        s.sat &= sum(1 << c for c in cards)          # a test position's board may satisfy others
        if s.jim is not None:
            s.active = 0                                   # HR-27: the human starts
        elif options["start_player"] == "random":
            s.active = s.rng.below(players)                # HR-25
        else:
            s.active = 0
        if s.setup and "start" in s.setup:
            s.active = s.setup["start"]
        s.emit("game_start", players=players, guitarists=s.g, jim=s.jim,
               difficulty=options["difficulty"] if s.jim is not None else None,
               setlist=SETLIST_NAMES[s.setlist], start=s.active, supply_size=s.size)
        s.emit("deal", hands=[list(h) for h in s.hands], songs=list(s.songs),
               genres=[list(x) for x in s.genres], deck=len(s.deck))
        for hand in s.hands:
            hand.sort()                                    # a hand is a set: kept in id order
        s._begin_turn()
        s._advance()
        return s

    def _deal(self):
        """Shuffle the setlist's chord deck, songs and genres; deal to every guitarist."""
        rng, g = self.rng, self.g
        deck = setlist_cards(self.setlist)
        rng.shuffle(deck)
        songs = setlist_songs(self.setlist)
        rng.shuffle(songs)
        genres = list(COLOURS)
        rng.shuffle(genres)
        sizes = [HAND] * g                       # Jim Bot's open row by his level (HR-27)
        level = jim_rules(self.options) if self.jim is not None else None
        if level is not None:
            sizes[self.jim] = level.row
        self.hands, end = [], len(deck)
        for size in sizes:                       # from the top of the deck, seat by seat
            self.hands.append(deck[end - size:end])
            end -= size
        self.deck = deck[:end]
        self.songs = [songs[i] for i in range(self.n)] + ([None] if self.jim is not None else [])
        if self.jim is None:
            self.genres = [(genres[i],) for i in range(g)]
        else:
            self.genres = [(genres[0],), tuple(genres[1:1 + level.genres])]
            icons = list(level.icons)
            rng.shuffle(icons)
            self.icons = icons

    def _take_setup(self):
        """A test position: board, supply, hands, deck, songs, genres, pad, forced draws."""
        st, pool = self.setup, {k: [p for p in range(PICKS) if kind_of(p) == k] for k in
                                range(7)}
        for sp, kind, up, known in st.get("board", []):
            pick = pool[kind].pop()
            self._put(sp, pick, bool(up))
            self.known[pick] = known
        self.supply = [pool[k].pop() for k in st.get("supply", [])]
        self.bag = sorted(p for ps in pool.values() for p in ps)
        for key in ("hands", "deck", "songs", "genres", "icons"):
            if key in st:
                value = st[key]
                setattr(self, key, [tuple(x) for x in value] if key == "genres" else
                        [list(x) for x in value] if key == "hands" else list(value))
        self.completed = [[tuple(c) for c in cs] for cs in st.get("completed", self.completed)]
        self.pad = [list(r) for r in st.get("pad", self.pad)]
        self.scored = [f + 1 in st.get("scored", ()) for f in range(5)]
        self.rigged = list(st.get("draws", []))
        self.instant = max((i for cs in self.completed for _, i in cs), default=0)

    def cards_in_play(self):
        """The chord cards in a hand, in the deck or completed, in id order."""
        cards = set(self.deck)
        for hand in self.hands:
            cards.update(hand)
        for done in self.completed:
            cards.update(c for c, _ in done)
        return tuple(sorted(cards))

    # --- the board ----------------------------------------------------------------------------
    def _put(self, sp, pick, up):
        """Put a pick on an empty space, face up or down (`_set_face` from EMPTY, written out:
        every placement runs it, and from an empty space no card loses its match)."""
        self.board[sp] = pick
        bit = BIT[sp]
        self.occ |= bit
        if not up:
            self.face[sp] = DOWN
            self.down |= bit
            return                                   # a face-down pick matches nothing
        self.upb |= PICK_BIT[pick]
        face = self.face[sp] = KIND[pick]
        ok = self.ok = self.ok | MATCH_AT[sp][face]
        for card_bit, need in self.watch[sp][face]:  # cards the new pick may complete
            if ok & need == need:
                self.sat |= card_bit

    def _lift(self, sp):
        """Take the pick off a space and return it (`_set_face` to EMPTY, written out)."""
        board = self.board
        pick = board[sp]
        board[sp] = EMPTY
        old = self.face[sp]
        self.face[sp] = EMPTY
        self.occ &= NOT_BIT[sp]
        if old == DOWN:
            self.down &= NOT_BIT[sp]
        else:
            self.upb &= NOT_PICK_BIT[pick]
            self.ok &= KEEP_OTHERS[sp]
            if self.sat:
                self.sat &= UNMATCHED_AT[sp][old]    # the cards that needed it
        return pick

    def _set_face(self, sp, face):
        """What a space shows. Kept with it: `ok`, one bit per (space, colour) a face-up pick
        matches; `occ` and `down`, one bit per occupied and face-down space; `sat`, one bit per
        chord card in play the board satisfies (only the cards needing this space can change);
        `upb`, one bit per pick face up on the board. Here a pick turns over (its new label on
        the board already); `_put` and `_lift` are this from and to EMPTY."""
        old, self.face[sp] = self.face[sp], face
        if (old == DOWN) != (face == DOWN):
            self.upb ^= PICK_BIT[self.board[sp]]
        ok = self.ok = self.ok & KEEP_OTHERS[sp] | MATCH_AT[sp][face]
        bit = 1 << sp
        if face == EMPTY:
            self.occ &= ~bit
        else:
            self.occ |= bit
        if face == DOWN:
            self.down |= bit
        elif old == DOWN:
            self.down &= ~bit
        matched = MATCHED_AT[sp]
        lost = matched[old] & ~matched[face]         # cards that needed the old pick
        if lost:
            self.sat &= ~lost
        for card_bit, need in self.watch[sp][face]:  # cards the new pick may complete
            if ok & need == need:
                self.sat |= card_bit

    def _flip_down(self, sp, seat):
        """Grey hides a pick in place; everyone saw its colour (HR-16)."""
        pick = self.board[sp]
        self._set_face(sp, DOWN)
        self.known[pick] = (1 << self.g) - 1
        self.log({"type": "flip", "seat": seat, "space": sp, "kind": KIND[pick]})
        self._changed()

    def _reveal(self, sp, seat):
        """Purple plucks a face-down pick face up; return its kind."""
        pick = self.board[sp] = self._relabel(self.board[sp])
        kind = KIND[pick]
        self._set_face(sp, kind)
        self.known[pick] = 0
        self.log({"type": "reveal", "seat": seat, "space": sp, "kind": kind})
        self._changed()
        return kind

    def _to_bag(self, sp, seat, why):
        """A pick leaves the board for the bag (face-down ones keep their secret)."""
        face, pick = self.face[sp], self._lift(sp)
        known, self.known[pick] = self.known[pick], 0
        self.bag.append(pick)
        ev = self.events
        if ev is not None:
            ev.append({"type": "to_bag", "seat": seat, "space": sp, "kind": KIND[pick],
                       "up": face != DOWN, "known": known, "why": why})

    def _draw_pick(self):
        """A pick drawn blindly from the bag (a test position may force the kinds drawn)."""
        if self.rigged:
            kind = self.rigged.pop(0)
            pick = next((p for p in self.bag if kind_of(p) == kind), None)
            if pick is not None:
                self.bag.remove(pick)
                return self._relabel(pick)
        return self._relabel(self.bag.pop(self.rng.below(len(self.bag))))

    def _relabel(self, pick):
        """A pick coming out of a closed place (the bag, a face-down space) takes the lowest
        label of its kind held by no open place (a face-up space, the supply), swapping labels
        with the alike pick that held it, which keeps its place and mask: so the labels every
        view shows follow from what everyone saw (observer.py). Play is not changed."""
        closed = BELOW_OF_KIND[pick] & ~self.upb         # lower labels not face up (`upb`) ...
        if not closed:
            return pick
        for p in self.supply:                             # ... nor in the supply
            closed &= NOT_PICK_BIT[p]
        if not closed:
            return pick
        q = (closed & -closed).bit_length() - 1          # the lowest of them
        if q == self.drawn:
            self.drawn = pick
        else:                                            # face down on the board, or in the bag
            bag = self.bag
            if q in bag:
                bag[bag.index(q)] = pick
            else:
                board = self.board
                board[board.index(q)] = pick
        known = self.known
        known[pick], known[q] = known[q], known[pick]
        return q

    def empties(self):
        """The empty spaces in scan order."""
        return list(spaces_of(FULL ^ self.occ))

    def satisfied(self, card):
        """Does the board satisfy a chord card (face-up picks of its colours or Wylde)?"""
        need = NEEDS[card]
        return self.ok & need == need

    def filled(self, fret):
        """Are all six spaces of a fret occupied (any pick, any facing)?"""
        return self.occ >> (6 * fret - 6) & 63 == 63

    # --- legality -----------------------------------------------------------------------------
    # The lists are cut from rows of prebuilt actions, one per space (PLACE, MOVE[a], ...), cut
    # up per fret (`fret_table`): a list is a few extends by a set of spaces' six bits per fret.
    def _legal_actions(self):
        """Every action the current player may take, in a stable order."""
        if self.claims:
            seat = self.claims[0]
            return [CLAIM[c] for c in self._offer(seat)] + [DECLINE]
        if self.phase == "ability":                # `_legal_ability`, written out
            out = ABILITY_TARGETS[self.akind](self)
            out.append(SKIP)
            return out
        return LEGAL[self.phase](self)

    def _supply_moves(self):
        """Each kind in the supply onto each space it may go (a Wylde: anywhere)."""
        kinds = 0
        for p in self.supply:                      # `_supply_kinds`, written out
            kinds |= KIND_BIT[p]
        free = FULL ^ self.occ                     # `at_spaces` for each kind, written out
        f0, f1, f2, f3, f4 = free & 63, free >> 6 & 63, free >> 12 & 63, free >> 18 & 63, \
            free >> 24
        out = []
        for k in KINDS_IN[kinds]:
            if k == WYLDE:                         # the last kind
                out += SUPPLY_ACTS[WYLDE]
                break
            t0, t1, t2, t3, t4 = SUPPLY_TABLES[k]
            out += t0[f0]
            out += t1[f1]
            out += t2[f2]
            out += t3[f3]
            out += t4[f4]
        return out

    def _supply_kinds(self):
        """The kinds in the supply, one bit each."""
        kinds = 0
        for p in self.supply:
            kinds |= KIND_BIT[p]
        return kinds

    def _legal_turn(self):
        """A1, A2 or A3."""
        out = self._supply_moves()
        if self.bag and self.occ != FULL:
            out.append(BAG_ACT)
        out.append(CHORDS_ACT)
        return out

    def _legal_bag_place(self):
        """The drawn pick goes face down on an empty space."""
        return at_spaces(PLACE_TABLE, FULL ^ self.occ)

    def _legal_adjacent(self):
        """A2's optional removal of a neighbouring pick on the same fret."""
        occ = self.occ
        return [REMOVE[sp] for sp in ADJACENT[self.at] if occ >> sp & 1] + [SKIP]

    def _legal_grey_move(self):
        """The flipped pick may move to any empty space."""
        out = at_spaces(MOVE_TABLES[self.at], FULL ^ self.occ)
        out.append(SKIP)
        return out

    def _legal_return(self):
        """Give back unfinished cards until at most the hand limit is held (three)."""
        hand = self.hands[self.active]
        return [RETURN[c] for c in sorted(hand)] + \
            ([DONE] if len(hand) <= self.hand_limit(self.active) else [])

    def hand_limit(self, seat):
        """The most unfinished chord cards a guitarist keeps after A3: three; Jim Bot at Legend
        his open row's size (HR-29)."""
        return jim_rules(self.options).row if seat == self.jim else HAND

    def _legal_jim(self):
        """Jim Bot's seat: the engine's own next step of his turn."""
        return [jim_bot.STEP]

    def _legal_ability(self):
        """The targets of the resolving pick's ability, and skipping it."""
        out = ABILITY_TARGETS[self.akind](self)
        out.append(SKIP)
        return out

    def _targets_white(self):
        """Another supply pick, face up."""
        return self._supply_moves()

    def _others(self):
        """Occupied spaces other than the resolving pick's, one bit each."""
        return self.occ & NOT_BIT[self.at]

    def _targets_red(self):
        """Any other pick goes back to the bag."""
        return at_spaces(REMOVE_TABLE, self._others())

    def _targets_blue(self):
        """Move another pick to an empty space, or swap two other picks."""
        others, free = self.occ & NOT_BIT[self.at], FULL ^ self.occ
        f0, f1, f2, f3, f4 = free & 63, free >> 6 & 63, free >> 12 & 63, free >> 18 & 63, \
            free >> 24
        o = (others & 63, others >> 6 & 63, others >> 12 & 63, others >> 18 & 63, others >> 24)
        starts = spaces_of(others)
        out = []
        for a in starts:                             # `at_spaces`, written out
            t0, t1, t2, t3, t4 = MOVE_TABLES[a]
            out += t0[f0]
            out += t1[f1]
            out += t2[f2]
            out += t3[f3]
            out += t4[f4]
        for a in starts:                             # each pair once: b after a, so on a's
            t, f = SWAP_TABLES[a], a // 6            # fret the strings above it, then the
            out += t[f][o[f] & ABOVE[a]]             # later frets whole
            for later in range(f + 1, 5):
                out += t[later][o[later]]
        return out

    def _targets_grey(self):
        """Any face-up pick (this Grey included) flips face down."""
        return at_spaces(FLIP_TABLE, self.occ & ~self.down)

    def _targets_purple(self):
        """Any face-down pick turns face up."""
        return at_spaces(REVEAL_TABLE, self.down)

    def _targets_green(self):
        """A type with at least one other pick of it in this Green's fret."""
        types = {self.face[sp] for sp in fret_spaces(fret_of(self.at))
                 if sp != self.at and self.face[sp] != EMPTY}
        return [CLEAR[t] for t in sorted(types)]

    def _targets_wylde(self):
        """A revealed Wylde moves to any other space, replacing its pick."""
        out = list(WYLDE_MOVE)
        del out[self.at]
        return out

    def _offer(self, seat):
        """The cards of a seat the board satisfies and it has not let go for this board."""
        offered = self.sat & ~self.declined[seat]
        return [c for c in sorted(self.hands[seat]) if offered >> c & 1]

    def _has_offer(self, seat):
        """Does a seat hold a card the board satisfies that it has not let go?"""
        offered = self.sat & ~self.declined[seat]
        for c in self.hands[seat]:
            if offered >> c & 1:
                return True
        return False

    def _refusal(self, action):
        """(message id, parameters) saying why an action is refused."""
        kind = action[0]
        if SHAPES.get(kind) != len(action) or not all(type(a) is int for a in action[1:]):
            return "error.bad_action", {"action": short(action)}
        if self.claims:
            if kind == "claim":
                return self._claim_refusal(action[1])
            return "rc.refuse.claim_first", {}
        if kind not in PHASE_KINDS[self.phase if self.phase != "ability"
                                   else "ability_" + ABILITY[self.akind]]:
            return "rc.refuse.phase." + self._phase_key(), {}
        spaces = action[2:] if kind == "supply" else () if kind in ("return", "clear") \
            else action[1:]
        if any(not 0 <= sp < SPACES for sp in spaces):
            return "rc.refuse.no_space", {}
        if kind == "supply" and not 0 <= action[1] <= WYLDE:
            return "rc.refuse.no_kind", {}
        if kind == "supply":
            if action[1] not in {kind_of(p) for p in self.supply}:
                return "rc.refuse.not_in_supply", {"kind": kind_name(action[1])}
            return "rc.refuse.occupied", {"space": space_name(action[2])}
        if kind == "bag":
            return "rc.refuse.bag_empty", {}
        if kind == "return":
            return "rc.refuse.not_in_hand", {}
        if kind == "done":
            return "rc.refuse.too_many", {"max": self.hand_limit(self.active)}
        if kind in ("place", "move") and self.face[action[-1]] != EMPTY:
            return "rc.refuse.occupied", {"space": space_name(action[-1])}
        if kind == "remove" and self.phase == "adjacent":
            return "rc.refuse.not_adjacent", {}
        return "rc.refuse.target." + self._phase_key(), {}

    def _claim_refusal(self, card):
        """Why a claim is refused."""
        seat = self.claims[0]
        if card not in self.hands[seat]:
            return "rc.refuse.not_in_hand", {}
        if self.declined[seat] >> card & 1:
            return "rc.refuse.declined", {"card": card_label(card)}
        return "rc.refuse.not_satisfied", {"card": card_label(card)}

    def _phase_key(self):
        """The phase as a message key suffix (an ability names its colour)."""
        return "ability_" + ABILITY[self.akind] if self.phase == "ability" else self.phase

    def describe(self, action):
        """The action in words."""
        kind, args = action[0], action[1:]
        params = {}
        if kind == "supply":
            params = {"kind": kind_name(args[0]), "space": space_name(args[1])}
        elif kind in ("place", "remove", "flip", "reveal", "wylde"):
            params = {"space": space_name(args[0])}
        elif kind in ("move", "swap"):
            params = {"a": space_name(args[0]), "b": space_name(args[1])}
        elif kind in ("return", "claim"):
            params = {"card": card_label(args[0])}
        elif kind == "clear":
            params = {"type": type_name(args[0])}
        elif kind == "skip" and self.current_player is not None:
            words = text("rc.page.skip." + self._phase_key())    # as its button says it
            return words[:1].lower() + words[1:]
        return text("rc.describe." + kind, params)

    # --- playing ------------------------------------------------------------------------------
    def _apply(self, action):
        """Carry out a checked action, then run the game on to the next decision."""
        if self.claims:
            self._do_claim_window(action)
        else:
            DO[action[0]](self, action)
        if self.claims or self.phase not in SEAT_PHASE_SET:
            self._advance()
        else:                                      # `_advance` at once: the seat decides
            self.current_player = self.active

    def _advance(self):
        """Run the automatic steps (end of turn, end of game) until a seat must decide."""
        while True:
            claims = self.claims
            if claims:
                self.current_player = claims[0]
                return
            phase = self.phase
            if phase in SEAT_PHASE_SET:
                self.current_player = self.active
                return
            if phase == "end":
                self._step_end()
            elif phase == "final":
                self._step_final()
            else:                                  # "over"
                self.current_player = None
                return

    def _begin_turn(self):
        """Refill the supply from the bag, then the guitarist acts."""
        supply, bag = self.supply, self.bag
        need = self.size - len(supply)
        refill = []
        if need > 0 and bag:
            for _ in range(need if need < len(bag) else len(bag)):
                pick = self._draw_pick()
                supply.append(pick)                # open at once (`_relabel`)
                refill.append(KIND[pick])
        self.placed = False
        ev = self.events
        if ev is not None:
            ev.append({"type": "turn", "seat": self.active, "refill": refill,
                       "supply": sorted(map(KIND.__getitem__, supply)), "bag": len(bag)})
        if self.active == self.jim and not self.legend():
            self.phase, self.jim_next = "jim", jim_bot.START     # his seat is to play
        else:
            self.phase = "turn"                  # a guitarist's turn (Jim Bot's at Legend)

    def legend(self):
        """Is this the solo game at Legend, where Jim Bot plays a guitarist's actions (HR-29)?"""
        return self.jim is not None and self.options["difficulty"] == "legend"

    def _changed(self):
        """The board changed: everyone may now claim what it satisfies (HR-11)."""
        self.instant += 1
        self.declined = [0] * self.g
        if self.sat:                       # else the board satisfies no chord card: no window
            self._open_claims()

    def _open_claims(self):
        """Queue a claim window for each seat holding a satisfied card, active first."""
        sat = self.sat
        if not sat:                        # the board satisfies no chord card: no window
            return
        declined, hands, jim = self.declined, self.hands, self.jim
        for seat in SEAT_ORDER[self.g][self.active]:
            if seat == jim:
                jim_bot.claim_row(self)
                continue
            let_go = declined[seat]
            for c in hands[seat]:          # `_has_offer`, written out (a 0 from & is no new int)
                if sat & CARD_BIT[c] and not let_go & CARD_BIT[c]:
                    self.claims.append(seat)
                    break

    def _do_claim_window(self, action):
        """A claim or a decline by the seat whose window is open."""
        seat = self.claims[0]
        if action[0] == "claim":
            self._claim(seat, action[1])
            if self._offer(seat):
                return
        else:
            for c in self._offer(seat):
                self.declined[seat] |= 1 << c
            self.log({"type": "decline", "seat": seat})
        self.claims.pop(0)

    def _claim(self, seat, card):
        """A chord card moves from the hand to the completed cards."""
        self.hands[seat].remove(card)
        self.completed[seat].append((card, self.instant))
        ev = self.events
        if ev is not None:
            ev.append({"type": "claim", "seat": seat, "card": card, "instant": self.instant,
                       "spaces": [sp for sp, _ in REQUIREMENTS[card]]})

    def _place(self, pick, sp, up, via):
        """Put a pick on a space (a face-up Wylde replaces what is there). `_put` and `_changed`
        are written out here: nearly every action places a pick."""
        seat, face = self.active, self.face
        if face[sp] != EMPTY:
            self._to_bag(sp, seat, "wylde")
        self.board[sp] = pick                            # _put(sp, pick, up) ...
        bit = BIT[sp]
        self.occ |= bit
        kind = KIND[pick]
        if up:
            face[sp] = kind
            self.upb |= PICK_BIT[pick]
            ok = self.ok = self.ok | MATCH_AT[sp][kind]
            for card_bit, need in self.watch[sp][kind]:  # cards the new pick may complete
                if ok & need == need:
                    self.sat |= card_bit
        else:
            face[sp] = DOWN
            self.down |= bit
            self.known[pick] = SEAT_BIT[seat]
        self.placed = True
        ev = self.events
        if ev is not None:
            ev.append({"type": "place", "seat": seat, "space": sp, "kind": kind, "up": up,
                       "via": via, "known": self.known[pick]})
        self.instant += 1                                # ... and _changed()
        self.declined = [0] * self.g
        if self.sat:
            self._open_claims()

    # the `_do_<kind>` functions take the whole action (DO: one call, no argument unpacking)
    def _do_supply(self, action):
        """A1 (or a White's ability): a supply pick face up, then its ability."""
        _, kind, sp = action
        self._place(self._take_supply(kind), sp, True,
                    "white" if self.phase == "ability" else "supply")
        if kind == WYLDE:
            self.phase, self.at, self.akind = "end", None, None      # `_end_action`
        else:
            self.phase, self.at, self.akind = "ability", sp, kind    # `_ability`, written out
            if not self._has_targets(kind):
                self.phase, self.at, self.akind = "end", None, None

    def _take_supply(self, kind):
        """Take the first supply pick of a kind out of the supply; return it."""
        supply = self.supply
        for i, pick in enumerate(supply):
            if KIND[pick] == kind:
                del supply[i]
                return pick
        raise ValueError(kind)                     # the kind was checked to be in the supply

    def _do_bag(self, action):
        """A2: draw a pick only you see."""
        self.drawn = self._draw_pick()
        self.known[self.drawn] = 1 << self.active
        self.log({"type": "bag_draw", "seat": self.active, "kind": KIND[self.drawn],
                  "bag": len(self.bag)})
        self.phase = "bag_place"

    def _do_place(self, action):
        """A2: the drawn pick face down; it may remove an adjacent pick."""
        sp = action[1]
        pick, self.drawn = self.drawn, None
        self._place(pick, sp, False, "bag")
        self.at = sp
        self.phase = "adjacent"
        if len(self._legal_adjacent()) == 1:
            self._end_action()

    def _do_chords(self, action):
        """A3: draw two chord cards, then hold at most three unfinished ones."""
        seat = self.active
        drawn = [self.deck.pop() for _ in range(min(2, len(self.deck)))]
        self.hands[seat] += drawn
        self.hands[seat].sort()
        self.log({"type": "chords", "seat": seat, "cards": drawn, "deck": len(self.deck)})
        self.phase = "return"
        self.instant += 1                  # claims now come after any earlier one (HR-11)
        self._open_claims()

    def _do_return(self, action):
        """An unfinished card goes to the bottom of the chord deck (HR-13)."""
        card = action[1]
        self.hands[self.active].remove(card)
        self.deck.insert(0, card)
        self.log({"type": "return", "seat": self.active, "card": card})

    def _do_done(self, action):
        """The hand is settled."""
        self._end_action()

    def _do_jim(self, action):
        """One step of Jim Bot's turn, as he decides it."""
        jim_bot.step(self)

    def _do_skip(self, action):
        """No ability (or no removal) this time."""
        ev = self.events
        if ev is not None:
            ev.append({"type": "skip", "seat": self.active, "phase": self._phase_key()})
        self._end_action()

    def _do_remove(self, action):
        """Red's ability or A2's adjacent removal: a pick goes back to the bag."""
        self._to_bag(action[1], self.active, "red" if self.phase == "ability" else "adjacent")
        self._changed()
        self._end_action()

    def _do_move(self, action):
        """Blue moves a pick; Grey moves the pick it flipped. Facing is kept."""
        _, a, b = action
        up = self.face[a] != DOWN
        pick = self._lift(a)
        self._put(b, pick, up)
        ev = self.events
        if ev is not None:
            ev.append({"type": "move", "seat": self.active, "space": a, "to": b,
                       "kind": KIND[pick], "up": up, "known": self.known[pick],
                       "why": "grey" if self.phase == "grey_move" else "blue"})
        self._changed()
        self._end_action()

    def _do_swap(self, action):
        """Blue swaps two picks, each keeping its facing."""
        _, a, b = action
        ua, ub = self.face[a] != DOWN, self.face[b] != DOWN
        pa, pb = self._lift(a), self._lift(b)
        self._put(a, pb, ub)
        self._put(b, pa, ua)
        self.log({"type": "swap", "seat": self.active, "space": a, "to": b})
        self._changed()
        self._end_action()

    def _do_flip(self, action):
        """Grey hides a pick; everyone saw its colour (HR-16); it may then move."""
        sp = action[1]
        self._flip_down(sp, self.active)
        self.phase, self.at = "grey_move", sp
        if self.occ == FULL:                       # no empty space to move it to
            self._end_action()

    def _do_reveal(self, action):
        """Purple plucks a face-down pick face up; its ability may follow (HR-15)."""
        sp = action[1]
        self._ability(self._reveal(sp, self.active), sp)

    def _do_clear(self, action):
        """Green: every other pick of one type leaves this fret."""
        t = action[1]
        for sp in fret_spaces(fret_of(self.at)):
            if sp != self.at and self.face[sp] == t:
                self._to_bag(sp, self.active, "green")
        self._changed()
        self._end_action()

    def _do_wylde(self, action):
        """A revealed Wylde moves anywhere, replacing the pick there."""
        sp = action[1]
        pick = self._lift(self.at)
        if self.face[sp] != EMPTY:
            self._to_bag(sp, self.active, "wylde")
        self._put(sp, pick, True)
        self.log({"type": "move", "seat": self.active, "space": self.at, "to": sp,
                  "kind": WYLDE, "up": True, "known": 0, "why": "wylde"})
        self._changed()
        self._end_action()

    def _ability(self, kind, sp):
        """The pick at `sp` may use its ability (skipped at once when it has no target)."""
        self.phase, self.at, self.akind = "ability", sp, kind
        if not self._has_targets(kind):
            self._end_action()

    def _has_targets(self, kind):
        """Has the ability a target? (Answered without listing them.)"""
        if kind == WHITE:          # a supply pick onto an empty space, or a Wylde anywhere
            return bool(self.supply) and (self.occ != FULL or
                                          self._supply_kinds() >> WYLDE & 1 == 1)
        if kind == RED:
            return self._others() != 0
        if kind == BLUE:
            others = self._others().bit_count()
            return others >= 2 or (others == 1 and self.occ != FULL)
        if kind == GREY:           # a face-up pick: this Grey itself, at least
            return self.ok != 0
        if kind == PURPLE:
            return self.down != 0
        if kind == GREEN:          # another pick on this Green's fret
            return self._others() >> 6 * (self.at // 6) & 63 != 0
        return True                # a Wylde may go to any of the 29 other spaces

    def _end_action(self):
        """The action is over: on to the end of the turn."""
        self.phase, self.at, self.akind = "end", None, None

    # --- end of turn and of the game ------------------------------------------------------------
    def _step_end(self):
        """Score newly filled frets, check the end, pass the bag (HR-21, HR-22)."""
        occ = self.occ
        full = ((occ & LOW_FIVE) + FRET_STARTS) & occ & HIGH_STRINGS
        scored = self.scored
        if full:
            for f in FRETS_AT[full]:               # the full frets: score the new ones
                if not scored[f - 1]:
                    self._lead_guitar(f)
        turns = self.turns = self.turns + 1
        idle = self.idle = 0 if self.placed else self.idle + 1
        if False not in scored:                    # every fret scored
            return self._final_window("frets")
        g = self.g
        if self.options["anti_stall"] and (idle >= 4 * g or turns >= 40 * g):
            return self._final_window("stall")
        self.active = (self.active + 1) % g
        self._begin_turn()

    def column(self, fret):
        """What a lead guitar round for `fret` would write for each colour on this board (HR-4,
        by the `lead_scoring` option; HR-5 by `face_down_scores`)."""
        mode, face = self.options["lead_scoring"], self._scoring_faces()
        if mode == "fret_only":
            row = face[6 * fret - 6:6 * fret]
            return [TRIANGULAR[row.count(c)] for c in COLOURS]
        if mode == "linear":                       # the sum over the frets: the whole board's
            return [face.count(c) for c in COLOURS]
        t, f0, f1, f2, f3, f4 = (TRIANGULAR, face[0:6], face[6:12], face[12:18], face[18:24],
                                 face[24:30])      # `_colour_counts`, summed as it is counted
        return [t[f0.count(c)] + t[f1.count(c)] + t[f2.count(c)] + t[f3.count(c)] + t[f4.count(c)]
                for c in COLOURS]

    def _lead_guitar(self, fret):
        """A lead guitar round: every genre scored on the pad in this fret's column (HR-4/5)."""
        for c, value in zip(COLOURS, self.column(fret)):
            self.pad[c][fret - 1] = value
        self.scored[fret - 1] = True
        self.log({"type": "fret_scored", "fret": fret,
                  "column": [self.pad[c][fret - 1] for c in COLOURS]})

    def _colour_counts(self):
        """Face-up picks of each colour per fret (face-down ones too under HR-5's option)."""
        face = self._scoring_faces()
        frets = [face[6 * f:6 * f + 6] for f in range(5)]
        return [[fret.count(c) for fret in frets] for c in COLOURS]

    def _scoring_faces(self):
        """The faces a lead guitar round counts: face-down picks by their kind under HR-5's
        option."""
        face = self.face
        if self.options["face_down_scores"]:
            face = [KIND[self.board[sp]] if f == DOWN else f for sp, f in enumerate(face)]
        return face

    def _final_window(self, reason):
        """A last chance to claim before totals (HR-22)."""
        self.end_reason = reason
        self.declined = [0] * self.g
        self.phase = "final"
        self.instant += 1                  # claims now come after any earlier one (HR-11)
        self._open_claims()

    def _step_final(self):
        """Reveal genres and songs; chords + song + genre; the winners (HR-23)."""
        self.final = [self._breakdown(s) for s in range(self.g)]
        self.phase, self.current_player = "over", None
        self.log({"type": "game_end", "reason": self.end_reason, "final": self.final,
                  "winners": self._winners(), "jim": self.jim})

    def _breakdown(self, seat):
        """Chords, song, genre and total fame of one guitarist."""
        chords = self.chord_fame(seat)
        song = self.songs[seat]
        types = {chord_type(c) for c, _ in self.completed[seat]}
        song_fame = SONG_FAME if song is not None and set(SONGS[song]) <= types else 0
        genre = sum(sum(self.pad[c]) for c in self.genres[seat])
        out = {"seat": seat, "chords": chords, "song": song_fame, "genre": genre,
               "total": chords + song_fame + genre, "cards": len(self.completed[seat]),
               "genres": list(self.genres[seat]), "song_id": song}
        if seat == self.jim and jim_rules(self.options).row_scores:   # HR-28: his row, revealed
            out["row"] = sum(SILVER[c] for c in self.hands[seat])
            out["total"] += out["row"]
        return out

    def chord_fame(self, seat):
        """Silver for the first card of a chord type, golden for each later one; cards claimed
        at the same instant are ordered for the owner's best total (HR-11). Jim Bot's cards
        score by his level (HR-27, HR-28, HR-29): silver only, so, golden each, or golden after
        his first."""
        mode = jim_rules(self.options).chords if seat == self.jim else "rechord"
        if mode == "golden":
            return sum(GOLDEN[c] for c, _ in self.completed[seat])
        golden_ok = mode != "silver"
        group = (lambda card: 0) if mode == "after_first" else chord_type   # HR-29: one group
        by_type = {}
        for card, instant in self.completed[seat]:
            by_type.setdefault(group(card), []).append((instant, card))
        total = 0
        for cards in by_type.values():       # the first instant's card that costs least: silver
            first = min(i for i, _ in cards)
            firsts = [c for i, c in cards if i == first]
            silver_card = min(firsts, key=lambda c: (GOLDEN[c] - SILVER[c], c))
            for _, c in cards:
                total += SILVER[c] if c == silver_card or not golden_ok else GOLDEN[c]
        return total

    def _winners(self):
        """Highest total, then genre, then completed cards; solo: beat Jim Bot outright."""
        if self.final is None:
            return []
        if self.jim is not None:
            return [0] if self.final[0]["total"] > self.final[1]["total"] else []
        key = [(b["total"], b["genre"], b["cards"]) for b in self.final]
        best = max(key)
        return [s for s in range(self.g) if key[s] == best]

    def scores(self):
        """Fame per player: chord fame so far; at the end, the full totals."""
        return self._fame(self.n)

    def seat_scores(self):
        """Fame per seat, Jim Bot's after the players'."""
        return self._fame(self.g)

    def _fame(self, seats):
        """The fame of the first `seats` seats."""
        if self.final is not None:
            return [self.final[s]["total"] for s in range(seats)]
        return [self.chord_fame(s) for s in range(seats)]

    # --- Jim Bot's seat (HR-26, HR-27; his decisions are in jim.py) --------------------------
    @property
    def automata(self):
        """The seats the engine plays: Jim Bot's in the solo game."""
        return () if self.jim is None else (self.jim,)

    def automaton_bot(self, seat):
        """At Legend his moves are chosen by the search, for his own fame (HR-29): its level;
        else None (his one legal action is his own next step)."""
        return LEGEND_BOT if self.legend() else None

    def automaton_name(self, seat, level=False):
        """Jim Bot's name (with his difficulty in words, if `level`)."""
        if level:
            return text("rc.name.jim_level", {"difficulty": text(
                "rc.name.difficulty." + self.options["difficulty"])})
        return text("rc.name.jim")

    def _upgrade(self, action, version):
        """A version-1 save holds none of Jim Bot's steps: they are played wherever he is to
        move, before the saved action and after it."""
        if version < 2:
            yield from self._jim_steps()
        yield action
        if version < 2:
            yield from self._jim_steps()

    def _jim_steps(self):
        """Jim Bot's steps for as long as his seat is to play."""
        while self.jim is not None and self.current_player == self.jim:
            yield jim_bot.STEP

    # --- cloning --------------------------------------------------------------------------------
    def clone(self, keep_events=True):
        """A cheap independent copy; searches pass keep_events=False."""
        s = ReChordState.__new__(ReChordState)
        s._clone_base(self, keep_events)
        s.n, s.g, s.jim, s.active, s.phase, s.at, s.akind, s.drawn = (
            self.n, self.g, self.jim, self.active, self.phase, self.at, self.akind, self.drawn)
        s.instant, s.placed, s.idle, s.turns, s.jim_next, s.icon, s.end_reason = (
            self.instant, self.placed, self.idle, self.turns, self.jim_next, self.icon,
            self.end_reason)
        s.current_player, s.setlist, s.size, s.final = (self.current_player, self.setlist,
                                                         self.size, self.final)
        s.ok, s.occ, s.sat, s.down, s.watch, s.upb = (self.ok, self.occ, self.sat, self.down,
                                                      self.watch, self.upb)
        s.board, s.face, s.known, s.bag, s.supply = (self.board[:], self.face[:], self.known[:],
                                                     self.bag[:], self.supply[:])
        s.deck, s.scored, s.claims, s.declined = (self.deck[:], self.scored[:], self.claims[:],
                                                  self.declined[:])
        s.icons, s.rigged, s.songs, s.genres = (self.icons[:], self.rigged[:], self.songs[:],
                                                self.genres[:])
        s.hands = [h[:] for h in self.hands]
        s.completed = [c[:] for c in self.completed]
        s.pad = [r[:] for r in self.pad]
        return s


    def pick_places(self):
        """Where every pick is: the board, the supply, the bag, a hand (drawn from the bag)."""
        board = [p for p in self.board if p != EMPTY]
        drawn = [self.drawn] if self.drawn is not None else []
        return {"board": board, "supply": list(self.supply), "bag": list(self.bag),
                "drawn": drawn}


# every action built once: legal_actions() hands out these tuples
SUPPLY_ACTS = tuple(tuple(("supply", k, sp) for sp in range(SPACES)) for k in range(7))
PLACE, REMOVE, FLIP, REVEAL, WYLDE_MOVE = (tuple((name, sp) for sp in range(SPACES))
                                           for name in ("place", "remove", "flip", "reveal",
                                                        "wylde"))
MOVE, SWAP = (tuple(tuple((name, a, b) for b in range(SPACES)) for a in range(SPACES))
              for name in ("move", "swap"))
CLAIM, RETURN = (tuple((name, c) for c in range(CHORD_CARDS)) for name in ("claim", "return"))
CLEAR = tuple(("clear", t) for t in range(8))
BAG_ACT, CHORDS_ACT, DONE, SKIP, DECLINE = (("bag",), ("chords",), ("done",), ("skip",),
                                            ("decline",))
TRIANGULAR = tuple(triangular(k) for k in range(7))
FULL = (1 << SPACES) - 1                                  # every space occupied
FRET_STARTS = sum(1 << 6 * f for f in range(5))    # string E of each fret
HIGH_STRINGS = FRET_STARTS << 5                    # string e of each fret
LOW_FIVE = FULL & ~HIGH_STRINGS                    # strings E..B of each fret
# a fret is full when adding 1 at its string E to its strings E..B carries into string e, and
# its string e is occupied: `((occ & LOW_FIVE) + FRET_STARTS) & occ & HIGH_STRINGS`
FRETS_AT = {sum(1 << 6 * (f - 1) + 5 for f in frets): frets    # those bits -> the frets (1..5)
            for frets in (tuple(f for f in range(1, 6) if m >> (f - 1) & 1)
                          for m in range(32))}
KIND = tuple(kind_of(p) for p in range(PICKS))
KIND_BIT = tuple(1 << kind_of(p) for p in range(PICKS))
CARD_BIT = tuple(1 << c for c in range(CHORD_CARDS))
SEAT_BIT = tuple(1 << seat for seat in range(6))
KINDS_IN = tuple(tuple(k for k in range(7) if kinds >> k & 1) for kinds in range(128))
ADJACENT = tuple(adjacent(sp) for sp in range(SPACES))
SEAT_ORDER = tuple(tuple(tuple((active + i) % g for i in range(g)) for active in range(g))
                   for g in range(6))            # [guitarists][active]: the seats, active first


def spaces_of(mask):
    """The spaces of a set (one bit each) in scan order, a tuple: three lookups of 10 bits."""
    return SPACES_LOW[mask & 1023] + SPACES_MID[mask >> 10 & 1023] + SPACES_HIGH[mask >> 20]


SPACES_LOW, SPACES_MID, SPACES_HIGH = (
    tuple(tuple(start + s for s in range(10) if m >> s & 1) for m in range(1024))
    for start in (0, 10, 20))


FRET_SETS = tuple(tuple(tuple(6 * f + s for s in range(6) if spaces >> s & 1)
                        for spaces in range(64)) for f in range(5))
"""For each fret and each set of its six spaces (6 bits), those spaces in scan order."""


def fret_table(row):
    """A row of entries, one per space, cut up per fret: for each fret and each set of its six
    spaces (6 bits), the entries of those spaces in scan order (for `at_spaces`)."""
    entry = row.__getitem__
    return tuple(tuple(tuple(map(entry, spaces)) for spaces in fret) for fret in FRET_SETS)


class FretTables(dict):
    """The fret tables of rows of entries, each made when first asked for (all 60 of the
    moves' and swaps' took most of the module's import: the page imports it at the first
    Re-Chord game)."""

    def __init__(self, rows):
        super().__init__()
        self.rows = rows

    def __missing__(self, index):
        table = self[index] = fret_table(self.rows[index])
        return table


def at_spaces(table, spaces):
    """The entries of a `fret_table` for a set of spaces (one bit each), in scan order."""
    out = list(table[0][spaces & 63])
    out += table[1][spaces >> 6 & 63]
    out += table[2][spaces >> 12 & 63]
    out += table[3][spaces >> 18 & 63]
    out += table[4][spaces >> 24 & 63]
    return out


PLACE_TABLE, REMOVE_TABLE, FLIP_TABLE, REVEAL_TABLE = (
    fret_table(row) for row in (PLACE, REMOVE, FLIP, REVEAL))
SUPPLY_TABLES = tuple(fret_table(SUPPLY_ACTS[k]) for k in COLOURS)
MOVE_TABLES = FretTables(MOVE)       # [the space moved from]
SWAP_TABLES = FretTables(SWAP)       # [the space swapped from]
ABOVE = tuple(63 & -(2 << sp % 6) for sp in range(SPACES))    # a fret's strings above a space
KEEP_OTHERS = tuple(~(63 << 6 * sp) for sp in range(SPACES))      # `ok` without one space
# per space, tuples indexed by a face (FACE_ORDER: EMPTY last, so [-1] is EMPTY's)
MATCH_AT = tuple(tuple(MATCHES[face] << 6 * sp for face in FACE_ORDER) for sp in range(SPACES))
UNMATCHED_AT = tuple(tuple(~MATCHED_AT[sp][face] for face in FACE_ORDER) for sp in range(SPACES))
BIT = tuple(1 << sp for sp in range(SPACES))
NOT_BIT = tuple(~(1 << sp) for sp in range(SPACES))
PICK_BIT = tuple(1 << p for p in range(PICKS))           # `upb`: the picks face up
NOT_PICK_BIT = tuple(~(1 << p) for p in range(PICKS))
FIRST_OF_KIND = tuple(kind_of(p) * PER_KIND for p in range(PICKS))
BELOW_OF_KIND = tuple((1 << p) - (1 << FIRST_OF_KIND[p]) for p in range(PICKS))  # one bit per
# pick of the same kind with a lower label
WATCH_ALL = card_watch(tuple(range(CHORD_CARDS)))     # before the game knows its cards
ABILITY_TARGETS = {WHITE: ReChordState._targets_white, RED: ReChordState._targets_red,
                   BLUE: ReChordState._targets_blue, GREY: ReChordState._targets_grey,
                   PURPLE: ReChordState._targets_purple, GREEN: ReChordState._targets_green,
                   WYLDE: ReChordState._targets_wylde}
STEPS = {"end": ReChordState._step_end, "final": ReChordState._step_final}
DO = {kind: getattr(ReChordState, "_do_" + kind) for kind in SHAPES
      if kind not in ("claim", "decline")}
LEGAL = {phase: getattr(ReChordState, "_legal_" + phase) for phase in SEAT_PHASES}
PHASE_KINDS = {"turn": ("supply", "bag", "chords"), "bag_place": ("place",),
               "adjacent": ("remove", "skip"), "grey_move": ("move", "skip"),
               "return": ("return", "done"), "ability_white": ("supply", "skip"),
               "ability_red": ("remove", "skip"), "ability_blue": ("move", "swap", "skip"),
               "ability_grey": ("flip", "skip"), "ability_purple": ("reveal", "skip"),
               "ability_green": ("clear", "skip"), "ability_wylde": ("wylde", "skip"),
               "jim": ("jim",)}


def kind_name(kind):
    """A pick kind in words ('a Red pick')."""
    return text("rc.name.kind." + KINDS[kind])


def type_name(t):
    """A Green target type in words."""
    return text("rc.name.type.down") if t == DOWN else kind_name(t)


SETUP_KEYS = ("hands", "board", "supply", "deck", "draws", "icons", "scored", "songs", "genres",
              "completed", "pad", "start")
MAX_PAD = 5 * TRIANGULAR[6]        # a colour's column: six picks in each of the five frets
MAX_INSTANT = 10_000               # a claim's instant (a game has a few hundred at most)
MAX_DRAWS = PICKS
MAX_ICONS = 10                     # a whole icon deck (HR-27)


def _ints(setup, key, low, high, most, why):
    """The list `setup[key]` of ints in low..high, at most `most` long (SetupError else)."""
    value = setup[key]
    if not is_list(value, most=most) or not all(is_int(x, low, high) for x in value):
        raise bad(why)
    return list(value)


def _check_setup(setup, players, options):
    """Validate a test position and make it JSON-canonical: every field's type, length and
    range, and its fit to the guitarists (solo: Jim Bot at seat 1) and options.

    Keys (all optional but `hands`): board [[space, kind, up, known_mask]], supply [kinds],
    hands [[cards]] per guitarist, deck [cards] (top last), songs, genres [[colours]],
    completed [[[card, instant]]], pad (6 × 5), scored [frets], draws [kinds forced from the
    bag, in order], icons [Jim Bot's icons, next last], start."""
    if setup is None:
        return None
    g = players + (1 if players == 1 else 0)
    jim = 1 if players == 1 else None
    if type(setup) is not dict or "hands" not in setup:
        raise bad("it needs hands for every guitarist")
    if not all(k in SETUP_KEYS for k in setup):
        raise bad("it has a field that is not one of a position's")
    out = {"hands": _check_hands(setup["hands"], g, jim, options)}
    out["board"] = _check_board(setup.get("board", []), g)
    simple = (("supply", 0, WYLDE, max(SUPPLY.values()), "supply: up to 6 pick kinds (0 to 6)"),
              ("deck", 0, CHORD_CARDS - 1, CHORD_CARDS, "deck: chord cards (0 to 71)"),
              ("draws", 0, WYLDE, MAX_DRAWS, "draws: pick kinds (0 to 6)"),
              ("icons", BAG, WYLDE, MAX_ICONS, "icons: up to 10, each -1 (bag) or 0 to 6"),
              ("scored", 1, 5, 5, "scored: frets 1 to 5"))
    for key, low, high, most, why in simple:
        if key in setup:
            out[key] = _ints(setup, key, low, high, most, why)
    if "songs" in setup:
        out["songs"] = _check_songs(setup["songs"], g, jim)
    if "genres" in setup:
        out["genres"] = _check_genres(setup["genres"], g, jim)
    if "completed" in setup:
        out["completed"] = _check_completed(setup["completed"], g)
    if "pad" in setup:
        out["pad"] = _check_pad(setup["pad"])
    if "start" in setup:
        if not is_int(setup["start"], 0, g - 1):
            raise bad("start: a guitarist's seat")
        out["start"] = setup["start"]
    _check_counts(out)
    return out


def _check_hands(hands, g, jim, options):
    """One list of chord card ids per guitarist: up to three, Jim Bot's open row up to his
    level's."""
    row = jim_rules(options).row if jim is not None else HAND
    if not is_list(hands, size=g) or not all(
            is_list(h, most=row if s == jim else HAND) and
            all(is_int(c, 0, CHORD_CARDS - 1) for c in h) for s, h in enumerate(hands)):
        raise bad("hands: one list of up to 3 chord cards (0 to 71) per guitarist")
    return [list(h) for h in hands]


def _check_board(board, g):
    """[space, kind, up, known_mask] rows on distinct spaces (the mask of seats that know a
    face-down pick; may be left out)."""
    if not is_list(board, most=SPACES) or not all(
            is_list(b) and len(b) in (3, 4) and is_int(b[0], 0, SPACES - 1) and
            is_int(b[1], 0, WYLDE) and b[2] in (0, 1) and type(b[2]) in (int, bool) and
            (len(b) == 3 or is_int(b[3], 0, (1 << g) - 1)) for b in board):
        raise bad("board: [space 0 to 29, kind 0 to 6, up, seats knowing] rows")
    if len({b[0] for b in board}) != len(board):
        raise bad("board: two picks on one space")
    return [[b[0], b[1], int(b[2]), b[3] if len(b) > 3 else 0] for b in board]


def _check_songs(songs, g, jim):
    """A song id (or None) per guitarist; Jim Bot has none."""
    if not is_list(songs, size=g) or not all(
            (x is None or s != jim and is_int(x, 0, len(SONGS) - 1)) for s, x in enumerate(songs)):
        raise bad("songs: one song (0 to 35) per guitarist, none for Jim Bot")
    return list(songs)


def _check_genres(genres, g, jim):
    """One genre colour per guitarist, one or two for Jim Bot, no colour twice."""
    if not is_list(genres, size=g) or not all(
            is_list(x) and 1 <= len(x) <= (2 if s == jim else 1) and
            all(is_int(c, 0, len(COLOURS) - 1) for c in x) for s, x in enumerate(genres)):
        raise bad("genres: one colour (0 to 5) per guitarist, one or two for Jim Bot")
    colours = [c for x in genres for c in x]
    if len(set(colours)) != len(colours):
        raise bad("genres: a colour held twice")
    return [list(x) for x in genres]


def _check_completed(completed, g):
    """Per guitarist, the [card, instant] of each chord card completed."""
    if not is_list(completed, size=g) or not all(
            is_list(cs, most=CHORD_CARDS) and all(
                is_list(c, size=2) and is_int(c[0], 0, CHORD_CARDS - 1) and
                is_int(c[1], 0, MAX_INSTANT) for c in cs) for cs in completed):
        raise bad("completed: per guitarist, [card 0 to 71, instant] pairs")
    return [[list(c) for c in cs] for cs in completed]


def _check_pad(pad):
    """The score pad: 6 colour rows of 5 fret columns, each 0 to MAX_PAD."""
    if not is_list(pad, size=len(COLOURS)) or not all(
            is_list(row, size=5) and all(is_int(x, 0, MAX_PAD) for x in row) for row in pad):
        raise bad("pad: 6 rows of 5 numbers from 0 to %d" % MAX_PAD)
    return [list(row) for row in pad]


def _check_counts(out):
    """No pick kind more than five times on the board and in the supply; no chord card twice."""
    kinds = [b[1] for b in out["board"]] + out.get("supply", [])
    if any(kinds.count(k) > PER_KIND for k in range(len(KINDS))):
        raise bad("more than 5 picks of a kind")
    cards = [c for h in out["hands"] for c in h] + out.get("deck", []) + \
        [c for cs in out.get("completed", []) for c, _ in cs]
    if len(set(cards)) != len(cards):
        raise bad("a chord card in two places")
