import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { mailJobs, messages, users, villagers } from '../../db/schema';
import { wantsMailBy } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { sliced } from './let-requests-in';
import { QUOTED_CHARS, type ChatDigestPayload } from './chat-digest-mail';
import { shortened, villagePlace, villageTitle } from './digest-village';
import { absentMembers, nextAbsence, type Absent } from './chat-digest-absent';
import { settledRun, type SettledRun } from '../settled-mark';
import { push } from './open-slots';

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

export const chatDigestKey = (villagerId: string, newestMessageId: string) => `chat:${villagerId}:${newestMessageId}`;

type Quoted = ChatDigestPayload['messages'][number];
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
 * digest already told. One query finds every absent member with unread messages not told yet (on the open
 * villages written to in the last day) and the newest of them (chat-digest-absent.ts); the messages are read
 * only for the digests to make, once, grouped by village.
 */
export const chatDigestProducer: ScheduledMailProducer = {
  name: 'chat_digest',
  // Settled until a write, or until the clock makes someone away long enough or ends someone's 4 hours between digests.
  run: (db, now) => settledRun(db, 'chat_digest', now, '', (only) => queueChatDigests(db, now, only), { narrows: true }),
};

/**
 * The run itself: the digests due at `now`, and when the clock alone makes the next one due; with
 * `only`, in those villages alone (settled-mark.ts).
 */
async function queueChatDigests(db: Db, now: Date, only: readonly string[] | null): Promise<SettledRun> {
  const since = new Date(now.getTime() - CHAT_LOOKBACK_MS);
  const awayBefore = new Date(now.getTime() - CHAT_AWAY_MS);
  const absentSince = await nextAbsence(db, since, awayBefore, only);
  let wake = absentSince ? absentSince.getTime() + CHAT_AWAY_MS : Infinity;
  const settled = (queued: number): SettledRun => ({ queued, wakeAt: Number.isFinite(wake) ? new Date(wake) : null });
  const absent = await absentMembers(db, since, awayBefore, only);
  if (absent.length === 0) return settled(0);
  const untoldOnes = absent.filter((row) => wantsMailBy(row.settings, 'chat', row.villageId));
  if (untoldOnes.length === 0) return settled(0);
  const previous = await previousDigests(db, [...new Set(untoldOnes.map((row) => row.userId))]);
  const due = untoldOnes.filter((row) => {
    const last = previous.get(row.villagerId);
    if (!last || now.getTime() - last.queuedAt.getTime() >= CHAT_AWAY_MS) return true;
    wake = Math.min(wake, last.queuedAt.getTime() + CHAT_AWAY_MS);
    return false;
  });
  if (due.length === 0) return settled(0);

  const author = alias(villagers, 'author');
  const authorUser = alias(users, 'author_user');
  const rows: Message[] = await db
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
  // Grouped once, each quoted once: each member then reads only their village's messages, never every village's.
  const recent = new Map<string, Array<Message & { quoted: Quoted }>>();
  for (const m of rows)
    push(recent, m.villageId, {
      ...m,
      quoted: { author: m.author ?? 'Un membre', at: m.createdAt.toISOString(), text: shortened(m.body, QUOTED_CHARS) },
    });

  const mails: Array<{ member: Absent; key: string; payload: ChatDigestPayload }> = [];
  const turn = sliced();
  for (const member of due) {
    await turn();
    const told = previous.get(member.villagerId)?.newestAt;
    const untold = (recent.get(member.villageId) ?? []).filter(
      (m) => m.authorId !== member.villagerId && m.createdAt > member.seen && (!told || m.createdAt > told),
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
        messages: untold.slice(-CHAT_QUOTED).map((m) => m.quoted),
      },
    });
  }
  return settled(
    await queueDigests(
      db,
      'chat_digest',
      now,
      mails.map((mail) => ({ to: mail.member.email, userId: mail.member.userId, key: mail.key, payload: mail.payload })),
    ),
  );
}
