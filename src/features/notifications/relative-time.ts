import { DateTime } from 'luxon';
import { formatAge, formatMoment } from '../../contract/french-time';

/** "il y a 5 min", "il y a 2 j"; beyond a week the date itself ("3 mars 2025") says more. */
export const relativeTime = (iso: string, now: DateTime = DateTime.now()) => formatAge(iso, now);

/** The full date for a tooltip and for screen readers: "jeudi 14 novembre 2024 à 14 h 05". */
export const fullDate = (iso: string) => formatMoment(iso, undefined, undefined, true);
