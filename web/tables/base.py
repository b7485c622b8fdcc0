"""What every game's table module offers the page, and the defaults a table need not write.

A table module (`tables/<name>.py`, named by its game's declaration) is a plain module of
functions over the engine's views: it keeps no state between calls. It starts with
`from tables.base import *`, which gives it the defaults below, and defines the rest:

    GAME_ID                                       the game's id
    where_text(view)                              the top bar's "where are we"
    table_html(view, names, seats, ui)            -> (board, mine): the others' seat panels
                                                  and the centre; the viewer's own panel
                                                  (see `render.seat_panels`)
    hand_html(view, ui)                           the viewer's hand and choices (in a
                                                  replay's open hands ui["owner"] names the
                                                  seat and ui["hand_label"] its hand area)
    status_text(view, names, viewer, curtain, pending=None)
    log_lines(events, names)                      the log in words (see `log_lines_from`)
    on_click(data, view, pending)                 -> (action, a refusal (an EngineError: the
                                                  page shows its reason by the card) or None,
                                                  new pending)
    final_body(view, names, end_event)            the end of the game: who won and the scores
                                                  (the frame adds the title and the buttons)
    continue_line(view)                           -> (msg_id, params) for "Continue: …"

The defaults (a table overrides one by defining the same name after the import):

    ROUND                                         the game's word for a round: "round"
    PANELS                                        {kind: (label id, fn(view, names))}: none
    rounds_scored(view)                           how many rounds have been scored: 0
    round_modal(view, names, number)              the table of a round just scored: ""
    sounds(events)                                what to hear of new events: nothing
    marks(events)                                 CSS selectors of what new events completed,
                                                  to light up for a moment: nothing
    arrivals(events)                              what new events put on the table and where
                                                  it came from: [(CSS selector of the thing
                                                  drawn, [CSS selectors of where it was
                                                  before, the first found wins])], each
                                                  travelling there once: nothing
    auto_action(view, prefs)                      a move the page makes for a person: None
    local_action(name, data, view)                a click handled without the engine: False
    CHOICES                                       CSS selector of the lit choices the arrow
                                                  keys move among: the frame's usual marks
    NEXT_STEP                                     CSS selector of the choices a half-made
                                                  choice leads to: the first shown takes the
                                                  focus once one is made (a card chosen, now
                                                  its places), if any: the frame's pending
                                                  bar's Confirm, once it may be pressed
    CHAPTERS                                      the event types that start a chapter a
                                                  replay jumps to (a round's start): none
    teach_targets(marks)                          CSS selectors of what a teaching lesson's
                                                  marks ([kind, value] pairs, the kinds the
                                                  game's `teach` module declares) light up on
                                                  the table: none
    hint_targets(action, view)                    CSS selectors of the elements a person
                                                  clicks to make `action` (a legal action of
                                                  `view`, the hint's move), in the order they
                                                  are clicked; a step shown only once the
                                                  earlier ones are made (a place for the
                                                  chosen card) is lit when it appears: none

`main.py` and `app.py` call all of these on every table, with no fallback of their own.
"""

from types import MappingProxyType

import render

__all__ = ["ROUND", "PANELS", "CHOICES", "NEXT_STEP", "CHAPTERS", "HAND_CARD", "SEAT", "BUTTON",
           "rounds_scored", "round_modal", "sounds",
           "marks", "arrivals", "auto_action", "local_action", "teach_targets",
           "hint_targets"]

ROUND = "round"
PANELS = MappingProxyType({})     # read only: every table without panels shares it
CHAPTERS = ()
CHOICES = ".playable, .choice, .extra-choice, .place, .lit[role=button], [data-action=confirm]"
NEXT_STEP = "[data-action=confirm]:not(:disabled)"   # render.pending_bar's

# The elements a hint (hint_targets) and a lesson (teach_targets) light, by what the engine names
# (a card's id, a seat, a button's action): one selector each, shared by both and every table.
HAND_CARD = '.hand-card[data-card="%d"]'     # a card of the viewer's hand
SEAT = '.seat[data-seat="%d"]'               # a seat's panel
BUTTON = '[data-action="%s"]'                # a button by its action


def rounds_scored(view):
    """No rounds to pause between."""
    return 0


def round_modal(view, names, number):
    """Never shown (no rounds)."""
    return ""


def sounds(events):
    """Nothing to hear."""
    return []


def marks(events):
    """Nothing to light up."""
    return []


def arrivals(events):
    """Nothing travels."""
    return []


def auto_action(view, prefs):
    """The page makes no move for a person."""
    return None


def local_action(name, data, view):
    """No click is handled without the engine."""
    return False


# --- shared by several tables (imported by name) ------------------------------------------
def log_lines_from(event_lines):
    """A table's `log_lines(events, names)` from its game's `event_lines(event, names)`."""
    def log_lines(events, names):
        """The game log in words from the seat's events, oldest first."""
        return render.log_lines(events, names, event_lines)
    return log_lines


def legal(view):
    """The legal actions of the view as tuples."""
    return [tuple(a) for a in view["legal"]]


def teach_targets(marks):
    """Nothing to light up for a lesson."""
    return []


def hint_targets(action, view):
    """Nothing to light up for a hint."""
    return []
