import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';
import { helpsOfActiveVillagers, readCategories, readVillageNeeds, readVillagers } from '../../village-data/hooks';
import { DateTime } from 'luxon';
import { type NeedCategory, type VillageNeed, type Villager } from '../../contract';
import { helpDaysRange, type PlanningHelp } from '../../db/help-starts';
import { helpsOfDays } from '../../db/help-day-rows';
import { slotsBetween, type Slot } from '../../contract/slots';
import { addDays, visibleDays, ZONE, type IsoDay, type PlanningViewKind } from './calendar-dates';
import { planningReadRange, type ReadRange } from './read-range';

/** The instants of the shown Paris days, from the first's midnight to the midnight after the last: the slots' window. */
export function planningSlotWindow(days: readonly IsoDay[]) {
  const instant = (day: IsoDay) => DateTime.fromISO(day, { zone: ZONE }).toUTC().toJSDate().toISOString();
  return { from: instant(days[0]), to: instant(addDays(days[days.length - 1], 1)) };
}

/** What the planning shows of a range of days: the active helps by start, and the village's needs, members and categories. */
export interface PlanningData {
  helps: PlanningHelp[];
  needs: VillageNeed[];
  villagers: Villager[];
  categories: NeedCategory[];
}

/**
 * The planning's reads, in one read-only transaction: the helps from their planning keys (src/db/help-starts.ts),
 * a row per day and the village's dictionary of ids, without a help object to deserialize, with the same rules as useVillageHelps (helps of
 * villagers who are out or banned are ignored), and the needs, villagers and categories as their hooks read
 * them. One transaction instead of four: Chromium spends about a millisecond on each, and the planning of a
 * 20,000-help village read its month in 13–15 ms so, against 15–18 ms (tests/bench/planning.ts).
 */
export function readPlanning(database: VillageDatabase, villageId: string, range: ReadRange): Promise<PlanningData> {
  const [from, to] = helpDaysRange(villageId, range.from, range.to);
  const tables = [database.helpDays, database.helpIds, database.villagers, database.villages, database.needs, database.categories];
  return database.transaction('r', tables, async () => {
    const [days, dictionary, villagers, needs, categories] = await Promise.all([
      database.helpDays.where(':id').between(from, to, true, false).toArray(),
      database.helpIds.get(villageId),
      readVillagers(database, villageId),
      readVillageNeeds(database, villageId),
      readCategories(database),
    ]);
    // The days come in order and each day's keys sorted: the helps come in start order, as activeHelps would sort them.
    const dictionaries = new Map(dictionary === undefined ? [] : [[villageId, dictionary]]);
    return { helps: helpsOfActiveVillagers(helpsOfDays(days, dictionaries), villagers), needs, villagers, categories };
  });
}

/** What the planning read for one period: its days, the range of starts read, and what it shows of them. */
export interface PlanningRead extends PlanningData {
  days: IsoDay[];
  range: ReadRange;
}

/**
 * The helps of the period shown, from the index on (village, start): each step of a week reads that week, a
 * month its grid; with them the village's needs, members and categories, in the same transaction. The answer
 * names the range it was read for, so the view can wait for the new period's rows rather than show its days
 * empty for a moment (planning-view.tsx).
 */
export function usePlanningRead(villageId: string, anchor: IsoDay, view: PlanningViewKind): PlanningRead | undefined {
  const days = visibleDays(anchor, view);
  const { from, to } = planningReadRange(days);
  // Keyed by the days shown: a new anchor inside the same week reads nothing again.
  return useLiveQuery(async () => ({ days, range: { from, to }, ...(await readPlanning(db, villageId, { from, to })) }), [villageId, days[0], days.length]);
}

/**
 * The slots of the shown days, expanded by the contract's one function from the rows the planning already
 * read (useVillageSlots would read the helps a second time). `helps` are the active ones of readPlanning
 * over the same days.
 */
export function planningSlots(needs: readonly VillageNeed[], helps: readonly PlanningHelp[], zone: string, days: readonly IsoDay[], now: Date = new Date()): Slot[] {
  const { from, to } = planningSlotWindow(days);
  return slotsBetween(needs, helps, () => true, zone, from, to, now);
}
