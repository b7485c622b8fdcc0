import pytest
from test_e2e_net import (netns, net_site, net_browser, broker, new_host, host_start, invitation, join,  # noqa
                          Device, play_until, play_everywhere)

def test_shots(net_browser, net_site, broker):
    host = new_host(net_browser, net_site)
    host.set_settings(lang="ja")
    host.page.reload(); host.page.wait_for_selector("body[data-ready]", state="attached")
    host_start(host, "taktvoll", 3, ["remote", "remote", "bot-heuristic"], "shot-2")
    invitation(host, 0); invitation(host, 1)
    host.page.set_viewport_size({"width": 390, "height": 844})
    host.page.wait_for_timeout(300)
    host.page.screenshot(path="/tmp/s_host_panel_ja_390.png")
    host.set_settings(lang="en")
    guests = {}
    for seat in (0, 1):
        guests[seat] = join(net_browser, net_site, host, seat)[0]
    host.page.wait_for_selector(".modal-devices", state="detached")
    devs = [host, guests[0], guests[1]]
    play_until(devs, host, 8)
    for w, h in ((1366, 768), (390, 844)):
        for name, d in (("host", host), ("g0", guests[0])):
            d.page.set_viewport_size({"width": w, "height": h})
            d.page.wait_for_timeout(300)
            d.page.screenshot(path="/tmp/s_%s_mid_%d.png" % (name, w))
    guests[1].page.set_viewport_size({"width": 390, "height": 844})
    guests[1].page.evaluate("encoreNetDrop('host')")
    guests[1].page.wait_for_selector(".modal-lost")
    guests[1].page.screenshot(path="/tmp/s_g1_lost_390.png")
    host.page.click("[data-action=menu]")
    host.page.wait_for_timeout(200)
    host.page.screenshot(path="/tmp/s_host_menu_390.png")
    host.page.click(".modal-menu [data-action=devices]")
    host.page.wait_for_timeout(300)
    host.page.screenshot(path="/tmp/s_host_away_390.png")
    # broker guest join state
    h2 = new_host(net_browser, net_site)
    h2.set_settings(broker=broker)
    host_start(h2, "take-a-chord", 3, ["human", "remote", "remote"], "shot-3")
    link = invitation(h2, 1)
    h2.page.wait_for_timeout(300)
    h2.page.screenshot(path="/tmp/s_host_broker_1366.png")
    g = Device(net_browser, net_site)
    g.page.set_viewport_size({"width": 390, "height": 844})
    g.page.goto(link)
    g.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]", state="attached")
    g.page.screenshot(path="/tmp/s_broker_table_390.png")
    h2.page.click("#game-screen [data-action=settings]") if False else None
    st = Device(net_browser, net_site)
    st.open()
    st.page.set_viewport_size({"width": 390, "height": 844})
    st.page.click("#start-settings")
    st.page.wait_for_timeout(300)
    st.page.screenshot(path="/tmp/s_settings_390.png")
    st.page.select_option('[name="kind-1"]', "remote")
    st.page.keyboard.press("Escape")
    st.page.set_viewport_size({"width": 1366, "height": 768})
    st.page.wait_for_timeout(200)
    st.page.screenshot(path="/tmp/s_start_1366.png", full_page=True)
