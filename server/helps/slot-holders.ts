import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, users, villageNeeds, villagers } from '../db/schema';
import { notFound, text } from '../http/errors';

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
