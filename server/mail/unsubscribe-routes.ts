import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { unsubscribeMail } from '../../src/contract/endpoints/mail';
import { DEFAULT_NOTIFICATION_SETTINGS, keepOnlyChosen, mergeNotificationSettings } from '../../src/contract/notification-settings';
import type { AppEnv, Deps } from '../deps';
import { notificationSettings, users } from '../db/schema';
import { sharedSecret } from '../events/shared-secret';
import { clientAddress } from '../http/client-address';
import { notFound } from '../http/errors';
import { createRateLimiter, defaultRateLimits } from '../http/rate-limit';
import { publicRoute, type App } from '../http/route';
import { readUnsubscribeToken, UNSUBSCRIBE_SECRET } from './unsubscribe-token';

export const UNSUBSCRIBE_LINK_INVALID = "Ce lien de désinscription n'est pas valable.";

/**
 * `POST /v1/mail/unsubscribe/{token}`: the one-click unsubscribe of RFC 8058. A mail client posts
 * `List-Unsubscribe=One-Click` as a form, the app's page posts nothing: the body is never read (the endpoint
 * has no body schema, so the route layer does not parse it), only the signed token counts. Turning a kind
 * off twice changes nothing and answers the same, so a client that retries is harmless.
 */
export function unsubscribeRoutes(app: App, deps: Deps) {
  const secret = sharedSecret(deps.db, UNSUBSCRIBE_SECRET);
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  // Counted like sign-in: a token cannot be guessed (128-bit signature), the limit only keeps scanners slow.
  const countAddress = { before: (c: Context<AppEnv>) => limiter.hit(`unsubscribe:${clientAddress(c)}`, limits.loginPerAddress) };

  publicRoute(app, unsubscribeMail, countAddress, async (c, { params }) => {
    const named = readUnsubscribeToken(await secret(), params.token);
    if (!named) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // The account's row lock keeps a deletion from slipping between the check and the write.
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, named.userId)).for('update');
      if (!owner) throw notFound(UNSUBSCRIBE_LINK_INVALID);
      await tx.insert(notificationSettings).values({ userId: owner.id, settings: {}, updatedAt: now }).onConflictDoNothing();
      // Under the settings row's lock, as the settings screen's PUT: a switch changed at the same time is kept.
      const [row] = await tx
        .select({ settings: notificationSettings.settings })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, owner.id))
        .for('update');
      const current = mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, row?.settings);
      if (!current.email[named.kind]) return;
      const change = { email: { [named.kind]: false } };
      const merged = keepOnlyChosen(mergeNotificationSettings(current, change), row?.settings, change);
      await tx.update(notificationSettings).set({ settings: merged, updatedAt: now }).where(eq(notificationSettings.userId, owner.id));
    });
    return c.json({ data: { kind: named.kind } }, 200);
  });
}
