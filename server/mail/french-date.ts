import { DateTime } from 'luxon';
import { formatMoment, VILLAGE_ZONE } from '../../src/contract/french-time';

/**
 * "jeudi 27 novembre à 19 h", "samedi 3 janvier 2027 à 8 h 30": an instant as a French mail writes it, in
 * the village's zone, with the year only when it is not the current one (the app's formatter, for a `Date`).
 */
export const frenchDateTime = (instant: Date, zone: string = VILLAGE_ZONE, now: Date = new Date()) =>
  formatMoment(instant.toISOString(), zone, DateTime.fromJSDate(now));
