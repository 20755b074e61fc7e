import { sql } from 'drizzle-orm';
import { amongVillages } from '../settled-mark';
import type { Db } from '../../db/client';
import { mayWantMail } from './stored-wish';

const STARTED = 3;

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
