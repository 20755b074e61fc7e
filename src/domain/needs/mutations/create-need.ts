import * as v from 'valibot';
import { uuid } from '../../../contract';
import { CreateNeedInput } from '../../../contract/needs-input';
import { requestTo } from '../../../contract/endpoint';
import { createNeed as createNeedEndpoint } from '../../../contract/endpoints/needs';
import { defineMutation } from '../../../outbox/mutation-kind';
import { catalogueEntry } from './catalogue-entry';

const Payload = v.object({ village_id: uuid, id: uuid, input: CreateNeedInput });
export type CreateNeedPayload = v.InferOutput<typeof Payload>;

/** Adds a need to a village: from the catalogue (its name and category come along) or free. */
export const createNeed = defineMutation({
  name: 'create-need',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `needs:${p.id}`,
  async apply(db, p, { createdAt }) {
    const catalogue = p.input.need_id ? await catalogueEntry(db, p.input.need_id) : undefined;
    await db.needs.put({
      id: p.id,
      village_id: p.village_id,
      need_id: p.input.need_id ?? null,
      category_id: p.input.category_id ?? catalogue?.category_id ?? null,
      name: p.input.name ?? catalogue?.name ?? '',
      description: p.input.description ?? null,
      schedule: p.input.schedule ?? null,
      address: p.input.address ?? null,
      access: p.input.access ?? null,
      people: p.input.people ?? null,
      diet: p.input.diet ?? null,
      organisers_only: p.input.organisers_only ?? false,
      details_hidden: false,
      created_at: createdAt,
      updated_at: createdAt,
    });
  },
  request: (p) => requestTo(createNeedEndpoint, { params: { id: p.village_id }, body: { ...p.input, id: p.id } }),
  async settle(db, _p, data) {
    await db.needs.put(data);
  },
  describe: (p) => (p.input.name ? `Ajout du besoin «\u00a0${p.input.name}\u00a0»` : "Ajout d'un besoin"),
});
