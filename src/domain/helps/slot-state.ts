import type { Slot } from '../../contract/slots';

export type SlotState = 'mine' | 'open' | 'partial' | 'full';

/** A slot as its viewer sees it: theirs first (whatever is left), else open, partly taken or full. */
export function slotState(slot: Slot, myHelpIds: ReadonlySet<string>): SlotState {
  if (slot.taken.some((id) => myHelpIds.has(id))) return 'mine';
  if (slot.open === 0) return 'full';
  return slot.open === slot.places ? 'open' : 'partial';
}

/** The state in words, never in colour alone: "À pourvoir", "1 place libre sur 3", "Complet", "Vous y allez". */
export function slotStateLabel(state: SlotState, slot: Pick<Slot, 'open' | 'places'>): string {
  if (state === 'mine') return 'Vous y allez';
  if (state === 'full') return 'Complet';
  if (state === 'open') return slot.places === 1 ? 'À pourvoir' : `À pourvoir\u00a0: ${slot.places} places`;
  return `${slot.open} place${slot.open > 1 ? 's' : ''} libre${slot.open > 1 ? 's' : ''} sur ${slot.places}`;
}

/** The icon beside the words (hidden from screen readers, which read the words). */
export const SLOT_ICON: Record<SlotState, string> = { mine: '✓', open: '○', partial: '◐', full: '●' };

/** A withdrawal this close to the start is flagged to the organisers (the server records it so). */
export const LATE_WITHDRAWAL_MS = 48 * 3600_000;
