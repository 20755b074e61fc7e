import * as v from 'valibot';
import { uuid } from '../../../contract';
import { defineMutation } from '../../../outbox/mutation-kind';
import { updateVillager } from './village-fields';

const Payload = v.object({ village_id: uuid, villager_id: uuid });
export type LeaveVillagePayload = v.InferOutput<typeof Payload>;

/** A villager leaves: out of the village (it leaves their list), their past kept for the others. */
export const leaveVillage = defineMutation<LeaveVillagePayload>({
  name: 'leave-village',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villagers:${p.villager_id}`,
  apply: (db, p) => updateVillager(db, p.village_id, p.villager_id, { is_out: true }),
  request: (p) => ({ method: 'PUT', path: `/v1/villages/${p.village_id}/villagers/${p.villager_id}/leave` }),
});
