import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_WALK_SPAN_DAYS, walkWork } from './rrule-library-walk';
import { expandSchedule, occurrenceAt, Schedule, scheduleMessages, ScheduleInput } from './schedule';

/**
 * Any rule, as a client may send it or as a database written before the checks may hold it: it is either
 * refused in French, or expanded with bounded work. Work is counted in candidate days the rule library
 * looks at (rrule-library-walk.ts), not timed: FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31 used to walk 2.9
 * million of them, up to the year 9999.
 */

/** The most one walk looks at: three years of days and a period (a year at most) on each side. */
const WALK_BOUND = MAX_WALK_SPAN_DAYS + 2 * 366 + 8;

const odd = fc.constantFrom(0, -1, 1, 2, 5, -5, 6, 29, 30, 31, -31, 32, 53, 54, -54, 99, -99, 365, 366, 367, 400, -400, 1000);
const value = fc.oneof(odd, fc.integer({ min: -400, max: 400 }));
const list = (item: fc.Arbitrary<string | number>) => fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const weekday = fc
  .tuple(fc.option(fc.oneof(odd, fc.constantFrom(1, 2, 3, -1, -2)), { nil: undefined }), fc.constantFrom(...DAYS))
  .map(([n, day]) => (n === undefined ? day : `${n > 0 ? '+' : ''}${n}${day}`));

const part = fc.oneof(
  list(value).map((x) => `BYMONTH=${x}`),
  fc.constant('BYMONTH=2'),
  list(value).map((x) => `BYMONTHDAY=${x}`),
  fc.constant('BYMONTHDAY=31'),
  fc.constant('BYMONTHDAY=30'),
  list(value).map((x) => `BYYEARDAY=${x}`),
  list(value).map((x) => `BYWEEKNO=${x}`),
  list(weekday).map((x) => `BYDAY=${x}`),
  list(value).map((x) => `BYSETPOS=${x}`),
  value.map((x) => `COUNT=${x}`),
  fc.constantFrom('INTERVAL=0', 'INTERVAL=-2', 'INTERVAL=1', 'INTERVAL=2', 'INTERVAL=7', 'INTERVAL=400', 'INTERVAL=1.5', 'INTERVAL=2x'),
  fc.constantFrom('UNTIL=20270301T000000Z', 'UNTIL=20300101', 'UNTIL=19990101T000000Z'),
  fc.constantFrom('WKST=SU', 'WKST=MO', 'WKST=XX', 'BYEASTER=0', 'BYHOUR=8', 'BYMINUTE=0', 'BYDAY=XX', 'COUNT=1.5'),
);

