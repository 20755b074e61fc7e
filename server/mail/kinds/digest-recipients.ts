import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, villagers, villages } from '../../db/schema';
import { notClosed } from '../../villages/closed';

const STARTED = 3;

/** A member still in the village: not out, not banned. */
export const activeMember = () => and(eq(villagers.isOut, false), eq(villagers.isBan, false));

/** What a producer reads of a member it may write to: who, where, and their account's address. */
export const memberColumns = {
  villagerId: villagers.id,
  villageId: villagers.villageId,
  userId: users.id,
  firstName: users.firstName,
  email: users.email,
  verified: users.emailVerifiedAt,
};

/**
 * The members of these villages a digest may go to, in one query: active (not out, not banned), with an
 * account whose address is verified (an unverified address gets nothing but its verification; once
 * verified, the next run catches up), and only the organisers when asked (creator, person helped,
 * co-organiser: `isManagerVillager`).
 */
export function mailableMembers(db: Executor, villageIds: readonly string[], options: { organisersOnly?: boolean } = {}) {
  return db
    .select({ villagerId: villagers.id, villageId: villagers.villageId, userId: users.id, firstName: users.firstName, email: users.email })
    .from(villagers)
    .innerJoin(users, eq(users.id, villagers.userId))
    .where(
      and(
        inArray(villagers.villageId, [...villageIds]),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
        isNotNull(users.emailVerifiedAt),
        options.organisersOnly ? or(eq(villagers.isCreator, true), eq(villagers.isNeedy, true), eq(villagers.isManager, true)) : undefined,
      ),
    );
}

/** The time zones of the started villages nobody closed: a producer's clock is read once per zone, not per village. */
export async function startedZones(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: villages.timeZone })
    .from(villages)
    .where(and(eq(villages.state, STARTED), notClosed()));
  return rows.map((row) => row.zone);
}
