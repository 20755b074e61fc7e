import { DateTime } from 'luxon';

/** The village's clock: slots are typed and shown in French local time, whatever the device's zone. */
export const VILLAGE_ZONE = 'Europe/Paris';

/**
 * A Paris wall-clock date and time (from `<input type=date>` and `<input type=time>`) as an instant in UTC,
 * the form the contract stores. A time that does not exist (the hour skipped in March) moves forward, as
 * a clock would; null when the inputs are not a date and a time.
 */
export function parisToUtc(date: string, time: string): string | null {
  const local = DateTime.fromISO(`${date}T${time}`, { zone: VILLAGE_ZONE });
  return local.isValid ? local.toUTC().toISO() : null;
}

const inZone = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).setLocale('fr');

/** "14 h", "14 h 30": the way French speakers write a time of day. */
const frenchTime = (time: DateTime) => (time.minute === 0 ? time.toFormat("H' h'") : time.toFormat("H' h 'mm"));

/** "jeudi 14 novembre", with the year only when it is not this year's. */
function frenchDay(day: DateTime, now: DateTime = DateTime.now()) {
  return day.toFormat(day.year === now.setZone(day.zone).year ? 'cccc d LLLL' : 'cccc d LLLL yyyy');
}

/** "mercredi 17 mars, 19 h": when a slot starts, in the village's zone, for a sentence or a refused change. */
export const formatSlotStart = (start: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()) =>
  formatHelpSlot(start, null, now, zone);

/** "lundi 15 mars": a day in the village's zone, with the year only when it is not this year's. */
export const formatSlotDay = (instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()) =>
  frenchDay(inZone(instant, zone), now);

/**
 * "26 novembre", "1er décembre" (French writes a month's first day as an ordinal): the day something was done,
 * in the village's zone, with the year only when it is not this year's.
 */
export function formatDayOfMonth(instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()): string {
  const day = inZone(instant, zone);
  const month = day.toFormat(day.year === now.setZone(zone).year ? 'LLLL' : 'LLLL yyyy');
  return `${day.day === 1 ? '1er' : day.day} ${month}`;
}

/**
 * A help's slot in words: "jeudi 14 novembre, 14 h – 16 h", in the village's zone (Paris unless told),
 * whatever the device's zone.
 */
export function formatHelpSlot(start: string, end: string | null, now: DateTime = DateTime.now(), zone: string = VILLAGE_ZONE): string {
  const from = inZone(start, zone);
  const head = `${frenchDay(from, now)}, ${frenchTime(from)}`;
  if (!end) return head;
  const to = inZone(end, zone);
  // A slot over midnight says on which day it ends.
  return from.hasSame(to, 'day') ? `${head} – ${frenchTime(to)}` : `${head} – ${frenchDay(to, now)}, ${frenchTime(to)}`;
}

/** "vendredi 20 novembre à 18 h 05": a moment something happened, in the village's zone (a last contact). */
export const formatMoment = (instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()) => {
  const at = inZone(instant, zone);
  return `${frenchDay(at, now)} à ${frenchTime(at)}`;
};

/** The Paris calendar day of an instant, "2024-11-14": what "today" and "past" are measured in. */
export const parisDay = (iso: string | DateTime) =>
  (typeof iso === 'string' ? DateTime.fromISO(iso, { zone: VILLAGE_ZONE }) : iso.setZone(VILLAGE_ZONE)).toISODate() ?? '';
