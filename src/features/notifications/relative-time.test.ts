import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { fullDate, relativeTime } from './relative-time';

const now = DateTime.fromISO('2024-11-14T13:00:00.000Z');
// Intl puts a no-break space between a number and its unit, so it never wraps alone: compared as plain spaces.
const relative = (iso: string) => relativeTime(iso, now).replace(/\s/g, ' ');

describe('relative time', () => {
  it('says how long ago in short French, then the date beyond a week', () => {
    expect(relative('2024-11-14T12:59:30.000Z')).toBe("à l'instant");
    expect(relative('2024-11-14T12:55:00.000Z')).toBe('il y a 5 min');
    expect(relative('2024-11-12T13:00:00.000Z')).toBe('il y a 2 j');
    expect(relative('2024-10-01T13:00:00.000Z')).toBe('1er octobre');
    expect(relative('2023-10-01T13:00:00.000Z')).toBe('1er octobre 2023');
  });

  it('gives the full Paris date', () => {
    expect(fullDate('2024-11-14T13:05:00.000Z')).toBe('jeudi 14\u00a0novembre 2024 à 14\u00a0h\u00a005');
  });
});
