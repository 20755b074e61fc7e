import { DateTime } from 'luxon';

/**
 * The one place dates and times are put in French words, for the app's screens and the server's mails alike
 * (tests/lint/date-formats.test.ts keeps screens and mails from formatting on their own). French typography:
 * "1er" for the first of a month, "19 h 30" (never "19:30"), and non-breaking spaces where a line must not
 * break: inside a time, between a day number and its month, before a dash that joins two times, before
 * « : ; ! ? » » and after « « ».
 */

/** The village's clock: slots are typed and shown in French local time, whatever the device's zone. */
export const VILLAGE_ZONE = 'Europe/Paris';

/** The non-breaking space French typography puts inside "19 h 30", "1er décembre" and before a colon. */
export const NBSP = '\u00a0';

/** "19 h – 20 h": the dash stays on the line of the time it follows. */
const RANGE = `${NBSP}– `;

/**
 * A text with the non-breaking spaces French wants: a space before « : ; ! ? » » or after « « » becomes one,
 * so "Prochain créneau : lundi" never starts a line with its colon.
 */
export const frenchSpaces = (text: string) => text.replace(/ (?=[:;!?»])/g, NBSP).replace(/« /g, `«${NBSP}`);

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A minute of the day in words: "9 h", "19 h 30", "0 h 34". */
export function clockText(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return m ? `${h}${NBSP}h${NBSP}${pad(m)}` : `${h}${NBSP}h`;
}

const frenchTime = (time: DateTime) => clockText(time.hour * 60 + time.minute);

const inZone = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).setLocale('fr');

/** "3", but "1er" for the first of a month, as French writes it. */
export const dayNumber = (day: number) => (day === 1 ? '1er' : String(day));

/** "1er décembre", "3 janvier 2027": the number held to its month. */
const dayAndMonth = (day: DateTime, withYear: boolean) =>
  `${dayNumber(day.day)}${NBSP}${day.toFormat('LLLL')}${withYear ? ` ${day.year}` : ''}`;

const otherYear = (day: DateTime, now: DateTime) => day.year !== now.setZone(day.zone).year;

/** "mardi 1er décembre", with the year only when it is not this year's. */
const frenchDay = (day: DateTime, now: DateTime = DateTime.now()) => `${day.toFormat('cccc')} ${dayAndMonth(day, otherYear(day, now))}`;

/** "mercredi 17 mars, 19 h": when a slot starts, in the village's zone, for a sentence or a refused change. */
export const formatSlotStart = (start: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()) =>
  formatHelpSlot(start, null, now, zone);

/** "lundi 15 mars": a day in the village's zone, with the year only when it is not this year's. */
export const formatSlotDay = (instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()) =>
  frenchDay(inZone(instant, zone), now);

/**
 * "26 novembre", "1er décembre": the day something was done, in the village's zone, with the year only when
 * it is not this year's.
 */
export function formatDayOfMonth(instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()): string {
  const day = inZone(instant, zone);
  return dayAndMonth(day, otherYear(day, now));
}

/** "19 h", "0 h 34": the time of an instant in the village's zone (a chat message, the end of a slot). */
export const formatClock = (instant: string, zone: string = VILLAGE_ZONE) => frenchTime(inZone(instant, zone));

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
  return from.hasSame(to, 'day') ? `${head}${RANGE}${frenchTime(to)}` : `${head}${RANGE}${frenchDay(to, now)}, ${frenchTime(to)}`;
}

/** "19 h – 20 h 30", "22 h – 6 h le lendemain": a slot's hours from the minutes of its days (the planning's). */
export const clockRange = (startMinute: number, endMinute: number, nextDay = false) =>
  `${clockText(startMinute)}${RANGE}${clockText(endMinute)}${nextDay ? ' le lendemain' : ''}`;

/**
 * "vendredi 20 novembre à 18 h 05": a moment something happened, in the village's zone (a last contact);
 * `withYear` gives the year even when it is this one's (a full date for a tooltip).
 */
export function formatMoment(instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now(), withYear = false) {
  const at = inZone(instant, zone);
  const day = withYear ? `${at.toFormat('cccc')} ${dayAndMonth(at, true)}` : frenchDay(at, now);
  return `${day} à ${frenchTime(at)}`;
}

/** An instant's day in `zone`, and how many days it is from today's there (-1 yesterday, 1 tomorrow). */
function dayFromToday(instant: string, zone: string, now: DateTime) {
  const day = inZone(instant, zone);
  // Rounded: a day of a change of time lasts 23 or 25 hours.
  return { day, offset: Math.round(day.startOf('day').diff(now.setZone(zone).startOf('day'), 'days').days) };
}

/** "aujourd’hui", "demain", else the day itself ("mardi 1er décembre"): a day as seen from `now`. */
export function formatNearDay(instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()): string {
  const { day, offset } = dayFromToday(instant, zone, now);
  return offset === 0 ? 'aujourd’hui' : offset === 1 ? 'demain' : frenchDay(day, now);
}

/** A day heading over messages: "Aujourd'hui", "Hier", "lundi 16 novembre" (with the year when not this one). */
export function formatDayHeading(instant: string, zone: string = VILLAGE_ZONE, now: DateTime = DateTime.now()): string {
  const { day, offset } = dayFromToday(instant, zone, now);
  return offset === 0 ? "Aujourd'hui" : offset === -1 ? 'Hier' : frenchDay(day, now);
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** "à l'instant", "il y a 5 min", "il y a 2 j"; beyond a week the day itself ("3 mars 2025") says more. */
export function formatAge(instant: string, now: DateTime = DateTime.now(), zone: string = VILLAGE_ZONE): string {
  const at = inZone(instant, zone);
  const age = now.toMillis() - at.toMillis();
  if (age < 60_000) return "à l'instant";
  if (age > WEEK_MS) return dayAndMonth(at, otherYear(at, now));
  return at.toRelative({ base: now, style: 'short', locale: 'fr' }) ?? '';
}

/** "du lundi 30 novembre au dimanche 6 décembre": the week that starts on a Monday ("2026-11-30"). */
export function formatWeek(monday: string): string {
  const start = DateTime.fromISO(monday).setLocale('fr');
  return `du lundi ${dayAndMonth(start, false)} au dimanche ${dayAndMonth(start.plus({ days: 6 }), false)}`;
}

/** "Du 3 au 28 février 2027": a span of calendar days (YYYY-MM-DD), no time zone applying. */
export function formatDaySpan(startDate: string, endDate: string): string {
  const start = DateTime.fromISO(startDate, { locale: 'fr' });
  const end = DateTime.fromISO(endDate, { locale: 'fr' });
  const full = (date: DateTime) => dayAndMonth(date, true);
  if (start.hasSame(end, 'day')) return `Le ${full(start)}`;
  if (start.hasSame(end, 'month')) return `Du ${dayNumber(start.day)} au ${full(end)}`;
  if (start.hasSame(end, 'year')) return `Du ${dayAndMonth(start, false)} au ${full(end)}`;
  return `Du ${full(start)} au ${full(end)}`;
}

/** "3 février 2027", "1er mars 2027": a calendar day (YYYY-MM-DD) with its year; null when it is not one. */
export function formatCalendarDay(date: string): string | null {
  const day = DateTime.fromISO(date, { locale: 'fr' });
  return day.isValid ? dayAndMonth(day, true) : null;
}
