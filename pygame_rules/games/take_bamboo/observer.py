"""What one TAKE seat knows: the one place that decides it.

Everything that shows a seat its share of the game is built on this module: `state.view(seat)`
is `observe(state, seat)`, `state.events_for(seat)` passes every event through `redact`, the
search's resampler is `determinize(observe(state, seat), rng)` (infoset.py), and the bots'
playouts read the state through `own_hand`, `hand_sizes`, `colour_counts`, `face_up`,
`lead_colour` and `gift` (bots.py), the readers observe() is made of.

What a seat knows (docs/rules/take-bamboo.md, "Information visibility", R1.5, T1, HR-T5,
HR-T10):

* its own hand, the two cards it passed (`my_pass`) and the two it received (`received`); a
  spectator holds none. Only the giver and the receiver see a passed card (R1.5), so a card the
  seat passed stays known to be in its receiver's hand until it is played;
* the table: the trump number, the dealer, the scores, every hand's size, which seats have
  chosen their passes (`passed`), the trick on the table, the last trick, the gift being
  decided, the round scores;
* every card played this round and by whom (`plays`, in play order: the plays are face up, the
  dealer leads the first trick and each trick's winner the next), the trick's winner
  (`trick_winner`), the acquisitions of the trick still to resolve (`queue`, HR-T7) and the
  trick's cards already claimed (`taken`);
* each tableau stack entry by entry (`faces`, seat by seat, colour by colour): a face-up card
  by its id; a face-down glowing bamboo by ~id (they are alike, so the id tells nothing; which
  doubles glow is public); any other face-down card as "played" (one of this round's played
  cards: an extra a trump winner took from the discard pile or the trick) or "unseen" (a card
  nobody saw: a double drawn from the draw pile; HR-T10 keeps face-down identities from
  everyone). The discard pile, face down (`discard_pile`), and the bundle being placed or
  gifted (`bundle`, its first card face up) are described alike. Every seat watched where each
  face-down card came from, so the place tells which it is (`hidden_rule`); in a game from a
  test set-up (`set_up`), whose cards nobody saw may lie in the discard pile and move on as
  extras, the card itself tells;
* the sizes of the hidden places: the discard pile (`discard`), the unused draw pile
  (`out_of_play`, HR-T5), the unused glowing bamboo (`glowing`) and, in a test set-up only, the
  cards it leaves out of the game (`set_aside`).

Hidden from it: the other hands, the passes it neither gave nor received, the unused draw pile,
which played card lies where in the discard pile and under the face-down extras, the identity of
the face-down doubles, and the future chance.
"""

from ...bits import cards_of, mask_of
from ...core import GAMES, Rng
from .cards import BAMBOO, COLOURS, MAX_ROUNDS, TARGET, colour_of, rank_table, trick_winner

ALL = (1 << BAMBOO) - 1
PLAYED, UNSEEN = "played", "unseen"       # a face-down card of hidden identity, as a seat knows it


# --- the readers (observe() and the bots' playouts) --------------------------------------------
def own_hand(state, seat):
    """The cards `seat` holds, in id order: the one hand it sees (a spectator: none)."""
    return cards_of(state.hands[seat]) if seat is not None else []


def hand_sizes(state):
    """Every hand's size (public)."""
    return [h.bit_count() for h in state.hands]


def colour_counts(state):
    """For each colour, every seat's count of it in its tableau (public, face-down cards too)."""
    return [state.counts(c) for c in range(COLOURS)]


def face_up(state):
    """Every face-up tableau card (public)."""
    return [e for stacks in state.tableau for stack in stacks for e in stack if e >= 0]


def lead_colour(state):
    """The colour of the trick's first card (None before it is led)."""
    return colour_of(state.trick[0][1]) if state.trick else None


def plays(state):
    """This round's plays in order, each [seat, card] (public: the dealer leads the first
    trick and each trick's winner the next)."""
    n, played = state.n, state.played
    out, leader = [], state.dealer
    for start in range(0, len(played), n):
        cards = played[start:start + n]
        out += [[(leader + i) % n, c] for i, c in enumerate(cards)]
        if len(cards) == n:
            leader = (leader + trick_winner(cards, state.ranks, state.trump)) % n
    return out


def face(entry, below, played, by_card):
    """A tableau or bundle entry as every seat sees it: a face-up card's id, a glowing
    bamboo's ~id, else PLAYED or UNSEEN. `below`: the entry under it (None at the bottom);
    `played`: the round's played cards (a bitmask); `by_card`: see `hidden_rule`."""
    if entry >= 0 or ~entry >= BAMBOO:
        return entry
    if by_card:
        return PLAYED if played >> ~entry & 1 else UNSEEN
    return PLAYED if below is not None and below >= 0 and played >> below & 1 else UNSEEN


