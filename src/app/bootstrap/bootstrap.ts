import type { User } from '../../contract';
import { db } from '../../db/database';
import { importChunk } from '../../pwa/lazy-chunk';
import { getToken } from '../../session/token';
import { appState } from '../../state/app-state';
import { dataLoadedFor } from './data-loaded';
import { storedUser } from './kept-data';

/**
 * Loads what every screen needs: the user, the need categories and the villages. A device that already
 * loaded them for this session opens from its local store at once (a reload, or the app reopened, online or
 * not: no screen waits for an answer that may never come) and refreshes them once the screen is shown. The
 * first start of a session waits for the server, and falls back on what the store holds when it cannot be
 * reached. Then, as the spec says, analytics starts with the user's uuid and app-opened is logged (only if
 * the user accepted analytics). Answers whether the app could start.
 */
export async function bootstrap(): Promise<'ready' | 'signed-out' | 'no-data'> {
  const token = getToken();
  if (!token) return 'signed-out';
  if (dataLoadedFor(token) && (await openFromStore(token))) return 'ready';
  // The store is not opened here beside the first load's requests, though that would say a store that cannot be
  // opened a moment sooner: in WebKit that early open left the first start on « Chargement… » for good
  // (tests/engines/webkit.test.ts, "opens a new address…"). The load's own writes fail and say it (storage-health.ts).
  const { loadLocalData } = await importChunk(() => import('./local-data'));
  const { pageTransport } = await importChunk(() => import('../../api/client'));
  const loaded = await loadLocalData(pageTransport, token);
  if (loaded.kind === 'signed-out') return 'signed-out';
  const me = loaded.kind === 'loaded' ? loaded.user : (await db.users.count()) ? await storedUser(token) : undefined;
  if (!me) return 'no-data';
  appState.set({ initialised: true });
  const { afterStart } = await importChunk(() => import('./after-start'));
  afterStart(me);
  return 'ready';
}

/**
 * A start of a session already loaded on this device: the app opens on what the store holds, and refreshes it
 * once the screen is shown. False when the store no longer holds the session's user (then the load waits).
 * The root route's guard calls it too (initialisation-guard.ts), so such a start skips the bootstrap page.
 */
export function openFromStore(token: string): Promise<boolean> {
  // The router may run the guard twice at once (a preload beside the load): one opening, one refresh.
  opening ??= open(token).finally(() => (opening = undefined));
  return opening;
}

let opening: Promise<boolean> | undefined;

async function open(token: string) {
  const kept = await storedUser(token);
  if (!kept) return false;
  appState.set({ initialised: true });
  // The screen's own code and data go first: the refresh, the replay and analytics bring in code of
  // their own (the transport, the outbox), which would compete with the screen's for the worker's cache.
  whenIdle(() => void refreshThenStart(token, kept));
  return true;
}

/** A warm start's refresh: quiet, and a refused token is signalled by the transport (session-expiry.ts). */
async function refreshThenStart(token: string, me: User) {
  try {
    const [{ loadLocalData }, { quietTransport }, { afterStart }] = await Promise.all([
      importChunk(() => import('./local-data')),
      importChunk(() => import('../../api/client')),
      importChunk(() => import('./after-start')),
    ]);
    afterStart(me);
    await loadLocalData(quietTransport, token);
  } catch (error) {
    console.error('Bootstrap: the local data could not be refreshed', error);
  }
}

/**
 * After the screen's own loading, then once the page has nothing more urgent to do. An idle callback alone
 * comes too soon: while the screen's chunks are on their way the page is idle, and this work's imports would
 * start first.
 */
const SCREEN_FIRST_MS = 400;

function whenIdle(task: () => void) {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1_000 });
    else task();
  }, SCREEN_FIRST_MS);
}
