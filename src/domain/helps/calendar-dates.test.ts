import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayTitle,
  monthGrid,
  monthName,
  periodTitle,
  shiftPeriod,
  shortWeekdayName,
  startOfWeek,
  todayInParis,
  weekdayName,
  weekDays,
  yearGroup,
  yearGroupStart,
} from './calendar-dates';

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

describe('the planning calendar', () => {
  it('titles each day in French as luxon writes it, over two years and their changes of time', () => {
    expect(dayTitle('2026-11-16')).toBe('lundi 16\u00a0novembre');
    expect(dayTitle('2027-08-01')).toBe('dimanche 1er\u00a0août');
    for (let day = '2026-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
      const luxon = DateTime.fromISO(day, { zone: 'Europe/Paris', locale: 'fr' });
      expect(dayTitle(day)).toBe(`${luxon.toFormat('cccc')} ${luxon.day === 1 ? '1er' : luxon.day}\u00a0${luxon.toFormat('LLLL')}`);
    }
  });

  it('names weekdays, short weekdays and months as luxon writes them, and the period as it did', () => {
    const luxon = (day: string) => DateTime.fromISO(day, { zone: 'Europe/Paris', locale: 'fr' });
    /** The heading as luxon wrote it before the names were written out (calendar-dates.ts). */
    const periodByLuxon = (anchor: string, view: 'week' | 'month') => {
      if (view === 'month')
        return luxon(anchor)
          .toFormat('LLLL yyyy')
          .replace(/^./, (c) => c.toUpperCase());
      const [start, end] = [luxon(weekDays(anchor)[0]), luxon(weekDays(anchor)[6])];
      // French typography: "1er" and a non-breaking space between the day and its month.
      const day = (at: DateTime) => (at.day === 1 ? '1er' : String(at.day));
      const dayMonth = (at: DateTime) => `${day(at)}\u00a0${at.toFormat('LLLL')}`;
      const from = start.year !== end.year ? `${dayMonth(start)} ${start.year}` : start.month !== end.month ? dayMonth(start) : day(start);
      return `Semaine du ${from} au ${dayMonth(end)} ${end.year}`;
    };
    for (let day = '2026-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
      expect(weekdayName(day)).toBe(luxon(day).toFormat('cccc'));
      expect(shortWeekdayName(day)).toBe(luxon(day).toFormat('ccc'));
      expect(monthName(day)).toBe(luxon(day).toFormat('LLLL'));
      expect(periodTitle(day, 'week')).toBe(periodByLuxon(day, 'week'));
      expect(periodTitle(day, 'month')).toBe(periodByLuxon(day, 'month'));
    }
  });

  it('starts weeks on Monday, including when today is a Sunday', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
    expect(weekDays('2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weekDays('2027-01-03')[0]).toBe('2026-12-28');
  });

  it('keeps the week whole across the change of time', () => {
    expect(weekDays('2026-03-29')).toHaveLength(7);
    expect(weekDays('2026-03-29')[6]).toBe('2026-03-29');
    expect(weekDays('2026-10-25')[0]).toBe('2026-10-19');
  });

  it('covers whole weeks in the month grid, Monday to Sunday', () => {
    for (const month of ['2026-02-10', '2026-11-01', '2027-03-31', '2026-06-15']) {
      const days = monthGrid(month);
      expect(days.length % 7).toBe(0);
      expect(weekday(days[0])).toBe(1);
      expect(weekday(days[days.length - 1])).toBe(0);
      const [y, m] = month.split('-');
      expect(days).toContain(`${y}-${m}-01`);
      expect(days.filter((d) => d.startsWith(`${y}-${m}`)).length).toBe(new Date(Date.UTC(+y, +m, 0)).getUTCDate());
    }
    // February 2021 starts on a Monday and ends on a Sunday: exactly four weeks, no padding.
    expect(monthGrid('2021-02-14')).toHaveLength(28);
  });

  it('steps by weeks and by months, keeping a valid day', () => {
    expect(shiftPeriod('2026-11-18', 'week', 1)).toBe('2026-11-25');
    expect(shiftPeriod('2026-11-18', 'week', -1)).toBe('2026-11-11');
    expect(shiftPeriod('2026-12-28', 'week', 1)).toBe('2027-01-04');
    expect(shiftPeriod('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(shiftPeriod('2026-01-15', 'month', -1)).toBe('2025-12-15');
  });

  it('groups years by twelve', () => {
    expect(yearGroup(2026)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(yearGroup(2028)[0]).toBe(2028);
    expect(yearGroupStart(2039)).toBe(2028);
    expect(yearGroupStart(2040)).toBe(2040);
  });

  it('names the period in French', () => {
    expect(periodTitle('2026-11-18', 'week')).toBe('Semaine du 16 au 22\u00a0novembre 2026');
    expect(periodTitle('2026-12-01', 'week')).toBe('Semaine du 30\u00a0novembre au 6\u00a0décembre 2026');
    expect(periodTitle('2027-01-01', 'week')).toBe('Semaine du 28\u00a0décembre 2026 au 3\u00a0janvier 2027');
    expect(periodTitle('2027-03-01', 'week')).toBe('Semaine du 1er au 7\u00a0mars 2027');
    expect(periodTitle('2026-11-18', 'month')).toBe('Novembre 2026');
  });

  it('takes today in Paris, not in the device’s zone', () => {
    expect(todayInParis(new Date('2026-11-15T23:30:00Z'))).toBe('2026-11-16');
    expect(todayInParis(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(todayInParis(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
});
