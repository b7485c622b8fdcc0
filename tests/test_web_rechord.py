"""Re-Chord's table in CPython: clicks become actions or pending choices, the SVG draws the right
picks and chord diagrams, one seat's page never holds another seat's secrets, Jim Bot's turn is
played a step at a time like a bot's moves, the strum and "always claim"."""

import pathlib
import random
import re
import sys

import pytest

import pygame_rules
from pygame_rules.games.rechord.cards import (BLUE, CHORDS, GREEN, GREY, PURPLE, RED, WHITE,
                                              WYLDE, card_label, space)
from pygame_rules.messages import CATALOGUE

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import app  # noqa: E402
import render  # noqa: E402
import shell  # noqa: E402
import tables  # noqa: E402
import tables.rechord as rc  # noqa: E402
import tables.rechord_choices as choices  # noqa: E402
from tables import fretboard, sound  # noqa: E402

GAME = "rechord"
A2, D2, E1, E2, E3, e1, G1 = (space(1, 2), space(2, 2), space(0, 1), space(0, 2), space(0, 3),
                             space(5, 1), space(3, 1))
EM1 = 24                                             # Em-1: A2 White, D2 Red


def position(players=1, **setup):
    """A game at a chosen position (solo by default): hands for every guitarist required."""
    guitarists = players + (players == 1)
    setup.setdefault("hands", [[0, 8, 12]] + [[4 * (i + 4), 4 * (i + 4) + 1, 4 * (i + 4) + 2]
                                               for i in range(guitarists - 1)])
    setup.setdefault("deck", [28, 29, 30, 31, 32, 33])
    setup.setdefault("songs", [i for i in range(players)] + ([None] if players == 1 else []))
    setup.setdefault("genres", [[GREEN], [BLUE], [GREY], [RED], [WHITE]][:guitarists])
    setup.setdefault("icons", [-1] * 6)
    return pygame_rules.new_game(GAME, players, seed=1, setup=setup,
                                 options={"start_player": "seat0"})


def names_for(state):
    """Every seat's name as the page gives them (Jim Bot's after the players')."""
    return ["Mia", "Bo", "Cy", "Di", "Ed"][:state.players] + \
        [state.automaton_name(s) for s in state.automata]


def html_for(state, seat, ui=None):
    """The whole game screen as `seat` sees it (with its log)."""
    names = names_for(state)
    seats = [{"name": n, "kind": "human"} for n in names[:state.players]]
    events = state.events_for(seat)
    ui = dict(ui or {}, names=names, log_lines=rc.log_lines(events, names))
    return render.screen_html(rc, state.view(seat), names, seats, ui)


def click(state, data, pending=None, seat=0):
    """What a click means for `seat` now."""
    return rc.on_click({k: str(v) for k, v in data.items()}, state.view(seat), pending)


# --- clicks ------------------------------------------------------------------------------------
def test_a_supply_pick_then_a_space_is_the_a1_action_and_the_pick_can_be_dropped():
    state = position(board=[[A2, WHITE, 1, 0]], supply=[RED, BLUE, GREEN])
    assert click(state, {"action": "pick", "kind": RED}) == (None, {"kind": RED})
    assert click(state, {"action": "pick", "kind": RED}, {"kind": RED}) == (None, None)
    assert click(state, {"action": "space", "space": D2}, {"kind": RED}) == \
        (("supply", RED, D2), None)
    assert click(state, {"action": "bag"}) == (("bag",), None)
    assert click(state, {"action": "chords"}) == (("chords",), None)
    assert choices.lit_spaces(state.view(0), {"kind": RED}) == set(range(30)) - {A2}
    assert choices.lit_spaces(state.view(0), None) == set()


def test_a_space_clicked_out_of_place_becomes_an_action_the_engine_refuses_with_its_reason():
    state = position(board=[[A2, WHITE, 1, 0]], supply=[RED, BLUE, GREEN])
    action, pending = click(state, {"action": "space", "space": E1})
    with pytest.raises(pygame_rules.core.IllegalAction) as err:
        state.apply(action)
    assert err.value.message.startswith("Choose your action")
    action, _ = click(state, {"action": "space", "space": A2}, {"kind": RED})
    with pytest.raises(pygame_rules.core.IllegalAction) as err:
        state.apply(action)
    assert err.value.message == "A2 is taken: only a Wylde may replace a pick."


