import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { messages } from './form-messages';

/**
 * A phone number as typed, checked with libphonenumber-js (its small "min" metadata, ~29 KB gzip) and kept
 * in E.164. Imported by path by the forms that take a number and by the server's write routes, never from
 * the contract's index: the endpoint table's schemas load with the first screen, which must stay small, so
 * the wire schema (`phone` in ./fields) only refuses letters and leaves the rest to this module.
 */

/** Numbers written without a country are French ones. */
export const PHONE_REGION = 'FR';

// Digits, with the separators people write between them, and a "+" only in front.
const TYPED = /^\+?[\d\s.\-()]+$/;

export type ParsedPhone = { e164: string } | { message: string };

/** "06 12 34 56 78", "+44 20 7946 0958" or "00 33 6 12 34 56 78" → its E.164 form, or the French message of what is wrong. */
export function parsePhone(input: string): ParsedPhone {
  const typed = input.trim();
  const digits = typed.replace(/\D/g, '');
  if (!TYPED.test(typed) || digits === '') return { message: messages.digits };
  // A French number written with its leading 0 has ten digits; the library would call "06 12 34 56 7"
  // possible (nine digits), although a digit is missing.
  const national = !typed.startsWith('+') && !digits.startsWith('00') && digits.startsWith('0');
  if (national && digits.length < 10) return { message: messages.phoneTooShort };
  if (national && digits.length > 10) return { message: messages.phoneTooLong };
  const length = validatePhoneNumberLength(typed, PHONE_REGION);
  if (length === 'TOO_SHORT') return { message: messages.phoneTooShort };
  if (length === 'TOO_LONG') return { message: messages.phoneTooLong };
  const parsed = parsePhoneNumberFromString(typed, PHONE_REGION);
  return parsed?.isValid() ? { e164: parsed.number } : { message: messages.phoneUnknown };
}

/** A form's phone field: blank is no number (null), anything else its E.164 form or the French message at the field. */
export const phoneNumber = v.pipe(
  v.nullish(v.string(messages.wrongType)),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const typed = dataset.value?.trim() ?? '';
    if (typed === '') return null;
    const parsed = parsePhone(typed);
    if ('e164' in parsed) return parsed.e164;
    addIssue({ message: parsed.message });
    return NEVER;
  }),
);
