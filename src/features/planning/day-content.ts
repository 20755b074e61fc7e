import type { IsoDay } from '../../domain/helps/calendar-dates';
import type { DayHelp } from '../../domain/helps/day-index';
import { isTakeable, type DaySlot } from './slot-index';

/** What one day of the calendar shows: its slots, then its free helps (those on a slot are shown by the slot). */
export interface DayContent {
  slots: DaySlot[];
  helps: DayHelp[];
}

const EMPTY: DayContent = { slots: [], helps: [] };

/**
 * The visible days' content. With `openOnly` (the "À pourvoir" filter) a day keeps only the slots that can
 * still be taken. A help that holds a slot is left out of the free helps: the slot already names it.
 */
export function dayContents(
  days: readonly IsoDay[],
  slotIndex: ReadonlyMap<IsoDay, DaySlot[]>,
  helpIndex: ReadonlyMap<IsoDay, DayHelp[]>,
  openOnly: boolean,
): Map<IsoDay, DayContent> {
  const onSlots = new Set<string>();
  for (const day of days) for (const entry of slotIndex.get(day) ?? []) for (const id of entry.slot.taken) onSlots.add(id);
  const contents = new Map<IsoDay, DayContent>();
  for (const day of days) {
    const slots = slotIndex.get(day) ?? [];
    const helps = helpIndex.get(day) ?? [];
    if (!slots.length && !helps.length) {
      contents.set(day, EMPTY);
      continue;
    }
    contents.set(day, {
      slots: openOnly ? slots.filter((entry) => isTakeable(entry.state)) : slots,
      helps: openOnly ? [] : onSlots.size ? helps.filter((entry) => !onSlots.has(entry.help.id)) : helps,
    });
  }
  return contents;
}

/** How many helps each need has over the visible days (a help over several days counts once). */
export function helpsByNeed(days: readonly IsoDay[], helpIndex: ReadonlyMap<IsoDay, DayHelp[]>): Map<string, number> {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const day of days) {
    for (const { help } of helpIndex.get(day) ?? []) {
      if (seen.has(help.id)) continue;
      seen.add(help.id);
      counts.set(help.village_need_id, (counts.get(help.village_need_id) ?? 0) + 1);
    }
  }
  return counts;
}
