import { DateTime } from 'luxon';
import type { Slot } from '../../contract/slots';

/** The open slots of the rest of the week and how many slots it has in all: what the cards and the home say. */
export interface WeekSlots {
  open: number;
  total: number;
}

/** From now to the end of Sunday in the village's zone (the spec's week starts on Monday). */
export function restOfWeek(now: Date, zone: string) {
  const end = DateTime.fromJSDate(now, { zone }).startOf('week').plus({ weeks: 1 });
  return { from: now.toISOString(), to: end.toUTC().toJSDate().toISOString() };
}

/** Slots someone may still take (a helper's own are counted as taken: open places are for the others too). */
export const weekSlotsOf = (slots: readonly Slot[]): WeekSlots => ({
  open: slots.filter((slot) => slot.open > 0).length,
  total: slots.length,
});

/** "Cette semaine : 3 créneaux à pourvoir", "Tous les créneaux de la semaine sont pris"; null for a week with none. */
export function weekSlotsText({ open, total }: WeekSlots): string | null {
  if (total === 0) return null;
  if (open === 0) return 'Tous les créneaux de la semaine sont pris';
  return `Cette semaine\u00a0: ${open} ${open > 1 ? 'créneaux' : 'créneau'} à pourvoir`;
}
