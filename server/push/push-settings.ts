import type { PushKind } from '../../src/contract/push';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  mergeNotificationSettings,
  wantsNotification,
  type NotificationKind,
} from '../../src/contract/notification-settings';
import type { Executor } from '../db/client';
import { anyUuid } from '../db/any-uuid';
import { notificationSettings } from '../db/schema';
import type { Delivery } from './compose';

/**
 * Which switch of a person's settings each push answers to. What tells one's own commitments, or the
 * commitments an organiser relies on (a help taken, refused, withdrawn late, slots released, a role given),
 * is a confirmation: a village muted does not quiet it. New needs are `new_slots`, chat is `chat`, news is `news`.
 */
export const PUSH_NOTIFICATION_KIND: Record<PushKind, NotificationKind> = {
  need_added: 'new_slots',
  message: 'chat',
  reminder_evening: 'reminders',
  reminder_hour: 'reminders',
  help_added: 'confirmations',
  help_refused: 'confirmations',
  help_released: 'confirmations',
  help_withdrawn_late: 'confirmations',
  helps_released: 'confirmations',
  villager_role_changed: 'confirmations',
  news: 'news',
  help_thanked: 'thanks',
  // A slot to take, like a new need: those who quieted new slots are not asked.
  help_replacement_asked: 'new_slots',
  // The first helper's own commitment, and one the organisers rely on.
  help_taken_over: 'confirmations',
  gaps: 'gaps',
  nudges: 'nudges',
};

/**
 * The deliveries their people still want by push (their switch for that kind on, the village not muted
 * where muting applies), read when the push is sent: the settings of every person of the job in one query,
 * their ids as one parameter (anyUuid), and the defaults made once for all who stored none.
 */
export async function wantedByPush(db: Executor, deliveries: Delivery[]): Promise<Delivery[]> {
  if (deliveries.length === 0) return deliveries;
  const rows = await db
    .select({ userId: notificationSettings.userId, settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(anyUuid(notificationSettings.userId, [...new Set(deliveries.map((d) => d.userId))]));
  const stored = new Map(rows.map((row) => [row.userId, mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, row.settings)]));
  const defaults = mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, undefined);
  return deliveries.filter((d) =>
    wantsNotification(stored.get(d.userId) ?? defaults, 'push', PUSH_NOTIFICATION_KIND[d.payload.kind], d.payload.village_id),
  );
}
