import pytest
from test_e2e_net import netns, net_site, net_browser, new_host, host_start, invitation, join, Device  # noqa

def test_shots(net_browser, net_site):
    host = new_host(net_browser, net_site)
    host_start(host, "take-bamboo", 3, ["human", "remote", "remote"], "shot-1")
    for w, h in ((1366, 768), (390, 844)):
        host.page.set_viewport_size({"width": w, "height": h})
        invitation(host, 2)
        host.page.wait_for_timeout(300)
        host.page.screenshot(path="/tmp/net_host_panel_%d.png" % w)
    host.page.set_viewport_size({"width": 1366, "height": 768})
    link = invitation(host, 1)
    g = Device(net_browser, net_site)
    g.open(link)
    g.page.locator(".reply-link").wait_for()
    g.page.wait_for_timeout(300)
    for w, h in ((1366, 768), (390, 844)):
        g.page.set_viewport_size({"width": w, "height": h})
        g.page.wait_for_timeout(200)
        g.page.screenshot(path="/tmp/net_guest_join_%d.png" % w)
    code = g.page.locator(".reply-link").input_value()
    host.page.fill('.device[data-seat="1"] textarea', code)
    host.page.click('[data-action=net-accept][data-seat="1"]')
    g.page.wait_for_selector("body[data-board=playable], body[data-board=waiting]", state="attached")
    host.page.wait_for_timeout(500)
    host.page.screenshot(path="/tmp/net_host_panel_one_joined.png")
    host.page.click('[data-action=net-bot][data-seat="2"]')
    host.page.wait_for_timeout(1500)
    for w, h in ((1366, 768), (390, 844)):
        g.page.set_viewport_size({"width": w, "height": h})
        host.page.set_viewport_size({"width": w, "height": h})
        g.page.wait_for_timeout(300)
        g.page.screenshot(path="/tmp/net_guest_table_%d.png" % w)
        host.page.screenshot(path="/tmp/net_host_table_%d.png" % w)
