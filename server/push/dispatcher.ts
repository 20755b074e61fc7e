import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from 'pino';
import { createJobLoop } from '../jobs/job-loop';
import type { Clock } from '../deps';
import type { Db } from '../db/client';
import { pushJobs, pushSubscriptions, sessions, villagers, villages } from '../db/schema';
import { anyUuid } from '../db/any-uuid';
import { SESSION_IDLE_MS } from '../http/authenticate';
import { composeJob, type Delivery } from './compose';
import { wantedByPush } from './push-settings';
import { isGone, isTransient, sendToDevice } from './send';
import { createPushPoster } from './push-request';
import type { ResolveHost } from './public-address';
import { pushRetryDelay } from './retry-delay';
import type { VapidKeys } from './vapid-keys';
import { createVapidSigner } from './vapid-signature';
import { notClosed } from '../villages/closed';

export interface PushDispatcherDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  keys: () => Promise<VapidKeys>;
  /** The VAPID contact (`mailto:` or `https:`) push services may write to about abuse. */
  subject: string;
  /** The test-only setting (PUSH_ALLOW_HTTP): push services on plain http and inside the network, for a test's own. */
  allowHttpPushEndpoints?: boolean;
  /** How push services' names are resolved (the system's DNS); tests put their own. */
  resolveHost?: ResolveHost;
}

const BATCH = 50;
// Long enough for a batch to be sent; a job claimed by an instance that then died is sent after it.
const CLAIM_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const WAKE_DELAY_MS = 200;

type JobRow = { id: string; villageId: string; kind: string; data: Record<string, unknown>; attempts: number };

/**
 * Sends the queued pushes that are due, on every instance: a job is claimed by one instance only (the
 * claim skips rows another instance holds), sent, then deleted. Woken by the writes' NOTIFY and by a timer
 * (reminders, and anything a lost NOTIFY left behind).
 */
