import * as v from 'valibot';
import { messages } from './messages';

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

/** The spec's custom numeric rule: empty or digits only. */
export const digits = (max: number) =>
  v.pipe(
    v.nullish(v.string(typeMessage)),
    v.transform((s) => (s == null ? null : s.replace(/[\s.]/g, '') || null)),
    v.nullable(
      v.pipe(v.string(), v.regex(/^\d+$/, messages.digits), v.maxLength(max, messages.maxLength(max))),
    ),
  );

export const uuid = v.pipe(v.string(typeMessage), v.uuid(messages.uuid));
export const optionalUuid = v.nullish(uuid);

/** A calendar date, YYYY-MM-DD. */
export const isoDate = v.pipe(v.string(typeMessage), v.isoDate(messages.date));

/** An instant with its offset, as JSON carries it (ISO 8601). */
export const isoDateTime = v.pipe(
  v.string(typeMessage),
  v.check((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), messages.dateTime),
);

export const photo = v.nullable(v.object({ original_url: v.string() }));

export const boolish = v.boolean(typeMessage);
