import { describe, expect, it } from 'vitest';
import { indexHelpsByDay, timeSlot } from './day-index';
import { aHelp } from '../../testing/factories';

const slotsOn = (index: ReturnType<typeof indexHelpsByDay>, day: string) =>
  (index.get(day) ?? []).map((e) => `${e.help.id} ${timeSlot(e)}`);

describe('the helps indexed by Paris day', () => {
  it('puts each help on its Paris day around the spring change of time (29 March 2026)', () => {
    const index = indexHelpsByDay([
      aHelp({ id: 'before', start_date: '2026-03-28T23:30:00Z' }), // 00 h 30 in winter time
      aHelp({ id: 'across', start_date: '2026-03-29T00:00:00Z', end_date: '2026-03-29T02:00:00Z' }), // 1 h winter → 4 h summer
      aHelp({ id: 'late', start_date: '2026-03-29T21:59:00Z' }), // 23 h 59 in summer time
      aHelp({ id: 'after', start_date: '2026-03-29T22:30:00Z' }), // 00 h 30 on the 30th
    ]);
    expect(slotsOn(index, '2026-03-29')).toEqual(['before 0\u00a0h\u00a030', 'across 1\u00a0h\u00a0– 4\u00a0h', 'late 23\u00a0h\u00a059']);
    expect(slotsOn(index, '2026-03-30')).toEqual(['after 0\u00a0h\u00a030']);
    expect(index.has('2026-03-28')).toBe(false);
  });

  it('puts each help on its Paris day around the autumn change of time (25 October 2026)', () => {
    const index = indexHelpsByDay([
      aHelp({ id: 'summer', start_date: '2026-10-24T22:30:00Z' }), // 00 h 30 on the 25th, summer time
      aHelp({ id: 'across', start_date: '2026-10-25T00:00:00Z', end_date: '2026-10-25T02:00:00Z' }), // 2 h summer → 3 h winter
      aHelp({ id: 'winter', start_date: '2026-10-25T22:30:00Z' }), // 23 h 30 on the 25th, winter time
      aHelp({ id: 'next', start_date: '2026-10-25T23:00:00Z' }), // midnight: the 26th
    ]);
    expect(slotsOn(index, '2026-10-25')).toEqual([
      'summer 0\u00a0h\u00a030',
      'across 2\u00a0h\u00a0– 3\u00a0h',
      'winter 23\u00a0h\u00a030',
    ]);
    expect(slotsOn(index, '2026-10-26')).toEqual(['next 0\u00a0h']);
  });

  it('lists a help on every day it covers, and an end at midnight on its day only', () => {
    const index = indexHelpsByDay([
      aHelp({ id: 'weekend', start_date: '2026-11-20T21:00:00Z', end_date: '2026-11-22T09:00:00Z' }),
      aHelp({ id: 'evening', start_date: '2026-11-20T21:00:00Z', end_date: '2026-11-20T23:00:00Z' }),
    ]);
    expect(slotsOn(index, '2026-11-20')).toEqual(['weekend dès 22\u00a0h', 'evening 22\u00a0h\u00a0– 0\u00a0h']);
    expect(slotsOn(index, '2026-11-21')).toEqual(['weekend toute la journée']);
    expect(slotsOn(index, '2026-11-22')).toEqual(['weekend jusqu’à 10\u00a0h']);
    expect(index.has('2026-11-23')).toBe(false);
  });

  it('reads the spec’s time slots and skips unreadable dates', () => {
    const index = indexHelpsByDay([
      aHelp({ id: 'a', start_date: '2026-11-16T13:00:00Z', end_date: '2026-11-16T15:00:00Z' }),
      aHelp({ id: 'b', start_date: '2026-11-16T13:30:00Z', end_date: '2026-11-16T15:15:00Z' }),
      aHelp({ id: 'c', start_date: 'soon' }),
    ]);
    expect(slotsOn(index, '2026-11-16')).toEqual(['a 14\u00a0h\u00a0– 16\u00a0h', 'b 14\u00a0h\u00a030\u00a0– 16\u00a0h\u00a015']);
    expect(index.size).toBe(1);
  });

  it('keeps a long help to its first week', () => {
    const index = indexHelpsByDay([aHelp({ id: 'long', start_date: '2026-01-01T08:00:00Z', end_date: '2026-12-31T08:00:00Z' })]);
    expect(index.size).toBe(7);
  });
});
