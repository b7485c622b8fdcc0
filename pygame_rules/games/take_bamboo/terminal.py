"""TAKE トリックの翁 in the terminal: the table, every choice explained in words (passing to
the left and right, cards that would win or be a third colour, what a gift means for the
scores), the round tables, and the statistics of a simulation (the game's part of
`pygame_rules.cli`).

It reads only the person's view and the events of their log, like any other seat.
"""

from ...messages import join_list, text
from .cards import COLOURS, card_name, colour_name, colour_of
from .log import event_lines, seat_name
from .state import MAX_ROUNDS, TARGET, colour_points

PROMPT_HELP = "take.term.help"


def display_name(table, seat):
    """A seat's name, marked '(you)' for the person playing."""
    name = seat_name(seat, table.names)
    return name + text("cli.you_mark") if seat == table.human else name


def public(table):
    """The person's view, for what every event needs (the trump, the card numbers)."""
    return table.state.view(table.human)


# --- the log ------------------------------------------------------------------------------------
def on_event(table, event):
    """Print one event: a banner for a new round, a score table for a round's scores."""
    view = public(table)
    if event["type"] == "round_start":
        table.say("%s", "")
        table.say("take.term.round_banner", {"round": event["round"], "rounds": MAX_ROUNDS,
                                            "trump": view["trump"]})
    if event["type"] == "round_scores":
        show_round_table(table, event)
        return
    for line in event_lines(event, table.names, ranks=view["ranks"]):
        table.say("%s", line)


def show_round_table(table, event):
    """The round's scores: each colour's count and points, the round and the total."""
    table.say("%s", "")
    table.say("take.term.round_table", {"round": event["round"]})
    head = {"c%d" % c: text("take.name.colour_short.%d" % c) for c in range(COLOURS)}
    table.say("take.term.round_table_row", dict(head, name=text("cli.col.player"),
                                               round=text("take.term.col.round"),
                                               total=text("take.term.col.total")))
    for row in event["rows"]:
        cells = {"c%d" % c: text("take.term.cell", {"count": n, "points": p}) if n else "-"
                 for c, (n, p) in enumerate(zip(row["counts"], row["points"]))}
        table.say("take.term.round_table_row", dict(cells, name=display_name(table, row["seat"]),
                                                   round=row["round"], total=row["score"]))
    table.say("%s", "")


# --- the situation ------------------------------------------------------------------------------
def counts_of(view):
    """Every colour's counts, seat by seat, from the tableaux."""
    return [[view["tableau"][s][c]["count"] for s in range(view["players"])]
            for c in range(COLOURS)]


def points_now(counts, seat):
    """What a seat's bamboo would score if the round ended now."""
    return sum(colour_points(counts[c])[seat] for c in range(COLOURS))


def can_take(view, seat, colour):
    """True if `colour` would not be a third colour for `seat`."""
    stacks = view["tableau"][seat]
    held = [c for c in range(COLOURS) if stacks[c]["count"]]
    return colour in held or len(held) < 2


def show_scores(table, view):
    """Each seat's score, bamboo, what it is worth now and the cards left in hand."""
    counts = counts_of(view)
    table.say("take.term.scores", {"target": TARGET})
    for seat in range(view["players"]):
        stacks = []
        for colour, stack in enumerate(view["tableau"][seat]):
            if stack["count"]:
                msg_id = "take.term.stack_down" if stack["down"] else "take.term.stack"
                stacks.append(text(msg_id, {"count": stack["count"], "down": stack["down"],
                                            "colour": colour_name(colour)}))
        table.say("take.term.score_row", {
            "name": display_name(table, seat),
            "points": text("take.name.points", {"count": view["scores"][seat]}),
            "stacks": join_list(stacks) or text("take.term.no_stacks"),
            "now": points_now(counts, seat),
            "cards": text("take.name.cards", {"count": view["hand_sizes"][seat]})})


def show_hand(table, view):
    """The person's hand in words."""
    table.say("take.term.your_hand")
    table.say("take.term.hand_line", {"cards": join_list(name(view, c) for c in view["hand"])})


