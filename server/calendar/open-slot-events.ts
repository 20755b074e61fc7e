import type { Slot } from '../../src/contract/slots';
import type { ScheduledNeedRow } from '../slots/village-slots';
import { utc, type CalendarEvent } from './icalendar';
import { eventDescription } from './practical-details';

const places = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/**
 * The occurrences that still have a free place, as "À pourvoir : Dîner" events. Their UID is the need and
 * the occurrence's start, so a calendar app updates one event as it fills and drops it once it is full.
 */
export function openSlotEvents(publicUrl: string, villageId: string, slots: Slot[], needs: ScheduledNeedRow[]): CalendarEvent[] {
  const byId = new Map(needs.map((need) => [need.id, need]));
  const events: CalendarEvent[] = [];
  for (const slot of slots) {
    const need = byId.get(slot.village_need_id);
    if (!need || slot.open <= 0) continue;
    const start = new Date(slot.start_date);
    const free = slot.open === slot.places ? `${places(slot.places)} à pourvoir` : `${places(slot.open)} à pourvoir sur ${slot.places}`;
    events.push({
      uid: `open-${need.id}-${utc(start)}@village`,
      start,
      end: new Date(slot.end_date),
      summary: `À pourvoir\u00a0: ${need.name}`,
      description: eventDescription(free, need),
      location: need.address,
      url: `${publicUrl}/dashboard/villages/${villageId}/needs/${need.id}`,
      tentative: true,
    });
  }
  return events;
}
