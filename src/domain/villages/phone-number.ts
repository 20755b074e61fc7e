import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers as shown and dialled. libphonenumber-js (its small "min" metadata) reads what is stored,
 * digits as typed ("0612345678", read as French) or E.164 ("+33612345678"); it is imported only by the
 * screens that show a number, never by the first screen. A number it cannot read is shown as stored.
 */
const parse = (phone: string) => {
  // Digits with no leading 0 nor "+" are no French number as written ("331234567"): not guessed at.
  if (/^[\d\s.]/.test(phone.trim()) && !phone.trim().startsWith('0')) return undefined;
  const parsed = parsePhoneNumberFromString(phone, 'FR');
  return parsed?.isValid() ? parsed : undefined;
};

/** The digits a phone field holds, spaces and dots left out. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/**
 * "06 12 34 56 78" for a French number, the way it is written and read aloud here; "+44 20 7946 0958" for
 * another country's. A number the library cannot read keeps its digits in pairs.
 */
export const formatPhone = (phone: string) => {
  const parsed = parse(phone);
  if (!parsed) return phoneDigits(phone).replace(/(\d{2})(?=\d)/g, '$1 ');
  return parsed.country === 'FR' ? parsed.formatNational() : parsed.formatInternational();
};

/** The `tel:` address a phone opens its dialler with: E.164, so it also rings from abroad. */
export const phoneHref = (phone: string) => `tel:${parse(phone)?.number ?? phoneDigits(phone)}`;
