import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from './form-messages';
import { parsePhone, phoneNumber } from './phone-number';
import { UpdateUserInput } from './users';

describe('parsePhone', () => {
  it('reads a French number however it is written, and keeps it in E.164', () => {
    for (const typed of [
      '0612345678',
      '06 12 34 56 78',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '(06) 12 34 56 78',
      ' 06 12 34 56 78 ',
      '612345678',
      '+33 6 12 34 56 78',
      '+33 (0)6 12 34 56 78',
      '00 33 6 12 34 56 78',
    ]) {
      expect(parsePhone(typed), typed).toEqual({ e164: '+33612345678' });
    }
    expect(parsePhone('01 23 45 67 89')).toEqual({ e164: '+33123456789' });
  });

  it('reads a number of another country by its code, with "+" or "00"', () => {
    expect(parsePhone('+44 20 7946 0958')).toEqual({ e164: '+442079460958' });
    expect(parsePhone('00 44 20 7946 0958')).toEqual({ e164: '+442079460958' });
    expect(parsePhone('+1 202 555 0143')).toEqual({ e164: '+12025550143' });
  });

  it('answers letters and other signs with the spec’s numeric message', () => {
    for (const typed of ['abc', '06 12 34 56 7a', '06/12/34/56/78', '06 12 34 56 78 poste 3', '6+12', '+', '--']) {
      expect(parsePhone(typed), typed).toEqual({ message: 'Le champs doit être un chiffre' });
    }
  });

  it('says a number is too short or too long', () => {
    for (const typed of ['06 12', '0612', '06 12 34 56 7', '+33 6 12', '+44 1234', '00 12 34 56 78']) {
      expect(parsePhone(typed), typed).toEqual({ message: 'Le numéro de téléphone est trop court' });
    }
    for (const typed of ['06 12 34 56 78 9', '+33 6 12 34 56 78 9', '0612345678901234567']) {
      expect(parsePhone(typed), typed).toEqual({ message: 'Le numéro de téléphone est trop long' });
    }
  });

  it('says a number of the right length that cannot exist does not', () => {
    // No country has the code 999; no American area code starts with 1; no French number starts with 00 after +33.
    for (const typed of ['+999 123456', '00 1 123 456 7890', '+33 0 12 34 56 78', '00 00 00 00 00']) {
      expect(parsePhone(typed), typed).toEqual({ message: "Ce numéro de téléphone n'existe pas" });
    }
  });
});

describe('phoneNumber, a form’s phone field', () => {
  const form = v.object({ phone: phoneNumber });

  it('gives null for a blank field, E.164 for a number, and nothing for no field', () => {
    expect(v.parse(form, { phone: '  ' })).toEqual({ phone: null });
    expect(v.parse(form, {})).toEqual({});
    expect(v.parse(form, { phone: '06 12 34 56 78' })).toEqual({ phone: '+33612345678' });
  });

  it('puts the message on the field', () => {
    const result = v.safeParse(form, { phone: '06 12' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['phone', messages.phoneTooShort]]);
  });
});

describe('the wire’s phone field (no library: it loads with the first screen)', () => {
  const phoneOf = (phone: unknown) => v.safeParse(UpdateUserInput, { phone });

  it('takes E.164, national digits as older apps and queued writes send them, and blank as no number', () => {
    expect(phoneOf('+33612345678').output).toEqual({ phone: '+33612345678' });
    expect(phoneOf('0612345678').output).toEqual({ phone: '0612345678' });
    expect(phoneOf('').output).toEqual({ phone: null });
    expect(phoneOf(null).output).toEqual({ phone: null });
  });

  it('refuses letters with the spec’s message', () => {
    expect(phoneOf('06 12 ab').issues?.map((i) => i.message)).toEqual(['Le champs doit être un chiffre']);
  });
});
