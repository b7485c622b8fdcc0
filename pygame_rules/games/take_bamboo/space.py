"""Every action the game can ever have (numbered by `pygame_rules.actions`), an upper bound on a
game's actions, and a seat's view as a tensor: what OpenSpiel needs (`pygame_rules.openspiel`)."""

from functools import lru_cache as _lru_cache

from .cards import BAMBOO, COLOURS, MAX_ROUNDS, PRESETS
from .state import HAND_SIZE
from .cards import COLOURS as _COLOURS, MAX_ROUNDS as _ROUNDS, TARGET as _TARGET
from ...tensors import offsets as _offsets

ACTIONS = (
    ("play", range(BAMBOO)),                    # a card from the hand
    ("extra", range(BAMBOO)),                   # a trump winner's extra card from the trick
    ("pass", range(BAMBOO), range(BAMBOO)),     # the cards to the left and to the right
    ("gift", ("left", "right")),                # a third colour's card to a neighbour
    ("accept",),
    ("refuse",),
)


# At most MAX_ROUNDS (3) rounds, and in each (R1, T1) with hands of h = HAND_SIZE[n] cards:
#   n passes (each seat one ("pass", l, r) from the dealer; the hands keep h cards);
#   n * h plays (h tricks, one card from each hand; a round ends when the hands are empty);
#   at most h extras (only the trick's trump winner chooses one, HR-T6, off with "none");
#   at most 2 actions per acquisition (a gift, then the neighbour's accept or refuse; a refused
#   gift is discarded, never offered again): a trick acquires its winning card plus the 1s of
#   the lead colour in it, so a round at most h + 3 * copies (every 1 of the deck, HR-T1).
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end)."""
    hand = HAND_SIZE[players]
    ones = COLOURS * PRESETS[options["deck"]][1]
    extras = hand if options["trick_extra"] == "winner_chooses" else 0
    return MAX_ROUNDS * (players + players * hand + extras + 2 * (hand + ones))


# --- the observation tensor (OpenSpiel's observer): a seat's view as a flat list of floats
# Read from the view alone (observer.observe), never the state. Seats are relative to the
# viewing seat: place 0 is the seat itself, 1 its left neighbour (the next seat in turn
# order), ...; a spectator's view (seat None) reads as seat 0's, with no hand and no passes.
# Card planes are 54 bits over the bamboo card ids of cards.py (colour * 18 + index; the
# `deck` option says which rank an id is); the glowing bamboo are never told apart.


TENSOR = {
    "hand": 10,                 # the largest hand: hand sizes and the trick number / 10
    "stack": 10,                # tableau counts are divided by it (a stack rarely passes 10)
    "score": _TARGET,           # scores / 25 (the target)
    "glowing": 6,               # the unused glowing bamboo / 6
    "phases": ("pass", "play", "extra", "gift", "accept", "over"),
    "trumps": (2, 3, 4, 5, 6),  # the trump numbers (HR-T2)
}
_PHASES = {p: i for i, p in enumerate(TENSOR["phases"])}
_TRUMPS = {t: i for i, t in enumerate(TENSOR["trumps"])}


@_lru_cache(maxsize=None)
def _layout(n):
    """The layout and its offsets for n players."""
    layout = (
        ("hand", (BAMBOO,)),                  # the seat's own cards
        ("my_pass", (2, BAMBOO)),             # one-hot each: the card it passed left, right
        ("received", (2, BAMBOO)),            # one-hot each: the card it got from left, right
        ("trick", (n, BAMBOO)),               # the trick's cards, by the place that played each
        ("leader", (n,)),                     # one-hot: the trick's leader
        ("lead_colour", (_COLOURS,)),         # one-hot: the colour led
        ("trick_winner", (n,)),               # one-hot: the trick's winner, once all have played
        ("played", (n, BAMBOO)),              # this round's cards, by the place that played each
        ("queue", (n, BAMBOO)),               # acquisitions still to resolve, by the acquirer
        ("queue_by_trump", (n,)),             # 1 where that acquisition won by trump (an extra)
        ("taken", (BAMBOO,)),                 # the trick's cards already claimed
        ("extra_choices", (BAMBOO,)),         # the cards a trump winner may take as its extra
        ("gift_card", (BAMBOO,)),             # one-hot: the card of the gift being decided
        ("gift_giver", (n,)),                 # one-hot: its giver
        ("gift_receiver", (n,)),              # one-hot: the neighbour offered it (once chosen)
        ("gift_colour", (_COLOURS,)),         # one-hot: its colour
        ("gift_extra", (1,)),                 # 1 if an extra comes with it
        ("gift_can_take", (2,)),              # the left, the right neighbour could take it
        ("tableau", (n, _COLOURS)),           # each place's stack of each colour: its count / 10
        ("tableau_down", (n, _COLOURS)),      # ... of which face down / 10
        ("tableau_cards", (BAMBOO,)),         # every face-up tableau card
        ("scores", (n,)),                     # scores / 25
        ("hand_sizes", (n,)),                 # cards in each hand / 10
        ("passed", (n,)),                     # 1 where the place has chosen its passes
        ("current_player", (n,)),             # one-hot: the place to act (none at the end)
        ("dealer", (n,)),                     # one-hot: the round's dealer
        ("phase", (len(_PHASES),)),           # one-hot: pass, play, extra, gift, accept, over
        ("trump", (len(_TRUMPS),)),           # one-hot: the trump number 2..6
        ("round", (_ROUNDS,)),                # one-hot: the round 1..3
        ("trick_number", (1,)),               # the trick's number in the round / 10
        ("piles", (3,)),                      # the discard pile / 54, the unused draw pile / 54,
                                              # the unused glowing bamboo / 6
        ("options", (3,)),                    # deck "six", trick_extra "winner_chooses",
                                              # penalty "giver"
    )
    return layout, _offsets(layout)


def tensor_layout(players, options):
    """The tensor's pieces in order: [(name, shape tuple), ...]; their sizes sum to the tensor's."""
    return list(_layout(players)[0])


def observation_tensor(view, players, options):
    """The seat's view as a flat list of floats, laid out as tensor_layout says."""
    n = view["players"]
    at, size = _layout(n)[1]
    out = [0.0] * size
    me = view["seat"] or 0
    place = [(s - me) % n for s in range(n)]
    for c in view["hand"]:
        out[c] = 1.0
    for name, pair in (("my_pass", view["my_pass"]), ("received", view["received"])):
        if pair:
            base = at[name]
            for i, c in enumerate(pair):
                if c is not None and c < BAMBOO:
                    out[base + i * BAMBOO + c] = 1.0
    table = view["trick"]
    base = at["trick"]
    for s, c in table["cards"]:
        if c < BAMBOO:
            out[base + place[s] * BAMBOO + c] = 1.0
    if table["leader"] is not None:
        out[at["leader"] + place[table["leader"]]] = 1.0
    if table["lead_colour"] is not None:
        out[at["lead_colour"] + table["lead_colour"]] = 1.0
    if view["trick_winner"] is not None:
        out[at["trick_winner"] + place[view["trick_winner"]]] = 1.0
    base = at["played"]
    for s, c in view["plays"]:
        if c < BAMBOO:
            out[base + place[s] * BAMBOO + c] = 1.0
    base, trumped = at["queue"], at["queue_by_trump"]
    for s, c, extra in view["queue"]:
        if c < BAMBOO:
            out[base + place[s] * BAMBOO + c] = 1.0
        if extra:
            out[trumped + place[s]] = 1.0
    for name in ("taken", "extra_choices"):
        base = at[name]
        for c in view[name]:
            if c < BAMBOO:
                out[base + c] = 1.0
    gift = view["gift"]
    if gift is not None:
        if gift["card"] < BAMBOO:
            out[at["gift_card"] + gift["card"]] = 1.0
        out[at["gift_giver"] + place[gift["giver"]]] = 1.0
        if gift["receiver"] is not None:
            out[at["gift_receiver"] + place[gift["receiver"]]] = 1.0
        out[at["gift_colour"] + gift["colour"]] = 1.0
        out[at["gift_extra"]] = float(gift["extra"])
        out[at["gift_can_take"]] = float(gift["left_can_take"])
        out[at["gift_can_take"] + 1] = float(gift["right_can_take"])
    count, down, cards = at["tableau"], at["tableau_down"], at["tableau_cards"]
    stack = TENSOR["stack"]
    for s, stacks in enumerate(view["tableau"]):
        row = place[s] * _COLOURS
        for colour, entry in enumerate(stacks):
            out[count + row + colour] = entry["count"] / stack
            out[down + row + colour] = entry["down"] / stack
            for c in entry["up"]:
                if c < BAMBOO:
                    out[cards + c] = 1.0
    scores, sizes, passed = at["scores"], at["hand_sizes"], at["passed"]
    for s in range(n):
        p = place[s]
        out[scores + p] = view["scores"][s] / TENSOR["score"]
        out[sizes + p] = view["hand_sizes"][s] / TENSOR["hand"]
        out[passed + p] = float(view["passed"][s])
    if view["current_player"] is not None:
        out[at["current_player"] + place[view["current_player"]]] = 1.0
    out[at["dealer"] + place[view["dealer"]]] = 1.0
    out[at["phase"] + _PHASES[view["phase"]]] = 1.0
    if view["trump"] in _TRUMPS:
        out[at["trump"] + _TRUMPS[view["trump"]]] = 1.0
    out[at["round"] + min(view["round"], _ROUNDS) - 1] = 1.0
    out[at["trick_number"]] = table["number"] / TENSOR["hand"]
    base = at["piles"]
    out[base] = view["discard"] / BAMBOO
    out[base + 1] = view["out_of_play"] / BAMBOO
    out[base + 2] = len(view["glowing"]) / TENSOR["glowing"]
    chosen, base = view["options"], at["options"]
    out[base] = float(chosen["deck"] == "six")
    out[base + 1] = float(chosen["trick_extra"] == "winner_chooses")
    out[base + 2] = float(chosen["penalty"] == "giver")
    return out
