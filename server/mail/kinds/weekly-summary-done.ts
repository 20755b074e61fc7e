import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { helps, users, villageNeeds, villagers } from '../../db/schema';
import { slotDay } from './digest-village';

/** How many helps done the summary spells out; the rest is counted. */
export const WEEKLY_LISTED_DONE = 5;

export type DoneHelp = { villageId: string; doneAt: Date; startDate: Date; needName: string; helper: string | null; thanks: number };

/** The helps said done between two instants in these villages, oldest first. */
export function doneHelpsOf(db: Db, villageIds: string[], from: Date, to: Date): Promise<DoneHelp[]> {
  return db
    .select({
      villageId: helps.villageId,
      doneAt: helps.doneAt,
      startDate: helps.startDate,
      needName: villageNeeds.name,
      helper: users.firstName,
      thanks: helps.thanksCount,
    })
    .from(helps)
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(inArray(helps.villageId, villageIds), isNotNull(helps.doneAt), gte(helps.doneAt, from), lt(helps.doneAt, to)))
    .orderBy(asc(helps.startDate)) as Promise<DoneHelp[]>;
}

/** "« Dîner » du jeudi 26 novembre, 19 h : Hugo, remercié" */
export function doneLine(help: DoneHelp, zone: string, now: Date): string {
  const thanked = help.thanks > 0 ? ', remercié·e' : '';
  return `«\u00a0${help.needName}\u00a0» du ${slotDay(help.startDate.toISOString(), zone, now)}\u00a0: ${help.helper ?? 'un membre'}${thanked}`;
}
