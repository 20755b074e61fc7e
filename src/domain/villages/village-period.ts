import { formatCalendarDay, formatDaySpan } from '../../contract/french-time';

/**
 * A village's period in words: "Du 3 au 28 février 2027", "Du 3 janvier au 28 février 2027",
 * "À partir du 3 février 2027, sans date de fin", "Jusqu’au 28 février 2027", or "Sans date de fin" when no
 * date is set (the village goes on). Dates are calendar days (YYYY-MM-DD): no time zone applies.
 */
export function formatPeriod(startDate: string | null, endDate: string | null): string {
  const start = startDate ? formatCalendarDay(startDate) : null;
  const end = endDate ? formatCalendarDay(endDate) : null;
  if (startDate && endDate && start && end) return formatDaySpan(startDate, endDate);
  if (start) return `À partir du ${start}, sans date de fin`;
  if (end) return `Jusqu’au ${end}`;
  return 'Sans date de fin';
}
