"""Taktvoll's notation (web/tables/notation.py) and sound (web/tables/sound.py), run in CPython.

The SVG is parsed as XML and measured: where heads sit, which way stems go, flags, rests, the
clef, the open bar's fill band and the words of every aria-label. The sound's timings and
frequencies are checked as numbers; nothing here needs a browser.
"""

import json
import math
import pathlib
import random
import re
import sys
import xml.etree.ElementTree as ET

import pytest

import pygame_rules
from pygame_rules.games.taktvoll.cards import DECK, card_info, kind_of

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from tables import notation, sound  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
BOTTOM = notation.ROW_BOTTOM
CLEF = {"card": 0, "kind": "clef"}
BAR = {"card": 63, "kind": "bar"}


def note(value, pos, inverted=False, **extra):
    """A note card as the engine's view gives it."""
    return dict({"card": 8, "kind": "note", "value": value, "pos": pos, "inverted": inverted},
                **extra)


def rest(value):
    """A rest card."""
    return {"card": 87 + (8, 4, 2, 1).index(value), "kind": "rest", "value": value}


def time(sig):
    """A time-signature card."""
    return {"card": 3 + int(sig[0]), "kind": "time", "time": sig}


def row(cards, sig="4/4", fill=0, index=0):
    """A row with a clef, a time signature (None: not yet) and the given cards."""
    head = [CLEF] + ([time(sig)] if sig else [])
    cap = 4 * int(sig[0]) if sig else None
    return {"index": index, "timesig": sig, "capacity": cap, "fill": fill, "cards": head + cards}


def parse(svg):
    """The SVG text as an XML tree (fails the test if it is not well-formed)."""
    return ET.fromstring(svg)


def find(tree, tag, cls=None):
    """Every element of a tag (and a CSS class) in the tree."""
    return [e for e in tree.iter(NS + tag) if cls is None or cls in e.get("class", "").split()]


def notes_of(tree):
    """The note groups of a tree."""
    return find(tree, "g", "tak-note")


def only_note(value, pos, inverted=False):
    """The single note group of a row holding one note."""
    groups = notes_of(parse(notation.row_svg(row([note(value, pos, inverted)]))))
    assert len(groups) == 1
    return groups[0]


def head_centre(group):
    """The notehead's centre, measured from its path (the first arc's two ends)."""
    d = find(group, "path", "tak-head")[0].get("d")
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d.split("Z")[0])]
    x0, y0, x1, y1 = nums[0], nums[1], nums[7], nums[8]
    return (x0 + x1) / 2, (y0 + y1) / 2


# --- well-formed, labelled SVG ------------------------------------------------------------------
SAMPLE_ROWS = [
    row([], sig=None),
    row([], sig="2/4"),
    row([note(4, 5), note(8, 2), BAR, rest(8), note(2, 7), note(1, -1), note(1, 9)], "3/4", 5,
        index=1),
    row([note(16, 4), dict(BAR, points=1), note(8, 3, True, bonus=1), note(8, 6)], "4/4", 16),
    row([note(v, p) for v in (4, 2, 1) for p in range(-1, 10)], "4/4", 4),
]


@pytest.mark.parametrize("r", SAMPLE_ROWS)
@pytest.mark.parametrize("highlight", [None, "lit", "chosen"])
def test_rows_parse_as_labelled_svg(r, highlight):
    tree = parse(notation.row_svg(r, highlight))
    assert tree.tag == NS + "svg" and tree.get("role") == "img" and tree.get("aria-label")
    assert "tak-staff" in tree.get("class").split()
    w, h = (float(v) for v in tree.get("viewBox").split()[2:])
    assert w > 0 and h == notation.ROW_H


def test_every_card_of_the_deck_parses_both_ways_up():
    for card in range(DECK):
        for turned in ((False, True) if kind_of(card) == "note" else (False,)):
            tree = parse(notation.card_svg(card_info(card, turned)))
            assert tree.get("role") == "img" and tree.get("aria-label")
            assert tree.get("viewBox") == "0 0 60 84"
            assert {"card", "tak-print"} <= set(tree.get("class").split())


