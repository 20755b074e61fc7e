import { DateTime } from 'luxon';
import { messages, scheduleMessages, SLOT_MINUTES, SLOT_PLACES, type Schedule } from '../../contract';

/**
 * The "Dates et créneaux" section of the need form as typed (every value a string, as the form holds them),
 * and the schedule it stands for: built into an RFC 5545 RRULE on the way out, read back from one to
 * prefill an edit. A rule this form cannot show is kept untouched ("Répétition personnalisée").
 */
export interface ScheduleFields {
  dated: 'none' | 'dated';
  first_date: string;
  start_time: string;
  duration: string;
  custom_minutes: string;
  repeat: Repeat;
  /** "MO,WE,FR"; empty: the first date's weekday, until the organiser picks days. */
  weekdays: string;
  end: End;
  end_weeks: string;
  end_until: string;
  end_count: string;
  places: string;
}

export type Repeat = 'once' | 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'custom';
export type End = 'weeks' | 'until' | 'count';

export const CUSTOM_DURATION = 'custom';
export const DURATIONS = [
  { value: '30', label: '30 min' },
  { value: '60', label: '1 h' },
  { value: '90', label: '1 h 30' },
  { value: '120', label: '2 h' },
  { value: '180', label: '3 h' },
  { value: '240', label: '4 h' },
  { value: '720', label: 'Une nuit (12 h)' },
  { value: '1440', label: 'Une journée (24 h)' },
  { value: CUSTOM_DURATION, label: 'Autre durée (en minutes)' },
] as const;

export const REPEATS: { value: Repeat; label: string }[] = [
  { value: 'once', label: 'Une seule fois' },
  { value: 'daily', label: 'Tous les jours' },
  { value: 'weekly', label: 'Chaque semaine' },
  { value: 'biweekly', label: 'Toutes les 2 semaines' },
  { value: 'monthly', label: 'Chaque mois' },
];
export const CUSTOM_REPEAT_LABEL = 'Répétition personnalisée';

/** Monday first, as a French week. */
export const WEEKDAYS = [
  { code: 'MO', short: 'lun', label: 'lundi' },
  { code: 'TU', short: 'mar', label: 'mardi' },
  { code: 'WE', short: 'mer', label: 'mercredi' },
  { code: 'TH', short: 'jeu', label: 'jeudi' },
  { code: 'FR', short: 'ven', label: 'vendredi' },
  { code: 'SA', short: 'sam', label: 'samedi' },
  { code: 'SU', short: 'dim', label: 'dimanche' },
] as const;

export const ENDS: { value: End; label: string }[] = [
  { value: 'weeks', label: 'Pendant un nombre de semaines' },
  { value: 'until', label: 'Jusqu’à une date' },
  { value: 'count', label: 'Un nombre de fois' },
];

export const MAX_WEEKS = 104;
export const MAX_COUNT = 730;

export const scheduleFormMessages = {
  weekdays: 'Choisissez au moins un jour de la semaine',
  weeks: `Indiquez un nombre de semaines entre 1 et ${MAX_WEEKS}`,
  count: `Indiquez un nombre de fois entre 1 et ${MAX_COUNT}`,
  until: 'La date de fin doit être le jour de la première date ou après',
} as const;

export const SCHEDULE_FIELD_NAMES = [
  'dated',
  'first_date',
  'start_time',
  'duration',
  'custom_minutes',
  'repeat',
  'weekdays',
  'end',
  'end_weeks',
  'end_until',
  'end_count',
  'places',
] as const satisfies readonly (keyof ScheduleFields)[];

