import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { banVillager as banVillagerEndpoint } from '../../../contract/endpoints/villagers';
import { defineMutation } from '../../../outbox/mutation-kind';
import { updateVillager } from './village-fields';

const Payload = v.object({ village_id: uuid, villager_id: uuid, deleter_id: uuid });
export type BanVillagerPayload = v.InferOutput<typeof Payload>;

/** The creator or the needy person removes a helper from the village: banned, their helps no longer count. */
export const banVillager = defineMutation({
  name: 'ban-villager',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villagers:${p.villager_id}`,
  apply: (db, p) => updateVillager(db, p.village_id, p.villager_id, { is_ban: true }),
  request: (p) =>
    requestTo(banVillagerEndpoint, { params: { id: p.village_id, villagerId: p.villager_id }, query: { deleter_id: p.deleter_id } }),
  describe: () => "Retrait d'un membre du village",
});
