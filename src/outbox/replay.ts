import type { OutboxEntry, VillageDatabase } from '../db/database';
import { villageTables } from '../db/database';
import { backoffDelay, type Backoff } from '../contract/retry';
import { send, type TransportEnv } from '../api/transport';
import { UNEXPECTED_MESSAGE, type ApiFailure } from '../api/failure';
import { withExclusiveLock } from './lock';
import { mutationKinds } from './registry';
import { markSent, pullVillage } from './pull-village';
import { ACCOUNT_SCOPE } from './mutation-kind';

export const REPLAY_LOCK = 'village-outbox-replay';
/** Worth trying again later: the write may well go through then. Any other 4xx is a refusal. */
const TRANSIENT = new Set([408, 425, 429]);
/** 1 s, 2 s, 4 s… up to 5 minutes, each between half and all of it (equal jitter). */
export const REPLAY_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 5 * 60_000, jitter: 0.5 };
const REFUSED_MESSAGE = 'Le serveur a refusé cette modification.';

export interface ReplayEnv {
  db: VillageDatabase;
  /** The page's or the worker's transport; the drain sends with the stored session's token. */
  transport: Omit<TransportEnv, 'token'>;
  now?: () => number;
  random?: () => number;
  /** The network just came back: entries that waited only for it go now, whatever their backoff. */
  networkBack?: boolean;
}

export type DrainResult =
  | { state: 'drained'; sent: number; failed: number }
  | { state: 'waiting'; sent: number; failed: number; retryAt: number; reason: 'network' | 'server' }
  | { state: 'unauthorized'; sent: number; failed: number }
  | { state: 'signed-out' }
  | { state: 'busy' };

/**
 * Sends the signed-in user's queued writes to the server, oldest first, one at a time, with the entry id as
 * Idempotency-Key (a resend after a lost answer changes nothing twice). One replayer at a time across the
 * page's tabs and the service worker. It stops at the first write that must wait (lost connection, 408,
 * 425, 429, 5xx: backoff with jitter, or the server's Retry-After) so the order holds; a 401 pauses the
 * queue until the same user signs in again; any other refusal moves the entry to the failed list with the
 * server's French message, and a pull of the village undoes its local effect.
 */
export async function drainOutbox(env: ReplayEnv): Promise<DrainResult> {
  const result = await withExclusiveLock(REPLAY_LOCK, () => drain(env));
  return result ?? { state: 'busy' };
}

async function drain(env: ReplayEnv): Promise<DrainResult> {
  const { db } = env;
  const now = env.now ?? Date.now;
  const session = await db.session.get('current');
  if (!session?.userId) return { state: 'signed-out' };
  const { token, userId } = session;
  const transport: TransportEnv = { ...env.transport, token: () => token, now: env.now, random: env.random };
  const kinds = await mutationKinds();
  let sent = 0;
  let failed = 0;
  const villagesToPull = new Set<string>();
  const finish = async <R extends DrainResult>(result: R): Promise<R> => {
    for (const villageId of villagesToPull) {
      if (villageId !== ACCOUNT_SCOPE) await pullVillage(transport, db, userId, villageId).catch(() => undefined);
    }
    return result;
  };

  for (;;) {
    const batch = (await db.outbox.where('status').equals('pending').sortBy('seq')).filter((e) => e.userId === userId);
    if (batch.length === 0) return finish({ state: 'drained', sent, failed });
    // How many later writes of the batch touch each row: their effect must not be overwritten by an earlier answer.
    const laterTargets = new Map<string, number>();
    const targetOf = (e: OutboxEntry) => kinds.get(e.kind).target(e.payload);
    for (const entry of batch) laterTargets.set(targetOf(entry), (laterTargets.get(targetOf(entry)) ?? 0) + 1);
    // Writes made while this batch is on its way are not in it: they are looked for when an answer comes.
    const lastSeq = batch[batch.length - 1].seq!;
    const queuedSince = (target: string) =>
      db.outbox
        .where(':id')
        .above(lastSeq)
        .filter((e) => e.status === 'pending' && e.userId === userId && targetOf(e) === target)
        .count();

    for (const entry of batch) {
      const target = targetOf(entry);
      laterTargets.set(target, (laterTargets.get(target) ?? 1) - 1);
      const waitsForNetwork = entry.lastError?.kind === 'network' && env.networkBack;
      if (entry.notBefore > now() && !waitsForNetwork) {
        return finish({ state: 'waiting', sent, failed, retryAt: entry.notBefore, reason: entry.lastError?.kind ?? 'server' });
      }
      const kind = kinds.get(entry.kind);
      const { endpoint, args } = kind.request(entry.payload);
      const result = await send(transport, endpoint, args, { retries: 0, idempotencyKey: entry.id });
      if (result.ok || result.failure.kind === 'unexpected-answer') {
        const data = result.ok ? result.data : null;
        await db.transaction('rw', [...villageTables(db), db.outbox, db.sentMarks], async () => {
          await db.outbox.delete(entry.seq!);
          await markSent(db, entry.villageId);
          // The server has the write; an answer this app cannot read must not block the queue behind it.
          if (!result.ok) villagesToPull.add(entry.villageId);
          // A later write on the same row is still waiting: the server's answer would hide its effect.
          if (kind.settle && data !== null && !laterTargets.get(target) && !(await queuedSince(target))) {
            try {
              await kind.settle(db, entry.payload, data);
            } catch (error) {
              console.warn('An answer could not be stored; the village will be pulled again', error);
              villagesToPull.add(entry.villageId);
            }
          }
        });
        sent++;
        continue;
      }
      const { failure } = result;
      if (failure.kind === 'offline') {
        const retryAt = await postpone(env, entry, failure);
        return finish({ state: 'waiting', sent, failed, retryAt, reason: 'network' });
      }
      if (failure.kind === 'unauthorized') {
        // The queue is kept for this user; the page's transport has signalled the expired session, and a
        // new sign-in resumes the queue.
        return finish({ state: 'unauthorized', sent, failed });
      }
      if (TRANSIENT.has(failure.status) || failure.status >= 500) {
        const retryAt = await postpone(env, entry, failure);
        return finish({ state: 'waiting', sent, failed, retryAt, reason: 'server' });
      }
      // A refusal without a French message of the server's says what happened rather than "unexpected".
      const message = failure.message === UNEXPECTED_MESSAGE ? REFUSED_MESSAGE : failure.message;
      await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: failure.status, message } });
      villagesToPull.add(entry.villageId);
      failed++;
    }
  }
}

async function postpone(env: ReplayEnv, entry: OutboxEntry, failure: ApiFailure) {
  const attempts = entry.attempts + 1;
  const at = (env.now ?? Date.now)();
  const server = 'status' in failure ? failure : null;
  const delay = backoffDelay(REPLAY_BACKOFF, attempts - 1, { retryAfterMs: server && 'retryAfterMs' in server ? server.retryAfterMs : null, random: env.random });
  const notBefore = at + delay;
  await env.db.outbox.update(entry.seq!, {
    attempts,
    notBefore,
    lastError: server ? { kind: 'server', status: server.status } : { kind: 'network' },
  });
  return notBefore;
}
