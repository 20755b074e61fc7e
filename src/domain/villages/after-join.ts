import { db } from '../../db/database';
import { isActiveVillager, type Village } from '../../contract';
import { queryClient } from '../../state/query-client';
import { villageQuery } from './village-query';
import { VILLAGES_QUERY_KEY } from './villages-query';
import { villageTitle } from './village-title';

/**
 * Brings the joined village onto this device (its needs, helps and members), so its pages open at once
 * and offline. When that pull fails the village list's next refresh brings it: the join itself is done.
 */
export async function storeJoinedVillage(villageId: string): Promise<Village | undefined> {
  try {
    await queryClient.fetchQuery({ ...villageQuery(villageId), staleTime: 0 });
  } catch {
    // Not fatal: the membership exists on the server.
  }
  void queryClient.invalidateQueries({ queryKey: VILLAGES_QUERY_KEY });
  return db.villages.get(villageId);
}

/** "Bienvenue dans le village de Jeanne !": the village by the one name every screen gives it (village-title.ts). */
export function welcomeText(village: Village | undefined): string {
  if (!village) return 'Bienvenue dans le village\u00a0!';
  const title = villageTitle(village, village.first_name);
  return /^Le village\b/.test(title)
    ? `Bienvenue dans l${title.slice(1)}\u00a0!`
    : `Bienvenue dans le village «\u00a0${title}\u00a0»\u00a0!`;
}

/** A village of this code the user already belongs to on this device: no need to ask the server. */
export async function localMembership(shareCode: string): Promise<Village | null> {
  const session = await db.session.get('current');
  if (!session?.userId) return null;
  const villages = await db.villages.filter((village) => village.share_code.toUpperCase() === shareCode).toArray();
  for (const village of villages) {
    const rows = await db.villagers.where('village_id').equals(village.id).toArray();
    const villagers = rows.length ? rows : (village.villagers ?? []);
    const me = villagers.find((villager) => villager.user_id === session.userId);
    if (me && isActiveVillager(me)) return village;
  }
  return null;
}
