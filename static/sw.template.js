// Encore's precache service worker. build.py fills in VERSION and FILES and writes dist/sw.js;
// do not edit dist/sw.js. The page registers it after Python has loaded (on "py:done", in
// static/update.js), so the precache never competes with the first load.
//
// One version per page, never two: VERSION is the content hash of the whole site (the same
// stamp is in index.html's <meta name="encore-version"> and in bot_worker.py), and each worker
// answers only from its own cache. A new version installs into its own cache and then WAITS:
// pages opened under the old worker keep the old worker, so every file they fetch later (the
// bots' worker, its config, the Python bundle, the runtime) comes from the old cache. The new worker
// takes over when the player clicks Reload on the page's notice (the page posts "skip-waiting")
// or, as browsers do, once no page of the old version is open.
//
// install:  fetch every file of the site (no-cache: revalidate, never a stale HTTP-cache copy)
//           into this version's cache; no skipWaiting here
// activate: delete older Encore caches of this scope only (a github.io origin is shared by every
//           project site of its owner, so the cache name carries the registration's scope), then
//           take control of pages that have none (the first visit)
// fetch:    same-origin GETs are answered from this version's cache (query ignored; index.html
//           from "./", the page's one entry), else from the network; a file under LAZY (not
//           precached: the QR library) is kept in this version's cache once fetched
const VERSION = "__CACHE__";
const FILES = __FILES__;
const SCOPE = self.registration.scope;
const LAZY = __LAZY__.map((prefix) => new URL(prefix, SCOPE).href);   // (resolved once)
const CACHE = VERSION + " " + SCOPE;
const LEGACY = /^encore-[0-9a-f]{16}$/;   // builds before the scope was part of the name

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: "no-cache" })))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

function ours(key) {
  return key !== CACHE
    && (LEGACY.test(key) || (key.startsWith("encore-") && key.endsWith(" " + SCOPE)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter(ours).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // the page is precached once, as the scope's "./": index.html is answered from it
  const key = url.href.split(/[?#]/)[0] === SCOPE + "index.html" ? SCOPE : request;
  const lazy = LAZY.some((prefix) => url.href.startsWith(prefix));
  event.respondWith(
    caches.open(CACHE).then((cache) => cache.match(key, { ignoreSearch: true }).then(
      (hit) => hit || fetch(request).then((response) => {
        if (lazy && response.ok) event.waitUntil(cache.put(key, response.clone()));
        return response;
      }))),
  );
});
