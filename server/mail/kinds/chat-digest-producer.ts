import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { wantsNotification } from '../../../src/contract/notification-settings';
import type { Db } from '../../db/client';
import { mailJobs, messages, users, villagers, villages } from '../../db/schema';
import { readNotificationSettingsOf } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { QUOTED_CHARS, type ChatDigestPayload } from './chat-digest-mail';
import { shortened, villagePlace, villageTitle } from './digest-village';
import { notClosed } from '../../villages/closed';

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

/** A member with unread messages of others: who, where, since when, and the newest of those messages. */
type Absent = {
  villagerId: string;
  villageId: string;
  userId: string;
  firstName: string;
  email: string;
  seen: Date;
  newestId: string;
  village: { firstName: string | null; name: string | null; timeZone: string };
};

type Message = { id: string; villageId: string; authorId: string; author: string | null; body: string; createdAt: Date };

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
    rows.map((row) => [
      row.villager_id,
      { queuedAt: new Date(row.queued_at), newestAt: row.newest_at === null ? null : new Date(row.newest_at) },
    ]),
  );
}

/**
 * The chat digest (kind `chat`, off by e-mail unless asked for): a member who has not opened a village for 4
 * hours (their last visit on any device, `villagers.last_seen_at`, or their joining) gets one mail per village
 * with the messages of others since; at most one every 4 hours per member, and never again for messages a
 * digest already told. One grouped query finds every absent member with unread messages (on the villages
 * written to in the last day) and the newest of them; the messages are read only for the digests to make.
 */
export const chatDigestProducer: ScheduledMailProducer = {
  name: 'chat_digest',
  async run(db, now) {
    const since = new Date(now.getTime() - CHAT_LOOKBACK_MS);
    const awayBefore = new Date(now.getTime() - CHAT_AWAY_MS);
    const seen = sql`coalesce(${villagers.lastSeenAt}, ${villagers.createdAt})`;
    // One row per absent member with unread messages, naming the newest: its digest's key. Most minutes every
    // such key is already queued, and the run ends after this query and the key lookup.
    const absent = await db
      .select({
        villagerId: villagers.id,
        villageId: villagers.villageId,
        userId: users.id,
        firstName: users.firstName,
        email: users.email,
        lastSeenAt: villagers.lastSeenAt,
        joinedAt: villagers.createdAt,
        newestId: sql<string>`(array_agg(${messages.id} order by ${messages.createdAt} desc, ${messages.id} desc))[1]`,
        village: { firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone },
      })
      .from(villages)
      .innerJoin(villagers, eq(villagers.villageId, villages.id))
      .innerJoin(users, eq(users.id, villagers.userId))
      .innerJoin(
        messages,
        and(
          eq(messages.villageId, villages.id),
          gte(messages.createdAt, since),
          gt(messages.createdAt, seen),
          ne(messages.villagerId, villagers.id),
        ),
      )
      .where(
        and(
          // Every message touches its village: villages quiet for a day have nothing to tell.
          gte(villages.updatedAt, since),
          eq(villages.state, STARTED),
          notClosed(),
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          isNotNull(users.emailVerifiedAt),
          lte(seen, awayBefore),
        ),
      )
      .groupBy(villagers.id, users.id, villages.id);
    if (absent.length === 0) return 0;

    const settings = await readNotificationSettingsOf(
      db,
      absent.map((row) => row.userId),
    );
    const wanting = absent.filter((row) => wantsNotification(settings.get(row.userId)!, 'email', 'chat', row.villageId));
    if (wanting.length === 0) return 0;
    const keys = wanting.map((row) => chatDigestKey(row.villagerId, String(row.newestId)));
    const queued = new Set(
      (await db.select({ key: mailJobs.key }).from(mailJobs).where(inArray(mailJobs.key, keys))).map((row) => row.key),
    );
    const untoldOnes: Absent[] = wanting
      .filter((row) => !queued.has(chatDigestKey(row.villagerId, String(row.newestId))))
      .map((row) => ({ ...row, newestId: String(row.newestId), seen: row.lastSeenAt ?? row.joinedAt }));
    if (untoldOnes.length === 0) return 0;
    const previous = await previousDigests(db, [...new Set(untoldOnes.map((row) => row.userId))]);
    const due = untoldOnes.filter((row) => {
      const last = previous.get(row.villagerId);
      return !last || now.getTime() - last.queuedAt.getTime() >= CHAT_AWAY_MS;
    });
    if (due.length === 0) return 0;

    const author = alias(villagers, 'author');
    const authorUser = alias(users, 'author_user');
    const recent: Message[] = await db
      .select({
        id: messages.id,
        villageId: messages.villageId,
        authorId: messages.villagerId,
        author: authorUser.firstName,
        body: messages.body,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(author, eq(author.id, messages.villagerId))
      .leftJoin(authorUser, eq(authorUser.id, author.userId))
      .where(
        and(
          inArray(messages.villageId, [...new Set(due.map((row) => row.villageId))]),
          gte(messages.createdAt, since),
          lte(messages.createdAt, now),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id));

    const mails: Array<{ member: Absent; key: string; payload: ChatDigestPayload }> = [];
    for (const member of due) {
      const told = previous.get(member.villagerId)?.newestAt;
      const untold = recent.filter(
        (m) =>
          m.villageId === member.villageId &&
          m.authorId !== member.villagerId &&
          m.createdAt > member.seen &&
          (!told || m.createdAt > told),
      );
      if (untold.length === 0) continue;
      const newest = untold[untold.length - 1];
      mails.push({
        member,
        key: chatDigestKey(member.villagerId, newest.id),
        payload: {
          village_id: member.villageId,
          first_name: member.firstName,
          place: villagePlace(member.village),
          title: villageTitle(member.village),
          time_zone: member.village.timeZone,
          unread: untold.length,
          messages: untold
            .slice(-CHAT_QUOTED)
            .map((m) => ({ author: m.author ?? 'Un membre', at: m.createdAt.toISOString(), text: shortened(m.body, QUOTED_CHARS) })),
        },
      });
    }
    return queueDigests(
      db,
      'chat_digest',
      now,
      mails.map((mail) => ({ to: mail.member.email, userId: mail.member.userId, key: mail.key, payload: mail.payload })),
    );
  },
};
