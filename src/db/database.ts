import Dexie, { type Table } from 'dexie';
import type { NeedCategory, User, Village } from '../contract';

/** The session as the service worker needs it to replay writes: the token and whose it is. */
export interface StoredSession {
  key: 'current';
  token: string;
  userId: string | null;
}

/** The app's local store. Components never import it: feature modules read and write it. */
export class VillageDatabase extends Dexie {
  session!: Table<StoredSession, 'current'>;
  users!: Table<User, string>;
  categories!: Table<NeedCategory, string>;
  villages!: Table<Village, string>;

  constructor(name = 'village') {
    super(name);
    this.version(1).stores({ session: 'key', users: 'id', categories: 'id', villages: 'id, state' });
  }
}

export const db = new VillageDatabase();
