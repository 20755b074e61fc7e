import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  mergeNotificationSettings,
  type NotificationKind,
  type NotificationSettings,
} from '../../src/contract/notification-settings';
import type { Executor } from '../db/client';
import { notificationSettings } from '../db/schema';

/** A person's choices: what they stored laid over today's defaults (no row: the defaults). */
export async function readNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, row?.settings);
}

/**
 * Whether this person wants this kind of mail, about this village when there is one. Read by the write
 * that queues the mail, in its transaction, so a change of mind committed before it is honoured.
 */
export async function wantsMail(db: Executor, userId: string, kind: NotificationKind, villageId?: string): Promise<boolean> {
  const settings = await readNotificationSettings(db, userId);
  if (!settings.email[kind]) return false;
  return villageId === undefined || !settings.muted_village_ids.includes(villageId.toLowerCase());
}
