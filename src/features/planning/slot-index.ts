import type { Slot } from '../../contract/slots';
import { slotStateLabel } from '../../domain/helps/slot-state';
import { isoDayOf, ZONE, type IsoDay } from '../../domain/helps/calendar-dates';
import { zoneOffsets } from '../../contract/zone-offsets';
import { wallClock } from '../../domain/helps/zone-clock';
import { clockRange } from '../../contract/french-time';

/** Where a slot stands for the person looking: theirs, filled, partly filled, to fill, or gone by unfilled. */
export type SlotState = 'mine' | 'full' | 'partial' | 'open' | 'missed';

/** A slot as a day shows it, with what the viewer can do about it. */
export interface DaySlot {
  slot: Slot;
  state: SlotState;
  /** "19 h – 20 h 30", "22 h – 6 h le lendemain". */
  time: string;
}

/** "19 h – 20 h 30", "22 h – 6 h le lendemain", read on the wall clock of `zone`. */
export function slotTime(slot: Pick<Slot, 'start_date' | 'end_date'>, zone: string = ZONE): string {
  const offsetAt = zoneOffsets(zone);
  const start = wallClock(Date.parse(slot.start_date), offsetAt);
  const end = wallClock(Date.parse(slot.end_date), offsetAt);
  // A night shift ends the next morning: said, so 22 h – 6 h is not read backwards.
  const nextDay = start.day !== end.day && end.minute !== 0;
  return clockRange(start.minute, end.minute, nextDay);
}

export function slotState(slot: Slot, mine: ReadonlySet<string>, now: number): SlotState {
  if (slot.taken.some((helpId) => mine.has(helpId))) return 'mine';
  if (slot.open === 0) return 'full';
  // Gone by: nobody can take it any more (the server refuses a help in the past).
  if (Date.parse(slot.start_date) <= now) return 'missed';
  return slot.taken.length > 0 ? 'partial' : 'open';
}

/** Whether a slot can still be taken by the viewer: the "À pourvoir" ones. */
export const isTakeable = (state: SlotState) => state === 'open' || state === 'partial';

/** The slots of each Paris day, in start order (the slots come sorted), with their state for the viewer. */
export function indexSlotsByDay(slots: readonly Slot[], mine: ReadonlySet<string>, now: number): Map<IsoDay, DaySlot[]> {
  const index = new Map<IsoDay, DaySlot[]>();
  const offsetAt = zoneOffsets(ZONE);
  for (const slot of slots) {
    const day = isoDayOf(wallClock(Date.parse(slot.start_date), offsetAt).day);
    const entry = { slot, state: slotState(slot, mine, now), time: slotTime(slot) };
    const list = index.get(day);
    if (list) list.push(entry);
    else index.set(day, [entry]);
  }
  return index;
}

/** What the state says in words (never colour alone), as every screen says it (the need's slots too). */
export function slotStateText({ slot, state }: Pick<DaySlot, 'slot' | 'state'>): string {
  return state === 'missed' ? 'Non pourvu' : slotStateLabel(state, slot);
}

/** A mark beside the words, for a glance: the words carry the meaning, the mark is hidden from screen readers. */
export const SLOT_MARK: Record<SlotState, string> = { open: '○', partial: '◐', full: '●', mine: '✓', missed: '–' };
