"""A rule-based bot for Take The "A" Chord that reads only its seat's view and the legal cards.

It aims at three tricks, the top of the chart, counting the Spotlight Card as one. Every legal
card gets an expected venue score: the chance it wins the trick, what that adds on the chart
(with the Spotlight and the Improvisation bonus), the tricks the cards it keeps will still take
under the Key Chord, and what a Key Change or an Improvisation it causes is worth. So it takes
tricks while it needs them, wins with the Key Chord for the Spotlight, improvises when it can
win the next round, changes the key to its own chord, and dumps high cards once it has enough.
It never looks at the state: no memory, no hidden cards.
"""

from dataclasses import dataclass, replace

from . import observer
from .cards import CHORD_OF, CHORDS, COLOUR_OF
from .state import CHART, IMPROVISATION_BONUS, IMPROVISATION_LIMIT, NON_PLAYER

BEAT_WILL = 0.8          # how often an opponent who can beat the best card on the table does
IMPRO_WILL = 0.5         # how often a 4th player who can match the lead chord improvises
HOLD_WORTH = (0.65, 0.2, 0.05, 0.0, 0.0, 0.0, 0.0)   # later tricks a kept card takes, by strength
LEAD_WORTH = 1.0         # points for leading the next trick after our own Key Change
KEY_CHANGE_SURE = 0.85   # chance a Key Change we start is not taken over by a later player


@dataclass(frozen=True)
class Seen:
    """What one seat knows of the venue: its hand, the key, the trick so far, who plays after."""

    hand: tuple
    key: int
    table: tuple          # face-up cards of this round, in play order
    table_seats: tuple    # who played them
    non_player: object    # the non-player's seat with 3 players, else None
    position: int         # 0 = Lead Player ... 3 = 4th player
    rounds: int           # rounds this trick has had (a win takes that many tricks)
    improvisation_open: bool   # neither the limit nor the last trick blocks an Improvisation
    improvisation_limit: int
    is_last: bool         # the last trick of the venue
    tricks: int           # tricks taken this venue, +1 while holding the Spotlight
    spotlight: bool
    later: tuple          # hand sizes of the real players still to play this round
    fourth_later: int     # hand size of the 4th player if still to play, else 0
    next_order: tuple     # hand sizes of the others, in order, if we led the next round
    unknown: tuple        # cards we cannot place (others' hands, the stack, played, set aside)
    blocked_changes_key: bool


def read_view(view):
    """Turn a seat's view into what the bot reasons with."""
    me, trick = view["seat"], view["trick"]
    return read(me, view["players"], trick["order"], [c for _, c in trick["cards"]],
                view["hand_sizes"], view["non_player"], CHORDS.index(view["key"]),
                trick["round"], trick["is_last"], view["improvisation_limit"],
                view["seats"][me]["tricks"], view["spotlight"] == me, view["hand"],
                observer.unknown_cards(view),
                view["options"].get("blocked_improvisation_changes_key", True))


def read_state(state, seat):
    """The same as read_view(state.view(seat)), read from the state for the search's playouts
    through the observer's readers that the view is made of (the seat's hand, the hand sizes,
    whether this is the venue's last trick, the cards it cannot place), and the round on the
    table, the key and the tricks."""
    n = state.n
    return read(seat, n, state.order, list(state.round_cards), observer.hand_sizes(state),
                NON_PLAYER if n == 3 else None, state.key, state.rounds,
                observer.is_last(state), IMPROVISATION_LIMIT[n], state.tricks[seat],
                state.spotlight == seat, observer.own_hand(state, seat),
                observer.unknown(state, seat),
                state.options.get("blocked_improvisation_changes_key", True))


def read(me, players, order, table, sizes, non_player, key, rounds, is_last, limit, tricks,
         spotlight, hand, unknown, blocked):
    """What the bot reasons with, from the facts a seat sees."""
    position = len(table)
    later_seats = [s for s in order[position + 1:] if s != non_player]
    return Seen(
        hand=tuple(hand), key=key,
        table=tuple(table), table_seats=tuple(order[:position]),
        non_player=non_player, position=position, rounds=rounds,
        improvisation_open=not is_last and rounds - 1 < limit,
        improvisation_limit=limit,
        is_last=is_last, tricks=tricks + spotlight,
        spotlight=spotlight, later=tuple(sizes[s] for s in later_seats),
        fourth_later=sizes[order[3]] if position < 3 and order[3] != me else 0,
        next_order=tuple(sizes[(me + i) % players] for i in range(1, players)),
        unknown=tuple(unknown), blocked_changes_key=blocked)


