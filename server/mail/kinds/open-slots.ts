import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { slotsBetween, type HelpOnSlot, type Slot } from '../../../src/contract/slots';
import type { Executor } from '../../db/client';
import { helps, villageNeeds, villagers } from '../../db/schema';
import { activeMember } from './digest-recipients';
import { helpOnSlot } from './digest-slot-sources';
import { sliced } from './let-requests-in';

export type OpenSlot = Slot & { need_name: string };
export type SlotWindow = { villageId: string; timeZone: string; to: Date };

/**
 * The slots still open of many villages, each from `now` to its own end, in two queries for the whole set
 * (the scheduled needs, then only the helps starting within the windows): never one query, nor one scan of
 * every slot, per member. Answers each village's open slots, by start.
 */
export async function openSlotsOf(db: Executor, windows: readonly SlotWindow[], now: Date): Promise<Map<string, OpenSlot[]>> {
  const open = new Map<string, OpenSlot[]>();
  if (windows.length === 0) return open;
  const villageIds = windows.map((w) => w.villageId);
  const needs = await db
    .select({ id: villageNeeds.id, villageId: villageNeeds.villageId, name: villageNeeds.name, schedule: villageNeeds.schedule })
    .from(villageNeeds)
    .where(and(inArray(villageNeeds.villageId, villageIds), isNotNull(villageNeeds.schedule)));
  if (needs.length === 0) return open;
  const latest = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const rows = await db
    .select({
      id: helps.id,
      villageId: helps.villageId,
      needId: helps.villageNeedId,
      helperId: helps.helperId,
      start: helps.startDate,
      created: helps.createdAt,
    })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .where(
      and(
        inArray(helps.villageId, [...new Set(needs.map((need) => need.villageId))]),
        gt(helps.startDate, now),
        lte(helps.startDate, latest),
        activeMember(),
      ),
    );
  const helpsByVillage = new Map<string, HelpOnSlot[]>();
  for (const row of rows) push(helpsByVillage, row.villageId, helpOnSlot(row));
  const needsByVillage = new Map<string, typeof needs>();
  for (const need of needs) push(needsByVillage, need.villageId, need);
  // Thousands of villages' slots are a second of JavaScript: the requests that come meanwhile are let in.
  const turn = sliced();
  for (const w of windows) {
    await turn();
    const own = needsByVillage.get(w.villageId);
    if (!own) continue;
    const names = new Map(own.map((need) => [need.id, need.name]));
    const slots = slotsBetween(own, helpsByVillage.get(w.villageId) ?? [], () => true, w.timeZone, now, w.to, now)
      .filter((slot) => slot.open > 0 && Date.parse(slot.start_date) > now.getTime())
      .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
    if (slots.length)
      open.set(
        w.villageId,
        slots.map((slot) => ({ ...slot, need_name: names.get(slot.village_need_id) ?? '' })),
      );
  }
  return open;
}

/** Adds to a map of lists in place (a copy per item would make a large village quadratic). */
export function push<K, T>(map: Map<K, T[]>, key: K, item: T) {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
