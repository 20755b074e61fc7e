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

/**
 * In SQL, wantsNotification itself for an e-mail kind about a village (not one of one's own commitments): the
 * choice or default of `mayWantMail`, and no mute of the village. For a producer that writes its mails with one
 * `INSERT … SELECT`, reading no member into JavaScript.
 */
export function wantsMailAbout(settings: SQL, kind: NotificationKind, villageId: SQL): SQL {
  const muted = sql`${settings} -> 'muted_village_ids'`;
  // jsonb_exists is the function behind the `?` operator (whether the array holds the string).
  return sql`(${mayWantMail(settings, kind)} and not coalesce(jsonb_typeof(${muted}) = 'array' and jsonb_exists(${muted}, lower(${villageId}::text)), false))`;
}

/** A member a producer's own SQL found, with what they stored of their settings (null: nothing, the defaults). */
export type StoredMember = { villagerId: string; villageId: string; userId: string; firstName: string; email: string; settings: unknown };

/** Such a member's columns as a raw query answers them. */
export type StoredMemberRow = {
  villager_id: string;
  village_id: string;
  user_id: string;
  first_name: string;
  email: string;
  settings: unknown;
};

export const storedMember = (row: StoredMemberRow): StoredMember => ({
  villagerId: row.villager_id,
  villageId: row.village_id,
  userId: row.user_id,
  firstName: row.first_name,
  email: row.email,
  settings: row.settings,
});
