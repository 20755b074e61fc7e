import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HelpSlotFields, toCreateHelpInput } from './help-form-schema';

const helper = '0190a000-0000-7000-8000-0000000000c3';

describe('the add-help form', () => {
  it('turns a Paris slot into the contract’s input, in UTC', () => {
    const fields = v.parse(HelpSlotFields, { date: '2024-11-14', start_time: '14:00', end_time: '16:00', comment: '  ' });
    expect(toCreateHelpInput(fields, helper)).toEqual({
      ok: true,
      input: { helper_id: helper, start_date: '2024-11-14T13:00:00.000Z', end_date: '2024-11-14T15:00:00.000Z', comment: null },
    });
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
