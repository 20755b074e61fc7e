import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { openVillage } from '../../../contract/endpoints/villages';
import { defineMutation } from '../../../outbox/mutation-kind';
import { storeVillageAnswer } from './village-fields';

const Payload = v.object({ village_id: uuid, villager_id: uuid });
export type OpenValidationPayload = v.InferOutput<typeof Payload>;

/** The creator opens the village: helpers may join. */
export const openValidation = defineMutation({
  name: 'open-validation',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villages:${p.village_id}`,
  async apply(db, p) {
    const village = await db.villages.get(p.village_id);
    if (village) await db.villages.put({ ...village, state: 3 });
  },
  request: (p) => requestTo(openVillage, { params: { id: p.village_id }, body: { villager_id: p.villager_id } }),
  settle: (db, p, data) => storeVillageAnswer(db, p.village_id, data),
  describe: () => 'Ouverture du village',
});
