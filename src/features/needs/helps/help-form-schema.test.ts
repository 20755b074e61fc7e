import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HelpSlotFields, toCreateHelpInput } from './help-form-schema';

const helper = '0190a000-0000-7000-8000-0000000000c3';

describe('the add-help form', () => {
  it('turns a Paris slot into the contract’s input, in UTC', () => {
    const fields = v.parse(HelpSlotFields, { date: '2024-11-14', start_time: '14:00', end_time: '16:00', comment: '  ' });
    expect(toCreateHelpInput(fields, helper, new Date('2024-11-01T00:00:00Z'))).toEqual({
      ok: true,
      input: { helper_id: helper, start_date: '2024-11-14T13:00:00.000Z', end_date: '2024-11-14T15:00:00.000Z', comment: null },
    });
  });

  it('refuses a start in the past or more than two years ahead, with the server’s message, at the date', () => {
    const now = new Date('2024-11-14T14:00:00Z');
    const at = (date: string, start_time: string, end_time: string) =>
      toCreateHelpInput({ date, start_time, end_time, comment: null }, helper, now);
    expect(at('2024-11-14', '14:00', '16:00')).toEqual({
      ok: false,
      errors: [{ field: 'date', message: 'Ce créneau est déjà passé\u00a0: choisissez une date à venir' }],
    });
    expect(at('2026-11-15', '14:00', '16:00')).toEqual({
      ok: false,
      errors: [{ field: 'date', message: 'Ce créneau est trop loin\u00a0: 2 ans au plus' }],
    });
    // A few minutes of clock skew: "now" is not the past.
    expect(at('2024-11-14', '14:58', '16:00').ok).toBe(true);
    expect(at('2026-11-14', '14:00', '16:00').ok).toBe(true);
  });

  it('gives the contract’s message at the end time when the end is not after the start', () => {
    const result = v.safeParse(HelpSlotFields, { date: '2024-11-14', start_time: '14:00', end_time: '14:00', comment: '' });
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['end_time', 'La fin doit être après le début']]);
    expect(toCreateHelpInput({ date: '2024-11-14', start_time: '14:00', end_time: '13:00', comment: null }, helper)).toEqual({
      ok: false,
      errors: [{ field: 'end_time', message: 'La fin doit être après le début' }],
    });
  });

  it('refuses a day that does not exist', () => {
    const result = v.safeParse(HelpSlotFields, { date: '2024-02-30', start_time: '14:00', end_time: '15:00', comment: '' });
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['date', "Cette date n'est pas valide"]]);
  });
});
