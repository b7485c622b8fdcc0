"""What one Take The "A" Chord seat knows: the one place that decides it.

Everything that shows a seat its share of the game is built on this module: `state.view(seat)`
is `observe(state, seat)`, `state.events_for(seat)` passes every event through `redact`, the
search's resampler is `determinize(observe(state, seat), rng)` (infoset.py), and the bots read
the state through `own_hand`, `hand_sizes`, `is_last` and `unknown` (bots.py), the readers
observe() is made of.

What a seat knows (docs/rules/take-the-a-chord.md, "Players, venues", "A trick",
"Improvisation", "3 players: the non-player"):

* its own hand; a spectator holds none;
* the table: the venue, the dealer, the Key Chord and the flipped Key Chord card among the set-
  aside cards (`set_aside`: the leftover stack as it lies, the flipped card face up in its place,
  the others face down as None), the trick in play (this round's cards in play order, and the
  cards of its earlier rounds, which every seat saw face up before an Improvisation turned them
  face down), the Spotlight, each seat's tricks, Improvisations and totals, the last trick, the
  venue scores, who is to play;
* how many cards each hand and the non-player's stack hold;
* what it has watched this venue, as its event log tells it: every card played face up
  (`played`), the cards each seat has taken in its tricks (`won`), the non-player's cards in
  the order its stack gave them (`non_player_played`), and the colours each seat has shown it
  lacks (`voids`: played off the lead colour without matching a chord of the round).

Hidden from it: the other hands, the non-player's stack below its top, the face-down set-aside
cards, and the future chance (the later venues' deals).
"""

from ...core import GAMES, Rng
from .cards import (ALL_CARDS, CHORDS, COLOUR_MASK, COLOUR_OF, IMPROVISATION_LIMIT, NON_PLAYER,
                    cards_of, mask_of, strength_order, venue_score)

TRIES = 20                 # greedy deals tried before the matching deal


# --- the readers (observe() and the bots' playouts) --------------------------------------------
def own_hand(state, seat):
    """The cards `seat` holds, ascending: the one hand it sees (a spectator: none)."""
    return cards_of(state.hands[seat]) if seat is not None else []


def hand_sizes(state):
    """How many cards each player holds (public)."""
    return [h.bit_count() for h in state.hands[:state.n]]


def played_mask(state):
    """Every card played face up this venue (won piles, face-down rounds, this round)."""
    seen = mask_of(state.facedown) | mask_of(state.round_cards)
    for pile in state.won:
        seen |= pile
    return seen


def unplaced(hand, played, key_card):
    """The cards a seat cannot place, ascending: not in its hand (a mask), not played face up
    (a mask), not the flipped Key Chord card (None in a set-up that flipped none)."""
    known = hand | played
    if key_card is not None:
        known |= 1 << key_card
    return cards_of(ALL_CARDS & ~known)


def unknown(state, seat):
    """The cards `seat` cannot place: the other hands, the non-player's stack, the face-down
    set-aside cards."""
    return unplaced(state.hands[seat] if seat is not None else 0, played_mask(state),
                    state.key_card)


def is_last(state):
    """True in the last trick of the venue (HOUSE RULE: the 4th player holds one card)."""
    return state.hands[state.order[3]].bit_count() <= 1


def trick(state):
    """The trick on the table: this round's cards in play order, earlier rounds face down."""
    return {"number": state.trick_no, "round": state.rounds, "order": list(state.order),
            "leader": state.order[0],
            "cards": [[s, c] for s, c in zip(state.order, state.round_cards)],
            "facedown": len(state.facedown),
            "lead_colour": COLOUR_OF[state.round_cards[0]] if state.round_cards else None,
            "is_last": is_last(state), "facedown_cards": list(state.facedown)}


def seats(state):
    """Public facts per seat: tricks, Improvisations, totals and the venue score now."""
    return [{"seat": s, "tricks": state.tricks[s], "improvisations": state.impro[s],
             "total": state.totals[s], "game_improvisations": state.impro_totals[s],
             "spotlight": state.spotlight == s,
             "would_score": venue_score(state.tricks[s], state.spotlight == s, state.impro[s])}
            for s in range(state.n)]


