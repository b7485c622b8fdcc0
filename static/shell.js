// Encore's start screen before Python: the chosen game's set-up, settings, rules, the saved
// game's Continue button, honest loading progress. Loaded as a file (no inline script: the
// page's Content Security Policy allows none). It must run before the runtime fetches anything
// (it wraps fetch to count bytes), so index.html loads it at the end of <body>, not deferred.
(() => {
  "use strict";
  const LANG = window.encoreStore.language();
  const BUILT = [...document.querySelectorAll("[data-i18n]")].map((b) => b.outerHTML).join("");
  if (LANG !== "en") translateShell(LANG);     // before anything below holds an element
  document.documentElement.lang = LANG;
  const ALL = JSON.parse(document.getElementById("ui-messages").textContent);
  let MSG = ALL[LANG] || ALL.en;
  const SIZES = JSON.parse(document.getElementById("runtime-sizes").textContent);
  const say = (id, p) => (MSG[id] || id).replace(/\{(\w+)\}/g, (_, k) => (p && k in p) ? p[k] : "");
  const $ = (s) => document.querySelector(s);
  window.encoreSay = say;        // static/boot.js words a failed start with it

  // --- language (issue 19): the page is built in English with its blocks marked data-i18n in
  // every other language beside it (#shells; the English ones are the page's own, kept in
  // BUILT before any is replaced); the chosen language's blocks go in before anything is
  // shown, and a change at the table re-words them in place (their listeners stay) ----------
  function shellIn(lang) {
    const html = lang === "en" ? BUILT
      : JSON.parse(document.getElementById("shells").textContent)[lang];
    return html ? new DOMParser().parseFromString("<!DOCTYPE html><body>" + html + "</body>",
                                                  "text/html") : null;
  }
  function translateShell(lang) {
    const doc = shellIn(lang);
    if (!doc) return;
    for (const block of [...document.querySelectorAll("[data-i18n]")]) {
      const other = doc.getElementById(block.id);
      if (other) block.replaceWith(document.importNode(other, true));
    }
  }
  const WORDED = ["aria-label", "title", "placeholder", "lang"];
  function reword(here, there) {    // same template, other language: copy its words over
    for (const name of WORDED) {
      if (there.hasAttribute(name)) here.setAttribute(name, there.getAttribute(name));
      else if (name === "lang") here.removeAttribute(name);
    }
    const mine = here.childNodes, theirs = there.childNodes;
    const same = mine.length === theirs.length &&
      [...mine].every((n, i) => n.nodeName === theirs[i].nodeName);
    if (!same) {                     // filled by a script since (or a marked run): re-worded only
      if (!here.querySelector("input, select, textarea, button, [id]")) {
        here.innerHTML = there.innerHTML;
      }
      return;                        // where nothing in it can hold a listener or live content
    }
    mine.forEach((n, i) => {
      if (n.nodeType === 3) n.textContent = theirs[i].textContent;
      else if (n.nodeType === 1) reword(n, theirs[i]);
    });
  }
  function rewordShell(lang) {
    const doc = shellIn(lang);
    if (!doc) return;
    for (const block of document.querySelectorAll("[data-i18n]")) {
      const other = doc.getElementById(block.id);
      if (other) reword(block, other);
    }
    document.documentElement.lang = lang;
    MSG = ALL[lang] || ALL.en;
    window.encoreStore.relanguage();
  }
  for (const pick of document.querySelectorAll(".lang-select")) {
    pick.value = LANG;
    pick.addEventListener("change", () => {
      const lang = pick.value;
      window.encoreStore.setSetting("lang", lang);
      if (!document.getElementById("game-screen").hidden && window.encoreLanguageChanged) {
        rewordShell(lang);                            // the dialogs, in place
        for (const other of document.querySelectorAll(".lang-select")) other.value = lang;
        window.encoreLanguageChanged(lang);           // the table: Python redraws it at once
      } else {
        location.reload();                            // the start screen, built in that language
      }
    });
  }

  const form = $("#setup");
  form.addEventListener("submit", (e) => e.preventDefault());   // Enter in a field starts nothing

  function chosenGame() { return form.querySelector('input[name="game"]:checked').value; }
  function showSetup() {
    const game = chosenGame();
    let players = 0;
    for (const fs of form.querySelectorAll(".game-setup")) {
      const on = fs.dataset.game === game;
      fs.hidden = !on;
      if (on) players = +fs.querySelector('input[type="radio"]:checked').value;
    }
    for (const row of form.querySelectorAll(".seat-row")) row.hidden = +row.dataset.seat >= players;
  }
  form.addEventListener("change", showSetup);
  showSetup();
  const store = window.encoreStore;

  // Teaching mode (issue 20): the box follows the chosen game: the player's own choice for
  // that title if they made one (settings.teach[game]), else on for their first game of it
  // (no result of it in the statistics) and off after.
  const teachBox = $("#teach");
  function playedBefore(game) {
    try {
      const data = store.readJSON("stats");
      return Boolean(data && Array.isArray(data.results) &&
                     data.results.some((r) => r && r.game === game));
    } catch (e) { return false; }      // unreadable statistics: Python sets them aside
  }
  function teachChoices() {
    const chosen = store.settings().teach;
    return chosen && typeof chosen === "object" && !Array.isArray(chosen) ? chosen : {};
  }
  function showTeach() {
    const game = chosenGame(), chosen = teachChoices()[game];
    teachBox.checked = typeof chosen === "boolean" ? chosen : !playedBefore(game);
  }
  form.querySelector(".games").addEventListener("change", showTeach);
  teachBox.addEventListener("change", () =>
    store.setSetting("teach", {...teachChoices(), [chosenGame()]: teachBox.checked}));
  window.encoreShowTeach = showTeach;    // Python calls it back on the start screen
  showTeach();

  // Settings: the bots' pause, the trick pace, the sound, always claim; remembered through the
  // store.
  const settings = store.settings();
  const pause = $("#bot-pause");
  pause.value = Number.isFinite(settings.pause) ? settings.pause : 700;
  $("#bot-pause-out").textContent = pause.value;
  pause.addEventListener("input", () => {
    $("#bot-pause-out").textContent = pause.value;
    store.setSetting("pause", +pause.value);
  });
  const trickPace = $("#trick-pace");      // how long a trick won stays (web/moves.py TRICK_PACE)
  trickPace.value = Number.isFinite(settings.trick) ? settings.trick : 2000;
  $("#trick-pace-out").textContent = trickPace.value;
  trickPace.addEventListener("input", () => {
    $("#trick-pace-out").textContent = trickPace.value;
    store.setSetting("trick", +trickPace.value);
  });
  const soundOn = $("#sound-on");
  soundOn.checked = !settings.mute;
  soundOn.addEventListener("change", () => {
    store.setSetting("mute", !soundOn.checked);
    if (window.encoreSoundChanged) window.encoreSoundChanged();    // the top bar's speaker
  });
  const alwaysClaim = $("#always-claim");
  alwaysClaim.checked = settings.always_claim !== false;
  alwaysClaim.addEventListener("change", () => store.setSetting("always_claim", alwaysClaim.checked));
  // Other devices across networks (issue 23): a STUN/TURN server and a signalling broker, both
  // off (empty) by default; an address that is not one is refused with a message, not kept.
  const ICE_URL = /^(?:stun|turn|turns):[^\s"<>]{1,250}$/, BROKER_URL = /^wss?:\/\/[^\s"<>]{1,250}$/;
  const iceUrl = $("#ice-url"), iceUser = $("#ice-user"), icePassword = $("#ice-password");
  const brokerUrl = $("#broker-url"), netSaid = $("#net-settings-said");
  const ice = Array.isArray(settings.ice_servers) && settings.ice_servers[0] || {};
  iceUrl.value = typeof ice.urls === "string" ? ice.urls : "";
  iceUser.value = ice.username || "";
  icePassword.value = ice.credential || "";
  brokerUrl.value = typeof settings.broker === "string" ? settings.broker : "";
  function saveIce() {
    const url = iceUrl.value.trim();
    if (url && !ICE_URL.test(url)) { netSaid.textContent = say("ui.net.ice_refused"); return; }
    const server = {urls: url};
    if (iceUser.value) server.username = iceUser.value.slice(0, 256);
    if (icePassword.value) server.credential = icePassword.value.slice(0, 256);
    store.setSetting("ice_servers", url ? [server] : []);
    netSaid.textContent = say(url ? "ui.net.ice_saved" : "ui.net.ice_off");
  }
  for (const box of [iceUrl, iceUser, icePassword]) box.addEventListener("change", saveIce);
  brokerUrl.addEventListener("change", () => {
    const url = brokerUrl.value.trim();
    if (url && !BROKER_URL.test(url)) { netSaid.textContent = say("ui.net.broker_refused"); return; }
    store.setSetting("broker", url);
    netSaid.textContent = say(url ? "ui.net.broker_saved" : "ui.net.broker_off");
  });
  // House rules: the folded list's summary names those that differ from the default.
  function markChanged() {
    for (const box of form.querySelectorAll(".house-options")) {
      const names = [];
      for (const opt of box.querySelectorAll(".option")) {
        const c = opt.querySelector("[data-option]");
        const changed = c.type === "checkbox" ? c.checked !== c.defaultChecked
          : !c.options[c.selectedIndex].defaultSelected;
        opt.classList.toggle("changed", changed);
        if (changed) names.push(opt.querySelector(".opt-label").textContent);
      }
      box.querySelector(".house-changed").textContent = names.length
        ? say("ui.house_changed", {names: names.join("; ")}) : say("ui.house_unchanged");
    }
  }
  form.addEventListener("change", markChanged);
  markChanged();

  // Rules: one game at a time, the others one click away on their tabs.
  const rulesDialog = $("#rules-dialog");
  function showRules(game) {
    for (const tab of rulesDialog.querySelectorAll("[data-rules-tab]")) {
      const on = tab.dataset.rulesTab === game;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
    }
    for (const article of rulesDialog.querySelectorAll(".rules-game")) article.hidden = article.dataset.game !== game;
    rulesDialog.scrollTop = 0;
  }
  window.encoreOpenRules = (game, section) => {   // Python's R key and Rules button call it
    showRules(game || chosenGame());                 // too; a rule tip's link names a section
    if (!rulesDialog.open) rulesDialog.showModal();
    rulesDialog.querySelector('[role=tab][aria-selected="true"]').focus();   // arrows switch games
    rulesDialog.scrollTop = 0;
    const heading = section && rulesDialog.querySelector(".rules-game:not([hidden]) #" + CSS.escape(section));
    if (heading) {                                   // the section at the top, read from there
      heading.tabIndex = -1;
      heading.focus({preventScroll: true});
      heading.scrollIntoView({block: "start"});
    }
  };
  const tabs = () => [...rulesDialog.querySelectorAll("[data-rules-tab]")];
  rulesDialog.addEventListener("click", (e) => {
    const tab = e.target.closest("[data-rules-tab]");
    if (tab) { showRules(tab.dataset.rulesTab); tab.focus(); return; }
    const link = e.target.closest(".rules-toc a");
    if (link) { e.preventDefault(); rulesDialog.querySelector(link.getAttribute("href")).scrollIntoView(true); }
  });
  rulesDialog.querySelector(".rules-tabs").addEventListener("keydown", (e) => {
    const step = {ArrowRight: 1, ArrowLeft: -1}[e.key], all = tabs();
    if (!step) return;
    const next = all[(all.indexOf(document.activeElement) + step + all.length) % all.length];
    showRules(next.dataset.rulesTab);
    next.focus();
    e.preventDefault();
  });
  $("#start-rules").addEventListener("click", () => window.encoreOpenRules());
  $("#start-settings").addEventListener("click", () => {   // (the teaching switch is a table's)
    $("#teach-setting").hidden = true;
    $("#settings-dialog").showModal();
  });

  // Saved games in progress are offered first, newest first: one button each, named by the
  // save's summary ("Continue: {title}, round {round}"), carrying its slot. Python calls this
  // again when it comes back to the start screen; another tab's save refreshes the list.
  function showSaves() {
    const box = $("#continue-box");
    box.replaceChildren();
    store.saves().forEach((save, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = i ? "continue-more" : "primary big";
      if (!i) button.id = "continue-button";
      button.dataset.slot = save.slot;
      button.dataset.game = save.game || "";
      const line = document.createElement("span");
      line.className = "continue-line";
      line.textContent = save.line;
      button.append(line);
      if (save.detail) {             // players, moves, when: two saves of a game told apart
        const detail = document.createElement("span");
        detail.className = "continue-detail";
        detail.textContent = save.detail;
        button.append(detail);
      }
      button.disabled = !document.body.dataset.ready;
      box.append(button);
    });
    box.hidden = !box.children.length;
  }
  window.encoreShowSaves = showSaves;
  store.onChanged((name) => {
    if (name.startsWith("game.") && !$("#start-screen").hidden) showSaves();
  });
  store.forgetFinished();
  showSaves();

  // Honest progress, byte by byte: a file Python needs counts as it streams in (fetch is
  // wrapped, so the runtime's large files report every chunk) or whole once the browser lists
  // it as loaded (the modules imported rather than fetched). While the runtime arrives the text
  // gives its megabytes; then it names each step the runtime reports (static/boot.js's py:progress and
  // py:ready events): Python starting (its seconds counted whenever the page can run: the start
  // holds the page's thread for a few seconds), the games' files unpacked, the rules loaded.
  // From the runtime's last byte to Python's "ready" the bar and the text also pulse (CSS
  // animations of transform and opacity, which the compositor runs while the thread is held;
  // still under reduced motion).
  const got = {};
  const bar = $("#load-progress"), label = $("#load-text"), box = label.parentNode;
  const files = Object.keys(SIZES), runtime = files.filter((f) => f.startsWith("pyodide/"));
  const total = files.reduce((a, f) => a + SIZES[f], 0);
  const runtimeTotal = runtime.reduce((a, f) => a + SIZES[f], 0);
  const mb = (n) => (n / 1e6).toFixed(1);
  let bytes = 0, runtimeBytes = 0, shownAt = 0, startedAt = 0;
  let stage = "python";          // the runtime's step once its bytes are in: python, files, rules
  function fileOf(url) {
    const path = new URL(url, location.href).pathname;
    return files.find((f) => path.endsWith("/" + f));
  }
  function show() {
    if (document.body.dataset.ready) return;
    shownAt = performance.now();
    bar.value = Math.round(100 * bytes / total);
    if (runtimeBytes < runtimeTotal) {
      label.textContent = say("ui.loading_bytes", {done: mb(runtimeBytes), total: mb(runtimeTotal),
                                                   left: mb(runtimeTotal - runtimeBytes)});
      return;
    }
    startedAt = startedAt || performance.now();
    box.classList.add("starting");
    const seconds = Math.floor((performance.now() - startedAt) / 1000);
    label.textContent = stage === "rules" ? say("ui.loading_rules")
      : stage === "files" ? say("ui.loading_files") : say("ui.loading_python", {seconds});
  }
  addEventListener("py:progress", ({detail}) => {
    if (stage === "python" && (detail === "Loaded interpreter" || detail === "Loading files")) {
      stage = "files";
      show();
    }
  });
  addEventListener("py:ready", () => { stage = "rules"; show(); }, {once: true});
  function arrived(file, count) {      // a file's bytes so far; the text at most every 100 ms
    const now = Math.min(SIZES[file], Math.max(got[file] || 0, count)), more = now - (got[file] || 0);
    got[file] = now;
    bytes += more;
    if (runtime.includes(file)) runtimeBytes += more;
    if (now === SIZES[file] || performance.now() - shownAt >= 100) show();
  }
  const fetchFirst = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await fetchFirst(...args);
    const file = fileOf(args[0] instanceof Request ? args[0].url : String(args[0]));
    if (!file || !response.ok || !response.body) return response;
    // count a copy's bytes and hand back the response itself: a response rebuilt around a
    // counting stream has no URL, and the runtime's wasm compiled from it is never cached
    const reader = response.clone().body.getReader();
    let count = 0;
    (async () => {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        count += part.value.byteLength;
        arrived(file, count);
      }
    })().catch(() => {});
    return response;
  };
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
    const file = fileOf(entry.name);
    if (file) arrived(file, SIZES[file]);
  })).observe({type: "resource", buffered: true});
  const ticker = setInterval(() => document.body.dataset.ready ? clearInterval(ticker) : show(), 500);
  document.body.dataset.shell = "1";
  window.shellReadyAt = performance.now();
})();
