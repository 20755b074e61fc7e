import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { HttpError } from './errors';

/**
 * At most `max` of something (mails sent, messages written) in any `windowMs`: a sliding window over the
 * rows that record them, so a burst of `max` at once is allowed and room comes back as each one ages out.
 */
export interface Quota {
  max: number;
  windowMs: number;
}

/** How many of the newest recorded times `quotaWait` needs to decide about `n` more: the work is bounded. */
export const newestNeeded = (quota: Quota, n: number) => Math.max(1, quota.max - n + 1);

/**
 * Milliseconds before `n` more fit in the quota (0: now), given the times recorded within the window,
 * newest first (at least `newestNeeded` of them when there are that many). `n` more fit once at most
 * `max - n` remain in the window, that is once the `(max - n + 1)`th newest has aged out.
 */
export function quotaWait(newestFirst: readonly Date[], quota: Quota, n: number, now: Date): number {
  const blocking = newestFirst[Math.max(0, quota.max - n)];
  if (!blocking) return 0;
  return Math.max(0, blocking.getTime() + quota.windowMs - now.getTime());
}

/** The 429 of a full quota, with the seconds to wait (at least one) in `Retry-After`. */
export const quotaFull = (message: string, waitMs: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });

/**
 * Refuses with a 429 when `n` more do not fit, given the times recorded within the window, newest first.
 */
export function enforceQuota(newestFirst: readonly Date[], quota: Quota, n: number, now: Date, message: string) {
  const wait = quotaWait(newestFirst, quota, n, now);
  if (wait > 0) throw quotaFull(message, wait);
}

/**
 * Makes the writes counted under `key` wait for each other until the transaction ends, on every instance
 * (an advisory lock of the shared database): two calls at once then count each other's rows instead of
 * both fitting in the same room. Take it before any row lock, so that it cannot be part of a deadlock.
 */
export async function holdQuota(tx: Executor, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Attempts that leave no row to count (an address refused as taken), kept in this process's memory per
 * account, newest first, for `windowMs`. Each instance keeps its own: behind several instances the bound
 * is that many times higher, still far too slow to go through addresses.
 */
export function createAttemptLog(now: () => number, windowMs: number, keep: number) {
  const log = new Map<string, number[]>();
  const live = (times: number[] | undefined, t: number) => (times ?? []).filter((at) => at > t - windowMs);
  return {
    /** The attempts of `key` within the window, newest first. */
    recent(key: string): Date[] {
      return live(log.get(key), now()).map((at) => new Date(at));
    },
    record(key: string) {
      const t = now();
      // Forgets the accounts whose attempts have all aged out before growing past a bound.
      if (log.size > 50_000) for (const [k, times] of log) if (live(times, t).length === 0) log.delete(k);
      log.set(key, [t, ...live(log.get(key), t)].slice(0, keep));
    },
  };
}
