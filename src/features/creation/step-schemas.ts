import * as v from 'valibot';
import { isoDate, messages, optionalText, text } from '../../contract';

/**
 * Each step's form, checked with the contract's own field rules and French messages (the server checks
 * the same through UpdateVillageInput), plus what the tunnel asks for although the contract lets it be
 * empty: who the village is for, the close person's first name, the village's name. The last step's form
 * is in ./infos-schema, apart: it checks the phone number with a library the other steps need not load.
 */

export const reasonSchema = v.object({
  creation_mode: v.pipe(v.string(), v.nonEmpty(messages.required), v.transform(Number), v.picklist([1, 2], messages.oneOf)),
  reason: optionalText(255),
});

export const aboutCloseSchema = v.object({
  first_name: text(100),
  last_name: optionalText(100),
  relationship: optionalText(100),
});

/** A date field of the form: empty is "not known" (null). */
const optionalDate = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim() || null),
  v.nullable(isoDate),
);

export const periodSchema = v.pipe(
  v.object({ start_date: optionalDate, end_date: optionalDate }),
  v.forward(
    v.check((p) => !p.start_date || !p.end_date || p.end_date >= p.start_date, messages.endBeforeStart),
    ['end_date'],
  ),
);

/** A need of the village's own words, typed on the needs step. */
export const freeNeedName = text(100);
