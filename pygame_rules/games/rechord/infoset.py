"""What one seat knows in Re-Chord, and full states resampled to agree with it (for the search bot).

A seat knows its own chord cards, song and genre(s); everything face up (the board, the supply,
Jim Bot's open row, the completed cards, the score pad); the kind of every face-down pick whose
`known` mask has its bit (the ones it placed, and Grey-flipped ones, which everyone saw); the
pick it drew from the bag and has not placed yet; the public counts (hand sizes, bag, deck, Jim
Bot's icons left) and the public claim windows: who has one open now (`claims[0]`) and who
declined since the board last changed (`declined[s] != 0`).

`resample` deals anew everything else, from sorted pools built from the union of the hidden
places (so where a hidden thing really is never steers the deal; only `rng` does):

- picks: the bag, the face-down picks the seat does not know and a pick another guitarist drew
  and has not placed yet are re-dealt among those same places (a face-down pick keeps its space,
  facing and `known` mask; only which pick it is, hence its kind, changes; bag picks are known to
  nobody);
- chord cards: the other guitarists' hands (same sizes) and the deck (any order); Jim Bot's open
  row is public. The claim windows constrain the deal: a guitarist with the open window holds a
  card the board satisfies; one whose window has passed, or who had none, holds no satisfied card
  unless it declined at this board state (then the satisfied cards it is dealt count as
  declined); the windows still to come this round are rebuilt from the new hands;
- songs: the setlist's songs other than the seat's own, one each, distinct (Jim Bot has none);
- genres: the colours other than the seat's own, distinct, Jim Bot's one or two included
  (kept once the game is over: the final breakdown shows them);
- Jim Bot's icon deck: the icons left (their multiset is public: the difficulty's deck minus the
  icons turned up since the last shuffle) in a new order;
- future chance: the state's RNG is reseeded from `rng`; forced test draws (`rigged`) are
  dropped.

Not modelled (the seat could in principle infer more): which cards it returned to the deck
(they sit at the bottom unless drawn since), the kinds of its own known picks that went back to
the bag, and, with the `face_down_scores` option, what the pad's columns tell about the colours
of face-down picks in a scored fret.

The result is a search state only: its history no longer matches its seed and set-up.
"""

from ...core import Rng
from ...rewards import margin
from .cards import CHORD_CARDS, COLOURS, SPACES, setlist_songs
from .state import DOWN, NEEDS

# a `declined` bit no chord card uses: "this guitarist declined since the board last changed",
# kept in a resampled state even when the satisfied cards it is dealt are none
DECLINED_FLAG = 1 << CHORD_CARDS


def hidden_picks(state, seat):
    """(face-down spaces whose pick `seat` does not know, the drawn pick if hidden from it,
    the bag): every place a pick unknown to `seat` can be."""
    board, face, known, bit = state.board, state.face, state.known, 1 << seat
    spaces = [sp for sp in range(SPACES) if face[sp] == DOWN and not known[board[sp]] & bit]
    drawn = state.drawn
    if drawn is not None and known[drawn] & bit:
        drawn = None
    return spaces, drawn, state.bag


def unknown_picks(state, seat):
    """The pick ids `seat` cannot see, sorted."""
    spaces, drawn, bag = hidden_picks(state, seat)
    board = state.board
    pool = [board[sp] for sp in spaces] + bag
    if drawn is not None:
        pool.append(drawn)
    pool.sort()
    return pool


def unknown_cards(state, seat):
    """The chord cards `seat` cannot see (other guitarists' hands and the deck), sorted."""
    pool = list(state.deck)
    hands = state.hands
    for s in range(state.n):
        if s != seat:
            pool += hands[s]
    pool.sort()
    return pool


def claim_roles(state, seat):
    """Each other guitarist's role in the claim windows, from public facts only:
    'open' (its window is open now: it holds a satisfied card), 'declined' (it let its
    satisfied cards go for this board), 'pending' (its window this round may still come) or
    'none' (it holds no card the board satisfies)."""
    claims, declined, g, active = state.claims, state.declined, state.g, state.active
    cur = claims[0] if claims else None
    after = (cur - active) % g if cur is not None else g
    roles = {}
    for s in range(state.n):
        if s == seat:
            continue
        if s == cur:
            roles[s] = "open"
        elif declined[s]:
            roles[s] = "declined"
        elif (s - active) % g > after:
            roles[s] = "pending"
        else:
            roles[s] = "none"
    return roles


def resample(state, seat, rng):
    """A clone(keep_events=False) of `state` in which everything `seat` cannot see is dealt anew,
    consistently with what `seat` has seen, and whose chance is reseeded from `rng`."""
    other = state.clone(keep_events=False)
    _deal_picks(state, other, seat, rng)
    _deal_cards(state, other, seat, rng)
    if state.final is None:
        _deal_secrets(state, other, seat, rng)
    if state.jim is not None and len(state.icons) > 1:
        icons = sorted(state.icons)
        rng.shuffle(icons)
        other.icons = icons
    other.rigged = []
    other.rng = Rng(rng.getrandbits(64))
    return other


