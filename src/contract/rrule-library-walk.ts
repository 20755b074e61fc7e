import { RRule } from './rrule-library';
import { COUNT_RULE_YEARS } from './schedule-schema';

/** A rule's own parts as the library parses them (no DTSTART: the schedule's own is given at each walk). */
export type RuleOptions = Partial<NonNullable<ConstructorParameters<typeof RRule>[0]>>;

/**
 * The longest stretch of days one walk of a rule covers: three years. A window of slots lies within the
 * two-year horizon, and a rule moved on to its window (below) walks only that; a rule with COUNT cannot be
 * moved on, so it is accepted only if it ends within this stretch from its start (schedule.ts).
 */
export const MAX_WALK_SPAN_DAYS = COUNT_RULE_YEARS * 366;

/** Days of one period of each frequency (at most): a walk also looks at the whole periods around its window. */
const PERIOD_DAYS: Record<number, number> = { [RRule.YEARLY]: 366, [RRule.MONTHLY]: 31, [RRule.WEEKLY]: 7, [RRule.DAILY]: 1 };

/** The most candidate days a walk of `options` over `spanDays` may look at. */
const walkBudget = (options: RuleOptions, spanDays: number) =>
  Math.min(Math.max(0, spanDays), MAX_WALK_SPAN_DAYS) + 2 * (PERIOD_DAYS[options.freq ?? RRule.YEARLY] ?? 366) + 7;

const DAY_MS = 24 * 3600_000;

/** Thrown from inside the library when a walk has spent its budget; never leaves this module. */
class BudgetSpent extends Error {}

/** Candidate days looked at by every walk so far: what tests count instead of timing. */
let totalWork = 0;
export const walkWork = () => totalWork;

export interface Walk {
  /** The rule's dates in [after, before] found within the budget, in order, at most `maxMatches`. */
  dates: Date[];
  /** Candidate days looked at. */
  work: number;
  /** False when the budget ran out first: later dates in the window may be missing. */
  complete: boolean;
}

/**
 * The dates of a rule in [after, before] (floating dates: UTC fields are the wall clock), with a hard
 * bound on the work (walkBudget). Why the bound is installed this way: the library walks period after
 * period (day, week, month, year) up to the year 9999 as long as no candidate day matches; UNTIL, COUNT
 * and the `iterator` callback are only looked at on a match, so none of them stops a rule that never
 * matches (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31 from 1970: 2.9 million days, 8.6 s). The one thing it reads for every
 * candidate day is the rule's options: `byyearday` is read once per candidate day (iter/index.js,
 * isFiltered) and nowhere else while walking. So the walk counts those reads on its own rule's options and
 * throws out of the library once the budget is spent, keeping what it found. A test checks the count
 * follows the days walked, so a new version of the library that reads its options differently is noticed.
 *
 * A rule without COUNT is also moved on to the period (with its INTERVAL) just before `after`, with the
 * parts it took from DTSTART made explicit: the walk then costs the window, not the rule's age.
 */
export function walkBetween(options: RuleOptions, dtstart: Date, after: Date, before: Date, maxMatches: number): Walk {
  const moved = movedOn(options, dtstart, after);
  const walked = dailyAsWeekly(moved.options);
  // The walk starts at (the period of) its DTSTART, whatever `after` is.
  const budget = walkBudget(walked, Math.ceil((before.getTime() - moved.dtstart.getTime()) / DAY_MS));
  const rule = new RRule({ ...walked, dtstart: moved.dtstart }, true);
  let work = 0;
  const parsed = rule.options as unknown as Record<string, unknown>;
  const byyearday = parsed.byyearday;
  Object.defineProperty(parsed, 'byyearday', {
    enumerable: true,
    get() {
      work += 1;
      if (work > budget) throw new BudgetSpent();
      return byyearday;
    },
  });
  const dates: Date[] = [];
  let complete = true;
  try {
    rule.between(after, before, true, (date) => {
      dates.push(date);
      return dates.length < maxMatches;
    });
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    complete = false;
  }
  totalWork += work;
  return { dates, work, complete };
}

