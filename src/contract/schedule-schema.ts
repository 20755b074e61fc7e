import * as v from 'valibot';
import { boundedArray } from './bounded-array';

// What the first screen's bundle may carry: no rule library, no luxon (they come with schedule.ts).

/** A need's slots: how long each lasts, how many people each needs, how far ahead they are expanded. */
export const SLOT_MINUTES = { min: 15, max: 1440 } as const;
export const SLOT_PLACES = { min: 1, max: 20 } as const;
export const HORIZON_YEARS = 2;
/** A help "now" is not in the past: clocks of phones and server differ by a few minutes. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** No window of slots spans more than this (GET /slots, the planning's year). */
export const MAX_SLOT_WINDOW_DAYS = 366;
/** Needs with a schedule one village may hold: each is expanded at every read of its slots. */
export const MAX_SCHEDULED_NEEDS = 200;
/** Slots one answer of GET /slots may carry (about 160 bytes each): a wider window is refused, not cut. */
export const MAX_SLOTS_PER_ANSWER = 5000;
/** A guard against rules that would expand without end inside the horizon (several a day for two years). */
export const MAX_OCCURRENCES = 2000;
/** A rule with COUNT ends within this many years of its start: its walk cannot skip its earlier dates. */
export const COUNT_RULE_YEARS = HORIZON_YEARS + 1;
/** Cancelled dates one schedule may carry: a year of daily slots. */
export const MAX_EXDATES = 366;
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export const scheduleMessages = {
  localDateTime: 'Cette date et heure ne sont pas valides',
  rule: "Cette répétition n'est pas valide",
  ruleFrequency: 'Un créneau se répète au plus une fois par jour, par semaine, par mois ou par an',
  ruleNeverOccurs: `Cette répétition ne tombe sur aucune date dans les ${HORIZON_YEARS} ans qui suivent son début`,
  ruleTooLong: `Une répétition limitée en nombre de fois doit finir dans les ${COUNT_RULE_YEARS} ans qui suivent son début`,
  exdates: `Un créneau ne peut pas avoir plus de ${MAX_EXDATES} dates annulées`,
  tooManyScheduledNeeds: `Ce village a déjà ${MAX_SCHEDULED_NEEDS} besoins avec des créneaux\u00a0: supprimez-en un avant d'en ajouter`,
  tooManySlots: `Cette période compte plus de ${MAX_SLOTS_PER_ANSWER} créneaux\u00a0: demandez une période plus courte`,
  duration: `La durée doit être comprise entre ${SLOT_MINUTES.min} minutes et 24 heures`,
  places: `Le nombre de places doit être compris entre ${SLOT_PLACES.min} et ${SLOT_PLACES.max}`,
  timeZone: "Ce fuseau horaire n'est pas valide",
  past: 'Ce créneau est déjà passé\u00a0: choisissez une date à venir',
  tooFar: `Ce créneau est trop loin\u00a0: ${HORIZON_YEARS} ans au plus`,
} as const;

/** A wall-clock time in the village's zone, "2027-03-15T19:00": what the organiser typed, not an instant. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
export const localDateTime = v.pipe(
  v.string(scheduleMessages.localDateTime),
  v.check((s) => {
    const parts = LOCAL.exec(s);
    if (!parts) return false;
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, scheduleMessages.localDateTime),
);

const int = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

export const scheduleFields = {
  dtstart: localDateTime,
  duration_minutes: int(SLOT_MINUTES.min, SLOT_MINUTES.max, scheduleMessages.duration),
  rrule: v.optional(v.nullable(v.pipe(v.string(scheduleMessages.rule), v.maxLength(500, scheduleMessages.rule))), null),
  exdates: v.optional(boundedArray(localDateTime, MAX_EXDATES, scheduleMessages.exdates), []),
  places: v.optional(int(SLOT_PLACES.min, SLOT_PLACES.max, scheduleMessages.places), 1),
};

/**
 * A schedule as answers carry it: as stored, so without the bounds added since on what a write may send
 * (a need written before the 366 cancelled dates bound may carry up to 1,000; the app must still read it).
 */
export const Schedule = v.object({ ...scheduleFields, exdates: v.optional(v.array(localDateTime), []) });
export type Schedule = v.InferOutput<typeof Schedule>;

/** An IANA zone the platform knows ("Europe/Paris"), checked by Intl itself. */
const knownZone = (zone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== undefined;
  } catch {
    return false;
  }
};
export const TimeZone = v.pipe(v.string(scheduleMessages.timeZone), v.check(knownZone, scheduleMessages.timeZone));
