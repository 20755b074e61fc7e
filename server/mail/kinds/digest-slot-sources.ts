import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { HelpOnSlot, ScheduledNeed } from '../../../src/contract/slots';
import type { Executor } from '../../db/client';
import { helps, villagers } from '../../db/schema';

/**
 * The helps of active villagers on these needs, by need, in one query for every village of a digest (the
 * slots call reads one village at a time; a digest reads a hundred at once). Only those starting within
 * `window` [from, to) when given: `slotsBetween` over that window matches a help to an occurrence by its exact
 * start, and occurrences start within it; every help of every need was most of a weekly summary's read.
 */
export async function helpsOnNeeds(
  db: Executor,
  needIds: readonly string[],
  window?: { from: Date; to: Date },
): Promise<Map<string, HelpOnSlot[]>> {
  const byNeed = new Map<string, HelpOnSlot[]>();
  if (needIds.length === 0) return byNeed;
  const rows = await db
    .select({ id: helps.id, needId: helps.villageNeedId, helperId: helps.helperId, start: helps.startDate, created: helps.createdAt })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .where(
      and(
        inArray(helps.villageNeedId, [...needIds]),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
        window ? and(gte(helps.startDate, window.from), lt(helps.startDate, window.to)) : undefined,
      ),
    )
    .orderBy(asc(helps.startDate));
  for (const row of rows) {
    const help = helpOnSlot(row);
    const list = byNeed.get(row.needId);
    if (list) list.push(help);
    else byNeed.set(row.needId, [help]);
  }
  return byNeed;
}

/** A help row as `slotsBetween` takes it. */
export const helpOnSlot = (row: { id: string; needId: string; helperId: string; start: Date; created: Date }): HelpOnSlot => ({
  id: row.id,
  village_need_id: row.needId,
  helper_id: row.helperId,
  start_date: row.start.toISOString(),
  created_at: row.created.toISOString(),
});

/** The helps of these needs out of `helpsOnNeeds`' map, as `slotsBetween` takes them. */
export const helpsOf = (byNeed: Map<string, HelpOnSlot[]>, needs: readonly ScheduledNeed[]) =>
  needs.flatMap((need) => byNeed.get(need.id) ?? []);
