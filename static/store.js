// Encore's storage: the one way the page reads and writes localStorage, for the start screen's
// script and for Python alike (Python calls window.encoreStore). What it guarantees:
// - keys are namespaced by the site's path ("encore@/encore/:game.k3x9"), so two project sites
//   on one GitHub Pages origin (USER.github.io) never share or collide;
// - everything read is checked before any deep work: a size cap, a nesting cap (a linear scan,
//   no recursion), JSON, an object; anything wrong is set aside under a "bad:" key (not
//   deleted: a player may want it back) and a short notice says so;
// - a write that finds the storage full (QuotaExceededError) returns false and the notice says
//   that saving is paused; the next write that fits clears it;
// - each tab has an id (sessionStorage, so it survives a reload) and owns at most one saved
//   game, its slot; a slot's owner is written beside it, and tabs talk on a BroadcastChannel:
//   "who holds slot S?", "I hold S", "I take S over";
// - a guest's seat at another device's table is kept per tab too (sessionStorage, "guest"), so
//   a reload takes it again; it is read as text only: Python checks every field of it.
(() => {
  "use strict";
  let sentences = null;            // the catalogue's ui. sentences in the chosen language
  const msgs = () => sentences || (sentences = (() => {
    const all = JSON.parse(document.getElementById("ui-messages").textContent);
    return all[language()] || all.en;
  })());
  const say = (id, p) => (msgs()[id] || id).replace(/\{(\w+)\}/g, (_, k) => (p && k in p) ? p[k] : "");
  const NS = "encore@" + location.pathname.replace(/[^/]*$/, "") + ":";
  const LIMITS = {save: 1000000, settings: 10000, other: 200000};   // characters
  const MAX_DEPTH = 32;           // our saves nest 4 deep (the engine's save is a string in them)
  const LEGACY = {"encore.save": null, "encore.settings": "settings"};   // before namespacing
  const key = (name) => NS + name;

  function local() {               // localStorage, or null where the browser refuses it
    try { const s = window.localStorage; s.length; return s; } catch (e) { return null; }
  }
  function session() {
    try { const s = window.sessionStorage; s.length; return s; } catch (e) { return null; }
  }
  function raw(name) {
    const s = local();
    try { return s ? s.getItem(key(name)) : null; } catch (e) { return null; }
  }

  // --- checking before parsing ----------------------------------------------------------------
  function depth(text) {           // deepest [ or { nesting, strings skipped; one pass
    let d = 0, most = 0, inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++;                          // backslash: skip the escaped char
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 91 || c === 123) { if (++d > most) most = d; if (most > MAX_DEPTH) return most; }
      else if (c === 93 || c === 125) d--;
    }
    return most;
  }
  function limitOf(name) { return name.startsWith("game.") ? LIMITS.save : LIMITS[name] || LIMITS.other; }
  function problem(name, text) {    // why a stored text cannot be used (a message id), or ""
    if (text.length > limitOf(name)) return "ui.why_too_big";
    if (depth(text) > MAX_DEPTH) return "ui.why_too_deep";
    let value;
    try { value = JSON.parse(text); } catch (e) { return "ui.why_not_json"; }
    return value && typeof value === "object" && !Array.isArray(value) ? "" : "ui.why_wrong_shape";
  }

  // --- notices ----------------------------------------------------------------------------------
  // All of them show in the start screen's flow (#save-notice); over the table (#store-notice,
  // which the player may close) only what matters while playing: saving is paused, or off.
  const notices = {};              // kind -> text
  let closed = "";                 // the table's notice the player closed
  function notice(kind, textOrEmpty) {
    if (textOrEmpty) notices[kind] = textOrEmpty; else delete notices[kind];
    const lines = Object.values(notices);
    const start = document.getElementById("save-notice");
    if (start) { start.textContent = lines.join(" "); start.hidden = !lines.length; }
    const bar = document.getElementById("store-notice");
    if (!bar) return;
    const playing = notices.full || notices.off || "";
    if (!playing) closed = "";
    bar.querySelector(".store-text").textContent = playing;
    bar.hidden = !playing || playing === closed;
  }
  addEventListener("DOMContentLoaded", () => {
    const bar = document.getElementById("store-notice");
    if (bar) bar.querySelector("button").addEventListener("click", () => {
      closed = bar.querySelector(".store-text").textContent;
      bar.hidden = true;
    });
  });

  // --- reading, writing, setting aside ----------------------------------------------------------
  function setAside(name, why) {   // move a stored value to "bad:<name>" and say so
    const s = local(), text = raw(name);
    if (!s || text === null) return;
    const what = name === "settings" ? "ui.settings_set_aside" : "ui.save_set_aside";
    try { s.removeItem(key(name)); s.setItem(key("bad:" + name), text); }
    catch (e) { console.warn("Encore: could not set aside " + name + " (" + e.name + ")"); }
    notice("aside:" + name, say(what, {why: say(why || "ui.why_wrong_shape")}));
  }
  function read(name) {            // the stored text if it passes the checks, else null
    const text = raw(name);
    if (text === null) return null;
    const why = problem(name, text);
    if (why) { setAside(name, why); return null; }
    return text;
  }
  function readJSON(name) { const text = read(name); return text === null ? null : JSON.parse(text); }
  function isFull(e) {
    return e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22);
  }
  function write(name, text) {     // true if stored; false (and the notice) if there is no room
    const s = local();
    if (!s) { notice("off", say("ui.store_off")); return false; }
    try { s.setItem(key(name), text); }
    catch (e) {
      if (!isFull(e)) { console.warn("Encore: could not save (" + e.name + ")"); }
      notice("full", say("ui.store_full"));
      return false;
    }
    if (notices.full) notice("full", "");
    return true;
  }
  function remove(name) { const s = local(); try { if (s) s.removeItem(key(name)); } catch (e) { /* gone */ } }

  // --- settings ---------------------------------------------------------------------------------
  function settings() { return readJSON("settings") || {}; }
  const LANGUAGES = ["en", "ja"];
  function language() {           // the chosen language, else the browser's first we have
    const chosen = settings().lang;
    if (LANGUAGES.includes(chosen)) return chosen;
    const wanted = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language || "en"];
    for (const tag of wanted) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (LANGUAGES.includes(base)) return base;
    }
    return "en";
  }
  function setSetting(name, value) {
    const s = settings();
    s[name] = value;
    return write("settings", JSON.stringify(s));
  }

  // --- saved games: one slot per game, each tab owns at most one ------------------------------
  const TAB = "tab", SLOT = "slot", AT_TABLE = "table", GUEST = "guest";
  function tabValue(name) { const s = session(); try { return s ? s.getItem(key(name)) : null; } catch (e) { return null; } }
  function setTabValue(name, value) {
    const s = session();
    try { if (s) value === null ? s.removeItem(key(name)) : s.setItem(key(name), value); } catch (e) { /* a tab without memory */ }
  }
  const newId = () => Math.random().toString(36).slice(2, 8) + Date.now().toString(36).slice(-4);
  let tab = tabValue(TAB);         // this tab's id (a reload keeps it; a duplicated tab too)
  if (!tab) { tab = newId(); setTabValue(TAB, tab); }
  const me = newId();              // this page load's id, on the channel
  function slots() {               // every slot with a save, from the keys (no parsing)
    const s = local(), out = [];
    if (!s) return out;
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k && k.startsWith(NS + "game.")) out.push(k.slice(NS.length + 5));
    }
    return out;
  }
  function summaryOf(slot) {       // a readable save's summary, or null (a bad save is set aside)
    const body = readJSON("game." + slot);
    if (!body) return null;
    const sum = body.summary;
    if (sum && typeof sum === "object" && typeof sum.title === "string" && Number.isFinite(sum.venue)) {
      return {...sum, msg: "ui.continue", params: {title: sum.title, venue: sum.venue}};   // saves before #12
    }
    if (!sum || typeof sum !== "object" || typeof sum.title !== "string" || typeof sum.msg !== "string"
        || !sum.msg.startsWith("ui.continue") || !msgs()[sum.msg] || !sum.params || typeof sum.params !== "object") {
      setAside("game." + slot, "ui.why_wrong_shape");
      return null;
    }
    return sum;
  }
  function saves() {     // unfinished saved games, newest first: [{slot, line, detail, savedAt}]
    const out = [];
    for (const slot of slots()) {
      const sum = summaryOf(slot);
      if (sum && !sum.over) out.push({slot, line: say(sum.msg, sum.params), game: sum.game,
                                      savedAt: Number(sum.saved_at) || 0, detail: detailOf(sum)});
    }
    return out.sort((a, b) => b.savedAt - a.savedAt);
  }
  function detailOf(sum) {         // what tells two saves of a game apart ("" for older saves)
    const when = Number(sum.saved_at);
    if (!Number.isInteger(sum.players) || !Number.isInteger(sum.moves) || !(when > 0)) return "";
    const at = new Date(when).toLocaleString(language(), {dateStyle: "medium", timeStyle: "short"});
    return say("ui.continue_detail", {players: sum.players, moves: sum.moves, when: at});
  }
  function forgetFinished() {      // drop finished games of slots no tab is playing
    for (const slot of slots()) {
      const body = readJSON("game." + slot);
      if (body && body.summary && body.summary.over && slot !== tabValue(SLOT)) remove("game." + slot);
    }
  }
  function migrate() {             // saves and settings from before namespacing move in
    const s = local();
    if (!s) return;
    for (const [old, name] of Object.entries(LEGACY)) {
      let text = null;
      try { text = s.getItem(old); } catch (e) { text = null; }
      if (text === null) continue;
      const target = name || "game." + newId();
      if (raw(target) === null) {
        try { s.setItem(key(target), text); } catch (e) { continue; }   // no room: try next time
      }
      s.removeItem(old);
    }
  }

  // --- tabs ------------------------------------------------------------------------------------
  const channel = "BroadcastChannel" in window ? new BroadcastChannel(NS + "tabs") : null;
  const handlers = {takenOver: null};
  function mySlot() { return tabValue(SLOT); }
  function claim(slot) {           // this tab plays `slot` from now on (and writes it)
    setTabValue(SLOT, slot);
    const s = local();
    try { if (s) s.setItem(key("owner." + slot), tab); } catch (e) { /* full: the channel still says */ }
  }
  function owns(slot) {            // true while no other tab has taken `slot` over
    const owner = raw("owner." + slot);
    return owner === null || owner === tab;
  }
  function release(slot) { if (raw("owner." + slot) === tab) remove("owner." + slot); }
  function holder(slot, wait) {    // resolves true if another open tab is playing `slot`
    if (!channel) return Promise.resolve(false);
    return new Promise((resolve) => {
      const ask = newId();
      const done = (yes) => { channel.removeEventListener("message", hear); clearTimeout(timer); resolve(yes); };
      const hear = (e) => { if (e.data && e.data.answer === ask) done(true); };
      const timer = setTimeout(() => done(false), wait || 300);
      channel.addEventListener("message", hear);
      channel.postMessage({who: slot, ask, from: me});
    });
  }
  function takeOver(slot) {        // ask the tab playing `slot` to stop, then own it (under a
    tab = newId();                 // new id: a duplicated tab shares the old one)
    setTabValue(TAB, tab);
    window.encoreStore.tab = tab;
    if (channel) channel.postMessage({take: slot, from: me});
    claim(slot);
  }
  function taken(slot) {           // another tab took our slot: stop and tell Python
    if (mySlot() !== slot) return;
    setTabValue(SLOT, null);
    setTabValue(AT_TABLE, null);
    if (handlers.takenOver) handlers.takenOver(slot);
  }
  if (channel) channel.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.who && m.who === mySlot() && tabValue(AT_TABLE) && m.from !== me) channel.postMessage({answer: m.ask});
    if (m.take && m.from !== me) taken(m.take);
  });
  addEventListener("storage", (e) => {    // another tab wrote: an owner key naming someone else
    if (e.storageArea !== local() || !e.key || !e.key.startsWith(NS)) return;
    const name = e.key.slice(NS.length);
    if (name.startsWith("owner.") && e.newValue && e.newValue !== tab) taken(name.slice(6));
    if (handlers.changed) handlers.changed(name);
  });

  migrate();
  window.encoreStore = {
    ns: NS, tab, key, read, paused: () => Boolean(notices.full), readJSON, write, remove, setAside, notice, settings, setSetting, language,
    forgetNotices: () => Object.keys(notices).forEach((kind) => notice(kind, "")),   // a fresh start
    relanguage: () => { sentences = null; },
    saves, slots, forgetFinished, newSlot: newId, mySlot, claim, owns, release, holder, takeOver,
    atTable: () => tabValue(AT_TABLE) === "1",
    setAtTable: (on) => setTabValue(AT_TABLE, on ? "1" : null),
    setSlot: (slot) => setTabValue(SLOT, slot),
    guest: () => tabValue(GUEST),
    setGuest: (text) => setTabValue(GUEST, typeof text === "string" ? text : null),
    onTakenOver: (fn) => { handlers.takenOver = fn; },
    onChanged: (fn) => { handlers.changed = fn; },
    limits: LIMITS, maxDepth: MAX_DEPTH,
  };
})();
