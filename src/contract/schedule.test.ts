import { describe, expect, it } from 'vitest';
import {
  expandSchedule,
  helpStartProblem,
  localLabel,
  MAX_OCCURRENCES,
  occurrenceAt,
  parseRule,
  scheduleMessages,
  ScheduleInput,
  type Schedule,
} from './schedule';
import * as v from 'valibot';

const PARIS = 'Europe/Paris';
const NOW = new Date('2027-01-01T00:00:00Z');
const schedule = (fields: Partial<Schedule>): Schedule => ({
  dtstart: '2027-03-15T19:00',
  duration_minutes: 90,
  rrule: null,
  exdates: [],
  places: 1,
  ...fields,
});
const starts = (s: Schedule, from = '2027-01-01T00:00:00Z', to = '2029-01-01T00:00:00Z', zone = PARIS, now = NOW) =>
  expandSchedule(s, zone, from, to, now).map((o) => o.start_date);

describe('a schedule expanded into slots', () => {
  it('gives the 18 dinners of "lundi, mercredi et vendredi à 19 h pendant 6 semaines", one cancelled', () => {
    const dinners = schedule({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18', exdates: ['2027-03-19T19:00'], places: 3 });
    const slots = expandSchedule(dinners, PARIS, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z', NOW);
    expect(slots).toHaveLength(17);
    expect(slots[0]).toEqual({ start_date: '2027-03-15T18:00:00.000Z', end_date: '2027-03-15T19:30:00.000Z' });
    expect(slots.map((s) => s.start_date)).not.toContain('2027-03-19T18:00:00.000Z');
    // Friday 23 April, the 18th: summer time by then, still 19:00 in Paris.
    expect(slots.at(-1)).toEqual({ start_date: '2027-04-23T17:00:00.000Z', end_date: '2027-04-23T18:30:00.000Z' });
  });

  it('keeps 19:00 at 19:00 across the March and October changes', () => {
    const sundays = schedule({ dtstart: '2027-03-21T19:00', rrule: 'FREQ=WEEKLY;COUNT=3' });
    expect(starts(sundays)).toEqual(['2027-03-21T18:00:00.000Z', '2027-03-28T17:00:00.000Z', '2027-04-04T17:00:00.000Z']);
    const autumn = schedule({ dtstart: '2027-10-24T19:00', rrule: 'FREQ=WEEKLY;COUNT=2' });
    expect(starts(autumn)).toEqual(['2027-10-24T17:00:00.000Z', '2027-10-31T18:00:00.000Z']);
  });

  it('moves a time the spring change skips an hour on, as a clock would', () => {
    const night = schedule({ dtstart: '2027-03-27T02:30', rrule: 'FREQ=DAILY;COUNT=3' });
    expect(starts(night)).toEqual(['2027-03-27T01:30:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-29T00:30:00.000Z']);
  });

  it('takes the first of a time the autumn change makes occur twice', () => {
    const early = schedule({ dtstart: '2027-10-30T02:30', rrule: 'FREQ=DAILY;COUNT=3' });
    // 31 October 2027, 03:00 summer time becomes 02:00 winter time: 02:30 is first at 00:30 UTC.
    expect(starts(early)).toEqual(['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z']);
  });

  it('ends a night shift the next morning', () => {
    const nights = schedule({ dtstart: '2027-05-03T22:00', duration_minutes: 600, rrule: 'FREQ=DAILY;COUNT=2' });
    expect(expandSchedule(nights, PARIS, '2027-05-01T00:00:00Z', '2027-06-01T00:00:00Z', NOW)).toEqual([
      { start_date: '2027-05-03T20:00:00.000Z', end_date: '2027-05-04T06:00:00.000Z' },
      { start_date: '2027-05-04T20:00:00.000Z', end_date: '2027-05-05T06:00:00.000Z' },
    ]);
  });

  it('repeats every other week', () => {
    const fortnight = schedule({ dtstart: '2027-03-01T10:00', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=4' });
    expect(starts(fortnight)).toEqual([
      '2027-03-01T09:00:00.000Z',
      '2027-03-04T09:00:00.000Z',
      '2027-03-15T09:00:00.000Z',
      '2027-03-18T09:00:00.000Z',
    ]);
  });

  it('ends by a date, that day included', () => {
    const untilFriday = schedule({ dtstart: '2027-03-15T08:00', rrule: 'FREQ=DAILY;UNTIL=20270319T235959Z' });
    expect(starts(untilFriday)).toHaveLength(5);
  });

  it('is one date without a rule', () => {
    expect(starts(schedule({}))).toEqual(['2027-03-15T18:00:00.000Z']);
  });

  it('stops two years after now when the rule never ends', () => {
    const daily = schedule({ dtstart: '2027-01-01T09:00', rrule: 'FREQ=DAILY' });
    const all = starts(daily, '2027-01-01T00:00:00Z', '2031-01-01T00:00:00Z');
    // 2027 and 2028 (a leap year), every day.
    expect(all).toHaveLength(731);
    expect(all.at(-1)).toBe('2028-12-31T08:00:00.000Z');
    // Two years on, the same rule goes on: the bound moves with the clock.
    expect(starts(daily, '2030-01-01T00:00:00Z', '2030-01-08T00:00:00Z', PARIS, new Date('2029-06-01T00:00:00Z'))).toHaveLength(7);
  });

  it('answers only the slots that start in the window', () => {
    const daily = schedule({ dtstart: '2027-03-01T19:00', rrule: 'FREQ=DAILY;COUNT=30' });
    expect(starts(daily, '2027-03-10T18:00:00.000Z', '2027-03-12T18:00:00.000Z')).toEqual([
      '2027-03-10T18:00:00.000Z',
      '2027-03-11T18:00:00.000Z',
    ]);
  });

  it('places wall-clock times in the village’s own zone', () => {
    const newYork = schedule({ dtstart: '2027-03-13T19:00', rrule: 'FREQ=DAILY;COUNT=2' });
    expect(starts(newYork, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z', 'America/New_York')).toEqual([
      '2027-03-14T00:00:00.000Z',
      '2027-03-14T23:00:00.000Z',
    ]);
  });

  it('never expands more than its guard', () => {
    const daily = schedule({ dtstart: '2027-01-01T09:00', rrule: 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA,SU' });
    expect(starts(daily, '2027-01-01T00:00:00Z', '2029-01-01T00:00:00Z').length).toBeLessThanOrEqual(MAX_OCCURRENCES);
  });
});

describe('the slot a help starts at', () => {
  const dinners = schedule({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18', exdates: ['2027-03-19T19:00'] });

  it('is found at its exact start, not a minute off, not on a cancelled date', () => {
    expect(occurrenceAt(dinners, PARIS, '2027-03-17T18:00:00.000Z', NOW)).toEqual({
      start_date: '2027-03-17T18:00:00.000Z',
      end_date: '2027-03-17T19:30:00.000Z',
    });
    expect(occurrenceAt(dinners, PARIS, '2027-03-17T18:01:00.000Z', NOW)).toBeNull();
    expect(occurrenceAt(dinners, PARIS, '2027-03-19T18:00:00.000Z', NOW)).toBeNull();
    expect(occurrenceAt(dinners, PARIS, 'pas une date', NOW)).toBeNull();
  });

  it('is named in local time as cancelled dates are', () => {
    expect(localLabel('2027-04-23T17:00:00.000Z', PARIS)).toBe('2027-04-23T19:00');
  });

  it('is neither in the past nor more than two years ahead', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    expect(helpStartProblem('2027-03-01T11:57:00Z', now)).toBeNull();
    expect(helpStartProblem('2027-03-01T11:50:00Z', now)).toBe(scheduleMessages.past);
    expect(helpStartProblem('2029-03-01T12:00:00Z', now)).toBeNull();
    expect(helpStartProblem('2029-03-02T12:00:00Z', now)).toBe(scheduleMessages.tooFar);
  });
});

describe('a rule', () => {
  it('is refused in French when the library cannot read it or it repeats within a day', () => {
    expect(parseRule('FREQ=WEEKLY;BYDAY=MO')).toMatchObject({ ok: true });
    expect(parseRule('RRULE:FREQ=DAILY;COUNT=3')).toMatchObject({ ok: true });
    expect(parseRule('FREQ=HOURLY')).toEqual({ ok: false, message: scheduleMessages.ruleFrequency });
    for (const bad of [
      '',
      'n’importe quoi',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;BYHOUR=8,12',
      'DTSTART:20270101T000000Z\nRRULE:FREQ=DAILY',
    ]) {
      expect(parseRule(bad), bad).toEqual({ ok: false, message: scheduleMessages.rule });
    }
  });

  it('makes the whole schedule invalid, on the schedule itself', () => {
    const result = v.safeParse(ScheduleInput, { dtstart: '2027-03-15T19:00', duration_minutes: 60, rrule: 'FREQ=SOMETIMES' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([[null, scheduleMessages.rule]]);
  });

  it('defaults to one place and no cancelled date', () => {
    expect(v.parse(ScheduleInput, { dtstart: '2027-03-15T19:00', duration_minutes: 60 })).toEqual({
      dtstart: '2027-03-15T19:00',
      duration_minutes: 60,
      rrule: null,
      exdates: [],
      places: 1,
    });
  });

  it('refuses durations, places and dates out of bounds', () => {
    const issues = (input: object) =>
      v.safeParse(ScheduleInput, { dtstart: '2027-03-15T19:00', duration_minutes: 60, ...input }).issues?.map((i) => i.message);
    expect(issues({ duration_minutes: 10 })).toEqual([scheduleMessages.duration]);
    expect(issues({ duration_minutes: 1441 })).toEqual([scheduleMessages.duration]);
    expect(issues({ places: 0 })).toEqual([scheduleMessages.places]);
    expect(issues({ places: 21 })).toEqual([scheduleMessages.places]);
    expect(issues({ dtstart: '2027-02-30T19:00' })).toEqual([scheduleMessages.localDateTime]);
    expect(issues({ dtstart: '2027-03-15T19:00:00Z' })).toEqual([scheduleMessages.localDateTime]);
  });
});
