/* global self, caches, VERSION, PRECACHE */
// The crew's app without signal (docs/back-office.md#check-in-without-signal, decision 25).
// Registered by the crew's pages for a crew member only, with the scope /admin/, so no public
// page is ever served by it. The build (crewServiceWorker in vite.config.ts) writes PRECACHE (the
// crew pages' scripts and styles, their texts in every language, the icons) and VERSION before
// this text. It keeps the app, never an API answer: the crew's trips and manifests are kept by
// the app itself, in IndexedDB, for the signed-in crew member (features/trips/offline).

const CACHE = `crew-app-${VERSION}`;
// Every back-office address is the same page of the app (the server answers index.html).
const SHELL = '/admin/trips';
// A harbour's last bar of signal: after this long the kept copy answers.
const NETWORK_WAIT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('crew-app-') && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer when it comes in time (kept for next time), else the kept copy. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(NETWORK_WAIT_MS) });
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

/** A hashed file never changes: the kept copy, else the network's (kept). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

const KEPT_FILES = ['/locales/', '/icons/', '/crew.webmanifest', '/favicon.svg'];

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/admin/')) event.respondWith(networkFirst(request, SHELL));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (KEPT_FILES.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(networkFirst(request, url.pathname));
  }
  // Anything else, the API above all, goes to the network as if there were no worker.
});
