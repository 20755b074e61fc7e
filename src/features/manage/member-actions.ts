import { track } from '../../analytics/analytics';
import { writeLocally, type LocalWrite } from '../needs/local-write';
import type { BanVillagerPayload } from '../villages/mutations/ban-villager';
import type { LeaveVillagePayload } from '../villages/mutations/leave-village';

/** A manager removes a helper: banned, their helps no longer count. */
export function banVillagerAction(villageId: string, villagerId: string, deleterId: string): Promise<LocalWrite> {
  const payload: BanVillagerPayload = { village_id: villageId, villager_id: villagerId, deleter_id: deleterId };
  return writeLocally('ban-villager', payload);
}

/** The signed-in user leaves the village. Counted only once kept on this device. */
export async function leaveVillageAction(villageId: string, myVillagerId: string): Promise<LocalWrite> {
  const payload: LeaveVillagePayload = { village_id: villageId, villager_id: myVillagerId };
  const result = await writeLocally('leave-village', payload);
  if (result.ok) track('leave_village');
  return result;
}