def voids(state):
    """The colours each player has shown it lacks this venue."""
    return [[c for c in range(5) if v >> c & 1] for v in state.voids[:state.n]]


def won(state):
    """The cards each player has taken in its tricks this venue."""
    return [cards_of(pile) for pile in state.won[:state.n]]


def set_aside(state):
    """The set-aside cards as they lie: the flipped Key Chord card, the others face down."""
    return [c if c == state.key_card else None for c in state.set_aside]


def non_player_played(state):
    """The non-player's cards played this venue, in the order its stack gave them."""
    return list(state.np_stack[:state.np_next])


# --- observe ------------------------------------------------------------------------------------
def observe(state, seat):
    """Everything `seat` may know (None: a spectator), as a JSON-able dict."""
    state.check_seat(seat)
    n = state.n
    v = {"game": state.game.id, "seat": seat, "players": n,
         "non_player": NON_PLAYER if n == 3 else None,
         "venue": min(state.venue, n - 1) + 1, "venues": n, "dealer": state.dealer,
         "key": CHORDS[state.key], "key_order": strength_order(state.key),
         "key_card": state.key_card, "current_player": state.current_player,
         "is_over": state.current_player is None, "hand_sizes": hand_sizes(state),
         "non_player_stack": len(state.np_stack) - state.np_next if n == 3 else 0,
         "trick": trick(state), "spotlight": state.spotlight, "seats": seats(state),
         "last_trick": state.last_trick, "venue_scores": list(state.venue_rows),
         "winners": state.winners(), "played": cards_of(played_mask(state)),
         "voids": voids(state), "improvisation_limit": IMPROVISATION_LIMIT[n],
         "options": dict(state.options), "hand": [], "legal": [],
         "won": won(state), "set_aside": set_aside(state),
         "non_player_played": non_player_played(state)}
    if seat is not None:
        v["hand"] = own_hand(state, seat)
        if state.current_player == seat:
            v["legal"] = [list(a) for a in state.legal_actions()]
    return v


def redact(state, event, seat):
    """An event as `seat` may see it: other hands, the stack and set-aside cards hidden."""
    if event["type"] != "venue_start":
        return event
    e = dict(event)
    e["hands"] = [h if s == seat else [] for s, h in enumerate(event["hands"])]
    e["hand_sizes"] = [len(h) for h in event["hands"]]
    e["non_player_stack"] = []
    e["set_aside"] = [c for c in event["set_aside"] if c == event["key_card"]]
    return e


# --- determinize ----------------------------------------------------------------------------------
def unknown_cards(view):
    """The cards the view's seat cannot place, ascending (see `unknown`)."""
    return unplaced(mask_of(view["hand"]), mask_of(view["played"]), view["key_card"])


def hidden_places(view):
    """(holder, how many hidden cards it holds) for every place a hidden card can be: each
    other seat (with 3 players the non-player's stack, seat 3), then "aside"."""
    sizes = view["hand_sizes"] + ([view["non_player_stack"]] if view["players"] == 3 else [])
    out = [(s, sizes[s]) for s in range(4) if s != view["seat"]]
    return out + [("aside", view["set_aside"].count(None))]


def allowed_mask(view, holder):
    """Cards a holder (a seat, or "aside") could have, given the colours it has shown it lacks."""
    if holder == "aside" or (view["players"] == 3 and holder == NON_PLAYER):
        return -1
    banned = 0
    for colour in view["voids"][holder]:
        banned |= COLOUR_MASK[colour]
    return ~banned


def deal(cards, places, allowed, rng):
    """Give each place its count of cards, each card allowed there; None if greedy fails."""
    pool = cards[:]
    rng.shuffle(pool)
    out = {}
    held = mask_of(cards)
    for holder, count in sorted(places, key=lambda p: (allowed[p[0]] & held).bit_count()):
        mine = [c for c in pool if allowed[holder] >> c & 1][:count]
        if len(mine) < count:
            return None
        out[holder] = mine
        pool = [c for c in pool if c not in mine]
    return out