def strength(seen, chord, key=None):
    """A chord's place on the key ring: 0 is the Key Chord, 6 the weakest."""
    return (chord - (seen.key if key is None else key)) % 7


def rank(seen, card, lead_colour):
    """Lower wins: strength first, then the lead colour (as the engine decides a trick)."""
    return strength(seen, CHORD_OF[card]) * 2 + (COLOUR_OF[card] != lead_colour)


def lead_colour(seen, card):
    """The lead colour of this round (our own card's colour when we lead)."""
    return COLOUR_OF[seen.table[0]] if seen.table else COLOUR_OF[card]


def best_on_table(seen):
    """Rank of the card winning the round so far (the non-player's card never wins)."""
    if not seen.table:
        return 99
    colour = COLOUR_OF[seen.table[0]]
    return min((rank(seen, c, colour) for s, c in zip(seen.table_seats, seen.table)
                if s != seen.non_player), default=99)


def win_chance(seen, card):
    """How likely `card` wins this round: it must beat the table and survive later players."""
    colour = lead_colour(seen, card)
    mine = rank(seen, card, colour)
    if mine >= best_on_table(seen):
        return 0.0
    chords = {CHORD_OF[c] for c in seen.table} | {CHORD_OF[card]}
    playable = voided = 0
    key = seen.key
    for u in seen.unknown:                  # rank(seen, u, colour) < mine, written out
        chord, col = CHORD_OF[u], COLOUR_OF[u]
        if (chord - key) % 7 * 2 + (col != colour) < mine:
            if col == colour or chord in chords:
                playable += 1
            else:
                voided += 1
    chance = survive_later(seen, colour, playable, voided)
    lead_chord = CHORD_OF[seen.table[0]] if seen.table else CHORD_OF[card]
    return chance * (1 - improvisation_threat(seen, lead_chord))


def survive_later(seen, colour, playable, voided):
    """Chance no later player beats us, given how many stronger cards they could play."""
    pool = len(seen.unknown) or 1
    lead_left = sum(1 for u in seen.unknown if COLOUR_OF[u] == colour)
    chance = 1.0
    for size in seen.later:
        held = BEAT_WILL * size / pool
        void = ((pool - lead_left) / pool) ** size
        chance *= (1 - held) ** playable * (1 - held * void) ** voided
    return chance


def improvisation_threat(seen, lead_chord):
    """Chance a later 4th player matches the lead chord and turns this round face down."""
    if not seen.fourth_later or not seen.improvisation_open:
        return 0.0
    pool = len(seen.unknown) or 1
    same = sum(1 for u in seen.unknown if CHORD_OF[u] == lead_chord)
    return IMPRO_WILL * (1 - (1 - seen.fourth_later / pool) ** same)


def improvises(seen, card):
    """True if playing `card` as 4th player matches the lead chord and starts an Improvisation."""
    return (seen.position == 3 and seen.improvisation_open and
            CHORD_OF[card] == CHORD_OF[seen.table[0]])


def key_change_is_ours(seen, card):
    """True if `card` pairs a chord on the table and makes us the Key Changer (so far)."""
    if seen.is_last or not seen.table:
        return False
    chord, chords = CHORD_OF[card], [CHORD_OF[c] for c in seen.table]
    if chord not in chords:
        return False
    if seen.position == 3 and chord == chords[0]:
        return seen.blocked_changes_key
    if chord == chords[0]:
        return True
    return not any(chords.count(ch) > 1 and ch != chord for ch in set(chords))


def chart(tricks):
    """The chart's points for a trick count (past its end it stays at the last entry)."""
    return CHART[min(max(tricks, 0), len(CHART) - 1)]


def kept_tricks(seen, cards, key):
    """Chances of taking 0, 1, 2... more tricks with the cards we keep, under Key Chord `key`."""
    odds, spotlight = [1.0], seen.spotlight
    for c in sorted(cards, key=lambda c: strength(seen, CHORD_OF[c], key)):
        place = strength(seen, CHORD_OF[c], key)
        gain = 1 + (place == 0 and not spotlight)
        spotlight = spotlight or place == 0
        odds = add_trick_chance(odds, HOLD_WORTH[place], gain)
    return odds


