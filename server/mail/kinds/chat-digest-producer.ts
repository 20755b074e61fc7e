import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { messages, users, villagers } from '../../db/schema';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { QUOTED_CHARS, type ChatDigestPayload } from './chat-digest-mail';
import { shortened, villagePlace, villageTitle } from './digest-village';
import { nextAbsence } from './chat-digest-absent';
import { chatDigestPart } from './chat-digest-part';
import { countOf, notifyQueued } from './set-based-queue';
import { runShare, wholeVillageParts } from './village-parts';
import { amongVillages, settledRun, type SettledRun } from '../settled-mark';

const STARTED = 3;

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

/** Members a part's transaction may mail at most (villages whole): about a tenth of a second of the database each. */
const DIGESTS_PER_TRANSACTION = 2_500;
/**
 * Members a run reads at most (villages whole), the rest the next minute: a run over 3,000 villages written to
 * (60,000 members) took 4.2 s on PGlite (bench:digests), every one of those seconds a minute's tick of this instance.
 */
export const CHAT_MEMBERS_PER_RUN = 15_000;

/**
 * The open villages written to since `since` with a message since then, after `resumeAfter` in the order of their
 * ids, and how many members each has (the parts' weights).
 */
async function villagesWithNews(db: Db, since: Date, only: readonly string[] | null, resumeAfter: string | null) {
  const result = await db.execute(sql`
    select v.id, v.first_name, v.name, v.time_zone, (select count(*) from villagers vr where vr.village_id = v.id)::int as members
    from villages v
    where v.updated_at >= ${since.toISOString()}::timestamptz and v.state = ${STARTED} and v.closed_at is null
      and ${amongVillages(sql`v.id`, only)}
      and ${resumeAfter ? sql`v.id > ${resumeAfter}::uuid` : sql`true`}
      and exists (select 1 from messages m where m.village_id = v.id and m.created_at >= ${since.toISOString()}::timestamptz)
    order by v.id`);
  const { rows } = result as unknown as {
    rows: Array<{ id: string; first_name: string | null; name: string | null; time_zone: string; members: number }>;
  };
  return rows.map((row) => ({
    villageId: row.id,
    village: { firstName: row.first_name, name: row.name, timeZone: row.time_zone },
    members: Number(row.members),
  }));
}

/** The messages of these villages in [since, now], each as a digest quotes it, by id. */
async function quotedMessages(db: Db, villageIds: string[], since: Date, now: Date) {
  const author = alias(villagers, 'author');
  const authorUser = alias(users, 'author_user');
  const rows = await db
    .select({ id: messages.id, author: authorUser.firstName, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(author, eq(author.id, messages.villagerId))
    .leftJoin(authorUser, eq(authorUser.id, author.userId))
    .where(and(inArray(messages.villageId, villageIds), gte(messages.createdAt, since), lte(messages.createdAt, now)));
  const quoted: Record<string, ChatDigestPayload['messages'][number]> = {};
  for (const m of rows)
    quoted[m.id] = { author: m.author ?? 'Un membre', at: m.createdAt.toISOString(), text: shortened(m.body, QUOTED_CHARS) };
  return quoted;
}

/**
 * The chat digest (kind `chat`, off by e-mail unless asked for): a member who has not opened a village for 4
 * hours (their last visit on any device, `villagers.last_seen_at`, or their joining) gets one mail per village
 * with the messages of others since; at most one every 4 hours per member, and never again for messages a
 * digest already told. The villages written to in the last day are taken in parts of whole villages; each
 * part's messages are quoted once in JavaScript, and its members found, and their digests written, by one
 * statement (chat-digest-part.ts): no member is read into JavaScript.
 */
export const chatDigestProducer: ScheduledMailProducer = {
  name: 'chat_digest',
  // Settled until a write, or until the clock makes someone away long enough or ends someone's 4 hours between digests.
  run: (db, now, perRun = CHAT_MEMBERS_PER_RUN) =>
    settledRun(db, 'chat_digest', now, '', (only, resumeAfter) => queueChatDigests(db, now, only, perRun, resumeAfter), {
      narrows: true,
    }),
};

/**
 * The run itself: the digests due at `now`, and when the clock alone makes the next one due; with
 * `only`, in those villages alone (settled-mark.ts); a share of about `perRun` members, whole villages in the
 * order of their ids from `resumeAfter` on. A member's digest depends on the digests before it, not on which
 * run queued them, so the share leaves nothing out: what a run leaves, the next minute's takes over.
 */
async function queueChatDigests(
  db: Db,
  now: Date,
  only: readonly string[] | null,
  perRun: number,
  resumeAfter: string | null,
): Promise<SettledRun> {
  const since = new Date(now.getTime() - CHAT_LOOKBACK_MS);
  const awayBefore = new Date(now.getTime() - CHAT_AWAY_MS);
  const absentSince = await nextAbsence(db, since, awayBefore, only);
  let wake = absentSince ? absentSince.getTime() + CHAT_AWAY_MS : Infinity;
  let queued = 0;
  const { share, left } = runShare(await villagesWithNews(db, since, only, resumeAfter), perRun, (v) => v.members);
  for (const part of wholeVillageParts(share, DIGESTS_PER_TRANSACTION, (v) => v.members)) {
    const quoted = await quotedMessages(
      db,
      part.map((v) => v.villageId),
      since,
      now,
    );
    const villages = part.map(({ villageId, village }) => ({
      villageId,
      base: { village_id: villageId, place: villagePlace(village), title: villageTitle(village), time_zone: village.timeZone },
    }));
    const { count, heldSince } = await db.transaction(async (tx) => {
      const result = await tx.execute(chatDigestPart({ villages, quoted }, { since, awayBefore, now }, CHAT_QUOTED));
      const [row] = (result as unknown as { rows: Array<{ held_since: string | Date | null }> }).rows;
      const n = countOf(result);
      await notifyQueued(tx, n);
      return { count: n, heldSince: row?.held_since ? new Date(row.held_since) : null };
    });
    queued += count;
    if (heldSince) wake = Math.min(wake, heldSince.getTime() + CHAT_AWAY_MS);
  }
  // A run that left villages wakes the next minute; the last one of such a sequence knows only its own share's held
  // members, so another may be due up to the full run's recheck late (SETTLED_RECHECK_MS).
  if (left) return { queued, wakeAt: now, resumeAfter: share.at(-1)!.villageId };
  return { queued, wakeAt: Number.isFinite(wake) ? new Date(wake) : null };
}
