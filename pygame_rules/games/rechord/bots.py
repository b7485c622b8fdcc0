"""A rule-based bot for multiplayer Re-Chord that reads only its seat's view and the legal actions.

Fame comes from three places: the seat's genre colour on the score pad (every time a fret fills,
each colour scores T(k) = k(k+1)/2 for its k face-up picks in every fret of the whole board,
HR-4), its completed chord cards (silver for the first of a type, golden for each later one)
and its song (18 when a card of every listed type is done). So the bot values a board by

  * its genre: T(k) summed over frets for its colour, minus the same for the other colours
    weighted by how likely each is an opponent's genre and how strong it is (a colour kept in
    clusters, with a big pad total, is the leader's likely genre: Red, Blue, Grey, Green and
    the A2 removal then go after its clusters, and the convex T makes the biggest cluster the
    best target), all times the scoring rounds still to come (a fret it fills now scores at
    once, so it fills frets when it is ahead and holds back when it is behind);
  * its chord cards: each card's fame (golden once the type is done) times a completion chance
    (a required space with the right face-up colour or a Wylde counts 1, an empty one some
    chance, a wrong or face-down pick a small one; all shrinking as the frets and the
    anti-stall guard's turns run out), plus its song's 18 times the chance that every missing
    type gets done (by one of its cards of that type, or by a card it has yet to draw);
  * in solo, Jim Bot's open row: a card it would complete (or could, with one supply pick)
    costs its value.

Each decision tries the legal actions on a copy of the board (a few counters updated in place
and undone) and takes the best: a supply pick where it raises that value most plus what its
ability could do afterwards, a bag pick where its face-down pick and adjacent removal help most,
or chord cards (A3) when the expected gain of two new cards beats any placement. Abilities are
used only when they raise the value (otherwise skipped); cards are always claimed, lowest
golden first; the cards returned after A3 are the ones worth least (far from completion, not
in the song).

It keeps no memory between calls and never sees the state: the same call works from JSON.
"""

from . import observer
from .cards import (COLOURS, FACE_DOWN, GOLDEN, REQUIREMENTS, card_worth, jim_rules,
                    SETLIST_NAMES, SILVER, SONG_FAME, SONGS, SPACES, WYLDE, adjacent,
                    setlist_cards)

