import * as v from 'valibot';
import { UpdateNeedInput, VillageNeed, uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateNeed as updateNeedEndpoint } from '../../../contract/endpoints/needs';
import { defineMutation } from '../../../outbox/mutation-kind';
import { catalogueEntry } from './catalogue-entry';

const Payload = v.object({ village_id: uuid, need_id: uuid, input: UpdateNeedInput });
export type UpdateNeedPayload = v.InferOutput<typeof Payload>;

/** Changes a need's fields; only the fields sent change. */
export const updateNeed = defineMutation({
  name: 'update-need',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `needs:${p.need_id}`,
  async apply(db, p, { createdAt }) {
    const need = await db.needs.get(p.need_id);
    if (!need) return;
    const { updater_id: _updater, ...fields } = p.input;
    const changes: Partial<VillageNeed> = { updated_at: createdAt };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(changes, { [key]: value });
    if (fields.need_id && fields.category_id === undefined) {
      const catalogue = await catalogueEntry(db, fields.need_id);
      if (catalogue) changes.category_id = catalogue.category_id;
    }
    await db.needs.put({ ...need, ...changes });
  },
  request: (p) => requestTo(updateNeedEndpoint, { params: { id: p.village_id, needId: p.need_id }, body: p.input }),
  async settle(db, _p, data) {
    await db.needs.put(data);
  },
  describe: (p) => (p.input.name ? `Modification du besoin « ${p.input.name} »` : "Modification d'un besoin"),
});
