import { eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Logger } from 'pino';
import { createJobLoop } from '../jobs/job-loop';
import type { Clock } from '../deps';
import type { Db } from '../db/client';
import { mailJobs, mailSuppressions, users } from '../db/schema';
import { sharedSecret } from '../events/shared-secret';
import { wantsNotification, type NotificationSettings } from '../../src/contract/notification-settings';
import { readNotificationSettingsOf } from './preferences';
import { FINISHED_MAIL_MS } from '../../src/contract/retention';
import { unsubscribeLinks, unsubscribeToken, UNSUBSCRIBE_SECRET } from './unsubscribe-token';
import type { Mailer } from './mailer';
import { DEFAULT_MAIL_FROM } from './mail-from';
import { classifySendFailure, MAIL_GIVE_UP_MS, mailRetryDelay } from './send-failure';
import { finishedPayload } from './finished-payload';
import { isMailKind, mailTemplates } from './templates';
import type { MailTemplate } from './template';
import type { RenderedMail } from './layout';

export interface MailDispatcherDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Links in mails, and the host of their Message-ID. */
  publicUrl: string;
  /** MAIL_FROM. */
  from?: string;
  /** The templates by kind: every mail's by default; a test may bring its own. */
  templates?: Readonly<Record<string, MailTemplate<unknown>>>;
}

const BATCH = 20;
// Long enough to hand a batch to a slow SMTP server; a job claimed by an instance that then died goes after it.
const CLAIM_MS = 5 * 60 * 1000;
const WAKE_DELAY_MS = 100;
// What left and what failed is kept a month, for questions about a mail; then only the address would remain.
// The figure the privacy page states (src/contract/retention.ts).
const KEEP_FINISHED_MS = FINISHED_MAIL_MS;
const PRUNE_EVERY_MS = 3600 * 1000;

type JobRow = { id: string; kind: string; to: string; userId: string | null; payload: unknown; dueAt: Date; attempts: number };

/** The owner of a user's mail, read when it is sent: the address may have changed since it was queued. */
type Owner = { email: string; verified: boolean; settings: NotificationSettings };

/**
 * Sends the queued mails that are due, on every instance: a job is claimed by one instance only (the claim
 * skips rows another holds), sent, then marked sent; a failed try puts it off (its claim lasts until the
 * retry), a hard bounce fails it and suppresses the address. Mails are sent at least once: an instance that
 * dies between the SMTP server's acceptance and the mark sends it again once its claim lapses, with the
 * same Message-ID.
 */
