import { DateTime } from 'luxon';
import { formatSlotStart } from '../../../src/contract/french-time';

/** What a digest says of a village: "chez Jeanne" when it is someone's, else its name. */
export function villagePlace(village: { firstName: string | null; name: string | null }): string {
  if (village.firstName) return `chez ${village.firstName}`;
  if (village.name) return `dans «\u00a0${village.name}\u00a0»`;
  return 'dans votre village';
}

/** The village's name as a heading or a subject says it: "Le village de Jeanne". */
export const villageTitle = (village: { firstName: string | null; name: string | null }) =>
  village.name ?? (village.firstName ? `Le village de ${village.firstName}` : 'Votre village');

export const planningUrl = (publicUrl: string, villageId: string) => `${publicUrl}/dashboard/villages/${villageId}/planning`;
/** The planning opened on the slots still to fill (the app's `?filtre=a-pourvoir`). */
export const openSlotsUrl = (publicUrl: string, villageId: string) => `${planningUrl(publicUrl, villageId)}?filtre=a-pourvoir`;
export const chatUrl = (publicUrl: string, villageId: string) => `${publicUrl}/dashboard/villages/${villageId}/chat`;

/** "1 nouveau créneau", "3 nouveaux créneaux": a count with its noun (and adjective) agreed. */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A text on one line, cut at `max` characters with an ellipsis: a message quoted in a digest. */
export function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** "mardi 1er décembre, 19 h": when a slot starts, in its village's zone, with the year only when not this one's. */
export const slotDay = (instant: string, zone: string, now: Date) => formatSlotStart(instant, zone, DateTime.fromJSDate(now));

/** The local date of an instant in a zone, "2026-11-24": what a digest's key names. */
export const localDate = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone }).toISODate()!;
