import { DateTime } from 'luxon';
import { dayNumber, NBSP } from '../../contract/french-time';

/** The planning speaks French and lives in the village's time: Paris, whatever the device's zone. */
export const ZONE = 'Europe/Paris';
export const LOCALE = 'fr';
/** The spec's calendar: 12 years per navigation group. */
export const YEARS_PER_GROUP = 12;

export type PlanningViewKind = 'week' | 'month';

/** A calendar day as an ISO date ("2026-11-16"): comparable, a Map key, and free of time-zone traps. */
export type IsoDay = string;

export const toDate = (day: IsoDay) => DateTime.fromISO(day, { zone: ZONE, locale: LOCALE });

export const todayInParis = (now: Date = new Date()): IsoDay => DateTime.fromJSDate(now, { zone: ZONE }).toISODate() as IsoDay;

// Calendar days have no time zone: their arithmetic is done on UTC midnights, with no DST to trip on and at a
// fraction of luxon's cost (a month grid is built at every render).
const DAY = 86_400_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const toUtc = (day: IsoDay) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number): IsoDay => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
// French names written out: a month grid titles 42 days at every render, and luxon's formatting asks Intl each time
// (its first call of each format builds an Intl formatter, a few milliseconds of a view's first render).
const WEEKDAY_NAMES = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const SHORT_WEEKDAY_NAMES = ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'];
const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const addDays = (day: IsoDay, days: number): IsoDay => fromUtc(toUtc(day) + days * DAY);
/** The ISO day of a day number counted from 1970-01-01 (zone-clock.ts's wall-clock days). */
export const isoDayOf = (dayNumber: number): IsoDay => fromUtc(dayNumber * DAY);

/** The spec's week starts on Monday, even when today is a Sunday. */
export const startOfWeek = (day: IsoDay): IsoDay => {
  const fromMonday = (new Date(toUtc(day)).getUTCDay() + 6) % 7;
  return addDays(day, -fromMonday);
};

export const weekDays = (day: IsoDay): IsoDay[] => {
  const monday = toUtc(startOfWeek(day));
  return Array.from({ length: 7 }, (_, i) => fromUtc(monday + i * DAY));
};

/** The month's days padded to whole Monday-to-Sunday weeks, so that the grid never has a ragged row. */
export function monthGrid(day: IsoDay): IsoDay[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = toUtc(startOfWeek(`${day.slice(0, 7)}-01`));
  const end = toUtc(startOfWeek(`${day.slice(0, 7)}-${pad(daysInMonth(year, month))}`)) + 6 * DAY;
  const days: IsoDay[] = [];
  for (let ms = start; ms <= end; ms += DAY) days.push(fromUtc(ms));
  return days;
}

/** The days a view shows around its anchor day. */
export const visibleDays = (anchor: IsoDay, view: PlanningViewKind) => (view === 'week' ? weekDays(anchor) : monthGrid(anchor));

/** Moves the anchor by whole periods; a month step keeps the day when the target month has it (31 → 30). */
export function shiftPeriod(anchor: IsoDay, view: PlanningViewKind, step: number): IsoDay {
  if (view === 'week') return addDays(anchor, 7 * step);
  const months = Number(anchor.slice(0, 4)) * 12 + Number(anchor.slice(5, 7)) - 1 + step;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return `${year}-${pad(month)}-${pad(Math.min(Number(anchor.slice(8, 10)), daysInMonth(year, month)))}`;
}

export const yearGroupStart = (year: number) => year - (((year % YEARS_PER_GROUP) + YEARS_PER_GROUP) % YEARS_PER_GROUP);

export const yearGroup = (year: number) => {
  const start = yearGroupStart(year);
  return Array.from({ length: YEARS_PER_GROUP }, (_, i) => start + i);
};

export const monthNames = () => [...MONTH_NAMES];

export const firstOfMonth = (year: number, month: number): IsoDay => `${year}-${pad(month)}-01`;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Semaine du 16 au 22 novembre 2026", naming the month or year of the start only when they differ. */
export function periodTitle(anchor: IsoDay, view: PlanningViewKind): string {
  if (view === 'month') return capitalise(`${monthName(anchor)} ${anchor.slice(0, 4)}`);
  const days = weekDays(anchor);
  const [start, end] = [days[0], days[6]];
  const endText = `${dayAndMonth(end)} ${end.slice(0, 4)}`;
  const from =
    start.slice(0, 4) !== end.slice(0, 4)
      ? `${dayAndMonth(start)} ${start.slice(0, 4)}`
      : !sameMonth(start, end)
        ? dayAndMonth(start)
        : dayNumber(dayOfMonth(start));
  return `Semaine du ${from} au ${endText}`;
}

const weekdayIndex = (day: IsoDay) => (new Date(toUtc(day)).getUTCDay() + 6) % 7;
/** "lundi", "mardi"… */
export const weekdayName = (day: IsoDay) => WEEKDAY_NAMES[weekdayIndex(day)];
/** "lun.", "mar."…: a month grid's column heads. */
export const shortWeekdayName = (day: IsoDay) => SHORT_WEEKDAY_NAMES[weekdayIndex(day)];
/** "janvier", "février"… */
export const monthName = (day: IsoDay) => MONTH_NAMES[Number(day.slice(5, 7)) - 1];

/** "1er décembre", "16 novembre": French typography (french-time.ts), from the tables rather than luxon. */
const dayAndMonth = (day: IsoDay) => `${dayNumber(dayOfMonth(day))}${NBSP}${monthName(day)}`;
/** "lundi 16 novembre", "mardi 1er décembre": a day's heading, said in full to screen readers. */
export const dayTitle = (day: IsoDay) => `${weekdayName(day)} ${dayAndMonth(day)}`;
export const dayOfMonth = (day: IsoDay) => Number(day.slice(8, 10));
export const sameMonth = (a: IsoDay, b: IsoDay) => a.slice(0, 7) === b.slice(0, 7);
