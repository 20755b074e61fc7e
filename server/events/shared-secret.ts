import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret every server instance on this database shares: the first to ask makes it, the others read it
 * (an insert that loses the race reads the winner's). Kept in memory once read.
 */
export function sharedSecret(db: Db, name: string): () => Promise<Buffer> {
  let loaded: Promise<Buffer> | undefined;
  return () => {
    loaded ??= (async () => {
      await db
        .insert(serverSecrets)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
      return Buffer.from(row.value, 'base64url');
    })().catch((error) => {
      // A failed read is tried again by the next caller rather than kept forever.
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
