import * as v from 'valibot';
import { isoDateTime, uuid } from './fields';
import { PublicUser } from './users';

export const Villager = v.object({
  id: v.string(),
  village_id: v.string(),
  user_id: v.nullable(v.string()),
  is_needy: v.boolean(),
  is_creator: v.boolean(),
  /** A co-organiser, named by the creator or the needy person (absent from rows stored before it existed). */
  is_manager: v.optional(v.boolean(), false),
  is_out: v.boolean(),
  is_ban: v.boolean(),
  last_check_notif_date: v.nullable(v.string()),
  created_at: v.string(),
  user: v.optional(v.nullable(PublicUser)),
});
export type Villager = v.InferOutput<typeof Villager>;

export const isActiveVillager = (villager: Pick<Villager, 'is_out' | 'is_ban'>) => !villager.is_out && !villager.is_ban;

export const UpdateVillagerInput = v.strictObject({
  last_check_notif_date: isoDateTime,
});

export const JoinVillageInput = v.object({
  share_code: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty('Ce champ est requis'),
    v.maxLength(32, 'Ce champs doit contenir 32 caractères maximum'),
  ),
  /** The token of the invitation whose link was followed (`i`): joining accepts it. */
  invitation_token: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** Making an active villager a co-organiser, or taking it back (the creator and the needy person only). */
export const SetVillagerRoleInput = v.strictObject({
  is_manager: v.boolean(),
  updater_id: uuid,
});
export type SetVillagerRoleInput = v.InferOutput<typeof SetVillagerRoleInput>;

export const DeleterQuery = v.object({ deleter_id: uuid });
