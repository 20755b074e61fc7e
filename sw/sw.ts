/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheNeedPictures, isPhotoRequest, photoStrategy } from './photos';
import { registerPushHandlers } from './push-handlers';
import { db } from '../src/db/database';
import { drainOutbox } from '../src/outbox/replay';
import { replayOnSync } from '../src/outbox/sync-replay';
import { provideMutationKinds } from '../src/outbox/registry';
import { mutationKinds } from '../src/domain/mutation-kinds';
import { SYNC_TAG } from '../src/outbox/sync-tag';
import { apiBaseUrl } from '../src/api/base-url';
import { CACHE_NEED_PICTURES, WORKER_STORE } from '../src/contract/worker-messages';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
serveAssetsFromPrecache();

// Every navigation gets the cached shell, so routes and guards work offline; the API, uploads and the
// server's static images never do (a 404 there must stay a 404, not an app page).
const NOT_THE_SHELL = [/^\/v1(\/|$)/, /^\/uploads\//, /^\/static\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SHELL }));

registerRoute(({ url, request }) => isPhotoRequest(url, request), photoStrategy);

// The first install takes the open page at once, so it works offline without a reload. Later versions
// still wait for the user (registerType: 'prompt'): claiming only matters when nothing controls the page yet.
clientsClaim();

/**
 * Where the browser has static routes (Chromium), the build's files, named by their hash and precached under
 * their own address, are read from the precache by the browser itself, without a turn of this worker's fetch
 * handler for each: a warm start fetches some 60 of them, and through the handler they came at about 1.5 ms
 * each, one after another (`npm run bench:offline-start` with BENCH_STEPS=resources). A file missing from the
 * cache falls back on the network, as the handler did. Other engines keep the handler.
 */
function serveAssetsFromPrecache() {
  self.addEventListener('install', (event) => {
    const install = event as ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
    if (!install.addRoutes) return;
    const rule = { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } };
    install.waitUntil(install.addRoutes(rule).catch((error: unknown) => console.warn('Static routes refused', error)));
  });
}

// The page asks before a new version takes over, and names the catalogue pictures to keep for offline use.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === CACHE_NEED_PICTURES) cacheNeedPictures(event, event.data.urls);
});

// The worker's opening of the store, blocked by a tab that holds an older version, keeps every page's opening
// waiting behind it, and the browser tells only the worker: it tells the pages, which say it (storage-health.ts).
// Again every second while it waits (ten minutes at most): a page being opened when the worker started, the one
// whose request woke it, was not yet among its clients.
let blockedTelling: ReturnType<typeof setInterval> | undefined;
const tellPages = async (blocked: boolean) => {
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    page.postMessage({ type: WORKER_STORE, blocked });
};
db.on('blocked', () => {
  if (blockedTelling) return;
  let times = 0;
  void tellPages(true);
  blockedTelling = setInterval(() => {
    if (++times >= 600) clearInterval(blockedTelling);
    else void tellPages(true);
  }, 1000);
});
db.on(
  'ready',
  () => {
    if (!blockedTelling) return;
    clearInterval(blockedTelling);
    blockedTelling = undefined;
    void tellPages(false);
  },
  true,
);

// Writes made offline (src/outbox): replayed when the browser says the network is back, and when the worker starts.
// The worker replays whatever the page queued, so it carries every kind (its own bundle, not the first screen's).
provideMutationKinds(async () => mutationKinds);
// No session handlers here: a refused token pauses the queue, and the page signs out on its own next call.
const replay = (first = true) =>
  drainOutbox({
    db,
    transport: { baseUrl: apiBaseUrl() || self.location.origin, fetch: self.fetch.bind(self) },
    networkBack: first,
    serverBack: first,
  });

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== SYNC_TAG) return;
  // Short waits (a lost answer, a 503's Retry-After) are waited out within the event; rejecting, when writes
  // still wait past them, asks the browser to fire `sync` again later, with its own backoff.
  sync.waitUntil(replayOnSync({ drain: replay }));
});
// Only where Background Sync exists (Chromium) does the worker drain at start; elsewhere the page alone does.
// Activation is not held by that drain: in WebKit, a page cached with an IndexedDB transaction in flight kept
// every later one waiting (src/db/page-suspension.ts); a drain then waited for ever, and a worker left « activating »
// queued every request of the pages it controls.
if ('sync' in self.registration) {
  self.addEventListener('activate', () => void replay().catch(() => undefined));
  void replay().catch(() => undefined);
}

// Web Push (src/contract/push.ts): shown, kept quiet in the open chat, and opened on a click.
registerPushHandlers();
