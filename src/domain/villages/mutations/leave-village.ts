import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { leaveVillage as leaveVillageEndpoint } from '../../../contract/endpoints/villagers';
import { defineMutation } from '../../../outbox/mutation-kind';
import { updateVillager } from './village-fields';

const Payload = v.object({ village_id: uuid, villager_id: uuid });
export type LeaveVillagePayload = v.InferOutput<typeof Payload>;

/** A villager leaves: out of the village (it leaves their list), their past kept for the others. */
export const leaveVillage = defineMutation({
  name: 'leave-village',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villagers:${p.villager_id}`,
  apply: (db, p) => updateVillager(db, p.village_id, p.villager_id, { is_out: true }),
  request: (p) => requestTo(leaveVillageEndpoint, { params: { id: p.village_id, villagerId: p.villager_id } }),
  describe: () => 'Départ du village',
});
