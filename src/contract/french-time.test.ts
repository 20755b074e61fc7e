import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  clockRange,
  clockText,
  formatAge,
  formatCalendarDay,
  formatClock,
  formatDayHeading,
  formatDaySpan,
  formatHelpSlot,
  formatMoment,
  formatNearDay,
  formatSlotDay,
  formatSlotStart,
  formatWeek,
  frenchSpaces,
} from './french-time';

const NOW = DateTime.fromISO('2026-11-28T20:00:00Z');
/** What a reader sees: the non-breaking spaces as spaces, so a failure is readable. */
const seen = (text: string) => text.replace(/\u00a0/g, '⍽');

describe('the first of a month', () => {
  it('is written "1er" wherever a day of month is', () => {
    expect(seen(formatSlotDay('2026-12-01T10:00:00Z', undefined, NOW))).toBe('mardi 1er⍽décembre');
    expect(seen(formatSlotStart('2026-12-01T18:00:00Z', undefined, NOW))).toBe('mardi 1er⍽décembre, 19⍽h');
    expect(seen(formatMoment('2027-03-01T09:30:00Z', undefined, NOW))).toBe('lundi 1er⍽mars 2027 à 10⍽h⍽30');
    expect(seen(formatCalendarDay('2027-02-01') ?? '')).toBe('1er⍽février 2027');
    expect(seen(formatDaySpan('2027-02-01', '2027-02-28'))).toBe('Du 1er au 28⍽février 2027');
    expect(seen(formatWeek('2026-11-30'))).toBe('du lundi 30⍽novembre au dimanche 6⍽décembre');
    expect(seen(formatWeek('2027-02-22'))).toBe('du lundi 22⍽février au dimanche 28⍽février');
  });

  it('is "1er" in the village’s zone, not UTC’s: 23:30 UTC on 30 November is 1 December in Paris', () => {
    expect(seen(formatSlotDay('2026-11-30T23:30:00Z', undefined, NOW))).toBe('mardi 1er⍽décembre');
    expect(seen(formatSlotDay('2026-11-30T23:30:00Z', 'America/New_York', NOW))).toBe('lundi 30⍽novembre');
  });

  it('leaves the other days as numbers', () => {
    expect(seen(formatSlotDay('2026-12-02T10:00:00Z', undefined, NOW))).toBe('mercredi 2⍽décembre');
    expect(seen(formatSlotDay('2026-12-11T10:00:00Z', undefined, NOW))).toBe('vendredi 11⍽décembre');
    expect(seen(formatSlotDay('2026-12-21T10:00:00Z', undefined, NOW))).toBe('lundi 21⍽décembre');
  });
});

describe('a time of day', () => {
  it('is "19 h", "19 h 30", "0 h 34", never "00:34"', () => {
    expect(seen(clockText(19 * 60))).toBe('19⍽h');
    expect(seen(clockText(19 * 60 + 30))).toBe('19⍽h⍽30');
    expect(seen(clockText(34))).toBe('0⍽h⍽34');
    expect(seen(clockText(9 * 60 + 5))).toBe('9⍽h⍽05');
    expect(seen(formatClock('2026-11-28T23:34:00Z'))).toBe('0⍽h⍽34');
    expect(seen(formatClock('2026-07-01T12:05:00Z'))).toBe('14⍽h⍽05');
    expect(formatClock('2026-11-28T23:34:00Z')).not.toMatch(/\d:\d/);
  });

  it('keeps a range of hours from breaking inside a time or before its dash', () => {
    const range = formatHelpSlot('2026-12-01T18:00:00Z', '2026-12-01T19:00:00Z', NOW);
    expect(seen(range)).toBe('mardi 1er⍽décembre, 19⍽h⍽– 20⍽h');
    // The only places a line may break: after the weekday, after the comma, after the dash.
    expect(range.split(' ')).toEqual(['mardi', '1er\u00a0décembre,', '19\u00a0h\u00a0–', '20\u00a0h']);
    expect(seen(clockRange(22 * 60, 6 * 60, true))).toBe('22⍽h⍽– 6⍽h le lendemain');
  });

  it('says on which day a slot over midnight ends', () => {
    expect(seen(formatHelpSlot('2026-12-04T21:00:00Z', '2026-12-05T06:00:00Z', NOW))).toBe(
      'vendredi 4⍽décembre, 22⍽h⍽– samedi 5⍽décembre, 7⍽h',
    );
  });
});

describe('days said from today', () => {
  it('names today and tomorrow, then the day itself', () => {
    expect(formatNearDay('2026-11-28T21:30:00Z', undefined, NOW)).toBe('aujourd’hui');
    expect(formatNearDay('2026-11-29T18:00:00Z', undefined, NOW)).toBe('demain');
    expect(seen(formatNearDay('2026-12-01T18:00:00Z', undefined, NOW))).toBe('mardi 1er⍽décembre');
  });

  it('heads a day of messages with "Aujourd\'hui", "Hier" or its date', () => {
    expect(formatDayHeading('2026-11-28T06:00:00Z', undefined, NOW)).toBe("Aujourd'hui");
    expect(formatDayHeading('2026-11-27T06:00:00Z', undefined, NOW)).toBe('Hier');
    expect(seen(formatDayHeading('2025-12-01T10:00:00Z', undefined, NOW))).toBe('lundi 1er⍽décembre 2025');
  });

  it('tells an age, then the date beyond a week', () => {
    expect(formatAge('2026-11-28T19:59:30Z', NOW)).toBe("à l'instant");
    expect(formatAge('2026-11-28T19:55:00Z', NOW).replace(/\s/g, ' ')).toBe('il y a 5 min');
    expect(seen(formatAge('2026-11-01T10:00:00Z', NOW))).toBe('1er⍽novembre');
  });

  it('gives the year of a full moment even when it is this one', () => {
    expect(seen(formatMoment('2026-11-14T13:05:00Z', undefined, NOW, true))).toBe('samedi 14⍽novembre 2026 à 14⍽h⍽05');
  });
});

describe('French punctuation', () => {
  it('holds « : ; ! ? » » to the word before and « « » to the word after', () => {
    expect(seen(frenchSpaces('Prochain créneau : lundi'))).toBe('Prochain créneau⍽: lundi');
    expect(seen(frenchSpaces('Vraiment ? Oui ! Enfin ; « Dîner »'))).toBe('Vraiment⍽? Oui⍽! Enfin⍽; «⍽Dîner⍽»');
  });

  it('leaves a colon with no space before it alone (an address, a time written by someone)', () => {
    expect(frenchSpaces('https://village.example/a Voir: ici')).toBe('https://village.example/a Voir: ici');
  });
});
