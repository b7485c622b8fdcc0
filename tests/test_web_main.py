"""web/main.py in CPython with the browser stubbed: everything the page remembers is one object
whose fields are all declared up front, and whole games run through the page's functions."""

import ast
import importlib
import pathlib
import sys
import types
from unittest import mock

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import page_stubs  # noqa: E402
import app  # noqa: E402,F401  (imported before main, so the stubbed import adds only main)
import devices  # noqa: E402
import net  # noqa: E402
import render  # noqa: E402,F401
import tables  # noqa: E402

WEB = ROOT / "web"
OLD_GLOBALS = ("SESSION", "UI", "PROXIES", "THINK", "WORKER", "BOT_LOG")


def page_modules():
    """The page's own modules (web/*.py that import page.py), with page and main: the modules
    that run against the DOM and share PAGE."""
    return sorted({p.stem for p in WEB.glob("*.py") if "\nfrom page import" in p.read_text()}
                  | {"page", "main"})


@pytest.fixture(scope="module")
def main():
    """The page's modules imported with pyscript and pyodide.ffi stubbed by a MagicMock DOM:
    one namespace holding each module by name (main.page, main.drawing, …), and the stubs'
    window and document."""
    stubs = page_stubs.stubs()
    window, document = stubs["pyscript"].window, stubs["pyscript"].document
    names = page_modules()
    saved = {name: sys.modules.get(name) for name in list(stubs) + names}
    sys.modules.update(stubs)
    for name in names:
        sys.modules.pop(name, None)
    try:
        for name in ["main"] + names:     # (hosting, joining: imported by main only when needed)
            importlib.import_module(name)
        import asyncio
        import json

        import replay as replays
        from pygame_rules.messages import text
        yield types.SimpleNamespace(window=window, document=document, asyncio=asyncio,
                                    json=json, app=app, devices=devices, render=render,
                                    text=text, replays=replays,
                                    **{name: sys.modules[name] for name in names})
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def run_apart(coro):
    """Run a coroutine to its end in a thread of its own (the browser tests that ran before
    in this process may have left an event loop running in this one)."""
    import asyncio
    import concurrent.futures
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def page_attributes():
    """Every attribute of PAGE that the page's modules read or write, and the toggle("...")
    keys."""
    used = set()
    for name in page_modules():
        tree = ast.parse((WEB / (name + ".py")).read_text())
        used |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                 and isinstance(node.value, ast.Name) and node.value.id == "PAGE"}
        used |= {node.args[0].value for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and getattr(node.func, "attr", getattr(node.func, "id", None)) == "toggle"}
    return used


def test_the_page_state_is_one_object_with_every_field_declared(main):
    """PAGE is the only mutable state: no page module uses a field that PageState does not
    declare, none can be added later, and the six old globals are gone."""
    fields = set(main.page.PageState.__dataclass_fields__)
    used = page_attributes()
    assert used == fields                                  # and none is left unused
    with pytest.raises(AttributeError):
        main.page.PAGE.rtimer = 1                              # slots: no key appears later
    modules = [getattr(main, name) for name in page_modules()]
    assert not any(hasattr(module, name) for module in modules for name in OLD_GLOBALS)
    mutable = [(module.__name__, name) for module in modules for name, value in vars(module).items()
               if isinstance(value, (dict, list, set)) and not name.startswith("__")]
    assert mutable == [("keys", "ACTIONS")]               # a table of handlers, never changed
    assert main.page.PAGE.proxies and main.page.PageState().proxies == []   # each its own list


