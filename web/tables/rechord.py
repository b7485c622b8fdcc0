"""Re-Chord's table: the fretboard in SVG, the supply, the bag and the chord deck, the score pad,
your chord cards as chord diagrams, your secret song and genre, everyone's completed cards,
Jim Bot's open row, and every action as a guided choice (how clicks become actions, what is
lit and the step's buttons: rechord_choices.py). See base.py for the interface every table
module offers; this one also has:

    sounds(events)                          a strum for each chord card completed
    auto_action(view, prefs)                the "always claim" preference

`pending` is the half-made choice: {"kind": k} (a supply pick chosen, now a lit space) or
{"from": space} (Blue: the pick to move or swap chosen, now an empty space or another pick).
A click on a space that is not lit still becomes the action it would mean, so the engine's
refusal says why it cannot be (and nothing changes).

In the solo game `names` holds Jim Bot's name after the person's (seat 1): his seat plays like a
bot's, each step of his turn a move of its own shown at the bots' pause.
"""

import render
from tables import fretboard
from tables.fretboard import chord_svg, kind_name, pick_icon
from pygame_rules.games.rechord.cards import (CHORD_NAMES, CHORDS, FRETS, KINDS,
                                              SETLISTS, SONG_FAME, SONGS, SONGS_PER_SETLIST,
                                              STRINGS, WHITE, RED, BLUE, GREY, PURPLE, GREEN,
                                              WYLDE, card_label, chord_type, fret_of,
                                              fret_spaces, space, space_name)
from pygame_rules.games.rechord.log import event_lines
from pygame_rules.messages import escape, join_list, text
from render import t
from tables.base import *  # noqa: F403 (the defaults this table does not override)
from tables.base import legal
from tables.rechord_choices import (NEXT_STEP, ability_kind, board_marks,  # noqa: F401
                                    controls_html, on_click,      # (on_click, NEXT_STEP: the
                                    picks_up_supply)              # table's own)

GAME_ID = "rechord"
COLOURS = (WHITE, RED, BLUE, GREY, PURPLE, GREEN)


# --- small helpers ------------------------------------------------------------------------------