export function createPushDispatcher(deps: PushDispatcherDeps) {
  const post = createPushPoster({ resolve: deps.resolveHost, allowLocal: deps.allowHttpPushEndpoints });
  // On the wall clock, not deps.clock: push services check the signature's expiry against theirs.
  const sign = createVapidSigner({ subject: deps.subject });

  async function claim(now: Date): Promise<JobRow[]> {
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    const at = now.toISOString();
    const result = await deps.db.execute(sql`
      update ${pushJobs} set claimed_until = ${until}, attempts = attempts + 1
      where id in (
        select id from ${pushJobs}
        where due_at <= ${at} and (claimed_until is null or claimed_until < ${at})
        order by due_at limit ${BATCH}
        for update skip locked)
      returning id, village_id, kind, data, attempts`);
    // Both drivers (node-postgres and PGlite) answer an object with `rows`.
    const { rows } = result as unknown as { rows: Array<Record<string, unknown>> };
    return rows.map((r) => ({
      id: String(r.id),
      villageId: String(r.village_id),
      kind: String(r.kind),
      data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
      attempts: Number(r.attempts),
    }));
  }

  /**
   * Sends each delivery to its user's devices (only `onlyDevices` when a retry names them). Answers how many
   * the push services accepted, and the devices worth another try (busy, failing or unreachable services).
   */
  async function deliver(deliveries: Delivery[], onlyDevices?: string[]) {
    const outcome = { sent: 0, retry: [] as string[], retryAfterMs: 0 };
    if (deliveries.length === 0) return outcome;
    const keys = await deps.keys();
    // Only devices whose session is still alive: one idle past 30 days is over even before it is next used.
    const alive = new Date(deps.clock.now().getTime() - SESSION_IDLE_MS);
    const rows = await deps.db
      .select({
        device: {
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        },
      })
      .from(pushSubscriptions)
      .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionHash))
      .where(and(anyUuid(pushSubscriptions.userId, [...new Set(deliveries.map((d) => d.userId))]), gt(sessions.lastUsedAt, alive)));
    // Each user's devices found once: filtering them all for each delivery was quadratic in the village's size.
    const only = onlyDevices && new Set(onlyDevices);
    const devicesOf = new Map<string, Array<(typeof rows)[number]['device']>>();
    for (const { device } of rows) {
      if (only && !only.has(device.id)) continue;
      const mine = devicesOf.get(device.userId);
      if (mine) mine.push(device);
      else devicesOf.set(device.userId, [device]);
    }
    const gone: string[] = [];
    await Promise.all(
      deliveries.flatMap((delivery) =>
        (devicesOf.get(delivery.userId) ?? []).map(async (device) => {
          const result = await sendToDevice(post, keys, sign, device, delivery, deps.clock.now().getTime());
          if (isGone(result)) {
            gone.push(device.id);
            deps.logger.info({ subscription: device.id, result }, 'push subscription gone or not on the public internet: removed');
          } else if (isTransient(result)) {
            outcome.retry.push(device.id);
            outcome.retryAfterMs = Math.max(outcome.retryAfterMs, 'retryAfterMs' in result ? (result.retryAfterMs ?? 0) : 0);
            deps.logger.warn({ subscription: device.id, result }, 'push not delivered: tried again later');
          } else if ('status' in result && result.status >= 300) {
            deps.logger.warn({ subscription: device.id, result }, 'push refused');
          } else outcome.sent += 1;
        }),
      ),
    );
    // In one statement once the fan-out is over: expired subscriptions come in numbers after a while.
    if (gone.length) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    return outcome;
  }

  /**
   * The devices a busy or failing push service did not take get the same job again later, alone: after
   * Retry-After when the service said, else 30 s, 1 min, 2 min, 4 min. What it tells is read afresh then,
   * so a reminder past its slot or a help withdrawn meanwhile is not sent.
   */
  async function retryLater(job: JobRow, devices: string[], retryAfterMs: number, now: Date) {
    if (devices.length === 0 || job.attempts >= MAX_ATTEMPTS) return;
    const waitMs = pushRetryDelay(job.attempts, retryAfterMs);
    await deps.db.insert(pushJobs).values({
      id: uuidv7(),
      villageId: job.villageId,
      kind: job.kind,
      data: { ...job.data, devices },
      dueAt: new Date(now.getTime() + waitMs),
      attempts: job.attempts,
    });
  }

  async function handle(job: JobRow, now: Date) {
    try {
      const onlyDevices = Array.isArray(job.data.devices) ? (job.data.devices as string[]) : undefined;
      // Each person's push switches, read now: one turned off or a village muted since the write is honoured.
      const deliveries = await wantedByPush(deps.db, await composeJob(deps.db, job, now));
      const { sent, retry, retryAfterMs } = await deliver(deliveries, onlyDevices);
      await deps.db.delete(pushJobs).where(eq(pushJobs.id, job.id));
      await retryLater(job, retry, retryAfterMs, now);
      return sent;
    } catch (error) {
      deps.logger.error({ err: error, job: job.id, kind: job.kind }, 'push job failed');
      // Its claim lapses and another run tries again, a few times only.
      if (job.attempts >= MAX_ATTEMPTS)
        await deps.db
          .delete(pushJobs)
          .where(eq(pushJobs.id, job.id))
          .catch(() => undefined);
      return 0;
    }
  }

  /**
   * The villages of these jobs where an active member has a device to tell. Most writes of a village
   * nobody subscribed in are then dropped in one statement, without reading who would have been told:
   * on the embedded database the dispatcher's queries wait in line with the writes.
   */
  async function villagesWithDevices(jobs: JobRow[]): Promise<Set<string>> {
    const ids = [...new Set(jobs.map((j) => j.villageId))];
    const rows = await deps.db
      .selectDistinct({ villageId: villagers.villageId })
      .from(villagers)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, villagers.userId))
      // A closed village tells nobody any more: its jobs are dropped with the unreachable ones.
      .innerJoin(villages, eq(villages.id, villagers.villageId))
      .where(and(inArray(villagers.villageId, ids), eq(villagers.isOut, false), eq(villagers.isBan, false), notClosed()));
    return new Set(rows.map((r) => r.villageId));
  }

  async function handleBatch(jobs: JobRow[], now: Date) {
    const reachable = await villagesWithDevices(jobs);
    const idle = jobs.filter((job) => !reachable.has(job.villageId)).map((job) => job.id);
    if (idle.length) await deps.db.delete(pushJobs).where(inArray(pushJobs.id, idle));
    let sent = 0;
    for (const job of jobs) if (reachable.has(job.villageId)) sent += await handle(job, now);
    return sent;
  }

  // runDue resolves with how many pushes the push services accepted.
  return createJobLoop({
    label: 'push',
    logger: deps.logger,
    batchSize: BATCH,
    wakeDelayMs: WAKE_DELAY_MS,
    claim,
    handleBatch,
    now: () => deps.clock.now(),
  });
}
export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
