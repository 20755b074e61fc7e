import { eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  mergeNotificationSettings,
  wantsNotification,
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
 * that queues the mail, in its transaction, so a change of mind committed before it is honoured; the
 * dispatcher reads it again when it sends (a change of mind after the queueing is honoured too).
 */
export async function wantsMail(db: Executor, userId: string, kind: NotificationKind, villageId?: string | null): Promise<boolean> {
  return wantsNotification(await readNotificationSettings(db, userId), 'email', kind, villageId);
}

/** The same, from a person's stored settings row already read (null: none stored, the defaults). */
export function wantsMailBy(stored: unknown, kind: NotificationKind, villageId?: string | null): boolean {
  return wantsNotification(mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, stored), 'email', kind, villageId);
}

const IDS_PER_QUERY = 10_000;

/** The settings of several people in one query (a digest, a dispatcher's batch; one per 10,000 people): absent ones get the defaults. */
export async function readNotificationSettingsOf(db: Executor, userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const unique = [...new Set(userIds)];
  const stored = new Map<string, unknown>();
  // A statement takes at most 65,535 parameters: a digest of 100,000 people reads them in parts.
  for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
    const rows = await db
      .select({ userId: notificationSettings.userId, settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(inArray(notificationSettings.userId, unique.slice(i, i + IDS_PER_QUERY)));
    for (const row of rows) stored.set(row.userId, row.settings);
  }
  return new Map(unique.map((id) => [id, mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, stored.get(id))]));
}

/** What several people stored, as stored (none: absent), for the kinds whose default depends on the village (`wantsAsMember`). */
export async function readStoredSettingsOf(db: Executor, userIds: readonly string[]): Promise<Map<string, unknown>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationSettings.userId, settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, unique));
  return new Map(rows.map((row) => [row.userId, row.settings]));
}
