import { sql } from 'drizzle-orm';
import { mailJobs, messages, notificationSettings, users, villagers } from '../../db/schema';
import { amongVillages } from '../settled-mark';
import type { ChatDigestPayload } from './chat-digest-mail';
import { sqlUuidV7 } from './set-based-queue';
import { wantsMailAbout } from './stored-wish';

/** What a part of a chat digest run knows of its villages and their messages, made once in JavaScript. */
export type ChatPart = {
  /** Each village's payload but for its member's part (first name, unread count, messages). */
  villages: ReadonlyArray<{ villageId: string; base: Omit<ChatDigestPayload, 'first_name' | 'unread' | 'messages'> }>;
  /** Every message of those villages in the window, by id, as a digest quotes it. */
  quoted: Readonly<Record<string, ChatDigestPayload['messages'][number]>>;
};

/**
 * One part's chat digests in one statement: each member of its villages away since `awayBefore` who wants the
 * chat by mail from that village and whose last digest (read from its key, `chat:<villager>:<newest message>`)
 * is 4 hours old or none, with messages of others since their visit, since `since` and newer than the last
 * digest told, gets one mail quoting the newest `quotedCount` of them, keyed by the newest (a key already queued
 * is dropped). Answers how many were queued and the earliest last digest that held back a member with messages
 * still untold (the clock makes theirs due 4 hours after it).
 */
export function chatDigestPart(part: ChatPart, times: { since: Date; awayBefore: Date; now: Date }, quotedCount: number) {
  const since = times.since.toISOString();
  const awayBefore = times.awayBefore.toISOString();
  const at = times.now.toISOString();
  const villages = JSON.stringify(part.villages.map((v) => ({ village_id: v.villageId, base: v.base })));
  const untoldBy = (t: string) => sql`
    m.village_id = ${sql.raw(t)}.village_id and m.created_at >= ${since}::timestamptz and m.created_at <= ${at}::timestamptz
    and m.villager_id <> ${sql.raw(t)}.villager_id and m.created_at > ${sql.raw(t)}.seen
    and (${sql.raw(t)}.told_at is null or m.created_at > ${sql.raw(t)}.told_at)`;
  return sql`
    with part as (select * from jsonb_to_recordset(${villages}::jsonb) as p(village_id uuid, base jsonb)),
    quoted as (select ${JSON.stringify(part.quoted)}::jsonb as map),
    told as (
      select vr.id as villager_id, vr.village_id, u.id as user_id, u.first_name, u.email, p.base,
        coalesce(vr.last_seen_at, vr.created_at) as seen, prev.queued_at, prev.told_at
      from part p
      join ${villagers} vr on vr.village_id = p.village_id
      join ${users} u on u.id = vr.user_id
      left join ${notificationSettings} ns on ns.user_id = u.id
      left join lateral (
        select j.created_at as queued_at, tm.created_at as told_at from ${mailJobs} j
        left join ${messages} tm on tm.id = split_part(j.key, ':', 3)::uuid
        where j.user_id = u.id and j.kind = 'chat_digest' and split_part(j.key, ':', 2) = vr.id::text
        order by j.created_at desc limit 1
      ) prev on true
      where ${amongVillages(
        sql`vr.village_id`,
        part.villages.map((v) => v.villageId),
      )}
        and vr.is_out = false and vr.is_ban = false and u.email_verified_at is not null
        and ${wantsMailAbout(sql`ns.settings`, 'chat', sql`vr.village_id`)}
        and coalesce(vr.last_seen_at, vr.created_at) <= ${awayBefore}::timestamptz
    ),
    -- Per member, one probe of the village's messages: the newest untold ones, and how many there are in all.
    digests as (
      select t.villager_id, t.user_id, t.email, t.first_name, t.base, x.unread, x.newest_id, x.quoted
      from told t
      cross join lateral (
        select max(s.unread) as unread, (array_agg(s.id order by s.created_at desc, s.id desc))[1] as newest_id,
          jsonb_agg((select map from quoted) -> s.id::text order by s.created_at, s.id) as quoted
        from (
          select m.id, m.created_at, count(*) over () as unread from ${messages} m
          where ${untoldBy('t')}
          order by m.created_at desc, m.id desc limit ${quotedCount}
        ) s
      ) x
      where (t.queued_at is null or t.queued_at <= ${awayBefore}::timestamptz) and x.newest_id is not null
    ),
    mailed as (
      insert into ${mailJobs} (id, kind, to_address, user_id, payload, due_at, key, created_at)
      select ${sqlUuidV7}, 'chat_digest', d.email, d.user_id,
        d.base || jsonb_build_object('first_name', d.first_name, 'unread', d.unread, 'messages', d.quoted),
        ${at}::timestamptz, 'chat:' || d.villager_id || ':' || d.newest_id, ${at}::timestamptz
      from digests d
      on conflict (key) do nothing
      returning 1
    )
    select (select count(*) from mailed) as queued,
      (select min(t.queued_at) from told t
        where t.queued_at > ${awayBefore}::timestamptz and exists (select 1 from ${messages} m where ${untoldBy('t')})) as held_since`;
}
