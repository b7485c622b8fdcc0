"""What one Taktvoll seat knows: the one place that decides it.

Everything that shows a seat its share of the game is built on this module: `state.view(seat)`
is `observe(state, seat)`, `state.events_for(seat)` passes every event through `redact`, the
search's resampler is `determinize(observe(state, seat), rng)` (infoset.py), and the bots'
playouts read the state through `own_hand`, `on_staves` and `open_bars` (bots.py), the readers
observe() is made of.

What a seat knows (docs/rules/taktvoll.md, "Setup", "Turn", HR-K9):

* its own hand, with the card it has just drawn; a spectator holds none; on its turn, its
  legal actions and, for each card of its hand with no place at all, the engine's reason
  (`nowhere`: [card, message id, parameters], from `state.nowhere(card)`);
* the staves: every card on them and which way up, each row's open bar, the scores, who is to
  play and in which phase (a "bonus" phase shows that the player holds a bar line), the pass
  count, the options;
* the deck's size, and the cards out of play (those the options take out; in a test set-up,
  also those it left out);
* the turns it has watched: how many cards each seat was dealt, has drawn and has played
  (`dealt`, `draws`, `plays`), so each hand's size, which HR-K9 keeps off the table
  (`hand_sizes` is None for the other seats until the end) but cannot keep a player from
  counting;
* the bar lines of each seat's share that it still holds (`bar_lines`). The bar lines are
  shared out before the deal, seat i getting the ids `BARS[i*each:(i+1)*each]` (each = 24 // n),
  and only the 24 mod n leftovers (5 or 7 players) go into the deck. Bar lines are alike and a
  seat always plays its lowest, so the ids of its share not yet on the staves are the ones it
  holds. (A test set-up's hands are read with the same rule.)

Hidden from it: the other hands' other cards, the cards the others drew and kept, the deck's
order, and the future chance.
"""

from ...bits import cards_of, mask_of
from ...core import GAMES, Rng
from .cards import BARS, DECK, capacity, card_info, out_of_play

ALL = (1 << DECK) - 1
BAR_MASK = mask_of(BARS)
FIRST_BAR = BARS[0]
INFO = tuple(tuple(card_info(c, turned) for c in range(DECK)) for turned in (False, True))


def info_of(card, turned=False):
    """A card as the page draws it (`cards.card_info`), a fresh dict from a table made once."""
    return dict(INFO[turned][card])


# --- the readers (observe() and the bots' playouts) --------------------------------------------
def own_hand(state, seat):
    """The cards `seat` holds, in id order: the one hand it sees (a spectator: none)."""
    return cards_of(state.hands[seat]) if seat is not None else []


def on_staves(state):
    """Every card on the staves, row by row (public)."""
    return [c for r in state.rows for c, _ in r[4]]


def open_bars(state):
    """Each row's open bar (public): its capacity (None before its time signature), the
    sixteenths and the notes and rests in it, and the position of the row's last note."""
    return [{"capacity": capacity(t) if t is not None else None, "fill": f, "count": k,
             "prev": p} for t, f, k, p, _ in state.rows]


def bar_lines(state):
    """For each seat, the bar lines of its share it still holds (public, see above)."""
    each = len(BARS) // state.n
    block = (1 << each) - 1
    return [cards_of(h & block << (FIRST_BAR + t * each)) for t, h in enumerate(state.hands)]


def cards_out(state):
    """The cards in no hand, not in the deck and not on the staves, in id order."""
    held = mask_of(state.deck) | mask_of(on_staves(state))
    for hand in state.hands:
        held |= hand
    return cards_of(ALL & ~held)


# --- observe ------------------------------------------------------------------------------------
def observe(state, seat):
    """Everything `seat` may know (None: a spectator), as a JSON-able dict."""
    state.check_seat(seat)
    hidden = state.options["hide_hand_sizes"] and state.current_player is not None
    sizes = [h.bit_count() for h in state.hands]
    v = {"game": state.game.id, "seat": seat, "players": state.n, "phase": state.phase,
         "current_player": state.current_player, "is_over": state.current_player is None,
         "variant": state.options["variant"], "scores": list(state.totals),
         "final": None if state.final is None else list(state.final),
         "winners": state._winners(), "end_reason": state.end_reason,
         "deck": len(state.deck), "passes": state.passes, "bonus_row": state.bonus_row,
         "rows": _rows(state),
         "hand_sizes": [k if s == seat or not hidden else None for s, k in enumerate(sizes)],
         "options": dict(state.options), "hand": [], "legal": [], "drawn": None, "nowhere": [],
         "dealt": list(state.dealt), "draws": list(state.draws),
         "plays": [d + r - k for d, r, k in zip(state.dealt, state.draws, sizes)],
         "bar_lines": bar_lines(state), "out_of_play": cards_out(state)}
    if seat is not None:
        v["hand"] = [info_of(c) for c in own_hand(state, seat)]
        if state.current_player == seat:
            v["legal"] = [list(a) for a in state.legal_actions()]
            v["drawn"] = state.drawn
            v["nowhere"] = [[c, *why] for c in own_hand(state, seat)
                            for why in [state.nowhere(c)] if why]
    return v


def _rows(state):
    """The rows as the page draws them."""
    out = []
    for r, bar in enumerate(open_bars(state)):
        time, entries = state.rows[r][0], state.rows[r][4]
        out.append({"index": r, "timesig": "%d/4" % (time - 3) if time is not None else None,
                    **bar, "cards": _scored_cards(state, entries)})
    return out


