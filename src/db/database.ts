import Dexie, { type DBCoreTransaction, type Table } from 'dexie';
import { trackOpenTransactions } from './open-transactions';
import { daysOfKeys, HELP_DAYS, HELP_IDS, helpStartKey, mirrorHelpStarts } from './help-starts';
import { releaseDatabaseWhenPageIsCached, type PageWindow } from './page-suspension';
import { watchStorageHealth } from './storage-health';
import type { ChatMessage, Help, NeedCategory, User, Village, VillageNeed, Villager } from '../contract';
import type { NewsComment, NewsPost } from '../contract/news';

/** The session as the service worker needs it to replay writes: the token and whose it is. */
export interface StoredSession {
  key: 'current';
  token: string;
  userId: string | null;
}

/**
 * A write made on this device, waiting to reach the server (`pending`) or refused by it (`failed`).
 * `seq` orders the queue (FIFO); `id` is the Idempotency-Key, so a resend after a lost answer is harmless.
 */
export interface OutboxEntry {
  seq?: number;
  id: string;
  userId: string;
  kind: string;
  payload: unknown;
  villageId: string;
  createdAt: string;
  status: 'pending' | 'failed';
  attempts: number;
  /** Not retried before this time (ms since epoch): backoff, or the server's Retry-After. */
  notBefore: number;
  /** Why the last attempt did not go through: a lost connection may be retried as soon as the network is back. */
  lastError?: { kind: 'network' | 'server'; status?: number };
  /**
   * A failed entry: the server's French message and status, its field messages when it named some (a slot
   * cancelled meanwhile), and whether a screen has said so yet (a new refusal replaces the whole object).
   */
  failure?: { status: number; message: string; details?: string[]; announced?: true };
}

/**
 * How many writes of a village reached the server from this device: a pull whose answer left the server
 * before one of them arrived would show the village without it, so a pull that sees this move retries.
 */
export interface SentMark {
  villageId: string;
  sent: number;
}

/**
 * This local store's id, made once when the store is (src/domain/devices/store-id.ts): the server keeps the
 * last one it was told per device, so a new one there means the old store was wiped (src/outbox/README.md).
 */
export interface DeviceRow {
  key: 'store';
  id: string;
}

/** A chat message on this device: `pending` while it waits in the outbox, so the screen can say so. */
export type LocalMessage = ChatMessage & { pending?: true };

/** A comment of the village's news on this device: `pending` while it waits in the outbox. */
export type LocalNewsComment = NewsComment & { pending?: true };
/** A post of the village's news on this device (src/domain/news): `pending` while it waits in the outbox. */
export type LocalNewsPost = Omit<NewsPost, 'comments'> & { comments: LocalNewsComment[]; pending?: true };

/** The app's local store. Components never import it: feature modules read and write it. */
export class VillageDatabase extends Dexie {
  session!: Table<StoredSession, 'current'>;
  users!: Table<User, string>;
  categories!: Table<NeedCategory, string>;
  villages!: Table<Village, string>;
  villagers!: Table<Villager, string>;
  needs!: Table<VillageNeed, string>;
  helps!: Table<Help, string>;
  outbox!: Table<OutboxEntry, number>;
  sentMarks!: Table<SentMark, string>;
  messages!: Table<LocalMessage, string>;
  news!: Table<LocalNewsPost, string>;
  /** The helps' planning keys (help-starts.ts), one row per village and start day, kept by a middleware: the planning reads these, not helps. */
  helpDays!: Table<string, string>;
  /** Each village's need and helper ids, named by their place in it in the rows of helpDays (help-day-rows.ts). */
  helpIds!: Table<string, string>;
  device!: Table<DeviceRow, 'store'>;
  /** Transactions not yet over: a page put in the back/forward cache aborts them (page-suspension.ts). */
  readonly openTransactions = new Set<DBCoreTransaction>();

  constructor(name = 'village') {
    super(name);
    this.use(trackOpenTransactions(this.openTransactions));
    /*
     * Only the current schema is declared, with the one upgrade that moves data. Dexie (3 and later) upgrades a
     * store of any older version from the store's own schema: it adds the tables and indexes it lacks, deletes
     * the tables it no longer names (helpStarts, of versions 6 and 7), then runs the upgrade. Declaring the eight
     * versions one after the other cost some 6 ms at every construction, 13 ms the first time (Node, timed
     * apart), and a page and the service worker each build one at every start.
     */
    // Version 11 added `news` only. Version 10 added `device` only; its upgrade (the planning rows rebuilt from the helps) runs once more
    // from a store of 9, which costs that one rebuild and changes nothing.
    this.version(11)
      .stores({
        session: 'key',
        users: 'id',
        categories: 'id',
        villages: 'id, state',
        villagers: 'id, village_id, user_id',
        needs: 'id, village_id',
        // The planning reads one village's helps of a month: one index range instead of a filter over all villages.
        helps: 'id, village_id, village_need_id, start_date, [village_id+start_date]',
        outbox: '++seq, &id, status, villageId',
        sentMarks: 'villageId',
        // The chat reads one village's messages in time order, a page at a time.
        messages: 'id, village_id, [village_id+created_at]',
        // The journal reads one village's posts newest first, kept so that it reads offline too.
        news: 'id, village_id, [village_id+created_at]',
        // The helps' planning keys kept together by village and day: a month is some 50 rows to read, not 2,700
        // (help-starts.ts).
        [HELP_DAYS]: '',
        [HELP_IDS]: '',
        device: 'key',
      })
      // The rows as this version writes them (help-day-rows.ts: short times and coded ids since version 9), built
      // from the helps whatever the store had before.
      .upgrade(async (tx) => {
        const { days, dictionaries } = daysOfKeys(((await tx.table('helps').toArray()) as Help[]).map(helpStartKey));
        await Promise.all([tx.table(HELP_DAYS).clear(), tx.table(HELP_IDS).clear()]);
        await tx.table(HELP_DAYS).bulkPut([...days.values()], [...days.keys()]);
        await tx.table(HELP_IDS).bulkPut([...dictionaries.values()], [...dictionaries.keys()]);
      });
    this.use(mirrorHelpStarts());
  }
}

export const db = new VillageDatabase();
// In a page (the worker has no back/forward cache, and no screen to tell), from the moment anything can use the
// store: the transactions a cached page must let go of, and the store's trouble to be said (storage-health.ts).
const page = (globalThis as { window?: PageWindow }).window;
if (page) {
  releaseDatabaseWhenPageIsCached(db.openTransactions, page);
  watchStorageHealth(db);
}

/** The tables a village's snapshot fills; a pull replaces them for that village in one transaction. */
export const villageTables = (database: VillageDatabase) => [
  database.villages,
  database.villagers,
  database.needs,
  database.helps,
  database.categories,
  // A queued chat message is re-applied with the other pending writes, in the same transactions.
  database.messages,
  // So are the news posts, hearts and comments written offline.
  database.news,
];
