import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { db } from '../../db/database';
import { villageQuery } from './village-query';

/**
 * Read hooks of a village's local data: components use these, never the database. Each is a live query,
 * so a write made here, by the service worker's replay or by a pull shows at once. `undefined` while the
 * first read is under way. Each resource has its own: villagers/villager-reads.ts, needs/need-reads.ts,
 * helps/help-reads.ts.
 */

/** Keeps the village fresh from the server (when reachable) while a screen shows it. */
export const useVillageSync = (villageId: string) => useQuery(villageQuery(villageId));

export const useVillage = (villageId: string) => useLiveQuery(() => db.villages.get(villageId), [villageId]);

/** Closed villages are keepsakes: screens read them but offer no write (the outbox and the server refuse them too). */
export const useVillageClosed = (villageId: string) => !!useVillage(villageId)?.closed_at;

export const useCurrentUserId = () => useLiveQuery(async () => (await db.session.get('current'))?.userId ?? null, []);

/** Every village this device stores for the signed-in user: settings that work offline list them. */
export const useLocalVillages = () => useLiveQuery(() => db.villages.toArray(), []);
