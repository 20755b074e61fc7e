import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { helps, users, villagers } from '../../db/schema';
import { activeMember } from './digest-recipients';

const DAY_MS = 24 * 3600_000;
/** Someone who has taken nothing for this long is quiet; a nudge is then sent once per such stretch at most. */
export const QUIET_DAYS = 30;

/**
 * How many active members of each of these villages are quiet at `now` and not nudged since `notNudgedSince`:
 * one row per village, so that a nudge run plans its parts without reading every member.
 */
export async function quietCounts(
  db: Executor,
  villageIds: readonly string[],
  now: Date,
  notNudgedSince: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ villageId: villagers.villageId, count: sql<number>`count(*)::int` })
    .from(villagers)
    .where(and(inArray(villagers.villageId, [...villageIds]), quietMember(now, { notNudgedSince })))
    .groupBy(villagers.villageId);
  return new Map(rows.map((row) => [row.villageId, Number(row.count)]));
}

/**
 * The first names of each village's quiet members, one row per village: the weekly summary names them, and a
 * row per member (tens of thousands across every village) would cost more to read than to find.
 */
export async function quietFirstNames(db: Executor, villageIds: readonly string[], now: Date): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ villageId: villagers.villageId, names: sql<string[]>`array_agg(${users.firstName})` })
    .from(villagers)
    .innerJoin(users, eq(users.id, villagers.userId))
    .where(and(inArray(villagers.villageId, [...villageIds]), quietMember(now)))
    .groupBy(villagers.villageId);
  return new Map(rows.map((row) => [row.villageId, row.names]));
}

/**
 * In SQL, a `villagers` row quiet at `now`: an active member for `QUIET_DAYS` at least, not an organiser (the
 * alerts are theirs), with no help taken in that time nor any still ahead; and not nudged since `notNudgedSince`.
 */
export function quietMember(now: Date, options: { notNudgedSince?: Date } = {}) {
  const since = new Date(now.getTime() - QUIET_DAYS * DAY_MS);
  return and(
    activeMember(),
    eq(villagers.isCreator, false),
    eq(villagers.isNeedy, false),
    eq(villagers.isManager, false),
    lte(villagers.createdAt, since),
    options.notNudgedSince ? or(isNull(villagers.nudgedAt), lte(villagers.nudgedAt, options.notNudgedSince)) : undefined,
    sql`not exists (select 1 from ${helps} where ${helps.helperId} = ${villagers.id} and (${helps.createdAt} > ${since.toISOString()}::timestamptz or ${helps.startDate} > ${now.toISOString()}::timestamptz))`,
  );
}