export const EMPTY_SCHEDULE_FIELDS: ScheduleFields = {
  dated: 'none',
  first_date: '',
  start_time: '',
  duration: '60',
  custom_minutes: '',
  repeat: 'once',
  weekdays: '',
  end: 'weeks',
  end_weeks: '4',
  end_until: '',
  end_count: '',
  places: '1',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const validDate = (date: string) => DATE.test(date) && DateTime.fromISO(date).isValid;
const wholeIn = (value: string, min: number, max: number) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/** The weekday code of a date, "MO" for a Monday. */
export const weekdayOf = (date: string) => (validDate(date) ? WEEKDAYS[DateTime.fromISO(date).weekday - 1].code : null);

/** The days ticked: those picked, else the first date's own. */
export function chosenWeekdays(fields: Pick<ScheduleFields, 'weekdays' | 'first_date'>): string[] {
  if (fields.weekdays) return WEEKDAYS.map((d) => d.code).filter((code) => fields.weekdays.split(',').includes(code));
  const own = weekdayOf(fields.first_date);
  return own ? [own] : [];
}

export const durationMinutes = (fields: Pick<ScheduleFields, 'duration' | 'custom_minutes'>) =>
  Number(fields.duration === CUSTOM_DURATION ? fields.custom_minutes : fields.duration);

/** "20270425T235959Z": the end of a day in the rule's floating time (expansion reads every time as wall-clock). */
const untilOf = (date: string) => `${date.replaceAll('-', '')}T235959Z`;

/** The RRULE the choices make (null: one date only), or the kept rule for "Répétition personnalisée". */
export function buildRule(fields: ScheduleFields, keptRule: string | null = null): string | null {
  if (fields.repeat === 'custom') return keptRule;
  if (fields.repeat === 'once') return null;
  const parts = [
    {
      daily: 'FREQ=DAILY',
      weekly: 'FREQ=WEEKLY',
      biweekly: 'FREQ=WEEKLY;INTERVAL=2',
      monthly: 'FREQ=MONTHLY',
    }[fields.repeat],
  ];
  if (fields.repeat === 'weekly' || fields.repeat === 'biweekly') parts.push(`BYDAY=${chosenWeekdays(fields).join(',')}`);
  if (fields.end === 'count') parts.push(`COUNT=${Number(fields.end_count)}`);
  else if (fields.end === 'until') parts.push(`UNTIL=${untilOf(fields.end_until)}`);
  else {
    // "Pendant 6 semaines" from a Monday: up to the Sunday of the sixth week, whatever day the series starts.
    const last = DateTime.fromISO(fields.first_date)
      .plus({ weeks: Number(fields.end_weeks) })
      .minus({ days: 1 });
    parts.push(`UNTIL=${untilOf(last.toISODate() ?? fields.first_date)}`);
  }
  return parts.join(';');
}

/**
 * The schedule the fields make, as the contract takes it (null: "Sans date"). Cancelled dates of the
 * schedule being edited are kept, and so is a rule the form could not show.
 */
export function scheduleFromFields(fields: ScheduleFields, editing: Schedule | null = null): Schedule | null {
  if (fields.dated !== 'dated') return null;
  return {
    dtstart: `${fields.first_date}T${fields.start_time}`,
    duration_minutes: durationMinutes(fields),
    rrule: buildRule(fields, editing?.rrule ?? null),
    exdates: editing?.exdates ?? [],
    places: Number(fields.places),
  };
}

/** Each field's problem, in French, before the contract has its final word (so each lands on its field). */
export function scheduleProblems(fields: ScheduleFields): { field: keyof ScheduleFields; message: string }[] {
  if (fields.dated !== 'dated') return [];
  const problems: { field: keyof ScheduleFields; message: string }[] = [];
  const add = (field: keyof ScheduleFields, message: string) => problems.push({ field, message });
  if (!fields.first_date) add('first_date', messages.required);
  else if (!validDate(fields.first_date)) add('first_date', scheduleMessages.localDateTime);
  if (!fields.start_time) add('start_time', messages.required);
  else if (!TIME.test(fields.start_time)) add('start_time', scheduleMessages.localDateTime);
  if (fields.duration === CUSTOM_DURATION && !wholeIn(fields.custom_minutes, SLOT_MINUTES.min, SLOT_MINUTES.max))
    add('custom_minutes', scheduleMessages.duration);
  if (!wholeIn(fields.places, SLOT_PLACES.min, SLOT_PLACES.max)) add('places', scheduleMessages.places);
  if (fields.repeat === 'once' || fields.repeat === 'custom') return problems;
  if ((fields.repeat === 'weekly' || fields.repeat === 'biweekly') && chosenWeekdays(fields).length === 0)
    add('weekdays', scheduleFormMessages.weekdays);
  if (fields.end === 'weeks' && !wholeIn(fields.end_weeks, 1, MAX_WEEKS)) add('end_weeks', scheduleFormMessages.weeks);
  if (fields.end === 'count' && !wholeIn(fields.end_count, 1, MAX_COUNT)) add('end_count', scheduleFormMessages.count);
  if (fields.end === 'until') {
    if (!fields.end_until) add('end_until', messages.required);
    else if (!validDate(fields.end_until)) add('end_until', scheduleMessages.localDateTime);
    else if (validDate(fields.first_date) && fields.end_until < fields.first_date) add('end_until', scheduleFormMessages.until);
  }
  return problems;
}

/** The parts of a rule this form makes, or null when it has others ("Répétition personnalisée"). */
function readRule(rule: string): Pick<ScheduleFields, 'repeat' | 'weekdays' | 'end' | 'end_until' | 'end_count'> | null {
  const parts = new Map<string, string>();
  for (const part of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length || parts.has(key.toUpperCase())) return null;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const allowed = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL', 'WKST']);
  if ([...parts.keys()].some((key) => !allowed.has(key))) return null;
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return null;
  const interval = parts.get('INTERVAL') ?? '1';
  const freq = parts.get('FREQ');
  let repeat: Repeat;
  if (freq === 'DAILY' && interval === '1') repeat = 'daily';
  else if (freq === 'WEEKLY' && interval === '1') repeat = 'weekly';
  else if (freq === 'WEEKLY' && interval === '2') repeat = 'biweekly';
  else if (freq === 'MONTHLY' && interval === '1') repeat = 'monthly';
  else return null;
  const byday = parts.get('BYDAY');
  const codes: string[] = WEEKDAYS.map((d) => d.code);
  let weekdays = '';
  if (byday !== undefined) {
    const days = byday.split(',');
    if (repeat !== 'weekly' && repeat !== 'biweekly') return null;
    if (days.some((day) => !codes.includes(day))) return null;
    weekdays = codes.filter((code) => days.includes(code)).join(',');
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until === undefined && /^\d+$/.test(count))
    return { repeat, weekdays, end: 'count', end_count: String(Number(count)), end_until: '' };
  const day = until?.match(/^(\d{4})(\d{2})(\d{2})(T235959Z?)?$/);
  if (day && count === undefined) return { repeat, weekdays, end: 'until', end_until: `${day[1]}-${day[2]}-${day[3]}`, end_count: '' };
  // No end (the horizon stops it) or one this form does not write.
  return null;
}

/** The fields that show a schedule, to edit it. */
export function fieldsFromSchedule(schedule: Schedule | null): ScheduleFields {
  if (!schedule) return EMPTY_SCHEDULE_FIELDS;
  const [first_date, start_time] = schedule.dtstart.split('T');
  const listed = DURATIONS.some((d) => d.value === String(schedule.duration_minutes));
  const base: ScheduleFields = {
    ...EMPTY_SCHEDULE_FIELDS,
    dated: 'dated',
    first_date,
    start_time,
    duration: listed ? String(schedule.duration_minutes) : CUSTOM_DURATION,
    custom_minutes: listed ? '' : String(schedule.duration_minutes),
    places: String(schedule.places),
  };
  if (schedule.rrule == null) return base;
  const rule = readRule(schedule.rrule);
  return rule ? { ...base, ...rule } : { ...base, repeat: 'custom' };
}