const rule = fc
  .tuple(fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY', 'SECONDLY', 'SOMETIMES'), fc.array(part, { maxLength: 4 }))
  .map(([freq, parts]) => [`FREQ=${freq}`, ...parts].join(';'));

const dtstart = fc
  .record({
    year: fc.oneof(fc.integer({ min: 2020, max: 2035 }), fc.constantFrom(100, 1970, 2100)),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
  })
  .map(
    ({ year, month, day, hour }) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`,
  );

const french = new Set<string>(Object.values(scheduleMessages));
const NOW = new Date('2027-01-01T00:00:00Z');

/** The work `run` made the rule library do, in candidate days. */
function workOf(run: () => unknown): number {
  const before = walkWork();
  run();
  return walkWork() - before;
}

describe('any rule', () => {
  it('is refused in French, or yields a date within two years of its start; checking it is bounded work', () => {
    fc.assert(
      fc.property(rule, dtstart, (rrule, start) => {
        let result: ReturnType<typeof v.safeParse<typeof ScheduleInput>> | undefined;
        // Two walks at most: a date within two years, and, with COUNT, its end within three.
        expect(workOf(() => (result = v.safeParse(ScheduleInput, { dtstart: start, duration_minutes: 60, rrule })))).toBeLessThanOrEqual(
          2 * WALK_BOUND,
        );
        if (!result!.success) {
          expect(
            result!.issues.map((issue) => [v.getDotPath(issue), french.has(issue.message)]),
            rrule,
          ).toEqual([[null, true]]);
          return;
        }
        const schedule: Schedule = result!.output;
        const first = new Date(`${start}Z`);
        const twoYears = new Date(first.getTime() + 731 * 24 * 3600_000);
        expect(expandSchedule(schedule, 'UTC', first, twoYears, first).length, `${start} ${rrule}`).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('stored without any check, expands within the bound, read over a year or at one instant', () => {
    fc.assert(
      fc.property(rule, dtstart, fc.integer({ min: -400, max: 700 }), (rrule, start, offsetDays) => {
        const schedule: Schedule = { dtstart: start, duration_minutes: 60, rrule, exdates: [], places: 1 };
        const from = new Date(NOW.getTime() + offsetDays * 24 * 3600_000);
        const to = new Date(from.getTime() + 366 * 24 * 3600_000);
        expect(
          workOf(() => expandSchedule(schedule, 'Europe/Paris', from, to, NOW)),
          rrule,
        ).toBeLessThanOrEqual(WALK_BOUND);
        expect(
          workOf(() => occurrenceAt(schedule, 'Europe/Paris', from, NOW)),
          rrule,
        ).toBeLessThanOrEqual(WALK_BOUND);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the rules that froze the server', () => {
  const input = (rrule: string) => ({ dtstart: '2027-01-04T19:00', duration_minutes: 60, rrule });
  const messageOf = (rrule: string) => v.safeParse(ScheduleInput, input(rrule)).issues?.map((issue) => issue.message);

  it('are refused in French, after a few hundred days of walk at most', () => {
    const work = workOf(() => {
      expect(messageOf('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31')).toEqual([scheduleMessages.ruleNeverOccurs]);
      expect(messageOf('FREQ=MONTHLY;BYDAY=+99MO')).toEqual([scheduleMessages.rule]);
      expect(messageOf('FREQ=YEARLY;BYYEARDAY=400')).toEqual([scheduleMessages.rule]);
      expect(messageOf('FREQ=YEARLY;BYWEEKNO=54')).toEqual([scheduleMessages.rule]);
    });
    expect(work).toBeLessThanOrEqual(WALK_BOUND);
  });

  it('stored before the checks, expand to nothing within the bound', () => {
    for (const rrule of [
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=+99MO',
      'FREQ=YEARLY;BYYEARDAY=400',
      'FREQ=YEARLY;BYWEEKNO=54',
    ]) {
      const schedule: Schedule = { ...input(rrule), exdates: [], places: 1 };
      let slots: unknown[] = [];
      const work = workOf(() => (slots = expandSchedule(schedule, 'Europe/Paris', NOW, new Date('2028-01-01T00:00:00Z'), NOW)));
      expect(slots, rrule).toEqual([]);
      expect(work, rrule).toBeLessThanOrEqual(WALK_BOUND);
    }
  });

  it('carry at most 366 cancelled dates', () => {
    const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2027, 0, 5 + i, 19)).toISOString().slice(0, 16));
    expect(v.safeParse(ScheduleInput, { ...input('FREQ=DAILY'), exdates: days(366) }).success).toBe(true);
    expect(v.safeParse(ScheduleInput, { ...input('FREQ=DAILY'), exdates: days(367) }).issues?.map((issue) => issue.message)).toEqual([
      scheduleMessages.exdates,
    ]);
    // A need stored before the bound (up to 1,000 then) is still read by the app in the village's answers.
    expect(v.safeParse(Schedule, { ...input('FREQ=DAILY'), exdates: days(1000), places: 1 }).success).toBe(true);
  });

  it('with a number of times, end within three years of their start', () => {
    expect(messageOf('FREQ=DAILY;COUNT=730')).toBeUndefined();
    expect(messageOf('FREQ=WEEKLY;BYDAY=MO;COUNT=150')).toBeUndefined();
    expect(messageOf('FREQ=WEEKLY;BYDAY=MO;COUNT=200')).toEqual([scheduleMessages.ruleTooLong]);
    expect(messageOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=2')).toEqual([scheduleMessages.ruleTooLong]);
  });
});
