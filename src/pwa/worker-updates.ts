import { Workbox } from 'workbox-window';
import { createStore } from '../state/external-store';

/**
 * Which build this page runs. Set at build time (VITE_BUILD_ID) so that two builds of the same sources
 * differ, and shown on <html data-build> so that one can tell which version a tab runs.
 */
export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'local';

/** True once a new version of the worker is installed and waits for the user's go-ahead. */
export const updateWaiting = createStore(false);

let workbox: Workbox | null = null;

/**
 * Registers the service worker, in production builds only: in development Vite serves modules the
 * worker would cache and then serve stale. Safe to call more than once.
 */
export function registerWorker() {
  document.documentElement.dataset.build = BUILD_ID;
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // Fired for a worker waiting since an earlier visit, and for one found by a later update check.
  workbox.addEventListener('waiting', () => updateWaiting.set(true));
  workbox.register().catch((error: unknown) => console.error('Village: service worker registration failed', error));
}

/** The user accepted the new version: let it take over, then reload once it controls the page. */
export function applyUpdate() {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
