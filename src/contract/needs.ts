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
  created_at: v.string(),
  updated_at: v.string(),
});
export type VillageNeed = v.InferOutput<typeof VillageNeed>;

export const ActingVillager = v.object({ villager_id: uuid });
