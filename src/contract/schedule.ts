import * as v from 'valibot';
import { DateTime, IANAZone } from 'luxon';
import { RRule } from './rrule-library';

/** A need's slots: how long each lasts, how many people each needs, how far ahead they are expanded. */
export const SLOT_MINUTES = { min: 15, max: 1440 } as const;
export const SLOT_PLACES = { min: 1, max: 20 } as const;
export const HORIZON_YEARS = 2;
/** A help "now" is not in the past: clocks of phones and server differ by a few minutes. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** No window of slots spans more than this (GET /slots, the planning's year). */
export const MAX_SLOT_WINDOW_DAYS = 366;
/** A guard against rules that would expand without end inside the horizon (several a day for two years). */
export const MAX_OCCURRENCES = 2000;
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export const scheduleMessages = {
  localDateTime: "Cette date et heure ne sont pas valides",
  rule: "Cette répétition n'est pas valide",
  ruleFrequency: 'Un créneau se répète au plus une fois par jour, par semaine, par mois ou par an',
  duration: `La durée doit être comprise entre ${SLOT_MINUTES.min} minutes et 24 heures`,
  places: `Le nombre de places doit être compris entre ${SLOT_PLACES.min} et ${SLOT_PLACES.max}`,
  timeZone: "Ce fuseau horaire n'est pas valide",
  past: 'Ce créneau est déjà passé : choisissez une date à venir',
  tooFar: `Ce créneau est trop loin : ${HORIZON_YEARS} ans au plus`,
} as const;

/** A wall-clock time in the village's zone, "2027-03-15T19:00": what the organiser typed, not an instant. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
export const localDateTime = v.pipe(
  v.string(scheduleMessages.localDateTime),
  v.check((s) => LOCAL.test(s) && DateTime.fromISO(s, { zone: 'utc' }).isValid, scheduleMessages.localDateTime),
);

const FREQUENCIES = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);

/** The rule's options, or the French reason it is refused. Only the RRULE's own parts: no DTSTART, no zone. */
export function parseRule(rule: string): { ok: true; options: Partial<ConstructorParameters<typeof RRule>[0]> } | { ok: false; message: string } {
  const body = rule.trim().replace(/^RRULE:/i, '');
  if (body === '' || /[\n\r]|DTSTART|TZID/i.test(body)) return { ok: false, message: scheduleMessages.rule };
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined || options.freq === null) return { ok: false, message: scheduleMessages.rule };
    if (!FREQUENCIES.has(options.freq)) return { ok: false, message: scheduleMessages.ruleFrequency };
    if (options.byhour != null || options.byminute != null || options.bysecond != null) return { ok: false, message: scheduleMessages.rule };
    // Building it checks what parsing lets through (BYDAY=XX, a zero interval).
    new RRule({ ...options, dtstart: new Date(0) }).after(new Date(0), true);
    if (options.interval !== undefined && options.interval !== null && !(options.interval >= 1)) return { ok: false, message: scheduleMessages.rule };
    return { ok: true, options };
  } catch {
    return { ok: false, message: scheduleMessages.rule };
  }
}

const int = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const scheduleFields = {
  dtstart: localDateTime,
  duration_minutes: int(SLOT_MINUTES.min, SLOT_MINUTES.max, scheduleMessages.duration),
  rrule: v.optional(v.nullable(v.pipe(v.string(scheduleMessages.rule), v.maxLength(500, scheduleMessages.rule))), null),
  exdates: v.optional(v.pipe(v.array(localDateTime), v.maxLength(1000, scheduleMessages.rule)), []),
  places: v.optional(int(SLOT_PLACES.min, SLOT_PLACES.max, scheduleMessages.places), 1),
};

/**
 * A need's schedule: `dtstart` and `exdates` in the village's zone, an RFC 5545 RRULE (none: one date only),
 * each slot `duration_minutes` long with `places` people. A rule the library cannot read is refused on the
 * `schedule` field itself.
 */
export const ScheduleInput = v.pipe(
  v.strictObject(scheduleFields),
  v.check((s) => s.rrule == null || parseRule(s.rrule).ok, (issue) => {
    const rule = (issue.input as { rrule?: string }).rrule;
    const parsed = rule ? parseRule(rule) : null;
    return parsed && !parsed.ok ? parsed.message : scheduleMessages.rule;
  }),
);
export type ScheduleInput = v.InferInput<typeof ScheduleInput>;

/** A schedule as answers carry it. */
export const Schedule = v.object(scheduleFields);
export type Schedule = v.InferOutput<typeof Schedule>;

export const TimeZone = v.pipe(v.string(scheduleMessages.timeZone), v.check((zone) => IANAZone.isValidZone(zone), scheduleMessages.timeZone));

/** One occurrence of a schedule: instants in UTC ISO, as helps store them. */
export interface Occurrence {
  start_date: string;
  end_date: string;
}

const toInstant = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** A wall-clock time read as if it were UTC: the rule library then never meets a daylight-saving change. */
const floating = (local: string) => DateTime.fromISO(local, { zone: 'utc' }).toJSDate();
const floatingLabel = (date: Date) => date.toISOString().slice(0, 16);

/** The end of the expansion, two years from now: an unbounded rule stops there. */
export const horizonFrom = (now: Date) => DateTime.fromJSDate(now).plus({ years: HORIZON_YEARS }).toJSDate();

/**
 * The occurrences of a schedule that start in [from, to), sorted, cancelled dates left out, none after the
 * horizon (two years after `now`). Each wall-clock time is placed in `zone` after the rule is expanded, so
 * 19:00 stays 19:00 across daylight-saving changes (a time the spring change skips moves an hour on, as a
 * clock would); a slot of 22:00 for 600 minutes ends the next morning.
 */
export function expandSchedule(schedule: Schedule, zone: string, from: Date | string, to: Date | string, now: Date = new Date()): Occurrence[] {
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
    const parsed = parseRule(schedule.rrule);
    if (!parsed.ok) return [];
    const rule = new RRule({ ...parsed.options, dtstart: floating(schedule.dtstart) });
    labels = rule.between(after, before, true, (_, index) => index < MAX_OCCURRENCES);
  }
  const found: Occurrence[] = [];
  for (const label of labels) {
    const local = floatingLabel(label);
    if (exdates.has(local)) continue;
    const at = DateTime.fromISO(local, { zone });
    const instant = at.toMillis();
    if (instant < start || instant >= end || instant > horizon) continue;
    found.push({ start_date: new Date(instant).toISOString(), end_date: new Date(instant + minutes).toISOString() });
  }
  return found.sort((a, b) => a.start_date.localeCompare(b.start_date));
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

/**
 * Why a help cannot start at `start` (a few minutes of clock skew tolerated for "now"), or null: none in
 * the past, none more than two years ahead. Scheduled slots and free helps alike; the end is checked by
 * the schema.
 */
export function helpStartProblem(start: Date | string, now: Date): string | null {
  const at = toInstant(start).getTime();
  if (at < now.getTime() - CLOCK_SKEW_MS) return scheduleMessages.past;
  if (at > horizonFrom(now).getTime()) return scheduleMessages.tooFar;
  return null;
}
