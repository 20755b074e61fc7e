import * as v from 'valibot';
import { DateTime } from 'luxon';
import { type Help, type Schedule, type VillageNeed } from '../../contract';
import { expandSchedule, horizonFrom, occurrenceAt, ScheduleInput } from '../../contract/schedule';
import { formatSlotDay, formatSlotStart } from '../../contract/french-time';
import { scheduleFromFields, scheduleProblems, type ScheduleFields } from './schedule-form';

/** The schedule the fields make when it is complete and the contract takes it, else null (nothing to preview). */
export function validScheduleOf(fields: ScheduleFields, editing: Schedule | null): Schedule | null {
  if (fields.dated !== 'dated' || scheduleProblems(fields).length) return null;
  const parsed = v.safeParse(ScheduleInput, scheduleFromFields(fields, editing));
  return parsed.success ? parsed.output : null;
}

/**
 * "18 créneaux, du lundi 15 mars au vendredi 23 avril": the slots still to come, expanded on the device by
 * the contract's function in the village's zone, as the server will.
 */
export function schedulePreview(schedule: Schedule, zone: string, now: Date = new Date()): string {
  const slots = expandSchedule(schedule, zone, now, horizonFrom(now), now);
  if (slots.length === 0) return 'Aucun créneau à venir avec ces dates.';
  const today = DateTime.fromJSDate(now);
  const first = slots[0].start_date;
  if (slots.length === 1) return `1 créneau, le ${formatSlotStart(first, zone, today)}.`;
  const last = slots[slots.length - 1].start_date;
  // A rule with no end stops at the horizon: say so rather than let "deux ans" come as a surprise.
  const endless = schedule.rrule != null && !/COUNT=|UNTIL=/i.test(schedule.rrule);
  return `${slots.length} créneaux, du ${formatSlotDay(first, zone, today)} au ${formatSlotDay(last, zone, today)}${endless ? ' (la répétition s’arrête à deux ans)' : ''}.`;
}

/**
 * The helps still to come on this need that an edit of its schedule would release, as the server decides
 * it: a start that is no longer an occurrence of the new schedule. Only an edit from one schedule to another
 * releases; a need that loses its dates keeps its helps.
 */
export function helpsReleasedBy(
  need: VillageNeed,
  next: Schedule | null,
  helps: readonly Help[],
  zone: string,
  now: Date = new Date(),
): Help[] {
  if (!need.schedule || !next) return [];
  return helps.filter(
    (help) =>
      help.village_need_id === need.id && Date.parse(help.start_date) > now.getTime() && !occurrenceAt(next, zone, help.start_date, now),
  );
}

/** "2 créneaux déjà pris seront libérés ; les personnes seront prévenues." */
export const releaseWarning = (count: number) =>
  count === 1
    ? '1 créneau déjà pris sera libéré\u00a0; la personne sera prévenue.'
    : `${count} créneaux déjà pris seront libérés\u00a0; les personnes seront prévenues.`;
