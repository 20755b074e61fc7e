import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import type { Help, VillageNeed, Villager } from '../../contract';
import { summariseVillages, type LocalVillage, type VillageSummary } from './village-summary';
import { villagesQuery } from './villages-query';

const groupBy = <T extends { village_id: string }>(rows: T[]) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.village_id);
    if (group) group.push(row);
    else groups.set(row.village_id, [row]);
  }
  return groups;
};

/**
 * The user's villages as this device knows them, live: a pull, a join, a village created offline show at
 * once. `undefined` while the first read is under way.
 */
export function useVillagesList(): VillageSummary[] | undefined {
  return useLiveQuery(async () => {
    const session = await db.session.get('current');
    const me = session?.userId ? ((await db.users.get(session.userId)) ?? null) : null;
    const villages = await db.villages.toArray();
    const ids = villages.map((village) => village.id);
    const [villagers, needs, helps] = await Promise.all([
      db.villagers.where('village_id').anyOf(ids).toArray(),
      db.needs.where('village_id').anyOf(ids).toArray(),
      db.helps.where('village_id').anyOf(ids).toArray(),
    ]);
    const byVillage = { villagers: groupBy<Villager>(villagers), needs: groupBy<VillageNeed>(needs), helps: groupBy<Help>(helps) };
    const locals: LocalVillage[] = villages.map((village) => ({
      village,
      villagers: byVillage.villagers.get(village.id) ?? [],
      needs: byVillage.needs.get(village.id) ?? [],
      helps: byVillage.helps.get(village.id) ?? [],
    }));
    return summariseVillages(locals, me ?? (session?.userId ? { id: session.userId, first_name: '', last_name: '' } : null));
  }, []);
}

/** Keeps the list fresh from the server while it shows; its state says whether the last refresh failed. */
export const useVillagesRefresh = () => useQuery(villagesQuery());
