import * as v from 'valibot';
import { messages } from './form-messages';
import { isoDateTime, optionalText, queryCount, uuid } from './fields';
import { VillageNeed } from './needs';

export const Help = v.object({
  id: v.string(),
  village_id: v.string(),
  village_need_id: v.string(),
  helper_id: v.string(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  created_at: v.string(),
  /** When its helper or an organiser said it was done; null until then (defaults: helps stored before these fields). */
  done_at: v.optional(v.nullable(v.string()), null),
  /** How many times its helper was thanked for it, and the latest word with a thanks. */
  thanks_count: v.optional(v.number(), 0),
  thanks_message: v.optional(v.nullable(v.string()), null),
  /** When its helper asked the circle for someone to take it over (« Je ne peux plus »); null when they did not. */
  replacement_asked_at: v.optional(v.nullable(v.string()), null),
  village_need: v.optional(VillageNeed),
});
export type Help = v.InferOutput<typeof Help>;

export const CreateHelpInput = v.pipe(
  v.strictObject({
    id: v.optional(uuid),
    helper_id: uuid,
    start_date: isoDateTime,
    end_date: v.nullish(isoDateTime),
    comment: optionalText(1000),
  }),
  v.forward(
    v.check((input) => input.end_date == null || Date.parse(input.end_date) > Date.parse(input.start_date), messages.endBeforeStart),
    ['end_date'],
  ),
);
export type CreateHelpInput = v.InferOutput<typeof CreateHelpInput>;

/** The helper's note on their help ("j'apporte une soupe"), added or changed after taking it. */
export const UpdateHelpInput = v.strictObject({
  updater_id: uuid,
  comment: optionalText(1000),
});
export type UpdateHelpInput = v.InferOutput<typeof UpdateHelpInput>;

/** A page of a village's older helps: the app pulls only the recent ones with the village. */
export const HELPS_PAGE_MAX = 500;

/**
 * Helps newest first, that started before `before` (an instant, or a help: then those before it in
 * (start, id) order, so paging never skips nor repeats one that shares its start), and from `from` on
 * when given; one need's only with `need_id`.
 */
export const HelpsQuery = v.object({
  before: v.union([uuid, isoDateTime], messages.wrongType),
  from: v.optional(isoDateTime),
  need_id: v.optional(uuid),
  limit: v.optional(queryCount(HELPS_PAGE_MAX), '100'),
});
export type HelpsQuery = v.InferOutput<typeof HelpsQuery>;

export const HelpsPage = v.object({ data: v.array(Help), has_more: v.boolean() });
export type HelpsPage = v.InferOutput<typeof HelpsPage>;
