import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayLabel, messageTime } from './chat-time';

// Friday 20 November 2026, 10:00 in Paris.
const now = DateTime.fromISO('2026-11-20T10:00:00', { zone: 'Europe/Paris' });

describe('chat times', () => {
  it('names the days in French, Paris time', () => {
    expect(dayLabel('2026-11-20T06:00:00Z', now)).toBe("Aujourd'hui");
    // 23:30 UTC on the 19th is already the 20th in Paris.
    expect(dayLabel('2026-11-19T23:30:00Z', now)).toBe("Aujourd'hui");
    expect(dayLabel('2026-11-19T12:00:00Z', now)).toBe('Hier');
    expect(dayLabel('2026-11-16T10:00:00Z', now)).toBe('lundi 16\u00a0novembre');
    expect(dayLabel('2025-12-31T10:00:00Z', now)).toBe('mercredi 31\u00a0décembre 2025');
  });

  it('gives the time of a message in Paris, as the app writes times (« 0 h 30 », not « 00:30 »)', () => {
    expect(messageTime('2026-11-19T23:30:00Z')).toBe('0\u00a0h\u00a030');
    expect(messageTime('2026-07-01T12:05:00Z')).toBe('14\u00a0h\u00a005');
  });
});
