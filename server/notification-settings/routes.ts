import { and, eq, or } from 'drizzle-orm';
import { getNotificationSettings, updateNotificationSettings } from '../../src/contract/endpoints/notification-settings';
import { defaultNotificationSettings, keepOnlyChosen, mergeNotificationSettings } from '../../src/contract/notification-settings';
import type { Deps } from '../deps';
import type { Executor, Tx } from '../db/client';
import { notificationSettings, villagers } from '../db/schema';
import { route, type App } from '../http/route';
import { write } from '../http/write';

/**
 * One's own notification choices. Only `me`: nobody reads or changes another person's. Muted villages are
 * stored as given, members or not, so the answer never tells whether a village exists.
 */
export function notificationSettingsRoutes(app: App, deps: Deps) {
  route(app, getNotificationSettings, async (c, { user }) => {
    const [row] = await deps.db
      .select({ settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    return c.json({ data: mergeNotificationSettings(await defaultsOf(deps.db, user.id), row?.settings) });
  });

  route(app, updateNotificationSettings, async (c, { user, body: change }) => {
    return write(c, deps, 200, async (tx) => {
      const now = deps.clock.now();
      // Two changes at once from two devices: the row lock orders them, so neither loses the other's switches.
      await tx.insert(notificationSettings).values({ userId: user.id, settings: {}, updatedAt: now }).onConflictDoNothing();
      const stored = await readLocked(tx, user.id);
      const merged = mergeNotificationSettings(mergeNotificationSettings(await defaultsOf(tx, user.id), stored), change);
      await tx
        .update(notificationSettings)
        .set({ settings: keepOnlyChosen(merged, stored, change), updatedAt: now })
        .where(eq(notificationSettings.userId, user.id));
      return merged;
    });
  });
}

async function readLocked(tx: Tx, userId: string): Promise<unknown> {
  const [row] = await tx
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  return row?.settings;
}

/** The defaults one's screen shows: the organisers' where one organises an active village (`gaps` on), else the members'. */
async function defaultsOf(db: Executor, userId: string) {
  const [organiser] = await db
    .select({ id: villagers.id })
    .from(villagers)
    .where(
      and(
        eq(villagers.userId, userId),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
        or(eq(villagers.isCreator, true), eq(villagers.isNeedy, true), eq(villagers.isManager, true)),
      ),
    )
    .limit(1);
  return defaultNotificationSettings(Boolean(organiser));
}
