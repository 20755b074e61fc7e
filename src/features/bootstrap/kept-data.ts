import type { User } from '../../contract';
import { db } from '../../db/database';
import { DATA_LOADED_FOR_KEY } from '../../session/data-loaded-key';

/**
 * The token whose data the last complete load wrote on this device. A start with the same token opens from
 * the local store at once; a new sign-in (a new token) still waits for its first load. Kept apart from the
 * load itself so that a warm start reads it without loading the transport, the endpoints or the outbox.
 */
export const dataLoadedFor = (token: string) => localStorage.getItem(DATA_LOADED_FOR_KEY) === token;

export const markDataLoaded = (token: string) => localStorage.setItem(DATA_LOADED_FOR_KEY, token);

/** The user the last load of this session wrote, if the store still holds them. */
export async function storedUser(token: string): Promise<User | undefined> {
  const session = await db.session.get('current');
  if (session && session.token !== token) return undefined;
  return session?.userId ? db.users.get(session.userId) : db.users.toCollection().first();
}
