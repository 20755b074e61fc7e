import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { wantsNotification } from '../../../src/contract/notification-settings';
import type { Db } from '../../db/client';
import { mailJobs, messages, users, villagers, villages } from '../../db/schema';
import { readNotificationSettingsOf } from '../preferences';
import { queueMail } from '../queue';
import type { ScheduledMailProducer } from '../scheduled';
import { QUOTED_CHARS, type ChatDigestPayload } from './chat-digest-mail';
import { shortened, villagePlace, villageTitle } from './digest-village';

/** How long a member has been away from the village before its chat is mailed, and the least time between two digests. */
export const CHAT_AWAY_MS = 4 * 3600_000;
/**
 * How old a message may be and still be mailed. A digest goes at most 4 hours after the member's last visit or
 * the previous digest, so a message older than a day was either told or came while the person did not want
 * it; the bound also keeps each run on the villages written to lately.
 */
const CHAT_LOOKBACK_MS = 24 * 3600_000;
/** How many messages a digest quotes; it counts the others. */
export const CHAT_QUOTED = 10;
const STARTED = 3;

export const chatDigestKey = (villagerId: string, newestMessageId: string) => `chat:${villagerId}:${newestMessageId}`;

type Unread = {
  villagerId: string;
  villageId: string;
  userId: string;
  firstName: string;
  email: string;
  messageId: string;
  body: string;
  createdAt: Date;
  author: string | null;
  village: { firstName: string | null; name: string | null; timeZone: string };
};

/** Per villager, the last chat digest queued for them: when, and the instant of the newest message it told. */
async function previousDigests(db: Db, userIds: string[]) {
  const result = await db.execute(sql`
    select distinct on (split_part(${mailJobs.key}, ':', 2))
      split_part(${mailJobs.key}, ':', 2) as villager_id, ${mailJobs.createdAt} as queued_at, ${messages.createdAt} as newest_at
    from ${mailJobs}
    left join ${messages} on ${messages.id} = split_part(${mailJobs.key}, ':', 3)::uuid
    where ${mailJobs.kind} = 'chat_digest' and ${inArray(mailJobs.userId, userIds)}
    order by split_part(${mailJobs.key}, ':', 2), ${mailJobs.createdAt} desc`);
  const { rows } = result as unknown as { rows: Array<{ villager_id: string; queued_at: string | Date; newest_at: string | Date | null }> };
  return new Map(
    rows.map((row) => [row.villager_id, { queuedAt: new Date(row.queued_at), newestAt: row.newest_at === null ? null : new Date(row.newest_at) }]),
  );
}

/**
 * The chat digest (kind `chat`, off by e-mail unless asked for): a member who has not opened a village for 4
 * hours (their last visit on any device, `villagers.last_seen_at`, or their joining) gets one mail per village
 * with the messages of others since; at most one every 4 hours per member, and never again for messages a
 * digest already told. One query finds every unread message of every absent member, on the villages written
 * to in the last day.
 */
export const chatDigestProducer: ScheduledMailProducer = {
  name: 'chat_digest',
  async run(db, now) {
    const since = new Date(now.getTime() - CHAT_LOOKBACK_MS);
    const awayBefore = new Date(now.getTime() - CHAT_AWAY_MS);
    const seen = sql`coalesce(${villagers.lastSeenAt}, ${villagers.createdAt})`;
    const author = alias(villagers, 'author');
    const authorUser = alias(users, 'author_user');
    const rows: Unread[] = await db
      .select({
        villagerId: villagers.id,
        villageId: villagers.villageId,
        userId: users.id,
        firstName: users.firstName,
        email: users.email,
        messageId: messages.id,
        body: messages.body,
        createdAt: messages.createdAt,
        author: authorUser.firstName,
        village: { firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone },
      })
      .from(villages)
      .innerJoin(villagers, eq(villagers.villageId, villages.id))
      .innerJoin(users, eq(users.id, villagers.userId))
      .innerJoin(messages, and(eq(messages.villageId, villages.id), gte(messages.createdAt, since), gt(messages.createdAt, seen), ne(messages.villagerId, villagers.id)))
      .innerJoin(author, eq(author.id, messages.villagerId))
      .leftJoin(authorUser, eq(authorUser.id, author.userId))
      .where(
        and(
          // Every message touches its village: villages quiet for a day have nothing to tell.
          gte(villages.updatedAt, since),
          eq(villages.state, STARTED),
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          isNotNull(users.emailVerifiedAt),
          lte(seen, awayBefore),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id));
    if (rows.length === 0) return 0;

    const settings = await readNotificationSettingsOf(db, rows.map((row) => row.userId));
    const byVillager = new Map<string, Unread[]>();
    for (const row of rows) {
      if (!wantsNotification(settings.get(row.userId)!, 'email', 'chat', row.villageId)) continue;
      byVillager.set(row.villagerId, [...(byVillager.get(row.villagerId) ?? []), row]);
    }
    if (byVillager.size === 0) return 0;
    const previous = await previousDigests(db, [...new Set([...byVillager.values()].map((list) => list[0].userId))]);

    const mails: Array<{ first: Unread; key: string; payload: ChatDigestPayload }> = [];
    for (const [villagerId, unread] of byVillager) {
      const last = previous.get(villagerId);
      if (last && now.getTime() - last.queuedAt.getTime() < CHAT_AWAY_MS) continue;
      const untold = last?.newestAt ? unread.filter((m) => m.createdAt > last.newestAt!) : unread;
      if (untold.length === 0) continue;
      const first = untold[0];
      const newest = untold[untold.length - 1];
      mails.push({
        first,
        key: chatDigestKey(villagerId, newest.messageId),
        payload: {
          village_id: first.villageId,
          first_name: first.firstName,
          place: villagePlace(first.village),
          title: villageTitle(first.village),
          time_zone: first.village.timeZone,
          unread: untold.length,
          messages: untold.slice(-CHAT_QUOTED).map((m) => ({ author: m.author ?? 'Un membre', at: m.createdAt.toISOString(), text: shortened(m.body, QUOTED_CHARS) })),
        },
      });
    }
    if (mails.length === 0) return 0;
    return db.transaction(async (tx) => {
      let count = 0;
      for (const mail of mails) {
        const queued = await queueMail(tx, { kind: 'chat_digest', to: mail.first.email, userId: mail.first.userId, payload: mail.payload, now, key: mail.key });
        if (queued) count += 1;
      }
      return count;
    });
  },
};
