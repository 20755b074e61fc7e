import type { User } from '../../contract';
import { db } from '../../db/database';

/** The user the last load of this session wrote, if the store still holds them. */
export async function storedUser(token: string): Promise<User | undefined> {
  const session = await db.session.get('current');
  if (session && session.token !== token) return undefined;
  return session?.userId ? db.users.get(session.userId) : db.users.toCollection().first();
}
