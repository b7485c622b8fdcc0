"""Teaching mode's session and tip (issue 20), in CPython: lessons are queued for the person
whose hand is on screen only (none behind the hot seat's curtain), the save keeps what was
taught and resumes reading from the log's end, a wrong `taught` field is dropped without losing
the game, "Don't show again" stops it, and Take The "A" Chord's teach_targets match its table."""

import json
import pathlib
import re
import sys
from html.parser import HTMLParser

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import render  # noqa: E402
from session_helpers import bots, table_step  # noqa: E402
import tables.take_a_chord as tac  # noqa: E402
from pygame_rules import teach  # noqa: E402

GAME = "take-a-chord"
MIA, LEO = {"name": "Mia", "kind": "human"}, {"name": "Leo", "kind": "human"}


def step(session):
    """One move, as the page makes it (a person's first legal move, or the bot's), then the
    page's look for lessons."""
    if not table_step(session):
        assert session.human_move(session.state.legal_actions()[0]) is None
    session.look()


def ids(lessons):
    """The ids of some lessons."""
    return [item["id"] for item in lessons]


def test_the_first_lesson_is_for_the_viewer_and_only_while_teaching():
    """One person who leads: the game's aim and then "lead" are waiting for them, the lead with
    the legal cards as its marks; without teaching, nothing."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    session.look()
    assert session.state.current_player == 0
    assert ids(session.lessons()) == ["aim", "lead"]
    legal = sorted(a[1] for a in session.state.legal_actions())
    assert sorted(v for k, v in session.lessons()[1]["marks"]) == legal
    plain = app.Session.start(GAME, [MIA] + bots(3), seed=5)
    plain.look()
    assert plain.teaching is False and plain.lessons() == []


def test_got_it_moves_on_and_a_move_drops_the_tips_about_before():
    """dismiss() shows the next lesson; the person's own move clears their queue (they are
    marked taught), and new lessons follow later."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    session.look()
    session.due[0].append(dict(session.due[0][0], id="extra"))
    assert ids(session.lessons()) == ["aim", "lead", "extra"]
    session.dismiss()
    assert ids(session.lessons()) == ["lead", "extra"]
    step(session)
    assert session.state.current_player != 0 and "lead" in session.taught()[0]
    given = []
    for _ in range(60):
        given += ids(session.lessons())
        session.dismiss()
        step(session)
    assert len(set(given)) >= 3 and "lead" not in given


def test_hot_seat_lessons_wait_for_their_person_and_none_behind_the_curtain():
    """Two people: behind the curtain nothing is shown; each person's lessons come when their
    own hand is on screen, never the other's."""
    session = app.Session.start(GAME, [MIA, LEO] + bots(2), seed=3, teaching=True)
    session.look()
    assert session.curtain_for() == 0 and session.lessons() == []
    assert ids(session.due.get(0, [])) == ["aim", "lead"]
    session.reveal()
    assert session.viewer() == 0 and ids(session.lessons()) == ["aim", "lead"]
    shown = {0: [], 1: []}
    for _ in range(80):
        if session.curtain_for() is not None:
            assert session.lessons() == []
        seat = session.viewer()
        if seat is not None:
            assert ids(session.lessons()) == ids(session.due.get(seat, []))
            shown[seat] += ids(session.lessons())
        step(session)
    assert shown[0] and shown[1]


def test_the_save_keeps_what_was_taught_and_reads_on_from_the_log_end():
    """A round trip keeps teaching and `taught`; the resumed game teaches nothing that
    happened before it was saved (only what is true now, such as "you lead")."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    for _ in range(30):
        session.look()
        session.dismiss()
        step(session)
    taught = session.taught()[0]
    assert len(taught) >= 3
    body = json.loads(session.to_save())
    assert body["teaching"] is True and body["taught"] == {"0": taught}
    again = app.Session.from_save(json.dumps(body))
    assert again.teaching and again.teachers[0].seen == taught
    again.look()
    events = {e["type"] for e in session.state.events_for(0)}
    for item in again.lessons():
        assert item["id"] not in taught
        assert item["id"] in ("lead", "follow", "void", "last_trick") or item["id"] not in events


def test_lessons_waiting_when_saved_may_come_again():
    """A lesson queued but not yet read is not counted as taught in the save."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    session.look()
    body = json.loads(session.to_save())
    assert body["taught"] == {"0": []}
    again = app.Session.from_save(json.dumps(body))
    again.look()
    assert ids(again.lessons()) == ["aim", "lead"]


@pytest.mark.parametrize("taught", [
    "lead", ["lead"], {"0": "lead"}, {"0": [1]}, {"0": ["x" * 41]}, {"0": [""]},
    {"1": ["lead"]}, {"x": ["lead"]}, {"0": ["a"] * 65}, {"0": [["lead"]]}, {"0": None},
    {"0": ["lead"], "1": ["lead"], "2": []}, {"00000": ["lead"]}])