def name(view, card):
    """A card's name, e.g. 'Organic 7'."""
    return card_name(card, view["ranks"])


def is_trump(view, card):
    """True if the card's number is the trump number."""
    return view["ranks"][card] == view["trump"]


def turn(table, view):
    """Show the situation and return the first choice of the person's decision."""
    phase = view["phase"]
    table.say("%s", "")
    if phase == "pass":
        table.say("take.term.header_pass", {"round": view["round"], "rounds": view["rounds"],
                                           "trump": view["trump"]})
    else:
        table.say("take.term.header", {"round": view["round"], "rounds": view["rounds"],
                                      "trick": view["trick"]["number"], "trump": view["trump"]})
    show_scores(table, view)
    return {"pass": pass_turn, "play": play_turn, "extra": extra_turn, "gift": gift_turn,
            "accept": accept_turn}[phase](table, view)


# --- passing ------------------------------------------------------------------------------------
def pass_turn(table, view):
    """Pass: the card for the left first, then the card for the right, from the same list."""
    me, n = table.human, view["players"]
    left, right = table.names[(me + 1) % n], table.names[(me - 1) % n]
    table.say("take.term.pass_intro", {"left": left, "right": right})
    show_hand(table, view)
    hand = view["hand"]

    def label(card, chosen=None):
        """A card's name, '(trump)' and '(to the left)' marked."""
        words = name(view, card)
        notes = []
        if is_trump(view, card):
            notes.append(text("take.term.note.trump_short"))
        if card == chosen:
            notes.append(text("take.term.note.to_left", {"name": left}))
        return text("take.term.choice", {"card": words, "notes": join_list(notes, key="ui.group_sep")}) \
            if notes else words

    def then_right(first):
        """After the left card: the same list, the choice for the right."""
        choices = [(i, c, label(c, first)) for i, c in enumerate(hand, 1)]
        return table.prompt(("take.term.ask_right", {"name": table.names[me], "right": right}),
                            choices, head=("take.term.pass_right", {"name": right,
                                                                   "left": name(view, first)}),
                            pick=lambda second: ("pass", first, second))

    choices = [(i, c, label(c)) for i, c in enumerate(hand, 1)]
    return table.prompt(("take.term.ask_left", {"name": table.names[me], "left": left}), choices,
                        head=("take.term.pass_left", {"name": left}), pick=then_right)


# --- playing ------------------------------------------------------------------------------------
def play_turn(table, view):
    """The trick so far, the hand, and every legal card with what playing it would mean."""
    trick = view["trick"]
    cards = [c for _, c in trick["cards"]]
    trump_down = any(is_trump(view, c) for c in cards)
    if cards:
        table.say("take.term.trick", {"colour": colour_name(trick["lead_colour"])})
        for seat, card in trick["cards"]:
            msg_id = "take.term.table_card_trump" if is_trump(view, card) else \
                "take.term.table_card"
            table.say(msg_id, {"name": display_name(table, seat), "card": name(view, card)})
        table.say("take.term.trump_down" if trump_down else "take.term.you_follow",
                  {"colour": colour_name(trick["lead_colour"])})
    else:
        table.say("take.term.you_lead")
    show_hand(table, view)
    choices = [(i, ("play", c), play_label(table, view, c))
               for i, c in enumerate((a[1] for a in view["legal"]), 1)]
    return table.prompt(("take.term.prompt", {"name": table.names[table.human]}), choices,
                        head=("take.term.play",))


