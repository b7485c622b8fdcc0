"""Teaching mode (issue 20): each rule explained the first time it comes into play.

A game declares its teachable moments in its `teach` part, `MOMENTS`: a tuple of `Moment`s.
A moment has
- an `id` ("key_change"); its words are the catalogue's `<prefix>.teach.<id>`, with the
  parameters its test returns; a moment whose words depend on what happened declares its
  `cases` ("limit", "last_trick"; None for the plain `<id>`), and its test names the case that
  came under "case" (not a parameter): the words are then `<prefix>.teach.<id>.<case>`;
- the rules-page section it teaches: `rule`, the number of that section's heading message
  `<prefix>.rules.<rule>.h` (the page links to the section, and the heading names the rule);
- a test, which says whether the moment has come, from what the seat may know only:
  - with `on` (an event type, or a tuple of them), `test(event, view, seat)` runs on each new
    event of that type as the seat sees it (`events_for(seat)`), with the seat's view after the move;
  - without `on`, `test(None, view, seat)` runs once per look on the seat's view now ("you may
    play anything", "you may claim a chord").
  It returns None (not now) or a dict: the message's parameters, and under "marks" (not a
  parameter) what the page lights on the table: a list of [kind, value] pairs, the kinds the
  game's own ("card", "seat", "space"…), which the game's table turns into elements.

`lessons` runs the tests over what happened since the last look; each moment comes at most once
(the caller keeps the ids already seen, per game). Nothing here reads the state: a lesson never
tells a seat what it may not see.
"""

from .core import GAMES
from .messages import text


class Moment:
    """A teachable moment: an id, the rules section it teaches, and when it comes."""

    __slots__ = ("id", "rule", "on", "test", "cases")

    def __init__(self, id, rule, test, on=None, cases=(None,)):
        self.id, self.rule, self.test, self.on, self.cases = id, rule, test, on, cases

    def __repr__(self):
        return "Moment(%r)" % self.id


def my_turn(view, seat):
    """Whether `seat` is to decide now in this view (a test's usual first question)."""
    return seat is not None and view["current_player"] == seat and not view["is_over"]


def moments(game_id):
    """The game's teachable moments."""
    return GAMES[game_id].part("teach").MOMENTS


def message_id(prefix, moment_id, case=None):
    """The catalogue key of a moment's words, in one of its cases (None: the plain one)."""
    return "%s.teach.%s%s" % (prefix, moment_id, "" if case is None else "." + case)


def message_ids(game_id, moment):
    """The catalogue keys of a moment's words, one per case it declares."""
    return [message_id(GAMES[game_id].prefix, moment.id, case) for case in moment.cases]


def words(game_id, item, names, lang=None):
    """(rule's name, the lesson's sentence) in `lang` (None: the current language), the
    parameters named by the game (cards, seats) with the table's `names`."""
    params = GAMES[game_id].part("teach").words(item["params"], names, lang)
    return text(item["rule_msg"], lang=lang), text(item["msg"], params, lang)


def lesson(game, moment, found):
    """The lesson a moment gives: its message (in the case found), parameters, rule and marks
    (JSON-able)."""
    params = dict(found)
    marks = [list(m) for m in params.pop("marks", ())]
    case = params.pop("case", None)
    return {"id": moment.id, "msg": message_id(game.prefix, moment.id, case),
            "params": params, "rule": moment.rule,
            "rule_msg": "%s.rules.%s.h" % (game.prefix, moment.rule), "marks": marks}


def lessons(game_id, events, view, seat, seen=()):
    """The lessons newly due for `seat`: its moments not in `seen` whose test passes on one of
    the new `events` (as the seat sees them) or on its `view` now, in the order declared, each
    once."""
    game, out, done = GAMES[game_id], [], set(seen)
    for moment in moments(game_id):
        if moment.id in done:
            continue
        found = first_found(moment, events, view, seat)
        if found is not None:
            out.append(lesson(game, moment, found))
            done.add(moment.id)
    return out


def first_found(moment, events, view, seat):
    """The moment's parameters from the first new event (or the view) where it comes, or None."""
    if moment.on is None:
        return moment.test(None, view, seat)
    types = (moment.on,) if isinstance(moment.on, str) else moment.on
    for event in events:
        if event and event.get("type") in types:
            found = moment.test(event, view, seat)
            if found is not None:
                return found
    return None


class Teacher:
    """One seat's teaching through a game: the moments seen so far and how much of the log it
    has read. `look(state)` after every change gives the lessons newly due; after an undo (a
    shorter log) it reads on from there, and what was taught stays taught."""

    __slots__ = ("seat", "seen", "read")

    def __init__(self, seat, seen=()):
        self.seat, self.seen, self.read = seat, list(seen), 0

    def join(self, state):
        """Read on from this point of the game (a teacher taking up a game): a game under way
        teaches nothing of its past, but one where no move was made yet is read from its start,
        since what its set-up did (the first deal) is the present its first look is about."""
        self.read = len(state.events_for(self.seat)) if state.history else 0

    def look(self, state):
        """The lessons due for the seat since the last look (each moment once)."""
        events = state.events_for(self.seat)
        new, self.read = events[min(self.read, len(events)):], len(events)
        found = lessons(state.game.id, new, state.view(self.seat), self.seat, self.seen)
        self.seen.extend(item["id"] for item in found)
        return found


def watch(state, seat, play):
    """Play a game to its end with `play(state)` giving each action, looking after every move
    as the page does; [(moves so far, lesson)] of every lesson `seat` was given (for tests)."""
    teacher, given = Teacher(seat), []
    while True:
        given.extend((len(state.history), item) for item in teacher.look(state))
        if state.is_over:
            return given
        state.apply(play(state))