def add_trick_chance(odds, chance, gain):
    """Fold one more card that takes `gain` tricks with `chance` into the trick odds."""
    if not chance:
        return odds
    out = [p * (1 - chance) for p in odds] + [0.0] * gain
    for k, p in enumerate(odds):
        out[k + gain] += p * chance
    return out


def spotlight_gain(seen, card):
    """1 if winning with `card` brings us the Spotlight Card, else 0."""
    return int(CHORD_OF[card] == seen.key and not seen.spotlight)


def expected_chart(tricks, odds):
    """Expected chart points with `tricks` now and the kept cards' trick odds still to come."""
    return sum(p * chart(tricks + k) for k, p in enumerate(odds))


def outcome_worth(seen, chance, gain, bonus, later):
    """Expected venue score: win `gain` tricks (+bonus) with `chance`; `later` = trick odds."""
    win = expected_chart(seen.tricks + gain, later) + bonus
    return chance * win + (1 - chance) * expected_chart(seen.tricks, later)


def play_worth(seen, card):
    """Expected venue score of playing `card` into this round."""
    if improvises(seen, card):
        return improvisation_worth(seen, card)
    rest = [c for c in seen.hand if c != card]
    ours = key_change_is_ours(seen, card)
    key = CHORD_OF[card] if ours else seen.key
    bonus = IMPROVISATION_BONUS if seen.rounds > 1 else 0
    worth = outcome_worth(seen, win_chance(seen, card), seen.rounds + spotlight_gain(seen, card),
                          bonus, kept_tricks(seen, rest, key))
    if ours:
        worth += LEAD_WORTH * (KEY_CHANGE_SURE if seen.position < 3 else 1.0)
    return worth


def improvisation_worth(seen, card):
    """Expected venue score of improvising with `card` and leading the next round."""
    rest = tuple(c for c in seen.hand if c != card)
    if not rest:
        return chart(seen.tricks)
    nxt = next_round(seen, rest)
    return max(outcome_worth(nxt, win_chance(nxt, lead), nxt.rounds + spotlight_gain(nxt, lead),
                             IMPROVISATION_BONUS,
                             kept_tricks(nxt, [c for c in rest if c != lead], nxt.key))
               for lead in rest)


def next_round(seen, rest):
    """What we would see leading the next round of this trick after an Improvisation."""
    sizes = seen.next_order
    return replace(seen, hand=rest, table=(), table_seats=(), position=0,
                   rounds=seen.rounds + 1, is_last=len(rest) <= 1,
                   improvisation_open=len(rest) > 1 and seen.rounds < seen.improvisation_limit,
                   later=tuple(sizes),
                   fourth_later=sizes[-1])


def choose(view, legal, rng):
    """The heuristic bot: the legal ("play", card) with the best expected venue score (a
    tuple, as legal_actions() gives it; the view's legal list holds lists)."""
    return ranked(view, legal, rng)[0]


def play(state, seat, legal, rng):
    """The bot's choice read straight from the state (the search's playouts): the same card
    as choose(state.view(seat), legal, rng)."""
    if len(legal) == 1:
        return legal[0]
    return _order(read_state(state, seat), legal, rng)[0]


def ranked(view, legal, rng):
    """The legal actions (as tuples) best first by their card's expected venue score (the
    bot's choice first: among equal best cards one at random)."""
    legal = [tuple(a) for a in legal]
    if len(legal) == 1:
        return list(legal)
    return _order(read_view(view), legal, rng)


def _order(seen, legal, rng):
    """The legal actions best first, the bot's choice first."""
    worths = [(play_worth(seen, a[1]), a) for a in legal]
    top = max(w for w, _ in worths)
    best = [c for w, c in worths if w >= top - 1e-9]
    first = best[0] if len(best) == 1 else best[rng.randrange(len(best))]
    rest = sorted((i for i, (_, c) in enumerate(worths) if c != first),
                  key=lambda i: (-worths[i][0], i))
    return [first] + [worths[i][1] for i in rest]


# --- what the bot registry seats (pygame_rules/bots.py adds random, easy, normal and hard) --------
BOTS = {"heuristic": choose}
DESCRIPTIONS = {"random": "tac.bot.random", "heuristic": "tac.bot.heuristic"}   # how each plays
