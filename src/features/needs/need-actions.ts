import { v7 as uuidv7 } from 'uuid';
import type { CreateNeedInput, UpdateNeedInput } from '../../contract';
import type { CreateNeedPayload } from './mutations/create-need';
import type { UpdateNeedPayload } from './mutations/update-need';
import type { DeleteNeedPayload } from './mutations/delete-need';
import { writeLocally, type LocalWrite } from './local-write';

/** Adds a need to the village; its id is made here so later writes offline can refer to it. */
export async function createNeedAction(villageId: string, input: CreateNeedInput): Promise<LocalWrite & { needId: string }> {
  const payload: CreateNeedPayload = { village_id: villageId, id: uuidv7(), input };
  return { ...(await writeLocally('create-need', payload)), needId: payload.id };
}

export function updateNeedAction(villageId: string, needId: string, input: UpdateNeedInput): Promise<LocalWrite> {
  const payload: UpdateNeedPayload = { village_id: villageId, need_id: needId, input };
  return writeLocally('update-need', payload);
}

/** Deletes the need and, with it, its helps. */
export function deleteNeedAction(villageId: string, needId: string, villagerId: string): Promise<LocalWrite> {
  const payload: DeleteNeedPayload = { village_id: villageId, need_id: needId, villager_id: villagerId };
  return writeLocally('delete-need', payload);
}