export function createMailDispatcher(deps: MailDispatcherDeps) {
  const host = new URL(deps.publicUrl).hostname;
  const from = deps.from ?? DEFAULT_MAIL_FROM;
  const unsubscribeSecret = sharedSecret(deps.db, UNSUBSCRIBE_SECRET);
  const templates = deps.templates;

  async function claim(now: Date): Promise<JobRow[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    const result = await deps.db.execute(sql`
      update ${mailJobs} set claimed_until = ${until}, attempts = attempts + 1
      where id in (
        select id from ${mailJobs}
        where sent_at is null and failed_at is null and due_at <= ${at} and (claimed_until is null or claimed_until <= ${at})
        order by due_at limit ${BATCH}
        for update skip locked)
      returning id, kind, to_address, user_id, payload, due_at, attempts`);
    // Both drivers (node-postgres and PGlite) answer an object with `rows`.
    const { rows } = result as unknown as { rows: Array<Record<string, unknown>> };
    return rows
      .map((r) => ({
        id: String(r.id),
        kind: String(r.kind),
        to: String(r.to_address),
        userId: r.user_id == null ? null : String(r.user_id),
        payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
        dueAt: new Date(r.due_at as string | Date),
        attempts: Number(r.attempts),
      }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  // A finished job keeps only what the quotas count of its payload: the rest may hold a one-time link.
  const fail = (id: string, now: Date, error: string) =>
    deps.db
      .update(mailJobs)
      .set({ failedAt: now, lastError: error, claimedUntil: null, payload: finishedPayload })
      .where(eq(mailJobs.id, id));

  type Prepared = { mail: RenderedMail; to: string; headers?: Record<string, string> };

  /**
   * What goes out for a job, or why nothing does. A mail of a kind its person can turn off goes to their
   * address of the moment, only once it is verified, only while they still want it, with its one-click
   * unsubscribe; the others (reset, verification, invitation) go to the address they were queued for.
   */
  async function prepare(
    job: JobRow,
    owners: Map<string, Owner | null>,
    now: Date,
  ): Promise<Prepared | { dropped: string } | { broken: string }> {
    const template = templates
      ? Object.hasOwn(templates, job.kind)
        ? templates[job.kind]
        : undefined
      : isMailKind(job.kind)
        ? (mailTemplates[job.kind] as MailTemplate<unknown>)
        : undefined;
    if (!template) return { broken: `no template for ${job.kind}` };
    const payload = v.safeParse(template.payload, job.payload);
    if (!payload.success) return { broken: `payload refused by its template: ${v.summarize(payload.issues)}` };
    const kind = template.kind;
    if (!kind) return { mail: template.render(payload.output, { publicUrl: deps.publicUrl, now }), to: job.to };
    const owner = job.userId ? owners.get(job.userId) : null;
    if (!owner) return { dropped: 'no account behind this mail any more' };
    if (!owner.verified) return { dropped: 'address not verified' };
    const villageId = (payload.output as { village_id?: unknown }).village_id;
    if (!wantsNotification(owner.settings, 'email', kind, typeof villageId === 'string' ? villageId : null)) {
      return { dropped: `turned off by its person (${kind})` };
    }
    const links = unsubscribeLinks(deps.publicUrl, unsubscribeToken(await unsubscribeSecret(), job.userId!, kind));
    const mail = template.render(payload.output, {
      publicUrl: deps.publicUrl,
      now,
      unsubscribe: { pageUrl: links.pageUrl, settingsUrl: links.settingsUrl },
    });
    return {
      mail,
      to: owner.email,
      // RFC 8058: a mail client's "unsubscribe" POSTs there, without the reader signing in.
      headers: { 'List-Unsubscribe': `<${links.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  async function readOwners(jobs: JobRow[]): Promise<Map<string, Owner | null>> {
    const ids = [...new Set(jobs.flatMap((job) => (job.userId ? [job.userId] : [])))];
    if (ids.length === 0) return new Map();
    const rows = await deps.db
      .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(inArray(users.id, ids));
    const settings = await readNotificationSettingsOf(deps.db, ids);
    const owners = new Map<string, Owner | null>(ids.map((id) => [id, null]));
    for (const row of rows) owners.set(row.id, { email: row.email, verified: row.verifiedAt !== null, settings: settings.get(row.id)! });
    return owners;
  }

  async function handle(job: JobRow, owners: Map<string, Owner | null>, suppressed: Map<string, string>, now: Date): Promise<boolean> {
    const prepared = await prepare(job, owners, now);
    if ('broken' in prepared) {
      deps.logger.error({ job: job.id, kind: job.kind }, prepared.broken);
      await fail(job.id, now, prepared.broken);
      return false;
    }
    if ('dropped' in prepared) {
      deps.logger.info({ job: job.id, kind: job.kind, reason: prepared.dropped }, 'mail not sent');
      await fail(job.id, now, `not sent: ${prepared.dropped}`);
      return false;
    }
    const reason = suppressed.get(prepared.to.toLowerCase());
    if (reason !== undefined) {
      await fail(job.id, now, `suppressed: ${reason}`);
      return false;
    }
    const { mail } = prepared;
    try {
      await deps.mailer.send({
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        headers: { ...prepared.headers, ...(mail.replyTo ? { 'Reply-To': mail.replyTo } : {}) },
        to: prepared.to,
        from,
        date: now,
        messageId: `<${job.id}@${host}>`,
      });
    } catch (error) {
      const failure = classifySendFailure(error);
      // A bounce counts for the jobs after it in the batch.
      if (failure.kind === 'bounce') suppressed.set(prepared.to.toLowerCase(), failure.message);
      await failedTry({ ...job, to: prepared.to }, failure, now);
      return false;
    }
    await deps.db
      .update(mailJobs)
      .set({ sentAt: now, claimedUntil: null, lastError: null, payload: finishedPayload })
      .where(eq(mailJobs.id, job.id));
    return true;
  }

  async function failedTry(job: JobRow, failure: ReturnType<typeof classifySendFailure>, now: Date) {
    if (failure.kind === 'bounce') {
      deps.logger.warn({ job: job.id, kind: job.kind, error: failure.message }, 'mail bounced: address suppressed');
      await deps.db.transaction(async (tx) => {
        await tx
          .update(mailJobs)
          .set({ failedAt: now, lastError: failure.message, claimedUntil: null, payload: finishedPayload })
          .where(eq(mailJobs.id, job.id));
        await tx
          .insert(mailSuppressions)
          .values({ address: job.to.toLowerCase(), reason: failure.message, createdAt: now })
          .onConflictDoNothing();
      });
    } else if (now.getTime() - job.dueAt.getTime() >= MAIL_GIVE_UP_MS) {
      deps.logger.error({ job: job.id, kind: job.kind, error: failure.message }, 'mail given up after a day of failures');
      await fail(job.id, now, failure.message);
    } else {
      const retryAt = new Date(now.getTime() + mailRetryDelay(job.attempts));
      deps.logger.warn({ job: job.id, kind: job.kind, error: failure.message, retryAt }, 'mail not sent: tried again later');
      await deps.db.update(mailJobs).set({ claimedUntil: retryAt, lastError: failure.message }).where(eq(mailJobs.id, job.id));
    }
  }

  async function handleBatch(jobs: JobRow[], now: Date) {
    const owners = await readOwners(jobs);
    const addresses = [
      ...new Set([...jobs.map((job) => job.to), ...[...owners.values()].flatMap((o) => (o ? [o.email] : []))].map((a) => a.toLowerCase())),
    ];
    const rows = await deps.db.select().from(mailSuppressions).where(inArray(mailSuppressions.address, addresses));
    const suppressed = new Map(rows.map((row) => [row.address, row.reason]));
    let sent = 0;
    for (const job of jobs) if (await handle(job, owners, suppressed, now)) sent += 1;
    return sent;
  }

  /** Deletes the rows of mails sent or given up more than a month ago; answers how many. */
  async function pruneFinished(): Promise<number> {
    const before = new Date(deps.clock.now().getTime() - KEEP_FINISHED_MS).toISOString();
    const result = await deps.db.execute(sql`
      delete from ${mailJobs} where sent_at < ${before} or failed_at < ${before} returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  }

  // runDue resolves with how many mails the mail server (or the outbox) accepted.
  let pruning: Promise<unknown> | undefined;
  const loop = createJobLoop({
    label: 'mail',
    logger: deps.logger,
    batchSize: BATCH,
    wakeDelayMs: WAKE_DELAY_MS,
    claim,
    handleBatch,
    now: () => deps.clock.now(),
  });
  return {
    ...loop,
    pruneFinished,
    /** Runs every `intervalMs` until `signal` aborts, and prunes old rows every hour. */
    start(intervalMs: number, signal?: AbortSignal) {
      loop.start(intervalMs, signal);
      const timer = setInterval(() => {
        pruning = pruneFinished()
          .catch((error) => deps.logger.error({ err: error }, 'mail prune failed'))
          .finally(() => (pruning = undefined));
      }, PRUNE_EVERY_MS);
      timer.unref();
      signal?.addEventListener('abort', () => clearInterval(timer), { once: true });
    },
    /** Resolves once the run and the prune in flight, if any, have ended. */
    settled: () => Promise.all([loop.settled(), pruning]),
  };
}
export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