def _deal_picks(state, other, seat, rng):
    """The hidden picks, shuffled among the hidden places (spaces keep facing and masks)."""
    spaces, drawn, bag = hidden_picks(state, seat)
    if not spaces and drawn is None:
        pool = sorted(bag)
        rng.shuffle(pool)
        other.bag = pool
        return
    board, known = state.board, state.known
    masks = [known[board[sp]] for sp in spaces]
    pool = [board[sp] for sp in spaces] + bag
    if drawn is not None:
        pool.append(drawn)
    pool.sort()
    rng.shuffle(pool)
    new_known = other.known
    put = other._put
    i = 0
    for sp, mask in zip(spaces, masks):
        pick = pool[i]
        put(sp, pick, False)                 # same facing: `ok` and `occ` stay as they were
        new_known[pick] = mask
        i += 1
    if drawn is not None:
        pick = pool[i]
        other.drawn = pick
        new_known[pick] = known[drawn]
        i += 1
    other.bag = pool[i:]
    for pick in other.bag:
        new_known[pick] = 0


def _satisfied_mask(ok, cards):
    """The bits of the cards the board satisfies."""
    mask = 0
    for c in cards:
        need = NEEDS[c]
        if ok & need == need:
            mask |= 1 << c
    return mask


def _deal_cards(state, other, seat, rng):
    """Other guitarists' hands and the deck, respecting what the claim windows showed."""
    pool = unknown_cards(state, seat)
    hands = state.hands
    others = [s for s in range(state.n) if s != seat]
    if not others:                            # solo: only the deck is hidden
        rng.shuffle(pool)
        other.deck = pool
        return
    ok = state.ok
    sat = [c for c in pool if ok & NEEDS[c] == NEEDS[c]]
    roles = claim_roles(state, seat)
    if not sat:
        rng.shuffle(pool)
        i = 0
        for s in others:
            k = len(hands[s])
            other.hands[s] = sorted(pool[i:i + k])
            i += k
        other.deck = pool[i:]
    else:
        sat_set = set(sat)
        free = [c for c in pool if c not in sat_set]
        rng.shuffle(free)
        i = 0
        for s in others:                      # those that may hold no satisfied card
            if roles[s] == "none":
                k = len(hands[s])
                other.hands[s] = sorted(free[i:i + k])
                i += k
        rest = free[i:] + sat
        rest.sort()
        opened = [s for s in others if roles[s] == "open"]
        for _ in range(12):
            rng.shuffle(rest)
            if not opened or any(c in sat_set for c in rest[:len(hands[opened[0]])]):
                break
        else:                                 # rare: bring one satisfied card in at random
            j = rng.randrange(len(rest))
            while rest[j] not in sat_set:
                j = rng.randrange(len(rest))
            rest[0], rest[j] = rest[j], rest[0]
        i = 0
        for s in opened + [s for s in others if roles[s] not in ("none", "open")]:
            k = len(hands[s])
            other.hands[s] = sorted(rest[i:i + k])
            i += k
        other.deck = rest[i:]
    _settle_claims(state, other, roles)


def _settle_claims(state, other, roles):
    """Declines and the queue of claim windows for the new hands."""
    declined, ok = other.declined, other.ok
    for s, role in roles.items():
        flag = DECLINED_FLAG if state.declined[s] else 0
        if role == "declined":
            declined[s] = flag | _satisfied_mask(ok, other.hands[s])
        else:
            declined[s] = flag
    if state.claims:
        cur, g, active = state.claims[0], state.g, state.active
        queue = [cur]
        for i in range((cur - active) % g + 1, g):
            s = (active + i) % g
            if s != state.jim and s < state.n and other._has_offer(s):
                queue.append(s)
        other.claims = queue


def _deal_secrets(state, other, seat, rng):
    """Songs and genres of the other guitarists (Jim Bot: genres only)."""
    n, g = state.n, state.g
    if n > 1:
        own = state.songs[seat]
        songs = [x for x in setlist_songs(state.setlist) if x != own]
        rng.shuffle(songs)
        i = 0
        for s in range(n):
            if s != seat:
                other.songs[s] = songs[i]
                i += 1
    mine = state.genres[seat]
    colours = [c for c in COLOURS if c not in mine]
    rng.shuffle(colours)
    i = 0
    for s in range(g):
        if s != seat:
            k = len(state.genres[s])
            other.genres[s] = tuple(colours[i:i + k])
            i += k


# --- the search's knobs (pygame_rules/search.py) ------------------------------------------------
PLAYOUT_CAP = 60            # moves a playout may take at most before the reward judges it
WIDTH = 6                   # candidates: the heuristic's best six


def fame_ahead(state, seat):
    """A guitarist's fame so far (the state's breakdown) plus what the heuristic bot expects
    still to come from its seat's view: its genres on this board in the rounds to come, its
    chord cards and song by their chances (Jim Bot: his open row as his hand)."""
    from .bots import Board, seat_view
    if state.final is not None:
        return state.final[seat]["total"]
    return state._breakdown(seat)["total"] + \
        Board(seat_view(state, seat)).ahead(state.genres[seat])


def reward(state, seat):
    """Solo: the guitarist's own fame ahead (what the solo game scores); else its fame ahead
    against the other seats'."""
    if state.jim is not None:
        return fame_ahead(state, seat)
    return margin([fame_ahead(state, s) for s in range(state.g)], seat)


TURNS_AHEAD = 2             # playouts stop once this many turns have ended


def horizon(state):
    """Playouts stop once TURNS_AHEAD turns have ended (this one and the next guitarist's), at
    a guitarist's decision: Jim Bot's steps are played on to the next one."""
    last = state.turns + TURNS_AHEAD
    return lambda det: det.turns >= last and det.current_player != det.jim


LEVELS = {"normal": 60, "hard": 300}   # playouts a move (Hard: what a second buys in Pyodide)
