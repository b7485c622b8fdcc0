"""The page's state and its handles on the browser: `PAGE` (a `PageState`, every field
declared, each group of fields owned by the module named beside it), the element finder `q`,
kept JS callables (`proxy`), the store (static/store.js) and the settings in it, and net.js.
Calls: no other page module (every other module calls it).
"""

import json
from dataclasses import dataclass, field
from types import MappingProxyType

from pyodide.ffi import create_proxy
from pyscript import document, window

from pygame_rules.messages import text


SETTINGS_KEY = "settings"        # names in the page's store (static/store.js, window.encoreStore)


@dataclass(slots=True)
class PageState:
    """Everything the page remembers between two events, each field declared here (slots: no
    other attribute can appear later). `PAGE` below is the one instance. Each group says which
    module owns it: only its owners write those fields (OWNERS; the table's own fields, the
    first group, any module may set); every module may read them."""

    # the table (any module): what is on it, and what the screen shows over it
    session: object = None        # the app.Session on the table (None: the start screen)
    slot: str = None              # the store's slot this tab saves the session in
    saving: bool = True           # False once another tab has taken the game over
    overlay: str = None           # the panel the player opened (None: none)
    notice: str = ""              # the engine's last refusal, or a notice about the bots (a
                                  # `Said`, told again when the language changes)
    notice_at: str = None         # the data-key the refusal in `notice` is shown beside
    pending: object = None        # the table's half-made choice (None: nothing pending)
    heard: int = 0                # how many of the viewer's events have been heard
    clicked: str = None           # the data-key of the control last clicked on the table
    by_strength: bool = False     # the hand sorted by strength (else by colour)
    log_open: bool = False        # the log panel shown (it is behind a button on phones)
    # moves: what the last move did, drawn once (drawing forgets it once drawn)
    gather_to: int = None         # the seat that just won a trick (its cards gather there)
    marks: list = None            # what the last move completed (table.marks), lit up once
    arrivals: list = None         # what the last move put on the table and where it came from
                                  # (table.arrivals), travelling there once
    held: tuple = None            # a trick just won, still shown: (the session, its moves
                                  # when it was won, the winner)
    held_timer: object = None     # the timer that gathers it (after the trick pace)
    # drawing
    record: tuple = None          # (session, moves, html): the end screen's records, read once
    # teaching
    lit_lesson: object = None     # the lesson whose marks were last lit (the board is scrolled
                                  # to them once, when it comes)
    # saving
    save_timer: object = None     # the timer that tries a save again (the storage was full)
    # bots
    bot_timer: object = None      # the timer of the next bot move (None: none waiting)
    thinking: int = None          # the seat whose move the worker is searching for (None: nobody)
    # the question in flight to the worker or answered: for which session and move number, the
    # reply, whether the pause is over ("due": play the reply the moment it comes), when asked
    think_session: object = None
    think_moves: int = None
    think_reply: dict = None
    think_due: bool = False
    think_asked: float = 0.0
    bot_log: list = field(default_factory=list)   # the worker's answers, for measuring
    # worker
    worker_state: str = "off"     # the bots' worker: off, starting, ready, failed
    worker_proxy: object = None   # the worker once ready
    worker_task: object = None    # its boot (awaited by every question)
    # page
    proxies: list = field(default_factory=list)   # JS callables kept alive for the page
    # hints (issue 20): the position asked about (the state object and its number of moves),
    # the answer to show ({report, "action"}), whether it is being searched, whether it is on
    # screen (closed, it comes back on H without a new search), when it was asked
    hint_key: tuple = None
    hint_found: dict = None
    hint_asking: bool = False
    hint_shown: bool = False
    hint_asked: float = 0.0
    lit_hint: object = None       # the hint whose move was last lit (the board scrolls to it once)
    hint_log: list = field(default_factory=list)  # the hints' answers, for measuring
    # hints, "Why this move?" in a finished game's replay: the step asked about (replay, step),
    # the worker's answer for it, whether it is being asked
    explain_key: tuple = None
    explain_found: dict = None
    explain_asking: bool = False
    # watching a game again
    replay: object = None         # the replay.Replay on screen (None: the table or the start)
    replay_timer: object = None   # the timer of the replay's next move while it plays
    # sharing: the link to the game shown in the "link" panel, and whether it was copied
    link: str = None
    link_msg: str = ""
    # hosting and joining (issue 23): the host's links to its guests (devices.Devices; None: no
    # seat is on another device), the guest's invitation while it joins ({"game", "room",
    # "seat", "secret", "fields", "reply", "qr", "open", "error"}; None: not joining; the lost
    # panel's {"error", "said"}: why a pasted one failed, and how the connection ended)
    devices: object = None
    join: dict = None


