import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addPushSubscription, deletePushSubscription, getPushPublicKey } from '../../src/contract/endpoints/push';
import type { Deps } from '../deps';
import { pushSubscriptions } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { route, type App } from '../http/route';
import type { VapidKeys } from './vapid-keys';
import { refusedEndpoint } from './public-address';

const INVALID_ENDPOINT = "Cette adresse de notification n'est pas valide";
const SUBSCRIPTION_NOT_FOUND = "Cet appareil n'est pas inscrit aux notifications.";
/**
 * Devices one person may have registered. A new one beyond this drops the one registered longest ago
 * (a new phone just works; the forgotten old one stops) rather than refusing the new device.
 */
const MAX_DEVICES_PER_USER = 20;

/**
 * The VAPID public key, and the devices of the signed-in user that receive pushes. Not through the
 * idempotent write path: registering an endpoint twice is harmless (an upsert), and deleting twice too.
 */
export function pushRoutes(app: App, deps: Deps, keys: () => Promise<VapidKeys>) {
  route(app, getPushPublicKey, async (c) => {
    return c.json({ data: { public_key: (await keys()).publicKey } });
  });

  route(app, addPushSubscription, async (c, { user, body: input }) => {
    // The server posts to this address: only push services over https on the public internet (checked
    // again on the resolved address at each push, push-request.ts).
    if (refusedEndpoint(input.endpoint, deps.allowHttpPushEndpoints)) throw invalid([{ field: 'endpoint', message: INVALID_ENDPOINT }]);
    // A device where another user signs in moves to that user (and their session): the endpoint is the device.
    const [row] = await deps.db
      .insert(pushSubscriptions)
      .values({
        id: uuidv7(),
        userId: user.id,
        sessionHash: user.sessionHash,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // Registered again (or by its new owner) now: the newest of that person's devices.
        set: { userId: user.id, sessionHash: user.sessionHash, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()` },
      })
      .returning({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint });
    // This device and the most recently registered others stay; one statement, whatever the count.
    const others = and(eq(pushSubscriptions.userId, user.id), ne(pushSubscriptions.id, row.id));
    const kept = deps.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(others)
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES_PER_USER - 1);
    await deps.db.delete(pushSubscriptions).where(and(others, notInArray(pushSubscriptions.id, kept)));
    return c.json({ data: row }, 201);
  });

  route(
    app,
    deletePushSubscription,
    { ids: { subscriptionId: SUBSCRIPTION_NOT_FOUND } },
    async (c, { user, params: { subscriptionId: id } }) => {
      const deleted = await deps.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
        .returning({ id: pushSubscriptions.id });
      if (deleted.length === 0) throw notFound(SUBSCRIPTION_NOT_FOUND);
      return c.body(null, 204);
    },
  );
}
