import { formatCalendarDay } from '../../contract/french-time';

/** A village's period in words: both ends, one of them, or not known yet. */
export function formatPeriod(start: string | null, end: string | null): string {
  const from = start ? formatCalendarDay(start) : null;
  const to = end ? formatCalendarDay(end) : null;
  if (from && to) return `Du ${from} au ${to}`;
  if (from) return `À partir du ${from}`;
  if (to) return `Jusqu’au ${to}`;
  return 'Pas encore connue';
}
