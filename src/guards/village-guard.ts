import { notFound } from '@tanstack/react-router';
import { db } from '../db/database';
import { isActiveVillager } from '../contract/villagers';
import { wasForgotten } from '../domain/villages/forget-village';
import { LOST_VILLAGE } from '../components/lost-village';
import { earnInstallOffer } from '../pwa/install-prompt';
import { noteVillageOpened } from '../pwa/home-screen-offer';

/**
 * The village of a route, from the local store: only its active members open its areas. Imported by the
 * registry when a village route opens: the sign-in screens, the first most people see, carry neither Dexie
 * nor the village schemas.
 */
export async function requireActiveVillager(villageId: string) {
  const village = await db.villages.get(villageId);
  const session = await db.session.get('current');
  const me = village?.villagers?.find((v) => v.user_id === session?.userId);
  if (!village || (village.villagers && (!me || !isActiveVillager(me)))) {
    // Someone removed (or who left): a French sentence and the way to their villages, not a 404 with an id.
    const lost = (me && !isActiveVillager(me)) || wasForgotten(villageId);
    throw notFound(lost ? { data: LOST_VILLAGE } : undefined);
  }
  // A village of theirs opens: they joined or created one, the moment the install offer becomes worth making;
  // one new to this device brings the home-screen guidance back if it was put off.
  earnInstallOffer();
  noteVillageOpened(villageId);
}