def play_label(table, view, card):
    """A card and what playing it now would mean: trump, wins so far, cannot win, a 1..."""
    trick = view["trick"]
    cards = [c for _, c in trick["cards"]]
    lead = trick["lead_colour"] if cards else colour_of(card)
    ranks = view["ranks"]
    notes = []
    taken = False
    if any(is_trump(view, c) for c in cards):
        notes.append(text("take.term.note.cannot_win"))
    elif is_trump(view, card):
        notes.append(text("take.term.note.trump"))
        taken = True
    elif colour_of(card) != lead:
        notes.append(text("take.term.note.cannot_win"))
    elif cards and all(colour_of(c) != lead or ranks[c] < ranks[card] for c in cards):
        notes.append(text("take.term.note.wins_now"))
        taken = True
    elif not cards:
        taken = True
    if colour_of(card) == lead and ranks[card] == 1:
        notes.append(text("take.term.note.one"))
        taken = True
    if taken and not can_take(view, table.human, colour_of(card)):
        notes.append(text("take.term.note.third"))
    if not notes:
        return name(view, card)
    return text("take.term.choice", {"card": name(view, card), "notes": join_list(notes, key="ui.group_sep")})


def extra_turn(table, view):
    """A trump winner picks its face-down extra among the trick's cards nobody takes."""
    last = view["last_trick"]
    card = dict((s, c) for s, c in last["cards"])[last["winner"]] if last else None
    colour = colour_name(colour_of(card)) if card is not None else ""
    table.say("take.term.extra_intro", {"colour": colour})
    choices = [(i, ("extra", a[1]), name(view, a[1])) for i, a in enumerate(view["legal"], 1)]
    return table.prompt(("take.term.prompt", {"name": table.names[table.human]}), choices)


# --- gifts --------------------------------------------------------------------------------------
def gift_turn(table, view):
    """A third colour: to the left or the right, with what each answer does to the scores."""
    gift, me, scores = view["gift"], table.human, view["scores"]
    card = name(view, gift["card"])
    table.say("take.term.gift_intro_extra" if gift["extra"] else "take.term.gift_intro",
              {"card": card})
    choices = []
    for number, direction in enumerate(("left", "right"), 1):
        seat = gift[direction]
        params = {"direction": text("take.name.direction." + direction),
                  "name": table.names[seat], "lost": max(0, scores[me] - 1),
                  "mine": scores[me] + 1, "theirs": scores[seat] + 1}
        if gift[direction + "_can_take"]:
            label = text("take.term.gift_choice", params)
            if max(scores[me], scores[seat]) + 1 >= TARGET:
                label += text("take.term.gift_wins", {"target": TARGET})
        else:
            label = text("take.term.gift_choice_forced", params)
        choices.append((number, ("gift", direction), label))
    return table.prompt(("take.term.prompt", {"name": table.names[me]}), choices,
                        head=("take.term.gift_head",))


def accept_turn(table, view):
    """A gift offered to the person: what accepting or refusing does to the colour and scores."""
    gift, me, scores = view["gift"], table.human, view["scores"]
    giver, colour = gift["giver"], gift["colour"]
    k = 2 if gift["extra"] else 1
    counts = counts_of(view)
    after = [row[:] for row in counts]
    after[colour][me] += k
    table.say("take.term.accept_intro_extra" if gift["extra"] else "take.term.accept_intro", {
        "giver": table.names[giver], "card": name(view, gift["card"]),
        "colour": colour_name(colour), "count": after[colour][me],
        "points": colour_points(after[colour])[me], "before": colour_points(counts[colour])[me]})
    mine, theirs = scores[me] + 1, scores[giver] + 1
    ends = ""
    if max(mine, theirs) >= TARGET:
        reached = [x for x in (mine, theirs) if x >= TARGET]
        if mine == theirs:
            ends = text("take.term.ends_shared", {"target": TARGET})
        elif mine == min(reached):
            ends = text("take.term.ends_win", {"target": TARGET})
        else:
            ends = text("take.term.ends_lose", {"target": TARGET, "giver": table.names[giver]})
    choices = [
        (1, ("accept",), text("take.term.accept", {"giver": table.names[giver], "mine": mine,
                                                  "theirs": theirs, "ends": ends})),
        (2, ("refuse",), text("take.term.refuse", {"giver": table.names[giver],
                                                  "theirs": max(0, scores[giver] - 1)}))]
    return table.prompt(("take.term.prompt", {"name": table.names[me]}), choices)


