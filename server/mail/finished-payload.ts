import { sql } from 'drizzle-orm';
import { mailJobs } from '../db/schema';

/**
 * What a mail job keeps of its payload once sent or failed: the fields the sending quotas count by (who sent
 * an invitation and for which village: server/invitations/invitation-quota.ts; why an address was mailed:
 * server/users/address-change-quota.ts), none of which is a secret. The rest goes, since it may hold a one-time
 * link. Emptied whole, a sent mail stopped counting: once the dispatcher had sent them, an account could queue
 * another day's worth of invitations.
 */
const COUNTED_FIELDS = ['sender_id', 'village_id', 'reason'];

export const finishedPayload = sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${mailJobs.payload}) where key in (${sql.join(
  COUNTED_FIELDS.map((field) => sql`${field}`),
  sql`, `,
)}))`;
