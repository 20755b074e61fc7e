import { quietTransport } from '../../api/client';
import { send } from '../../api/transport';
import type { LostStore } from '../../contract/devices';
import { checkInDevice } from '../../contract/endpoints/devices';
import type { VillageDatabase } from '../../db/database';
import { pendingSummary } from '../../outbox/pending-summary';
import { storeId } from './store-id';

/**
 * Tells the server what this device's store has not sent yet (docs/api-decisions.md, "Eviction noticed"),
 * and answers the wiped store it found for this person (null: none), or undefined when the server could not
 * be reached: nothing is queued, the next check-in says it all again.
 */
export async function checkIn(
  database: VillageDatabase,
  userId: string,
  options: { acknowledgeLost?: boolean } = {},
): Promise<LostStore | null | undefined> {
  const [store_id, summary] = await Promise.all([storeId(database), pendingSummary(database, userId)]);
  const body = { store_id, ...summary, ...(options.acknowledgeLost ? { acknowledge_lost: true } : {}) };
  const result = await send(quietTransport, checkInDevice, { body });
  return result.ok ? result.data.lost : undefined;
}
