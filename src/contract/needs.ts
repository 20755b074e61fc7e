import * as v from 'valibot';
import { optionalText, optionalUuid, text, uuid } from './fields';

export const VillageNeed = v.object({
  id: v.string(),
  village_id: v.string(),
  need_id: v.nullable(v.string()),
  category_id: v.nullable(v.string()),
  name: v.string(),
  description: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type VillageNeed = v.InferOutput<typeof VillageNeed>;

export const CreateNeedInput = v.strictObject({
  id: v.optional(uuid),
  villager_id: uuid,
  need_id: optionalUuid,
  category_id: optionalUuid,
  // A need taken from the catalogue may leave its name out: the catalogue's name is used.
  name: v.optional(text(100)),
  description: optionalText(2000),
});
export type CreateNeedInput = v.InferOutput<typeof CreateNeedInput>;

export const UpdateNeedInput = v.strictObject({
  updater_id: uuid,
  need_id: v.optional(optionalUuid),
  category_id: v.optional(optionalUuid),
  name: v.optional(text(100)),
  description: v.optional(optionalText(2000)),
});
export type UpdateNeedInput = v.InferOutput<typeof UpdateNeedInput>;

export const ActingVillager = v.object({ villager_id: uuid });
