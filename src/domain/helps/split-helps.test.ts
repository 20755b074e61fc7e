import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { plannedHelps, splitHelps } from './split-helps';
import { aHelp } from '../../testing/factories';

const help = (id: string, start: string) => aHelp({ id, start_date: start });

// Thursday 14 November 2024, 10:00 in Paris (09:00 UTC).
const now = DateTime.fromISO('2024-11-14T10:00', { zone: 'Europe/Paris' });

describe('helps split into today, upcoming and past', () => {
  const helps = [
    help('tomorrow-0h30-paris', '2024-11-14T23:30:00.000Z'),
    help('today-0h30-paris', '2024-11-13T23:30:00.000Z'),
    help('yesterday-evening', '2024-11-13T22:00:00.000Z'),
    help('today-earlier', '2024-11-14T06:00:00.000Z'),
    help('last-week', '2024-11-07T09:00:00.000Z'),
    help('today-23h30-paris', '2024-11-14T22:30:00.000Z'),
    help('next-month', '2024-12-02T09:00:00.000Z'),
  ];

  it('by Paris calendar day: a slot earlier today is still today, past starts yesterday', () => {
    const split = splitHelps(helps, now);
    expect(split.today.map((h) => h.id)).toEqual(['today-0h30-paris', 'today-earlier', 'today-23h30-paris']);
    expect(split.upcoming.map((h) => h.id)).toEqual(['tomorrow-0h30-paris', 'next-month']);
    expect(split.past.map((h) => h.id)).toEqual(['yesterday-evening', 'last-week']);
  });

  it('counts today and upcoming as planned', () => {
    expect(plannedHelps(helps, now)).toHaveLength(5);
    expect(plannedHelps([], now)).toEqual([]);
  });
});