def test_claim_prompt_then_ability_steps_and_skip():
    state = position(board=[[A2, WHITE, 1, 0], [E1, GREY, 1, 0], [e1, PURPLE, 1, 0]],
                     supply=[RED, BLUE, GREEN], hands=[[EM1, 0, 8], [4, 12, 16]])
    state.apply(("supply", RED, D2))
    view = state.view(0)
    assert view["phase"] == "claim" and view["claimable"] == [EM1]
    html = html_for(state, 0)
    assert 'data-action="claim" data-card="%d"' % EM1 in html and 'data-action="decline"' in html
    assert choices.board_marks(view, None)[A2] >= {"need"}
    assert click(state, {"action": "claim", "card": EM1}) == (("claim", EM1), None)
    assert click(state, {"action": "card", "card": EM1}) == (("claim", EM1), None)
    assert rc.auto_action(view, {"always_claim": True}) == ("claim", EM1)
    assert rc.auto_action(view, {"always_claim": False}) is None
    state.apply(("claim", EM1))
    view = state.view(0)
    assert view["ability"] == {"kind": RED, "space": D2}
    assert choices.lit_spaces(view, None) == {A2, E1, e1}
    assert click(state, {"action": "space", "space": E1}) == (("remove", E1), None)
    assert 'data-action="skip"' in html_for(state, 0)
    assert click(state, {"action": "skip"}) == (("skip",), None)
    assert 'class="chord-card mini"' in html_for(state, 0)     # the completed card, public


def test_blue_takes_a_pick_then_moves_it_or_swaps_it():
    state = position(board=[[A2, WHITE, 1, 0], [E1, GREY, 1, 0], [e1, PURPLE, 1, 0]],
                     supply=[BLUE, RED, GREEN])
    state.apply(("supply", BLUE, E3))
    view = state.view(0)
    assert choices.lit_spaces(view, None) == {A2, E1, e1}             # not the Blue itself
    assert click(state, {"action": "space", "space": e1}) == (None, {"from": e1})
    assert click(state, {"action": "space", "space": e1}, {"from": e1}) == (None, None)
    assert click(state, {"action": "space", "space": E1}, {"from": e1}) == \
        (("swap", E1, e1), None)
    assert click(state, {"action": "space", "space": E2}, {"from": e1}) == \
        (("move", e1, E2), None)
    lit = choices.lit_spaces(view, {"from": e1})
    assert E1 in lit and A2 in lit and E2 in lit and E3 not in lit and e1 not in lit
    action, _ = click(state, {"action": "space", "space": E3})    # the Blue: not a target
    with pytest.raises(pygame_rules.core.IllegalAction) as err:
        state.apply(action)
    assert "Blue" in err.value.message
    state.apply(("swap", E1, e1))
    assert state.view(0)["board"][E1] == [PURPLE, 1]


def test_green_offers_a_button_per_type_and_a_click_on_a_pick_clears_its_type():
    state = position(board=[[E1, RED, 1, 0], [A2, WHITE, 1, 0], [e1, RED, 0, 0]],
                     supply=[GREEN, BLUE, WHITE])
    state.apply(("supply", GREEN, G1))
    html = html_for(state, 0)
    assert 'data-action="clear" data-key="do-clear" data-type="1"' in html
    assert 'data-type="7"' in html                                # the face-down picks
    assert click(state, {"action": "space", "space": E1}) == (("clear", RED), None)
    assert click(state, {"action": "space", "space": e1}) == (("clear", 7), None)
    assert click(state, {"action": "clear", "type": 7}) == (("clear", 7), None)
    assert choices.lit_spaces(state.view(0), None) == {E1, e1}


def test_grey_flips_then_may_move_and_purple_reveals():
    state = position(board=[[E1, RED, 1, 0], [e1, WHITE, 0, 1]], supply=[GREY, PURPLE, BLUE])
    state.apply(("supply", GREY, E3))
    assert click(state, {"action": "space", "space": E1}) == (("flip", E1), None)
    state.apply(("flip", E1))
    assert state.view(0)["phase"] == "grey_move"
    assert click(state, {"action": "space", "space": E2}) == (("move", E1, E2), None)
    assert "Leave it there" in html_for(state, 0)