/**
 * A DAILY rule with INTERVAL=1 and no BYSETPOS as the WEEKLY rule of the same days (all seven when it names
 * none): every day is looked at and filtered the same way, in the same order, so the dates and their COUNT
 * are the same; the library walks a week several times faster than seven one-day periods (about 1 µs a
 * day instead of 5 to 10).
 */
function dailyAsWeekly(options: RuleOptions): RuleOptions {
  if (options.freq !== RRule.DAILY || (options.interval ?? 1) !== 1 || present(options.bysetpos)) return options;
  return { ...options, freq: RRule.WEEKLY, byweekday: present(options.byweekday) ? options.byweekday : [0, 1, 2, 3, 4, 5, 6] };
}

const present = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** Days since 1970-01-01 of a floating date, and its weekday as the library numbers them (Monday 0). */
const dayOf = (date: Date) => Math.floor(date.getTime() / DAY_MS);
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
/** Midnight of a year and month (years below 100 too, which Date.UTC would read as 19xx). */
const firstOfMonth = (year: number, month: number) => dayOf(new Date(new Date(0).setUTCFullYear(year, month, 1)));

/**
 * The same rule started at a later period when that changes nothing before `after`: the first period of
 * the rule (with its INTERVAL) that starts at or before `after`, at DTSTART's time of day, the parts the
 * library takes from DTSTART (weekday, day of month, month: RFC 5545, 3.3.10) written out. A rule with
 * COUNT is left as it is: its end depends on every earlier date.
 */
function movedOn(options: RuleOptions, dtstart: Date, after: Date): { options: RuleOptions; dtstart: Date } {
  const unchanged = { options, dtstart };
  if (present(options.count) || dtstart.getTime() >= after.getTime()) return unchanged;
  const interval = typeof options.interval === 'number' && options.interval >= 1 ? options.interval : 1;
  const first = dayOf(dtstart);
  const target = dayOf(after);
  const timeOfDay = dtstart.getTime() - first * DAY_MS;
  const step = (span: number) => Math.floor(span / interval) * interval;
  let day: number;
  switch (options.freq) {
    case RRule.DAILY:
      day = first + step(target - first);
      break;
    case RRule.WEEKLY: {
      const wkst = options.wkst ?? 0;
      const weekStart = first - ((weekdayOf(first) - (typeof wkst === 'number' ? wkst : wkst.weekday) + 7) % 7);
      day = weekStart + 7 * step(Math.floor((target - weekStart) / 7));
      break;
    }
    case RRule.MONTHLY: {
      const month = dtstart.getUTCFullYear() * 12 + dtstart.getUTCMonth();
      const moved = month + step(after.getUTCFullYear() * 12 + after.getUTCMonth() - month);
      day = firstOfMonth(Math.floor(moved / 12), moved % 12);
      break;
    }
    case RRule.YEARLY:
      day = firstOfMonth(dtstart.getUTCFullYear() + step(after.getUTCFullYear() - dtstart.getUTCFullYear()), 0);
      break;
    default:
      return unchanged;
  }
  if (day <= first) return unchanged;
  const explicit: RuleOptions = { ...options };
  const fromStart =
    !present(options.byweekno) && !present(options.byyearday) && !present(options.bymonthday) && !present(options.byweekday);
  if (fromStart && options.freq === RRule.YEARLY) {
    explicit.bymonth = present(options.bymonth) ? options.bymonth : dtstart.getUTCMonth() + 1;
    explicit.bymonthday = dtstart.getUTCDate();
  } else if (fromStart && options.freq === RRule.MONTHLY) {
    explicit.bymonthday = dtstart.getUTCDate();
  } else if (fromStart && options.freq === RRule.WEEKLY) {
    explicit.byweekday = [weekdayOf(first)];
  }
  return { options: explicit, dtstart: new Date(day * DAY_MS + timeOfDay) };
}
