import { db } from '../db/database';
import { quietTransport } from '../api/client';
import { drainOutbox, type DrainResult } from './replay';
import { SYNC_TAG } from './sync-tag';

/** Without Background Sync, the page looks at the queue this often while it is open. */
const POLL_MS = 30_000;
/** A drain that failed (its code not loaded, the local store refusing): looked at again this soon. */
const AFTER_FAILURE_MS = 5_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** Whether the service worker controls this page and can replay on `sync` (Chromium only). */
async function backgroundSync(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration && 'sync' in registration ? registration : null;
}

/**
 * Asks for the queue to be sent. Where the browser has Background Sync, a sync is registered so the worker
 * replays even if the page is closed meanwhile; an open, online page also drains at once, since the browser
 * waits minutes before firing a sync again after a failed one (the lock keeps the two from overlapping).
 * Elsewhere the page alone drains (docs/architecture.md, "Offline first": start, online, visibility, timer). `networkBack` lets writes
 * that only waited for the connection go at once.
 */
export async function requestReplay(options: { networkBack?: boolean } = {}): Promise<DrainResult | 'sync-registered'> {
  const registration = await backgroundSync().catch(() => null);
  let registered = false;
  if (registration) {
    try {
      await (registration as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }).sync.register(SYNC_TAG);
      registered = true;
    } catch {
      // Background Sync refused (permission, private mode): the page replays.
    }
  }
  if (registered && navigator.onLine === false) {
    schedule(POLL_MS);
    return 'sync-registered';
  }
  return drainFromPage(options.networkBack ?? false);
}

function schedule(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void drainFromPage(false).catch(reportFailure), ms);
}

/** For triggers with nobody to tell (an event, a button): a failure is logged, and the timer looks again. */
export const replayInBackground = () => void requestReplay({ networkBack: true }).catch(reportFailure);
const reportFailure = (error: unknown) => console.error('The outbox could not be sent now', error);

/** The page's drain goes through the page's transport: a refused token signs out like any call. */
async function drainFromPage(networkBack: boolean): Promise<DrainResult> {
  let result: DrainResult;
  try {
    result = await drainOutbox({ db, transport: quietTransport, networkBack });
  } catch (error) {
    // Without this the timer would stop for good: Firefox, for one, cuts the replay's code short while it loads
    // if a navigation begins.
    schedule(AFTER_FAILURE_MS);
    throw error;
  }
  // Busy: another tab or the worker is replaying and may have just looked at the queue; look again soon.
  schedule(result.state === 'waiting' ? Math.max(1_000, result.retryAt - Date.now()) : result.state === 'busy' ? 1_000 : POLL_MS);
  return result;
}

/** The page's part: send what waits at start, when the network comes back, when the app comes to the front. */
export function startReplaying() {
  if (typeof window === 'undefined') return;
  // Signed in again (after a 401 paused the queue): the same user's writes go now.
  if (started) return replayInBackground();
  started = true;
  window.addEventListener('online', replayInBackground);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replayInBackground();
  });
  replayInBackground();
}
