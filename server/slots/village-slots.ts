import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { MAX_SCHEDULED_NEEDS, MAX_SLOTS_PER_ANSWER } from '../../src/contract/schedule-schema';
import { slotsBetween, type HelpOnSlot, type Slot } from '../../src/contract/slots';
import type { Executor } from '../db/client';
import { helps, villageNeeds, villagers } from '../db/schema';

export type ScheduledNeedRow = typeof villageNeeds.$inferSelect;

/** What a village's slots are computed from: its scheduled needs, and the helps of active villagers on them by start. */
export interface SlotSource {
  needs: ScheduledNeedRow[];
  helps: HelpOnSlot[];
}

/**
 * Reads the slot source of a village: the scheduled needs, and the helps of active villagers on them (helps
 * of people gone are ignored, as everywhere). At most MAX_SCHEDULED_NEEDS needs, the oldest: a village
 * cannot have more now, and one that had more before the bound is not expanded beyond it.
 */
export async function loadSlotSource(db: Executor, villageId: string): Promise<SlotSource> {
  const needs = await db
    .select()
    .from(villageNeeds)
    .where(and(eq(villageNeeds.villageId, villageId), isNotNull(villageNeeds.schedule)))
    .orderBy(asc(villageNeeds.createdAt), asc(villageNeeds.id))
    .limit(MAX_SCHEDULED_NEEDS);
  if (needs.length === 0) return { needs, helps: [] };
  const held = await db
    .select({
      id: helps.id,
      village_need_id: helps.villageNeedId,
      helper_id: helps.helperId,
      start: helps.startDate,
      created: helps.createdAt,
    })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .where(
      and(
        eq(helps.villageId, villageId),
        inArray(
          helps.villageNeedId,
          needs.map((need) => need.id),
        ),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
      ),
    )
    .orderBy(asc(helps.startDate));
  return {
    needs,
    helps: held.map((h) => ({
      id: h.id,
      village_need_id: h.village_need_id,
      helper_id: h.helper_id,
      start_date: h.start.toISOString(),
      created_at: h.created.toISOString(),
    })),
  };
}

/** The first index whose help starts at or after `instant` (helps are sorted by start). */
function firstFrom(sorted: readonly HelpOnSlot[], instant: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid].start_date < instant) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The slots starting in [from, to), sorted by start (then need), with who holds them: the contract's
 * expansion, as in the app. Null when the window holds more than `max`: the expansion stops as soon as it
 * knows, need by need.
 */
export function slotsFromSource(
  source: SlotSource,
  zone: string,
  from: Date,
  to: Date,
  now: Date,
  max: number = MAX_SLOTS_PER_ANSWER,
): Slot[] | null {
  if (source.needs.length === 0) return [];
  const byNeed = new Map<string, HelpOnSlot[]>();
  for (const help of source.helps.slice(firstFrom(source.helps, from.toISOString()), firstFrom(source.helps, to.toISOString()))) {
    const list = byNeed.get(help.village_need_id);
    if (list) list.push(help);
    else byNeed.set(help.village_need_id, [help]);
  }
  const slots: Slot[] = [];
  for (const need of source.needs) {
    for (const slot of slotsBetween([need], byNeed.get(need.id) ?? [], () => true, zone, from, to, now)) slots.push(slot);
    if (slots.length > max) return null;
  }
  return slots.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.village_need_id.localeCompare(b.village_need_id));
}

/**
 * The slots of a village in a window, read now (the calendar feed; the slots call caches the source per
 * revision): the first MAX_SLOTS_PER_ANSWER by start, as a calendar app cannot ask for a shorter window.
 * Every need is expanded (at most MAX_SCHEDULED_NEEDS, each walk bounded), then the answer is cut.
 */
export async function villageSlots(
  db: Executor,
  village: { id: string; timeZone: string },
  from: Date,
  to: Date,
  now: Date,
): Promise<{ slots: Slot[]; needs: ScheduledNeedRow[] }> {
  const source = await loadSlotSource(db, village.id);
  const slots = slotsFromSource(source, village.timeZone, from, to, now, Infinity) ?? [];
  return { slots: slots.slice(0, MAX_SLOTS_PER_ANSWER), needs: source.needs };
}
