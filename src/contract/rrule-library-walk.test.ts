import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RRule } from './rrule-library';
import { MAX_WALK_SPAN_DAYS, walkBetween, walkWork } from './rrule-library-walk';
import { parseRule, ruleProblem } from './schedule';

const DAY = 24 * 3600_000;
const at = (iso: string) => new Date(`${iso}Z`);
const options = (rule: string) => {
  const parsed = parseRule(rule);
  if (!parsed.ok) throw new Error(`${rule}: ${parsed.message}`);
  return parsed.options;
};

describe('a walk of a rule', () => {
  it('counts the candidate days the library looks at, one a day', () => {
    // A new version of the library that stopped reading its options this way would count nothing here.
    const walk = walkBetween(options('FREQ=DAILY'), at('2027-01-01T19:00'), at('2027-01-01T00:00'), at('2027-04-11T00:00'), 10_000);
    expect(walk.dates).toHaveLength(100);
    expect(walk.complete).toBe(true);
    expect(walk.work).toBeGreaterThanOrEqual(100);
    expect(walk.work).toBeLessThanOrEqual(102);
    const yearly = walkBetween(
      options('FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1'),
      at('2027-01-01T19:00'),
      at('2027-01-01T00:00'),
      at('2030-01-01T00:00'),
      10_000,
    );
    expect(yearly.dates).toHaveLength(3);
    expect(yearly.work).toBeGreaterThanOrEqual(3 * 365);
  });

  it('stops a rule that never matches within its budget, where the library alone walks to the year 9999', () => {
    const before = walkWork();
    const rule = options('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31');
    const walk = walkBetween(rule, at('2027-01-04T19:00'), at('2027-01-01T00:00'), at('2028-01-01T00:00'), 10_000);
    expect(walk).toMatchObject({ dates: [], complete: false });
    // The 362 days from its start to the window's end, and a week on each side (walked as WEEKLY).
    expect(walk.work).toBeGreaterThanOrEqual(362);
    expect(walk.work).toBeLessThanOrEqual(362 + 2 * 7 + 8);
    expect(walkWork() - before).toBe(walk.work);
  });

  it('never looks at more than three years of days and two periods, however old the rule or wide the window', () => {
    for (const rule of [
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30;COUNT=5',
    ]) {
      const walk = walkBetween(options(rule), at('0100-01-01T10:00'), at('1990-01-01T00:00'), at('2090-01-01T00:00'), 10_000);
      expect(walk.work, rule).toBeLessThanOrEqual(MAX_WALK_SPAN_DAYS + 2 * 366 + 8);
    }
  });

  it('walks only the window of a rule started long ago, and finds what a walk from its start finds', () => {
    const rule = options('FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA');
    const start = at('2001-05-17T08:30');
    const walk = walkBetween(rule, start, at('2031-01-01T00:00'), at('2031-03-01T00:00'), 10_000);
    expect(walk.work).toBeLessThan(80);
    const all = new RRule({ ...rule, dtstart: start }).between(at('2031-01-01T00:00'), at('2031-03-01T00:00'), true);
    expect(walk.dates).toEqual(all);
    expect(walk.dates.length).toBeGreaterThan(0);
  });
});

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** Valid rules without COUNT (those are moved on), of every frequency and BY part. */
const movableRule = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.integer({ min: 1, max: 3 }),
    bymonth: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    bymonthday: fc.option(
      fc.uniqueArray(
        fc.integer({ min: -31, max: 31 }).filter((n) => n !== 0),
        { minLength: 1, maxLength: 3 },
      ),
      { nil: undefined },
    ),
    byday: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    ordinal: fc.option(fc.constantFrom(1, 2, -1, 4), { nil: undefined }),
    byyearday: fc.option(
      fc.uniqueArray(
        fc.integer({ min: -366, max: 366 }).filter((n) => n !== 0),
        { minLength: 1, maxLength: 3 },
      ),
      { nil: undefined },
    ),
    byweekno: fc.option(
      fc.uniqueArray(
        fc.integer({ min: -53, max: 53 }).filter((n) => n !== 0),
        { minLength: 1, maxLength: 2 },
      ),
      { nil: undefined },
    ),
    bysetpos: fc.option(fc.constantFrom(1, -1, 2), { nil: undefined }),
    wkst: fc.option(fc.constantFrom('MO', 'SU', 'WE'), { nil: undefined }),
  })
  .map((r) => {
    const parts = [`FREQ=${r.freq}`, `INTERVAL=${r.interval}`];
    if (r.bymonth) parts.push(`BYMONTH=${r.bymonth.join(',')}`);
    if (r.bymonthday && r.freq !== 'WEEKLY') parts.push(`BYMONTHDAY=${r.bymonthday.join(',')}`);
    const ordinal = r.ordinal && (r.freq === 'MONTHLY' || r.freq === 'YEARLY') ? String(r.ordinal) : '';
    if (r.byday) parts.push(`BYDAY=${r.byday.map((d) => ordinal + DAYS[d]).join(',')}`);
    if (r.byyearday && r.freq === 'YEARLY' && !r.bymonth) parts.push(`BYYEARDAY=${r.byyearday.join(',')}`);
    if (r.byweekno && r.freq === 'YEARLY' && !ordinal) parts.push(`BYWEEKNO=${r.byweekno.join(',')}`);
    if (r.bysetpos && parts.length > 2) parts.push(`BYSETPOS=${r.bysetpos}`);
    if (r.wkst) parts.push(`WKST=${r.wkst}`);
    return parts.join(';');
  });

