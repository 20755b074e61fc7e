import { eq } from 'drizzle-orm';
import { getNotificationSettings, updateNotificationSettings } from '../../src/contract/endpoints/notification-settings';
import { DEFAULT_NOTIFICATION_SETTINGS, mergeNotificationSettings } from '../../src/contract/notification-settings';
import type { Deps } from '../deps';
import type { Tx } from '../db/client';
import { notificationSettings } from '../db/schema';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { readNotificationSettings } from '../mail/preferences';

/**
 * One's own notification choices. Only `me`: nobody reads or changes another person's. Muted villages are
 * stored as given, members or not, so the answer never tells whether a village exists.
 */
export function notificationSettingsRoutes(app: App, deps: Deps) {
  route(app, getNotificationSettings, async (c, { user }) => {
    return c.json({ data: await readNotificationSettings(deps.db, user.id) });
  });

  route(app, updateNotificationSettings, async (c, { user, body: change }) => {
    return write(c, deps, 200, async (tx) => {
      const now = deps.clock.now();
      // Two changes at once from two devices: the row lock orders them, so neither loses the other's switches.
      await tx.insert(notificationSettings).values({ userId: user.id, settings: {}, updatedAt: now }).onConflictDoNothing();
      const merged = mergeNotificationSettings(await readLocked(tx, user.id), change);
      await tx.update(notificationSettings).set({ settings: merged, updatedAt: now }).where(eq(notificationSettings.userId, user.id));
      return merged;
    });
  });
}

async function readLocked(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  return mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, row?.settings);
}
