import { describe, expect, it } from 'vitest';
import { type Schedule } from '../../contract';
import { expandSchedule, horizonFrom } from '../../contract/schedule';
import { aHelp, aNeed } from '../../testing/factories';
import { EMPTY_SCHEDULE_FIELDS, fieldsFromSchedule, scheduleFromFields, scheduleProblems, type ScheduleFields } from './schedule-form';
import { helpsReleasedBy, releaseWarning, schedulePreview } from './schedule-preview';

const ZONE = 'Europe/Paris';
const NOW = new Date('2027-03-01T08:00:00Z');

/** "Dîner lundi, mercredi et vendredi à 19\u00a0h pendant 6 semaines, 3 places", from Monday 15 March 2027. */
const dinners: ScheduleFields = {
  ...EMPTY_SCHEDULE_FIELDS,
  dated: 'dated',
  first_date: '2027-03-15',
  start_time: '19:00',
  duration: '90',
  repeat: 'weekly',
  weekdays: 'MO,WE,FR',
  end: 'weeks',
  end_weeks: '6',
  places: '3',
};

describe('the schedule the need form builds', () => {
  it('makes "lundi, mercredi et vendredi à 19 h pendant 6 semaines, 3 places" into 18 slots at 19:00 across the March change', () => {
    const schedule = scheduleFromFields(dinners)!;
    expect(schedule).toEqual({
      dtstart: '2027-03-15T19:00',
      duration_minutes: 90,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20270425T235959Z',
      exdates: [],
      places: 3,
    });
    const slots = expandSchedule(schedule, ZONE, NOW, horizonFrom(NOW), NOW);
    expect(slots).toHaveLength(18);
    // 19:00 in Paris: UTC+1 before 28 March, UTC+2 after.
    expect(slots[0]).toEqual({ start_date: '2027-03-15T18:00:00.000Z', end_date: '2027-03-15T19:30:00.000Z' });
    expect(slots.at(-1)).toEqual({ start_date: '2027-04-23T17:00:00.000Z', end_date: '2027-04-23T18:30:00.000Z' });
    expect(schedulePreview(schedule, ZONE, NOW)).toBe('18 créneaux, du lundi 15\u00a0mars au vendredi 23\u00a0avril.');
  });

  it('ends by a date or a count, repeats daily, every two weeks or monthly, or not at all', () => {
    const rule = (fields: Partial<ScheduleFields>) => scheduleFromFields({ ...dinners, ...fields })?.rrule;
    expect(rule({ end: 'until', end_until: '2027-04-30' })).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20270430T235959Z');
    expect(rule({ end: 'count', end_count: '10' })).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10');
    expect(rule({ repeat: 'biweekly', weekdays: '', end: 'count', end_count: '4' })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4');
    expect(rule({ repeat: 'daily', end: 'count', end_count: '5' })).toBe('FREQ=DAILY;COUNT=5');
    expect(rule({ repeat: 'monthly', end: 'count', end_count: '3' })).toBe('FREQ=MONTHLY;COUNT=3');
    expect(rule({ repeat: 'once' })).toBeNull();
    expect(scheduleFromFields({ ...dinners, dated: 'none' })).toBeNull();
    const once = scheduleFromFields({ ...dinners, repeat: 'once', duration: 'custom', custom_minutes: '600', start_time: '22:00' })!;
    expect(schedulePreview(once, ZONE, NOW)).toBe('1 créneau, le lundi 15\u00a0mars, 22\u00a0h.');
  });

  it('says each problem at its field, in French', () => {
    expect(scheduleProblems({ ...dinners, first_date: '', start_time: '', places: '21', weekdays: 'none', end_weeks: '0' })).toEqual([
      { field: 'first_date', message: 'Ce champ est requis' },
      { field: 'start_time', message: 'Ce champ est requis' },
      { field: 'places', message: 'Le nombre de places doit être compris entre 1 et 20' },
      { field: 'weekdays', message: 'Choisissez au moins un jour de la semaine' },
      { field: 'end_weeks', message: 'Indiquez un nombre de semaines entre 1 et 104' },
    ]);
    expect(scheduleProblems({ ...dinners, duration: 'custom', custom_minutes: '10', end: 'until', end_until: '2027-03-01' })).toEqual([
      { field: 'custom_minutes', message: 'La durée doit être comprise entre 15 minutes et 24 heures' },
      { field: 'end_until', message: 'La date de fin doit être le jour de la première date ou après' },
    ]);
    expect(scheduleProblems({ ...dinners, dated: 'none', first_date: '' })).toEqual([]);
  });
});

describe('an existing schedule read back into the form', () => {
  it('gives back the fields that made it', () => {
    expect(fieldsFromSchedule(scheduleFromFields({ ...dinners, end: 'until', end_until: '2027-04-25' }))).toEqual({
      ...dinners,
      end: 'until',
      end_until: '2027-04-25',
      end_weeks: EMPTY_SCHEDULE_FIELDS.end_weeks,
    });
    expect(
      fieldsFromSchedule({ dtstart: '2027-03-15T08:30', duration_minutes: 45, rrule: 'FREQ=DAILY;COUNT=5', exdates: [], places: 1 }),
    ).toMatchObject({
      first_date: '2027-03-15',
      start_time: '08:30',
      duration: 'custom',
      custom_minutes: '45',
      repeat: 'daily',
      end: 'count',
      end_count: '5',
    });
  });

  it('keeps a rule it cannot show untouched, as "Répétition personnalisée", with its cancelled dates', () => {
    const schedule: Schedule = {
      dtstart: '2027-03-15T19:00',
      duration_minutes: 60,
      rrule: 'FREQ=MONTHLY;BYDAY=1MO',
      exdates: ['2027-04-05T19:00'],
      places: 2,
    };
    const fields = fieldsFromSchedule(schedule);
    expect(fields.repeat).toBe('custom');
    expect(scheduleFromFields({ ...fields, start_time: '20:00' }, schedule)).toEqual({ ...schedule, dtstart: '2027-03-15T20:00' });
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=MO',
      'FREQ=WEEKLY;INTERVAL=3;COUNT=2',
      'FREQ=YEARLY;COUNT=2',
      'FREQ=DAILY;UNTIL=20270401T120000Z',
    ]) {
      expect(fieldsFromSchedule({ ...schedule, rrule: rule }).repeat, rule).toBe('custom');
    }
  });
});

