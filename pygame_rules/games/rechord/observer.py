"""What one Re-Chord seat knows: the one place that decides it.

Everything that shows a seat its share of the game is built on this module: `state.view(seat)`
is `observe(state, seat)`, `state.events_for(seat)` passes every event through `redact`, the
search's resampler is `determinize(observe(state, seat), rng)` (infoset.py), and the bots'
playouts read the state through the readers observe() is made of (`board_cells`, `own_hand`,
`jim_row`, ... in bots.seat_view).

What a seat knows (docs/rules/rechord.md §2.4, §3.2-3.5, §3.8, HR-11, HR-13, HR-16, HR-27):

* its own chord cards, song and genre(s) (a spectator: none); Jim Bot's seat holds his open row
  and his genres;
* everything face up: the board's face-up picks, the supply, Jim Bot's open row (public,
  HR-27), every completed card with the instant it was claimed (HR-11), the score pad, the
  setlist and the options;
* each face-down pick's space and who knows it (`known`, HR-16: the guitarist who placed it
  with A2 or Jim Bot's bag icon; every guitarist once a Grey flipped it in front of them), and
  the kind of those it knows; the pick it drew with A2 and has not placed yet;
* the public counts and facts of play: hand sizes, genre cards per guitarist, the bag, the
  deck, the cards out of play (the other setlists'; in a test set-up also those it left out),
  the turn's stage (also under an open claim window), whether the active guitarist has placed
  a pick, the turn and idle counts, the claim instant, Jim Bot's next step and the icons left
  in his deck (their multiset: the difficulty's deck less the icons turned up since his last
  shuffle; not their order);
* the claim windows (HR-11): whose window is open now and who let satisfied cards go since the
  board last changed (`declined`); the cards it let go itself follow from its own hand: the
  satisfied ones, less those its open window offers;
* the picks' labels on the open places (`labels`: the face-up picks' and the supply's engine
  ids). Picks of a kind are alike; the engine gives a pick coming out of the bag or turned face
  up the lowest label of its kind that no open place holds (`state._relabel`), so these
  labels follow from what everyone saw and say nothing more.

Hidden from it: the other guitarists' hands, songs and genres (Jim Bot's genres included), the
kinds of the face-down picks it does not know and the pick another guitarist drew, the bag's
contents and order, the chord deck's order, the order of Jim Bot's icons, and the future
chance. At the end, `final` shows every song and genre.
"""

from ...core import GAMES, Rng
from .cards import (CHORD_CARDS, COLOURS, EMPTY, FACE_DOWN, PER_KIND, PICKS, SETLIST_NAMES,
                    SPACES, card_watch, kind_of, setlist_songs)

GREY = COLOURS[3]
DOWN = FACE_DOWN
# a `declined` bit no chord card uses: "this guitarist let cards go since the board last
# changed", kept in a dealt state even when the satisfied cards it is dealt are none
DECLINED_FLAG = 1 << CHORD_CARDS
ABILITY_PHASES = ("ability", "grey_move", "adjacent")


# --- the readers (observe() and the bots' playouts) --------------------------------------------
def phase_of(state):
    """The phase a view shows: "claim" while a claim window is open, else the turn's stage."""
    return "claim" if state.claims else state.phase


def board_cells(state, seat):
    """Each space as `seat` sees it: None, [kind, 1] face up, [kind or None, 0] face down
    (the kind only if it knows the pick; a spectator knows none)."""
    face, board, known = state.face, state.board, state.known
    cells = []
    for sp in range(SPACES):
        f = face[sp]
        if f == EMPTY:
            cells.append(None)
        elif f != DOWN:
            cells.append([f, 1])
        else:
            pick = board[sp]
            shown = seat is not None and known[pick] >> seat & 1
            cells.append([kind_of(pick) if shown else None, 0])
    return cells


def ability_of(state):
    """The ability resolving now (public): its kind (Grey's move: GREY; A2's adjacent removal:
    face down) and its space, or None."""
    phase = state.phase
    if phase not in ABILITY_PHASES:
        return None
    kind = state.akind if phase == "ability" else GREY if phase == "grey_move" else DOWN
    return {"kind": kind, "space": state.at}


