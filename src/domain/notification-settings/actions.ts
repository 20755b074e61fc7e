import type { QueryClient } from '@tanstack/react-query';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { updateNotificationSettings, type NotificationSettingsChange } from './mutations/update-notification-settings';
import { notificationSettingsKey, showChange } from './notification-settings-query';

/**
 * One switch turned: shown at once, kept in the outbox and sent when the network allows, so a change made
 * offline is not lost. A full disk undoes what was shown and says why.
 */
export async function changeNotificationSettings(
  queryClient: QueryClient,
  userId: string,
  change: NotificationSettingsChange,
): Promise<LocalWrite> {
  await showChange(queryClient, userId, change);
  const written = await writeLocally(updateNotificationSettings, change);
  if (!written.ok) await queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) });
  return written;
}