# --- the end ------------------------------------------------------------------------------------
def show_result(table):
    """The final standings (the winners, then the closest above 25, then the highest) and
    whether the person won."""
    state = table.state
    scores = state.scores()
    table.say("cli.final")
    winners = state.winners()
    seats = sorted(range(state.players), key=lambda s: (
        s not in winners, (0, scores[s]) if scores[s] >= TARGET else (1, -scores[s]), s))
    for place, seat in enumerate(seats, 1):
        table.say("take.term.final_row", {"place": place, "name": display_name(table, seat),
                                         "count": scores[seat]})
    table.say("cli.you_won" if table.human in winners else "cli.you_lost")


# --- simulate -----------------------------------------------------------------------------------
def add_game(tally, state):
    """Count a finished game: endings, gifts by giver and receiver, trumps, 1s, round rows."""
    tally.bump("end." + state.end_reason)
    for rows in state.round_rows:
        for row in rows:
            tally.rows[row["seat"]].append(row)
    winner = None
    for event in state.events or ():
        kind = event["type"]
        tally.bump(kind)
        if kind == "trick_won":
            winner = event["seat"]
            if event["by_trump"]:
                tally.bump("trick_trump")
        elif kind == "acquire" and state.ranks[event["card"]] == 1 and event["seat"] != winner:
            tally.bump("one_taken")
        elif kind == "gift_offered":
            tally.bump(("offered", event["giver"]))
            if event["forced_refusal"]:
                tally.bump(("forced", event["giver"]))
        elif kind == "gift_accepted":
            tally.bump(("accepted", event["giver"]))
            tally.bump(("accepts", event["receiver"]))
            tally.bump(("answered", event["receiver"]))
        elif kind == "gift_refused":
            tally.bump("gift_forced" if event["forced"] else "gift_refused_by_choice")
            if not event["forced"]:
                tally.bump(("answered", event["receiver"]))


def report(say, names, tally):
    """Endings, gift rates overall and per bot, each bot's rounds, trumps and lead-colour 1s."""
    count = tally.count
    games = tally.games or 1
    rounds = count("round_start") or 1
    offered = count("gift_offered") or 1
    say("take.sim.endings", {"gift": count("end.gift") / games,
                             "target": count("end.target") / games,
                             "rounds": count("end.rounds") / games,
                             "rounds_played": count("round_start") / games})
    say("take.sim.gifts", {"per_round": count("gift_offered") / rounds,
                           "accepted": count("gift_accepted") / offered,
                           "refused": count("gift_refused_by_choice") / offered,
                           "forced": count("gift_forced") / offered})
    for bot in sorted(set(names)):
        seats = [s for s, n in enumerate(names) if n == bot]
        gave = sum(count(("offered", s)) for s in seats)
        answered = sum(count(("answered", s)) for s in seats)
        say("take.sim.gift_bot", {
            "bot": bot, "offered": gave / rounds / len(seats),
            "accepted": sum(count(("accepted", s)) for s in seats) / (gave or 1),
            "forced": sum(count(("forced", s)) for s in seats) / (gave or 1),
            "accepts": sum(count(("accepts", s)) for s in seats) / (answered or 1),
            "count": answered})
    for bot in sorted(set(names)):
        rows = [r for s, n in enumerate(names) if n == bot for r in tally.rows[s]]
        say("take.sim.round", round_shares(bot, rows))
    say("take.sim.tricks", {"trump": count("trick_trump") / (count("trick_won") or 1),
                            "ones": count("one_taken") / rounds})


def round_shares(bot, rows):
    """A bot's mean round score, and how often its colours were the sole most or tied."""
    stacks = sole = tied = 0
    for row in rows:
        for n, p in zip(row["counts"], row["points"]):
            if n:
                stacks += 1
                sole += p == 0
                tied += p > n
    return {"bot": bot, "mean": sum(r["round"] for r in rows) / (len(rows) or 1),
            "sole": sole / (stacks or 1), "tied": tied / (stacks or 1)}
