import { call } from '../../api/client';
import type { ApiResult } from '../../api/failure';
import { REOPEN_WINDOW_DAYS, type Village } from '../../contract';
import { closeVillage, deleteVillage, reopenVillage } from '../../contract/endpoints/villages';
import { db } from '../../db/database';
import { failureText } from '../failure-text';
import { storeVillageAnswer } from './mutations/village-fields';
import { forgetVillage } from './forget-village';

/** Said instead of trying: closing and reopening are never queued, their effects (mails, released slots) are the server's. */
export const CLOSE_OFFLINE_TEXT = 'Vous êtes hors ligne\u00a0: clôturer ou rouvrir le village demande une connexion.';

const DAY_MS = 24 * 3600_000;

/** Whether an organiser may still reopen it: closed fewer than `REOPEN_WINDOW_DAYS` days ago. */
export const canStillReopen = (village: Pick<Village, 'closed_at'>, now = Date.now()) =>
  !!village.closed_at && now - Date.parse(village.closed_at) <= REOPEN_WINDOW_DAYS * DAY_MS;

/**
 * Closes the village online (no outbox: closing must be the server's decision at once) and keeps the answer
 * on the device, so every screen shows the banner. Answers why it failed, in French, or null.
 */
export async function closeVillageOnline(villageId: string, closerId: string, message: string, online: boolean): Promise<string | null> {
  if (!online) return CLOSE_OFFLINE_TEXT;
  const result = await call(closeVillage, { params: { id: villageId }, body: { closer_id: closerId, message: message.trim() || null } });
  return settle(villageId, result);
}

/** The same for reopening, within the 30 days. */
export async function reopenVillageOnline(villageId: string, villagerId: string, online: boolean): Promise<string | null> {
  if (!online) return CLOSE_OFFLINE_TEXT;
  const result = await call(reopenVillage, { params: { id: villageId }, body: { villager_id: villagerId } });
  return settle(villageId, result);
}

async function settle(villageId: string, result: ApiResult<Village>) {
  if (!result.ok) return result.failure.kind === 'offline' ? CLOSE_OFFLINE_TEXT : failureText(result.failure);
  await storeVillageAnswer(db, villageId, result.data);
  return null;
}

/** Deletes the village for good, online only; the device forgets it then. Answers why it failed, or null. */
export async function deleteVillageOnline(villageId: string, deleterId: string, online: boolean): Promise<string | null> {
  if (!online) return DELETE_OFFLINE_TEXT;
  const result = await call(deleteVillage, { params: { id: villageId }, query: { deleter_id: deleterId } });
  if (!result.ok) return result.failure.kind === 'offline' ? DELETE_OFFLINE_TEXT : failureText(result.failure);
  await forgetVillage(villageId, db);
  return null;
}

export const DELETE_OFFLINE_TEXT = 'Vous êtes hors ligne\u00a0: supprimer le village demande une connexion.';
