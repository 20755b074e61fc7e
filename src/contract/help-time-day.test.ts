import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDayOfMonth } from './french-time';

const NOW = DateTime.fromISO('2026-11-28T08:00:00Z');

describe('the day something was done, in French', () => {
  it('writes the day and the month, the first of a month as "1er"', () => {
    expect(formatDayOfMonth('2026-11-26T10:00:00Z', undefined, NOW)).toBe('26\u00a0novembre');
    expect(formatDayOfMonth('2026-11-01T10:00:00Z', undefined, NOW)).toBe('1er\u00a0novembre');
    expect(formatDayOfMonth('2026-08-11T10:00:00Z', undefined, NOW)).toBe('11\u00a0août');
  });

  it('counts the day in the village’s zone, not the device’s nor UTC', () => {
    // 23:30 UTC on 30 November is already 1 December in Paris.
    expect(formatDayOfMonth('2026-11-30T23:30:00Z', undefined, NOW)).toBe('1er\u00a0décembre');
    expect(formatDayOfMonth('2026-11-30T23:30:00Z', 'America/New_York', NOW)).toBe('30\u00a0novembre');
  });

  it('adds the year only when it is not this year’s', () => {
    expect(formatDayOfMonth('2025-12-31T10:00:00Z', undefined, NOW)).toBe('31\u00a0décembre 2025');
  });
});
