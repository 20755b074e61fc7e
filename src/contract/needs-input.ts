import * as v from 'valibot';
import { optionalText, optionalUuid, text, uuid } from './fields';
import { messages } from './form-messages';
import { ScheduleInput } from './schedule';

// Apart from needs.ts, and imported by path: a schedule's rule is checked with the rule library, which only
// the screens that write needs should load.

/** How many people a meal feeds: a small whole number, or nothing. */
const people = v.nullish(
  v.pipe(
    v.number(messages.wrongType),
    v.integer(messages.wrongType),
    v.minValue(1, messages.numberMin(0)),
    v.maxValue(50, 'Ce champ doit être inférieur à 51'),
  ),
);

/**
 * The practical details whoever takes a slot needs, readable offline on their phone. `schedule` null or
 * absent: a need without dates, where helpers propose their own time.
 */
const practicalFields = {
  schedule: v.nullish(ScheduleInput),
  address: optionalText(500),
  access: optionalText(1000),
  people,
  diet: optionalText(500),
};

export const CreateNeedInput = v.strictObject({
  id: v.optional(uuid),
  villager_id: uuid,
  need_id: optionalUuid,
  category_id: optionalUuid,
  // A need taken from the catalogue may leave its name out: the catalogue's name is used.
  name: v.optional(text(100)),
  description: optionalText(2000),
  ...practicalFields,
  organisers_only: v.optional(v.boolean(messages.wrongType)),
});
export type CreateNeedInput = v.InferOutput<typeof CreateNeedInput>;

export const UpdateNeedInput = v.strictObject({
  updater_id: uuid,
  need_id: v.optional(optionalUuid),
  category_id: v.optional(optionalUuid),
  name: v.optional(text(100)),
  description: v.optional(optionalText(2000)),
  // Absent: unchanged. A schedule replaced changes future slots only (the server releases the ones it removes).
  schedule: practicalFields.schedule,
  address: v.optional(practicalFields.address),
  access: v.optional(practicalFields.access),
  people: practicalFields.people,
  diet: v.optional(practicalFields.diet),
  organisers_only: v.optional(v.boolean(messages.wrongType)),
});
export type UpdateNeedInput = v.InferOutput<typeof UpdateNeedInput>;