def drawn_kind(state, seat):
    """The kind of the pick `seat` drew with A2 and has not placed yet, or None."""
    if state.phase == "bag_place" and seat is not None and state.active == seat:
        return kind_of(state.drawn)
    return None


def own_hand(state, seat):
    """The chord cards `seat` holds, in id order (Jim Bot's seat: his open row; a spectator:
    none)."""
    return sorted(state.hands[seat]) if seat is not None else []


def jim_row(state):
    """Jim Bot's open row, in id order (public; none without him)."""
    return sorted(state.hands[state.jim]) if state.jim is not None else []


def supply_kinds(state):
    """The supply's kinds, sorted (public)."""
    return sorted(kind_of(p) for p in state.supply)


def completed_cards(state):
    """Each guitarist's completed cards in completion order (public)."""
    return [[c for c, _ in cs] for cs in state.completed]


def known_masks(state):
    """For each space, the seats (a bitmask) that know the pick on it (HR-16); None if empty."""
    face, board, known = state.face, state.board, state.known
    return [None if face[sp] == EMPTY else known[board[sp]] for sp in range(SPACES)]


def open_labels(state):
    """The labels of the picks on the open places: each face-up space's (None elsewhere), and
    the supply's in its order."""
    face, board = state.face, state.board
    return {"board": [board[sp] if face[sp] not in (EMPTY, DOWN) else None
                      for sp in range(SPACES)],
            "supply": list(state.supply)}


def cards_out(state):
    """The chord cards in no hand, not in the deck and not completed, in id order."""
    held = set(state.cards_in_play())
    return [c for c in range(CHORD_CARDS) if c not in held]


# --- observe ------------------------------------------------------------------------------------
def observe(state, seat):
    """Everything `seat` may know (None: a spectator), as a JSON-able dict."""
    state.check_seat(seat)
    over = state.phase == "over"
    jim = state.jim
    hand = own_hand(state, seat)
    v = {"game": state.game.id, "seat": seat, "players": state.n, "guitarists": state.g,
         "jim": jim, "phase": phase_of(state), "active": state.active,
         "current_player": state.current_player, "is_over": over,
         "difficulty": state.options["difficulty"] if jim is not None else None,
         "setlist": SETLIST_NAMES[state.setlist], "board": board_cells(state, seat),
         "supply": supply_kinds(state), "bag": len(state.bag), "deck": len(state.deck),
         "pad": [r[:] for r in state.pad], "scored": list(state.scored),
         "hand_sizes": [len(h) for h in state.hands], "completed": completed_cards(state),
         "jim_row": jim_row(state), "icon": state.icon, "icons_left": len(state.icons),
         "turns": state.turns, "idle": state.idle, "options": dict(state.options),
         "final": state.final, "winners": state._winners(), "end_reason": state.end_reason,
         "scores": state.scores(), "ability": None if over else ability_of(state),
         "drawn": drawn_kind(state, seat), "hand": hand,
         "song": state.songs[seat] if seat is not None else None,
         "genres": list(state.genres[seat]) if seat is not None else [],
         "claimable": [c for c in hand if state.satisfied(c)], "legal": [],
         # the public facts a deal from this view needs (determinize)
         "stage": state.phase, "placed": state.placed, "instant": state.instant,
         "instants": [[i for _, i in cs] for cs in state.completed],
         "declined": [d != 0 for d in state.declined], "known": known_masks(state),
         "labels": open_labels(state), "supply_size": state.size,
         "genre_counts": [len(x) for x in state.genres], "out_of_play": cards_out(state),
         "icons": sorted(state.icons),
         "jim_next": list(state.jim_next) if state.jim_next is not None else None}
    if seat is not None and state.current_player == seat:
        v["legal"] = [list(a) for a in state.legal_actions()]
    return v


