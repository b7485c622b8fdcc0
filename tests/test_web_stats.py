"""web/stats.py: results of finished games, tables per game and player count, a person's
record, the chart, and export/import that refuses anything malformed (issue 18, item 4)."""

import json
import re
import pathlib
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pygame_rules
from pygame_rules.bots import bot_action, make_bot, with_automata
from pygame_rules.messages import text
from test_hostile_inputs import EXTREME_TEXT, FAST, JSON

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import stats  # noqa: E402

SEATS = [{"name": "Mia", "kind": "human", "bot": None},
         {"name": "B1", "kind": "bot", "bot": "heuristic"},
         {"name": "B2", "kind": "bot", "bot": "random"}]


def finished(game_id, players, seed):
    """A game played to its end by heuristic bots in every seat (and the automata)."""
    state = pygame_rules.new_game(game_id, players, seed=seed)
    bots = with_automata(state, [make_bot(game_id, "heuristic", seed=i) for i in range(players)])
    while not state.is_over:
        state.apply(bot_action(state, bots[state.current_player]))
    return state


@pytest.mark.parametrize("game_id", ["take-a-chord", "take-bamboo", "taktvoll"])
def test_a_finished_game_adds_one_result_per_person_and_the_tables_count_it(game_id):
    """One person and two bots: one result, the engine's score and win; tables add up."""
    state = finished(game_id, 3, seed=4)
    results = stats.results_of(state, SEATS, practice=False, at=1)
    assert len(results) == 1 and results[0]["score"] == state.scores()[0]
    assert results[0]["won"] == (0 in state.winners()) and results[0]["bots"] == [
        "heuristic", "random"]
    data = stats.record(stats.empty(), results)
    data = stats.record(data, stats.results_of(finished(game_id, 3, seed=5), SEATS, False, 2))
    row = stats.table(data)[(game_id, 3)]
    assert row["played"] == 2 and row["mean"] == sum(r["score"] for r in data["results"]) / 2
    assert row["best"] == max(r["score"] for r in data["results"])
    assert row["bots"] == {"heuristic": 2, "random": 2} and 0 <= row["rate"] <= 1
    assert stats.record_of(data, game_id, "Mia", 3)["played"] == 2
    assert stats.record_of(data, game_id, "Mia", 4)["played"] == 0   # (another table)
    assert stats.from_text(stats.to_text(data)) == data


def test_an_unfinished_game_adds_nothing_and_practice_is_apart():
    """Only finished games count; practice games are counted in their own table."""
    state = pygame_rules.new_game("taktvoll", 3, seed=1)
    assert stats.results_of(state, SEATS, False, 1) == []
    done = finished("taktvoll", 3, seed=2)
    data = stats.record(stats.empty(), stats.results_of(done, SEATS, True, 1))
    assert stats.table(data) == {} and stats.table(data, practice=True)[("taktvoll", 3)]
    assert stats.record_of(data, "taktvoll", "Mia", 3)["played"] == 0


def test_solo_re_chord_names_jim_bot_among_the_bots():
    """Re-Chord solo: the automaton is counted as the opponent, his difficulty in words (issue
    45, item 8: "Jim Bot (touring)"); the end screen's record of a 3-player game does not count
    the solo ones (it did), nor its chart."""
    state = finished("rechord", 1, seed=3)
    result, = stats.results_of(state, SEATS[:1], False, 1)
    assert result["bots"] == ["Jim Bot (%s)" % text(
        "rc.name.difficulty." + state.options["difficulty"])]
    assert result["bots"][0] != "Jim Bot (%s)" % state.options["difficulty"]
    three = stats.results_of(finished("rechord", 3, seed=3), SEATS, False, 2)
    data = stats.record(stats.empty(), [result] + three)
    assert stats.record_of(data, "rechord", "Mia", 1)["played"] == 1
    assert stats.record_of(data, "rechord", "Mia", 3)["played"] == 1
    assert stats.chart_svg(data, "rechord", "Mia", 3, "x") == ""         # (one game: no chart)


def test_the_chart_draws_the_last_twenty_results():
    """At most 20 bars, a won one marked, with an accessible name; nothing without results."""
    rows = [{"game": "taktvoll", "players": 3, "name": "Mia", "seat": 0, "won": i % 3 == 0,
             "score": i, "bots": [], "practice": False, "at": i} for i in range(30)]
    data = stats.record(stats.empty(), rows)
    svg = stats.chart_svg(data, "taktvoll", "Mia", 3, 'Mia "x"')
    assert svg.count("<rect") == 20 and 'class="won"' in svg and "&quot;x&quot;" in svg
    assert "<figcaption>Your last 20 scores, the newest on the right; wins in gold" in svg
    assert stats.chart_svg(data, "rechord", "Mia", 3, "x") == ""
    assert stats.chart_svg(data, "taktvoll", "Mia", 4, "x") == ""


