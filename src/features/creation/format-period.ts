import { DateTime } from 'luxon';

const day = (iso: string) => DateTime.fromISO(iso, { locale: 'fr' }).toLocaleString(DateTime.DATE_FULL);

/** A village's period in words: both ends, one of them, or not known yet. */
export function formatPeriod(start: string | null, end: string | null): string {
  if (start && end) return `Du ${day(start)} au ${day(end)}`;
  if (start) return `À partir du ${day(start)}`;
  if (end) return `Jusqu’au ${day(end)}`;
  return 'Pas encore connue';
}