def deal_by_matching(cards, places, allowed, rng):
    """Always find a consistent deal (one exists: the real one), by augmenting paths."""
    holders = [h for h, count in places for _ in range(count)]
    order = cards[:]
    rng.shuffle(order)
    owner = {}

    def augment(card, seen):
        """Try to seat `card`, moving others along an augmenting path."""
        for i, holder in enumerate(holders):
            if allowed[holder] >> card & 1 and i not in seen:
                seen.add(i)
                if i not in owner or augment(owner[i], seen):
                    owner[i] = card
                    return True
        return False

    for card in order:
        augment(card, set())
    out = {h: [] for h, _ in places}
    for i, card in owner.items():
        out[holders[i]].append(card)
    return out


def determinize(view, rng):
    """A full state consistent with `view`, read from nothing else: the cards its seat cannot
    place dealt anew from `rng` (a `random.Random`) among the other hands, the non-player's
    stack and the face-down set-aside cards, each keeping its count and no seat getting a
    colour it has shown it lacks; the stack shuffled; the chance reseeded from `rng`. A search
    state: no history, no event log."""
    cards, places = unknown_cards(view), hidden_places(view)
    allowed = {h: allowed_mask(view, h) for h, _ in places}
    dealt = None
    for _ in range(TRIES):
        dealt = deal(cards, places, allowed, rng)
        if dealt is not None:
            break
    if dealt is None:
        dealt = deal_by_matching(cards, places, allowed, rng)
    s = _public(view)
    for holder, got in dealt.items():
        if holder != "aside":
            s.hands[holder] = mask_of(got)
    fresh = iter(dealt["aside"])
    s.set_aside = tuple(next(fresh) if c is None else c for c in view["set_aside"])
    if view["players"] == 3:
        stack = dealt[NON_PLAYER][:]
        rng.shuffle(stack)
        s.np_stack += tuple(stack)
    s.rng = Rng(rng.getrandbits(64))
    return s


def _public(view):
    """A state holding the view's public fields and its seat's hand, the other hands empty."""
    game = GAMES[view["game"]]
    s = game.state_class.__new__(game.state_class)
    n, seat, over, table = view["players"], view["seat"], view["is_over"], view["trick"]
    s._init_base(game, n, 0, dict(view["options"]), None)
    s.events = None
    pad = [0] * (4 - n)
    s.n, s.dealer, s.current_player = n, view["dealer"], view["current_player"]
    s.venue = n if over else view["venue"] - 1
    s.hands = [0, 0, 0, 0]
    if seat is not None:
        s.hands[seat] = mask_of(view["hand"])
    s.np_stack = tuple(view["non_player_played"])
    s.np_next = len(s.np_stack)
    s.key, s.key_card = CHORDS.index(view["key"]), view["key_card"]
    s.order, s.round_cards = tuple(table["order"]), [c for _, c in table["cards"]]
    s.facedown, s.rounds, s.trick_no = list(table["facedown_cards"]), table["round"], \
        table["number"]
    s.won = [mask_of(pile) for pile in view["won"]] + pad
    s.tricks = [row["tricks"] for row in view["seats"]]
    s.impro = [row["improvisations"] for row in view["seats"]]
    s.totals = [row["total"] for row in view["seats"]]
    s.impro_totals = [row["game_improvisations"] for row in view["seats"]]
    s.spotlight, s.last_trick = view["spotlight"], view["last_trick"]
    s.venue_rows = list(view["venue_scores"])
    s.voids = [mask_of(colours) for colours in view["voids"]] + pad
    s.match = s._match_pool()
    return s


# --- undo ----------------------------------------------------------------------------------------
def reveals(state, event, seat):
    """True if `event` showed `seat` something it could not know (undo): a venue's deal, the
    non-player's card from its stack (and the next card it uncovers), the end."""
    kind = event["type"]
    return kind in ("venue_start", "game_end") or kind == "card_played" and event["non_player"]
