import * as v from 'valibot';
import { uuid } from './fields';
import { boundedArray } from './bounded-array';

/**
 * Each person's notification choices (GET and PUT /v1/users/me/notification_settings). Imported by path,
 * not from the contract's index: only the settings screen and the server's senders need it.
 */
export const NOTIFICATION_KINDS = [
  'confirmations',
  'reminders',
  'new_slots',
  'chat',
  'weekly_summary',
  'news',
  'thanks',
  'gaps',
  'nudges',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How many villages one may mute: far more than anyone belongs to, small enough to check in one query. */
export const MAX_MUTED_VILLAGES = 200;

const mutedTooMany = `Pas plus de ${MAX_MUTED_VILLAGES} villages en sourdine`;

const perKind = <S extends v.GenericSchema>(schema: S) =>
  v.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, schema])) as Record<NotificationKind, S>);

export const NotificationSettings = v.object({
  email: perKind(v.boolean()),
  push: perKind(v.boolean()),
  muted_village_ids: v.array(v.string()),
});
export type NotificationSettings = v.InferOutput<typeof NotificationSettings>;

/**
 * What a family expects before touching anything:
 * - confirmations and reminders by e-mail: the helpers who never installed the app (grandparents, a
 *   colleague on an iPhone) would otherwise learn nothing about the slot they took;
 * - new slots by e-mail: an open slot nobody hears of stays open, and it is one digest a day at most;
 * - chat by e-mail off: a conversation is lively and push already tells it where it is on; a mail per
 *   unread thread would be the first thing people unsubscribe from, so the digest is for those who ask;
 * - the weekly summary on: it only goes to organisers, who want the week's gaps before Monday;
 * - news by e-mail on: a post is rare and is what helpers wait for ("comment va-t-elle ?"), and several
 *   posts within an hour come as one mail;
 * - thanks on: a word of thanks for a help one gave is rare, personal, and what keeps helpers coming;
 * - gaps (the urgent slots, once a day at most) on for organisers, who must know of the evening nobody
 *   comes; for the other members off until they ask for it (`ORGANISER_DEFAULT_KINDS`);
 * - nudges on: once a month at most, to a member who has taken nothing for a month while slots are open;
 * - push on for everything: a device only gets pushes after its owner said yes to the browser, so that
 *   yes is already the choice; the switches are there to quiet one kind afterwards.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: {
    confirmations: true,
    reminders: true,
    new_slots: true,
    chat: false,
    weekly_summary: true,
    news: true,
    thanks: true,
    gaps: true,
    nudges: true,
  },
  push: {
    confirmations: true,
    reminders: true,
    new_slots: true,
    chat: true,
    weekly_summary: true,
    news: true,
    thanks: true,
    gaps: true,
    nudges: true,
  },
  muted_village_ids: [],
};

/**
 * Kinds whose default depends on one's role in the village: on where one organises, off elsewhere until one
 * turns it on. So what is stored names them only once chosen (`keepOnlyChosen`), and each village reads the
 * choice or its role's default (`wantsAsMember`).
 */
export const ORGANISER_DEFAULT_KINDS: readonly NotificationKind[] = ['gaps'];

/** The defaults as one's settings screen shows them: organisers of some village see `gaps` on, the others off. */
export function defaultNotificationSettings(organisesSomeVillage: boolean): NotificationSettings {
  if (organisesSomeVillage) return DEFAULT_NOTIFICATION_SETTINGS;
  const off = (channel: NotificationChannel) => ({
    ...DEFAULT_NOTIFICATION_SETTINGS[channel],
    ...Object.fromEntries(ORGANISER_DEFAULT_KINDS.map((kind) => [kind, false])),
  });
  return { ...DEFAULT_NOTIFICATION_SETTINGS, email: off('email'), push: off('push') };
}

/** The stored choice of one switch, or undefined when never chosen. */
export function storedChoice(stored: unknown, channel: NotificationChannel, kind: NotificationKind): boolean | undefined {
  const given = isRecord(stored) && isRecord(stored[channel]) ? stored[channel][kind] : undefined;
  return typeof given === 'boolean' ? given : undefined;
}

/**
 * What to store of merged settings: the role-dependent kinds only where chosen, now (`change`) or before
 * (`before`), so that someone who becomes an organiser later gets their role's default.
 */
export function keepOnlyChosen(merged: NotificationSettings, before: unknown, change: unknown): Record<string, unknown> {
  const channel = (name: NotificationChannel) =>
    Object.fromEntries(
      Object.entries(merged[name]).filter(
        ([kind]) =>
          !ORGANISER_DEFAULT_KINDS.includes(kind as NotificationKind) ||
          storedChoice(change, name, kind as NotificationKind) !== undefined ||
          storedChoice(before, name, kind as NotificationKind) !== undefined,
      ),
    );
  return { email: channel('email'), push: channel('push'), muted_village_ids: merged.muted_village_ids };
}

/**
 * Whether a member wants a role-dependent kind about one village from what they stored: their choice when
 * they made one, else on for its organisers and off for its other members (mute applies as for any kind).
 */
export function wantsAsMember(
  stored: unknown,
  channel: NotificationChannel,
  kind: NotificationKind,
  villageId: string,
  organiser: boolean,
): boolean {
  const settings = mergeNotificationSettings(defaultNotificationSettings(organiser), stored);
  return wantsNotification(settings, channel, kind, villageId);
}

/**
 * A change: only the switches it names move. `muted_village_ids`, when given, is the whole new list (a
 * set, so a repeated id counts once); ids are not checked against one's villages, so an answer never
 * tells whether a village exists.
 */
export const UpdateNotificationSettingsInput = v.strictObject({
  email: v.optional(perKind(v.optional(v.boolean()))),
  push: v.optional(perKind(v.optional(v.boolean()))),
  muted_village_ids: v.optional(
    v.pipe(
      boundedArray(uuid, MAX_MUTED_VILLAGES, mutedTooMany),
      v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    ),
  ),
});
export type UpdateNotificationSettingsInput = v.InferOutput<typeof UpdateNotificationSettingsInput>;

/**
 * Lays a change, or settings stored by an older version, over a base: only known kinds with boolean values
 * count, so a kind added later starts at its default and one removed is forgotten.
 */
export function mergeNotificationSettings(base: NotificationSettings, change: unknown): NotificationSettings {
  const from = isRecord(change) ? change : {};
  const channel = (name: NotificationChannel) => {
    const given = isRecord(from[name]) ? from[name] : {};
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, typeof given[kind] === 'boolean' ? given[kind] : base[name][kind]]),
    ) as Record<NotificationKind, boolean>;
  };
  const muted = from.muted_village_ids;
  return {
    email: channel('email'),
    push: channel('push'),
    muted_village_ids: Array.isArray(muted) ? muted.filter((id): id is string => typeof id === 'string') : [...base.muted_village_ids],
  };
}

/**
 * Muting a village quiets what it says to everyone (new slots, chat, the weekly summary), not what concerns
 * one's own commitments: the confirmation and the reminders of a slot one took, and the thanks for it, still come.
 */
const OWN_COMMITMENTS: readonly NotificationKind[] = ['confirmations', 'reminders', 'thanks'];

/** Whether this person wants this kind of notification on this channel, about this village when there is one. */
export function wantsNotification(
  settings: NotificationSettings,
  channel: NotificationChannel,
  kind: NotificationKind,
  villageId?: string | null,
): boolean {
  if (!settings[channel][kind]) return false;
  if (!villageId || OWN_COMMITMENTS.includes(kind)) return true;
  return !settings.muted_village_ids.includes(villageId.toLowerCase());
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
