import type { PlanningHelp } from '../../db/planning-help';
import { isoDayOf, ZONE, type IsoDay } from './calendar-dates';
import { DAY, zoneOffsets } from '../../contract/zone-offsets';
import { clockRange, clockText } from '../../contract/french-time';

/** A help as one day shows it: the minutes of that day it covers (null: it began before, or goes on after). */
export interface DayHelp {
  help: PlanningHelp;
  startMinute: number | null;
  endMinute: number | null;
  /** False for a help given with a start only. */
  hasEnd: boolean;
}

/**
 * A help longer than this is listed on its first week only: help slots last hours, and the planning reads a
 * week back from the period it shows (use-planning-helps.ts), not the village's whole history.
 */
export const MAX_DAYS_SPANNED = 7;

/** Day numbers to ISO days, once each per index (a year of helps touches some 370 days). */
function isoDayCached(dayNumber: number, cache: Map<number, IsoDay>): IsoDay {
  let iso = cache.get(dayNumber);
  if (iso === undefined) {
    iso = isoDayOf(dayNumber);
    cache.set(dayNumber, iso);
  }
  return iso;
}

/**
 * The helps of each Paris day, built in one pass so that showing a week or a month is a handful of Map
 * lookups. A help is listed on every day it touches (an end at midnight does not touch the next day);
 * each day keeps the order of `helps` (the hooks give them by start).
 */
export function indexHelpsByDay(helps: readonly PlanningHelp[]): Map<IsoDay, DayHelp[]> {
  const offsetAt = zoneOffsets(ZONE);
  const isoDays = new Map<number, IsoDay>();
  const index = new Map<IsoDay, DayHelp[]>();
  const add = (dayNumber: number, entry: DayHelp) => {
    const day = isoDayCached(dayNumber, isoDays);
    const list = index.get(day);
    if (list) list.push(entry);
    else index.set(day, [entry]);
  };
  for (const help of helps) {
    const start = Date.parse(help.start_date);
    if (Number.isNaN(start)) continue;
    const localStart = start + offsetAt(start);
    const startDay = Math.floor(localStart / DAY);
    const startMinute = Math.floor((localStart - startDay * DAY) / 60_000);
    const end = help.end_date ? Date.parse(help.end_date) : NaN;
    if (Number.isNaN(end) || end <= start) {
      add(startDay, { help, startMinute, endMinute: null, hasEnd: false });
      continue;
    }
    const localEnd = end + offsetAt(end);
    // The last instant covered decides the last day, so that 22 h – 0 h stays on one day.
    const lastDay = Math.floor((localEnd - 1) / DAY);
    const endMinute = Math.round((localEnd - lastDay * DAY) / 60_000);
    const shownUntil = Math.min(lastDay, startDay + MAX_DAYS_SPANNED - 1);
    for (let day = startDay; day <= shownUntil; day++) {
      add(day, { help, startMinute: day === startDay ? startMinute : null, endMinute: day === lastDay ? endMinute : null, hasEnd: true });
    }
  }
  return index;
}

/** The French slot of a help on one day: "14 h – 16 h", "dès 22 h", "jusqu'à 2 h", "toute la journée". */
export function timeSlot({ startMinute, endMinute, hasEnd }: DayHelp): string {
  if (!hasEnd) return clockText(startMinute ?? 0);
  if (startMinute !== null && endMinute !== null) return clockRange(startMinute, endMinute);
  if (startMinute !== null) return `dès ${clockText(startMinute)}`;
  if (endMinute !== null) return `jusqu’à ${clockText(endMinute)}`;
  return 'toute la journée';
}
