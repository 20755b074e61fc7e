import * as v from 'valibot';
import { DateTime, IANAZone } from 'luxon';
import { RRule } from './rrule-library';
import { keepsToTheStandard } from './rrule-library-parts';
import { walkBetween, type RuleOptions } from './rrule-library-walk';
import {
  MAX_OCCURRENCES,
  CLOCK_SKEW_MS,
  COUNT_RULE_YEARS,
  HORIZON_YEARS,
  scheduleFields,
  scheduleMessages,
  type Schedule,
} from './schedule-schema';

export * from './schedule-schema';

/** The rule's options, or the French reason it is refused. Only the RRULE's own parts: no DTSTART, no zone. */
export function parseRule(rule: string): { ok: true; options: RuleOptions } | { ok: false; message: string } {
  const body = rule.trim().replace(/^RRULE:/i, '');
  if (body === '' || /[\n\r]|DTSTART|TZID/i.test(body)) return { ok: false, message: scheduleMessages.rule };
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined || options.freq === null) return { ok: false, message: scheduleMessages.rule };
    if (![RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY].includes(options.freq))
      return { ok: false, message: scheduleMessages.ruleFrequency };
    if (!keepsToTheStandard(options)) return { ok: false, message: scheduleMessages.rule };
    // Building it (never walking it: see rrule-library-walk.ts) checks what parsing lets through.
    new RRule({ ...options, dtstart: new Date(0) }, true);
    return { ok: true, options };
  } catch {
    return { ok: false, message: scheduleMessages.rule };
  }
}

/**
 * Why a schedule's rule is refused, or null: not readable, no date in the two years from its start, or
 * (with COUNT) not ended within three years of it. Both are walks of the rule bounded on their work
 * (candidate days, rrule-library-walk.ts), never on the clock.
 */
export function ruleProblem(schedule: { dtstart: string; rrule?: string | null }): string | null {
  if (schedule.rrule == null) return null;
  const parsed = parsedRule(schedule.rrule);
  if (!parsed.ok) return parsed.message;
  const start = floating(schedule.dtstart);
  const yearsOn = (years: number) => DateTime.fromJSDate(start, { zone: 'utc' }).plus({ years }).toJSDate();
  if (walkBetween(parsed.options, start, start, yearsOn(HORIZON_YEARS), 1).dates.length === 0) return scheduleMessages.ruleNeverOccurs;
  const count = parsed.options.count;
  if (typeof count === 'number' && walkBetween(parsed.options, start, start, yearsOn(COUNT_RULE_YEARS), count).dates.length < count) {
    return scheduleMessages.ruleTooLong;
  }
  return null;
}

/**
 * A need's schedule: `dtstart` and `exdates` in the village's zone, an RFC 5545 RRULE (none: one date only),
 * each slot `duration_minutes` long with `places` people. A rule the library cannot read is refused on the
 * `schedule` field itself.
 */
export const ScheduleInput = v.pipe(
  v.strictObject(scheduleFields),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? ruleProblem(dataset.value) : null;
    if (problem) addIssue({ message: problem });
  }),
);
export type ScheduleInput = v.InferInput<typeof ScheduleInput>;

/** Rules read once: a village's few rules are expanded again at every read of its slots. */
const rules = new Map<string, ReturnType<typeof parseRule>>();
function parsedRule(rule: string) {
  let parsed = rules.get(rule);
  if (!parsed) {
    if (rules.size > 1000) rules.clear();
    parsed = parseRule(rule);
    rules.set(rule, parsed);
  }
  return parsed;
}

/** One occurrence of a schedule: instants in UTC ISO, as helps store them. */
export interface Occurrence {
  start_date: string;
  end_date: string;
}

const toInstant = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** A wall-clock time read as if it were UTC: the rule library then never meets a daylight-saving change. */
const floating = (local: string) =>
  new Date(
    Date.UTC(
      Number(local.slice(0, 4)),
      Number(local.slice(5, 7)) - 1,
      Number(local.slice(8, 10)),
      Number(local.slice(11, 13)),
      Number(local.slice(14, 16)),
    ),
  );

/**
 * A zone's offset (minutes) at an instant, remembered by quarter hour: every offset and every change of one
 * falls on a quarter hour, and asking Intl costs about 30 times more than the map (a daily slot for two years
 * is 730 of them in each expansion).
 */
