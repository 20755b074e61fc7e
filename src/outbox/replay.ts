import type { OutboxEntry, VillageDatabase } from '../db/database';
import { villageTables } from '../db/database';
import { retryDelay } from './backoff';
import { withExclusiveLock } from './lock';
import { mutationKind } from './registry';
import { messageOf, send, type Transport } from './transport';
import { markSent, pullVillage } from './pull-village';

export const REPLAY_LOCK = 'village-outbox-replay';
/** Worth trying again later: the write may well go through then. Any other 4xx is a refusal. */
const TRANSIENT = new Set([408, 425, 429]);

export interface ReplayEnv extends Transport {
  db: VillageDatabase;
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
  let sent = 0;
  let failed = 0;
  const villagesToPull = new Set<string>();
  const finish = async <R extends DrainResult>(result: R): Promise<R> => {
    for (const villageId of villagesToPull) await pullVillage({ ...env, db }, token, userId, villageId).catch(() => undefined);
    return result;
  };

  for (;;) {
    const batch = (await db.outbox.where('status').equals('pending').sortBy('seq')).filter((e) => e.userId === userId);
    if (batch.length === 0) return finish({ state: 'drained', sent, failed });
    // How many later writes of the batch touch each row: their effect must not be overwritten by an earlier answer.
    const laterTargets = new Map<string, number>();
    const targetOf = (e: OutboxEntry) => mutationKind(e.kind).target(e.payload);
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
      const kind = mutationKind(entry.kind);
      let response: Response;
      try {
        response = await send(env, token, kind.request(entry.payload), { 'Idempotency-Key': entry.id });
      } catch {
        const retryAt = await postpone(env, entry, 'network', null);
        return finish({ state: 'waiting', sent, failed, retryAt, reason: 'network' });
      }
      if (response.ok) {
        const data = response.status === 204 ? null : (((await response.json().catch(() => null)) as { data?: unknown } | null)?.data ?? null);
        await db.transaction('rw', [...villageTables(db), db.outbox, db.sentMarks], async () => {
          await db.outbox.delete(entry.seq!);
          await markSent(db, entry.villageId);
          // A later write on the same row is still waiting: the server's answer would hide its effect.
          if (kind.settle && data !== null && !laterTargets.get(target) && !(await queuedSince(target))) {
            try {
              await kind.settle(db, entry.payload, data);
            } catch (error) {
              // The server has the write; an answer this app cannot read must not block the queue behind it.
              console.warn('An answer could not be stored; the village will be pulled again', error);
              villagesToPull.add(entry.villageId);
            }
          }
        });
        sent++;
        continue;
      }
      if (response.status === 401) {
        // The queue is kept for this user; the page signs out and a new sign-in resumes it.
        return finish({ state: 'unauthorized', sent, failed });
      }
      if (TRANSIENT.has(response.status) || response.status >= 500) {
        const retryAt = await postpone(env, entry, 'server', response);
        return finish({ state: 'waiting', sent, failed, retryAt, reason: 'server' });
      }
      const message = await messageOf(response);
      await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: response.status, message } });
      villagesToPull.add(entry.villageId);
      failed++;
    }
  }
}

async function postpone(env: ReplayEnv, entry: OutboxEntry, kind: 'network' | 'server', response: Response | null) {
  const attempts = entry.attempts + 1;
  const at = (env.now ?? Date.now)();
  const delay = retryDelay(attempts, response?.headers.get('Retry-After') ?? null, env.random, at);
  const notBefore = at + delay;
  await env.db.outbox.update(entry.seq!, {
    attempts,
    notBefore,
    lastError: { kind, ...(response ? { status: response.status } : {}) },
  });
  return notBefore;
}
