import { DateTime } from 'luxon';
import { VILLAGE_ZONE } from './french-time';

// The words of dates and times live in french-time.ts; these names stay here for code written before it.
export { VILLAGE_ZONE, formatDayOfMonth, formatHelpSlot, formatMoment, formatSlotDay, formatSlotStart } from './french-time';

/**
 * A Paris wall-clock date and time (from `<input type=date>` and `<input type=time>`) as an instant in UTC,
 * the form the contract stores. A time that does not exist (the hour skipped in March) moves forward, as
 * a clock would; null when the inputs are not a date and a time.
 */
export function parisToUtc(date: string, time: string): string | null {
  const local = DateTime.fromISO(`${date}T${time}`, { zone: VILLAGE_ZONE });
  return local.isValid ? local.toUTC().toISO() : null;
}

/** The Paris calendar day of an instant, "2024-11-14": what "today" and "past" are measured in. */
export const parisDay = (iso: string | DateTime) =>
  (typeof iso === 'string' ? DateTime.fromISO(iso, { zone: VILLAGE_ZONE }) : iso.setZone(VILLAGE_ZONE)).toISODate() ?? '';