OWNERS = MappingProxyType({      # module: the PageState fields only it (and its co-owners) write
    "start": ("session", "slot", "saving"),
    "joining": ("session", "slot", "saving", "devices", "join"),
    "moves": ("gather_to", "marks", "arrivals", "held", "held_timer"),
    "drawing": ("gather_to", "marks", "arrivals", "record"),
    "teaching": ("lit_lesson",),
    "saving": ("save_timer",),
    "bots": ("bot_timer", "thinking", "think_session", "think_moves", "think_reply",
             "think_due", "think_asked", "bot_log"),
    "worker": ("worker_state", "worker_proxy", "worker_task"),
    "page": ("proxies",),
    "hints": ("hint_key", "hint_found", "hint_asking", "hint_shown", "hint_asked", "lit_hint",
              "hint_log", "explain_key", "explain_found", "explain_asking"),
    "watching": ("replay", "replay_timer"),
    "sharing": ("link", "link_msg"),
    "hosting": ("devices", "join"),
})


PAGE = PageState()


class Said(str):
    """A sentence of the catalogue that keeps its id and parameters, so that a change of
    language can say it again (issue 45: a refusal stayed in the language it was made in)."""

    def again(self):
        """The same sentence in the current language."""
        return said(self.msg_id, self.params)


def said(msg_id, params=None):
    """The catalogue's sentence `msg_id` in the current language, as a `Said`."""
    out = Said(text(msg_id, params or {}))
    out.msg_id, out.params = msg_id, dict(params or {})
    return out


def retell_notice():
    """After a change of language: the notice said again in it, or dropped when it was not
    made from the catalogue's id (no stale sentence stays in the old language)."""
    PAGE.notice = PAGE.notice.again() if isinstance(PAGE.notice, Said) else ""


def q(selector):
    """The first element matching a CSS selector."""
    return document.querySelector(selector)


def proxy(fn):
    """A JS callable for a Python function, kept alive for the page's lifetime."""
    p = create_proxy(fn)
    PAGE.proxies.append(p)
    return p


def page_store():
    """The page's store (static/store.js): namespaced keys, checked reads, quota-aware writes."""
    return window.encoreStore


def stored(name):
    """A stored value that passed the store's checks, as a str, or None (JS null arrives as
    pyodide's jsnull)."""
    raw = page_store().read(name)
    return raw if isinstance(raw, str) else None


def settings():
    """The page's settings as a dict (the store has checked their size and nesting)."""
    try:
        data = json.loads(stored(SETTINGS_KEY) or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def setting_ms(name, default, most):
    """A remembered time in ms (the bots' pause, the trick pace), 0 to `most`; `default` where
    it is missing or unreadable."""
    try:
        return max(0, min(most, int(settings().get(name, default))))
    except (ValueError, TypeError, AttributeError):
        return default


def preferences():
    """The player's remembered preferences the tables use ("always claim": on by default)."""
    return {"always_claim": settings().get("always_claim", True) is not False}


def open_dialog(selector):
    """Open one of the page's static dialogs (rules, settings)."""
    q(selector).showModal()


def net_js():
    """static/net.js's API (window.encoreNet), or None where it did not load."""
    found = getattr(window, "encoreNet", None)
    return found if found else None


def elsewhere():
    """True when this page plays with other devices: a host with seats on them, a guest joining
    or at its table. Only then are their modules (hosting, joining, devices, net, invite)
    imported: most games never need them."""
    return PAGE.devices is not None or PAGE.join is not None or \
        bool(getattr(PAGE.session, "guest", False))


def is_invitation(fragment):
    """True for an invitation's code in the address (j1.…, or b1.… through a broker), not a
    game's link (invite.py is read only when the address has a fragment)."""
    if not fragment:
        return False
    from invite import BROKERED, INVITE
    return str(fragment).startswith((INVITE, BROKERED))
