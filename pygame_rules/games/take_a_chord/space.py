"""Every action the game can ever have (numbered by `pygame_rules.actions`), an upper bound on a
game's actions, and a seat's view as a tensor: what OpenSpiel needs (`pygame_rules.openspiel`)."""

from .cards import DECK_SIZE
from .state import HAND_SIZE
from .cards import CHART, CHORDS as _CHORDS, DECK_SIZE as _DECK
from ...tensors import mark, offsets as _offsets

ACTIONS = (
    ("play", range(DECK_SIZE)),      # a card from the hand: the game's one kind of decision
)



# The bound is exact: every action is a player's card ("play"). A venue deals 8 cards to each
# seat, every round of a trick (an Improvisation's too) takes one card from each hand, a venue
# ends when the hands are empty (HR-TAC3), and there are as many venues as players: 8 * n * n.
# The non-player's stack (3 players) plays itself, with no action; no option changes the count.
def max_moves(players, options):
    """An upper bound on the actions of a whole game (len(state.history) at the end): 8n²."""
    return HAND_SIZE * players * players


# --- the observation tensor (OpenSpiel's observer): a seat's view as a flat list of floats
# Read from the view alone (observer.observe), never the state. Seats are relative to the
# viewing seat: place 0 is the seat itself, 1 the next seat clockwise, ...; with 3 players
# place 3 is the non-player's stack. A spectator's view (seat None) reads as seat 0's, with an
# empty hand. Card planes are 35 bits over the card ids of cards.py (chord * 5 + colour).


TENSOR = {
    "places": 4,                # the table's four places (3 players: the non-player is place 3)
    "hand": 8,                  # cards dealt to a seat: hand sizes are divided by it
    "tricks": len(CHART) - 1,   # the most tricks the chart counts (9): tricks are divided by it
    "score": 100,               # scores (venue and game totals) are divided by it, ~[-1.6, 1.6]
    "improvisations": 4,        # Improvisation counts are divided by it
    "rounds": 4,                # the most rounds of one trick (3 Improvisations)
    "venues": 4,                # the most venues
}

_P = TENSOR["places"]
LAYOUT = (
    ("hand", (_DECK,)),                   # the seat's own cards
    ("trick", (_P, _DECK)),               # this round's face-up cards, by the place that played each
    ("trick_facedown", (_DECK,)),         # the cards of this trick's earlier rounds (Improvisation)
    ("lead_colour", (5,)),                # one-hot: the colour of this round's first card
    ("leader", (_P,)),                    # one-hot: the place leading this round
    ("round", (TENSOR["rounds"],)),       # one-hot: the round of the trick (1 + Improvisations)
    ("is_last", (1,)),                    # 1 in the venue's last trick
    ("played", (_DECK,)),                 # every card played face up this venue
    ("won", (_P, _DECK)),                 # the cards each place has taken in its tricks this venue
    ("non_player_played", (_DECK,)),      # the non-player's cards played this venue (3 players)
    ("voids", (_P, 5)),                   # the colours each place has shown it lacks
    ("key", (len(_CHORDS),)),             # one-hot: the Key Chord (A..G)
    ("key_card", (_DECK,)),               # one-hot: the flipped Key Chord card among the set-aside
    ("hand_sizes", (_P,)),                # cards in each place's hand (or stack) / 8
    ("current_player", (_P,)),            # one-hot: the place to play (none at the end)
    ("dealer", (_P,)),                    # one-hot: the venue's dealer
    ("spotlight", (_P,)),                 # one-hot: who holds the Spotlight Card
    ("last_winner", (_P,)),               # one-hot: the last trick's winner
    ("tricks", (_P,)),                    # tricks taken this venue / 9
    ("improvisations", (_P,)),            # Improvisations this venue / 4
    ("would_score", (_P,)),               # the venue's score if it ended now / 100
    ("scores", (_P,)),                    # game totals / 100
    ("game_improvisations", (_P,)),       # Improvisations this game / 4
    ("venue", (TENSOR["venues"],)),       # one-hot: the venue (1..players)
    ("trick_number", (1,)),               # the trick's number in the venue / 8
    ("is_over", (1,)),                    # 1 once the game is over
    ("options", (3,)),                    # the house-rule options, in the order of __init__.OPTIONS
)
_OPTIONS = ("blocked_improvisation_changes_key", "match_face_up_round_only",
            "non_player_pair_changes_key")
_AT, _SIZE = _offsets(LAYOUT)


def tensor_layout(players, options):
    """The tensor's pieces in order: [(name, shape tuple), ...]; their sizes sum to the tensor's
    (the same for 3 and 4 players: the non-player fills place 3)."""
    return list(LAYOUT)


def observation_tensor(view, players, options):
    """The seat's view as a flat list of floats, laid out as tensor_layout says."""
    at, out = _AT, [0.0] * _SIZE
    n = view["players"]
    me = view["seat"] or 0
    place = [(s - me) % n for s in range(n)] + [3] * (4 - n)   # 3 players: seat 3 is place 3
    mark(out, 0, view["hand"])
    table = view["trick"]
    base = at["trick"]
    for s, c in table["cards"]:
        out[base + place[s] * _DECK + c] = 1.0
    mark(out, at["trick_facedown"], table["facedown_cards"])
    if table["lead_colour"] is not None:
        out[at["lead_colour"] + table["lead_colour"]] = 1.0
    out[at["leader"] + place[table["leader"]]] = 1.0
    out[at["round"] + min(table["round"], TENSOR["rounds"]) - 1] = 1.0
    out[at["is_last"]] = float(table["is_last"])
    mark(out, at["played"], view["played"])
    for s, pile in enumerate(view["won"]):
        mark(out, at["won"] + place[s] * _DECK, pile)
    mark(out, at["non_player_played"], view["non_player_played"])
    base = at["voids"]
    for s, colours in enumerate(view["voids"]):
        for colour in colours:
            out[base + place[s] * 5 + colour] = 1.0
    out[at["key"] + _CHORDS.index(view["key"])] = 1.0
    if view["key_card"] is not None:
        out[at["key_card"] + view["key_card"]] = 1.0
    base = at["hand_sizes"]
    for s, k in enumerate(view["hand_sizes"]):
        out[base + place[s]] = k / TENSOR["hand"]
    if n == 3:
        out[base + 3] = view["non_player_stack"] / TENSOR["hand"]
    for name, s in (("current_player", view["current_player"]), ("dealer", view["dealer"]),
                    ("spotlight", view["spotlight"]),
                    ("last_winner", (view["last_trick"] or {}).get("winner"))):
        if s is not None:
            out[at[name] + place[s]] = 1.0
    tricks, impro, would = at["tricks"], at["improvisations"], at["would_score"]
    total, games = at["scores"], at["game_improvisations"]
    for row in view["seats"]:
        p = place[row["seat"]]
        out[tricks + p] = row["tricks"] / TENSOR["tricks"]
        out[impro + p] = row["improvisations"] / TENSOR["improvisations"]
        out[would + p] = row["would_score"] / TENSOR["score"]
        out[total + p] = row["total"] / TENSOR["score"]
        out[games + p] = row["game_improvisations"] / TENSOR["improvisations"]
    out[at["venue"] + view["venue"] - 1] = 1.0
    out[at["trick_number"]] = table["number"] / TENSOR["hand"]
    out[at["is_over"]] = float(view["is_over"])
    base = at["options"]
    chosen = view["options"]
    for i, name in enumerate(_OPTIONS):
        out[base + i] = float(bool(chosen[name]))
    return out
