import { DEFAULT_GAP_HORIZON_DAYS } from './villages';

const DAY_MS = 24 * 3600_000;

/** The end of a village's horizon from `now`: its slots starting before it, and not yet begun, can be urgent. */
export const gapHorizonEnd = (now: Date, days: number | undefined) => new Date(now.getTime() + (days ?? DEFAULT_GAP_HORIZON_DAYS) * DAY_MS);

/**
 * Whether a slot is urgent: it starts within the village's horizon (not yet begun) and still has a free
 * place. The one rule of the gap alerts (server/mail/kinds/gap-alert-producer.ts) and of the « Urgent » mark.
 */
export function isUrgentSlot(slot: { start_date: string; open: number }, now: Date, days: number | undefined): boolean {
  const start = Date.parse(slot.start_date);
  return slot.open > 0 && start > now.getTime() && start <= gapHorizonEnd(now, days).getTime();
}