def redact(state, event, seat):
    """An event as `seat` may see it: others' hands, songs, genres, draws and face-down picks
    hidden."""
    etype = event["type"]
    if etype == "deal":
        mine = lambda key: [x if s == seat else None for s, x in enumerate(event[key])]
        hands = [h if s == seat or s == state.jim else None
                 for s, h in enumerate(event["hands"])]
        return dict(event, hands=hands, songs=mine("songs"), genres=mine("genres"))
    if etype in ("bag_draw", "chords", "return") and event["seat"] != seat and \
            (etype == "bag_draw" or event["seat"] != state.jim):   # Jim Bot's row is public
        return dict(event, kind=None) if etype == "bag_draw" else \
            dict(event, cards=len(event["cards"])) if etype == "chords" else \
            dict(event, card=None)
    if etype in ("place", "to_bag", "move") and not event["up"] and \
            (seat is None or not event["known"] >> seat & 1):
        return dict(event, kind=None)
    return event


# --- what a view lets a seat work out ------------------------------------------------------------
def unknown_cards(view):
    """The chord cards the seat cannot see, sorted: the other guitarists' hands and the deck
    (every card neither out of play, nor in its hand or Jim Bot's open row, nor completed)."""
    seen = set(view["out_of_play"]) | set(view["hand"]) | set(view["jim_row"])
    for cs in view["completed"]:
        seen.update(cs)
    return [c for c in range(CHORD_CARDS) if c not in seen]


def claim_roles(view):
    """Each other guitarist's role in the claim windows, from public facts only: 'open' (its
    window is open now: it holds a satisfied card), 'declined' (it let its satisfied cards go
    for this board), 'pending' (its window this round may still come) or 'none' (it holds no
    card the board satisfies)."""
    g, active, seat = view["guitarists"], view["active"], view["seat"]
    cur = view["current_player"] if view["phase"] == "claim" else None
    after = (cur - active) % g if cur is not None else g
    roles = {}
    for s in range(view["players"]):
        if s == seat:
            continue
        if s == cur:
            roles[s] = "open"
        elif view["declined"][s]:
            roles[s] = "declined"
        elif (s - active) % g > after:
            roles[s] = "pending"
        else:
            roles[s] = "none"
    return roles


def let_go(view):
    """The seat's own `declined` bits: the satisfied cards it holds, less those its open window
    offers now (a card let go and then returned to the deck is not told apart: it cannot come
    back before the board changes unless the deck runs out)."""
    seat = view["seat"]
    if seat is None or not view["declined"][seat]:
        return 0
    offer = {a[1] for a in view["legal"] if a[0] == "claim"}
    mask = 0
    for c in view["claimable"]:
        if c not in offer:
            mask |= 1 << c
    return mask or DECLINED_FLAG


