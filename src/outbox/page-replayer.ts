import { db } from '../db/database';
import { quietTransport } from '../api/client';
import { onServerAnswered } from '../api/server-answered';
import { send } from '../api/transport';
import { health } from '../contract/endpoints/health';
import { drainOutbox, type DrainResult } from './replay';
import { SYNC_TAG } from './sync-tag';
import { probeDelay } from './server-probe';

/** Without Background Sync, the page looks at the queue this often while it is open. */
const POLL_MS = 30_000;
/** A drain that failed (its code not loaded, the local store refusing): looked at again this soon. */
const AFTER_FAILURE_MS = 5_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;
/**
 * Writes wait for the server: the last drain stopped on a lost connection or a server error, not on a 429 the
 * server asked for. Null when nothing waits for it.
 */
let serverAway: object | null = null;
/**
 * Probes since the queue last moved. Kept across drains: a server whose health answers while its writes still
 * fail is asked less and less often, not every 2 s for ever.
 */
let probes = 0;

/** Whether the service worker controls this page and can replay on `sync` (Chromium only). */
async function backgroundSync(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration && 'sync' in registration ? registration : null;
}

interface ReplayRequest {
  /** The browser says the network is back: writes that waited only for it go now. */
  networkBack?: boolean;
  /** Something says the server answers again: every write it kept back goes now, its backoff started afresh. */
  serverBack?: boolean;
}

/**
 * Asks for the queue to be sent. Where the browser has Background Sync, a sync is registered so the worker
 * replays even if the page is closed meanwhile; an open, online page also drains at once, since the browser
 * waits minutes before firing a sync again after a failed one (the lock keeps the two from overlapping).
 * Elsewhere the page alone drains (docs/architecture.md, "Offline first": start, online, visibility, timer,
 * and the server heard from again).
 */
export async function requestReplay(options: ReplayRequest = {}): Promise<DrainResult | 'sync-registered'> {
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
  return drainFromPage(options);
}

function schedule(ms: number, task: () => Promise<unknown> = () => drainFromPage({})) {
  clearTimeout(timer);
  timer = setTimeout(() => void task().catch(reportFailure), ms);
}

/** For triggers with nobody to tell (an event, a button): a failure is logged, and the timer looks again. */
export const replayInBackground = (options: ReplayRequest = { networkBack: true, serverBack: true }) =>
  void requestReplay(options).catch(reportFailure);
const reportFailure = (error: unknown) => console.error('The outbox could not be sent now', error);

/** The page's drain goes through the page's transport: a refused token signs out like any call. */
async function drainFromPage(request: ReplayRequest): Promise<DrainResult> {
  // Its own calls answering must not start another drain: whether the server is still away is known at its end.
  serverAway = null;
  let result: DrainResult;
  try {
    result = await drainOutbox({ db, transport: quietTransport, ...request });
  } catch (error) {
    // Without this the timer would stop for good: Firefox, for one, cuts the replay's code short while it loads
    // if a navigation begins.
    schedule(AFTER_FAILURE_MS);
    throw error;
  }
  if (result.state === 'drained' || ('sent' in result && result.sent > 0)) probes = 0;
  if (result.state === 'waiting' && result.status !== 429) {
    serverAway = {};
    scheduleProbe(result.retryAt);
  } else {
    // Busy: another tab or the worker is replaying and may have just looked at the queue; look again soon.
    schedule(result.state === 'waiting' ? Math.max(1_000, result.retryAt - Date.now()) : result.state === 'busy' ? 1_000 : POLL_MS);
  }
  return result;
}

/**
 * While writes wait for the server and the app is in front, the server is asked whether it answers, every few
 * seconds (server-probe.ts), rather than when the first write's backoff ends, minutes later: an answer drains
 * the queue at once (`onServerAnswered` below). Hidden, the page keeps to that backoff; it probes again when
 * it comes back to the front.
 */
function scheduleProbe(retryAt: number) {
  const away = serverAway;
  if (!away) return;
  const untilDue = Math.max(1_000, retryAt - Date.now());
  // Hidden, nobody is waiting to see; offline for sure, the browser's `online` event will say when to try.
  const worthProbing = document.visibilityState === 'visible' && navigator.onLine !== false;
  if (!worthProbing || untilDue <= probeDelay(probes)) return schedule(untilDue);
  schedule(probeDelay(probes), async () => {
    if (serverAway !== away) return;
    probes++;
    const answer = await send(quietTransport, health, {}, { retries: 0 });
    // An answer below 500 was heard by the listener below, which drained; else the server is still away.
    if (serverAway === away && !answer.ok) scheduleProbe(retryAt);
  });
}

/** The page's part: send what waits at start, when the network or the server comes back, when the app comes to the front. */
export function startReplaying() {
  if (typeof window === 'undefined') return;
  // Signed in again (after a 401 paused the queue): the same user's writes go now.
  if (started) return replayInBackground();
  started = true;
  window.addEventListener('online', () => replayInBackground());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replayInBackground();
  });
  // Any call of the page's that the server answers (a screen's read, the live stream's ticket, a probe) ends the wait.
  onServerAnswered(() => {
    if (serverAway) void drainFromPage({ serverBack: true }).catch(reportFailure);
  });
  replayInBackground();
}
