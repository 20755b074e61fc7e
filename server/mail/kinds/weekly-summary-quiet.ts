import type { Db } from '../../db/client';
import type { MailSection } from '../layout';
import { quietFirstNames, QUIET_DAYS } from './quiet-members';

/** How many quiet members the summary names; more are said as "et N autres". */
export const WEEKLY_LISTED_QUIET = 10;

/**
 * The first names of each village's quiet members (nothing taken for a month, nudge-producer.ts), in
 * alphabetical order: who to call, never a ranking nor what each one did.
 */
export async function quietNamesOf(db: Db, villageIds: string[], now: Date): Promise<Map<string, string[]>> {
  const byVillage = await quietFirstNames(db, villageIds, now);
  for (const names of byVillage.values()) names.sort((a, b) => a.localeCompare(b, 'fr'));
  return byVillage;
}

/** "Hugo, Ines et Jules": names as a sentence says them. */
const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`);

/** The summary's part on quiet members, or none when everyone came. */
export function quietSection(names: string[], more: number): MailSection | null {
  if (names.length === 0) return null;
  const who = more > 0 ? `${names.join(', ')} et ${more} autre${more > 1 ? 's' : ''}` : listed(names);
  const plural = names.length + more > 1;
  return {
    heading: 'Pas vus depuis un moment',
    lines: [
      `${who} ${plural ? 'n’ont' : 'n’a'} pris aucun créneau depuis plus de ${QUIET_DAYS} jours. Un petit mot de votre part peut donner envie de revenir.`,
    ],
  };
}
