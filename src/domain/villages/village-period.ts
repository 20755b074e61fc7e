import { DateTime } from 'luxon';

const day = (iso: string) => DateTime.fromISO(iso, { locale: 'fr' });

/** "3", but "1er" for the first of a month, as French writes it. */
const dayNumber = (date: DateTime) => (date.day === 1 ? '1er' : String(date.day));
const full = (date: DateTime) => `${dayNumber(date)} ${date.toFormat('LLLL yyyy')}`;

/**
 * A village's period in words: "Du 3 au 28 février 2027", "Du 3 janvier au 28 février 2027",
 * "À partir du 3 février 2027, sans date de fin", "Jusqu’au 28 février 2027", or "Sans date de fin" when no
 * date is set (the village goes on). Dates are calendar days (YYYY-MM-DD): no time zone applies.
 */
export function formatPeriod(startDate: string | null, endDate: string | null): string {
  const start = startDate ? day(startDate) : null;
  const end = endDate ? day(endDate) : null;
  if (start?.isValid && end?.isValid) {
    if (start.hasSame(end, 'day')) return `Le ${full(start)}`;
    if (start.hasSame(end, 'month')) return `Du ${dayNumber(start)} au ${full(end)}`;
    if (start.hasSame(end, 'year')) return `Du ${dayNumber(start)} ${start.toFormat('LLLL')} au ${full(end)}`;
    return `Du ${full(start)} au ${full(end)}`;
  }
  if (start?.isValid) return `À partir du ${full(start)}, sans date de fin`;
  if (end?.isValid) return `Jusqu’au ${full(end)}`;
  return 'Sans date de fin';
}
