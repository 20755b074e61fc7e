import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { amongVillages } from '../settled-mark';

const STARTED = 3;

/**
 * The people a new-slots digest may be due to, with the zone of their first village, whose digest of the day
 * (`days`: each zone's day, newSlotsKey's) is not queued yet: the active members with a verified address of
 * the open villages with needs offered to the circle added in [from, to). One query, its key lookup included,
 * so that the many minutes of a day after the digests went answer no row and end the run. With `only`, the
 * members of those villages alone (settled-mark.ts). In the order of their ids, after `share.after` and at most
 * `share.limit` of them: a run's share.
 */
export async function pendingNewSlots(
  db: Db,
  from: Date,
  to: Date,
  days: Map<string, string>,
  only: readonly string[] | null = null,
  share: { after: string | null; limit: number } = { after: null, limit: Number.MAX_SAFE_INTEGER },
): Promise<Map<string, string>> {
  const zones = JSON.stringify([...days].map(([zone, day]) => ({ zone, day })));
  const window = sql`n.created_at >= ${from.toISOString()}::timestamptz and n.created_at < ${to.toISOString()}::timestamptz`;
  // A full run's share is found walking the people in the order of their ids, each checked by a few index probes,
  // until the share is full: the people after it are not read (a share at 10,000 villages read all 100,000 first).
  // A narrowed run starts from its few villages instead.
  const result = await db.execute(
    only === null
      ? sql`
    with days as (select * from jsonb_to_recordset(${zones}::jsonb) as d(zone text, day text))
    select u.id as user_id, d.zone from ${users} u
    left join lateral (
      select v.time_zone from villagers vr join villages v on v.id = vr.village_id
      where vr.user_id = u.id and vr.is_out = false and vr.is_ban = false and v.state = ${STARTED} and v.closed_at is null
      order by vr.created_at, vr.id limit 1
    ) f on true
    join days d on d.zone = coalesce(f.time_zone, 'Europe/Paris')
    where u.email_verified_at is not null and ${share.after ? sql`u.id > ${share.after}::uuid` : sql`true`}
      and exists (
        select 1 from villagers vr join villages v on v.id = vr.village_id
        where vr.user_id = u.id and vr.is_out = false and vr.is_ban = false and v.state = ${STARTED} and v.closed_at is null
          and exists (select 1 from village_needs n where n.village_id = v.id and n.organisers_only = false and ${window}))
      and not exists (select 1 from mail_jobs j where j.key = 'new_slots:' || u.id || ':' || d.day)
    order by u.id
    limit ${share.limit}`
      : sql`
    with days as (select * from jsonb_to_recordset(${zones}::jsonb) as d(zone text, day text)),
    fresh as (
      select distinct n.village_id from village_needs n join villages v on v.id = n.village_id
      where ${window} and v.state = ${STARTED} and v.closed_at is null and n.organisers_only = false
        and ${amongVillages(sql`n.village_id`, only)}
    ),
    people as (
      select distinct vr.user_id from villagers vr join users u on u.id = vr.user_id
      where vr.village_id in (select village_id from fresh)
        and ${share.after ? sql`vr.user_id > ${share.after}::uuid` : sql`true`}
        and vr.is_out = false and vr.is_ban = false
        and u.email_verified_at is not null
    ),
    firsts as (
      select distinct on (vr.user_id) vr.user_id, v.time_zone from villagers vr join villages v on v.id = vr.village_id
      where vr.user_id in (select user_id from people) and vr.is_out = false and vr.is_ban = false
        and v.state = ${STARTED} and v.closed_at is null
      order by vr.user_id, vr.created_at, vr.id
    )
    select p.user_id, d.zone from people p
    left join firsts f on f.user_id = p.user_id
    join days d on d.zone = coalesce(f.time_zone, 'Europe/Paris')
    where not exists (select 1 from mail_jobs j where j.key = 'new_slots:' || p.user_id || ':' || d.day)
    order by p.user_id
    limit ${share.limit}`,
  );
  const { rows } = result as unknown as { rows: Array<{ user_id: string; zone: string }> };
  return new Map(rows.map((row) => [row.user_id, row.zone]));
}
