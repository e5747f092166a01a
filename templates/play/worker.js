// The service worker of the live games (scope {{ scope }}): a game page, its pictures and the
// site's styles, fonts and scripts, kept so an open game reads offline. Every request goes to
// the network first, so a page online is never stale; only when the network fails is the
// kept copy answered. The game's values then come from what the phone itself kept
// (static/play/game.js), newer than any kept page.
const CACHE = "cliffhanger-play-{{ version }}";
const PAGES = "cliffhanger-play-pages";
const SHELL = {{ shell|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const kept = new Set([CACHE, PAGES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("cliffhanger-play-") && !kept.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate";
  if (!page && !SHELL.includes(url.pathname) && !url.pathname.startsWith("{{ scope }}")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && response.type === "basic") {
          const copy = response.clone();
          caches.open(page ? PAGES : CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((kept) => kept || Response.error())),
  );
});