def test_rows_of_real_games_parse():
    """Every row of every position of a few random games draws (the engine's view format)."""
    for seed in range(3):
        state = pygame_rules.new_game("taktvoll", 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            for r in state.view(0)["rows"]:
                tree = parse(notation.row_svg(r))
                assert len(notes_of(tree)) == sum(c["kind"] == "note" for c in r["cards"])
        for r in state.view(None)["rows"]:
            assert len(sound.melody(r)) == sum(c["kind"] in ("note", "rest") for c in r["cards"])


# --- the staff and the notes --------------------------------------------------------------------
def test_five_staff_lines_from_e4_to_f5():
    tree = parse(notation.row_svg(row([])))
    d = find(tree, "path", "tak-line")[0].get("d")
    ys = sorted({float(y) for y in re.findall(r"M-?[\d.]+ (-?[\d.]+)", d)})
    assert ys == [BOTTOM - 10 * i for i in (4, 3, 2, 1, 0)]


@pytest.mark.parametrize("pos", range(-1, 10))
@pytest.mark.parametrize("value", [16, 8, 4, 2, 1])
def test_notes_sit_at_their_staff_position(pos, value):
    group = only_note(value, pos)
    x, y = head_centre(group)
    assert y == pytest.approx(BOTTOM - 5 * pos)          # each staff step is half a line gap
    assert float(group.get("data-y")) == pytest.approx(y)
    assert float(group.get("data-x")) == pytest.approx(x)


def test_landmark_positions():
    """E4 on the bottom line, B4 on the middle line, F5 on the top line, D4 and G5 hang."""
    assert head_centre(only_note(4, 0))[1] == BOTTOM
    assert head_centre(only_note(4, 4))[1] == BOTTOM - 20
    assert head_centre(only_note(4, 8))[1] == BOTTOM - 40
    assert head_centre(only_note(4, -1))[1] == BOTTOM + 5
    assert head_centre(only_note(4, 9))[1] == BOTTOM - 45


@pytest.mark.parametrize("pos", range(-1, 10))
@pytest.mark.parametrize("value", [8, 4, 2, 1])
def test_stems_up_on_the_right_below_b4_down_on_the_left_from_b4(pos, value):
    group = only_note(value, pos)
    x, y = head_centre(group)
    stems = find(group, "line", "tak-stem")
    assert len(stems) == 1
    s = stems[0]
    x1, y1, x2, y2 = (float(s.get(a)) for a in ("x1", "y1", "x2", "y2"))
    assert x1 == x2
    if pos < 4:
        assert x1 > x and y2 < y1 < y + 1e-9 and "tak-up" in group.get("class")
    else:
        assert x1 < x and y2 > y1 > y - 1e-9 and "tak-down" in group.get("class")
    assert abs(y2 - y1) >= 30                       # at least three line gaps long


def test_whole_notes_have_no_stem():
    assert find(only_note(16, 3), "line", "tak-stem") == []


@pytest.mark.parametrize("value,hollow", [(16, True), (8, True), (4, False), (2, False),
                                          (1, False)])
def test_hollow_and_filled_heads(value, hollow):
    h = find(only_note(value, 2), "path", "tak-head")[0]
    classes = h.get("class").split()
    assert ("tak-hollow" in classes) is hollow and ("tak-filled" in classes) is not hollow
    assert (h.get("fill-rule") == "evenodd") is hollow
    assert h.get("d").count("M") == (2 if hollow else 1)   # a hole cut out of the hollow heads


@pytest.mark.parametrize("pos", [0, 3, 4, 8])
@pytest.mark.parametrize("value,flags", [(16, 0), (8, 0), (4, 0), (2, 1), (1, 2)])
def test_flag_counts_and_flags_sit_on_the_stem(pos, value, flags):
    group = only_note(value, pos)
    found = find(group, "path", "tak-flag")
    assert len(found) == flags
    if flags:
        stem = find(group, "line", "tak-stem")[0]
        sx, tip = float(stem.get("x2")), float(stem.get("y2"))
        for f in found:
            fx, fy = (float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", f.get("d"))[:2])
            assert abs(fx - sx) < 1 and abs(fy - tip) <= 9      # starts at the stem's end
            rest_x = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", f.get("d"))[::2]]
            assert max(rest_x) > sx + 5                          # and points right


def test_rest_glyphs():
    tree = parse(notation.row_svg(row([rest(8), rest(4), rest(2), rest(1)], "4/4", 15)))
    rests = find(tree, "g", "tak-rest")
    assert [g.get("class").split()[1] for g in rests] == ["tak-v8", "tak-v4", "tak-v2", "tak-v1"]
    half, quarter, eighth, sixteenth = rests
    block = find(half, "rect", "tak-rest-block")[0]
    middle = BOTTOM - 20
    assert float(block.get("y")) + float(block.get("height")) == middle   # sits on the middle line
    assert len(find(quarter, "path", "tak-rest-glyph")) == 1
    assert len(find(eighth, "path", "tak-rest-hook")) == 1
    assert len(find(sixteenth, "path", "tak-rest-hook")) == 2
    assert not notes_of(tree)


def test_clef_is_a_path_and_no_music_font_is_needed():
    for svg in (notation.row_svg(row([note(4, 2)])), notation.card_svg(CLEF)):
        tree = parse(svg)
        clef = find(tree, "path", "tak-clef")
        assert len(clef) == 1 and len(clef[0].get("d")) > 200
        assert "𝄞" not in svg and "\U0001d15f" not in svg
    # the curl sits on the G line (the clef's origin), between the staff's lines
    t = find(parse(notation.row_svg(row([]))), "path", "tak-clef")[0].get("transform")
    assert float(re.findall(r"-?[\d.]+", t)[1]) == BOTTOM - 10


def test_time_signature_is_stacked_numerals():
    tree = parse(notation.row_svg(row([], "3/4")))
    nums = find(tree, "text", "tak-timesig")
    assert [n.text for n in nums] == ["3", "4"]
    assert float(nums[0].get("y")) < float(nums[1].get("y"))
    assert float(nums[0].get("x")) == float(nums[1].get("x"))


def test_bar_lines_span_the_staff():
    tree = parse(notation.row_svg(row([note(4, 2), note(4, 3), note(4, 4), BAR], "3/4")))
    lines = find(tree, "line", "tak-barline")
    assert len(lines) == 1
    b = lines[0]
    assert b.get("x1") == b.get("x2")
    assert {float(b.get("y1")), float(b.get("y2"))} == {BOTTOM - 40.0, float(BOTTOM)}


def test_cards_advance_left_to_right_and_longer_values_take_more_room():
    cards = [note(16, 2), BAR, note(8, 2), note(8, 3), BAR] + [note(4, 2)] * 4 + [BAR] + \
        [note(2, 2)] * 8 + [BAR] + [note(1, 2)] * 4
    tree = parse(notation.row_svg(row(cards, "4/4", 4)))
    xs = [float(g.get("data-x")) for g in notes_of(tree)]
    assert xs == sorted(xs)
    gap = {v: notation.ADVANCE[v] for v in notation.VALUES}
    assert gap[16] > gap[8] > gap[4] > gap[2] > gap[1] >= 22      # room for a flag


# --- the open bar -------------------------------------------------------------------------------
@pytest.mark.parametrize("fill,cards", [(0, []), (1, [note(1, 2)]), (5, [note(4, 3), note(1, 4)]),
                                        (8, [note(8, 3)]), (12, [note(8, 3), rest(4)])])
def test_fill_band_width_follows_fill_over_capacity(fill, cards):
    tree = parse(notation.row_svg(row([note(4, 1), note(8, 2), BAR] + cards, "3/4", fill)))
    meter = find(tree, "rect", "tak-meter")[0]
    band = find(tree, "rect", "tak-fill")[0]
    assert float(band.get("width")) == pytest.approx(float(meter.get("width")) * fill / 12,
                                                     abs=0.01)
    assert band.get("x") == meter.get("x")
    label = find(tree, "text", "tak-fill-label")[0]
    assert label.text == "%s of 3 beats" % {0: "0", 1: "¼", 5: "1¼", 8: "2", 12: "3"}[fill]
    assert ("tak-full" in band.get("class")) is (fill == 12)
    ticks = [float(t.get("x1")) - float(meter.get("x")) for t in find(tree, "line", "tak-beat")]
    assert ticks == pytest.approx([float(meter.get("width")) / 3 * b for b in (1, 2)], abs=0.01)


@pytest.mark.parametrize("fill,sig,words", [(7, "2/4", "open bar: 1¾ of 2 beats"),
                                            (2, "1/4", "open bar: ½ of 1 beat"),
                                            (16, "4/4", "bar full (4 beats)")])
def test_the_fill_is_read_in_beats_of_the_time_signature(fill, sig, words):
    """'7/8' in a 2/4 bar read as a time signature: the fill is counted in beats instead."""
    assert words in notation.row_words(row([note(4, 1)], sig, fill))


def test_the_open_bar_starts_after_the_last_bar_line():
    tree = parse(notation.row_svg(row([note(4, 1), note(8, 2), BAR, note(4, 5)], "3/4", 4)))
    bar_x = float(find(tree, "line", "tak-barline")[0].get("x1"))
    band = find(tree, "rect", "tak-open")[0]
    x0 = float(band.get("x"))
    assert x0 > bar_x
    xs = [float(g.get("data-x")) for g in notes_of(tree)]
    assert xs[-1] > x0 > xs[-2]


def test_no_band_without_a_time_signature():
    tree = parse(notation.row_svg(row([], sig=None)))
    assert find(tree, "rect", "tak-fill") == []


# --- words ----------------------------------------------------------------------------------------
def test_row_aria_label_names_the_notes():
    r = row([note(4, 5), note(8, 2), BAR, rest(4), note(2, 6, True)], "3/4", 6, index=1)
    label = parse(notation.row_svg(r)).get("aria-label")
    assert label == ("Row 2, 3/4: quarter C5, half G4, bar line, quarter rest, "
                     "eighth D5 (upside down); open bar: 1½ of 3 beats")


def test_row_labels_for_empty_full_scored_and_highlighted_rows():
    assert parse(notation.row_svg(row([], sig=None, index=2))).get("aria-label") == \
        "Row 3: treble clef, no time signature yet"
    assert parse(notation.row_svg(row([], "2/4"))).get("aria-label") == \
        "Row 1, 2/4: no notes yet; open bar: 0 of 2 beats"
    full = row([note(4, 0), dict(BAR, points=1), note(4, 7, bonus=1)], "1/4", 4)
    tree = parse(notation.row_svg(full, "lit"))
    assert tree.get("aria-label") == ("Row 1, 1/4: quarter E4, bar line (+1), quarter E5 "
                                      "(+1 interval bonus); bar full (1 beat), waiting for a bar "
                                      "line (your card can go here)")
    assert "tak-hl-lit" in tree.get("class").split()
    assert [t.text for t in find(tree, "text", "tak-points")] == ["+1"]
    assert [t.text for t in find(tree, "text", "tak-bonus")] == ["+1"]


@pytest.mark.parametrize("card,words", [
    (note(4, 5), "quarter note C5"), (note(16, -1), "whole note D4"),
    (note(8, 5, True), "half note C5, upside down"), (rest(2), "eighth rest"),
    (CLEF, "treble clef"), (time("3/4"), "time signature 3/4"), (BAR, "bar line"),
])
def test_card_aria_labels(card, words):
    assert parse(notation.card_svg(card)).get("aria-label") == words


def test_inverted_card_is_drawn_turned():
    """An A4 half note turned over sounds C5: its head at C5 and its stem down on the left."""
    tree = parse(notation.card_svg(note(8, 5, True)))
    assert "tak-inverted" in tree.get("class").split()
    group = notes_of(tree)[0]
    assert group.get("data-pos") == "5" and "tak-down" in group.get("class")
    plain = notes_of(parse(notation.card_svg(note(8, 3))))[0]
    assert plain.get("data-pos") == "3" and "tak-up" in plain.get("class")


def test_markup_is_escaped_and_class_based():
    svg = notation.row_svg(row([note(4, 2)]), highlight='x"><script>')
    parse(svg)
    assert "<script>" not in svg
    for s in (svg, notation.card_svg(note(4, 2))):
        assert "fill=\"#" not in s and "stroke=\"#" not in s and "style=" not in s


def test_everything_stays_inside_the_row():
    cards = [note(1, -1), note(1, 3), note(1, 4), note(1, 9)]
    tree = parse(notation.row_svg(row(cards, "1/4", 4)))
    for s in find(tree, "line", "tak-stem"):
        for a in ("y1", "y2"):
            assert 0 < float(s.get(a)) < notation.ROW_H
    for g in notes_of(tree):
        assert 0 < float(g.get("data-y")) < notation.ROW_H


# --- sound --------------------------------------------------------------------------------
def test_frequencies_of_the_white_keys():
    assert sound.frequency(3) == pytest.approx(440.0)                 # A4
    assert sound.frequency(5) == pytest.approx(523.2511, abs=1e-3)    # C5
    assert sound.frequency(-1) == pytest.approx(293.6648, abs=1e-3)   # D4
    assert sound.frequency(0) == pytest.approx(329.6276, abs=1e-3)    # E4
    assert sound.frequency(9) == pytest.approx(783.9909, abs=1e-3)    # G5
    assert sound.frequency(7) == pytest.approx(2 * sound.frequency(0))  # E5 an octave above E4
    assert [sound.SEMITONES[p] for p in range(-1, 10)] == \
        [62, 64, 65, 67, 69, 71, 72, 74, 76, 77, 79]
    freqs = [sound.frequency(p) for p in range(-1, 10)]
    assert freqs == sorted(freqs)


def test_melody_of_a_three_four_row_with_rests_and_bar_lines():
    r = row([note(4, 5), rest(2), note(2, 0), note(4, 2), BAR, rest(8), note(4, 3), BAR,
             note(1, 9)], "3/4", 1)
    beat = 60 / 96
    expected = [(sound.frequency(5), 0, beat), (None, beat, beat / 2),
                (sound.frequency(0), 1.5 * beat, beat / 2), (sound.frequency(2), 2 * beat, beat),
                (None, 3 * beat, 2 * beat), (440.0, 5 * beat, beat),
                (sound.frequency(9), 6 * beat, beat / 4)]
    got = sound.melody(r)
    assert len(got) == len(expected)
    for (f, s, d), (ef, es, ed) in zip(got, expected):
        assert (f is None) == (ef is None)
        if f is not None:
            assert f == pytest.approx(ef)
        assert s == pytest.approx(es) and d == pytest.approx(ed)


def test_melody_tempo_and_empty_rows():
    assert sound.melody(row([], sig=None)) == []
    (_, start, dur), = sound.melody(row([note(16, 2)]), bpm=60)
    assert start == 0 and dur == pytest.approx(4.0)


def test_envelope_is_soft_and_closes():
    pts = sound.envelope(1.0, 0.625)
    times = [t for t, _ in pts]
    assert times == sorted(times) and times[0] == 1.0 and times[-1] <= 1.0 + 0.625
    assert pts[0][1] == 0 and pts[-1][1] == 0 and 0 < max(g for _, g in pts) <= 0.2
    short = sound.envelope(0.0, 0.01)
    assert [t for t, _ in short] == sorted(t for t, _ in short)


def test_mute_setting_keeps_the_other_settings():
    raw = json.dumps({"pause": 900})
    on = sound.with_muted(raw, True)
    assert json.loads(on) == {"pause": 900, "mute": True}
    assert sound.muted_in(on) is True
    assert sound.muted_in(sound.with_muted(on, False)) is False
    assert json.loads(sound.with_muted(on, False))["pause"] == 900
    assert sound.muted_in(None) is False and sound.muted_in("not json") is False
    assert sound.muted_in("[1]") is False
    assert json.loads(sound.with_muted("garbage", True)) == {"mute": True}


def test_mute_switch_outside_the_browser():
    sound.STATE["memory"] = json.dumps({"pause": 300})
    try:
        sound.set_muted(True)
        assert sound.is_muted()
        assert json.loads(sound.STATE["memory"])["pause"] == 300
        sound.set_muted(False)
        assert not sound.is_muted()
    finally:
        sound.STATE["memory"] = None


def test_sound_module_imports_no_browser_at_import_time():
    source = (ROOT / "web" / "tables" / "sound.py").read_text()
    top = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert top == ["import json"]
    notation_src = (ROOT / "web" / "tables" / "notation.py").read_text()
    imports = {line.split()[1] for line in notation_src.splitlines()
               if line.startswith(("import ", "from "))}
    assert imports <= {"math", "pygame_rules.messages"}
    assert math.isclose(notation.STEP, notation.GAP / 2)


class FakeParam:
    """An AudioParam that records its automation."""

    def __init__(self):
        self.calls = []

    def setValueAtTime(self, v, t):  # noqa: N802 - the WebAudio name
        self.calls.append(("set", v, t))

    def linearRampToValueAtTime(self, v, t):  # noqa: N802
        self.calls.append(("ramp", v, t))


class FakeNode:
    """An oscillator or gain node that records what it is asked."""

    def __init__(self):
        self.frequency, self.gain, self.type, self.started, self.stopped = \
            FakeParam(), FakeParam(), None, None, []

    def connect(self, other):
        self.target = other

    def start(self, t):
        self.started = t

    def stop(self, t):
        self.stopped.append(t)


class FakeContext:
    """Just enough of an AudioContext, made with .new() as Pyodide makes JS objects."""

    made = []

    def __init__(self):
        self.currentTime, self.state, self.destination, self.oscillators = 10.0, "suspended", \
            object(), []
        FakeContext.made.append(self)

    @classmethod
    def new(cls):
        return cls()

    def resume(self):
        self.state = "running"

    def createOscillator(self):  # noqa: N802
        self.oscillators.append(FakeNode())
        return self.oscillators[-1]

    def createGain(self):  # noqa: N802
        return FakeNode()


class FakeStorage(dict):
    """The page's store (static/store.js: window.encoreStore)."""

    def read(self, name):
        return self.get(name)

    def write(self, name, value):
        self[name] = value
        return True


def test_webaudio_scheduling_with_a_fake_browser(monkeypatch):
    window = type("W", (), {})()
    window.AudioContext = FakeContext
    window.encoreStore = FakeStorage({"settings": json.dumps({"pause": 500})})
    monkeypatch.setitem(sys.modules, "pyscript", type(sys)("pyscript"))
    sys.modules["pyscript"].window = window
    monkeypatch.setattr(sound, "STATE", {"ctx": None, "voices": [], "memory": None})
    FakeContext.made.clear()
    sound.play_note(3, 4)
    ctx, = FakeContext.made                            # made lazily on the first sound
    assert ctx.state == "running"
    osc, = ctx.oscillators
    assert osc.frequency.calls == [("set", 440.0, 10.0 + sound.LEAD)]
    assert osc.started == pytest.approx(10.0 + sound.LEAD) and osc.type == sound.WAVE
    r = row([note(4, 5), rest(4), note(8, 0), BAR], "4/4", 0)
    sound.play_row(r)
    assert osc.stopped[-1] == 0                        # the row silences what was playing
    assert len(FakeContext.made) == 1 and len(ctx.oscillators) == 3
    starts = [o.started - 10.0 - sound.LEAD for o in ctx.oscillators[1:]]
    assert starts == pytest.approx([0.0, 2 * 60 / 96])   # the rest is a silent beat
    sound.set_muted(True)
    assert json.loads(window.encoreStore["settings"]) == {"pause": 500, "mute": True}
    sound.play_note(5, 4)
    sound.play_row(r)
    assert len(ctx.oscillators) == 3                   # muted: nothing more is scheduled
    sound.set_muted(False)
    sound.play_note(5, 4)
    assert len(ctx.oscillators) == 4


def test_take_a_chord_and_take_sound_every_card_played_and_their_big_moments():
    """Over whole games: Take The "A" Chord strums the open shape of each played card's chord
    (the right letter: C is x32010) and chimes at each Key Change and Improvisation; TAKE knocks
    for each card, deeper for a trump, and double-knocks for a gift. Every cue exists."""
    import tables
    tac, take = tables.table_for("take-a-chord"), tables.table_for("take-bamboo")
    for game_id, table in (("take-a-chord", tac), ("take-bamboo", take)):
        state = pygame_rules.new_game(game_id, 4, seed=3)
        rng = random.Random(3)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        events = state.events_for(0)
        heard = table.sounds(events)
        plays = [e for e in events if e["type"] == "card_played"]
        if table is tac:
            big = [e for e in events if e["type"] in ("key_change", "improvisation")]
            assert [h for h in heard if h[0] == "strum"] == \
                [("strum", sound.chord_shape(e["chord"])) for e in plays]
            assert heard.count(("cue", "bright")) == len(big) > 0
        else:
            assert [h for h in heard if h[1] in ("knock", "trump")] == \
                [("cue", "trump" if e["trump"] else "knock") for e in plays]
            assert ("cue", "trump") in heard and ("cue", "knock") in heard
            assert heard.count(("cue", "gift")) == \
                len([e for e in events if e["type"] == "gift_offered"])
        for item in heard:
            assert item[0] != "cue" or sound.cue_notes(item[1])
    assert sound.chord_shape("C") == "x32010" and sound.strum_notes(sound.chord_shape("E"))[0][0] \
        == pytest.approx(82.41, abs=0.01)                # E major's low E string, E2


def test_a_cue_is_scheduled_as_short_knocks_and_muted_like_every_sound(monkeypatch):
    """play(("cue", name)) schedules one oscillator per note of the cue at its offsets, each
    silent again by its length; muted, nothing."""
    window = type("W", (), {})()
    window.AudioContext = FakeContext
    window.encoreStore = FakeStorage({})
    monkeypatch.setitem(sys.modules, "pyscript", type(sys)("pyscript"))
    sys.modules["pyscript"].window = window
    monkeypatch.setattr(sound, "STATE", {"ctx": None, "voices": [], "memory": None})
    FakeContext.made.clear()
    sound.play(("cue", "gift"))
    ctx, = FakeContext.made
    notes = sound.cue_notes("gift")
    assert len(ctx.oscillators) == len(notes) == 2
    for osc, (freq, offset, length, peak) in zip(ctx.oscillators, notes):
        start = 10.0 + sound.LEAD + offset
        assert osc.frequency.calls == [("set", freq, start)] and osc.started == start
        assert osc.stopped == [pytest.approx(start + length + 0.02)]
    sound.set_muted(True)
    sound.play(("cue", "knock"))
    assert len(ctx.oscillators) == 2


def test_a_symbol_drawn_once_is_the_same_as_drawn_afresh_at_every_place():
    """symbol() keeps each shape at each place it drew (DRAWN_SYMBOLS): for every card of the
    deck, plain, inverted and as a preview, at two places on a row and on a hand card, what it
    hands out is what draw_symbol() draws afresh, and two cards that differ draw differently."""
    notation.DRAWN_SYMBOLS.clear()
    cards = [card_info(c) for c in range(DECK)] + [CLEF, BAR]
    drawn = set()
    for c in cards:
        for extra in ({}, {"inverted": True}, {"preview": True}):
            shown = dict(c, **extra)
            for x, bottom in ((60.0, BOTTOM), (312.5, BOTTOM), (37.5, 70.0)):
                first = notation.symbol(shown, x, bottom)
                classes = (" tak-inverted" if extra.get("inverted") else "") + \
                    (" tak-preview" if extra.get("preview") else "")
                assert first == notation.draw_symbol(shown, x, bottom, classes)
                assert notation.symbol(shown, x, bottom) is first        # (kept, not redrawn)
                drawn.add(first)
    assert len(drawn) > 3 * len({(c["kind"], c.get("time"), c.get("pos"), c.get("value"))
                                 for c in cards})


def test_the_symbols_kept_stay_under_their_limit(monkeypatch):
    """Past DRAWN_LIMIT symbols the kept ones are let go (a page open for days stays small),
    and the next symbol is still drawn right."""
    monkeypatch.setattr(notation, "DRAWN_LIMIT", 5)
    notation.DRAWN_SYMBOLS.clear()
    for i in range(12):
        assert notation.symbol(BAR, 10.0 + i, BOTTOM) == notation.barline_glyph(10.0 + i, BOTTOM)
        assert len(notation.DRAWN_SYMBOLS) <= 5