def test_the_chart_draws_scores_below_zero_downward_and_needs_two_games():
    """A score of -1 is a bar below the zero line, a 0 a sliver on it, a 5 one above it (issue
    45, item 6: -1 was a 1 px stray mark, and one game an empty rectangle)."""
    rows = [{"game": "take-bamboo", "players": 3, "name": "Mia", "seat": 0, "won": s == 5,
             "score": s, "bots": [], "practice": False, "at": i}
            for i, s in enumerate((5, -1, 0))]
    data = stats.record(stats.empty(), rows)
    svg = stats.chart_svg(data, "take-bamboo", "Mia", 3, "x")
    zero = float(re.search(r'class="zero"[^>]* y1="([\d.]+)"', svg).group(1))
    bars = [(float(y), float(h)) for y, h in
            re.findall(r'<rect class="[^"]+" x="\d+" y="([\d.]+)" width="8" height="([\d.]+)"', svg)]
    (y5, h5), (y1, h1), (y0, h0) = bars
    assert abs(y5 + h5 - zero) < 0.01 and abs(h5 - 5 * h1) < 0.5          # up from the line
    assert abs(y1 - zero) < 0.01 and h1 > 1                                # down from it
    assert abs(y0 + h0 - zero) < 0.01 and h0 == 1.5                        # a sliver
    assert stats.chart_svg(stats.record(stats.empty(), rows[:1]), "take-bamboo", "Mia", 3,
                           "x") == ""


@FAST
@given(JSON)
def test_any_json_is_refused_or_read_whole(value):
    """Imported or stored text: any JSON value is refused with StatsError or read whole."""
    try:
        stats.from_text(json.dumps(value))
    except stats.StatsError as err:
        assert err.msg_id in ("ui.stats_unreadable", "ui.stats_version") and len(str(err)) < 300


@pytest.mark.parametrize("name, raw", EXTREME_TEXT, ids=[n for n, _ in EXTREME_TEXT])
@pytest.mark.parametrize("key", list(stats.KEYS))
def test_extreme_values_in_a_result_are_refused(name, raw, key):
    """NaN, Infinity, 5,000 digits, 100,000 deep, 1 MB in any key of a result: refused."""
    row = {"game": "taktvoll", "players": 3, "name": "Mia", "seat": 0, "won": True,
           "score": 5, "bots": [], "practice": False, "at": 1}
    row[key] = "@@"
    data = stats.to_text(stats.record(stats.empty(), [row])).replace('"@@"', raw)
    with pytest.raises(stats.StatsError):
        stats.from_text(data)


@pytest.mark.parametrize("change", [
    lambda r: r.pop("won"), lambda r: r.update(extra=1), lambda r: r.update(won=1),
    lambda r: r.update(players=9), lambda r: r.update(seat=3), lambda r: r.update(score=1.5),
    lambda r: r.update(bots=[1]), lambda r: r.update(name="x" * 61), lambda r: r.update(
        bots=["a"] * 9)])
def test_a_malformed_result_is_refused(change):
    """Each way a result can be wrong is refused, whole."""
    row = {"game": "taktvoll", "players": 3, "name": "Mia", "seat": 0, "won": True,
           "score": 5, "bots": [], "practice": False, "at": 1}
    change(row)
    with pytest.raises(stats.StatsError):
        stats.from_text(stats.to_text({**stats.empty(), "results": [row]}))
    with pytest.raises(stats.StatsError) as err:
        stats.from_text(stats.to_text({**stats.empty(), "version": 2}))
    assert err.value.msg_id == "ui.stats_version"


@pytest.mark.parametrize("raw, why", [
    ("not json", "it is not valid data"),
    ("[" * 200 + "]" * 200, "it is nested too deeply"),
    ("x" * (stats.MAX_CHARS + 1), "it is too large"),
    ('{"format": "other", "version": 1, "results": []}', "it is not something this page saves"),
    ('{"format": "encore-stats", "version": 1, "results": {}}',
     "it is not something this page saves"),
    ('{"format": "encore-stats", "version": 1, "results": [ROW, {"game": 1}]}',
     "its result 2 is not one this page records")])
def test_unreadable_statistics_say_why(raw, why):
    """A refused file says why, in the catalogue's words (issue 45, item 20: it said only
    "could not be read")."""
    row = {"game": "taktvoll", "players": 3, "name": "Mia", "seat": 0, "won": True,
           "score": 5, "bots": [], "practice": False, "at": 1}
    with pytest.raises(stats.StatsError) as err:
        stats.from_text(raw.replace("ROW", json.dumps(row)))
    assert err.value.msg_id == "ui.stats_unreadable" and err.value.params == {"why": why}
    assert str(err.value) == "These statistics could not be read (%s), so nothing was " \
        "changed." % why


def test_each_figure_carries_its_columns_name_for_a_phones_cards():
    """Issue 43: on a phone a row of the statistics is a card; each figure says which column it
    is (data-label, the heading's words), in the same order as the headings."""
    import re
    from pygame_rules.messages import text
    state = finished("take-a-chord", 3, seed=4)
    record = stats.record(stats.empty(), stats.results_of(state, SEATS, practice=False, at=1))
    html = stats.table_html(record)
    heads = re.findall(r'<th scope="col">([^<]*)</th>', html)
    labels = re.findall(r'<td[^>]* data-label="([^"]*)">', html)
    assert heads == [text(c) for c in stats.COLUMNS]
    assert labels == heads[1:]