def test_a2_places_face_down_then_may_remove_a_neighbour_and_a3_returns_cards():
    state = position(board=[[E1, RED, 1, 0]], supply=[GREY, PURPLE, BLUE], draws=[WHITE])
    state.apply(("bag",))
    assert "You drew a White pick" in html_for(state, 0)
    assert click(state, {"action": "space", "space": space(1, 1)}) == \
        (("place", space(1, 1)), None)
    state.apply(("place", space(1, 1)))
    assert choices.lit_spaces(state.view(0), None) == {E1}
    assert click(state, {"action": "space", "space": E1}) == (("remove", E1), None)
    other = position(supply=[GREY, PURPLE, BLUE])
    other.apply(("chords",))
    assert other.view(0)["phase"] == "return"
    assert click(other, {"action": "card", "card": 0}) == (("return", 0), None)
    assert 'data-action="done"' not in html_for(other, 0)
    other.apply(("return", 0))
    other.apply(("return", 8))
    assert 'data-action="done"' in html_for(other, 0)


# --- the drawings ------------------------------------------------------------------------------
def test_picks_are_pick_shapes_with_colour_and_letter_and_backs_with_a_peek_mark():
    board = [None] * 30
    board[E1], board[A2], board[D2], board[e1] = [RED, 1], [WYLDE, 1], [GREY, 0], [None, 0]
    svg = fretboard.board_svg(board, [False] * 5)
    assert svg.count('class="pick ') == 4
    assert '<g class="pick pk-1"><path class="pk-body" d="M' in svg
    assert re.search(r'class="pick pk-1">.*?>R</text>', svg)
    assert re.search(r'class="pick pk-6">.*?>★</text>', svg)
    assert svg.count('class="pick pk-back"') == 2 and svg.count('class="peek pk-3"') == 1
    assert '<title>e1: face-down pick</title>' in svg
    assert '<title>D2: face-down pick (you know it: Grey)</title>' in svg
    letters = {k: fretboard.letter(k) for k in range(7)}
    assert len(set(letters.values())) == 7                    # colour is never alone
    scored = fretboard.board_svg([None] * 30, [True, False, True, False, False])
    assert scored.count('class="fb-scored"') == 2 and "1 ✓ scored" in scored
    (x_e1, y_e1), (_, y_e_high), (x_e3, _) = (fretboard.space_xy(s) for s in (E1, e1, E3))
    assert y_e_high < y_e1 and x_e1 < x_e3               # high e on top, frets to the right


def test_the_fretboard_is_one_tab_stop_its_first_lit_space_else_its_first():
    """A roving tabindex (issue 45, item 15: 30 Tab stops before the supply): one space has
    tabindex 0, the first lit one, else the first; the others -1 (the arrow keys reach them)."""
    def stops(marks):
        """The spaces a Tab stops at."""
        svg = fretboard.board_svg([None] * 30, [False] * 5, marks)
        return [int(n) for n in re.findall(r'data-space="(\d+)"[^>]*tabindex="0"', svg)]

    assert stops(None) == [0]
    assert stops({sp: {"lit" if sp in (A2, E3) else "dim"} for sp in range(30)}) == [A2]
    svg = fretboard.board_svg([None] * 30, [False] * 5)
    assert svg.count('tabindex="-1"') == 29 and "data-roving" in svg


def test_a_chord_card_is_a_diagram_with_coloured_lettered_dots_and_both_values():
    svg = fretboard.chord_svg(5)                                 # G-2: E3 R, A2 Gy, B3 Gn, e3 R
    assert ">G-2</text>" in svg and svg.count('<g class="pk-') == 4
    assert svg.count('class="pk-1"') == 2 and 'class="pk-3"' in svg and 'class="pk-5"' in svg
    assert ">4</text>" in svg and ">9</text>" in svg             # silver 4, golden 9
    assert 'aria-label="G-2: E3 Red, A2 Grey, B3 Green, e3 Red; silver 4, golden 9"' in svg
    assert svg.count('class="cd-open"') == 2                    # 320033: D and G ring open


