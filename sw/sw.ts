/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isPhotoRequest, photoStrategy } from './photos';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation gets the cached shell, so routes and guards work offline; the API, uploads and the
// server's static images never do (a 404 there must stay a 404, not an app page).
const NOT_THE_SHELL = [/^\/v1(\/|$)/, /^\/uploads\//, /^\/static\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SHELL }));

registerRoute(({ url, request }) => isPhotoRequest(url, request), photoStrategy);

// The first install takes the open page at once, so it works offline without a reload. Later versions
// still wait for the user (registerType: 'prompt'): claiming only matters when nothing controls the page yet.
clientsClaim();

// The page asks before a new version takes over.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
