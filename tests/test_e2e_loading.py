"""End to end: on a slow first visit the loading progress counts megabytes and keeps moving."""

import re

import pytest

from test_e2e_page import Table, origin_of

pytestmark = pytest.mark.e2e
MBIT = 40                  # the throttled link, Mbit/s: the ~14 MB runtime takes about 3 s
SAMPLE_MS = 250            # how often the page's progress text is read
MAX_STILL_MS = 1500        # the longest the text may stay the same while the runtime arrives
MEGABYTES = re.compile(r"\d+\.\d of \d+\.\d MB")
SAMPLER = """
window.loadSamples = [];
const sample = () => {
  const label = document.getElementById("load-text");
  if (label) window.loadSamples.push([performance.now(), label.textContent]);
  if (!document.body || !document.body.dataset.ready) setTimeout(sample, %d);
};
sample();
""" % SAMPLE_MS


def throttle(page, mbit):
    """Emulate a link of `mbit` Mbit/s both ways (Chrome DevTools Protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 20, "downloadThroughput": mbit * 1e6 / 8,
              "uploadThroughput": mbit * 1e6 / 8})


def longest_still(samples):
    """The longest time, in ms, that the sampled text stayed the same."""
    longest, since = 0, samples[0][0]
    for (_, before), (at, text) in zip(samples, samples[1:]):
        longest = max(longest, at - since)
        if text != before:
            since = at
    return longest


def downloading(samples):
    """The samples from the first to the last that counts megabytes (the runtime arriving)."""
    counted = [i for i, (_, text) in enumerate(samples) if MEGABYTES.search(text)]
    return samples[counted[0]:counted[-1] + 1] if counted else []


def test_a_slow_first_visit_shows_progress_that_never_freezes(browser, site_server):
    """On a throttled first visit the progress text counts the runtime's megabytes as they
    arrive and changes at least every 1.5 s while they do (Python's start that follows blocks the
    page's thread, so no text can change then; it shows the seconds it has taken when it can)."""
    table = Table(browser, site_server.url)
    try:
        table.context.add_init_script(SAMPLER)
        throttle(table.page, MBIT)
        table.open()
        samples = table.page.evaluate("window.loadSamples")
        texts = [text for _, text in samples]
        download = downloading(samples)
        assert len({text for _, text in download}) >= 3, texts
        assert longest_still(download) <= MAX_STILL_MS, texts
        table.check_clean(origin_of(site_server.url))
    finally:
        table.context.close()