def test_a_chord_card_is_drawn_once_per_card_class_and_language():
    """chord_svg keeps what it drew: the same as drawn afresh for each card, class and
    language, and each language's own words (never another language's card)."""
    from pygame_rules.messages import set_language
    try:
        for lang in ("en", "ja"):
            set_language(lang)
            for card in range(len(CHORDS)):
                for cls in ("", "mini", "row"):
                    assert fretboard.chord_svg(card, cls) == fretboard.card_diagram(card, cls)
        set_language("en")
        english = fretboard.chord_svg(5)
        set_language("ja")
        assert fretboard.chord_svg(5) != english
        assert fretboard.chord_svg(5) == fretboard.chord_svg(5)
    finally:
        set_language("en")


def test_satisfied_cards_are_highlighted_and_the_song_and_genre_are_shown():
    state = position(board=[[A2, WHITE, 1, 0], [D2, RED, 1, 0]], supply=[RED, BLUE, GREEN],
                     hands=[[EM1, 0, 8], [4, 12, 16]])
    html = html_for(state, 0)
    assert re.search(r'class="hand-card rc-card[^"]* claimable" data-action="card" '
                     r'data-card="%d"' % EM1, html)
    assert "Uncomfortably Dumb" in html and "Pink Freud" in html
    assert "Temper of Punk (Green)" in html.split('class="rc-genre"')[1]
    assert rc.song_title(13) == "Twelve-Bar song 5"


# --- hidden information ------------------------------------------------------------------------
def test_one_seats_page_holds_no_other_seats_hand_song_genre_or_face_down_pick():
    rng = random.Random(5)
    state = pygame_rules.new_game(GAME, 3, seed=5)
    for _ in range(120):
        if state.is_over:
            break
        me = state.current_player
        html = html_for(state, me)
        for other in range(3):
            if other == me:
                continue
            for c in state.hands[other]:
                assert card_label(c) not in html
            assert rc.song_title(state.songs[other]) not in html
        mine = set(state.genres[me])
        assert len(re.findall(r'<tr class="mine">', html)) == len(mine)
        assert html.count('class="peek ') == sum(
            1 for e in state.view(me)["board"] if e is not None and not e[1] and e[0] is not None)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_a_face_down_pick_shows_its_peek_only_to_who_placed_it():
    state = position(players=3, board=[[E1, RED, 0, 0b010]], supply=[RED, BLUE, GREEN, WHITE])
    assert 'class="peek pk-1"' in html_for(state, 1)
    assert 'class="peek ' not in html_for(state, 0) and 'class="peek ' not in html_for(state, 2)


def test_a_hot_seat_curtain_page_shows_no_hand_at_all():
    state = position(players=3, supply=[RED, BLUE, GREEN, WHITE])
    names = ["Mia", "Bo", "Cy"]
    seats = [{"name": n, "kind": "human"} for n in names]
    html = render.screen_html(rc, state.view(None), names, seats, {"curtain": 0})
    assert 'class="hand-area' not in html and 'data-action="card"' not in html
    assert all(card_label(c) not in html for h in state.hands for c in h)


# --- Jim Bot step by step ----------------------------------------------------------------------
def jim_session(seed):
    """A solo session (Mia against Jim Bot) whose human turn has just ended: Jim Bot to play."""
    session = app.Session.start(GAME, [{"name": "Mia", "kind": "human"}], seed=seed,
                                options={"difficulty": "touring"})
    rng = random.Random(seed)
    while session.state.current_player == 0:
        legal = session.state.legal_actions()
        assert session.human_move(list(legal[rng.randrange(len(legal))])) is None
    return session


