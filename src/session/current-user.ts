import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { User } from '../contract';
import { db } from '../db/database';

/**
 * The signed-in user as kept locally, updated live when a save or the bootstrap writes it again.
 * `undefined` while it is being read, `null` when there is none.
 */
export function useCurrentUser(): User | null | undefined {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const session = await db.session.get('current');
      const user = session?.userId ? await db.users.get(session.userId) : undefined;
      return user ?? (await db.users.toCollection().first()) ?? null;
    }).subscribe({ next: setUser, error: () => setUser(null) });
    return () => subscription.unsubscribe();
  }, []);
  return user;
}

/** Writes the user the server answered with, so every screen shows the saved values. */
export async function storeCurrentUser(user: User) {
  await db.users.put(user);
}
