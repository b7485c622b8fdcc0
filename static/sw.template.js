// Encore's precache service worker. build.py fills in CACHE and FILES and writes dist/sw.js;
// do not edit dist/sw.js. The page registers it after Python has loaded (on "py:done"), so the
// precache never competes with the first load.
//
// install:  fetch every file of the site (no-cache: revalidate, never a stale HTTP-cache copy)
// activate: delete older Encore caches (only "encore-*": a github.io origin is shared by every
//           project site of its owner), then take control of open pages
// fetch:    same-origin GETs are answered from the cache (query ignored), else from the network
const CACHE = "__CACHE__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => keys.filter((key) => key.startsWith("encore-") && key !== CACHE))
      .then((old) => Promise.all(old.map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
