import * as v from 'valibot';
import { DEFAULT_TIME_ZONE, VillageNeed, uuid, type Schedule } from '../../../contract';
import { UpdateNeedInput } from '../../../contract/needs-input';
import { occurrenceAt } from '../../../contract/schedule';
import type { VillageDatabase } from '../../../db/database';
import { requestTo } from '../../../contract/endpoint';
import { updateNeed as updateNeedEndpoint } from '../../../contract/endpoints/needs';
import { defineMutation } from '../../../outbox/mutation-kind';
import { catalogueEntry } from './catalogue-entry';

const Payload = v.object({ village_id: uuid, need_id: uuid, input: UpdateNeedInput });
export type UpdateNeedPayload = v.InferOutput<typeof Payload>;

/**
 * What the server does in the edit's transaction, at once on this device: a help to come whose start is no
 * longer an occurrence is released (the slot shows open again), the others follow a new duration. Measured
 * from when the write was made, so re-applying it on a fresh snapshot gives the same rows.
 */
async function releaseRemovedSlots(db: VillageDatabase, needId: string, villageId: string, schedule: Schedule, now: Date) {
  const zone = (await db.villages.get(villageId))?.time_zone ?? DEFAULT_TIME_ZONE;
  const helps = await db.helps.where('village_need_id').equals(needId).toArray();
  for (const help of helps) {
    if (Date.parse(help.start_date) <= now.getTime()) continue;
    const occurrence = occurrenceAt(schedule, zone, help.start_date, now);
    if (!occurrence) await db.helps.delete(help.id);
    else if (help.end_date !== occurrence.end_date) await db.helps.update(help.id, { end_date: occurrence.end_date });
  }
}

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
    const updated = { ...need, ...changes };
    await db.needs.put(updated);
    if (need.schedule && updated.schedule)
      await releaseRemovedSlots(db, updated.id, updated.village_id, updated.schedule, new Date(createdAt));
  },
  request: (p) => requestTo(updateNeedEndpoint, { params: { id: p.village_id, needId: p.need_id }, body: p.input }),
  async settle(db, _p, data) {
    await db.needs.put(data);
  },
  describe: (p) => (p.input.name ? `Modification du besoin «\u00a0${p.input.name}\u00a0»` : "Modification d'un besoin"),
});