def hidden_rule(state):
    """True if the face-down cards are told apart by the cards themselves. In a dealt game
    every seat has watched where each face-down card came from, and its place says it: a
    face-down card on a played card is that card's extra (a played card), any other is a double
    nobody saw, and the discard pile holds played cards only. A test set-up puts cards nobody
    saw in the discard pile and face down, which the state does not trace as they move (an
    extra from the pile, a refused gift): there the card says whether it was played."""
    return state.setup is not None


def faces(entries, played, by_card):
    """A stack's (or a bundle's) entries as every seat sees them, bottom to top."""
    return [face(e, entries[i - 1] if i else None, played, by_card)
            for i, e in enumerate(entries)]


def pile(state, played, by_card):
    """The discard pile as every seat sees it, bottom to top: PLAYED or UNSEEN each card."""
    return [UNSEEN if by_card and not played >> c & 1 else PLAYED for c in state.discard]


def tableau(state, seat):
    """A seat's bamboo by colour: the face-up cards and how many lie face down."""
    return [{"up": [e for e in stack if e >= 0], "down": sum(1 for e in stack if e < 0),
             "count": len(stack)} for stack in state.tableau[seat]]


def gift(state):
    """The gift being decided, if any (the card was played face up, so it is public)."""
    p = state.pending
    if not p or "giver" not in p:
        return None
    left, right = (p["giver"] + 1) % state.n, (p["giver"] - 1) % state.n
    return {"giver": p["giver"], "receiver": p["receiver"], "card": p["bundle"][0],
            "colour": p["colour"], "extra": len(p["bundle"]) > 1, "left": left, "right": right,
            "left_can_take": state.can_take(left, p["colour"]),
            "right_can_take": state.can_take(right, p["colour"])}


def set_aside(state):
    """The bamboo cards in no place at all (only a test set-up leaves some out), in id order."""
    places = state.card_places()
    held = mask_of(places["passes"] + places["tableau"] + places["trick"] + places["pending"] +
                   places["discard"] + places["draw"])
    for hand in places["hands"]:
        held |= hand
    return cards_of(ALL & ~held)


# --- observe ------------------------------------------------------------------------------------
def observe(state, seat):
    """Everything `seat` may know (None: a spectator), as a JSON-able dict."""
    state.check_seat(seat)
    played, by_card = mask_of(state.played), hidden_rule(state)
    pending = state.pending
    v = {"game": state.game.id, "seat": seat, "players": state.n, "round": state.round_no + 1,
         "rounds": MAX_ROUNDS, "dealer": state.dealer, "trump": state.trump,
         "phase": state.phase, "current_player": state.current_player,
         "is_over": state.current_player is None, "target": TARGET,
         "scores": list(state.totals), "hand_sizes": hand_sizes(state),
         "tableau": [tableau(state, s) for s in range(state.n)],
         "trick": {"number": state.trick_no, "leader": state.leader,
                   "cards": [[s, c] for s, c in state.trick], "lead_colour": lead_colour(state)},
         "ranks": list(state.ranks), "discard": len(state.discard),
         "out_of_play": len(state.draw), "last_trick": state.last_trick,
         "passed": [p is not None for p in state.passes],
         "played": sorted(state.played),
         "gift": gift(state), "extra_choices": [],
         "round_scores": list(state.round_rows), "winners": state.winners(),
         "end_reason": state.end_reason, "options": dict(state.options),
         "hand": [], "legal": [], "my_pass": None, "received": None,
         "faces": [[faces(stack, played, by_card) for stack in stacks]
                   for stacks in state.tableau],
         "plays": plays(state), "trick_winner": state.winner,
         "queue": [[s, c, extra] for s, c, extra in state.queue], "taken": list(state.taken),
         "bundle": None if pending is None else faces(pending["bundle"], played, by_card),
         "discard_pile": pile(state, played, by_card),
         "glowing": list(state.glowing), "set_aside": set_aside(state), "set_up": by_card}
    if state.phase == "extra":
        v["extra_choices"] = state._extra_choices()
    if seat is not None:
        v["hand"] = own_hand(state, seat)
        v["my_pass"] = list(state.passes[seat]) if state.passes[seat] else None
        v["received"] = list(state.received[seat]) if state.received[seat] else None
        if state.current_player == seat:
            v["legal"] = [list(a) for a in state.legal_actions()]
    return v


