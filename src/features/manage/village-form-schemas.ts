import * as v from 'valibot';
import { CREATION_MODE, UpdateVillageInput, optionalText, text, type Village } from '../../contract';
import { phoneNumber } from '../../contract/phone-number';

/**
 * The manage forms, validated by the contract itself: what is typed (strings) becomes an UpdateVillageInput
 * whose rules and French messages apply. Form fields are named as the contract's, so its messages land on
 * the right field. A form only adds what the contract leaves optional but the screen needs (a name).
 */
const asInput = <F extends Record<string, unknown>>(updaterId: string) =>
  v.transform((fields: F): v.InferInput<typeof UpdateVillageInput> => ({ updater_id: updaterId, ...fields }));

const typed = v.optional(v.string(), '');
/** A date input gives '' when cleared: no date. */
const optionalDay = v.pipe(
  typed,
  v.transform((s) => s || null),
);

export const homeInfosSchema = (updaterId: string) => v.pipe(v.object({ home_infos: typed }), asInput(updaterId), UpdateVillageInput);

/** The contact number, checked as typed (too short, a number that cannot exist) and sent in E.164. */
export const phoneSchema = (updaterId: string) => v.pipe(v.object({ phone: phoneNumber }), asInput(updaterId), UpdateVillageInput);

export const periodSchema = (updaterId: string) =>
  v.pipe(v.object({ start_date: optionalDay, end_date: optionalDay }), asInput(updaterId), UpdateVillageInput);

/** The gap alerts' horizon, typed as digits: a number of days the contract bounds (1 to 14, in French). */
export const gapHorizonSchema = (updaterId: string) =>
  v.pipe(
    v.object({ gap_horizon_days: typed }),
    v.transform(({ gap_horizon_days }) => ({ gap_horizon_days: gap_horizon_days.trim() === '' ? NaN : Number(gap_horizon_days) })),
    asInput(updaterId),
    UpdateVillageInput,
  );

/**
 * The presentation: the village's name is required here (it is how members tell villages apart). A village
 * made for a close person also says who they are, the first name at least; for oneself, the account's name
 * says it and those fields are not sent.
 */
export function presentationSchema(updaterId: string, creationMode: Village['creation_mode']) {
  const forClosePerson = creationMode === CREATION_MODE.closePerson;
  return v.pipe(
    // Every field checked in the first step, so that all the form's errors show at once.
    v.object({
      name: text(100),
      infos: optionalText(2000),
      first_name: forClosePerson ? text(100) : typed,
      last_name: optionalText(100),
      relationship: optionalText(100),
    }),
    v.transform(({ first_name, last_name, relationship, ...own }): v.InferInput<typeof UpdateVillageInput> =>
      forClosePerson ? { updater_id: updaterId, ...own, first_name, last_name, relationship } : { updater_id: updaterId, ...own },
    ),
    UpdateVillageInput,
  );
}

/** Whether a valid input changes anything: an unchanged form saves nothing (no write, no news for the village). */
export function changesVillage(village: Village, input: UpdateVillageInput): boolean {
  const { updater_id: _updater, ...fields } = input;
  return Object.entries(fields).some(([key, value]) => value !== undefined && (village[key as keyof Village] ?? null) !== value);
}

/** A stored value as the form shows it. */
export const shown = (value: string | null | undefined) => value ?? '';