def _scored_cards(state, entries):
    """A row's cards, each bar line with the points it scored and each note that earned a
    Variant II bonus marked, so the page can show points where they were scored."""
    out, count, prev = [], 0, None
    intervals = state.options["variant"] in ("intervals", "both")
    for card, turned in entries:
        info = info_of(card, turned)
        kind = info["kind"]
        if kind == "bar":
            info["points"], count = count, 0
        elif kind in ("note", "rest"):
            count += 1
            pos = info.get("pos")
            if intervals and pos is not None and prev is not None and state._perfect(prev, pos):
                info["bonus"] = 1
            prev = pos
        out.append(info)
    return out


def redact(state, event, seat):
    """An event as `seat` may see it: the other hands of the deal and the others' drawn cards
    hidden."""
    if event["type"] == "deal":
        return dict(event, hands=[h if s == seat else [] for s, h in enumerate(event["hands"])])
    if event["type"] == "draw" and event["seat"] != seat:
        return dict(event, card=None)
    return event


# --- determinize ----------------------------------------------------------------------------------
def known_in_hands(view):
    """The cards the view's seat knows to be in each hand, as bitmasks: its own hand, and every
    other seat's bar lines of its share."""
    fixed = [mask_of(cards) for cards in view["bar_lines"]]
    if view["seat"] is not None:
        fixed[view["seat"]] = mask_of(c["card"] for c in view["hand"])
    return fixed


def hand_sizes(view):
    """Each hand's size, as the seat counts it: dealt, plus drawn, less played."""
    return [d + r - p for d, r, p in zip(view["dealt"], view["draws"], view["plays"])]


def unknown_cards(view, fixed):
    """The sorted cards the seat cannot place: neither on the staves, nor out of play, nor
    known in a hand (`fixed`): the others' other cards and the deck."""
    known = mask_of(c["card"] for row in view["rows"] for c in row["cards"]) | \
        mask_of(view["out_of_play"])
    for mask in fixed:
        known |= mask
    return cards_of(ALL & ~known)


def determinize(view, rng):
    """A full state consistent with `view`, read from nothing else: the cards its seat cannot
    place dealt anew from `rng` (a `random.Random`), with the same counts (each other hand
    keeps its size, the deck its length), a seat in its "drawn" phase holding its drawn card
    among its dealt ones, a "bonus" player holding a bar line, and the chance reseeded from
    `rng`. A search state: no history, no event log."""
    seat, actor = view["seat"], view["current_player"]
    fixed, sizes = known_in_hands(view), hand_sizes(view)
    cards = unknown_cards(view, fixed)
    rng.shuffle(cards)
    other = _public(view)
    other.rng = Rng(rng.getrandbits(64))
    if actor is not None and actor != seat and view["phase"] == "bonus" and \
            not fixed[actor] & BAR_MASK:
        _give_a_bar(view, sizes, fixed, cards, rng)
    k = 0
    for t in range(view["players"]):
        mask = fixed[t]
        if t != seat:
            size = sizes[t] - mask.bit_count()
            for c in cards[k:k + size]:
                mask |= 1 << c
            if t == actor and view["phase"] == "drawn":
                other.drawn = cards[k]
            k += size
        other.hands.append(mask)
    other.deck = cards[k:]
    return other


def _public(view):
    """A state holding the view's public fields, its hands and deck still empty."""
    game = GAMES[view["game"]]
    s = game.state_class.__new__(game.state_class)
    s._init_base(game, view["players"], 0, dict(view["options"]), None)
    s.events = None
    s.n, s.hands, s.deck = view["players"], [], []
    s.rows = [_row_of(row) for row in view["rows"]]
    s._measure_rows()
    s._read_options()
    s.totals, s.passes = list(view["scores"]), view["passes"]
    s.phase, s.drawn, s.bonus_row = view["phase"], view["drawn"], view["bonus_row"]
    s.current_player, s.end_reason = view["current_player"], view["end_reason"]
    s.final = None if view["final"] is None else list(view["final"])
    s.out = out_of_play(s.options)
    s.dealt, s.draws = tuple(view["dealt"]), list(view["draws"])
    return s


def _row_of(row):
    """A state's row from the view's: [time card, fill, count, previous position, entries]."""
    cap = row["capacity"]
    entries = [(c["card"], c.get("inverted", False)) for c in row["cards"]]
    return [cap // 4 + 3 if cap is not None else None, row["fill"], row["count"], row["prev"],
            entries]


def _give_a_bar(view, sizes, fixed, cards, rng):
    """The bonus-phase player holds a bar line: make sure one of its dealt cards is one."""
    seat, actor = view["seat"], view["current_player"]
    start = sum(sizes[t] - fixed[t].bit_count() for t in range(actor) if t != seat)
    mine = range(start, start + sizes[actor] - fixed[actor].bit_count())
    if any(BAR_MASK >> cards[i] & 1 for i in mine):
        return
    bars = [i for i, c in enumerate(cards) if BAR_MASK >> c & 1]
    i, j = rng.choice(bars), rng.choice(mine)
    cards[i], cards[j] = cards[j], cards[i]


# --- undo ----------------------------------------------------------------------------------------
def reveals(state, event, seat):
    """True if `event` showed `seat` something it could not know (undo): a deal, a card it drew
    (chance), the end; plays and passes are face up."""
    kind = event["type"]
    return kind in ("deal", "game_end") or kind == "draw" and event["seat"] == seat