def redact(state, event, seat):
    """An event as `seat` may see it: hands, passes and face-down identities hidden."""
    kind = event["type"]
    if kind == "round_start":
        return dict(event, hands=[h if s == seat else [] for s, h in enumerate(event["hands"])],
                    hand_sizes=[len(h) for h in event["hands"]])
    if kind == "initial_double":
        return dict(event, extra=None)
    if kind == "extra_taken" and event["source"] == "discard":
        return dict(event, card=None)
    if kind == "pass_chosen" and event["seat"] != seat:
        return dict(event, left=None, right=None)
    if kind == "pass_exchange":
        return dict(event, received=[r if s == seat else None for s, r in
                                     enumerate(event["received"])])
    return event


# --- determinize ----------------------------------------------------------------------------------
def plays_by_seat(players, plays):
    """Each seat's cards played this round, as bitmasks, from the [seat, card] plays."""
    out = [0] * players
    for s, c in plays:
        out[s] |= 1 << c
    return out


def known_in_hands(view):
    """The cards the view's seat knows to be in each hand, as bitmasks: its own, and the ones
    it passed that their receiver has not played yet."""
    n, seat = view["players"], view["seat"]
    fixed = [0] * n
    if seat is None:
        return fixed
    fixed[seat] = mask_of(view["hand"])
    if view["my_pass"] is not None and view["phase"] != "pass":
        played = mask_of(view["played"])
        left, right = view["my_pass"]
        if not played >> left & 1:
            fixed[(seat + 1) % n] |= 1 << left
        if not played >> right & 1:
            fixed[(seat - 1) % n] |= 1 << right
    return fixed


def unknown_cards(view, fixed):
    """The sorted cards the seat has never seen: the others' hands (`fixed` aside), the
    others' passes in flight, the unused draw pile and the face-down cards nobody saw."""
    known = mask_of(view["played"]) | mask_of(view["my_pass"] or ()) | \
        mask_of(view["set_aside"])
    for seat in view["tableau"]:
        for stack in seat:
            known |= mask_of(stack["up"])
    for mask in fixed:
        known |= mask
    return cards_of(ALL & ~known)


def out_of_sight(view):
    """The sorted played cards lying face down (the discard pile, the face-down extras): the
    round's plays less those in view (face up in a tableau, on the table, in the queue, the
    bundle's card)."""
    shown = {c for seat in view["tableau"] for stack in seat for c in stack["up"]}
    taken = set(view["taken"])
    shown.update(c for _, c in view["trick"]["cards"] if c not in taken)
    shown.update(c for _, c, _ in view["queue"])
    if view["bundle"]:
        shown.add(view["bundle"][0])
    return sorted(c for c in view["played"] if c not in shown)


def determinize(view, rng):
    """A full state consistent with `view`, read from nothing else: the chance reseeded from
    `rng` (a `random.Random`), then the cards its seat has never seen dealt anew over their
    places with the same counts (each other hand its size, each other seat in flight 2 passed
    cards, the draw pile its length, each face-down card nobody saw one card), the played cards
    out of sight shuffled over theirs, and after the exchange the passes the seat did not see
    redrawn to fit the new hands. A search state: no history, no event log."""
    seat, n = view["seat"], view["players"]
    fixed = known_in_hands(view)
    other, unseen, hidden = _public(view)
    other.rng = Rng(rng.getrandbits(64))
    cards = unknown_cards(view, fixed)
    rng.shuffle(cards)
    k = 0
    for t in range(n):
        mask = fixed[t]
        if t != seat:
            size = view["hand_sizes"][t] - mask.bit_count()
            for c in cards[k:k + size]:
                mask |= 1 << c
            k += size
        other.hands[t] = mask
    if view["phase"] == "pass":
        for t in range(n):
            if t != seat and view["passed"][t]:
                other.passes[t] = (cards[k], cards[k + 1])
                k += 2
    size = view["out_of_play"]
    other.draw = cards[k:k + size]
    k += size
    for slot in unseen:
        _set_slot(other, slot, cards[k])
        k += 1
    seen = out_of_sight(view)
    if len(seen) > 1:
        rng.shuffle(seen)
    for slot, c in zip(hidden, seen):
        _set_slot(other, slot, c)
    if view["phase"] != "pass" and all(view["passed"]):
        _redraw_passes(view, other, rng)
    return other


