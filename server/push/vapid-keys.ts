import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const NAME = 'vapid_keys';

/**
 * The server's VAPID key pair, made once and kept in the database: every instance signs with the same
 * keys, and the subscriptions browsers made with the public key stay valid across restarts. The first
 * instance to ask makes the pair; an insert that loses the race reads the winner's.
 */
export function vapidKeys(db: Db): () => Promise<VapidKeys> {
  let loaded: Promise<VapidKeys> | undefined;
  return () => {
    loaded ??= (async () => {
      // Loaded when first needed, not at the server's start (web-push-module.ts says why).
      const { default: webpush } = await import('web-push');
      await db
        .insert(serverSecrets)
        .values({ name: NAME, value: JSON.stringify(webpush.generateVAPIDKeys()) })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME)).limit(1);
      return JSON.parse(row.value) as VapidKeys;
    })().catch((error) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
