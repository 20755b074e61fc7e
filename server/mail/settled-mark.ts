import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailProducerMarks } from '../db/schema';

/**
 * The longest a settled answer holds: what the clock alone makes due and a producer does not foresee in its
 * `wakeAt` (a slot coming into a horizon that slides with the hour, a member quiet for a month since this
 * minute) is queued this late at most.
 */
export const SETTLED_RECHECK_MS = 10 * 60_000;

/**
 * How long before a producer's last run a write may be stamped and still be committed after that run read:
 * a narrowed run reads what was written since then, less this (a write's instant is its instance's clock,
 * taken before its transaction commits). A write older still is read by the full run of the recheck.
 */
export const SETTLED_WRITE_MARGIN_MS = 2 * 60_000;

/**
 * What a producer's full run answers: how many mails it queued, and when the clock alone may make more due. A
 * run that stopped at its share of the work (`runShare`, kinds/village-parts.ts) answers `wakeAt` now, so that the next minute's run is
 * a full one, and, when what it left cannot be told from what it did, `resumeAfter`: where that run takes over.
 */
export type SettledRun = { queued: number; wakeAt?: Date | null; resumeAfter?: string | null };

type MarkRow = {
  current: string;
  period: string | null;
  mark: string | null;
  wake_at: string | Date | null;
  settled_at: string | Date | null;
  resume_after: string | null;
};

/**
 * A scheduled producer's run, ended at once when nothing it reads changed since its last full run of the same
 * period and the clock has made nothing due since (`wake_at`). Every minute every instance runs every producer;
 * without this each such minute would look up the key of every member who might still be due.
 *
 * The mark is what a producer's mails are made of, read in one statement from a few rows and index ends: every
 * write to a village bumps its revision (actions/record.ts' touchVillage: members, needs, helps, messages), an
 * address verified moves the newest `email_verified_at`, a choice of notifications the newest
 * `notification_settings.updated_at`. What moves none of them (a visit, a nudge or push claimed, a mail sent)
 * only ever makes fewer mails due.
 *
 * Read before the run and stored after it: a write the run may not have seen moves the mark, so the next run
 * reads again. Several instances store their own reading, any of which was true before their reads; a run that
 * failed stores nothing, and a restart finds the row. The unique keys of the mails still make each exist once.
 *
 * A producer that `narrows` is given, when the mark moved within its period and wake, the only villages to read
 * (`touchedVillages` since its last run, less `SETTLED_WRITE_MARGIN_MS`; none, no run): nothing else can have a
 * mail due that was not, but by the clock; the wake of its last full run is kept, or brought forward. Otherwise
 * (null) it reads everything, and its wake is at most `SETTLED_RECHECK_MS` away.
 */
export async function settledRun(
  db: Db,
  producer: string,
  now: Date,
  period: string,
  run: (only: readonly string[] | null, resumeAfter: string | null) => Promise<SettledRun>,
  options: { narrows?: boolean } = {},
): Promise<number> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(revision), 0) || '/' || count(*) || '/' || coalesce(max(updated_at)::text, '') from villages)
        || '/' || coalesce((select max(email_verified_at)::text from users), '')
        || '/' || coalesce((select max(updated_at)::text from notification_settings), '') as current,
      m.period, m.mark, m.wake_at, m.settled_at, m.resume_after
    from (select 1) one
    left join ${mailProducerMarks} m on m.producer = ${producer}`);
  const [row] = (result as unknown as { rows: MarkRow[] }).rows;
  const held =
    row.period === period &&
    row.wake_at !== null &&
    row.settled_at !== null &&
    now.getTime() < new Date(row.wake_at).getTime() &&
    now.getTime() >= new Date(row.settled_at).getTime();
  if (held && row.mark === row.current) return 0;

  // Still within the period and its wake: only what was written since the last run can be due, for a producer
  // that reads only that; its wake stays that of its last full run, or sooner.
  const narrowed = held && options.narrows === true;
  const only = narrowed ? await touchedVillages(db, new Date(new Date(row.settled_at!).getTime() - SETTLED_WRITE_MARGIN_MS)) : null;
  // A run that stopped at its share left its wake at its own instant: the next one is full, and takes over where it
  // stopped, within the same period (a new period starts over).
  const resumeFrom = !narrowed && row.period === period ? row.resume_after : null;
  const { queued, wakeAt, resumeAfter = null } = only?.length === 0 ? { queued: 0 } : await run(only, resumeFrom);
  const latest = narrowed ? new Date(row.wake_at!).getTime() : now.getTime() + SETTLED_RECHECK_MS;
  const wake = new Date(wakeAt ? Math.min(wakeAt.getTime(), latest) : latest);
  // A narrowed run leaves the cursor of the full runs as it was (it read only the villages written since).
  const cursor = narrowed ? row.resume_after : resumeAfter;
  await db
    .insert(mailProducerMarks)
    .values({ producer, period, mark: row.current, wakeAt: wake, settledAt: now, resumeAfter: cursor })
    .onConflictDoUpdate({
      target: mailProducerMarks.producer,
      set: { period, mark: row.current, wakeAt: wake, settledAt: now, resumeAfter: cursor },
    });
  return queued;
}

/**
 * The villages that may have a mail due that they did not have at a producer's last run: written to since
 * `changedSince`, or with a member whose address was verified or whose choices changed since. Read apart, so
 * that the queries given them plan for a few villages, not every one.
 */
export async function touchedVillages(db: Db, changedSince: Date): Promise<string[]> {
  const at = changedSince.toISOString();
  const result = await db.execute(sql`
    select id from villages where updated_at >= ${at}::timestamptz
    union
    select vr.village_id from users u join villagers vr on vr.user_id = u.id where u.email_verified_at >= ${at}::timestamptz
    union
    select vr.village_id from notification_settings ns join villagers vr on vr.user_id = ns.user_id where ns.updated_at >= ${at}::timestamptz`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** In SQL, a village id column among `only` (null: any village, a full run); one array parameter however many. */
export const amongVillages = (column: SQLWrapper, only: readonly string[] | null): SQL =>
  only === null ? sql`true` : sql`${column} = any(${`{${only.join(',')}}`}::uuid[])`;
