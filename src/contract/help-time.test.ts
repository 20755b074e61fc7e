import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatHelpSlot, formatMoment } from './french-time';
import { parisDay, parisToUtc } from './help-time';

const now2024 = DateTime.fromISO('2024-06-01T12:00:00Z');

describe('a help slot typed in Paris time', () => {
  it('is stored in UTC: one hour behind in winter, two in summer', () => {
    expect(parisToUtc('2024-11-14', '14:00')).toBe('2024-11-14T13:00:00.000Z');
    expect(parisToUtc('2024-07-14', '14:00')).toBe('2024-07-14T12:00:00.000Z');
    expect(parisToUtc('2024-11-14', '00:30')).toBe('2024-11-13T23:30:00.000Z');
  });

  it('follows the clock on the days it changes', () => {
    // 30 March 2025: 02:00 becomes 03:00, so the hour before is still winter time and the hour after summer time.
    expect(parisToUtc('2025-03-30', '01:30')).toBe('2025-03-30T00:30:00.000Z');
    expect(parisToUtc('2025-03-30', '03:30')).toBe('2025-03-30T01:30:00.000Z');
    // 02:30 does not exist that day: it moves forward, as a clock would.
    expect(parisToUtc('2025-03-30', '02:30')).toBe('2025-03-30T01:30:00.000Z');
    // 26 October 2025: 03:00 becomes 02:00 again.
    expect(parisToUtc('2025-10-26', '01:30')).toBe('2025-10-25T23:30:00.000Z');
    expect(parisToUtc('2025-10-26', '03:30')).toBe('2025-10-26T02:30:00.000Z');
  });

  it('is null when the inputs are not a date and a time', () => {
    expect(parisToUtc('', '14:00')).toBeNull();
    expect(parisToUtc('2024-11-14', '25:00')).toBeNull();
    expect(parisToUtc('2024-02-30', '10:00')).toBeNull();
  });
});

describe('a help slot in French', () => {
  it('says the day and the hours the French way, in Paris time', () => {
    expect(formatHelpSlot('2024-11-14T13:00:00.000Z', '2024-11-14T15:00:00.000Z', now2024)).toBe(
      'jeudi 14\u00a0novembre, 14\u00a0h\u00a0– 16\u00a0h',
    );
    expect(formatHelpSlot('2024-07-14T07:30:00.000Z', '2024-07-14T09:05:00.000Z', now2024)).toBe(
      'dimanche 14\u00a0juillet, 9\u00a0h\u00a030\u00a0– 11\u00a0h\u00a005',
    );
  });

  it('gives the year only when it is not this year', () => {
    expect(formatHelpSlot('2025-01-02T09:00:00.000Z', null, now2024)).toBe('jeudi 2\u00a0janvier 2025, 10\u00a0h');
  });

  it('says on which day a slot over midnight ends', () => {
    expect(formatHelpSlot('2024-11-14T21:00:00.000Z', '2024-11-15T06:00:00.000Z', now2024)).toBe(
      'jeudi 14\u00a0novembre, 22\u00a0h\u00a0– vendredi 15\u00a0novembre, 7\u00a0h',
    );
  });

  it('says a moment as a day and a time, in Paris time', () => {
    expect(formatMoment('2024-11-20T17:05:00.000Z', undefined, now2024)).toBe('mercredi 20\u00a0novembre à 18\u00a0h\u00a005');
    expect(formatMoment('2025-01-02T23:00:00.000Z', undefined, now2024)).toBe('vendredi 3\u00a0janvier 2025 à 0\u00a0h');
  });

  it('takes the Paris day, not the UTC one', () => {
    expect(parisDay('2024-11-14T23:30:00.000Z')).toBe('2024-11-15');
    expect(parisDay(DateTime.fromISO('2024-06-30T22:30:00Z'))).toBe('2024-07-01');
  });
});
