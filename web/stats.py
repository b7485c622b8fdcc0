"""Statistics kept on this device (issue 18): every finished game adds one result per person
who played it; the page shows them per game and player count, as "your record" on the end
screen, and as a small chart of the last results. Pure functions on flat data (no DOM): the page
reads and writes the text through its store under the name `STATS_NAME`.

A result: {"game": id, "players": n, "name": the person's name, "seat": n, "won": bool,
"score": int, "bots": [the bots' levels, sorted], "practice": bool, "at": ms since 1970,
"hints": how many hints (issue 20) the person was shown}. A result without "hints" (kept
before hints existed) reads as 0; a game won with hints is counted apart ("hinted").
"""

from pygame_rules import GAMES
from pygame_rules.core import safe_json_loads
from pygame_rules.messages import CATALOGUE, escape, join_list, text

STATS_NAME = "stats"              # the store's name for the statistics (static/store.js)
STATS_FORMAT = "encore-stats"
STATS_VERSION = 1
MAX_RESULTS = 2000                # the oldest go first beyond this (about 300 KB of JSON)
MAX_CHARS = 1_000_000             # an import or a stored text longer than this is refused
MAX_DEPTH = 8                     # results nest 3 deep
CHART_RESULTS = 20
KEYS = {"game": str, "players": int, "name": str, "seat": int, "won": bool, "score": int,
        "bots": list, "practice": bool, "at": int, "hints": int}
OPTIONAL = {"hints": 0}           # keys older results lack, and the value they read as


class StatsError(Exception):
    """Statistics that cannot be read: a catalogue message id and its parameters."""

    def __init__(self, msg_id, **params):
        self.msg_id, self.params = msg_id, params
        super().__init__(text(msg_id, params))


def empty():
    """No results yet."""
    return {"format": STATS_FORMAT, "version": STATS_VERSION, "results": []}


def results_of(state, seats, practice, at, hints=None):
    """The results a finished game adds: one per person (seats of kind "human"); `hints`:
    seat -> the hints that person was shown."""
    hints = hints or {}
    if not state.is_over:
        return []
    scores, winners = state.scores(), set(state.winners())
    bots = sorted([s["bot"] for s in seats if s["kind"] == "bot" and s.get("bot")] +
                  [state.automaton_name(a, level=True) for a in state.automata])
    return [{"game": state.game.id, "players": state.players, "name": seat["name"],
             "seat": i, "won": i in winners, "score": int(scores[i]), "bots": bots,
             "practice": bool(practice), "at": int(at), "hints": int(hints.get(i, 0))}
            for i, seat in enumerate(seats) if seat["kind"] == "human"]


def record(stats, results):
    """The statistics with these results added (the oldest dropped beyond MAX_RESULTS)."""
    kept = (stats["results"] + list(results))[-MAX_RESULTS:]
    return {**stats, "results": kept}


def table(stats, practice=False):
    """Per (game, players): played, won (and of those, won with hints: "hinted"), win rate
    (0–1), mean and best score, and how often each bot level sat at the table; practice games
    only if `practice`."""
    out = {}
    for r in stats["results"]:
        if r["practice"] != practice:
            continue
        row = out.setdefault((r["game"], r["players"]), {"played": 0, "won": 0, "hinted": 0,
                                                          "total": 0, "best": None, "bots": {}})
        row["played"] += 1
        row["won"] += r["won"]
        row["hinted"] += won_with_hints(r)
        row["total"] += r["score"]
        row["best"] = r["score"] if row["best"] is None else max(row["best"], r["score"])
        for level in r["bots"]:
            row["bots"][level] = row["bots"].get(level, 0) + 1
    for row in out.values():
        row["rate"] = row["won"] / row["played"]
        row["mean"] = row.pop("total") / row["played"]
    return out


def won_with_hints(result):
    """True for a game the person won after being shown a hint."""
    return result["won"] and result.get("hints", 0) > 0


def record_of(stats, game, name, players):
    """A person's record in one game at one player count (practice apart): played, won (of
    which "hinted" with hints), best."""
    mine = results_at(stats, game, name, players)
    return {"played": len(mine), "won": sum(r["won"] for r in mine),
            "hinted": sum(won_with_hints(r) for r in mine),
            "best": max((r["score"] for r in mine), default=None)}


def results_at(stats, game, name, players):
    """A person's results in one game at one player count, practice apart, oldest first."""
    return [r for r in stats["results"] if r["game"] == game and r["name"] == name
            and r["players"] == players and not r["practice"]]


def chart_svg(stats, game, name, players, label):
    """The last results of a person in a game at a player count as small bars on a zero line
    (up for a score above zero, down below it; a win's bar in the accent, striped if won with
    hints), an SVG with `label` as its accessible name and a caption saying what it shows;
    "" with fewer than two results (one game's bar says nothing the line above it does not)."""
    mine = results_at(stats, game, name, players)[-CHART_RESULTS:]
    if len(mine) < 2:
        return ""
    high = max(max(r["score"] for r in mine), 0)
    low = max(-min(r["score"] for r in mine), 0)
    span = max(high + low, 1)
    zero = 2 + CHART_HEIGHT * high / span
    bars = "".join(chart_bar(r, 2 + 10 * i, zero, CHART_HEIGHT / span)
                   for i, r in enumerate(mine))
    width = 4 + 10 * len(mine)
    return ('<figure class="stats-figure"><svg class="stats-chart" viewBox="0 0 %d %d" '
            'role="img" aria-label="%s"><line class="zero" x1="0" x2="%d" y1="%.1f" '
            'y2="%.1f"/>%s</svg><figcaption>%s</figcaption></figure>'
            % (width, CHART_HEIGHT + 4, label.replace('"', "&quot;"), width, zero, zero, bars,
               escape(text("ui.stats_chart_caption", {"count": len(mine)}))))


