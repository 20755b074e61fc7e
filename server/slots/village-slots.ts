import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { slotsBetween, type Slot } from '../../src/contract/slots';
import type { Executor } from '../db/client';
import { helps, villageNeeds, villagers } from '../db/schema';

export type ScheduledNeedRow = typeof villageNeeds.$inferSelect;

/**
 * The slots of a village's scheduled needs that start in [from, to), with who holds them. Only what they
 * need is read: the scheduled needs, and the helps of active villagers starting in the window on them
 * (helps of people gone are ignored, as everywhere). The expansion is the contract's, as in the app.
 */
export async function villageSlots(
  db: Executor,
  village: { id: string; timeZone: string },
  from: Date,
  to: Date,
  now: Date,
): Promise<{ slots: Slot[]; needs: ScheduledNeedRow[] }> {
  const needs = await db
    .select()
    .from(villageNeeds)
    .where(and(eq(villageNeeds.villageId, village.id), isNotNull(villageNeeds.schedule)));
  if (needs.length === 0) return { slots: [], needs };
  const held = await db
    .select({ id: helps.id, village_need_id: helps.villageNeedId, helper_id: helps.helperId, start: helps.startDate, created: helps.createdAt })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .where(
      and(
        eq(helps.villageId, village.id),
        inArray(
          helps.villageNeedId,
          needs.map((need) => need.id),
        ),
        gte(helps.startDate, from),
        lt(helps.startDate, to),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
      ),
    );
  const onSlots = held.map((h) => ({ ...h, start_date: h.start.toISOString(), created_at: h.created.toISOString() }));
  const slots = slotsBetween(needs, onSlots, () => true, village.timeZone, from, to, now);
  return { slots, needs };
}