@pytest.mark.parametrize("seed", range(4))
def test_jim_bots_turn_is_a_bot_seat_played_one_step_at_a_time_with_ordinary_views(seed):
    """His seat has the automaton for its bot: the page's bot timer plays each step (his one
    legal action, no worker), and each step is drawn from the person's ordinary view: his
    seat glows, nothing can be chosen, the status names him, the log tells the step."""
    session = jim_session(seed)
    assert session.names() == ["Mia", "Jim Bot"] and session.bots[1].name == "automaton"
    steps = 0
    while session.state.current_player == 1:
        assert session.waiting_for_bot() and not session.bot_thinks()
        assert not session.current_is_human()
        view = session.view()
        assert view["seat"] == 0 and view["legal"] == [] and view["phase"] == "jim"
        html = render.screen_html(rc, view, session.names(), session.seats,
                                  {"log_lines": rc.log_lines(session.events(),
                                                             session.names())})
        assert "Jim Bot is playing" in html and 'data-phase="wait"' in html
        assert 'class="rc-pick playable' not in html and 'rc-space lit' not in html
        assert 'rc-seat active" data-seat="1"' in html
        heard = len(session.events())
        assert session.bot_move() == ("jim",)
        assert len(session.events()) > heard              # every step is told in the log
        steps += 1
    assert steps >= 1
    assert session.state.current_player == 0 or session.state.is_over


def test_no_automaton_without_jim_bot():
    """With three guitarists no seat is the engine's: every seat is a person's or a bot's."""
    session = app.Session.start(GAME, [{"name": n, "kind": "human"} for n in "ABC"], seed=2)
    assert session.state.automata == () and session.bots == [None, None, None]
    assert session.names() == ["A", "B", "C"]


# --- sound, preferences, the end, the start screen ---------------------------------------------
def test_a_completed_chord_is_strummed_from_its_shape():
    events = [{"type": "claim", "seat": 0, "card": 0, "instant": 1, "spaces": []},
              {"type": "place", "seat": 0, "space": 1, "kind": 1, "up": True, "via": "supply"}]
    assert rc.sounds(events) == [("strum", CHORDS[0][2])] == [("strum", "x32010")]
    notes = sound.strum_notes("x32010")
    assert [round(f) for f, _ in notes] == [131, 165, 196, 262, 330]     # C3 E3 G3 C4 E4
    assert [t for _, t in notes] == sorted(t for _, t in notes)          # low to high
    assert len(sound.strum_notes("320033")) == 6


def test_the_session_claims_by_itself_for_a_person_when_always_claim_is_on():
    state = position(board=[[A2, WHITE, 1, 0]], supply=[RED, BLUE, GREEN],
                     hands=[[EM1, 0, 8], [4, 12, 16]])
    session = app.Session(state, [{"name": "Mia", "kind": "human", "bot": None}])
    assert session.auto_move({"always_claim": True}) is None         # nothing to claim yet
    assert session.human_move(["supply", RED, D2]) is None
    assert session.auto_move({"always_claim": False}) is None
    assert session.auto_move({"always_claim": True}) == ("claim", EM1)
    assert state.view(0)["completed"][0] == [EM1]


