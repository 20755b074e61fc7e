import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { photos } from '../db/schema';
import type { FileStore } from './store';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

/**
 * Photos kept in the database (the `photos` table), so that every instance on one database serves a photo
 * whichever instance received it. They are small WebP files (1024 px at most), a few tens of kilobytes each.
 */
export function createDatabaseStore(db: Db): FileStore {
  return {
    async put(key, data) {
      const contentType = CONTENT_TYPES[key.split('.').pop() ?? ''];
      if (!contentType) throw new Error(`unknown file type for key ${key}`);
      // Keys are random and never reused; a repeated put (an import run twice) keeps the first copy.
      await db.insert(photos).values({ key, bytes: data, contentType }).onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db.select({ bytes: photos.bytes }).from(photos).where(eq(photos.key, key)).limit(1);
      return row?.bytes ?? null;
    },
    async remove(key) {
      await db.delete(photos).where(eq(photos.key, key));
    },
  };
}
