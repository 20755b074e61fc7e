import { v7 as uuidv7 } from 'uuid';
import type { UpdateVillageInput } from '../../contract';
import { track } from '../../analytics/analytics';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { createVillage, type CreateVillagePayload } from './mutations/create-village';
import { updateVillage } from './mutations/update-village';
import { finishCreation } from './mutations/finish-creation';
import { openValidation } from './mutations/open-validation';
import { leaveVillage } from './mutations/leave-village';
import { banVillager } from './mutations/ban-villager';

/**
 * Starts a village for the signed-in user. Its id and its creator's villager id are made here, so the
 * tunnel's next steps can refer to them offline.
 */
export async function createVillageAction(
  userId: string,
  input: CreateVillagePayload['input'],
): Promise<LocalWrite & { villageId: string }> {
  const villageId = uuidv7();
  return { ...(await writeLocally(createVillage, { id: villageId, villager_id: uuidv7(), user_id: userId, input })), villageId };
}

/** Changes some of the village's own fields, local first: the outbox sends them when it can. */
export function updateVillageAction(villageId: string, input: UpdateVillageInput): Promise<LocalWrite> {
  return writeLocally(updateVillage, { village_id: villageId, input });
}

/** The creation tunnel's last step: the village waits for its creator to open it. */
export function finishCreationAction(villageId: string, creatorId: string): Promise<LocalWrite> {
  return writeLocally(finishCreation, { village_id: villageId, creator_id: creatorId });
}

/** The creator opens the village: helpers may join. */
export function openValidationAction(villageId: string, villagerId: string): Promise<LocalWrite> {
  return writeLocally(openValidation, { village_id: villageId, villager_id: villagerId });
}

/** A manager removes a helper: banned, their helps no longer count. */
export function banVillagerAction(villageId: string, villagerId: string, deleterId: string): Promise<LocalWrite> {
  return writeLocally(banVillager, { village_id: villageId, villager_id: villagerId, deleter_id: deleterId });
}

/** The signed-in user leaves the village. Counted only once kept on this device. */
export async function leaveVillageAction(villageId: string, myVillagerId: string): Promise<LocalWrite> {
  const result = await writeLocally(leaveVillage, { village_id: villageId, villager_id: myVillagerId });
  if (result.ok) track('leave_village');
  return result;
}
