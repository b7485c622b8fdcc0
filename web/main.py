"""Encore's page: the glue between the DOM and the table controller (`app.py`). This
module only wires the page's events to the modules that handle them, and says when Python is
ready; `web/README.md` maps the modules, the page's state and how a click becomes a redraw.
No rule is decided in any of them: the engine decides, `render.py` and the game's table module
draw its views.
Calls: drawing, keys, saving, sharing, start, teaching; with other devices: hosting.
"""

from pyscript import document, window

import saves
from pygame_rules.messages import language, set_language, text

import drawing
import keys
import saving
import sharing
import start
import teaching
from page import PAGE, net_js, page_store, proxy, q, retell_notice


def on_language(lang):
    """The language was changed at the table (the settings): every text from now on is in it,
    and the table is redrawn at once, its notice said again in it (the game is untouched)."""
    before = language()
    document.documentElement.lang = set_language(str(lang))
    rename_seats(before)
    retell_notice()
    drawing.draw()


def rename_seats(before):
    """The default names of the table's seats (or the replay's) in the new language."""
    seats = PAGE.session.seats if PAGE.session is not None else []
    for seat, name in zip(seats, saves.renamed_defaults([s["name"] for s in seats], before)):
        seat["name"] = name
    if PAGE.replay is not None:
        PAGE.replay.seat_names = saves.renamed_defaults(PAGE.replay.seat_names, before)


def net_event(raw):
    """An event of a connection to another device (static/net.js): the host's side or the
    guest's (hosting.on_net_event; imported with the first one)."""
    import hosting
    hosting.on_net_event(raw)


def main():
    """Wire the page and say that Python is ready."""
    document.documentElement.lang = set_language(str(page_store().language()))
    window.encoreLanguageChanged = proxy(on_language)
    window.encoreFreshStart = proxy(start.fresh_start)
    window.encoreSoundChanged = proxy(keys.sound_changed)
    q("#start-button").addEventListener("click", proxy(start.on_start))
    q("#continue-box").addEventListener("click", proxy(start.on_continue))
    q("#tab-dialog").addEventListener("click", proxy(start.on_tab_choice))
    q("#start-stats").addEventListener("click", proxy(saving.open_stats))
    q("#stats-export").addEventListener("click", proxy(saving.export_stats))
    q("#stats-file").addEventListener("change", proxy(saving.import_stats))
    q("#stats-reset").addEventListener("click", proxy(saving.reset_stats))
    q("#start-stats").disabled = False
    q("#teach-on").addEventListener("change", proxy(teaching.on_teach_switch))
    page_store().onTakenOver(proxy(start.taken_over))
    q("#game-screen").addEventListener("click", proxy(keys.on_table_click))
    window.addEventListener("hashchange", proxy(sharing.on_hash))
    if net_js():
        net_js().onEvent(proxy(net_event))
    document.addEventListener("keydown", proxy(keys.on_key))
    q("#start-button").disabled = False
    for button in q("#continue-box").querySelectorAll("button"):
        button.disabled = False
    q("#load-progress").value = 100
    q("#load-text").textContent = text("ui.ready")
    document.body.dataset.ready = "1"
    document.body.dataset.board = "start"
    window.pyReadyAt = window.performance.now()
    window.setTimeout(proxy(start.check_saves_now), 0)   # replaying saves can wait for the
                                                         # ready page
main()