describe('an edit that drops taken slots', () => {
  it('counts the helps to come whose start is no longer a slot, as the server releases them', () => {
    const schedule = scheduleFromFields(dinners)!;
    const need = aNeed({ schedule });
    const on = (start_date: string) => aHelp({ village_need_id: need.id, start_date });
    const wednesday = on('2027-03-17T18:00:00.000Z');
    const friday = on('2027-03-19T18:00:00.000Z');
    const monday = on('2027-03-22T18:00:00.000Z');
    const helps = [wednesday, friday, monday, aHelp({ start_date: '2027-03-19T18:00:00.000Z' })];
    const mondaysOnly = scheduleFromFields({ ...dinners, weekdays: 'MO' })!;
    expect(helpsReleasedBy(need, mondaysOnly, helps, ZONE, NOW)).toEqual([wednesday, friday]);
    expect(helpsReleasedBy(need, { ...schedule, exdates: ['2027-03-19T19:00'] }, helps, ZONE, NOW)).toEqual([friday]);
    // After the slot has passed it is history; a need losing its dates keeps its helps.
    expect(helpsReleasedBy(need, mondaysOnly, helps, ZONE, new Date('2027-03-20T00:00:00Z'))).toEqual([]);
    expect(helpsReleasedBy(need, null, helps, ZONE, NOW)).toEqual([]);
    expect(releaseWarning(2)).toBe('2 créneaux déjà pris seront libérés\u00a0; les personnes seront prévenues.');
    expect(releaseWarning(1)).toBe('1 créneau déjà pris sera libéré\u00a0; la personne sera prévenue.');
  });
});