def _public(view):
    """A state holding the view's public fields, with its seat's hand, passes and received
    cards, and the places of the face-down cards: (state, places of unseen cards, places of
    played cards out of sight). A place is (seat, colour, index) in a tableau, ("discard",
    index) or ("pending", index), in that order."""
    game, n, seat = GAMES[view["game"]], view["players"], view["seat"]
    s = game.state_class.__new__(game.state_class)
    s._init_base(game, n, 0, dict(view["options"]), {} if view["set_up"] else None)
    s.events = None           # a blank set-up keeps hidden_rule's reading of a set-up game
    unseen, hidden = [], []
    s.n, s.ranks, s.trump = n, rank_table(view["options"]["deck"]), view["trump"]
    s.round_no, s.dealer, s.phase = view["round"] - 1, view["dealer"], view["phase"]
    s.hands, s.draw, s.glowing = [0] * n, [], list(view["glowing"])
    s.tableau = [[_entries(stack, (t, colour), unseen, hidden)
                  for colour, stack in enumerate(stacks)]
                 for t, stacks in enumerate(view["faces"])]
    s.discard = [~e for e in _entries(view["discard_pile"], ("discard",), unseen, hidden)]
    s.passes, s.received = [None] * n, [None] * n
    if seat is not None:
        s.passes[seat] = tuple(view["my_pass"]) if view["my_pass"] else None
        s.received[seat] = tuple(view["received"]) if view["received"] else None
    started = view["phase"] == "pass" or any(view["passed"])
    s.pass_order = [(s.dealer + i) % n for i in range(n)] if started else None
    trick = view["trick"]
    s.leader, s.trick_no = trick["leader"], trick["number"]
    s.trick = [[t, c] for t, c in trick["cards"]]
    s.queue = [(t, c, extra) for t, c, extra in view["queue"]]
    s.taken, s.winner = list(view["taken"]), view["trick_winner"]
    s.pending = _pending(view, _entries(view["bundle"] or (), ("pending",), unseen, hidden))
    s.totals, s.round_rows = list(view["scores"]), list(view["round_scores"])
    s.current_player, s.end_reason = view["current_player"], view["end_reason"]
    s.last_trick, s.played = view["last_trick"], [c for _, c in view["plays"]]
    return s, unseen, hidden


def _entries(faces, where, unseen, hidden):
    """A stack's entries from its faces, each face-down card of hidden identity left as a
    placeholder whose place goes to `unseen` or `hidden` (the played ones)."""
    out = []
    for i, f in enumerate(faces):
        if f == UNSEEN or f == PLAYED:
            (unseen if f == UNSEEN else hidden).append((*where, i))
            f = ~0
        out.append(f)
    return out


def _pending(view, bundle):
    """The bundle being placed: a trump winner's before its extra is picked, or a gift's."""
    if view["bundle"] is None:
        return None
    gift = view["gift"]
    if gift is None:
        return {"seat": view["current_player"], "bundle": bundle,
                "colour": colour_of(bundle[0])}
    return {"giver": gift["giver"], "bundle": bundle, "colour": gift["colour"],
            "receiver": gift["receiver"]}


def _set_slot(other, slot, card):
    """Put a card in one face-down place of the determinized state."""
    if slot[0] == "discard":
        other.discard[slot[1]] = card
    elif slot[0] == "pending":
        other.pending["bundle"][slot[1]] = ~card
    else:
        t, colour, i = slot
        other.tableau[t][colour][i] = ~card


def _redraw_passes(view, other, rng):
    """After the exchange: the passes the seat did not see, made consistent with the new
    hands (the card seat t got from neighbour s picked among the cards t holds or has played
    this round, but the one the seat gave t)."""
    n, seat = view["players"], view["seat"]
    plays = plays_by_seat(n, view["plays"])
    left, right = view["my_pass"] if seat is not None else (None, None)
    got = [None] * n                         # got[t] = [from its left, from its right]
    for t in range(n):
        if t == seat:
            got[t] = list(view["received"])
            continue
        pick = [None, None]
        avail = other.hands[t] | plays[t]
        if seat is not None and (t + 1) % n == seat:   # t's left neighbour: seat's right pass
            pick[0] = right
        if seat is not None and (t - 1) % n == seat:   # t's right neighbour: seat's left pass
            pick[1] = left
        for c in pick:
            if c is not None:
                avail &= ~(1 << c)
        free = cards_of(avail)
        need = [j for j in (0, 1) if pick[j] is None]
        for j, c in zip(need, rng.sample(free, len(need))):
            pick[j] = c
        got[t] = pick
    for t in range(n):
        other.received[t] = tuple(got[t])
        if t != seat:
            other.passes[t] = (got[(t + 1) % n][1], got[(t - 1) % n][0])


# --- undo ----------------------------------------------------------------------------------------
REVEALING = frozenset(("round_start", "initial_bamboo", "initial_double", "pass_exchange",
                       "game_end"))   # a deal, draws from the draw pile, received passes, the end


def reveals(state, event, seat):
    """True if `event` showed `seat` something it could not know (undo): a deal, a drawn double,
    the cards passed to it, the end; the rest of play is face up or hidden from everyone."""
    return event["type"] in REVEALING
