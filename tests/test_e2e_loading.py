"""End to end: on a slow first visit the loading progress counts megabytes and keeps moving;
after the download it names Python's start-up steps while the bar and the text pulse (still
under reduced motion)."""

import re

import pytest

from pygame_rules.messages import template, text
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
# Every change of the progress text as it happens, with the CSS animations running then.
RECORDER = """
window.loadChanges = [];
const watch = new MutationObserver(() => {
  const label = document.getElementById("load-text"), seen = window.loadChanges;
  if (!label || (seen.length && seen[seen.length - 1][1] === label.textContent)) return;
  seen.push([performance.now(), label.textContent,
             document.getAnimations().map((a) => a.animationName).filter(Boolean)]);
  if (document.body.dataset.ready) watch.disconnect();
});
watch.observe(document, {subtree: true, childList: true, characterData: true});
"""
STAGES = ("ui.loading_python", "ui.loading_files", "ui.loading_rules")
PULSE = {"load-sweep", "load-breathe"}


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


def starting(changes):
    """The progress texts (with their animations) after the runtime's last megabyte and before
    "Ready.", checking that each is a stage of the catalogue, in order, and that there are at
    least two stages (the text changes after the download and before "Ready.")."""
    last_mb = max(i for i, (_, text_, _) in enumerate(changes) if MEGABYTES.search(text_))
    ready = [i for i, (_, text_, _) in enumerate(changes) if text_ == text("ui.ready")]
    assert ready and ready[0] > last_mb + 1, changes
    after = changes[last_mb + 1:ready[0]]
    patterns = [re.compile(re.escape(template(m)).replace(r"\{seconds\}", r"\d+") + "$")
                for m in STAGES]
    order = [next(i for i, p in enumerate(patterns) if p.match(t)) for _, t, _ in after]
    assert order == sorted(order) and len(set(order)) >= 2, after
    return after, changes[ready[0]]


def test_a_slow_first_visit_shows_progress_that_never_freezes(browser, site_server):
    """On a throttled first visit the progress text counts the runtime's megabytes as they
    arrive and changes at least every 1.5 s while they do (Python's start that follows blocks the
    page's thread, so no text can change then; it shows the seconds it has taken when it can)."""
    table = Table(browser, site_server.url)
    try:
        table.context.add_init_script(SAMPLER)
        table.context.add_init_script(RECORDER)
        table.page.emulate_media(reduced_motion="no-preference")    # (the tests' default: reduce)
        throttle(table.page, MBIT)
        table.open()
        samples = table.page.evaluate("window.loadSamples")
        texts = [text for _, text in samples]
        download = downloading(samples)
        assert len({text for _, text in download}) >= 3, texts
        assert longest_still(download) <= MAX_STILL_MS, texts
        # after the download the text goes on through Python's start-up steps (at least two,
        # from the catalogue, in order) while the bar and the text pulse, until "Ready."
        after, ready = starting(table.page.evaluate("window.loadChanges"))
        assert all(PULSE <= set(running) for _, _, running in after), after
        assert not PULSE & set(ready[2]), ready
        table.check_clean(origin_of(site_server.url))
    finally:
        table.context.close()


def test_under_reduced_motion_the_start_up_steps_show_without_moving(browser, site_server):
    """With reduced motion asked for, the start-up steps are still named after the download,
    and nothing on the loading line is animated."""
    table = Table(browser, site_server.url)
    try:
        table.page.emulate_media(reduced_motion="reduce")
        table.context.add_init_script(RECORDER)
        table.open()
        changes = table.page.evaluate("window.loadChanges")
        starting(changes)
        assert not any(running for _, _, running in changes), changes
        table.check_clean(origin_of(site_server.url))
    finally:
        table.context.close()
