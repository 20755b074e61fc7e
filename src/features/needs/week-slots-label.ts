import type { Slot } from '../../contract/slots';

export interface WeekSlotsLabel {
  text: string;
  tone: 'none' | 'covered' | 'open';
}

/** A scheduled need's week at a glance: "3 créneaux à pourvoir cette semaine", "Tout est couvert cette semaine". */
export function weekSlotsLabel(slots: readonly Slot[]): WeekSlotsLabel {
  if (slots.length === 0) return { text: 'Aucun créneau cette semaine', tone: 'none' };
  const open = slots.filter((slot) => slot.open > 0).length;
  if (open === 0) return { text: 'Tout est couvert cette semaine', tone: 'covered' };
  return { text: `${open} créneau${open > 1 ? 'x' : ''} à pourvoir cette semaine`, tone: 'open' };
}
