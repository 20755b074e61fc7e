import { describe, expect, it } from 'vitest';
import { formatPeriod } from '../../domain/villages/village-period';
import { formatPhone, phoneHref } from '../../domain/villages/phone-number';

// French typography: the day held to its month by a non-breaking space (contract/french-time.ts).
describe('a village’s period in French', () => {
  it.each([
    ['2027-02-03', '2027-02-28', 'Du 3 au 28\u00a0février 2027'],
    ['2027-01-03', '2027-02-28', 'Du 3\u00a0janvier au 28\u00a0février 2027'],
    ['2026-12-01', '2027-02-28', 'Du 1er\u00a0décembre 2026 au 28\u00a0février 2027'],
    ['2027-02-03', '2027-02-03', 'Le 3\u00a0février 2027'],
    ['2027-02-03', null, 'À partir du 3\u00a0février 2027, sans date de fin'],
    [null, '2027-08-01', 'Jusqu’au 1er\u00a0août 2027'],
    [null, null, 'Sans date de fin'],
  ])('%s to %s reads “%s”', (start, end, text) => {
    expect(formatPeriod(start, end)).toBe(text);
  });
});

describe('a phone number', () => {
  it('is shown in the national format, whether stored as typed digits or in E.164', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('01.23.45.67.89')).toBe('01 23 45 67 89');
    // Another country's number keeps its country code.
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('keeps in pairs the digits of a number it cannot read', () => {
    expect(formatPhone('331234567')).toBe('33 12 34 56 7');
    expect(formatPhone('0612')).toBe('06 12');
  });

  it('is dialled in E.164, so it rings from abroad too (issue 18 changes the tel: address)', () => {
    expect(phoneHref('06 12 34 56 78')).toBe('tel:+33612345678');
    expect(phoneHref('+33612345678')).toBe('tel:+33612345678');
    expect(phoneHref('0612')).toBe('tel:0612');
  });
});
