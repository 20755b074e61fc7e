import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';
import { activeHelps } from '../../village-data/hooks';
import { DateTime } from 'luxon';
import { type Help, type VillageNeed } from '../../contract';
import { slotsBetween, type Slot } from '../../contract/slots';
import { addDays, monthGrid, ZONE, type IsoDay } from './calendar-dates';
import { MAX_DAYS_SPANNED } from './day-index';

/**
 * The helps the planning reads: those starting in the month grid around the shown day, plus the days a long
 * help may reach back. Reading a village's whole history (5,000 helps) costs more than the 100 ms the screen
 * is allowed; a month's worth is a few hundred rows, and a week step stays inside the read month.
 */
export function planningReadRange(anchor: IsoDay) {
  const grid = monthGrid(anchor);
  // A day of margin each side: start_date is UTC, the grid is in Paris days.
  return { from: addDays(grid[0], -MAX_DAYS_SPANNED - 1), to: addDays(grid[grid.length - 1], 2) };
}

/** The instants of the days the planning reads around a month: the slots' window (well under the 366 days allowed). */
export function planningSlotWindow(anchor: IsoDay) {
  const { from, to } = planningReadRange(`${anchor.slice(0, 7)}-01`);
  const instant = (day: IsoDay) => DateTime.fromISO(day, { zone: ZONE }).toUTC().toJSDate().toISOString();
  return { from: instant(from), to: instant(to) };
}

/** Same rules as useVillageHelps (helps of villagers who are out or banned are ignored), by start. */
export async function readPlanningHelps(database: VillageDatabase, villageId: string, range: { from: IsoDay; to: IsoDay }) {
  const [helps, villagers] = await Promise.all([
    database.helps
      .where('[village_id+start_date]')
      .between([villageId, range.from], [villageId, range.to], true, false)
      .toArray(),
    database.villagers.where('village_id').equals(villageId).toArray(),
  ]);
  return activeHelps(helps, villagers);
}

export function usePlanningHelps(villageId: string, anchor: IsoDay) {
  // Keyed by month: moving week by week inside a month reads nothing again.
  const { from, to } = planningReadRange(`${anchor.slice(0, 7)}-01`);
  return useLiveQuery(() => readPlanningHelps(db, villageId, { from, to }), [villageId, from, to]);
}

/**
 * The slots of the planning's days, expanded by the contract's one function from the rows the planning already
 * read (useVillageSlots would read the month's helps a second time: the 100 ms budget, tests/bench/planning.ts).
 * `helps` are the active ones of readPlanningHelps, over the same days.
 */
export function planningSlots(needs: readonly VillageNeed[], helps: readonly Help[], zone: string, anchor: IsoDay, now: Date = new Date()): Slot[] {
  const { from, to } = planningSlotWindow(anchor);
  return slotsBetween(needs, helps, () => true, zone, from, to, now);
}
