import { RRule } from './rrule-library';
import type { RuleOptions } from './rrule-library-walk';

/** The parts a schedule's rule may have: RFC 5545's, without times within a day (BYHOUR…) nor the library's own (BYEASTER). */
const ALLOWED = new Set([
  'freq',
  'interval',
  'count',
  'until',
  'wkst',
  'bysetpos',
  'bymonth',
  'bymonthday',
  'byyearday',
  'byweekno',
  'byweekday',
]);

/** Whole numbers in [-max, -1] ∪ [min, max] (negatives only when `signed`), one or a list. */
function wholeNumbers(value: unknown, min: number, max: number, signed: boolean): boolean {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return (
    list.length > 0 &&
    list.every((n) => typeof n === 'number' && Number.isInteger(n) && ((n >= min && n <= max) || (signed && n <= -1 && n >= -max)))
  );
}

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * Whether a parsed rule keeps to RFC 5545 (3.3.10): each BY part's range, and the frequencies it goes
 * with. The library reads much more (BYMONTHDAY=0, BYDAY=+99MO, BYYEARDAY=400, BYWEEKNO=54, COUNT=-3,
 * INTERVAL=2x…), and what it reads that way mostly never matches. These are refused as not valid;
 * a rule that is valid but yields nothing is told apart by the walk (schedule.ts).
 */
export function keepsToTheStandard(options: RuleOptions): boolean {
  if (Object.keys(options).some((key) => !ALLOWED.has(key) && given(options[key as keyof RuleOptions]))) return false;
  const { freq, interval, count, bysetpos, bymonth, bymonthday, byyearday, byweekno, byweekday } = options;
  if (given(interval) && !wholeNumbers(interval, 1, 10_000, false)) return false;
  if (given(count) && !wholeNumbers(count, 1, 100_000, false)) return false;
  if (given(bymonth) && !wholeNumbers(bymonth, 1, 12, false)) return false;
  if (given(bymonthday) && (freq === RRule.WEEKLY || !wholeNumbers(bymonthday, 1, 31, true))) return false;
  if (given(byyearday) && (freq !== RRule.YEARLY || !wholeNumbers(byyearday, 1, 366, true))) return false;
  if (given(byweekno) && (freq !== RRule.YEARLY || !wholeNumbers(byweekno, 1, 53, true))) return false;
  if (given(byweekday)) {
    const days: unknown[] = Array.isArray(byweekday) ? byweekday : [byweekday];
    // An ordinal (the 2nd Monday) counts within a month, or within a year when no month is named.
    const widest = freq === RRule.MONTHLY || given(bymonth) ? 5 : 53;
    const ordinalAllowed = freq === RRule.MONTHLY || (freq === RRule.YEARLY && !given(byweekno));
    for (const day of days) {
      if (typeof day === 'number') {
        if (!wholeNumbers(day, 0, 6, false)) return false;
        continue;
      }
      const { weekday, n } = (day ?? {}) as { weekday?: unknown; n?: unknown };
      if (!wholeNumbers(weekday, 0, 6, false)) return false;
      if (given(n) && (!ordinalAllowed || !wholeNumbers(n, 1, widest, true))) return false;
    }
  }
  const anotherPart = [bymonth, bymonthday, byyearday, byweekno, byweekday].some(given);
  if (given(bysetpos) && (!anotherPart || !wholeNumbers(bysetpos, 1, 366, true))) return false;
  return true;
}
