import * as v from 'valibot';
import { UpdateVillageInput, Village, uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateVillage as updateVillageEndpoint } from '../../../contract/endpoints/villages';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, input: UpdateVillageInput });
export type UpdateVillagePayload = v.InferOutput<typeof Payload>;

/** Changes a village's own fields (presentation, home infos, period, phone…). */
export const updateVillage = defineMutation({
  name: 'update-village',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villages:${p.village_id}`,
  async apply(db, p, { createdAt }) {
    const village = await db.villages.get(p.village_id);
    if (!village) return;
    const { updater_id: _updater, ...fields } = p.input;
    const changes: Partial<Village> = { updated_at: createdAt };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(changes, { [key]: value });
    await db.villages.put({ ...village, ...changes });
  },
  request: (p) => requestTo(updateVillageEndpoint, { params: { id: p.village_id }, body: p.input }),
  async settle(db, p, data) {
    const village = await db.villages.get(p.village_id);
    const answer = data;
    // The answer carries the village's own fields; the relations already stored are kept.
    await db.villages.put({ ...village, ...answer, villagers: answer.villagers ?? village?.villagers });
  },
  describe: () => 'Modification du village',
});
