import * as v from 'valibot';
import { CreateVillageInput, DEFAULT_GAP_HORIZON_DAYS, DEFAULT_TIME_ZONE, uuid, type Villager } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { createVillage as createVillageEndpoint } from '../../../contract/endpoints/villages';
import { defineMutation } from '../../../outbox/mutation-kind';
import { storeVillageAnswer } from './village-fields';

const Payload = v.object({ id: uuid, villager_id: uuid, user_id: v.string(), input: CreateVillageInput });
export type CreateVillagePayload = v.InferOutput<typeof Payload>;

/**
 * Starts a village (state 1, the creation tunnel's first step) with client ids for the village and for the
 * creator's villager, so the next steps can be made offline too. The share code comes with the answer.
 */
export const createVillage = defineMutation({
  name: 'create-village',
  payload: Payload,
  villageId: (p) => p.id,
  target: (p) => `villages:${p.id}`,
  async apply(db, p, { createdAt }) {
    const { id: _id, villager_id: _villager, creation_mode, ...fields } = p.input;
    const creator: Villager = {
      id: p.villager_id,
      village_id: p.id,
      user_id: p.user_id,
      is_needy: creation_mode === 1,
      is_creator: true,
      is_manager: false,
      is_out: false,
      is_ban: false,
      last_check_notif_date: null,
      created_at: createdAt,
    };
    const empty = {
      name: null,
      reason: null,
      infos: null,
      home_infos: null,
      phone: null,
      start_date: null,
      end_date: null,
      first_name: null,
      last_name: null,
      relationship: null,
      closed_at: null,
      closed_message: null,
    };
    const known = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    await db.villages.put({
      ...empty,
      ...known,
      id: p.id,
      state: 1,
      creation_mode,
      share_code: '',
      time_zone: fields.time_zone ?? DEFAULT_TIME_ZONE,
      gap_horizon_days: fields.gap_horizon_days ?? DEFAULT_GAP_HORIZON_DAYS,
      photo: null,
      created_at: createdAt,
      updated_at: createdAt,
      villagers: [creator],
    });
    await db.villagers.put(creator);
  },
  request: (p) => requestTo(createVillageEndpoint, { body: { ...p.input, id: p.id, villager_id: p.villager_id } }),
  settle: (db, p, data) => storeVillageAnswer(db, p.id, data),
  describe: (p) => (p.input.name ? `Création du village «\u00a0${p.input.name}\u00a0»` : "Création d'un village"),
});
