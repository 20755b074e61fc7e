import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mayWantMail, storedMember, type StoredMember, type StoredMemberRow } from './stored-wish';

const STARTED = 3;

export type PendingOrganiser = StoredMember;

/**
 * The organisers (creator, needy person, co-organiser: active, with a verified address) of the open villages
 * whose zone has a summary due (`mondays`: each such zone's Monday, weeklySummaryKey's) and whose summary is not
 * queued yet, nor turned off. One query, its key lookup included, so the evening's minutes after the summaries
 * went answer no row and end the run.
 */
export async function pendingOrganisers(db: Db, mondays: Map<string, string>): Promise<PendingOrganiser[]> {
  const zones = JSON.stringify([...mondays].map(([zone, monday]) => ({ zone, monday })));
  const result = await db.execute(sql`
    with days as (select * from jsonb_to_recordset(${zones}::jsonb) as d(zone text, monday text))
    select vr.id as villager_id, vr.village_id, u.id as user_id, u.first_name, u.email, ns.settings
    from villages v
    join days d on d.zone = v.time_zone
    join villagers vr on vr.village_id = v.id
    join users u on u.id = vr.user_id
    left join notification_settings ns on ns.user_id = u.id
    where v.state = ${STARTED} and v.closed_at is null
      and vr.is_out = false and vr.is_ban = false and (vr.is_creator or vr.is_needy or vr.is_manager)
      and u.email_verified_at is not null
      and ${mayWantMail(sql`ns.settings`, 'weekly_summary')}
      and not exists (select 1 from mail_jobs j where j.key = 'weekly:' || vr.id || ':' || d.monday)`);
  const { rows } = result as unknown as { rows: StoredMemberRow[] };
  return rows.map(storedMember);
}