def picks_by_kind(view):
    """The labels no open place holds, kind by kind, lowest first."""
    taken = {p for p in view["labels"]["board"] if p is not None} | set(view["labels"]["supply"])
    return [[p for p in range(k * PER_KIND, (k + 1) * PER_KIND) if p not in taken]
            for k in range(PICKS // PER_KIND)]


def unknown_picks(view):
    """The labels of the picks the seat cannot see, sorted, as the view labels them: every
    label off the open places, less the lowest of its kind for the pick it drew and then for
    each face-down pick it knows (the labels `determinize` deals out)."""
    free = picks_by_kind(view)
    if view["drawn"] is not None:
        free[view["drawn"]].pop(0)
    for cell in view["board"]:
        if cell is not None and not cell[1] and cell[0] is not None:
            free[cell[0]].pop(0)
    return sorted(p for labels in free for p in labels)


# --- determinize ----------------------------------------------------------------------------------
def determinize(view, rng):
    """A full state consistent with `view`, read from nothing else: the picks, chord cards,
    songs, genres and icon order the seat cannot see dealt anew from `rng` (a `random.Random`)
    under the constraints the view shows (sizes, facings, masks, claim windows), and the chance
    reseeded from `rng`. A search state: no history, no event log."""
    s = _public(view)
    _deal_picks(view, s, rng)
    _deal_cards(view, s, rng)
    if view["final"] is None:
        _deal_secrets(view, s, rng)
    icons = view["icons"]
    s.icons = list(icons)
    if view["jim"] is not None and len(icons) > 1:
        rng.shuffle(s.icons)
    s.rng = Rng(rng.getrandbits(64))
    return s


def _public(view):
    """A state holding the view's public fields; its picks, hands and secrets still to deal."""
    game = GAMES[view["game"]]
    s = game.state_class.__new__(game.state_class)
    s._init_base(game, view["players"], 0, dict(view["options"]), None)
    s.events = None
    g, jim, final = view["guitarists"], view["jim"], view["final"]
    s.n, s.g, s.jim = view["players"], g, jim
    s.setlist, s.size = SETLIST_NAMES.index(view["setlist"]), view["supply_size"]
    out = set(view["out_of_play"])
    s.watch = card_watch(tuple(c for c in range(CHORD_CARDS) if c not in out))
    s.pad, s.scored = [r[:] for r in view["pad"]], list(view["scored"])
    s.completed = [[(c, i) for c, i in zip(cs, ins)]
                   for cs, ins in zip(view["completed"], view["instants"])]
    s.active, s.current_player, s.phase = view["active"], view["current_player"], view["stage"]
    ability = view["ability"]
    s.at = ability["space"] if ability is not None else None
    s.akind = ability["kind"] if s.phase == "ability" else GREY if s.phase == "grey_move" \
        else None
    s.drawn, s.instant, s.placed = None, view["instant"], view["placed"]
    s.idle, s.turns, s.icon, s.rigged = view["idle"], view["turns"], view["icon"], []
    s.jim_next = tuple(view["jim_next"]) if view["jim_next"] is not None else None
    s.end_reason = view["end_reason"]
    s.final = None if final is None else [dict(b, genres=list(b["genres"])) for b in final]
    s.claims = [view["current_player"]] if view["phase"] == "claim" else []
    s.declined = [0] * g
    if view["seat"] is not None:
        s.declined[view["seat"]] = let_go(view)
    if final is None:
        s.songs, s.genres = [None] * g, [()] * g
    else:
        s.songs = [b["song_id"] for b in final]
        s.genres = [tuple(b["genres"]) for b in final]
    return s


def _deal_picks(view, s, rng):
    """The open picks where they are, with their labels; the seat's drawn pick and the face-down
    picks it knows take the lowest free labels of their kinds; the other picks (face-down ones it
    does not know, another's drawn pick, the bag) are shuffled among those places, each
    face-down space keeping its mask."""
    cells, masks, labels = view["board"], view["known"], view["labels"]["board"]
    s.board, s.face = [EMPTY] * SPACES, [EMPTY] * SPACES
    s.ok = s.occ = s.sat = s.down = s.upb = 0
    known = s.known = [0] * PICKS
    s.supply = list(view["labels"]["supply"])
    free = picks_by_kind(view)
    if view["drawn"] is not None:
        s.drawn = free[view["drawn"]].pop(0)
        known[s.drawn] = 1 << view["active"]
    hidden = []
    for sp, cell in enumerate(cells):
        if cell is None:
            continue
        if cell[1]:
            pick = labels[sp]
            s._put(sp, pick, True)
        elif cell[0] is not None:
            pick = free[cell[0]].pop(0)
            s._put(sp, pick, False)
        else:
            hidden.append(sp)
            continue
        known[pick] = masks[sp]
    pool = sorted(p for ps in free for p in ps)
    rng.shuffle(pool)
    i = 0
    for sp in hidden:
        pick = pool[i]
        s._put(sp, pick, False)
        known[pick] = masks[sp]
        i += 1
    if view["stage"] == "bag_place" and view["drawn"] is None:
        s.drawn = pool[i]
        known[s.drawn] = 1 << view["active"]
        i += 1
    s.bag = pool[i:]


def _satisfied_mask(s, cards):
    """The bits of the cards the board satisfies."""
    mask = 0
    for c in cards:
        if s.satisfied(c):
            mask |= 1 << c
    return mask


def _deal_cards(view, s, rng):
    """The other guitarists' hands and the deck, respecting what the claim windows showed."""
    seat, sizes = view["seat"], view["hand_sizes"]
    hands = s.hands = [[] for _ in range(s.g)]
    if seat is not None:
        hands[seat] = list(view["hand"])
    if s.jim is not None:
        hands[s.jim] = list(view["jim_row"])
    pool = unknown_cards(view)
    others = [t for t in range(s.n) if t != seat]
    if not others:                            # solo: only the deck is hidden
        rng.shuffle(pool)
        s.deck = pool
        return
    sat = [c for c in pool if s.satisfied(c)]
    roles = claim_roles(view)
    if not sat:
        rng.shuffle(pool)
        i = 0
        for t in others:
            k = sizes[t]
            hands[t] = sorted(pool[i:i + k])
            i += k
        s.deck = pool[i:]
    else:
        sat_set = set(sat)
        free = [c for c in pool if c not in sat_set]
        rng.shuffle(free)
        i = 0
        for t in others:                      # those that may hold no satisfied card
            if roles[t] == "none":
                k = sizes[t]
                hands[t] = sorted(free[i:i + k])
                i += k
        rest = free[i:] + sat
        rest.sort()
        opened = [t for t in others if roles[t] == "open"]
        for _ in range(12):
            rng.shuffle(rest)
            if not opened or any(c in sat_set for c in rest[:sizes[opened[0]]]):
                break
        else:                                 # rare: bring one satisfied card in at random
            j = rng.randrange(len(rest))
            while rest[j] not in sat_set:
                j = rng.randrange(len(rest))
            rest[0], rest[j] = rest[j], rest[0]
        i = 0
        for t in opened + [t for t in others if roles[t] not in ("none", "open")]:
            k = sizes[t]
            hands[t] = sorted(rest[i:i + k])
            i += k
        s.deck = rest[i:]
    _settle_claims(view, s, roles)


def _settle_claims(view, s, roles):
    """Declines and the queue of claim windows for the new hands."""
    declined = s.declined
    for t, role in roles.items():
        flag = DECLINED_FLAG if view["declined"][t] else 0
        declined[t] = flag | _satisfied_mask(s, s.hands[t]) if role == "declined" else flag
    if s.claims:
        cur, g, active = s.claims[0], s.g, s.active
        queue = [cur]
        for i in range((cur - active) % g + 1, g):
            t = (active + i) % g
            if t != s.jim and t < s.n and s._has_offer(t):
                queue.append(t)
        s.claims = queue


def _deal_secrets(view, s, rng):
    """The songs of the players the seat cannot see into (Jim Bot has none) and every other
    guitarist's genres (Jim Bot's one or two included)."""
    seat, n, g = view["seat"], view["players"], view["guitarists"]
    if seat is not None:
        s.songs[seat], s.genres[seat] = view["song"], tuple(view["genres"])
    others = [t for t in range(n) if t != seat]
    if others:
        songs = [x for x in setlist_songs(s.setlist) if x != view["song"]]
        rng.shuffle(songs)
        for t, song in zip(others, songs):
            s.songs[t] = song
    colours = [c for c in COLOURS if c not in view["genres"]]
    rng.shuffle(colours)
    i = 0
    for t in range(g):
        if t != seat:
            k = view["genre_counts"][t]
            s.genres[t] = tuple(colours[i:i + k])
            i += k


# --- undo ----------------------------------------------------------------------------------------
REVEALING = frozenset(("deal", "reveal", "flip", "jim_shuffle", "jim_icon", "jim_plan",
                       "jim_ability", "jim_row", "game_end"))   # to every seat: chance or turned


def reveals(state, event, seat):
    """True if `event` showed `seat` something it could not know (undo): a deal, a pick turned
    up or flipped, Jim Bot's chance, the end (every song shown), a pick it drew from the bag or
    chord cards it drew; face-down picks it placed or knew, and the others' draws, show nothing."""
    kind = event["type"]
    return kind in REVEALING or kind in ("bag_draw", "chords") and event["seat"] == seat