def test_the_final_breakdown_has_every_guitarist_and_says_who_won():
    state = pygame_rules.new_game(GAME, 1, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    view = state.view(0)
    html = rc.final_body(view, names_for(state), state.events[-1])
    assert html.count("<tr class=") == 2 + 6                    # two guitarists, the pad
    assert "Jim Bot" in html
    headline = "You beat Jim Bot" if state.winners() else "Jim Bot wins"
    assert headline in html
    trio = pygame_rules.new_game(GAME, 3, seed=4)
    while not trio.is_over:
        legal = trio.legal_actions()
        trio.apply(legal[rng.randrange(len(legal))])
    html = rc.final_body(trio.view(0), ["A<b>", "Bo", "Cy"], trio.events[-1])
    assert "A&lt;b&gt;" in html and "A<b>" not in html
    assert ("Winner: " in html) != ("Shared win: " in html)


def test_every_phase_has_a_status_line_and_all_labels_are_in_the_catalogue():
    rng = random.Random(8)
    seen = set()
    for players in (1, 2, 4):
        state = pygame_rules.new_game(GAME, players, seed=players)
        while not state.is_over:
            me = state.current_player
            view = state.view(me)
            seen.add(view["phase"] if not view["ability"] else
                     "%s:%s" % (view["phase"], view["ability"]["kind"]))
            line = rc.status_text(view, ["P%d" % i for i in range(view["guitarists"])], me,
                                  None)
            assert line and "{" not in line
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert {"turn", "return", "bag_place"} <= seen
    for kind in ("white", "red", "blue", "grey", "purple", "green", "wylde"):
        assert "rc.page.status.ability_" + kind in CATALOGUE["en"]
        assert "rc.page.skip.ability_" + kind in CATALOGUE["en"]


def test_the_start_screen_offers_re_chord_for_one_to_five_with_the_difficulty():
    assert tables.table_for(GAME) is rc
    html = shell.game_setup()
    block = html.split('data-game="rechord"')[1].split("</fieldset>")[0]
    assert [int(n) for n in re.findall(r'name="players-rechord" value="(\d)"', block)] == \
        [1, 2, 3, 4, 5]
    assert '<select name="opt-rechord-difficulty" data-option="difficulty">' in block
    rules = shell.rules()
    assert "Jim Bot" in rules and rules.count('class="house"') > 20
    assert "rc.rules.2" in CATALOGUE["en"]


@pytest.mark.parametrize("players", [1, 3])
def test_every_click_on_every_space_is_played_or_refused_with_a_reason(players):
    """Whatever step a game is at, a click on any space (with or without a half-made choice)
    becomes a pending choice, a legal action, or an action the engine refuses in words."""
    rng = random.Random(players)
    state = pygame_rules.new_game(GAME, players, seed=players + 10)
    refused = played = 0
    while not state.is_over:
        me = state.current_player
        view = state.view(me)
        pendings = [None] + [{"kind": k} for k in set(view["supply"])] + \
            [{"from": rng.randrange(30)}]
        for pending in pendings:
            lit = choices.lit_spaces(view, pending)
            for sp in range(30):
                action, chosen = rc.on_click({"action": "space", "space": str(sp)}, view, pending)
                if action is None:                       # Blue: a pick to move or swap
                    assert chosen is None or sp in lit
                    continue
                assert state.is_legal(action) == (sp in lit), (action, view["phase"], pending)
                if state.is_legal(action):
                    played += 1
                else:
                    with pytest.raises(pygame_rules.core.IllegalAction) as err:
                        state.check(action)
                    assert err.value.message and "{" not in err.value.message
                    refused += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert refused > 100 and played > 100


def test_default_bot_seats_work_whether_or_not_the_heuristic_bot_is_registered():
    """The start form's default bot ("heuristic") is seated; a game without one seats random."""
    from pygame_rules.bots import bot_names
    session = app.Session.start(GAME, [{"name": "Mia", "kind": "human"},
                                       {"name": "Bo", "kind": "bot", "bot": "heuristic"}], seed=3)
    expected = "heuristic" if "heuristic" in bot_names(GAME) else "random"
    assert session.bots[1].name == expected
    while session.waiting_for_bot():
        session.bot_move()
    assert session.current_is_human() or session.state.is_over


def test_the_score_pad_and_jim_bots_row_fold_on_a_phone_and_keep_what_they_hold():
    """Issue 43: the pad and Jim Bot's row are folds (a <details> whose summary a phone shows):
    each fold holds the whole part, a summary that says what it is (his row's count), a Close,
    and the pad's frets both as words and as numbers (the numbers hidden from readers)."""
    state = pygame_rules.new_game(GAME, 1, seed=5)
    view = state.view(0)
    board, _ = rc.table_html(view, ["Ana", "Jim Bot"], [{"kind": "human"}, {"kind": "bot"}], {})
    folds = re.findall(r'<details class="fold ([^"]*)" data-key="fold-([a-z-]+)">'
                       r'<summary>([^<]*)</summary>', board)
    assert [(cls.strip(), key) for cls, key, _ in folds] == [("rc-jim-fold", "jim-row"),
                                                            ("rc-pad-fold fold-short", "pad")]
    count = len(view["jim_row"])
    assert count > 0 and folds[0][2] == "Jim Bot&#x27;s open row: %d cards" % count
    assert board.count('data-action="fold-close"') == 2
    pad = board[board.index('data-key="fold-pad"'):]
    assert '<span class="pad-long">Fret 1</span><span class="pad-short" aria-hidden="true">1' \
           '</span>' in pad and 'class="rc-pad"' in pad
    assert board.count("chord-card") >= count                  # his row's cards, in the fold
