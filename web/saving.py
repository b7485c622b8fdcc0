"""What this device keeps: the game's autosave in this tab's slot of the store (paused and
retried while the storage is full; a guest keeps its seat instead), and the statistics of
finished games with their dialog (export, import, reset).
Calls: start; with other devices: joining.
"""

import asyncio

from pyodide.ffi import to_js
from pyscript import document, window

import render
import stats
from pygame_rules.messages import text

import start
from page import PAGE, page_store, proxy, q, stored


def read_stats():
    """The statistics kept on this device (unreadable ones are set aside, with a notice)."""
    raw = stored(stats.STATS_NAME)
    if raw is None:
        return stats.empty()
    try:
        return stats.from_text(raw)
    except stats.StatsError as err:
        page_store().setAside(stats.STATS_NAME, "ui.why_wrong_shape")
        page_store().notice("aside:" + stats.STATS_NAME, str(err))
        return stats.empty()


def record_results(session):
    """A game that has just ended adds its results to the statistics, once (the save says
    so, so a reload at the end screen does not count it again)."""
    if session.recorded or not session.state.is_over or not PAGE.saving:
        return
    results = stats.results_of(session.state, session.seats, session.practice,
                               window.Date.now(), session.hints)
    if page_store().write(stats.STATS_NAME,
                          stats.to_text(stats.record(read_stats(), results))):
        session.recorded = True


def record_html(session):
    """The end screen's "your record in this game" for each person at the table (games won
    with hints counted apart), with the chart of their last results."""
    data, game, players = read_stats(), session.state.game, session.state.players
    table = text("ui.stats_table", {"count": players})
    out = []
    for seat in session.seats:
        if seat["kind"] != "human":
            continue
        mine = stats.record_of(data, game.id, seat["name"], players)
        line = text("ui.stats_record_hints" if mine["hinted"] else "ui.stats_record",
                    {"name": seat["name"], "title": game.shown_title(), "table": table,
                     "count": mine["played"], "won": mine["won"], "hinted": mine["hinted"],
                     "best": mine["best"] if mine["best"] is not None else "–"})
        chart = stats.chart_svg(data, game.id, seat["name"], players, text(
            "ui.stats_chart", {"name": seat["name"], "title": game.shown_title(), "table": table}))
        out.append('<p class="stats-line">%s</p>%s' % (render.escape(line), chart))
    return '<div class="stats-record">%s</div>' % "".join(out) if out else ""


def show_stats(message=""):
    """Fill the statistics dialog (tables, and a line saying what just happened)."""
    q("#stats-body").innerHTML = stats.table_html(read_stats())
    q("#stats-message").textContent = message
    reset = q("#stats-reset")
    reset.dataset.confirm = ""
    reset.textContent = text("ui.stats_reset")


def open_stats(_evt=None):
    """Open the statistics dialog."""
    show_stats()
    q("#stats-dialog").showModal()


def export_stats(_evt=None):
    """Download the statistics as a JSON file."""
    blob = window.Blob.new([stats.to_text(read_stats())],
                           to_js({"type": "application/json"},
                                 dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, "encore-statistics.json"
    link.click()
    window.setTimeout(proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
    q("#stats-message").textContent = text("ui.stats_exported")


def import_stats(evt):
    """Read a chosen file; it replaces the statistics only if it is valid, whole."""
    files = evt.target.files
    if files.length:
        asyncio.ensure_future(import_file(files.item(0)))
    evt.target.value = ""


async def import_file(file):
    """Check an imported file and keep it, or say why not and change nothing."""
    try:
        if file.size > stats.MAX_CHARS * 4:
            raise stats.unreadable("ui.why_too_big")
        data = stats.from_text(str(await file.text()))
    except stats.StatsError as err:
        show_stats(str(err))
        return
    before = read_stats()
    if data == before:
        show_stats(text("ui.stats_same"))
        return
    page_store().write(stats.STATS_NAME, stats.to_text(data))
    show_stats(text("ui.stats_imported", {"count": len(data["results"]),
                                          "before": len(before["results"])}))


def reset_stats(_evt=None):
    """Delete every result, on a second click (the first asks)."""
    button = q("#stats-reset")
    if button.dataset.confirm != "1":
        button.dataset.confirm = "1"
        button.textContent = text("ui.stats_reset_confirm")
        return
    page_store().write(stats.STATS_NAME, stats.to_text(stats.empty()))
    show_stats(text("ui.stats_reset_done"))


def save():
    """Write the game to this tab's slot, if it is still this tab's (another tab may have taken
    it over: then nothing is written and the table says so). A full storage: the store says
    that saving is paused; the game goes on, and the next move tries again."""
    session = PAGE.session
    if getattr(session, "guest", False):
        import joining
        joining.keep_guest(session)
        return
    if session is None or not PAGE.saving or PAGE.slot is None:
        return
    if not page_store().owns(PAGE.slot):
        start.taken_over()
        return
    if not page_store().write("game." + PAGE.slot, session.to_save(PAGE.pending,
                                                                   window.Date.now())):
        retry_save()


def retry_save():
    """Saving is paused (no room): try again in a few seconds, one timer at a time, so the
    game is saved as soon as there is room even if nobody moves."""
    if PAGE.save_timer is None:
        PAGE.save_timer = window.setTimeout(SAVE_RETRY, SAVE_RETRY_MS)


def save_retry():
    """The retry timer fired: save now (it sets another timer if there is still no room)."""
    PAGE.save_timer = None
    save()
SAVE_RETRY = proxy(save_retry)
SAVE_RETRY_MS = 4000
