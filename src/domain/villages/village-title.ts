import type { Village } from '../../contract';

/**
 * What every screen calls a village: the name its organisers gave it ("Le village de Jeanne", the creation
 * tunnel's suggestion, the mails' subject), or, before it has one, the same form made from the first name of
 * the person it is built around. The person's full name ("Jeanne Dupont") names the person, never the village.
 */
export function villageTitle(village: Pick<Village, 'name'>, personFirstName?: string | null): string {
  const name = village.name?.trim();
  if (name) return name;
  const first = personFirstName?.trim();
  if (!first) return 'Le village';
  return /^[aeiouyàâäéèêëîïôöùûü]/i.test(first) ? `Le village d’${first}` : `Le village de ${first}`;
}