def test_each_page_module_says_what_it_owns_and_which_modules_it_calls():
    """Every page module opens with a docstring whose last line names exactly the page modules
    it imports: "Calls: a, b." for those imported at its top (page.py, which every one may use,
    apart), then "; with other devices: c, d." for those imported only when another device is
    at the table; no module is over 500 lines; only main imports keys (its table of handlers
    is built at import)."""
    names = page_modules()
    for name in names:
        tree = ast.parse((WEB / (name + ".py")).read_text())
        doc = ast.get_docstring(tree)
        assert doc and len(doc.splitlines()) >= 2, name
        top = {a.name for node in tree.body if isinstance(node, ast.Import)
               for a in node.names if a.name in names} | \
            {node.module for node in tree.body
             if isinstance(node, ast.ImportFrom) and node.module in names}
        every = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names if a.name in names}
        said = doc.splitlines()[-1]
        assert said.startswith("Calls: ") and said.endswith("."), name
        first, _, later = said[len("Calls: "):-1].partition("; with other devices: ")
        listed = set(first.split(", "))
        assert listed == (top - {"page"} or {"no other page module"}) or \
            name == "page" and not top, (name, listed, top)
        assert set(filter(None, later.split(", "))) == every - top, (name, later, every - top)
        assert len((WEB / (name + ".py")).read_text().splitlines()) <= 500, name
        assert "keys" not in every or name == "main", name


def test_no_module_of_the_page_is_over_500_lines():
    """web/ is laid out by concern: no module of it (the tables' too) grows past 500 lines."""
    long = {p.relative_to(WEB).as_posix(): n for p in WEB.rglob("*.py")
            if "__pycache__" not in p.parts and (n := len(p.read_text().splitlines())) > 500}
    assert long == {}


