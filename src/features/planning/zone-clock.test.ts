import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { slotTime } from './slot-index';
import { isoDayOf } from '../../domain/helps/calendar-dates';
import { zoneOffsets } from '../../contract/zone-offsets';
import { wallClock } from '../../domain/helps/zone-clock';

const from = Date.UTC(2026, 0, 1);
const to = Date.UTC(2027, 11, 31);

/**
 * The slot's words as luxon reads them, the way slot-index.ts said them before it kept offsets itself, with
 * French typography's non-breaking spaces inside the times and before the dash (contract/french-time.ts).
 */
function slotTimeByLuxon(start: string, end: string, zone: string) {
  const clock = (at: DateTime) => (at.minute ? `${at.hour}\u00a0h\u00a0${String(at.minute).padStart(2, '0')}` : `${at.hour}\u00a0h`);
  const s = DateTime.fromISO(start, { zone });
  const e = DateTime.fromISO(end, { zone });
  const nextDay = !s.hasSame(e, 'day') && !(e.hour === 0 && e.minute === 0);
  return `${clock(s)}\u00a0– ${clock(e)}${nextDay ? ' le lendemain' : ''}`;
}

describe('the wall clock of a zone', () => {
  it('reads the day and minute of Paris, across the changes of time', () => {
    const paris = zoneOffsets('Europe/Paris');
    // One assertion on the instants that differ (about 145,000 checked): two expects each cost more than the reads.
    const differing: string[] = [];
    let checked = 0;
    for (let ms = from; ms < to; ms += 7 * 60_000 + 13_000) {
      const { day, minute } = wallClock(ms, paris);
      const luxon = DateTime.fromMillis(ms, { zone: 'Europe/Paris' });
      checked++;
      if (isoDayOf(day) !== luxon.toISODate() || minute !== luxon.hour * 60 + luxon.minute) {
        differing.push(
          `${new Date(ms).toISOString()}: ${isoDayOf(day)} ${minute}, luxon ${luxon.toISODate()} ${luxon.hour * 60 + luxon.minute}`,
        );
      }
    }
    expect(checked).toBeGreaterThan(140_000);
    expect(differing).toEqual([]);
  });

  it('says slots as luxon did, night shifts and the nights of a change of time included', () => {
    const starts = [Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 9, 24, 20), Date.UTC(2026, 10, 24, 7, 30), Date.UTC(2026, 6, 14, 21, 45)];
    for (const zone of ['Europe/Paris', 'America/New_York']) {
      for (const start of starts) {
        for (let minutes = 15; minutes <= 26 * 60; minutes += 15) {
          const slot = { start_date: new Date(start).toISOString(), end_date: new Date(start + minutes * 60_000).toISOString() };
          expect(slotTime(slot, zone)).toBe(slotTimeByLuxon(slot.start_date, slot.end_date, zone));
        }
      }
    }
    expect(slotTime({ start_date: '2026-11-24T21:00:00.000Z', end_date: '2026-11-25T05:00:00.000Z' })).toBe(
      '22\u00a0h\u00a0– 6\u00a0h le lendemain',
    );
    expect(slotTime({ start_date: '2026-11-24T22:00:00.000Z', end_date: '2026-11-24T23:00:00.000Z' })).toBe('23\u00a0h\u00a0– 0\u00a0h');
  });
});
