import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { DEFAULT_TIME_ZONE, isActiveVillager } from '../../contract';
import { slotsBetween, type Slot } from '../../contract/slots';

// Apart from hooks.ts: the rule library comes with these, only to the screens that show slots.

/**
 * The slots of the village's scheduled needs starting in [from, to) (ISO instants), each with the helps of
 * active helpers on it, expanded on the device by the same function as the server's: a schedule made offline
 * shows its slots at once. `needId` narrows to one need.
 */
export const useVillageSlots = (villageId: string, from: string, to: string, needId?: string) =>
  useLiveQuery(() => readVillageSlots(villageId, from, to, needId), [villageId, from, to, needId]);

export async function readVillageSlots(villageId: string, from: string, to: string, needId?: string): Promise<Slot[]> {
  const [village, needs, villagers] = await Promise.all([
    db.villages.get(villageId),
    needId ? db.needs.where('id').equals(needId).toArray() : db.needs.where('village_id').equals(villageId).toArray(),
    db.villagers.where('village_id').equals(villageId).toArray(),
  ]);
  const scheduled = needs.filter((need) => need.schedule);
  if (scheduled.length === 0) return [];
  const helps = await db.helps.where('[village_id+start_date]').between([villageId, from], [villageId, to], true, false).toArray();
  const inactive = new Set(villagers.filter((v) => !isActiveVillager(v)).map((v) => v.id));
  return slotsBetween(scheduled, helps, (helperId) => !inactive.has(helperId), village?.time_zone ?? DEFAULT_TIME_ZONE, from, to);
}