const offsets = new Map<string, number>();
function offsetAt(zone: string, instant: number): number {
  const key = `${zone} ${Math.floor(instant / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = IANAZone.create(zone).offset(instant);
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * A wall-clock time (its fields read as UTC) placed in a zone, as RFC 5545 says (3.3.5): a time that occurs
 * twice when the clocks go back is the first one; a time the clocks skip takes the offset from before the
 * change, so it moves on by the change (02:30 becomes 03:30), as a clock would.
 */
function wallClockInstant(local: number, zone: string): number {
  const HALF_DAY = 12 * 3600_000;
  const before = offsetAt(zone, local - HALF_DAY);
  const after = offsetAt(zone, local + HALF_DAY);
  const early = local - before * 60_000;
  const late = local - after * 60_000;
  const earlyFits = offsetAt(zone, early) === before;
  const lateFits = offsetAt(zone, late) === after;
  if (earlyFits && lateFits) return Math.min(early, late);
  if (earlyFits) return early;
  if (lateFits) return late;
  return early;
}
const floatingLabel = (date: Date) => date.toISOString().slice(0, 16);

/** The end of the expansion, two years from now: an unbounded rule stops there. */
export const horizonFrom = (now: Date) => DateTime.fromJSDate(now).plus({ years: HORIZON_YEARS }).toJSDate();

/**
 * The occurrences of a schedule that start in [from, to), sorted, cancelled dates left out, none after the
 * horizon (two years after `now`). Each wall-clock time is placed in `zone` after the rule is expanded, so
 * 19:00 stays 19:00 across daylight-saving changes (a time the spring change skips moves an hour on, as a
 * clock would); a slot of 22:00 for 600 minutes ends the next morning.
 */
export function expandSchedule(
  schedule: Schedule,
  zone: string,
  from: Date | string,
  to: Date | string,
  now: Date = new Date(),
): Occurrence[] {
  const start = toInstant(from).getTime();
  const horizon = horizonFrom(now).getTime();
  const end = Math.min(toInstant(to).getTime(), horizon + 1);
  if (!(end > start)) return [];
  const exdates = new Set(schedule.exdates);
  const minutes = schedule.duration_minutes * 60_000;
  // The window in wall-clock terms, a day wider on each side: no zone is more than 14 hours off UTC.
  const day = 24 * 3600_000;
  const after = new Date(start - 2 * day);
  const before = new Date(end + 2 * day);
  let labels: Date[];
  if (schedule.rrule == null) {
    labels = [floating(schedule.dtstart)];
  } else {
    // A rule stored before it was checked as it is now yields nothing; any rule's walk is bounded.
    const parsed = parsedRule(schedule.rrule);
    if (!parsed.ok) return [];
    labels = walkBetween(parsed.options, floating(schedule.dtstart), after, before, MAX_OCCURRENCES).dates;
  }
  const found: Occurrence[] = [];
  for (const label of labels) {
    const local = floatingLabel(label);
    if (exdates.has(local)) continue;
    const instant = wallClockInstant(label.getTime(), zone);
    if (instant < start || instant >= end || instant > horizon) continue;
    found.push({ start_date: new Date(instant).toISOString(), end_date: new Date(instant + minutes).toISOString() });
  }
  // ISO instants of one format sort as plain strings.
  return found.sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

/** The occurrence that starts at `instant`, if the schedule has one there (not cancelled, within the horizon). */
export function occurrenceAt(schedule: Schedule, zone: string, instant: Date | string, now: Date = new Date()): Occurrence | null {
  const at = toInstant(instant).getTime();
  if (Number.isNaN(at)) return null;
  const [found] = expandSchedule(schedule, zone, new Date(at), new Date(at + 1), now);
  return found && Date.parse(found.start_date) === at ? found : null;
}

/** The wall-clock label of an occurrence in the village's zone, as `exdates` names it. */
export const localLabel = (instant: string, zone: string) => DateTime.fromISO(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");

/** Two years hold at least 730 days: a start within 729 needs no calendar (luxon) to be within the horizon. */
const SURELY_WITHIN_HORIZON_MS = 729 * 24 * 3600_000;

/**
 * Why a help cannot start at `start` (a few minutes of clock skew tolerated for "now"), or null: none in
 * the past, none more than two years ahead. Scheduled slots and free helps alike; the end is checked by
 * the schema.
 */
export function helpStartProblem(start: Date | string, now: Date): string | null {
  const at = toInstant(start).getTime();
  if (at < now.getTime() - CLOCK_SKEW_MS) return scheduleMessages.past;
  if (at - now.getTime() > SURELY_WITHIN_HORIZON_MS && at > horizonFrom(now).getTime()) return scheduleMessages.tooFar;
  return null;
}
