// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { HelpsSummary } from './helps-summary';
export { plannedHelps, splitHelps } from './split-helps';
export { useTakeSlot, type TakeSlot } from './use-take-slot';
export { NeedSlots } from './need-slots';
export { slotState, slotStateLabel, SLOT_ICON, type SlotState } from './slot-state';
