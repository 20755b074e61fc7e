import type { OutboxEntry, VillageDatabase } from '../db/database';
import { villageTables } from '../db/database';
import { backoffDelay, type Backoff } from '../contract/retry';
import { send, type TransportEnv } from '../api/transport';
import { UNEXPECTED_MESSAGE, type ApiFailure, type ApiResult } from '../api/failure';
import { withExclusiveLock } from './lock';
import { mutationKinds } from './registry';
import { markSent, pullVillage } from './pull-village';
import { ACCOUNT_SCOPE } from './mutation-kind';
import { batchable, MAX_BATCH_WRITES, outgoing, sendBatch } from './send-batch';

export const REPLAY_LOCK = 'village-outbox-replay';
/**
 * The fault tests build the app with small batches (`VITE_OUTBOX_BATCH_SIZE=2`), so that their lost answers,
 * 503s and kills fall between many calls as they did between single writes. Not set under Node (no Vite).
 */
const BUILD_BATCH_SIZE =
  Number((import.meta.env as Record<string, string | undefined> | undefined)?.VITE_OUTBOX_BATCH_SIZE) || MAX_BATCH_WRITES;
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
  /**
   * The server was just heard from (any answer of its own, a probe, a sync event): every write held back by a lost
   * connection or a server error goes now, its backoff started afresh. A 429's wait stands: the server is up and
   * asked for it. A server still down costs one request: a drain's first call carries one write.
   */
  serverBack?: boolean;
  /** The most writes one call carries: `VITE_OUTBOX_BATCH_SIZE` of the build, else the server's 50. */
  batchSize?: number;
}

export type DrainResult =
  | { state: 'drained'; sent: number; failed: number }
  | { state: 'waiting'; sent: number; failed: number; retryAt: number; reason: 'network' | 'server'; status?: number }
  | { state: 'unauthorized'; sent: number; failed: number }
  | { state: 'signed-out' }
  | { state: 'busy' };

