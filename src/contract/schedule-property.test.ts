import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { expandSchedule, horizonFrom, occurrenceAt, type Schedule } from './schedule';
import { slotsBetween } from './slots';

/**
 * The app expands a schedule on the device (the planning reads a month at a time) and the server checks a
 * taken slot against its own expansion (one instant) and answers GET /slots for the window it is asked. These
 * properties hold for random rules: all of those agree with each other and with a plain day-by-day oracle
 * written without the rule library.
 */

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'] as const;
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const NOW = new Date('2027-01-01T00:00:00Z');

interface RandomRule {
  freq: 'DAILY' | 'WEEKLY';
  interval: number;
  byday: number[];
  end: { count: number } | { until: string } | null;
}

const rule: fc.Arbitrary<RandomRule> = fc.record({
  freq: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
  interval: fc.integer({ min: 1, max: 3 }),
  byday: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  end: fc.oneof(
    fc.record({ count: fc.integer({ min: 1, max: 60 }) }),
    fc.record({
      until: fc
        .integer({ min: 0, max: 400 })
        .map((days) => DateTime.fromISO('2027-02-01', { zone: 'utc' }).plus({ days }).toFormat("yyyyLLdd'T'235959'Z'")),
    }),
    fc.constant(null),
  ),
});

const schedule = fc
  .record({
    day: fc.integer({ min: 0, max: 500 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    duration: fc.integer({ min: 15, max: 1440 }),
    rule,
    exdateIndexes: fc.uniqueArray(fc.nat(40), { maxLength: 5 }),
    zone: fc.constantFrom(...ZONES),
  })
  .map(({ day, hour, minute, duration, rule, exdateIndexes, zone }) => {
    const start = DateTime.fromObject({ year: 2027, month: 1, day: 1, hour, minute }, { zone: 'utc' }).plus({ days: day });
    const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`];
    if (rule.freq === 'WEEKLY') parts.push(`BYDAY=${rule.byday.map((d) => DAYS[d]).join(',')}`);
    if (rule.end && 'count' in rule.end) parts.push(`COUNT=${rule.end.count}`);
    if (rule.end && 'until' in rule.end) parts.push(`UNTIL=${rule.end.until}`);
    const s: Schedule = {
      dtstart: start.toFormat("yyyy-LL-dd'T'HH:mm"),
      duration_minutes: duration,
      rrule: parts.join(';'),
      exdates: [],
      places: 1,
    };
    return { schedule: s, rule, zone, exdateIndexes };
  });

const DAY = 24 * 3600_000;

/**
 * The wall-clock labels of a rule, day by day, as RFC 5545 defines DAILY and WEEKLY (weeks start on Monday).
 * Labels are UTC calendar arithmetic on plain numbers (a label is a wall-clock time, no zone in it): the same
 * walk with luxon dates took most of this file's time.
 */
function oracleLabels(s: Schedule, r: RandomRule, horizon: Date): string[] {
  const first = Date.parse(`${s.dtstart}Z`);
  // Monday 0 .. Sunday 6, as `byday` counts.
  const firstWeekday = (new Date(first).getUTCDay() + 6) % 7;
  const until =
    r.end && 'until' in r.end ? Date.parse(r.end.until.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) : null;
  const count = r.end && 'count' in r.end ? r.end.count : Infinity;
  const labels: string[] = [];
  // Past the horizon in any zone: 14 hours of margin are enough, a day is plenty.
  const last = horizon.getTime() + DAY;
  for (let days = 0, at = first; at <= last && labels.length < count; days += 1, at += DAY) {
    if (until !== null && at > until) break;
    const matches =
      r.freq === 'DAILY'
        ? days % r.interval === 0
        : r.byday.includes((firstWeekday + days) % 7) && Math.floor((firstWeekday + days) / 7) % r.interval === 0;
    if (matches) labels.push(new Date(at).toISOString().slice(0, 16));
  }
  return labels;
}

/**
 * A wall-clock label in a zone as RFC 5545 reads it: the earliest instant that shows it; when none does (the
 * clocks skipped it), luxon's reading, which moves it on by the change.
 */
function instantOf(label: string, zone: string): number {
  const guess = DateTime.fromISO(label, { zone }).toMillis();
  const showing = [guess - 3600_000, guess, guess + 3600_000].filter(
    (ms) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-LL-dd'T'HH:mm") === label,
  );
  return showing.length ? Math.min(...showing) : guess;
}

const WINDOW = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2030-01-01T00:00:00Z') };

describe('schedules expanded on the device and on the server', () => {
  it('agree with a day-by-day oracle, cancelled dates left out, none past the horizon', () => {
    fc.assert(
      fc.property(schedule, ({ schedule: s, rule: r, zone, exdateIndexes }) => {
        const horizon = horizonFrom(NOW);
        const labels = oracleLabels(s, r, horizon);
        const exdates = exdateIndexes.map((i) => labels[i]).filter((label): label is string => label !== undefined);
        const withExdates = { ...s, exdates };
        const expected = labels
          .filter((label) => !exdates.includes(label))
          .map((label) => instantOf(label, zone))
          .filter((ms) => ms <= horizon.getTime() && ms >= WINDOW.from.getTime())
          .sort((a, b) => a - b)
          .map((ms) => new Date(ms).toISOString());
        const got = expandSchedule(withExdates, zone, WINDOW.from, WINDOW.to, NOW).map((o) => o.start_date);
        expect(got).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('give the same slots read a month at a time (the planning) or at once (GET /slots), and the server takes each one', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 1, max: 12 }), ({ schedule: s, zone }, months) => {
        const from = DateTime.fromISO('2027-01-01T00:00:00Z', { zone: 'utc' });
        const to = from.plus({ months });
        const whole = expandSchedule(s, zone, from.toJSDate(), to.toJSDate(), NOW);
        const byMonth = Array.from({ length: months }, (_, i) =>
          expandSchedule(s, zone, from.plus({ months: i }).toJSDate(), from.plus({ months: i + 1 }).toJSDate(), NOW),
        ).flat();
        expect(byMonth).toEqual(whole);
        for (const occurrence of whole.slice(0, 20)) {
          expect(occurrenceAt(s, zone, occurrence.start_date, NOW)).toEqual(occurrence);
          expect(occurrenceAt(s, zone, new Date(Date.parse(occurrence.start_date) + 60_000), NOW)).toBeNull();
        }
        const slots = slotsBetween([{ id: 'need', schedule: s }], [], () => true, zone, from.toJSDate(), to.toJSDate(), NOW);
        expect(slots.map(({ start_date, end_date }) => ({ start_date, end_date }))).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });
});
