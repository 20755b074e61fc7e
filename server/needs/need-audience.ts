import { createHash } from 'node:crypto';
import { and, eq, max, or, isNotNull, sql } from 'drizzle-orm';
import type { VillageNeed } from '../../src/contract';
import type { Executor } from '../db/client';
import { helps, villageNeeds } from '../db/schema';
import type { VillagerRow } from '../membership';
import { isManager } from '../policy';

/**
 * What one reader of a village is sent of its needs. A need's address and door code go only to the
 * organisers and to whoever holds a help of it not yet past; an organisers-only need (a doctor's
 * appointment) goes only to the organisers and to whoever holds a help of it. Everyone else is told that
 * the details exist (`details_hidden`), and gets them by taking a slot.
 */
export interface NeedAudience {
  /** The organisers (creator, person helped, co-organisers): every need, with its details. */
  full: boolean;
  /** Needs with details whose help this reader holds, not yet past. */
  details: ReadonlySet<string>;
  /** Organisers-only needs this reader holds a help of, past ones too (their own history names them). */
  seen: ReadonlySet<string>;
  /**
   * Who else reads exactly this: 'full', 'redacted' (most helpers, who share one cached answer), or
   * 'redacted:' and a digest of the two sets. Cache keys and ETags carry it.
   */
  key: string;
}

export const FULL_AUDIENCE: NeedAudience = { full: true, details: new Set(), seen: new Set(), key: 'full' };
export const REDACTED_AUDIENCE: NeedAudience = { full: false, details: new Set(), seen: new Set(), key: 'redacted' };

/** One need a helper holds a help of, as the audience is computed from it. */
export interface HeldNeed {
  needId: string;
  /** The end of the helper's latest help of it (its start when it has no end). */
  until: Date;
  organisersOnly: boolean;
}

/**
 * The needs with something to hide that a villager holds helps of: only those (an address, a door code, or
 * organisers-only), so that a helper of needs without details shares the redacted answer with everyone.
 */
export async function loadHeldNeeds(db: Executor, villageId: string, villagerId: string): Promise<HeldNeed[]> {
  const rows = await db
    .select({
      needId: helps.villageNeedId,
      until: max(sql<Date>`coalesce(${helps.endDate}, ${helps.startDate})`).mapWith((v: string | Date) => new Date(v)),
      organisersOnly: villageNeeds.organisersOnly,
    })
    .from(helps)
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .where(
      and(
        eq(helps.villageId, villageId),
        eq(helps.helperId, villagerId),
        or(isNotNull(villageNeeds.address), isNotNull(villageNeeds.access), eq(villageNeeds.organisersOnly, true)),
      ),
    )
    .groupBy(helps.villageNeedId, villageNeeds.organisersOnly);
  return rows.map((row) => ({ ...row, until: row.until ?? new Date(0) }));
}

/** A reader's audience at `now`, from the needs they hold helps of: a help past no longer opens the details. */
export function audienceFrom(villager: VillagerRow, held: readonly HeldNeed[], now: Date): NeedAudience {
  if (isManager(villager)) return FULL_AUDIENCE;
  const details = held.filter((h) => h.until >= now).map((h) => h.needId);
  const seen = held.filter((h) => h.organisersOnly).map((h) => h.needId);
  if (!details.length && !seen.length) return REDACTED_AUDIENCE;
  const digest = createHash('md5')
    .update(`${details.sort().join(',')}|${seen.sort().join(',')}`)
    .digest('hex')
    .slice(0, 16);
  return { full: false, details: new Set(details), seen: new Set(seen), key: `redacted:${digest}` };
}

/** The audience of one reader, read now from the database (the paths that are not hot). */
export async function readAudience(db: Executor, villageId: string, villager: VillagerRow, now: Date): Promise<NeedAudience> {
  if (isManager(villager)) return FULL_AUDIENCE;
  return audienceFrom(villager, await loadHeldNeeds(db, villageId, villager.id), now);
}

type NeedFacts = { id: string; organisersOnly?: boolean; organisers_only?: boolean };

/** Whether this audience is sent the need at all. */
export function seesNeed(audience: NeedAudience, need: NeedFacts): boolean {
  return audience.full || !(need.organisersOnly ?? need.organisers_only) || audience.seen.has(need.id);
}

/** Whether this audience is sent the need's address and door code. */
export const seesDetails = (audience: NeedAudience, needId: string) => audience.full || audience.details.has(needId);

/** The need as this audience is sent it: null when it may not see it, without address and door code when it may not read them. */
export function needFor(audience: NeedAudience, need: VillageNeed): VillageNeed | null {
  if (!seesNeed(audience, need)) return null;
  if (seesDetails(audience, need.id) || (need.address === null && need.access === null)) return need;
  return { ...need, address: null, access: null, details_hidden: true };
}

type NeedRow = { id: string; organisersOnly: boolean; address: string | null; access: string | null };

/** A database row of a need as this audience is sent it, for the roads that write rows out (calendars). */
export function needRowFor<T extends NeedRow>(audience: NeedAudience, need: T): T | null {
  if (!seesNeed(audience, need)) return null;
  return seesDetails(audience, need.id) ? need : { ...need, address: null, access: null };
}
