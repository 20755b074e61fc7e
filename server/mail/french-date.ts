import { DateTime } from 'luxon';
import { VILLAGE_ZONE } from '../../src/contract/help-time';

/**
 * "jeudi 27 novembre à 19 h", "samedi 3 janvier 2027 à 8 h 30": an instant as a French mail writes it, in
 * the village's zone, with the year only when it is not the current one.
 */
export function frenchDateTime(instant: Date, zone: string = VILLAGE_ZONE, now: Date = new Date()): string {
  const at = DateTime.fromJSDate(instant, { zone }).setLocale('fr');
  const sameYear = at.year === DateTime.fromJSDate(now, { zone }).year;
  const day = at.toFormat(sameYear ? 'cccc d LLLL' : 'cccc d LLLL yyyy');
  const time = at.minute === 0 ? at.toFormat("H' h'") : at.toFormat("H' h 'mm");
  return `${day} à ${time}`;
}
