// Numbers the page's markup hands to its style sheet. The page's Content Security Policy allows
// no style attribute in markup (style-src 'self', no 'unsafe-inline'), so an element that needs a
// number of its own (a marker's place along TAKE's score track) carries it as data-at="23.3"
// data-shift="-0.55" and data-lane="1" (the track its depth as data-lanes="2"), and this sets
// them as the custom properties --at, --shift, --lane and --lanes through the CSSOM (which the
// policy allows) as the element is added, before it is first drawn;
// static/style.css places it with them. Only finite numbers pass, and only these names.
(() => {
  "use strict";
  const NAMES = ["at", "shift", "lane", "lanes"];
  const SELECTOR = NAMES.map((n) => `[data-${n}]`).join(",");

  function apply(el) {
    for (const name of NAMES) {
      const raw = el.getAttribute("data-" + name);
      const value = raw === null || raw.trim() === "" ? NaN : Number(raw);
      if (Number.isFinite(value)) el.style.setProperty("--" + name, String(value));
    }
  }

  function applyWithin(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.matches(SELECTOR)) apply(node);
    for (const el of node.querySelectorAll(SELECTOR)) apply(el);
  }

  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") apply(record.target);
      else for (const node of record.addedNodes) applyWithin(node);
    }
  }).observe(document.documentElement, {childList: true, subtree: true, attributes: true,
                                        attributeFilter: NAMES.map((n) => "data-" + n)});
  applyWithin(document.documentElement);
  window.encoreCssVars = applyWithin;      // for markup added before this ran (none today)
})();
