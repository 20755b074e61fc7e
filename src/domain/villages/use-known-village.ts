import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';

/** The village as this device holds it: `undefined` while it is read, `null` when it is not here. */
export const useKnownVillage = (villageId: string) => useLiveQuery(async () => (await db.villages.get(villageId)) ?? null, [villageId]);
