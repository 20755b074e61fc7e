import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationKind } from '../../../src/contract/notification-settings';

/**
 * In SQL, whether what a person stored (`settings`, a notification_settings.settings column, null when they stored
 * nothing) leaves an e-mail kind on, mutes aside: their boolean choice, else today's default, as
 * mergeNotificationSettings reads it. A necessary condition of wantsNotification, so a producer's query can leave
 * out at once the many who never asked for a kind off by default (the chat); the producer still asks
 * wantsNotification of every row it gets.
 */
export function mayWantMail(settings: SQL, kind: NotificationKind): SQL {
  const choice = sql`${settings} -> 'email' -> ${kind}`;
  return sql`coalesce(case when jsonb_typeof(${choice}) = 'boolean' then (${choice})::text::boolean end, ${DEFAULT_NOTIFICATION_SETTINGS.email[kind]})`;
}
