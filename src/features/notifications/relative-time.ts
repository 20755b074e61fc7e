import { DateTime } from 'luxon';
import { VILLAGE_ZONE } from '../../contract/help-time';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** "il y a 5 min", "il y a 2 j"; beyond a week the date itself ("3 mars 2025") says more. */
export function relativeTime(iso: string, now: DateTime = DateTime.now()): string {
  const at = DateTime.fromISO(iso, { zone: VILLAGE_ZONE }).setLocale('fr');
  const age = now.toMillis() - at.toMillis();
  if (age < 60_000) return "à l'instant";
  if (age > WEEK_MS) return at.toFormat(at.year === now.setZone(VILLAGE_ZONE).year ? 'd LLLL' : 'd LLLL yyyy');
  return at.toRelative({ base: now, style: 'short', locale: 'fr' }) ?? '';
}

/** The full date for a tooltip and for screen readers: "jeudi 14 novembre 2024 à 14:05". */
export const fullDate = (iso: string) =>
  DateTime.fromISO(iso, { zone: VILLAGE_ZONE }).setLocale('fr').toFormat("cccc d LLLL yyyy 'à' HH:mm");
