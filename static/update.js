// Encore's updates: registers the service worker (sw.js) once Python has loaded, checks for a
// new version (on load and whenever the page is shown again) and, when one is installed and
// waiting, shows a small notice: "A new version is ready. [Reload] [Later]". The page never
// reloads by itself: the new version takes over only when the player clicks Reload (the page
// tells the waiting worker to skip waiting, then reloads once it controls the page). Until
// then this page keeps its own version's worker and cache, so every file it fetches later
// (the bots' worker too) is of its own version. The game in progress is saved after every
// move, so the reload resumes it. Loaded as a file (the page's Content Security Policy allows
// no inline script); the sentences come from the catalogue (#ui-messages).
(() => {
  "use strict";
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const ALL = JSON.parse(document.getElementById("ui-messages").textContent);
  const MSG = ALL[window.encoreStore ? window.encoreStore.language() : "en"] || ALL.en;
  const say = (id) => MSG[id] || id;
  let controlled = Boolean(sw.controller);   // false on a first visit: nothing to update yet
  let registration = null, asked = false, bar = null;

  function reload() {
    asked = true;
    const waiting = registration && registration.waiting;
    if (!waiting) { location.reload(); return; }         // already switched (another tab)
    waiting.postMessage("skip-waiting");                 // reload on its controllerchange
    setTimeout(() => location.reload(), 5000);           // (should it never come: reload anyway)
  }

  function notice() {
    if (bar) { bar.hidden = false; return; }
    bar = document.createElement("div");
    bar.className = "update-bar";
    bar.setAttribute("role", "status");
    const line = document.createElement("span");
    line.className = "update-text";
    line.textContent = say("ui.update_ready");
    const go = document.createElement("button");
    go.type = "button";
    go.className = "primary small";
    go.dataset.action = "update-reload";
    go.textContent = say("ui.update_reload");
    go.addEventListener("click", reload);
    const later = document.createElement("button");
    later.type = "button";
    later.className = "small";
    later.dataset.action = "update-later";
    later.textContent = say("ui.update_later");
    later.addEventListener("click", () => { bar.hidden = true; });
    bar.append(line, go, later);
    document.body.append(bar);
    document.body.dataset.update = "ready";
  }

  function waitingFor(worker) {     // a new version is installed: say so once it is waiting
    if (!worker) return;
    const check = () => { if (worker.state === "installed" && sw.controller) notice(); };
    worker.addEventListener("statechange", check);
    check();
  }

  function watch(reg) {
    if (!reg || registration === reg) return reg;
    registration = reg;
    if (reg.waiting && sw.controller) notice();
    waitingFor(reg.installing);
    reg.addEventListener("updatefound", () => waitingFor(reg.installing));
    return reg;
  }

  function check() {               // ask the server for a new sw.js (a new version)
    if (registration) registration.update().catch(() => {});
  }

  sw.addEventListener("controllerchange", () => {
    if (asked) location.reload();                 // the player clicked Reload
    else if (controlled) notice();                // another tab switched versions: say so
    controlled = true;                            // (a first visit's claim says nothing)
  });
  sw.getRegistration().then(watch).catch(() => {});   // a waiting version: the notice at once
  addEventListener("py:done", () => {
    sw.register("./sw.js").then(watch).then(check).catch(() => {});
  }, {once: true});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
})();
