import { sql } from 'drizzle-orm';
import { amongVillages } from '../settled-mark';
import type { Db } from '../../db/client';
import { mayWantMail, storedMember, type StoredMember, type StoredMemberRow } from './stored-wish';

const STARTED = 3;

/** A member with unread messages of others not told yet: who, where, since when, and the newest of those messages. */
export type Absent = StoredMember & {
  seen: Date;
  newestId: string;
  village: { firstName: string | null; name: string | null; timeZone: string };
};

type Row = StoredMemberRow & {
  seen: string | Date;
  newest_id: string;
  village_first_name: string | null;
  village_name: string | null;
  time_zone: string;
};

/**
 * The members away since `awayBefore` with messages of others since their visit (and since `since`), whose
 * digest of the newest such message is not queued yet. The newest message of others is, for each member, the
 * village's newest message unless they wrote it, then the newest one by someone else: two index probes per
 * village written to in the day (messages_village_created_idx), never a join of every member with every message.
 * The key lookup and the chat's setting (off unless asked for) are the query's own, so a minute with nothing
 * new answers no row.
 */
export async function absentMembers(db: Db, since: Date, awayBefore: Date, only: readonly string[] | null = null): Promise<Absent[]> {
  const from = since.toISOString();
  const result = await db.execute(sql`
    with newest as (
      select v.id as village_id, v.first_name, v.name, v.time_zone,
        last.id as last_id, last.villager_id as last_author, last.created_at as last_at,
        other.id as other_id, other.created_at as other_at
      from villages v
      cross join lateral (
        select m.id, m.villager_id, m.created_at from messages m
        where m.village_id = v.id and m.created_at >= ${from}::timestamptz
        order by m.created_at desc, m.id desc limit 1
      ) last
      left join lateral (
        select m.id, m.created_at from messages m
        where m.village_id = v.id and m.created_at >= ${from}::timestamptz and m.villager_id <> last.villager_id
        order by m.created_at desc, m.id desc limit 1
      ) other on true
      -- Every message touches its village: villages quiet for a day have nothing to tell.
      where v.updated_at >= ${from}::timestamptz and v.state = ${STARTED} and v.closed_at is null and ${amongVillages(sql`v.id`, only)}
    ),
    absent as (
      select vr.id as villager_id, n.village_id, u.id as user_id, u.first_name, u.email,
        coalesce(vr.last_seen_at, vr.created_at) as seen, ns.settings,
        case when vr.id = n.last_author then n.other_id else n.last_id end as newest_id,
        case when vr.id = n.last_author then n.other_at else n.last_at end as newest_at,
        n.first_name as village_first_name, n.name as village_name, n.time_zone
      from newest n
      join villagers vr on vr.village_id = n.village_id
      join users u on u.id = vr.user_id
      left join notification_settings ns on ns.user_id = u.id
      where vr.is_out = false and vr.is_ban = false and u.email_verified_at is not null
        and ${mayWantMail(sql`ns.settings`, 'chat')}
        and coalesce(vr.last_seen_at, vr.created_at) <= ${awayBefore.toISOString()}::timestamptz
    )
    select * from absent a
    where a.newest_at > a.seen
      and not exists (select 1 from mail_jobs j where j.key = 'chat:' || a.villager_id || ':' || a.newest_id)`);
  const { rows } = result as unknown as { rows: Row[] };
  return rows.map((row) => ({
    ...storedMember(row),
    seen: new Date(row.seen),
    newestId: String(row.newest_id),
    village: { firstName: row.village_first_name, name: row.village_name, timeZone: row.time_zone },
  }));
}

/**
 * The earliest visit, after `awayBefore`, of a member who may want the chat and has messages of others since,
 * in the open villages written to since `since`: the clock makes their digest due once they have been away
 * long enough, with no write to tell the producer so (settled-mark.ts' `wakeAt`). Null when there is none.
 */
export async function nextAbsence(db: Db, since: Date, awayBefore: Date, only: readonly string[] | null = null): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(coalesce(vr.last_seen_at, vr.created_at)) as seen
    from villages v
    join villagers vr on vr.village_id = v.id
    join users u on u.id = vr.user_id
    left join notification_settings ns on ns.user_id = u.id
    where v.updated_at >= ${since.toISOString()}::timestamptz and v.state = ${STARTED} and v.closed_at is null
      and ${amongVillages(sql`v.id`, only)}
      and vr.is_out = false and vr.is_ban = false and u.email_verified_at is not null
      and ${mayWantMail(sql`ns.settings`, 'chat')}
      and coalesce(vr.last_seen_at, vr.created_at) > ${awayBefore.toISOString()}::timestamptz
      and exists (
        select 1 from messages m
        where m.village_id = v.id and m.created_at > coalesce(vr.last_seen_at, vr.created_at) and m.villager_id <> vr.id
      )`);
  const [row] = (result as unknown as { rows: Array<{ seen: string | Date | null }> }).rows;
  return row?.seen ? new Date(row.seen) : null;
}
