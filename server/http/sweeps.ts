import { lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../deps';
import type { Db } from '../db/client';
import { deviceRecords, emailVerifications, idempotencyKeys, invitations, resetTokens, sessions, signInLinks } from '../db/schema';
import { DEVICE_RECORD_TTL_MS } from '../devices/device-cookie';
import { IDEMPOTENCY_KEY_MS, SESSION_IDLE_MS, WITHDRAWN_INVITATION_MS } from '../../src/contract/retention';

/** Idempotency keys are kept with their answer for 7 days (the spec's window for a retried write). */
export const KEY_TTL_MS = IDEMPOTENCY_KEY_MS;
/**
 * The keys kept per user; older ones are dropped past it. Not a 429: the outbox replays one write at a
 * time and retries only the entry in flight, so only a user's latest keys can ever be presented again,
 * while refusing writes would stall a phone replaying a long day offline. 1,000 is far more than any
 * outbox holds in flight and bounds what one user can make the server store (each row holds an answer).
 */
export const KEYS_PER_USER = 1000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Forgets what no request can use any more: idempotency keys past their 7 days or beyond a user's
 * latest 1,000, and sessions idle past their 30 days (refused when presented, but kept for ever when
 * never presented again). Idle sessions need no revocation notice: every instance refuses them by their
 * own last use already. And device records whose cookie has lapsed (server/devices/). And the mailed
 * one-time links past their life (password reset, address verification, sign-in by mail): they open nothing
 * any more (the answer is the same as for an unknown link) yet held an address and a user for ever; and the
 * invitations withdrawn a month ago, which held the address of someone who never joined.
 */
export async function sweepStale(deps: { db: Db }, now: Date) {
  await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_TTL_MS)));
  await deps.db.execute(sql`
    DELETE FROM idempotency_keys k USING (
      SELECT user_id, key FROM (
        SELECT user_id, key, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, key DESC) AS n
        FROM idempotency_keys
        WHERE user_id IN (SELECT user_id FROM idempotency_keys GROUP BY user_id HAVING count(*) > ${KEYS_PER_USER})
      ) ranked WHERE n > ${KEYS_PER_USER}
    ) extra
    WHERE k.user_id = extra.user_id AND k.key = extra.key`);
  await deps.db.delete(sessions).where(lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)));
  await deps.db.delete(deviceRecords).where(lt(deviceRecords.lastContactAt, new Date(now.getTime() - DEVICE_RECORD_TTL_MS)));
  await deps.db.delete(resetTokens).where(lt(resetTokens.expiresAt, now));
  await deps.db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now));
  await deps.db.delete(signInLinks).where(lt(signInLinks.expiresAt, now));
  await deps.db.delete(invitations).where(lt(invitations.withdrawnAt, new Date(now.getTime() - WITHDRAWN_INVITATION_MS)));
}

/**
 * Sweeps every minute on this instance, on a timer of its own rather than inside a /v1 request (which
 * would wait for it), until `signal` aborts. A failed sweep only waits for the next minute. `settled`
 * resolves once a sweep in flight has ended: stopping awaits it before closing the database.
 */
export function startSweeps(input: { db: Db; clock: Clock; logger: Logger; signal: AbortSignal; everyMs?: number }) {
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    // One at a time: a sweep slower than the minute (a huge backlog) is not started twice.
    if (sweeping || input.signal.aborted) return;
    sweeping = sweepStale(input, input.clock.now())
      .catch((error) => input.logger.warn({ err: error }, 'sweep failed'))
      .finally(() => (sweeping = undefined));
  };
  const timer = setInterval(sweep, input.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  input.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return { settled: () => sweeping ?? Promise.resolve() };
}
