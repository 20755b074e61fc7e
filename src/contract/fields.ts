import * as v from 'valibot';
import { messages } from './form-messages';

// Missing and wrongly typed values get different messages: "required" only when there is nothing.
const typeMessage = (issue: v.BaseIssue<unknown>) =>
  issue.input === undefined || issue.input === null ? messages.required : messages.wrongType;

/** A trimmed string between min and max characters (min 1 means required and not blank). */
export const text = (max: number, min = 1) =>
  v.pipe(
    v.string(typeMessage),
    v.trim(),
    min <= 1 ? v.nonEmpty(messages.required) : v.minLength(min, messages.minLength(min)),
    v.maxLength(max, messages.maxLength(max)),
  );

/** An optional free text: absent, null or blank all mean "nothing". */
export const optionalText = (max: number) =>
  v.pipe(
    v.nullish(v.string(typeMessage)),
    v.transform((s) => (s == null ? null : s.trim() === '' ? null : s.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max, messages.maxLength(max)))),
  );

export const email = v.pipe(
  v.string(typeMessage),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(254, messages.maxLength(254)),
  v.email(messages.email),
  v.toLowerCase(),
);

export const password = v.pipe(
  v.string(typeMessage),
  v.nonEmpty(messages.required),
  v.minLength(8, messages.minLength(8)),
  v.maxLength(128, messages.maxLength(128)),
);

/**
 * A phone number on the wire, where the spec's numeric rule ("empty or digits only") applied: E.164
 * ("+33612345678") as the app sends it, or digits as older apps sent it and as their writes may still be
 * queued ("0612345678"); blank is no number. Letters get the spec's numeric message. Whether the number
 * exists is for `./phone-number` (libphonenumber-js), which the forms and the server's write routes use:
 * these schemas load with the first screen, and the library would weigh 29 KB gzip on it.
 */
export const phone = v.pipe(
  v.nullish(v.string(typeMessage)),
  v.transform((s) => (s == null ? null : s.trim() || null)),
  v.nullable(
    v.pipe(
      v.string(),
      v.regex(/^\+?[\d\s.\-()]+$/, messages.digits),
      // E.164 has 15 digits at most; separators are not counted, as the spec's numeric rule did not count them.
      v.check((s) => s.replace(/\D/g, '').length <= 15, messages.maxLength(15)),
    ),
  ),
);

export const uuid = v.pipe(v.string(typeMessage), v.uuid(messages.uuid));
export const optionalUuid = v.nullish(uuid);

/** Whether the day exists, in the years the database stores (1 to 9999): no 30 February, no year 0. */
const realDay = (year: number, month: number, day: number) => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && year <= 9999 && days !== undefined && day >= 1 && day <= days;
};

/** A calendar date, YYYY-MM-DD. */
export const isoDate = v.pipe(
  v.string(typeMessage),
  v.isoDate(messages.date),
  v.check((s) => realDay(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))), messages.date),
);

/** An instant with its offset, as JSON carries it (ISO 8601): a day that exists, in years 1 to 9999 once in UTC. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
export const isoDateTime = v.pipe(
  v.string(typeMessage),
  v.check((s) => {
    const parts = INSTANT.exec(s);
    const time = Date.parse(s);
    return parts !== null && realDay(Number(parts[1]), Number(parts[2]), Number(parts[3])) && time >= FIRST_INSTANT && time <= LAST_INSTANT;
  }, messages.dateTime),
);

export const photo = v.nullable(v.object({ original_url: v.string() }));

/** A whole number from 1 to `max` given as a query string (a page size, a page number). */
export const queryCount = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, messages.digits),
    v.transform(Number),
    v.minValue(1, messages.numberMin(0)),
    v.maxValue(max, messages.oneOf),
  );
