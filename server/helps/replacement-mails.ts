import { and, eq, isNotNull } from 'drizzle-orm';
import type { NotificationKind } from '../../src/contract/notification-settings';
import type { Executor } from '../db/client';
import { helps, notificationSettings, users, villagers } from '../db/schema';
import type { VillageRow } from '../membership';
import { villageName } from '../mail/kinds/help-event';
import type { ReplacementMailPayload } from '../mail/kinds/replacement-mails';
import { wantsMailBy } from '../mail/preferences';
import { queueMail } from '../mail/queue';
import { isActive, isManager } from '../policy';

type HelpRow = typeof helps.$inferSelect;
interface Told {
  village: VillageRow;
  help: HelpRow;
  needName: string;
  now: Date;
}

/** The village's members who can get a mail: still in, with a verified address, with their choices. */
async function mailableMembers(tx: Executor, villageId: string) {
  return tx
    .select({ villager: villagers, email: users.email, firstName: users.firstName, settings: notificationSettings.settings })
    .from(villagers)
    .innerJoin(users, eq(users.id, villagers.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(eq(villagers.villageId, villageId), eq(villagers.isOut, false), eq(villagers.isBan, false), isNotNull(users.emailVerifiedAt)),
    );
}
type Mailable = Awaited<ReturnType<typeof mailableMembers>>[number];

const payloadFor = (t: Told, reader: Mailable, askerName: string): ReplacementMailPayload => ({
  village_id: t.village.id,
  village_name: villageName(t.village),
  need_id: t.help.villageNeedId,
  need_name: t.needName,
  first_name: reader.firstName,
  asker_name: askerName,
  is_asker: false,
  start_date: t.help.startDate.toISOString(),
  end_date: t.help.endDate?.toISOString() ?? null,
  time_zone: t.village.timeZone,
});

/** Queues one mail per reader who wants this kind, in the write's transaction, each under its key. */
async function queueFor(
  tx: Executor,
  t: Told,
  readers: Mailable[],
  kind: 'replacement_asked' | 'replacement_taken',
  wanted: NotificationKind,
  payload: (reader: Mailable) => ReplacementMailPayload,
  key: (reader: Mailable) => string,
) {
  for (const reader of readers) {
    if (!wantsMailBy(reader.settings, wanted, t.village.id)) continue;
    await queueMail(tx, { kind, to: reader.email, userId: reader.villager.userId, payload: payload(reader), now: t.now, key: key(reader) });
  }
}

/**
 * « Bruno cherche quelqu’un » to every other member, as new slots are told (`new_slots`: a slot to take).
 * `replacement_asked:{helpId}:{askedAt}:{userId}`: once per request, a request taken back and asked again is new.
 */
export async function tellReplacementAsked(tx: Executor, t: Told & { askerName: string }) {
  const readers = (await mailableMembers(tx, t.village.id)).filter((r) => r.villager.id !== t.help.helperId);
  const askedAt = t.help.replacementAskedAt?.toISOString() ?? t.now.toISOString();
  await queueFor(
    tx,
    t,
    readers,
    'replacement_asked',
    'new_slots',
    (r) => payloadFor(t, r, t.askerName),
    (r) => `replacement_asked:${t.help.id}:${askedAt}:${r.villager.userId}`,
  );
}

/**
 * Someone took the slot over: told to whom asked (their own commitment, `confirmations`) and to the
 * organisers, not to the taker, who has the slot's confirmation. `replacement_taken:{oldHelpId}:{userId}`.
 */
export async function tellTakenOver(tx: Executor, t: Told & { askerId: string; askerName: string; takerName: string }) {
  const readers = (await mailableMembers(tx, t.village.id)).filter(
    (r) => r.villager.id !== t.help.helperId && (r.villager.id === t.askerId ? isActive(r.villager) : isManager(r.villager)),
  );
  await queueFor(
    tx,
    t,
    readers,
    'replacement_taken',
    'confirmations',
    (r) => ({ ...payloadFor(t, r, t.askerName), taker_name: t.takerName, is_asker: r.villager.id === t.askerId }),
    (r) => `replacement_taken:${t.help.takenOverFrom}:${r.villager.userId}`,
  );
}
