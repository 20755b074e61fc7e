import type { DrainResult } from './replay';
import { withExclusiveLock } from './lock';

/** Chromium ends a `sync` event after 3 minutes and counts it failed: the worker hands back before that. */
export const SYNC_EVENT_BUDGET_MS = 2 * 60_000;
/** A longer wait (a server asking for minutes, an outage past a few backoffs) is left to the browser's retry. */
export const SYNC_LONGEST_WAIT_MS = 30_000;
/**
 * With no write sent or refused for this long, the server is taken to be down, not flaky: the event gives up
 * rather than burn attempts (1 s, 2 s, 4 s… apart, some five of them) and leaves the rest to the next sync or to a
 * page, which probes the server every few seconds while it is open (page-replayer.ts). A SIGKILLed server back in
 * a few seconds, or lost answers between successes, stay within it.
 */
export const SYNC_STALL_MS = 20_000;
/** The shortest wait between two drains: a server answering `Retry-After: 0` again and again is not hammered. */
export const SYNC_SHORTEST_WAIT_MS = 250;
/** How soon to look again while a page replays: it may be closed before it is done. */
export const SYNC_BUSY_WAIT_MS = 1_000;
/** Held for a whole `sync` event, waits included (the replay lock is let go between drains). */
export const SYNC_EVENT_LOCK = 'village-outbox-sync-event';

export interface SyncReplayEnv {
  /**
   * One drain of the outbox; `first` for the event's first, which tries the waiting writes at once whatever their
   * backoff (`networkBack` and `serverBack` of drainOutbox): the browser fires `sync` when the network is back, and
   * its own retry comes minutes later.
   */
  drain: (first: boolean) => Promise<DrainResult>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The worker's answer to `sync`. A drain stops at the first write that must wait; rejecting the event then
 * would leave the rest to the browser, which fires a failed sync again only after 5 minutes, then 15, and
 * gives up after 3 attempts: under a flaky network (a lost answer, a 503 asking for a second) the queue sat
 * until the app was opened again. So within one event the worker waits out short waits (the entry's backoff,
 * the server's Retry-After, a page replaying at the same time) and drains again; it rejects when writes still
 * wait past those bounds, or when none has gone through for SYNC_STALL_MS (a server down, not a flaky one), for
 * the browser to try later. A second event while one runs leaves it the work.
 */
export async function replayOnSync(env: SyncReplayEnv): Promise<void> {
  const last = await withExclusiveLock(SYNC_EVENT_LOCK, () => drainWhileWaitsAreShort(env));
  if (last?.state === 'waiting' || last?.state === 'busy') throw new Error('Some writes are still waiting for the server');
}

async function drainWhileWaitsAreShort(env: SyncReplayEnv): Promise<DrainResult> {
  const now = env.now ?? Date.now;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const until = now() + SYNC_EVENT_BUDGET_MS;
  let progressAt = now();
  for (let first = true; ; first = false) {
    const result = await env.drain(first);
    // Drained, or nothing a wait would change (signed out, a token refused until the user signs in again).
    if (result.state !== 'waiting' && result.state !== 'busy') return result;
    // A page replaying is progress made elsewhere: only this event's own writes say the server is stuck.
    if (result.state === 'busy' || result.sent + result.failed > 0) progressAt = now();
    const wait = result.state === 'busy' ? SYNC_BUSY_WAIT_MS : Math.max(SYNC_SHORTEST_WAIT_MS, result.retryAt - now());
    if (wait > SYNC_LONGEST_WAIT_MS || now() + wait > until || now() + wait - progressAt > SYNC_STALL_MS) return result;
    await sleep(wait);
  }
}
