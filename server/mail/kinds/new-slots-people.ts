import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailJobs, newSlotsVillages, notificationSettings, users, villagers, villages } from '../../db/schema';
import { countOf, notifyQueued, sqlUuidV7 } from './set-based-queue';
import { wantsMailAbout } from './stored-wish';

const STARTED = 3;
/** People per statement (a transaction each): about a tenth of a second of the database each, on PGlite. */
const PEOPLE_PER_STATEMENT = 2_000;

/** A zone's digest: its day (the key's) and the window of new needs it covers. */
export type ZoneDigest = { zone: string; day: string; from: Date; to: Date };

/**
 * The second half of a run of the new-slots digest: each of these people (with the zone of their first village)
 * gets one mail covering their villages, put together by the database from the villages' stored tellings
 * (new-slots-villages.ts) for the `period`: in each village where they are an active member and want the kind by
 * mail, the needs others added in their zone's window; nothing to tell, no mail. A person with a village whose
 * telling is not up to date gets nothing now: the next full run finds them still due. Keyed per person and
 * day (a key already queued is dropped). Answers how many were queued.
 */
export async function queueNewSlotsPeople(
  db: Db,
  now: Date,
  {
    people,
    zones,
    period,
    weeks,
  }: { people: ReadonlyArray<{ userId: string; zone: string }>; zones: readonly ZoneDigest[]; period: string; weeks: number },
): Promise<number> {
  let queued = 0;
  const zoneRows = JSON.stringify(zones.map((z) => ({ zone: z.zone, day: z.day, from: z.from.toISOString(), to: z.to.toISOString() })));
  for (let i = 0; i < people.length; i += PEOPLE_PER_STATEMENT) {
    const part = JSON.stringify(people.slice(i, i + PEOPLE_PER_STATEMENT).map((p) => ({ user_id: p.userId, zone: p.zone })));
    queued += await db.transaction(async (tx) => {
      const count = countOf(await tx.execute(digestsOf({ people: part, zones: zoneRows, period, weeks }, now)));
      await notifyQueued(tx, count);
      return count;
    });
  }
  return queued;
}

function digestsOf({ people, zones, period, weeks }: { people: string; zones: string; period: string; weeks: number }, now: Date) {
  const at = now.toISOString();
  // The needs of a village's telling (s) that one member (vr) is told of, in their zone's window (z).
  const needsFor = (scheduled: boolean) => sql`
    from jsonb_array_elements(s.needs) with ordinality as x(need, i)
    where ${scheduled ? sql`` : sql`not`} jsonb_exists(x.need, 'open_slots')
      and (x.need ->> 'author') is distinct from vr.id::text
      and (x.need ->> 'created_at')::timestamptz >= z."from" and (x.need ->> 'created_at')::timestamptz < z."to"`;
  // Per person, their villages put together where they are (no sort of every membership of the part).
  return sql`
    with people as (select * from jsonb_to_recordset(${people}::jsonb) as p(user_id uuid, zone text)),
    zones as (select * from jsonb_to_recordset(${zones}::jsonb) as z(zone text, day text, "from" timestamptz, "to" timestamptz)),
    digests as (
      select u.id as user_id, u.email, u.first_name, z.day, d.villages
      from people p
      join zones z on z.zone = p.zone
      join ${users} u on u.id = p.user_id and u.email_verified_at is not null
      left join ${notificationSettings} ns on ns.user_id = p.user_id
      cross join lateral (
        select jsonb_agg(t.told order by vr.created_at, vr.id) filter (where t.told is not null) as villages,
          -- A village with new needs in their window whose telling is missing or older than its last write (one written
          -- to since the run's first half read it): they are left to a later run, after it is told again.
          bool_or(case when s.village_id is null then exists (
            select 1 from village_needs n where n.village_id = v.id and n.organisers_only = false
              and n.created_at >= z."from" and n.created_at < z."to") else false end) as waiting
        from ${villagers} vr
        join ${villages} v on v.id = vr.village_id and v.state = ${STARTED} and v.closed_at is null
        left join ${newSlotsVillages} s on s.village_id = v.id and s.period = ${period} and s.revision = v.revision
        cross join lateral (
          -- Most members are told the whole village, made once; one who added a need, or whose window holds only
          -- some, is told their own part.
          select case
            when s.village_id is null or not ${wantsMailAbout(sql`ns.settings`, 'new_slots', sql`vr.village_id`)} then null
            when not jsonb_exists(s.authors, vr.id::text) and s.oldest >= z."from" and s.newest < z."to" then s.whole
            else (
              select case when jsonb_array_length(own.scheduled) > 0 or jsonb_array_length(own.undated) > 0
                then s.base || jsonb_build_object('scheduled', own.scheduled, 'undated', own.undated) end
              from (
                select
                  (select coalesce(jsonb_agg(jsonb_build_object('name', x.need -> 'name', 'open_slots', x.need -> 'open_slots',
                    'first_start', x.need -> 'first_start') order by x.i), '[]'::jsonb) ${needsFor(true)}) as scheduled,
                  (select coalesce(jsonb_agg(x.need -> 'name' order by x.i), '[]'::jsonb) ${needsFor(false)}) as undated
              ) own)
            end as told
          -- Made once per membership: inlined, it was made again for every use.
          offset 0
        ) t
        where vr.user_id = p.user_id and vr.is_out = false and vr.is_ban = false
      ) d
      where d.villages is not null and not d.waiting
    ),
    mailed as (
      insert into ${mailJobs} (id, kind, to_address, user_id, payload, due_at, key, created_at)
      select ${sqlUuidV7}, 'new_slots', d.email, d.user_id,
        jsonb_build_object('first_name', d.first_name, 'day', d.day, 'weeks', ${weeks}::int, 'villages', d.villages),
        ${at}::timestamptz, 'new_slots:' || d.user_id || ':' || d.day, ${at}::timestamptz
      from digests d
      on conflict (key) do nothing
      returning 1
    )
    select (select count(*) from mailed) as queued`;
}
