import { v7 as uuidv7 } from 'uuid';
import { type VillageNeed } from '../../contract';
import { type CreateNeedInput, type UpdateNeedInput } from '../../contract/needs-input';
import { localLabel } from '../../contract/schedule';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { createNeed } from './mutations/create-need';
import { updateNeed } from './mutations/update-need';
import { deleteNeed } from './mutations/delete-need';

/* The needs feature's writes, the only way its screens change a need: each is kept on this device at once and
   sent by the outbox (src/outbox). */

/** Adds a need to the village; its id is made here so later writes offline can refer to it. */
export async function createNeedAction(villageId: string, input: CreateNeedInput): Promise<LocalWrite & { needId: string }> {
  const needId = uuidv7();
  return { ...(await writeLocally(createNeed, { village_id: villageId, id: needId, input })), needId };
}

export function updateNeedAction(villageId: string, needId: string, input: UpdateNeedInput): Promise<LocalWrite> {
  return writeLocally(updateNeed, { village_id: villageId, need_id: needId, input });
}

/** Deletes the need and, with it, its helps; its name, when known, names the change if the server refuses it. */
export function deleteNeedAction(villageId: string, needId: string, villagerId: string, needName?: string): Promise<LocalWrite> {
  return writeLocally(deleteNeed, { village_id: villageId, need_id: needId, villager_id: villagerId, need_name: needName });
}

/**
 * Cancels one date of a scheduled need: its local label joins the schedule's cancelled dates. Whoever had
 * taken it is released and told (by the server; at once on this device).
 */
export function cancelSlotAction(
  villageId: string,
  need: VillageNeed,
  start: string,
  zone: string,
  updaterId: string,
): Promise<LocalWrite> {
  if (!need.schedule) return Promise.resolve({ ok: true });
  const exdates = [...new Set([...need.schedule.exdates, localLabel(start, zone)])];
  return updateNeedAction(villageId, need.id, { updater_id: updaterId, schedule: { ...need.schedule, exdates } });
}
