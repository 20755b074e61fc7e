import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, notificationSettings, users, villageNeeds, villagers, villages } from '../db/schema';
import { notFound, text } from '../http/errors';
import type { Membership } from '../membership';
import { loadMembership } from '../policy';
import { recipientColumns, type Recipient } from '../mail/kinds/confirmation-queue';

export type NeedRow = typeof villageNeeds.$inferSelect;

/**
 * A village's need, its row locked until the transaction ends: takers of one need's slots, and edits of its
 * schedule, then run one after the other, so a slot's places are counted on what is committed (PostgreSQL
 * reads afresh after the lock; PGlite runs one transaction at a time anyway).
 */
export async function lockNeed(tx: Executor, villageId: string, needId: string): Promise<NeedRow> {
  const [need] = await tx
    .select()
    .from(villageNeeds)
    .where(and(eq(villageNeeds.id, needId), eq(villageNeeds.villageId, villageId)))
    .for('update');
  if (!need) throw notFound(text.needNotFound);
  return need;
}

/**
 * What taking a slot reads, in one statement: the caller's membership, the need locked as `lockNeed` does,
 * and the caller's address and mail choices for the confirmation. It is the most frequent write, and on the
 * embedded database each statement costs about half a millisecond. Without the need there is no row: only
 * the membership is read then, and the caller locks the need with `lockNeed` once it has checked who acts,
 * so that a village unknown, or a caller who may not act there, is answered before the missing need.
 */
export async function readForTaking(
  tx: Executor,
  villageId: string,
  userId: string,
  needId: string,
): Promise<Membership & { need?: NeedRow; recipient?: Recipient }> {
  const [row] = await tx
    .select({
      village: villages,
      villager: villagers,
      need: villageNeeds,
      recipient: recipientColumns,
    })
    .from(villages)
    .innerJoin(villageNeeds, and(eq(villageNeeds.id, needId), eq(villageNeeds.villageId, villages.id)))
    .leftJoin(villagers, and(eq(villagers.villageId, villages.id), eq(villagers.userId, userId)))
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(villages.id, villageId))
    .for('update', { of: villageNeeds });
  return row ?? loadMembership(tx, villageId, userId);
}

/** A help of the village with its need's name and its helper's first name (the feed tells them once it is gone). */
export async function helpWithNames(tx: Executor, villageId: string, helpId: string) {
  const [row] = await tx
    .select({ help: helps, needName: villageNeeds.name, helperName: users.firstName })
    .from(helps)
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.id, helpId), eq(helps.villageId, villageId)));
  return row;
}

export interface Holder {
  helpId: string;
  helperId: string;
  firstName: string | null;
}

/** Who holds one occurrence of a need: the helps of active villagers starting then, first taken first. */
export async function slotHolders(tx: Executor, needId: string, start: Date): Promise<Holder[]> {
  return tx
    .select({ helpId: helps.id, helperId: helps.helperId, firstName: users.firstName })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.villageNeedId, needId), eq(helps.startDate, start), eq(villagers.isOut, false), eq(villagers.isBan, false)))
    .orderBy(asc(helps.createdAt), asc(helps.id));
}
