/* global self, caches, __OFFLINE_SHELL_VERSION__, __OFFLINE_SHELL_FILES__ */
// The offline shell: a service worker that lets the app open when its server cannot be reached, so that the safety
// plan — kept on the device — opens without a network (docs/safety-plan.md, "Offline"). Built by
// vite-plugins/offline-shell.ts, which puts the build's own file list and version in place of the two names below.
//
// - install: caches index.html and the files the safety plan's route needs (the entry, the app, its layout and
//   screen), all of this build; the previous build's cache is dropped once this one is active.
// - a page load (navigation): the network first, always — so an online user gets the newest index.html — and this
//   build's index.html only when the network fails.
// - /assets/*: this build's cached copy when it has one (the names are content hashes: a copy never goes stale),
//   else the network. Nothing else is touched: the API, /dev and other origins go straight to the network.
const VERSION = __OFFLINE_SHELL_VERSION__;
const PRECACHE = __OFFLINE_SHELL_FILES__;
const CACHE = `offline-shell-${VERSION}`;
const SHELL = PRECACHE[0];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('offline-shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

const cached = (request) => caches.match(request, { cacheName: CACHE, ignoreVary: true, ignoreSearch: true });

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (/^\/(api|dev)(\/|$)/.test(url.pathname)) return;
    event.respondWith(fetch(request).catch(() => cached(SHELL).then((shell) => shell ?? Response.error())));
    return;
  }
  if (url.pathname.includes('/assets/')) {
    event.respondWith(cached(request).then((hit) => hit ?? fetch(request)));
  }
});
