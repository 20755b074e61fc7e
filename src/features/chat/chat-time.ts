import { DateTime } from 'luxon';
import { formatClock, formatDayHeading, VILLAGE_ZONE } from '../../contract/french-time';

/** The Paris day of an instant, as a key to group messages by day. */
export const parisDayKey = (iso: string) => DateTime.fromISO(iso, { zone: VILLAGE_ZONE }).toISODate() ?? iso.slice(0, 10);

/** A day separator: "Aujourd'hui", "Hier", "lundi 16 novembre" (with the year when it is not this one). */
export const dayLabel = (iso: string, now: DateTime = DateTime.now()) => formatDayHeading(iso, VILLAGE_ZONE, now);

/** "14 h 05": the time of a message, Paris time whatever the device's zone, as the rest of the app says it. */
export const messageTime = (iso: string) => formatClock(iso);
