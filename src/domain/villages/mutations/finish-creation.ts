import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { finishCreation as finishCreationEndpoint } from '../../../contract/endpoints/villages';
import { defineMutation } from '../../../outbox/mutation-kind';
import { storeVillageAnswer } from './village-fields';

const Payload = v.object({ village_id: uuid, creator_id: uuid });
export type FinishCreationPayload = v.InferOutput<typeof Payload>;

/** The tunnel's last step: the village waits for validation. */
export const finishCreation = defineMutation({
  name: 'finish-creation',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villages:${p.village_id}`,
  async apply(db, p) {
    const village = await db.villages.get(p.village_id);
    if (village) await db.villages.put({ ...village, state: 2 });
  },
  request: (p) => requestTo(finishCreationEndpoint, { params: { id: p.village_id }, body: { creator_id: p.creator_id } }),
  settle: (db, p, data) => storeVillageAnswer(db, p.village_id, data),
  describe: () => 'Fin de la création du village',
});