def song_title(song):
    """A song's title: the rulebook's own for song 0, else '<setlist> song <n>'."""
    if song == 0:
        return text("rc.page.song0_title")
    setlist = text("rc.name.setlist." + SETLISTS[song // SONGS_PER_SETLIST][0])
    return text("rc.page.song_title", {"setlist": setlist, "number": song % SONGS_PER_SETLIST + 1})


def song_band(song):
    """A song's band ('' when it has none)."""
    return text("rc.page.song0_band") if song == 0 else ""


def genre_name(colour):
    """A genre's name ('Essence of Jazz (Purple)')."""
    return text("rc.name.genre.%d" % colour)


# --- clicks -------------------------------------------------------------------------------------


# --- the board, the supply, the pad ------------------------------------------------------------
def supply_html(view, pending):
    """The supply's face-up picks (buttons when one is to be chosen), the bag, the deck."""
    choosing = render.is_my_turn(view) and picks_up_supply(view)
    chosen = (pending or {}).get("kind")
    kinds = {a[1] for a in legal(view) if a[0] == "supply"} if choosing else set()
    picks = []
    for i, k in enumerate(view["supply"]):
        if choosing:
            ok = k in kinds
            cls = "rc-pick" + (" playable" if ok else " dimmed") + \
                (" chosen" if k == chosen else "")
            label = text("rc.page.supply_pick_choose" if ok else "rc.page.supply_pick",
                         {"kind": kind_name(k)})
            picks.append('<button type="button" class="%s" data-action="pick" data-kind="%d" '
                         'data-key="pick-%d-%d" aria-pressed="%s">%s</button>'
                         % (cls, k, k, i, "true" if k == chosen else "false",
                            render.named(label, pick_icon(k))))
        else:
            picks.append('<span class="rc-pick" role="img" data-kind="%d" aria-label="%s">%s'
                         '</span>' % (k, t("rc.page.supply_pick", kind=kind_name(k)),
                                      pick_icon(k)))
    if not picks:
        picks.append('<span class="rc-empty">%s</span>' % t("rc.page.supply_empty"))
    return ('<section class="rc-supply" aria-label="%s"><h3>%s</h3><div class="rc-picks">%s'
            '</div></section><section class="rc-stock"><p class="rc-bag">%s %s</p>'
            '<p class="rc-deck">%s</p></section>'
            % (t("rc.page.supply"), t("rc.page.supply"), "".join(picks), pick_icon(None, False),
               t("rc.page.bag_count", count=view["bag"]), t("rc.page.deck_count", count=view["deck"])))


def pad_html(view):
    """The public score pad: 6 genres × 5 frets, scored columns filled, your genre marked."""
    mine = set(view["genres"])
    head = "".join('<th scope="col" class="%s"><span class="pad-long">%s</span>'
                   '<span class="pad-short" aria-hidden="true">%d</span></th>'
                   % ("scored" if view["scored"][f] else "", t("rc.page.pad_fret", fret=f + 1),
                      f + 1) for f in range(FRETS))
    rows = []
    for c in COLOURS:
        cells = "".join('<td class="%s">%s</td>' % ("scored" if view["scored"][f] else "",
                                                    view["pad"][c][f] if view["scored"][f]
                                                    else "·")
                        for f in range(FRETS))
        you = ' <span class="badge">%s</span>' % t("rc.page.yours") if c in mine else ""
        rows.append('<tr class="%s"><th scope="row">%s %s%s</th>%s<td class="total">%d</td>'
                    '</tr>' % ("mine" if c in mine else "", pick_icon(c), escape(genre_name(c)),
                               you, cells, sum(view["pad"][c])))
    mode = view["options"].get("lead_scoring", "whole_board")
    return ('<section class="rc-pad" aria-label="%s"><h3>%s</h3><table class="scores pad">'
            '<thead><tr><th scope="col">%s</th>%s<th scope="col">%s</th></tr></thead>'
            '<tbody>%s</tbody></table><p class="rc-note">%s</p></section>'
            % (t("rc.page.pad"), t("rc.page.pad"), t("rc.page.pad_genre"), head, t("ui.col_total"),
               "".join(rows), t("rc.page.pad_note." + mode)))


def board_html(view, pending):
    """The fretboard with its marks (it scales to the room the board has)."""
    return ('<div class="rc-board">%s</div>'
            % fretboard.board_svg(view["board"], view["scored"], board_marks(view, pending)))


# --- seats ---------------------------------------------------------------------------------------
def completed_html(cards):
    """A guitarist's completed chord cards, small and public."""
    if not cards:
        return '<p class="rc-none">%s</p>' % t("rc.page.no_completed")
    return '<div class="rc-done">%s</div>' % "".join(chord_svg(c, "mini") for c in cards)


def seat_panel(view, seat, names, seats, where):
    """A guitarist's panel: name, human/bot/automa, chord cards in hand, completed cards."""
    is_jim = seat == view["jim"]
    kind = t("rc.page.automa", level=text("rc.name.difficulty." + view["difficulty"])) if is_jim \
        else render.bot_or_human(seats[seat])
    marks = []
    if seat == view["active"] and not view["is_over"]:
        marks.append('<span class="badge turn">%s</span>' % t("rc.page.their_turn"))
    if seat == view["current_player"] and seat != view["active"]:
        marks.append('<span class="badge turn">%s</span>' % t("rc.page.to_claim"))
    if view["final"]:
        stats = t("rc.page.seat_final", chords=view["final"][seat]["chords"],
                  total=view["final"][seat]["total"])
    elif is_jim and view["difficulty"] == "legend":      # no icons: he thinks (HR-29)
        stats = t("rc.page.jim_legend")
    elif is_jim:
        stats = t("rc.page.jim_stats", count=view["icons_left"])
    else:
        stats = t("rc.page.seat_stats", count=view["hand_sizes"][seat], fame=view["scores"][seat])
    glow = seat == view["current_player"] or (seat == view["active"] and
                                              view["current_player"] is None and
                                              not view["is_over"])
    return ('<section class="seat seat-%s rc-seat%s" data-seat="%d" aria-label="%s"><div>'
            '<h3>%s <small>%s</small></h3><p class="marks">%s</p><p class="stats">%s</p>%s'
            '</div>%s</section>'
            % (where, " active" if glow else "", seat, escape(names[seat]),
               escape(names[seat]), kind, "".join(marks), render.unbroken(stats),
               completed_html(view["completed"][seat]), jim_fold(view) if is_jim else ""))


def jim_fold(view):
    """Jim Bot's row on his panel: whole on a wide screen, behind its count on a phone."""
    return render.fold("jim-row", t("rc.page.jim_row_fold", count=len(view["jim_row"])),
                       jim_row_html(view), "rc-jim-fold")


def jim_row_html(view):
    """Solo: Jim Bot's open row of chord cards (public) and the icon he turned last."""
    row = "".join(chord_svg(c, "row") for c in view["jim_row"]) or \
        '<p class="rc-none">%s</p>' % t("rc.page.no_cards")
    icon = view["icon"]
    icon_line = ""
    if icon is not None:
        what = text("rc.page.icon_bag") if icon < 0 else kind_name(icon)
        icon_line = '<p class="rc-icon">%s</p>' % t("rc.page.last_icon", icon=what)
    return ('<div class="rc-jim-row" aria-label="%s"><h4>%s</h4><div class="rc-row-cards">%s'
            '</div>%s</div>' % (t("rc.page.jim_row"), t("rc.page.jim_row"), row, icon_line))


# --- the table ----------------------------------------------------------------------------------
def table_html(view, names, seats, ui):
    """(The others' seats and the centre: board, supply, pad; your own seat). Jim Bot's row is on
    his seat's panel."""
    pending = ui.get("pending")
    where = render.seat_spots(view["guitarists"], view["seat"])
    mine, others = render.seat_panels(
        where, lambda s, spot: seat_panel(view, s, names, seats, spot))
    return ('%s<div class="centre rc-centre">%s<div class="rc-side">%s</div>'
            '<div class="rc-strip" tabindex="0" role="group" aria-label="%s">%s</div></div>'
            % (others, board_html(view, pending), supply_html(view, pending),
               t("rc.page.pad"), render.fold("pad", t("rc.page.pad"), pad_html(view),
                                            "rc-pad-fold fold-short"))), mine


# --- the hand: your cards, song and genre, and the step's controls ----------------------------
def whose(ui, mine, theirs):
    """A heading of the hand area: yours, or (a replay's open hand) the named seat's."""
    owner = ui.get("owner")
    return t(theirs, name=owner) if owner else t(mine)


def song_html(view, ui):
    """Your secret song: title, its four chords (ticked once completed) and its fame."""
    song = view["song"]
    if song is None:
        return ""
    done = {chord_type(c) for c in view["completed"][view["seat"]]}
    chords = "".join('<li class="%s">%s%s</li>'
                     % ("done" if ct in done else "", escape(CHORD_NAMES[ct]),
                        " ✓" if ct in done else "")
                     for ct in SONGS[song])
    band = song_band(song)
    title = t("rc.page.song_by", title=song_title(song), band=band) if band else \
        t("rc.page.song_plain", title=song_title(song))
    return ('<section class="rc-song" aria-label="%s"><h3>%s</h3><p class="rc-song-title">%s'
            '</p><ul class="rc-song-chords">%s</ul><p class="rc-note">%s</p></section>'
            % (whose(ui, "rc.page.your_song", "rc.page.song_of"),
               whose(ui, "rc.page.your_song", "rc.page.song_of"), render.unbroken(title), chords,
               t("rc.page.song_fame", fame=SONG_FAME)))


def genre_html(view, ui):
    """Your secret genre colour(s)."""
    if not view["genres"]:
        return ""
    items = "".join('<li>%s %s</li>' % (pick_icon(c), escape(genre_name(c)))
                    for c in view["genres"])
    hint = '<p class="rc-note">%s</p>' % t("rc.page.genre_solo") if view["jim"] is not None \
        and view["difficulty"] != "legend" else ""        # at Legend he guesses it (HR-29)
    return ('<section class="rc-genre" aria-label="%s"><h3>%s</h3><ul>%s</ul>%s</section>'
            % (whose(ui, "rc.page.your_genre", "rc.page.genre_of"),
               whose(ui, "rc.page.your_genre", "rc.page.genre_of"), items, hint))


def hand_html(view, ui):
    """Your chord cards as diagrams (satisfied ones lit), your song and genre, and the step's
    controls."""
    if view["seat"] is None:
        return ""
    mine = render.is_my_turn(view)
    phase, kind_now = view["phase"], ability_kind(view)
    claimable = set(view["claimable"])
    buttons = []
    for c in view["hand"]:
        choosing = mine and phase in ("return", "claim")
        ok = choosing and (phase == "return" or ("claim", c) in legal(view))
        cls = (" playable" if ok else (" dimmed" if choosing else "")) + \
            (" claimable" if c in claimable else "")
        if c in claimable:
            msg = "rc.page.card_claimable"
        elif mine and phase == "return":
            msg = "rc.page.card_return"
        else:
            msg = "rc.page.card"
        label = text(msg, {"card": fretboard.chord_words(c)})
        song = view["song"]
        in_song = song is not None and chord_type(c) in SONGS[song]
        buttons.append('<button type="button" class="hand-card rc-card%s" data-action="card" '
                       'data-card="%d" data-key="card-%d">%s%s</button>'
                       % (cls, c, c, render.named(label, chord_svg(c)),
                          '<span class="rc-in-song">%s</span>' % t("rc.page.in_song")
                          if in_song else ""))
    if not buttons:
        buttons.append('<p class="rc-none">%s</p>' % t("rc.page.no_cards"))
    controls = controls_html(view, ui.get("pending")) if mine else ""
    step = phase if kind_now is None else "ability_" + KINDS[kind_now]
    return ('<section class="hand-area rc-hand-area" aria-label="%s" data-phase="%s">%s'
            '<div class="rc-mine"><div class="rc-cards"><h2 class="hand-title">%s</h2>'
            '<div class="hand">%s</div></div><div class="rc-secret">%s%s</div></div></section>'
            % (render.hand_label(ui, "rc.page.your_cards"), step if mine else "wait", controls,
               whose(ui, "rc.page.your_cards", "rc.page.cards_of"), "".join(buttons),
               song_html(view, ui), genre_html(view, ui)))


# --- words --------------------------------------------------------------------------------------
def where_text(view):
    """The setlist and how far the game is, for the top bar."""
    return text("rc.page.where", {"setlist": text("rc.name.setlist." + view["setlist"]),
                                "scored": sum(view["scored"]), "frets": FRETS,
                                "count": view["bag"]})


def status_text(view, names, viewer, curtain, pending=None):
    """What must happen now, in words."""
    common = render.common_status(view, names, viewer, curtain)
    if common is not None:
        return common
    me, phase = names[view["current_player"]], view["phase"]
    kind = ability_kind(view)
    where = space_name(view["ability"]["space"]) if view["ability"] else ""
    if phase == "claim":
        cards = [card_label(a[1]) for a in legal(view) if a[0] == "claim"]
        return text("rc.page.status.claim", {"name": me, "cards": join_list(cards)})
    if picks_up_supply(view) and pending and "kind" in pending:
        return text("rc.page.status.place", {"name": me, "kind": kind_name(pending["kind"])})
    if kind == BLUE and pending and "from" in pending:
        return text("rc.page.status.blue_from", {"name": me, "space": space_name(pending["from"])})
    if phase == "bag_place":
        return text("rc.page.status.bag_place", {"name": me, "kind": kind_name(view["drawn"])})
    if kind is not None:
        return text("rc.page.status." + "ability_" + KINDS[kind],
                    {"name": me, "space": where, "fret": fret_of(view["ability"]["space"])})
    if phase in ("adjacent", "grey_move", "return", "turn"):
        return text("rc.page.status." + phase, {"name": me, "space": where})
    return text("ui.status_other", {"name": me})


def log_lines(events, names):
    """The game log in words, oldest first. The page names every seat, Jim Bot's too; the log
    takes the players' names only, and in a solo game tells seat 1 as Jim Bot (its deal line
    then says what he lays out, not "every guitarist gets three cards")."""
    players = next((e["players"] for e in events if e["type"] == "game_start"), len(names))
    return render.log_lines(events, list(names)[:players], event_lines)


def continue_line(view):
    """The start screen's offer to resume."""
    return "ui.continue_rc", {"scored": sum(view["scored"]), "frets": FRETS}


def sounds(events):
    """A strum of the chord for each chord card completed."""
    return [("strum", CHORDS[e["card"]][2]) for e in events if e["type"] == "claim"]


def marks(events):
    """Each fret just scored lights up in the score pad (its column: the genre's cell is the
    row's first)."""
    return [".rc-pad tbody td:nth-child(%d)" % (e["fret"] + 1) for e in events
            if e["type"] == "fret_scored"]


PICK_AT = '.fretboard [data-space="%d"] > .pick'      # the pick drawn on a space


def arrivals(events):
    """Each pick placed travels to its space: from the supply (a face-up pick), else from what
    the viewer drew or its owner's seat; a pick moved or swapped from its old space."""
    out = []
    for e in events:
        seat = [SEAT % e["seat"]] if e.get("seat") is not None else []
        if e["type"] == "place":
            if e.get("via") in ("supply", "white"):
                where = ['.rc-supply .chosen[data-kind="%d"]' % e["kind"],
                         '.rc-supply [data-kind="%d"]' % e["kind"], ".rc-supply"]
            else:
                where = [".rc-drawn .pick-icon"]
            out.append((PICK_AT % e["space"], where + seat))
        elif e["type"] == "move":
            out.append((PICK_AT % e["to"], [PICK_AT % e["space"]]))
        elif e["type"] == "swap":
            out += [(PICK_AT % e["to"], [PICK_AT % e["space"]]),
                    (PICK_AT % e["space"], [PICK_AT % e["to"]])]
    return out


SPACE_AT = '.fretboard [data-space="%d"]'               # a space of the board (with its pick)
TEACH_PLACES = {"pad": ".rc-pad", "bag": ".rc-bag", "deck": ".rc-deck", "song": ".rc-song"}


def teach_targets(marks):
    """The elements a lesson's marks light (the kinds: pygame_rules/games/rechord/teach.py): a
    space by its name ("A3"), the supply's picks of a kind, a chord card in your hand, a fret's
    six spaces, a seat's panel, the score pad, the bag, the deck, your song. Unknown marks
    light nothing."""
    out = []
    for kind, value in marks:
        if kind == "space" and isinstance(value, str) and len(value) == 2 and \
                value[0] in STRINGS and value[1] in "12345":
            out.append(SPACE_AT % space(STRINGS.index(value[0]), int(value[1])))
        elif type(value) is not int:
            if kind in TEACH_PLACES:
                out.append(TEACH_PLACES[kind])
        elif kind == "pick" and 0 <= value <= WYLDE:
            out.append('.rc-supply [data-kind="%d"]' % value)
        elif kind == "chord" and 0 <= value < len(CHORDS):
            out.append(HAND_CARD % value)  # noqa: F405 (tables.base)
        elif kind == "fret" and 1 <= value <= FRETS:
            out += [SPACE_AT % sp for sp in fret_spaces(value)]
        elif kind == "seat" and 0 <= value:
            out.append(SEAT % value)  # noqa: F405 (tables.base)
    return out


BUTTONS = ("bag", "chords", "done", "skip", "decline")        # a step's own button
ON_SPACE = ("place", "remove", "flip", "reveal", "wylde")     # a click on one space


def hint_targets(action, view):
    """The hint's move: a supply pick (the first of its kind) and then its space; a step's
    button (bag, chord cards, done, skip, not now); Claim for a card; a chord card to return;
    a Green's type; the space an ability or the bag's pick goes to; a Blue's two spaces (the
    pick, then where it goes or the pick it swaps with), a Grey's new space."""
    kind = action[0]
    if kind == "supply":
        i = view["supply"].index(action[1]) if action[1] in view["supply"] else None
        return ([] if i is None else ['[data-key="pick-%d-%d"]' % (action[1], i)]) + \
            [SPACE_AT % action[2]]
    if kind in BUTTONS:
        return ['[data-key="do-%s"]' % kind]
    if kind == "claim":
        return ['[data-key="claim-%d"]' % action[1]]
    if kind == "return":
        return [HAND_CARD % action[1]]  # noqa: F405 (tables.base)
    if kind == "clear":
        return ['[data-action="clear"][data-type="%d"]' % action[1]]
    if kind in ON_SPACE:
        return [SPACE_AT % action[1]]
    if kind == "move" and view["phase"] == "grey_move":
        return [SPACE_AT % action[2]]
    if kind in ("move", "swap"):
        return [SPACE_AT % action[1], SPACE_AT % action[2]]
    return []


def auto_action(view, prefs):
    """The "always claim" preference: claim a satisfied card as soon as the window opens."""
    if not prefs.get("always_claim", True) or view["phase"] != "claim":
        return None
    claims = [a for a in legal(view) if a[0] == "claim"]
    return claims[0] if claims else None


def chords_cell(row):
    """A final row's chord fame and cards (Jim Bot's row cards after, where they score)."""
    if "row" in row:
        return t("rc.page.chords_cell_row", fame=row["chords"], cards=row["cards"],
                 row=row["row"])
    return t("rc.page.chords_cell", fame=row["chords"], cards=row["cards"])


def final_body(view, names, end_event):
    """The end: each guitarist's chords, song and genre, the total, and who won."""
    final = view["final"] or []
    winners = set(view["winners"])
    head = "".join('<th scope="col">%s</th>' % t(k) for k in (
        "ui.col_player", "rc.page.col_genre", "rc.page.col_song", "rc.page.col_chords",
        "rc.page.col_song_fame", "rc.page.col_genre_fame", "ui.col_total"))
    rows = []
    for row in final:
        seat = row["seat"]
        song = row.get("song_id")
        song_cell = t("rc.page.no_song") if song is None else escape(
            join_list([song_title(song), " ".join(CHORD_NAMES[c] for c in SONGS[song])],
                      key="ui.stats_sep"))
        genres = join_list(escape(genre_name(c)) for c in row.get("genres") or ())
        star = " ★" if seat in winners else ""
        rows.append('<tr class="%s"><th scope="row">%s%s</th><td class="left">%s</td>'
                    '<td class="left">%s</td><td>%s</td><td>%d</td><td>%d</td>'
                    '<td class="total">%d</td></tr>'
                    % ("winner" if seat in winners else "", escape(names[seat]), star,
                       genres, song_cell,
                       chords_cell(row),
                       row["song"], row["genre"], row["total"]))
    headline = result_line(view, names)
    explain = event_lines(end_event, names)[-1:] if end_event else []
    body = ('<p class="winners">%s</p><p>%s</p><table class="scores rc-final"><thead><tr>%s'
            '</tr></thead><tbody>%s</tbody></table>%s'
            % (escape(headline), escape(" ".join(explain)), head, "".join(rows),
               pad_html(dict(view, genres=[]))))
    return body


def result_line(view, names):
    """Solo: you beat Jim Bot, or Jim Bot wins; else the winner(s)."""
    if view["jim"] is not None:
        return text("rc.page.solo_win" if view["winners"] else "rc.page.solo_loss",
                    {"name": names[0], "jim": names[view["jim"]]})
    winners = [names[s] for s in view["winners"]]
    msg = "rc.page.winner" if len(winners) == 1 else "rc.page.winners"
    return text(msg, {"names": join_list(winners)})
