import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { call } from '../../api/client';
import { failureText } from '../failure-text';
import { getNotificationSettings } from '../../contract/endpoints/notification-settings';
import { mergeNotificationSettings, NotificationSettings } from '../../contract/notification-settings';
import { db } from '../../db/database';
import { changeBody, updateNotificationSettings, type NotificationSettingsChange } from './mutations/update-notification-settings';
import { NOTIFICATION_SETTINGS_KEY } from '../../session/notification-settings-key';

/**
 * The settings are the account's, not a village's: they are not in the local tables but in the query cache,
 * kept in localStorage for the user they belong to, so the screen shows them offline and after a restart.
 */
const STORAGE_KEY = NOTIFICATION_SETTINGS_KEY;
const Kept = v.object({ userId: v.string(), settings: NotificationSettings });

const storage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** The settings last seen on this device by this user (someone else's are never shown). */
export function keptSettings(userId: string): NotificationSettings | undefined {
  try {
    const parsed = v.safeParse(Kept, JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.output.userId === userId ? parsed.output.settings : undefined;
  } catch {
    return undefined;
  }
}

export function keepSettings(userId: string, settings: NotificationSettings) {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ userId, settings }));
  } catch {
    // A full or disabled storage only costs the offline copy: the screen still works online.
  }
}

/** This user's changes still waiting in the outbox, oldest first. */
export async function pendingChanges(userId: string): Promise<NotificationSettingsChange[]> {
  const entries = await db.outbox
    .filter((e) => e.userId === userId && e.kind === updateNotificationSettings.name && e.status === 'pending')
    .sortBy('seq');
  return entries.map((e) => e.payload as NotificationSettingsChange);
}

/** Lays changes over settings as the server will when it gets them. */
export const withChanges = (settings: NotificationSettings, changes: NotificationSettingsChange[]) =>
  changes.reduce((current, change) => mergeNotificationSettings(current, changeBody(change)), settings);

export class SettingsUnavailable extends Error {}

export const notificationSettingsKey = (userId: string) => ['notification-settings', userId] as const;

/**
 * The server's settings with this device's changes not yet sent laid over them, so a refetch (focus, the
 * network back) never shows a switch jumping back before its change has gone.
 */
export const notificationSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationSettingsKey(userId),
    queryFn: async () => {
      const result = await call(getNotificationSettings, {});
      if (!result.ok) throw new SettingsUnavailable(failureText(result.failure));
      const settings = withChanges(result.data, await pendingChanges(userId));
      keepSettings(userId, settings);
      return settings;
    },
    initialData: () => keptSettings(userId),
    // The kept copy is shown at once and checked with the server right away.
    initialDataUpdatedAt: 0,
  });

/** A change shown at once, before it is sent: a refetch already under way must not overwrite it. */
export async function showChange(queryClient: QueryClient, userId: string, change: NotificationSettingsChange) {
  const key = notificationSettingsQuery(userId).queryKey;
  await queryClient.cancelQueries({ queryKey: key });
  const current = queryClient.getQueryData(key);
  if (!current) return;
  const next = withChanges(current, [change]);
  queryClient.setQueryData(key, next);
  keepSettings(userId, next);
}
