import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { EVENING_REMINDER_HOUR, reminderTimes } from './queue';

/** The evening reminder as luxon placed it before the zone's offsets were kept (server/push/queue.ts). */
const eveningByLuxon = (start: Date, zone: string) =>
  DateTime.fromJSDate(start, { zone })
    .minus({ days: 1 })
    .set({ hour: EVENING_REMINDER_HOUR, minute: 0, second: 0, millisecond: 0 })
    .toJSDate();

describe('the reminders of a slot', () => {
  it.each(['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'])(
    'fall at 19 h the evening before on the clock of %s, as luxon places it, across two years and their changes of time',
    (zone) => {
      // Every 53 minutes: each hour of the day is met, and the days around each change of time. One assertion on
      // the list of misses: two `expect`s per start (40,000 of them) took most of the time.
      const misses: string[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 53 * 60_000) {
        const start = new Date(ms);
        const { evening, hour } = reminderTimes(start, zone);
        const luxon = eveningByLuxon(start, zone).toISOString();
        if (evening.toISOString() !== luxon) misses.push(`${start.toISOString()}: evening ${evening.toISOString()} instead of ${luxon}`);
        if (hour.getTime() !== ms - 3_600_000) misses.push(`${start.toISOString()}: hour before ${hour.toISOString()}`);
      }
      expect(misses).toEqual([]);
    },
  );

  it('on the evening before a night of a change of time, keeps the offset that evening has in Paris', () => {
    // Sunday 29 March 2026, 9 h in Paris (summer time since 2 h); the Saturday evening was still on winter time.
    expect(reminderTimes(new Date('2026-03-29T07:00:00Z'), 'Europe/Paris').evening.toISOString()).toBe('2026-03-28T18:00:00.000Z');
    // Sunday 25 October 2026, 9 h (winter time since 3 h); the Saturday evening was on summer time.
    expect(reminderTimes(new Date('2026-10-25T08:00:00Z'), 'Europe/Paris').evening.toISOString()).toBe('2026-10-24T17:00:00.000Z');
  });
});
