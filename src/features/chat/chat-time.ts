import { DateTime } from 'luxon';
import { VILLAGE_ZONE } from '../../contract/help-time';

const inParis = (iso: string) => DateTime.fromISO(iso, { zone: VILLAGE_ZONE }).setLocale('fr');

/** The Paris day of an instant, as a key to group messages by day. */
export const parisDayKey = (iso: string) => inParis(iso).toISODate() ?? iso.slice(0, 10);

/** A day separator: "Aujourd'hui", "Hier", "lundi 16 novembre" (with the year when it is not this one). */
export function dayLabel(iso: string, now: DateTime = DateTime.now()): string {
  const day = inParis(iso).startOf('day');
  const today = now.setZone(VILLAGE_ZONE).startOf('day');
  if (day.hasSame(today, 'day')) return "Aujourd'hui";
  if (day.hasSame(today.minus({ days: 1 }), 'day')) return 'Hier';
  return day.toFormat(day.year === today.year ? 'cccc d LLLL' : 'cccc d LLLL yyyy');
}

/** "14:05": the time of a message, Paris time whatever the device's zone. */
export const messageTime = (iso: string) => inParis(iso).toFormat('HH:mm');
