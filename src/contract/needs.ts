import * as v from 'valibot';
import { uuid } from './fields';
import { Schedule } from './schedule-schema';

export const VillageNeed = v.object({
  id: v.string(),
  village_id: v.string(),
  need_id: v.nullable(v.string()),
  category_id: v.nullable(v.string()),
  name: v.string(),
  description: v.nullable(v.string()),
  // Absent from rows stored before schedules existed: read as "none".
  schedule: v.optional(v.nullable(Schedule), null),
  address: v.optional(v.nullable(v.string()), null),
  access: v.optional(v.nullable(v.string()), null),
  people: v.optional(v.nullable(v.number()), null),
  diet: v.optional(v.nullable(v.string()), null),
  /** « Visible aux organisateurs seulement »: only the organisers and the need's helpers are sent it at all. */
  organisers_only: v.optional(v.boolean(), false),
  /**
   * True when the need has an address or a door code this reader is not sent (`address` and `access` then
   * null): they go only to the organisers and to whoever holds a help of the need not yet past, who get them
   * once they take a slot.
   */
  details_hidden: v.optional(v.boolean(), false),
  created_at: v.string(),
  updated_at: v.string(),
});
export type VillageNeed = v.InferOutput<typeof VillageNeed>;

export const ActingVillager = v.object({ villager_id: uuid });