WHITE, RED, BLUE, GREY, PURPLE, GREEN = COLOURS
EMPTY = -1
DOWN = FACE_DOWN
NCOL = len(COLOURS)
FRET = tuple(sp // 6 for sp in range(SPACES))           # 0-based fret of a space
ADJ = tuple(adjacent(sp) for sp in range(SPACES))
FRET_SPACES = tuple(tuple(range(6 * f, 6 * f + 6)) for f in range(5))

# --- weights (tuned by self-play and against the random bot) ------------------------------------
GAMMA = 0.85          # a later scoring round counts this much of the one before
OPP = 0.2             # a point for a likely opponent genre counts this much against ours
LEAD = 0.6            # extra weight on the strongest opponent colour (the likely leader)
EVIDENCE = 1.0        # how much one same-colour pair in a fret says "someone's genre"
PAD_EVIDENCE = 0.05   # the same for a point of pad total
Q_EMPTY = 0.45        # chance an empty required space gets its colour in time
Q_BLOCKED = 0.2       # the same for a space holding a wrong or face-down pick
Q_SCARCE = 0.15       # ... and for a colour with no pick left off the board (a Wylde only)
P_UNDRAWN = 0.3       # chance to complete a song type later with a card not yet in hand
ABILITY = 0.85        # an ability's best use, counted before it is chosen
JIM_NEAR = 0.4        # a Jim Bot card one supply pick from done counts this much of its value
HIDDEN = 0.15         # a face-down pick of a known colour counts this much as if face up
DRAW_SECOND = 1.0     # the second of two drawn cards, as an improvement of the hand
IDLE_PUSH = 1.0       # A3 loses this much per round in which nobody placed a pick (no loops)

STALL_TURNS = 40     # the anti-stall guard ends the game after 40 turns per guitarist (HR-22)
TURNS_PER_SPACE = 1.5  # turns it takes, all seats together, to fill one more space
OVERTIME = 5.0        # without the guard, past its turn limit: each empty space costs this


def rounds(r):
    """Scoring rounds still to come, each later one discounted: 1 + GAMMA + ... (r may be a
    fraction)."""
    return (1.0 - GAMMA ** r) / (1.0 - GAMMA) if GAMMA < 1.0 else r


def _opp_genres(view):
    """How many genre colours the opponents hold."""
    if view["jim"] is not None:                  # Jim Bot at Legend: the human's one genre
        return 1 if view["seat"] == view["jim"] else jim_rules(view["options"]).genres
    return view["players"] - 1


class Board:
    """The board as this seat sees it, with the counters of its value, changed and undone in
    place so that each legal action is scored in a few steps."""

    __slots__ = ("face", "known", "cnt", "emp", "w", "sw", "unscored", "u", "full", "eu", "n",
                 "cards", "cspace", "base_face", "diff", "cache", "qe", "song_missing",
                 "song_on", "jim_cards", "view_hand", "hidden_w", "turns_left", "fcache", "lin",
                 "overtime")

    def __init__(self, view):
        me_colours = set(view["genres"])
        face, known = [EMPTY] * SPACES, [None] * SPACES
        for sp, cell in enumerate(view["board"]):
            if cell is not None:
                kind, up = cell
                if up:
                    face[sp] = kind
                else:
                    face[sp] = DOWN
                    known[sp] = kind
        self.face, self.known = face, known
        self.n = max(2, view["guitarists"])
        cnt = [0] * (NCOL * 5)
        emp = [0] * 5
        for sp in range(SPACES):
            x = face[sp]
            if 0 <= x < NCOL:
                cnt[x * 5 + FRET[sp]] += 1
            elif x == EMPTY:
                emp[FRET[sp]] += 1
        self.cnt, self.emp = cnt, emp
        self.unscored = [not s for s in view["scored"]]
        self.u = sum(self.unscored)
        self.full = sum(1 for f in range(5) if self.unscored[f] and emp[f] == 0)
        self.eu = sum(emp[f] for f in range(5) if self.unscored[f])
        opts = view["options"]
        # the turn limit of the anti-stall guard; without the guard the bot plans as if it
        # were there, and past it pushes to fill the frets so that a game of bots still ends
        self.turns_left = STALL_TURNS * view["guitarists"] - view["turns"]
        self.overtime = OVERTIME if not opts.get("anti_stall", True) and \
            self.turns_left <= 0 else 0.0
        self.fcache = {}
        self.w = self._weights(view, me_colours)
        self.hidden_w = [HIDDEN * x for x in self.w]
        self.lin = opts.get("lead_scoring") == "linear"         # HR-4's option: T(k) = k
        self.sw = sum(self.w[c] * (cnt[c * 5 + f] if self.lin else
                                   cnt[c * 5 + f] * (cnt[c * 5 + f] + 1) / 2)
                      for c in range(NCOL) for f in range(5))
        self._chord_setup(view)

    # --- genre weights ------------------------------------------------------------------------
    def _weights(self, view, mine):
        """+1 for its own colour; for each other colour minus OPP times how likely it is an
        opponent's genre, more for the strongest (the likely leader's)."""
        cnt, pad = self.cnt, view["pad"]
        others = [c for c in COLOURS if c not in mine]
        k = _opp_genres(view)
        solo = view["jim"] is not None
        ev, strength = {}, {}
        hr = self.factor(0, self.u, self.eu)
        for c in others:
            pairs = sum(cnt[c * 5 + f] * (cnt[c * 5 + f] - 1) // 2 for f in range(5))
            s = sum(cnt[c * 5 + f] * (cnt[c * 5 + f] + 1) // 2 for f in range(5))
            total = sum(pad[c])
            ev[c] = 1.0 if solo else 1.0 + EVIDENCE * pairs + PAD_EVIDENCE * total
            strength[c] = total + s * hr
        tot = sum(ev.values()) or 1.0
        top = max(strength.values(), default=0) or 1.0
        w = [0.0] * 8
        for c in others:
            p = min(1.0, k * ev[c] / tot)
            w[c] = -OPP * p * (1.0 + LEAD * strength[c] / top)
        for c in mine:
            w[c] = 1.0
        return w

    # --- chords -------------------------------------------------------------------------------
    def _chord_setup(self, view):
        """Cards in hand with their fame, the song's missing types, Jim Bot's open row."""
        me = view["seat"]
        done = [c // 4 for c in view["completed"][me]]
        done_types = set(done)
        self.view_hand = list(view["hand"])
        mine = jim_rules(view["options"]).chords if me == view["jim"] else "rechord"  # Legend
        self.cards = [(card, REQUIREMENTS[card], card_worth(mine, card, done_types))
                      for card in self.view_hand]
        song = view["song"]
        self.song_missing = [t for t in SONGS[song] if t not in done_types] \
            if song is not None else []
        self.song_on = bool(self.song_missing)
        self.jim_cards = []
        if view["jim"] is not None and me != view["jim"]:
            jim_done = {c // 4 for c in view["completed"][view["jim"]]}
            mode = jim_rules(view["options"]).chords        # his card's worth to him
            self.jim_cards = [(REQUIREMENTS[c], card_worth(mode, c, jim_done))
                              for c in view["jim_row"]]
        spaces = {sp for _, reqs, _ in self.cards for sp, _ in reqs}
        spaces.update(sp for reqs, _ in self.jim_cards for sp, _ in reqs)
        self.cspace = [sp in spaces for sp in range(SPACES)]
        self.base_face = self.face[:]
        self.diff = 0
        self.cache = {}
        # a colour with no pick left off the board can only come as a Wylde
        off = [5] * 7
        for x in self.face:
            if 0 <= x < 7:
                off[x] -= 1
        for x in self.known:
            if x is not None:
                off[x] -= 1
        self.qe = [Q_EMPTY if off[c] > 0 else Q_SCARCE for c in range(NCOL)]

    def set_hand(self, hand, view):
        """Value a different hand (A3's returns)."""
        done_types = {c // 4 for c in view["completed"][view["seat"]]}
        self.cards = [(card, REQUIREMENTS[card],
                       GOLDEN[card] if card // 4 in done_types else SILVER[card])
                      for card in hand]
        self.cache = {}

    def chords(self, left, eu, jim=True):
        """Chord cards and song: fame times the chance of completion; Jim Bot's cards against
        (unless `jim` is false)."""
        face = self.face
        tf = min(1.0, (min(eu, self.turns_left) + 1.0) / (2.0 * self.n)) \
            if left and self.turns_left > 0 else 0.0
        qe, qb = self.qe, Q_BLOCKED * tf
        total = 0.0
        miss = {}                        # per chord type: the chance no card in hand does it
        for card, reqs, fame in self.cards:
            p = 1.0
            for sp, c in reqs:
                x = face[sp]
                if x != c and x != WYLDE:
                    p *= qe[c] * tf if x == EMPTY else qb
            total += fame * p
            t = card // 4
            miss[t] = miss.get(t, 1.0) * (1.0 - p)
        if self.song_on:
            song = SONG_FAME
            later = 1.0 - P_UNDRAWN * tf
            for t in self.song_missing:
                song *= 1.0 - later * miss.get(t, 1.0)
            total += song
        for reqs, fame in self.jim_cards if jim else ():
            missing = 0
            for sp, c in reqs:
                x = face[sp]
                if x != c and x != WYLDE:
                    missing += 1 if x == EMPTY else 2
            if missing == 0:
                total -= fame
            elif missing == 1 and left:
                total -= JIM_NEAR * fame
        return total

    # --- changes and the value ---------------------------------------------------------------
    def put(self, sp, nf):
        """Set a space's face (EMPTY, a kind, or DOWN); returns the old face for undo."""
        face = self.face
        of = face[sp]
        if of == nf:
            return of
        f = FRET[sp]
        cnt = self.cnt
        if 0 <= of < NCOL:
            i = of * 5 + f
            self.sw -= self.w[of] * (1 if self.lin else cnt[i])
            cnt[i] -= 1
        elif of == EMPTY:
            self._emp(f, -1)
        if 0 <= nf < NCOL:
            i = nf * 5 + f
            cnt[i] += 1
            self.sw += self.w[nf] * (1 if self.lin else cnt[i])
        elif nf == EMPTY:
            self._emp(f, 1)
        face[sp] = nf
        if self.cspace[sp]:
            b = self.base_face[sp]
            self.diff += (nf != b) - (of != b)
        return of

    def _emp(self, f, d):
        """One more (d = 1) or one fewer (d = -1) empty space in fret f."""
        e = self.emp[f]
        self.emp[f] = e + d
        if self.unscored[f]:
            self.eu += d
            if e == 0:
                self.full -= 1
            elif e + d == 0:
                self.full += 1

    def factor(self, full, left, eu):
        """How many times the board's genre points count: the frets it fills now score at once,
        then the rounds still to come (fewer when the anti-stall guard's turn limit comes
        first)."""
        key = (full, left, eu)
        f = self.fcache.get(key)
        if f is None:
            r = left * max(0.0, min(1.0, self.turns_left / (TURNS_PER_SPACE * eu + 1.0)))
            f = self.fcache[key] = full + rounds(r)
        return f

    def value(self):
        """The board's worth to this seat (see the module docstring)."""
        full, eu = self.full, self.eu
        left = self.u - full
        g = self.sw * self.factor(full, left, eu) - self.overtime * (eu + left)
        if self.diff == 0:
            key = (left, eu)
            c = self.cache.get(key)
            if c is None:
                c = self.cache[key] = self.chords(left, eu)
            return g + c
        return g + self.chords(left, eu)

    def ahead(self, mine):
        """Fame still to come for this seat (the search's estimate where its playouts stop):
        its genres' points on this board times the scoring rounds to come, and its chord cards
        and song by their chances (Jim Bot's open row left out)."""
        full, eu = self.full, self.eu
        left = self.u - full
        cnt = self.cnt
        genre = sum(cnt[c * 5 + f] if self.lin else cnt[c * 5 + f] * (cnt[c * 5 + f] + 1) / 2
                    for c in mine for f in range(5))
        return genre * self.factor(full, left, eu) + self.chords(left, eu, jim=False)

    def try_faces(self, changes):
        """The value after setting several spaces' faces (then undone)."""
        old = [(sp, self.put(sp, nf)) for sp, nf in changes]
        v = self.value()
        for sp, of in reversed(old):
            self.put(sp, of)
        return v

    def try_one(self, sp, nf):
        """The value after setting one space's face (then undone)."""
        of = self.put(sp, nf)
        v = self.value()
        self.put(sp, of)
        return v


# --- the bot --------------------------------------------------------------------------------
class Bot:
    """One decision: the view read into a Board, the legal actions scored."""

    def __init__(self, view):
        self.view = view
        self.b = Board(view)
        self.v0 = self.b.value()
        self.supply = list(view["supply"])
        self._rem = None
        self._abil = {}
        self._unknown = None

    # --- helpers --------------------------------------------------------------------------------
    def delta(self, changes):
        """How much a set of face changes raises the value."""
        return self.b.try_faces(changes) - self.v0

    def removals(self):
        """For each occupied space, the value change of sending its pick to the bag."""
        if self._rem is None:
            b = self.b
            self._rem = {sp: b.try_one(sp, EMPTY) - self.v0
                         for sp in range(SPACES) if b.face[sp] != EMPTY}
        return self._rem

    def hidden_bonus(self, kind, sp):
        """What a face-down pick of a known kind is worth where it lies (a Purple may reveal
        it): a small share of its genre value if face up."""
        if kind is None or not 0 <= kind < NCOL:
            return 0.0
        b = self.b
        k = b.cnt[kind * 5 + FRET[sp]]
        return b.hidden_w[kind] * (k + 1) * b.factor(0, b.u, b.eu)

    def unknown_kinds(self):
        """The distribution of kinds among the picks this seat has not seen (bag and unknown
        face-down picks)."""
        if self._unknown is None:
            left = [5] * 7
            b = self.b
            for sp in range(SPACES):
                x = b.face[sp]
                if 0 <= x < 7:
                    left[x] -= 1
                elif x == DOWN and b.known[sp] is not None:
                    left[b.known[sp]] -= 1
            for k in self.supply:
                left[k] -= 1
            left = [max(0, x) for x in left]
            tot = sum(left) or 1
            self._unknown = [x / tot for x in left]
        return self._unknown

    def best_place(self, kind, replace=False):
        """The best value change of a face-up pick of `kind` on an empty space (or on any space,
        replacing its pick: a Wylde from the supply)."""
        b = self.b
        best = None
        for sp in range(SPACES):
            if b.face[sp] != EMPTY and not replace:
                continue
            d = b.try_one(sp, kind) - self.v0
            if best is None or d > best:
                best = d
        return best if best is not None else 0.0

    def best_down(self):
        """The best value change of a face-down pick put on an empty space."""
        b = self.b
        return max((b.try_one(sp, DOWN) - self.v0 for sp in range(SPACES)
                    if b.face[sp] == EMPTY), default=0.0)

    def ability_value(self, kind, sp=None):
        """What the ability of a pick of `kind` placed at `sp` could do (0 when useless),
        estimated on the current board."""
        key = (kind, FRET[sp] if kind == GREEN and sp is not None else None)
        if key in self._abil:
            return self._abil[key]
        b = self.b
        val = 0.0
        if kind == RED:                                             # remove one
            val = max(self.removals().values(), default=0.0)
        elif kind == BLUE:                                          # move one
            rem = self.removals()
            adds = {}
            for a, d in rem.items():
                x = b.face[a]
                if x not in adds:
                    adds[x] = self.best_place(x) if x != DOWN else self.best_down()
                val = max(val, d + adds[x])
        elif kind == GREY:                                          # flip (and move)
            rem = self.removals()
            down = None
            for a in range(SPACES):
                x = b.face[a]
                if 0 <= x < DOWN:
                    d = b.try_one(a, DOWN) - self.v0
                    if down is None:
                        down = self.best_down()
                    val = max(val, d, rem[a] + down)
        elif kind == PURPLE:                                        # reveal
            val = max((self.reveal_value(a) for a in range(SPACES) if b.face[a] == DOWN),
                      default=0.0)
        elif kind == GREEN and sp is not None:                      # clear a type
            val = max((self.delta([(x, EMPTY) for x in group])
                       for group in self.green_groups(sp).values()), default=0.0)
        elif kind == WHITE:                                         # another supply pick
            rest = self.supply[:]
            if WHITE in rest:
                rest.remove(WHITE)
            for k in set(rest):
                extra = self.ability_value(k) if k not in (WHITE, GREEN, WYLDE) else 0.0
                val = max(val, self.best_place(k, k == WYLDE) + ABILITY * extra)
        val = max(0.0, val)
        self._abil[key] = val
        return val

    def green_groups(self, sp):
        """The picks a Green at `sp` could clear, by type."""
        face = self.b.face
        groups = {}
        for x in FRET_SPACES[FRET[sp]]:
            if x != sp and face[x] != EMPTY:
                groups.setdefault(face[x], []).append(x)
        return groups

    def reveal_value(self, sp):
        """The expected value change of turning a face-down pick face up."""
        b = self.b
        kind = b.known[sp]
        if kind is not None:
            return b.try_one(sp, kind) - self.v0 - self.hidden_bonus(kind, sp)
        dist = self.unknown_kinds()
        return sum(p * (b.try_one(sp, k) - self.v0) for k, p in enumerate(dist) if p)

    # --- the phases -------------------------------------------------------------------------------
    def place_value(self, kind, sp):
        """A supply pick of `kind` face up at `sp`, with what its ability may add."""
        d = self.b.try_one(sp, kind) - self.v0
        if kind != WYLDE:
            d += ABILITY * self.ability_value(kind, sp)
        return d

    def bag_value(self):
        """A2: a face-down pick where it helps most, with the best adjacent removal."""
        b = self.b
        best = None
        for sp in range(SPACES):
            if b.face[sp] != EMPTY:
                continue
            of = b.put(sp, DOWN)
            v = b.value()
            extra = 0.0
            for a in ADJ[sp]:
                if b.face[a] != EMPTY:
                    extra = max(extra, b.try_one(a, EMPTY) - v)
            b.put(sp, of)
            d = v - self.v0 + extra
            if best is None or d > best:
                best = d
        return best if best is not None else 0.0

    def card_worth(self, card):
        """What one card adds to the hand's value (its own progress and the song)."""
        view, b = self.view, self.b
        hand = self.b.view_hand
        b.set_hand(hand + [card], view)
        v = b.value()
        b.set_hand(hand, view)
        return v - self.v0

    def draw_value(self):
        """A3: the expected gain of two new cards (from the cards this seat has not seen),
        keeping the best three; less when nobody has placed a pick for a while."""
        view = self.view
        if view["deck"] <= 0:
            return -1.0
        known = set(view["hand"]) | set(view["jim_row"])
        for cs in view["completed"]:
            known.update(cs)
        pool = [c for c in setlist_cards(SETLIST_NAMES.index(view["setlist"]))
                if c not in known]
        if not pool:
            return -1.0
        b = self.b
        hand = b.view_hand
        worth = [self.card_worth(c) for c in pool]
        if len(hand) >= 3:
            keep = sorted((self.v0 - self._without(c), c) for c in hand)
            s1, s2 = keep[0][0], keep[1][0]
        elif len(hand) == 2:
            s1, s2 = 0.0, min(self.v0 - self._without(c) for c in hand)
        else:
            s1 = s2 = 0.0
        g1 = sum(max(0.0, x - s1) for x in worth) / len(worth)
        g2 = sum(max(0.0, x - s2) for x in worth) / len(worth)
        idle = view["idle"] / max(1, view["guitarists"])     # rounds without a placement
        return g1 + DRAW_SECOND * g2 - IDLE_PUSH * idle

    def _without(self, card):
        """The value with one card fewer in hand."""
        b, view = self.b, self.view
        hand = b.view_hand
        b.set_hand([c for c in hand if c != card], view)
        v = b.value()
        b.set_hand(hand, view)
        return v

    def turn_value(self, a):
        """What one turn action is worth (None: not a turn action)."""
        kind = a[0]
        if kind == "supply":
            return self.place_value(a[1], a[2])
        if kind == "bag":
            return self.bag_value()
        if kind == "chords":
            return self.draw_value()
        return None

    def turn(self, legal):
        """A1 (a supply pick and its ability), A2 (a bag pick) or A3 (chord cards)."""
        best, best_v = None, None
        for a in legal:
            v = self.turn_value(a)
            if v is not None and (best_v is None or v > best_v):
                best, best_v = a, v
        return best

    def bag_place(self, legal):
        """The drawn pick face down: where it helps (its own colour, in case a Purple shows it)
        or hurts least, with the adjacent removal it allows."""
        b = self.b
        drawn = self.view["drawn"]
        best, best_v = None, None
        for a in legal:
            if a[0] != "place":
                continue
            sp = a[1]
            of = b.put(sp, DOWN)
            v = b.value()
            extra = 0.0
            for x in ADJ[sp]:
                if b.face[x] != EMPTY:
                    extra = max(extra, b.try_one(x, EMPTY) - v)
            b.put(sp, of)
            v += extra + self.hidden_bonus(drawn, sp)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def best_of(self, legal, score):
        """The legal action with the highest positive score, else skip (or the first)."""
        best, best_v = None, 1e-9
        for a in legal:
            if a[0] in ("skip", "done", "decline"):
                continue
            v = score(a)
            if v is not None and v > best_v:
                best, best_v = a, v
        if best is None:
            best = next((a for a in legal if a[0] in ("skip", "done", "decline")), None)
        return best

    def ability(self, legal):
        """The resolving pick's ability (or the A2 removal, or the Grey move): the target that
        raises the value most, or skip when none does."""
        return self.best_of(legal, self.ability_value_of)

    def ability_value_of(self, a):
        """What one ability action is worth (None: not an ability action)."""
        b = self.b
        info = self.view["ability"] or {}
        at = info.get("space")
        kind = a[0]
        if kind == "supply":                                      # White
            return self.place_value(a[1], a[2])
        if kind == "remove":
            return b.try_one(a[1], EMPTY) - self.v0
        if kind == "move":
            x, y = a[1], a[2]
            f = b.face[x]
            bonus = 0.0
            if f == DOWN:
                bonus = self.hidden_bonus(b.known[x], y) - self.hidden_bonus(b.known[x], x)
            return self.delta([(x, EMPTY), (y, f)]) + bonus
        if kind == "swap":
            x, y = a[1], a[2]
            return self.delta([(x, b.face[y]), (y, b.face[x])])
        if kind == "flip":
            x = a[1]
            d = b.try_one(x, DOWN) - self.v0 + self.hidden_bonus(b.face[x], x)
            if any(f == EMPTY for f in b.face):
                d = max(d, self.removals()[x] + self.best_down())
            return d
        if kind == "reveal":
            x = a[1]
            kind = b.known[x]
            d = self.reveal_value(x)
            if kind is not None and kind not in (PURPLE, WYLDE):
                d += ABILITY * self.ability_value(kind, x)
            return d
        if kind == "clear":
            t = a[1]
            group = [x for x in FRET_SPACES[FRET[at]] if x != at and b.face[x] == t]
            return self.delta([(x, EMPTY) for x in group])
        if kind == "wylde":
            return self.delta([(at, EMPTY), (a[1], WYLDE)])
        return None

    def give_back(self, legal):
        """After A3: return the card worth least until at most three are held."""
        returns = [a for a in legal if a[0] == "return"]
        if any(a[0] == "done" for a in legal) or not returns:
            return next((a for a in legal if a[0] == "done"), legal[0])
        return max(returns, key=lambda a: self._without(a[1]))

    @staticmethod
    def claim(legal):
        """Claim every satisfied card, the lowest golden first (so silver goes to it)."""
        claims = [a for a in legal if a[0] == "claim"]
        if not claims:
            return legal[0]
        return min(claims, key=lambda a: (GOLDEN[a[1]], a[1]))


STRICT = False        # tests set this: a failure to read the view raises instead of falling back


def decide(view, legal):
    """The heuristic's action for a seat's view among the legal actions (None: no opinion)."""
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "claim":
        return Bot.claim(legal)
    bot = Bot(view)
    if phase == "turn":
        return bot.turn(legal)
    if phase == "bag_place":
        return bot.bag_place(legal)
    if phase == "return":
        return bot.give_back(legal)
    return bot.ability(legal)                  # ability, adjacent, grey_move


def choose(view, legal, rng):
    """The heuristic's action for this view (a seat's `view(seat)`) among `legal`; always one of
    `legal` (a random one should the view be unreadable)."""
    try:
        action = decide(view, legal)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        if STRICT:
            raise
        action = None
    if action is None or action not in legal:
        action = legal[rng.randrange(len(legal))]
    return action


VIEW_KEYS = ("seat", "players", "guitarists", "jim", "phase", "difficulty", "setlist", "board",
             "supply", "deck", "pad", "scored", "completed", "jim_row", "turns", "idle",
             "options", "ability", "drawn", "hand", "song", "genres")


def seat_view(state, seat):
    """The part of state.view(seat) the bot reads (VIEW_KEYS, the same values), read from the
    state for the search's playouts through the observer's readers that the view is made of."""
    jim = state.jim
    return {"seat": seat, "players": state.n, "guitarists": state.g, "jim": jim,
            "phase": observer.phase_of(state),
            "difficulty": state.options["difficulty"] if jim is not None else None,
            "setlist": SETLIST_NAMES[state.setlist], "board": observer.board_cells(state, seat),
            "supply": observer.supply_kinds(state), "deck": len(state.deck),
            "pad": state.pad, "scored": state.scored,
            "completed": observer.completed_cards(state), "jim_row": observer.jim_row(state),
            "turns": state.turns, "idle": state.idle, "options": state.options,
            "ability": observer.ability_of(state), "drawn": observer.drawn_kind(state, seat),
            "hand": observer.own_hand(state, seat), "song": state.songs[seat],
            "genres": list(state.genres[seat])}


def play(state, seat, legal, rng):
    """The bot's choice read straight from the state (the search's playouts): the same action
    as choose(state.view(seat), legal, rng)."""
    return choose(seat_view(state, seat), legal, rng)


def ranked(view, legal, rng):
    """The legal actions best first (the bot's choice first): turn actions and ability targets
    by the value the bot gives them, other decisions its choice first."""
    first = choose(view, legal, rng)
    rest = [a for a in legal if a != first]
    phase = view["phase"]
    if len(rest) > 1 and phase in ("turn", "ability", "adjacent", "grey_move"):
        bot = Bot(view)
        value = bot.turn_value if phase == "turn" else bot.ability_value_of
        worth = {}
        for a in rest:
            v = value(a)
            worth[a] = v if v is not None else 0.0
        rest.sort(key=lambda a: -worth[a])
    return [first] + rest


# --- what the bot registry seats (pygame_rules/bots.py adds random, easy, normal and hard) --------
BOTS = {"heuristic": choose}
DESCRIPTIONS = {"random": "rc.bot.random", "heuristic": "rc.bot.heuristic"}   # how each plays
