import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const STARTED = 3;

/** A member a gap alert may be due to (gap-alert-pending.ts), with the day of their alert. */
export type GapCandidate = {
  villagerId: string;
  villageId: string;
  userId: string;
  firstName: string;
  email: string;
  verified: boolean;
  joinedAt: Date;
  organiser: boolean;
  settings: unknown;
  /** Their alert's day: on the clock of their first village of the set (the oldest membership). */
  day: string;
};

type Row = {
  villager_id: string;
  village_id: string;
  user_id: string;
  first_name: string;
  email: string;
  verified: boolean;
  joined_at: string | Date;
  organiser: boolean;
  settings: unknown;
  day: string;
};

/**
 * The organisers, and the members who turned the alert on (by mail or by push), of the open villages whose zone is
 * in the alerts' hours (`days`: each such zone's day), whose alert of the day is not queued yet: every membership
 * of such a person in those villages. One query, its key lookup included, so that the many minutes of a day after
 * the alerts went answer no row.
 */
export async function gapCandidates(db: Db, days: Map<string, string>): Promise<GapCandidate[]> {
  const zones = JSON.stringify([...days].map(([zone, day]) => ({ zone, day })));
  const result = await db.execute(sql`
    with days as (select * from jsonb_to_recordset(${zones}::jsonb) as d(zone text, day text)),
    members as (
      select vr.id as villager_id, vr.village_id, u.id as user_id, u.first_name, u.email,
        u.email_verified_at is not null as verified, vr.created_at as joined_at,
        (vr.is_creator or vr.is_needy or vr.is_manager) as organiser, ns.settings, d.day as village_day
      from villagers vr
      join villages v on v.id = vr.village_id
      join days d on d.zone = v.time_zone
      join users u on u.id = vr.user_id
      left join notification_settings ns on ns.user_id = u.id
      where v.state = ${STARTED} and v.closed_at is null and vr.is_out = false and vr.is_ban = false
        and (vr.is_creator or vr.is_needy or vr.is_manager
          or ns.settings -> 'email' ->> 'gaps' = 'true' or ns.settings -> 'push' ->> 'gaps' = 'true')
    ),
    firsts as (select distinct on (user_id) user_id, village_day as day from members order by user_id, joined_at, villager_id)
    select m.villager_id, m.village_id, m.user_id, m.first_name, m.email, m.verified, m.joined_at, m.organiser, m.settings, f.day
    from members m join firsts f on f.user_id = m.user_id
    where not exists (select 1 from mail_jobs j where j.key = 'gaps:' || m.user_id || ':' || f.day)`);
  const { rows } = result as unknown as { rows: Row[] };
  return rows.map((row) => ({
    villagerId: row.villager_id,
    villageId: row.village_id,
    userId: row.user_id,
    firstName: row.first_name,
    email: row.email,
    verified: row.verified,
    joinedAt: new Date(row.joined_at),
    organiser: row.organiser,
    settings: row.settings,
    day: row.day,
  }));
}