/**
 * Sends the signed-in user's queued writes to the server, oldest first, with the entry id as
 * Idempotency-Key (a resend after a lost answer changes nothing twice): the writes due go in
 * `POST /v1/batch` calls of 1, 2, 4… up to 50 writes, which the server runs in order, each as if sent alone
 * (src/outbox/README.md says why). One replayer at a time across the
 * page's tabs and the service worker. It stops at the first write that must wait (lost connection, 408,
 * 425, 429, 5xx: backoff with jitter, or the server's Retry-After; a 429 that frees only after hours fails
 * instead: overQuotaForLong) so the order holds; a 401 pauses the
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

  if (env.serverBack) await restartBackoff(db, userId);

  const targetOf = (e: OutboxEntry) => kinds.get(e.kind).target(e.payload);
  // Whether the server answers batch calls; an older one is sent one write at a time.
  let batchCalls = true;
  // A drain's first call carries one write, and each call answered whole doubles the next, up to 50: the
  // server is known to be there before it is given a batch's worth of work, and after a fault (which ends
  // the drain) the next one starts small again.
  let batchSize = 1;
  const largestBatch = Math.max(1, Math.min(env.batchSize ?? BUILD_BATCH_SIZE, MAX_BATCH_WRITES));
  let laterTargets = new Map<string, number>();
  let lastSeq = 0;
  // Writes made while the queue read below is on its way are not in it: they are looked for when an answer comes.
  const queuedSince = (target: string) =>
    db.outbox
      .where(':id')
      .above(lastSeq)
      .filter((e) => e.status === 'pending' && e.userId === userId && targetOf(e) === target)
      .count();

  for (;;) {
    const queue = (await db.outbox.where('status').equals('pending').sortBy('seq')).filter((e) => e.userId === userId);
    if (queue.length === 0) return finish({ state: 'drained', sent, failed });
    // How many later writes of the queue touch each row: their effect must not be overwritten by an earlier answer.
    laterTargets = new Map<string, number>();
    for (const entry of queue) laterTargets.set(targetOf(entry), (laterTargets.get(targetOf(entry)) ?? 0) + 1);
    lastSeq = queue[queue.length - 1].seq!;

    const due = (entry: OutboxEntry) => entry.notBefore <= now() || (entry.lastError?.kind === 'network' && env.networkBack === true);
    for (let next = 0; next < queue.length;) {
      if (!due(queue[next])) {
        const entry = queue[next];
        const { kind = 'server', status } = entry.lastError ?? {};
        return finish({ state: 'waiting', sent, failed, retryAt: entry.notBefore, reason: kind, ...(status ? { status } : {}) });
      }
      // The entries due from here, in order, go in one batch call; alone when only one is, or a photo.
      const group = [outgoing(queue[next], kinds.get(queue[next].kind))];
      while (batchCalls && batchable(group[0]) && group.length < Math.min(batchSize, largestBatch) && next + group.length < queue.length) {
        const candidate = queue[next + group.length];
        const out = outgoing(candidate, kinds.get(candidate.kind));
        if (!due(candidate) || !batchable(out)) break;
        group.push(out);
      }
      let results: ApiResult<unknown>[];
      if (group.length === 1) {
        results = [await send(transport, group[0].endpoint, group[0].args, { retries: 0, idempotencyKey: group[0].entry.id })];
      } else {
        const outcome = await sendBatch(transport, group);
        if (outcome.state === 'refused') {
          // An older server, or one that refuses the call itself: one at a time from now on.
          batchCalls = false;
          continue;
        }
        results = outcome.state === 'failed' ? [{ ok: false, failure: outcome.failure }] : outcome.results;
      }
      // One local transaction for a batch's answers: the queue's own work stays small beside the server's.
      const stop = await db.transaction('rw', [...villageTables(db), db.outbox, db.sentMarks], async () => {
        for (let i = 0; i < results.length; i++) {
          const stopped = await settleOne(group[i].entry, results[i]);
          if (stopped) return stopped;
        }
        return null;
      });
      if (stop) return finish(stop);
      next += results.length;
      batchSize = Math.min(batchSize * 2, largestBatch);
    }
  }

  /** Stores what one write answered; says why the drain must stop there, if it must. */
  async function settleOne(entry: OutboxEntry, result: ApiResult<unknown>): Promise<DrainResult | null> {
    const kind = kinds.get(entry.kind);
    const target = kind.target(entry.payload);
    laterTargets.set(target, (laterTargets.get(target) ?? 1) - 1);
    if (result.ok || result.failure.kind === 'unexpected-answer') {
      const data = result.ok ? result.data : null;
      await db.outbox.delete(entry.seq!);
      await markSent(db, entry.villageId);
      // The server has the write; an answer this app cannot read must not block the queue behind it.
      if (!result.ok) villagesToPull.add(entry.villageId);
      // A later write on the same row is still waiting: the server's answer would hide its effect.
      if (kind.settle && data !== null && !laterTargets.get(target) && !(await queuedSince(target))) {
        try {
          await kind.settle(db, entry.payload, data as never);
        } catch (error) {
          console.warn('An answer could not be stored; the village will be pulled again', error);
          villagesToPull.add(entry.villageId);
        }
      }
      sent++;
      return null;
    }
    const { failure } = result;
    if (failure.kind === 'offline') {
      const retryAt = await postpone(env, entry, failure);
      return { state: 'waiting', sent, failed, retryAt, reason: 'network' };
    }
    if (failure.kind === 'unauthorized') {
      // The queue is kept for this user; the page's transport has signalled the expired session, and a
      // new sign-in resumes the queue.
      return { state: 'unauthorized', sent, failed };
    }
    if ((TRANSIENT.has(failure.status) || failure.status >= 500) && !overQuotaForLong(failure)) {
      const retryAt = await postpone(env, entry, failure);
      return { state: 'waiting', sent, failed, retryAt, reason: 'server' };
    }
    // A refusal without a French message of the server's says what happened rather than "unexpected".
    const message = failure.message === UNEXPECTED_MESSAGE ? REFUSED_MESSAGE : failure.message;
    const details = failure.kind === 'invalid' && failure.errors.length ? { details: failure.errors.map((e) => e.message) } : {};
    await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: failure.status, message, ...details } });
    villagesToPull.add(entry.villageId);
    failed++;
    return null;
  }
}

/**
 * A 429 whose Retry-After is beyond the longest wait between tries (5 minutes): a quota of the person's that
 * frees in hours (100 invitations a day, 3 changes of address an hour), not a busy server. Waiting would hold
 * every later write of theirs behind it that long; the write goes to the failed list with the server's French
 * message instead, to try again later or discard, and the queue goes on.
 */
const overQuotaForLong = (failure: ApiFailure) =>
  'status' in failure && failure.status === 429 && 'retryAfterMs' in failure && (failure.retryAfterMs ?? 0) > REPLAY_BACKOFF.maxMs;

/** The server answers again: what waited for it is due now, and a new fault backs off from 1 s, not from minutes. */
async function restartBackoff(db: VillageDatabase, userId: string) {
  await db.outbox
    .where('status')
    .equals('pending')
    .filter((e) => e.userId === userId && e.lastError !== undefined && e.lastError.status !== 429)
    .modify((e) => {
      e.attempts = 0;
      e.notBefore = 0;
    });
}

async function postpone(env: ReplayEnv, entry: OutboxEntry, failure: ApiFailure) {
  const attempts = entry.attempts + 1;
  const at = (env.now ?? Date.now)();
  const server = 'status' in failure ? failure : null;
  const delay = backoffDelay(REPLAY_BACKOFF, attempts - 1, {
    retryAfterMs: server && 'retryAfterMs' in server ? server.retryAfterMs : null,
    random: env.random,
  });
  const notBefore = at + delay;
  await env.db.outbox.update(entry.seq!, {
    attempts,
    notBefore,
    lastError: server ? { kind: 'server', status: server.status } : { kind: 'network' },
  });
  return notBefore;
}
