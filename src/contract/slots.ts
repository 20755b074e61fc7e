import * as v from 'valibot';
import { messages } from './form-messages';
import { isoDateTime } from './fields';
import { expandSchedule, MAX_SLOT_WINDOW_DAYS, type Schedule } from './schedule';

/** One occurrence of a scheduled need with who holds it: what GET /v1/villages/{id}/slots answers. */
export const Slot = v.object({
  village_need_id: v.string(),
  start_date: v.string(),
  end_date: v.string(),
  places: v.number(),
  /** The helps of active villagers on this occurrence, first taken first. */
  taken: v.array(v.string()),
  open: v.number(),
});
export type Slot = v.InferOutput<typeof Slot>;

export const SlotsPage = v.object({ data: v.array(Slot) });

export const slotWindowMessage = `La période demandée ne doit pas dépasser ${MAX_SLOT_WINDOW_DAYS} jours`;

export const SlotsQuery = v.pipe(
  v.object({ from: isoDateTime, to: isoDateTime }),
  v.forward(
    v.check((q) => Date.parse(q.to) > Date.parse(q.from), messages.endBeforeStart),
    ['to'],
  ),
  v.forward(
    v.check((q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_SLOT_WINDOW_DAYS * 24 * 3600_000, slotWindowMessage),
    ['to'],
  ),
);

/** What slot computation needs of a need, a help and a villager (rows of the app or the server alike). */
export interface ScheduledNeed {
  id: string;
  schedule: Schedule | null;
}
export interface HelpOnSlot {
  id: string;
  village_need_id: string;
  helper_id: string;
  start_date: string;
  created_at?: string;
}

/**
 * The slots of a village's scheduled needs that start in [from, to), sorted by start, each with the helps
 * of active helpers on it (`isActive` says who counts: helps of people gone are ignored).
 */
export function slotsBetween(
  needs: readonly ScheduledNeed[],
  helps: readonly HelpOnSlot[],
  isActive: (helperId: string) => boolean,
  zone: string,
  from: Date | string,
  to: Date | string,
  now: Date = new Date(),
): Slot[] {
  const holders = new Map<string, HelpOnSlot[]>();
  // Only helps of scheduled needs can hold a slot: the others (most of a busy month) are not keyed at all.
  const scheduled = new Set(needs.filter((need) => need.schedule).map((need) => need.id));
  for (const help of helps) {
    if (!scheduled.has(help.village_need_id) || !isActive(help.helper_id)) continue;
    const key = `${help.village_need_id} ${Date.parse(help.start_date)}`;
    const list = holders.get(key);
    if (list) list.push(help);
    else holders.set(key, [help]);
  }
  const slots: Slot[] = [];
  for (const need of needs) {
    if (!need.schedule) continue;
    for (const occurrence of expandSchedule(need.schedule, zone, from, to, now)) {
      const taken = (holders.get(`${need.id} ${Date.parse(occurrence.start_date)}`) ?? [])
        .slice()
        .sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.id.localeCompare(b.id))
        .map((help) => help.id);
      const places = need.schedule.places;
      slots.push({ village_need_id: need.id, ...occurrence, places, taken, open: Math.max(0, places - taken.length) });
    }
  }
  return slots.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.village_need_id.localeCompare(b.village_need_id));
}
