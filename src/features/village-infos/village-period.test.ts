import { describe, expect, it } from 'vitest';
import { formatPeriod } from './village-period';
import { formatPhone, phoneHref } from './phone-number';

describe('a village’s period in French', () => {
  it.each([
    ['2027-02-03', '2027-02-28', 'Du 3 au 28 février 2027'],
    ['2027-01-03', '2027-02-28', 'Du 3 janvier au 28 février 2027'],
    ['2026-12-01', '2027-02-28', 'Du 1er décembre 2026 au 28 février 2027'],
    ['2027-02-03', '2027-02-03', 'Le 3 février 2027'],
    ['2027-02-03', null, 'À partir du 3 février 2027, sans date de fin'],
    [null, '2027-08-01', 'Jusqu’au 1er août 2027'],
    [null, null, 'Sans date de fin'],
  ])('%s to %s reads “%s”', (start, end, text) => {
    expect(formatPeriod(start, end)).toBe(text);
  });
});

describe('a phone number', () => {
  it('is written in pairs and dialled by its digits', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('331234567')).toBe('33 12 34 56 7');
    expect(phoneHref('06 12 34 56 78')).toBe('tel:0612345678');
  });
});
