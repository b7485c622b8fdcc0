"""The page's own save wrapper keeps the same contract as the engine (issue 17): whatever text
is stored, `app.Session.from_save` resumes a game or raises SavedGameError with a short
catalogue message (never anything else), and a resumed save never shows a hot seat's hand."""

import json
import pathlib
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_hostile_inputs import DEEP, EXTREME_TEXT, FAST, JSON, MAX_MESSAGE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import app  # noqa: E402
import saves  # noqa: E402

FIELDS = ("format", "version", "engine", "seats", "shown_round", "pending", "summary",
          "teaching", "taught", "hints")
SEATS = [{"name": "Mia", "kind": "human"}, {"name": "Leo", "kind": "human"},
         {"name": "Bot", "kind": "bot", "bot": "heuristic"}]


def page_save(game_id="take-bamboo", pending=None):
    """A real page save of a hot-seat game a few moves in, with the first human revealed."""
    session = app.Session.start(game_id, SEATS, seed=8)
    session.reveal()
    return json.loads(session.to_save(pending))


def outcome(raw):
    """Resume `raw`: the session, or the refusal (checked to be short); anything else fails."""
    try:
        return app.Session.from_save(raw)
    except saves.SavedGameError as err:
        assert err.msg_id.startswith("ui.save_") and len(str(err)) <= MAX_MESSAGE, str(err)[:400]
        return err


@FAST
@given(JSON)
def test_any_json_is_resumed_or_refused_with_a_short_message(value):
    """Any JSON value at all as the stored page save."""
    outcome(json.dumps(value))


@FAST
@given(st.sampled_from(FIELDS), JSON)
def test_any_value_in_any_field_of_a_real_page_save(field, value):
    """A real save with one field replaced by any JSON value."""
    body = page_save()
    body[field] = value
    outcome(json.dumps(body))


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("name, raw", EXTREME_TEXT, ids=[n for n, _ in EXTREME_TEXT])
def test_extreme_text_in_any_field_is_refused(field, name, raw):
    """NaN, Infinity, 5,000 digits, 100,000-deep nesting, 1 MB strings in each field."""
    body = page_save()
    body[field] = "@@"
    text = json.dumps(body).replace('"@@"', raw)
    result = outcome(text)
    assert isinstance(result, saves.SavedGameError) or name == "5000 digits" and \
        field in ("pending", "shown_round", "summary", "teaching", "taught", "hints"), name


def test_deep_nesting_inside_the_engine_part_is_refused():
    """The engine's part is a string inside the page save: nested 100,000 deep there too."""
    body = page_save()
    body["engine"] = "[" * DEEP + "]" * DEEP
    assert outcome(json.dumps(body)).msg_id == "ui.save_refused"


def test_a_resumed_hot_seat_shows_the_curtain_and_keeps_the_half_made_choice():
    """Saved after a reveal with a card chosen: resumed behind the curtain, the choice kept."""
    body = page_save(pending={"left": 5, "right": None})
    session = outcome(json.dumps(body))
    assert session.curtain_for() == session.state.current_player and session.viewer() is None
    assert session.view()["hand"] == []
    assert session.saved_pending == {"left": 5, "right": None}


@pytest.mark.parametrize("pending", [[1], {"a": [1]}, {"a": 10**7}, {"a": True},
                                     {str(i): i for i in range(9)}, {"a": "x" * 41}, "x"])
def test_a_strange_pending_choice_is_dropped_not_resumed(pending):
    """A pending choice that is not small flat data is dropped (nothing pending)."""
    body = page_save()
    body["pending"] = pending
    assert outcome(json.dumps(body)).saved_pending is None