def test_a_wrong_taught_field_is_dropped_and_the_game_goes_on(taught):
    """Anything but {person's seat: [short ids]} is dropped whole: the game resumes, teaching
    on, nothing counted as taught."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    step(session)
    body = json.loads(session.to_save())
    body["taught"] = taught
    again = app.Session.from_save(json.dumps(body))
    assert again.teaching and again.teachers[0].seen == []
    assert again.state.history == session.state.history


@pytest.mark.parametrize("teaching", [None, 1, "yes", [True]])
def test_teaching_is_on_only_when_saved_as_true(teaching):
    """An old save (no field) or a strange value resumes without teaching."""
    body = json.loads(app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True).to_save())
    body["teaching"] = teaching
    assert app.Session.from_save(json.dumps(body)).teaching is False


def test_dont_show_again_and_play_again():
    """stop_teaching: nothing more is queued or shown, and the save says so; Play again keeps
    teaching (on or off) and what each person was taught."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    session.look()
    nxt = session.again(6)
    assert nxt.teaching and nxt.teachers[0].seen == []     # "lead" was not read yet
    session.dismiss()
    step(session)
    nxt = session.again(6)
    assert nxt.teaching and "lead" in nxt.teachers[0].seen
    session.stop_teaching()
    assert session.lessons() == [] and json.loads(session.to_save())["teaching"] is False
    for _ in range(30):
        step(session)
        assert session.lessons() == []
    assert session.again(7).teaching is False


def test_undo_drops_lessons_about_the_moves_taken_back():
    """After an undo nothing waits; what was taught stays taught."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True, practice=True)
    session.look()
    session.dismiss()
    step(session)
    while session.waiting_for_bot():
        step(session)
    assert session.undo() is None
    assert session.due == {} and "lead" in session.taught()[0]


class Finder(HTMLParser):
    """The start tags of an HTML text, with their attributes."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


SIMPLE = re.compile(r'^(?P<tag>[a-z]*)(?P<classes>(?:\.[a-z-]+)*)(?:\[(?P<attr>[a-z-]+)="(?P<value>[^"]*)"\])?$')


def matches(html, selector):
    """How many elements of `html` a simple selector (tag.class[attr="value"]) matches."""
    m = SIMPLE.match(selector)
    assert m, "not a simple selector: %s" % selector
    finder = Finder()
    finder.feed(html)
    want = [c for c in m["classes"].split(".") if c]
    return sum(1 for tag, attrs in finder.tags
               if (not m["tag"] or tag == m["tag"]) and
               all(c in (attrs.get("class") or "").split() for c in want) and
               (not m["attr"] or attrs.get(m["attr"]) == m["value"]))


def screen(session):
    """The table's screen HTML as the page draws it for the viewer."""
    view = session.view()
    return render.screen_html(tac, view, session.names(), session.seats, {"names": session.names()})


def test_take_a_chord_teach_targets_match_its_table():
    """Each kind of mark lights something on a real table: a card in the hand, a card on the
    trick, a seat's panel (the non-player's too), the key-chord board."""
    session = app.Session.start(GAME, [MIA] + bots(2), seed=5)
    run = 0
    while not session.state.view(0)["trick"]["cards"] or session.state.current_player != 0:
        step(session)
        run += 1
        assert run < 50
    html = screen(session)
    view = session.view()
    on_trick = view["trick"]["cards"][0][1]
    in_hand = view["hand"][0]
    for marks, least in (([["card", in_hand]], 1), ([["card", on_trick]], 1),
                         ([["key", None]], 1)) + tuple(
                             ([["seat", s]], 1) for s in range(view["players"])):
        selectors = tac.teach_targets(marks)
        assert sum(matches(html, sel) for sel in selectors) >= least, (marks, selectors)
    assert tac.teach_targets([["card", "<x>"], ["space", 3]]) == []


def test_every_lesson_of_a_game_lights_something_or_nothing_was_asked():
    """Played through a venue: every lesson's marks match at least one element of the screen
    it is shown on."""
    session = app.Session.start(GAME, [MIA] + bots(3), seed=11, teaching=True)
    checked = 0
    for _ in range(60):
        session.look()
        for item in session.lessons():
            selectors = tac.teach_targets(item["marks"])
            if item["marks"]:
                html = screen(session)
                assert any(matches(html, s) for s in selectors), item
                checked += 1
        session.due = {}
        step(session)
    assert checked >= 3


def test_the_tip_names_its_rule_links_its_section_and_counts():
    """The tip: the rule's name linking to its section, the sentence, "1 of 2", the buttons;
    the section exists in the rules the shell builds."""
    import shell
    session = app.Session.start(GAME, [MIA] + bots(3), seed=5, teaching=True)
    session.look()
    item = session.lessons()[0]
    rule, sentence = teach.words(GAME, item, session.names())
    html = render.teach_html(GAME, item, rule, sentence, 1, 2)
    anchor = "rules-%s-%s" % (GAME, item["rule"])
    assert 'href="#%s"' % anchor in html and 'id="%s"' % anchor in shell.rules()
    assert rule in html and "1 of 2" in html and "Got it" in html and "Don" in html
    assert "teach-count" not in render.teach_html(GAME, item, rule, sentence, 1, 1)
