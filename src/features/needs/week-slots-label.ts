import type { Slot } from '../../contract/slots';
import { formatSlotStart, frenchSpaces } from '../../contract/french-time';

export interface WeekSlotsLabel {
  text: string;
  tone: 'none' | 'covered' | 'open';
}

/**
 * A scheduled need's week at a glance: "3 créneaux à pourvoir cette semaine", "Tout est couvert cette semaine";
 * a week without a slot says when the next one is ("Prochain créneau : lundi 30 novembre, 19 h"), and only a
 * need with no slot to come says it has none.
 */
export function weekSlotsLabel(slots: readonly Slot[], next: { start: string; zone: string } | null = null): WeekSlotsLabel {
  if (slots.length === 0) {
    if (!next) return { text: 'Aucun créneau à venir', tone: 'none' };
    return { text: frenchSpaces(`Prochain créneau\u00a0: ${formatSlotStart(next.start, next.zone)}`), tone: 'none' };
  }
  const open = slots.filter((slot) => slot.open > 0).length;
  if (open === 0) return { text: 'Tout est couvert cette semaine', tone: 'covered' };
  return { text: `${open} créneau${open > 1 ? 'x' : ''} à pourvoir cette semaine`, tone: 'open' };
}
