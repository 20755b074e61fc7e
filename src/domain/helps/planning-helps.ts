import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';
import { helpsOfActiveVillagers } from './help-reads';
import { DateTime } from 'luxon';
import { type VillageNeed } from '../../contract';
import { helpDaysRange } from '../../db/help-starts';
import type { PlanningHelp } from '../../db/planning-help';
import { helpsOfDays } from '../../db/help-day-rows';
import { slotsBetween, type Slot } from '../../contract/slots';
import { addDays, visibleDays, ZONE, type IsoDay, type PlanningViewKind } from './calendar-dates';
import { planningReadRange, type ReadRange } from './read-range';

/** The instants of the shown Paris days, from the first's midnight to the midnight after the last: the slots' window. */
/** A help as the planning reads it: its start and end minutes in the village's zone, and the days it spans. */
export type { PlanningHelp };

export function planningSlotWindow(days: readonly IsoDay[]) {
  const instant = (day: IsoDay) => DateTime.fromISO(day, { zone: ZONE }).toUTC().toJSDate().toISOString();
  return { from: instant(days[0]), to: instant(addDays(days[days.length - 1], 1)) };
}

/**
 * Same rules as useVillageHelps (helps of villagers who are out or banned are ignored), by start. Read from the
 * helps' planning keys (src/db/help-starts.ts), a row per day and the village's dictionary of ids: what the
 * planning shows, without a help object to deserialize.
 *
 * Each read is its own query, not one explicit transaction: in a live query Dexie answers a query that another
 * live query of the screen already made (the members, which the village's menu reads too) from its cache, and
 * never one of an explicit transaction (isCachableContext in dexie 4.4). The bench's page, which has no live
 * query, read a month 2–3 ms faster in one transaction; the app would lose its cache for it.
 */
export async function readPlanningHelps(database: VillageDatabase, villageId: string, range: ReadRange): Promise<PlanningHelp[]> {
  const [from, to] = helpDaysRange(villageId, range.from, range.to);
  const [days, dictionary, villagers] = await Promise.all([
    database.helpDays.where(':id').between(from, to, true, false).toArray(),
    database.helpIds.get(villageId),
    database.villagers.where('village_id').equals(villageId).toArray(),
  ]);
  // The days come in order and each day's keys sorted: the helps come in start order, as activeHelps would sort them.
  return helpsOfActiveVillagers(helpsOfDays(days, new Map(dictionary === undefined ? [] : [[villageId, dictionary]])), villagers);
}

/** What the planning read for one period: its days, the range of starts read, and the active helps in it. */
export interface PlanningRead {
  days: IsoDay[];
  range: ReadRange;
  helps: PlanningHelp[];
}

/**
 * The helps of the period shown, from the index on (village, start): each step of a week reads that week, a
 * month its grid. The answer names the range it was read for, so the view can wait for the new period's rows
 * rather than show its days empty for a moment (planning-view.tsx).
 */
export function usePlanningHelps(villageId: string, anchor: IsoDay, view: PlanningViewKind): PlanningRead | undefined {
  const days = visibleDays(anchor, view);
  const { from, to } = planningReadRange(days);
  // Keyed by the days shown: a new anchor inside the same week reads nothing again.
  return useLiveQuery(
    async () => ({ days, range: { from, to }, helps: await readPlanningHelps(db, villageId, { from, to }) }),
    [villageId, days[0], days.length],
  );
}

/**
 * The slots of the shown days, expanded by the contract's one function from the rows the planning already
 * read (useVillageSlots would read the helps a second time). `helps` are the active ones of readPlanningHelps
 * over the same days.
 */
export function planningSlots(
  needs: readonly VillageNeed[],
  helps: readonly PlanningHelp[],
  zone: string,
  days: readonly IsoDay[],
  now: Date = new Date(),
): Slot[] {
  const { from, to } = planningSlotWindow(days);
  return slotsBetween(needs, helps, () => true, zone, from, to, now);
}
