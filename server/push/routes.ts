import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addPushSubscription, deletePushSubscription, getPushPublicKey } from '../../src/contract/endpoints/push';
import type { Deps } from '../deps';
import { pushSubscriptions } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { route, type App } from '../http/route';
import type { VapidKeys } from './vapid-keys';

const INVALID_ENDPOINT = "Cette adresse de notification n'est pas valide";
const SUBSCRIPTION_NOT_FOUND = "Cet appareil n'est pas inscrit aux notifications.";

/**
 * The VAPID public key, and the devices of the signed-in user that receive pushes. Not through the
 * idempotent write path: registering an endpoint twice is harmless (an upsert), and deleting twice too.
 */
export function pushRoutes(app: App, deps: Deps, keys: () => Promise<VapidKeys>) {
  route(app, getPushPublicKey, async (c) => {
    return c.json({ data: { public_key: (await keys()).publicKey } });
  });

  route(app, addPushSubscription, async (c, { user, body: input }) => {
    // The server posts to this address: only push services over https, never a plain address inside.
    const protocol = new URL(input.endpoint).protocol;
    if (protocol !== 'https:' && !(protocol === 'http:' && deps.allowHttpPushEndpoints)) {
      throw invalid([{ field: 'endpoint', message: INVALID_ENDPOINT }]);
    }
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
        set: { userId: user.id, sessionHash: user.sessionHash, p256dh: input.keys.p256dh, auth: input.keys.auth },
      })
      .returning({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint });
    return c.json({ data: row }, 201);
  });

  route(app, deletePushSubscription, { ids: { subscriptionId: SUBSCRIPTION_NOT_FOUND } }, async (c, { user, params: { subscriptionId: id } }) => {
    const deleted = await deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
      .returning({ id: pushSubscriptions.id });
    if (deleted.length === 0) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return c.body(null, 204);
  });
}