def test_each_group_of_the_page_state_is_written_only_by_the_modules_that_own_it(main):
    """page.OWNERS names, for every field but the table's own, the modules that write it; no
    other module assigns it (reading is free), and every owned field is declared."""
    owners = {}
    for module, fields in main.page.OWNERS.items():
        assert module in page_modules()
        for name in fields:
            owners.setdefault(name, set()).add(module)
    declared = set(main.page.PageState.__dataclass_fields__)
    assert set(owners) <= declared
    shared = declared - set(owners)
    assert shared == {"session", "slot", "saving", "overlay", "notice", "notice_at", "pending",
                      "heard", "clicked", "by_strength", "log_open"} - set(owners)
    strays = []
    for name in page_modules():
        tree = ast.parse((WEB / (name + ".py")).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id == "PAGE" and \
                    node.attr in owners and name not in owners[node.attr]:
                strays.append((name, node.attr, node.lineno))
    assert strays == []
    assert owners["hint_found"] == {"hints"} and owners["replay"] == {"watching"}


def test_a_game_without_other_devices_never_imports_their_modules():
    """A page that starts, checks its saves, plays a whole game of a person and three bots
    (each move drawn) and goes back to the start screen never imports hosting, joining,
    devices, net or invite (a process of its own, with the browser stubbed)."""
    import subprocess
    script = """if True:
        import sys
        sys.path[:0] = [%r, %r, %r]
        import page_stubs
        page_stubs.install()
        import app, main, bots, moves, start
        from tables import sound
        sound.play = lambda item: None       # (the stubbed browser has no audio)
        start.check_saves_now()
        seats = [{"name": "Mia", "kind": "human"}] + [
            {"name": "B%%d" %% i, "kind": "bot", "bot": "heuristic"} for i in range(3)]
        session = app.Session.start("take-a-chord", seats, seed=6)
        start.begin(session, "t1")
        for _ in range(5000):
            if session.state.is_over:
                break
            if session.round_pending():
                moves.next_round()
            elif session.current_is_human():
                legal = session.state.legal_actions()
                moves.choose({"card": str(legal[0][1])})
            else:
                bots.bot_tick()
        assert session.state.is_over
        start.show_start()
        print(sorted(m for m in ("hosting", "joining", "devices", "net", "invite")
                     if m in sys.modules))
    """ % (str(WEB), str(ROOT / "tests"), str(ROOT))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("game_id", tables.game_ids())
def test_a_bots_game_runs_to_its_end_through_the_page(main, game_id, monkeypatch):
    """begin, the bots' timer, the round tables, the redraws and the sounds: a whole game."""
    from tables import sound
    heard = []
    monkeypatch.setattr(sound, "play", heard.append)
    game = app.pygame_rules.GAMES[game_id]
    seats = [{"name": "B%d" % i, "kind": "bot", "bot": "heuristic"}
             for i in range(max(2, game.min_players))]
    session = app.Session.start(game_id, seats, seed=4)
    main.start.begin(session, "t1")
    assert main.page.PAGE.session is session and main.page.PAGE.notice == ""
    for _ in range(5000):
        if session.state.is_over:
            break
        if session.round_pending():
            main.moves.next_round()
        else:
            main.bots.bot_tick()
    assert session.state.is_over and main.page.PAGE.bot_timer is None
    assert main.page.PAGE.heard == len(session.events())
    assert heard                                   # notes, strums, chimes and knocks: all four
    main.start.show_start()
    assert main.page.PAGE.session is None


def at_mias_turn(main):
    """A game of Take The "A" Chord, Mia against three heuristic bots, begun on the page and
    played by the bots up to Mia's first turn: its session."""
    seats = [{"name": "Mia", "kind": "human"}] + [
        {"name": "B%d" % i, "kind": "bot", "bot": "heuristic"} for i in range(3)]
    session = app.Session.start("take-a-chord", seats, seed=6)
    main.start.begin(session, "t1")
    while not session.current_is_human():
        main.bots.bot_tick()
    return session


def test_a_person_plays_a_card_sorts_the_hand_and_reads_a_refusal(main):
    """A click on a card is played; a toggle flips its field; a refused move leaves a notice."""
    session = at_mias_turn(main)
    legal = [card for _, card in session.state.legal_actions()]
    illegal = next(c for c in session.view()["hand"] if c not in legal) \
        if len(legal) < len(session.view()["hand"]) else None
    if illegal is not None:
        main.moves.choose({"card": str(illegal)})
        assert main.page.PAGE.notice and session.state.current_player == 0
    before = len(session.state.history)
    main.moves.choose({"card": str(legal[0])})
    assert len(session.state.history) == before + 1 and main.page.PAGE.notice == ""
    sorted_before = main.page.PAGE.by_strength
    main.moves.toggle("by_strength")
    assert main.page.PAGE.by_strength is not sorted_before
    main.start.show_start()


def test_a_fresh_start_forgets_the_table_and_keeps_only_the_page_loads_own(main):
    """window.encoreFreshStart (the tests' warm page): after a game with a notice, a sorted
    hand and a panel open, every field is back to its default but the proxies and the bots'
    worker, and the start screen is shown."""
    seats = [{"name": "Mia", "kind": "human"}] + [
        {"name": "B%d" % i, "kind": "bot", "bot": "heuristic"} for i in range(2)]
    main.start.begin(app.Session.start("take-bamboo", seats, seed=3), "t2")
    main.page.PAGE.notice, main.page.PAGE.by_strength, main.page.PAGE.overlay = "x", True, "menu"
    main.page.PAGE.worker_state, proxies = "ready", list(main.page.PAGE.proxies)
    main.start.fresh_start()
    blank = main.page.PageState()
    changed = [name for name in main.page.PageState.__slots__
               if getattr(main.page.PAGE, name) != getattr(blank, name)]
    assert sorted(changed) == ["proxies", "worker_state"]
    assert main.page.PAGE.proxies == proxies and main.page.PAGE.worker_state == "ready"
    assert main.document.body.dataset.board == "start"
    assert main.window.botLog == main.window.hintLog == "[]"      # their copies for measuring
    main.page.PAGE.worker_state = "off"


def test_a_tables_cancel_button_drops_the_pending_choice(main):
    """data-action="cancel" (Taktvoll's and Re-Chord's Cancel, the pending bar's) is the frame's
    own cancel, the handler Escape calls too: the half-made choice goes."""
    assert main.keys.screen_action("cancel") is main.moves.cancel_pending
    main.page.PAGE.pending = {"card": 12}
    with mock.patch.object(main.drawing, "draw"):
        main.moves.cancel_pending()
    assert main.page.PAGE.pending is None


# --- hints (issue 20) ---------------------------------------------------------------------------------
class FakeWorker:
    """The bots' worker as main.py awaits it: best_move answers with `answer(reply)`."""

    def __init__(self, answer=lambda reply: reply):
        self.answer, self.asked = answer, []

    async def explain_move(self, view, seat, move, seed, think):
        import json
        import bot_worker
        self.asked.append((seat, "explain", move))
        reply = json.loads(bot_worker.explain_move(view, seat, move, seed, 0.05))
        return json.dumps(self.answer(reply))

    async def best_move(self, view, seat, level, seed, think, explain=0):
        import json
        import bot_worker
        self.asked.append((seat, level, think))
        reply = json.loads(bot_worker.best_move(view, seat, level, seed, 0.05, explain))
        return json.dumps(self.answer(reply))


def hint_game(main, monkeypatch, worker):
    """A person against heuristic bots at their turn; the worker stubbed; the coroutines the
    page starts kept to be run by the test."""
    started = []
    monkeypatch.setattr(main.asyncio, "ensure_future", started.append)
    main.window.performance.now.return_value = 1000.0
    from tables import sound
    monkeypatch.setattr(sound, "play", lambda item: None)

    class Ready:
        """The started worker, as ensure_worker's task gives it (awaited or not)."""

        def __await__(self):
            yield from ()
            return worker
    monkeypatch.setattr(main.worker, "ensure_worker", Ready)
    session = at_mias_turn(main)
    return session, started


def test_a_hint_is_asked_shown_counted_once_toggled_and_gone_after_the_move(main, monkeypatch):
    worker = FakeWorker()
    session, started = hint_game(main, monkeypatch, worker)
    main.page.PAGE.worker_state = "ready"
    main.hints.ask_hint()
    assert main.page.PAGE.hint_asking and len(started) == 1
    main.hints.ask_hint()                                  # thinking: nothing more is asked
    assert len(started) == 1
    run_apart(started.pop())
    assert worker.asked == [(0, "hard", 1.0)]
    found = main.page.PAGE.hint_found
    assert not main.page.PAGE.hint_asking and main.page.PAGE.hint_shown and session.hints == {0: 1}
    assert tuple(found["action"]) in session.state.legal_actions()
    assert main.hints.hint_on_screen(session, None, None) is found
    main.hints.ask_hint()                                  # H again: closes, then shows it again
    assert not main.page.PAGE.hint_shown and not started
    main.hints.ask_hint()
    assert main.page.PAGE.hint_shown and not started and session.hints == {0: 1}
    main.hints.close_hint()
    assert not main.page.PAGE.hint_shown
    main.moves.play(tuple(found["action"]))
    assert main.page.PAGE.hint_key is None and main.page.PAGE.hint_found is None
    main.start.show_start()


def test_the_hint_box_tells_a_moves_effects_in_the_logs_words(main, monkeypatch):
    """The effects of the worker's report are worded by the table's log, in the game's words
    (its first event sets them up), after the move they belong to."""
    session, started = hint_game(main, monkeypatch, FakeWorker())
    events = session.events()[1:]                    # the venue's start and the plays so far
    lines = session.table.log_lines(events, session.names())
    assert main.hints.effect_lines(session, events) == lines and lines
    action = session.state.legal_actions()[0]
    found = {"candidates": [list(action)], "chosen": 0, "how": "search", "samples": 2,
             "value": [0.5], "gain": [0.0], "se": [0.0], "score": [3.0], "effects": [events],
             "action": list(action)}
    box = main.hints.hint_box(session, found)
    told = " ".join(lines[:2])                       # the chosen move's first two lines
    assert main.render.escape(main.text("ui.hint.then", {"what": told})) in box
    assert box.index(main.render.escape(session.state.describe(action))) < box.index(
        main.render.escape(lines[0]))
    main.start.show_start()


def explain_replay(main, monkeypatch, worker):
    """A finished game of bots in its replay, the worker stubbed, the coroutines the page
    starts kept to be run by the test; the drawing left out."""
    session, started = hint_game(main, monkeypatch, worker)
    state = session.state
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    rp = main.replays.Replay(state, session.seats)
    monkeypatch.setattr(main.drawing, "draw", lambda: None)     # (the mock DOM has no layout)
    main.watching.show_replay(rp)
    return rp, started


def test_why_this_move_asks_the_search_from_the_movers_view_and_shows_it_there(main,
                                                                                monkeypatch):
    worker = FakeWorker()
    rp, started = explain_replay(main, monkeypatch, worker)
    main.page.PAGE.worker_state = "ready"
    assert main.hints.explain_state(rp) is None                 # the start: no move yet
    rp.go(6)
    made = rp.move_made()
    assert main.hints.explain_state(rp) == ""
    main.hints.ask_explain()
    assert main.hints.explain_state(rp) == "thinking" and len(started) == 1
    main.hints.ask_explain()                                    # thinking: not asked again
    assert len(started) == 1
    run_apart(started.pop())
    assert worker.asked == [(made["seat"], "explain", main.json.dumps(made["move"]))]
    found = main.page.PAGE.explain_found
    assert found["candidates"][found["played"]] == made["move"]
    box = main.hints.explain_box(rp, rp.names())
    name = rp.names()[made["seat"]]
    assert main.render.escape(name) in box and 'data-action="explain-close"' in box
    rp.go(7)                                              # another step: not shown there
    assert main.hints.explain_box(rp, rp.names()) == "" and main.hints.explain_state(rp) == ""
    rp.go(6)
    assert main.hints.explain_box(rp, rp.names()) == box
    main.hints.close_explain()
    assert main.hints.explain_box(rp, rp.names()) == ""
    main.watching.close_replay()
    main.start.show_start()


@pytest.mark.parametrize("answer", [
    lambda r: {**r, "ok": False},
    lambda r: {**r, "report": {**r["report"], "played": 99}},
    lambda r: {**r, "report": {**r["report"], "candidates": [["play", 999]]}},
    lambda r: {**r, "action": ["play", 999]},
    lambda r: "garbage"])
def test_a_wrong_explanation_is_refused_in_words(main, monkeypatch, answer):
    rp, started = explain_replay(main, monkeypatch, FakeWorker(answer))
    main.page.PAGE.worker_state = "ready"
    rp.go(6)
    main.hints.ask_explain()
    run_apart(started.pop())
    assert main.page.PAGE.explain_found is None and main.page.PAGE.notice == main.text("ui.hint.failed")
    assert main.hints.explain_box(rp, rp.names()) == ""
    main.watching.close_replay()
    main.start.show_start()


def test_a_wrong_or_missing_answer_is_said_and_nothing_is_lit_or_counted(main, monkeypatch):
    worker = FakeWorker(lambda reply: {**reply, "action": ["play", 999]})
    session, started = hint_game(main, monkeypatch, worker)
    main.page.PAGE.worker_state = "ready"
    main.hints.ask_hint()
    run_apart(started.pop())
    assert main.page.PAGE.notice == main.text("ui.hint.illegal") and main.page.PAGE.hint_found is None
    assert session.hints == {}
    main.page.PAGE.worker_state = "failed"                # no worker: said, never searched here
    main.hints.ask_hint()
    assert not started and main.page.PAGE.notice == main.text("ui.hint.no_worker")
    main.page.PAGE.worker_state = "off"
    main.start.show_start()


def test_a_hint_answered_after_the_person_moved_is_forgotten(main, monkeypatch):
    session, started = hint_game(main, monkeypatch, FakeWorker())
    main.page.PAGE.worker_state = "ready"
    main.hints.ask_hint()
    main.moves.play(session.state.legal_actions()[0])
    run_apart(started.pop())
    assert main.page.PAGE.hint_found is None and session.hints == {}
    main.page.PAGE.worker_state = "off"
    main.start.show_start()


def test_a_guest_welcomed_before_its_first_update_waits_then_reads_the_hosts_reasons(main,
                                                                                      monkeypatch):
    """Issue 40: the host's welcome comes before its first update: the guest's page keeps its
    joining screen (no Python error), draws its table on the update, and a move the rules
    refuse comes back as the very reason the host's own screen gives, beside the card."""
    from tables import sound
    from test_devices import ROOM, host, secret
    monkeypatch.setattr(sound, "play", lambda item: None)
    session, links = host("take-a-chord", "rrrr", seed="dev-why")
    session.state.apply(session.state.legal_actions()[0])        # a trick is led
    seat = session.state.current_player
    hello = net.hello(ROOM, seat, secret(seat))
    welcome, update = [net.encode(m) for m in
                       devices.host_receive(session, links, seat, net.encode(hello))[0]]
    main.page.PAGE.join = {"room": ROOM, "seat": seat, "secret": secret(seat)}
    main.joining.guest_message(None, welcome)
    guest = main.page.PAGE.session
    assert guest.guest and guest.view() is None and main.page.PAGE.join is None
    main.joining.guest_message(guest, update)
    assert guest.view()["legal"] and main.page.PAGE.notice == ""
    legal = set(session.state.legal_actions())
    illegal = next(("play", c) for c in guest.view()["hand"] if ("play", c) not in legal)
    at_host = app.Session(app.pygame_rules.load_state(session.state.to_json()),
                          [{"name": "P%d" % i, "kind": "human" if i == seat else "bot"}
                           for i in range(4)])
    main.page.PAGE.clicked = "card-%d" % illegal[1]
    main.moves.play(illegal)
    [sent] = guest.take_outbox() or [main.window.encoreNet.send.call_args[0][1]]
    out, moved = devices.host_receive(session, links, seat, sent)
    assert not moved
    main.joining.guest_message(guest, net.encode(out[0]))
    assert main.page.PAGE.notice == at_host.human_move(illegal).message
    assert main.page.PAGE.notice_at == "card-%d" % illegal[1]
    main.window.encoreNet.close.reset_mock()
    main.start.show_start()                       # Leave at its table: its channel closes
    main.window.encoreNet.close.assert_any_call(devices.HOST_PEER)


def test_a_hello_heard_before_the_hosts_own_open_leaves_the_seat_joined(main, monkeypatch):
    """The guest's hello can reach the host before the host hears its own channel open (a CI
    run left a guest on "the host's table is coming" and the host on "Connected: joining…"):
    the welcome and the update go to net.js at once (it keeps them until the channel opens,
    test_net_js.py), and the late "open" leaves the seat joined, not joining."""
    from tables import sound
    from test_devices import ROOM, host, secret
    monkeypatch.setattr(sound, "play", lambda item: None)
    session, links = host("take-a-chord", "rrrr", seed="dev-open")
    main.page.PAGE.session, main.page.PAGE.devices = session, links
    send = main.window.encoreNet.send
    send.reset_mock()
    hello = net.encode(net.hello(ROOM, 1, secret(1)))
    main.hosting.host_event(1, "message", {"type": "message", "id": devices.peer_of(1), "data": hello})
    assert links.state[1] == "joined"
    assert [net.decode_host(c.args[1])["t"] for c in send.call_args_list] == ["welcome", "update"]
    assert {c.args[0] for c in send.call_args_list} == {devices.peer_of(1)}
    main.hosting.host_event(1, "open", {"type": "open", "id": devices.peer_of(1)})
    assert links.state[1] == "joined"
    main.hosting.host_event(2, "open", {"type": "open", "id": devices.peer_of(2)})
    assert links.state[2] == "open"                    # a seat not yet joined: joining
    main.start.show_start()


def test_a_joining_guest_says_its_hello_again_until_the_host_answers(main, monkeypatch):
    """A guest's first text on a new channel was seen lost (a CI run: the guest sent its hello,
    the host heard nothing, and the guest waited on "the host's table is coming"): the hello
    is said again every HELLO_AGAIN_MS, HELLOS times in all, until anything comes back from
    the host; once it does, or the join is left, it is not said again."""
    from test_devices import ROOM, secret
    send, timer = main.window.encoreNet.send, main.window.setTimeout
    hellos = lambda: [net.decode_guest(c.args[1])["t"] for c in send.call_args_list]  # noqa: E731

    def opened():
        send.reset_mock()
        timer.reset_mock()
        main.page.PAGE.session = None
        main.page.PAGE.join = {"room": ROOM, "seat": 1, "secret": secret(1), "broker": None,
                          "reply": "", "qr": "", "open": False, "error": ""}
        main.joining.guest_event("open", {"type": "open", "id": main.devices.HOST_PEER})
        return main.page.PAGE.join

    join = opened()
    assert hellos() == ["hello"] and timer.call_args.args[1] == main.joining.HELLO_AGAIN_MS
    for n in range(2, main.joining.HELLOS + 1):
        timer.call_args.args[0]()                          # no answer yet: said again
        assert hellos() == ["hello"] * n
    assert timer.call_count == main.joining.HELLOS - 1             # and no more after the last
    join = opened()
    main.joining.guest_event("message", {"type": "message", "id": main.devices.HOST_PEER, "data": "x"})
    timer.call_args.args[0]()
    assert hellos() == ["hello"] and join["heard"]         # the host answered: not again
    join = opened()
    main.page.PAGE.join = None                                  # left (or another invitation)
    timer.call_args.args[0]()
    assert hellos() == ["hello"]
    main.start.show_start()


def test_a_guest_refused_while_connecting_again_gets_the_lost_panel_saying_why(main,
                                                                              monkeypatch):
    """A guest back at its table whose new hello the host refuses (an old key) is not left on
    "Joining…": the lost panel says why, with the place for a new invitation."""
    from tables import sound
    from test_devices import ROOM, host, secret
    monkeypatch.setattr(sound, "play", lambda item: None)
    session, links = host("take-a-chord", "rrrr", seed="dev-why")
    hello = net.hello(ROOM, 1, secret(1))
    welcome, update = [net.encode(m) for m in
                       devices.host_receive(session, links, 1, net.encode(hello))[0]]
    main.page.PAGE.join = {"room": ROOM, "seat": 1, "secret": secret(1)}
    main.joining.guest_message(None, welcome)
    guest = main.page.PAGE.session
    main.joining.guest_message(guest, update)
    main.page.PAGE.overlay = "join"                     # a new connection: its hello is refused
    main.joining.guest_message(guest, net.encode(net.refusal(None, "net.wrong_secret")))
    assert main.page.PAGE.overlay == "lost"
    assert main.text("net.wrong_secret") in main.page.PAGE.join["error"]
    assert main.drawing.overlay_html(guest, guest.view())[0] == "lost"
    main.start.show_start()


def test_a_link_whose_replay_fails_is_refused_and_leaves_the_table(main, monkeypatch):
    """The page's last guard (issue 46): a link the engine let in whose replay then fails is
    refused with the reason on the start screen, and nothing of the page changed."""
    from pygame_rules.share import to_share
    state = app.pygame_rules.new_game("take-bamboo", 3, seed=4)
    code = to_share(state, None)

    def broken(*_args, **_kw):
        raise IndexError("list index out of range")
    monkeypatch.setattr(main.replays, "Replay", broken)
    main.page.PAGE.session = main.page.PAGE.replay = None
    notice = main.document.querySelector.return_value
    main.sharing.open_link(code)
    assert main.page.PAGE.replay is None
    assert notice.textContent == main.text("ui.link_refused", {"reason": main.text(
        "share.invalid", {"why": "IndexError"})})