describe('a rule moved on to its window', () => {
  it('finds the dates the library finds walking from the rule’s start', () => {
    fc.assert(
      fc.property(
        movableRule,
        fc.integer({ min: 0, max: 8 * 366 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 1, max: 400 }),
        (rule, daysBefore, minute, windowDays) => {
          const after = at('2031-03-10T00:00');
          const dtstart = new Date(after.getTime() - daysBefore * DAY + minute * 60_000);
          const local = dtstart.toISOString().slice(0, 16);
          // Only rules the schedules accept: the others are never walked beyond their refusal.
          fc.pre(ruleProblem({ dtstart: local, rrule: rule }) === null);
          const parsed = options(rule);
          const before = new Date(after.getTime() + windowDays * DAY);
          const walk = walkBetween(parsed, dtstart, after, before, 10_000);
          const expected = new RRule({ ...parsed, dtstart }).between(after, before, true);
          expect(
            walk.dates.map((d) => d.toISOString()),
            `${local} ${rule}`,
          ).toEqual(expected.map((d) => d.toISOString()));
          // The window, the INTERVAL of periods before it that the rule is moved back to (up to three years before
          // `after` for a yearly rule of INTERVAL=3) and two periods after (walkBudget): not the years before.
          // With seed 1040693113 a yearly INTERVAL=3 rule moved to 2029-01-01 for a window in March 2031 walked
          // 1,539 days, over the former bound of the window and four years that forgot the INTERVAL.
          const interval = parsed.interval ?? 1;
          expect(walk.work).toBeLessThanOrEqual(windowDays + (interval + 2) * 366 + 8);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a rule with COUNT', () => {
  it('finds the dates the library finds, a daily one walked as weekly included', () => {
    fc.assert(
      fc.property(movableRule, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 400 }), (rule, count, daysBefore) => {
        const after = at('2031-03-10T00:00');
        const dtstart = new Date(after.getTime() - daysBefore * DAY + 19 * 3600_000);
        const withCount = `${rule};COUNT=${count}`;
        fc.pre(ruleProblem({ dtstart: dtstart.toISOString().slice(0, 16), rrule: withCount }) === null);
        const parsed = options(withCount);
        const before = new Date(after.getTime() + 500 * DAY);
        const expected = new RRule({ ...parsed, dtstart }).between(after, before, true);
        expect(walkBetween(parsed, dtstart, after, before, 10_000).dates, withCount).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
