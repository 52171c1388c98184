// The service worker: it keeps the page, every file of the UI (the engines' included) and the
// games' list, so that the installed app opens and plays on this device without the network.
// The server writes the UI's version and the files to keep in front of this source, as
// self.turncoatWorker (see server/pwa.go): a deploy changes the version, so the browser installs a new worker, which fetches the new files and drops
// the old ones.
//
// The page itself and the games' list are asked of the network first (they change with the
// server), and come from the cache only when the network fails; the versioned files never change
// and come from the cache first. Every other request (the API, the pictures) goes to the network
// as if there were no worker: what needs the network says so itself.

// (The page's type library describes windows, not workers: the worker's scope is typed loosely.)
/** @type {any} */
const sw = self;
/** @type {{version: string, files: string[]}} */
const {version: VERSION, files: FILES} = sw.turncoatWorker;
const CACHE = "turncoat-" + VERSION;
// NETWORK_WAIT is how long (ms) the page and the games' list wait for the network before the
// copies are used.
const NETWORK_WAIT = 4000;

sw.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" skips the HTTP cache, so that a file kept is the server's current one.
    await cache.addAll(FILES.map(f => new Request(f, {cache: "reload"})));
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("turncoat-") && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

// networkFirst answers from the network, keeping a good answer of the type wanted in the cache
// under key, and from the cache when the network fails.
/** @param {Request} req @param {string} key @param {string} type */
async function networkFirst(req, key, type) {
  const cache = await caches.open(CACHE);
  // A network that answers nothing (a weak signal) is given a few seconds, not a minute.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), NETWORK_WAIT);
  try {
    const res = await fetch(req, {signal: timeout.signal});
    if (res.ok && (res.headers.get("Content-Type") || "").startsWith(type)) await cache.put(key, res.clone());
    return res;
  } catch (e) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

// cacheFirst answers from the cache, else from the network.
/** @param {Request} req */
async function cacheFirst(req) {
  const kept = await caches.match(req, {cacheName: CACHE});
  return kept || fetch(req);
}

sw.addEventListener("fetch", (/** @type {any} */ event) => {
  /** @type {Request} */
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== location.origin) return;
  if (req.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    // Every page of the app is the one page; the kept copy names the kept files.
    event.respondWith(networkFirst(req, "/", "text/html"));
    return;
  }
  if (url.pathname === "/api/kinds") {
    event.respondWith(networkFirst(req, "/api/kinds", "application/json"));
    return;
  }
  if (url.pathname.startsWith("/v/" + VERSION + "/") || url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(cacheFirst(req));
  }
});