CHART_HEIGHT = 38          # the chart's bars span this many units, from the lowest to the top


def chart_bar(result, x, zero, scale):
    """One game's bar: from the zero line up to its score (down for a score below zero), at
    least a sliver for a score of zero."""
    size = max(abs(result["score"]) * scale, 1.5)
    kind = "won hinted" if won_with_hints(result) else "won" if result["won"] else "lost"
    top = zero - size if result["score"] >= 0 else zero
    return '<rect class="%s" x="%d" y="%.1f" width="8" height="%.1f"/>' % (kind, x, top, size)


COLUMNS = ("ui.stats_col_game", "ui.stats_col_players", "ui.stats_col_played", "ui.stats_col_won",
           "ui.stats_col_rate", "ui.stats_col_mean", "ui.stats_col_best", "ui.stats_col_bots")


def table_html(stats):
    """The statistics dialog's tables: per game and player count, then practice games."""
    parts = [rows_html(table(stats)) or "<p>%s</p>" % escape(text("ui.stats_none"))]
    practice = rows_html(table(stats, practice=True))
    if practice:
        parts.append("<h3>%s</h3>%s" % (escape(text("ui.stats_practice")), practice))
    return "".join(parts)


def rows_html(rows):
    """One table of (game, players) rows, or "" without rows."""
    if not rows:
        return ""
    head = "".join('<th scope="col">%s</th>' % escape(text(c)) for c in COLUMNS)
    body = []
    for (game, players), row in sorted(rows.items()):
        title = GAMES[game].shown_title() if game in GAMES else game
        bots = join_list("%s ×%d" % (level_name(level), n)
                         for level, n in sorted(row["bots"].items()))
        won = text("ui.stats_won_hinted", {"won": row["won"], "hinted": row["hinted"]}) \
            if row["hinted"] else str(row["won"])
        cells = (players, row["played"], won, "%d%%" % round(100 * row["rate"]),
                 "%.1f" % row["mean"], row["best"], bots)
        body.append('<tr data-game="%s" data-players="%d"><th scope="row">%s</th>%s</tr>'
                    % (escape(game), players, escape(title), "".join(
                        '<td%s data-label="%s">%s</td>' % (' class="won"' if c == 3 else "",
                                                            escape(text(COLUMNS[c])),
                                                            escape(str(v)))
                        for c, v in enumerate(cells, 1))))
    return ('<table class="scores stats-table"><thead><tr>%s</tr></thead><tbody>%s</tbody>'
            '</table>' % (head, "".join(body)))


def level_name(level):
    """A bot level in words ("Hard"), or as stored (Jim Bot's name and level)."""
    key = "ui.level." + level
    return text(key) if key in CATALOGUE["en"] else level


def to_text(stats):
    """The statistics as the text stored and exported (a JSON file)."""
    import json
    return json.dumps(stats, ensure_ascii=False, separators=(",", ":"))


def from_text(raw):
    """Statistics read from stored or imported text, checked whole; StatsError if anything
    is wrong (then nothing is changed by the caller)."""
    try:
        body = safe_json_loads(raw, MAX_CHARS, MAX_DEPTH)
    except (TypeError, ValueError) as err:
        raise unreadable(JSON_WHY.get(str(err), "ui.why_not_json")) from None
    if not isinstance(body, dict) or body.get("format") != STATS_FORMAT:
        raise unreadable("ui.why_wrong_shape")
    if body.get("version") != STATS_VERSION:
        raise StatsError("ui.stats_version")
    results = body.get("results")
    if not isinstance(results, list):
        raise unreadable("ui.why_wrong_shape")
    if len(results) > MAX_RESULTS:
        raise unreadable("ui.why_too_big")
    bad = next((n for n, r in enumerate(results, 1) if not valid_result(r)), None)
    if bad is not None:
        raise unreadable("ui.why_bad_result", n=bad)
    return {"format": STATS_FORMAT, "version": STATS_VERSION,
            "results": [{**OPTIONAL, **r} for r in results]}


JSON_WHY = {"too big": "ui.why_too_big", "nested too deep": "ui.why_too_deep"}
# ^ safe_json_loads's reasons, as the catalogue says them (any other: not JSON)


def unreadable(why_id, **params):
    """The StatsError of statistics that cannot be read, saying why."""
    return StatsError("ui.stats_unreadable", why=text(why_id, params))


def valid_result(r):
    """True if `r` is one well-formed result (every key, of its type, within bounds; an
    older result may lack the OPTIONAL keys)."""
    if not isinstance(r, dict) or not set(KEYS) - set(OPTIONAL) <= set(r) <= set(KEYS):
        return False
    for key, kind in KEYS.items():
        if key not in r:
            continue
        value = r[key]
        if type(value) is not kind:
            return False
        if kind is int and not -10**9 < value < 10**15 or kind is str and len(value) > 60:
            return False
    return 0 < r["players"] <= 8 and 0 <= r["seat"] < r["players"] and len(r["bots"]) <= 8 \
        and 0 <= r.get("hints", 0) <= 10**6 \
        and all(isinstance(b, str) and len(b) <= 40 for b in r["bots"])
