import { addDays, type IsoDay } from './calendar-dates';
import { MAX_DAYS_SPANNED } from './day-index';

/** The start days (UTC prefixes of start_date) the planning reads; `to` is excluded. */
export interface ReadRange {
  from: IsoDay;
  to: IsoDay;
}

/**
 * The helps the planning reads to show these Paris days: those starting on them, and those of the days before
 * that a long help may reach from (day-index.ts shows a help on its first MAX_DAYS_SPANNED days). start_date is
 * UTC and Paris is ahead of it, so a Paris day begins on the UTC day before: one day of margin at the start.
 * Only the shown period is read: a week of a 20,000-help village is some 800 rows, its month grid 2,700, its
 * whole history 20,000 (tests/bench/planning.ts).
 */
export function planningReadRange(days: readonly IsoDay[]): ReadRange {
  return { from: addDays(days[0], -MAX_DAYS_SPANNED), to: addDays(days[days.length - 1], 1) };
}

/** Whether the helps read for `read` hold everything `needed` asks for (a month read serves its weeks). */
export const coversRange = (read: ReadRange, needed: ReadRange) => read.from <= needed.from && needed.to <= read.to;
