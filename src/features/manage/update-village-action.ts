import type { UpdateVillageInput } from '../../contract';
import { writeLocally, type LocalWrite } from '../needs/local-write';
import type { UpdateVillagePayload } from '../villages/mutations/update-village';

/** Changes some of the village's own fields, local first: the outbox sends them when it can. */
export function updateVillageAction(villageId: string, input: UpdateVillageInput): Promise<LocalWrite> {
  const payload: UpdateVillagePayload = { village_id: villageId, input };
  return writeLocally('update-village', payload);
}
