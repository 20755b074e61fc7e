import { isUrgentSlot } from '../../contract/gap-horizon';
import { DEFAULT_GAP_HORIZON_DAYS } from '../../contract/villages';
import type { Slot } from '../../contract/slots';

/** A slot's key, as the planning and the home name a slot (a need and a start). */
export const slotKey = (slot: Pick<Slot, 'village_need_id' | 'start_date'>) => `${slot.village_need_id} ${Date.parse(slot.start_date)}`;

/**
 * The urgent slots among these: still open and starting within the village's horizon (its gap alerts' rule,
 * src/contract/gap-horizon.ts), by key. `now` is when the screen judged them.
 */
export function urgentSlotKeys(slots: readonly Slot[], now: Date | number, horizonDays: number | undefined): ReadonlySet<string> {
  const at = new Date(now);
  return new Set(slots.filter((slot) => isUrgentSlot(slot, at, horizonDays)).map(slotKey));
}

/** The badge's word, and what a screen reader hears with it: the urgency is said, never shown by colour alone. */
export const URGENT_BADGE = 'Urgent';
export const urgentDescription = (horizonDays: number) =>
  horizonDays === 1 ? 'encore sans personne d’ici demain' : `encore sans personne dans les ${horizonDays} jours qui viennent`;

/** The horizon as the manage page says it: "Dans les 3 jours", "D’ici demain". */
export const gapHorizonText = (horizonDays: number | undefined) => {
  const days = horizonDays ?? DEFAULT_GAP_HORIZON_DAYS;
  return days === 1 ? 'D’ici demain' : `Dans les ${days} jours`;
};
