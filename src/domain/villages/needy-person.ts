import { CREATION_MODE, type Village, type Villager } from '../../contract';

export interface NeedyPerson {
  name: string;
  /** Who they are to the village's creator (mode 2 only), as the creator typed it: "ma mère", "mon voisin"… */
  relationship: string | null;
  /**
   * The same, said to the other members: "Mère de Claire Martin" rather than the creator's "Ma mère"; null
   * when there is none, or the creator's name is not known.
   */
  relation: string | null;
}

const POSSESSIVE = /^(?:ma|mon|mes|notre|nos)\s+/i;
// A sentence rather than a noun ("je suis sa fille"): quoted as it was written, not turned around.
const SENTENCE = /(?:^|\s)(?:je|j['’]|moi|sa|son|ses|suis|est|c['’]est)(?:\s|$)/i;

/**
 * "Ma mère" typed by Claire Martin → "Mère de Claire Martin"; "voisine" → "Voisine de Claire Martin"; French
 * elides "de" before a vowel ("d’Anne"). A sentence stays the creator's words: "Lien avec Claire : …".
 */
export function relationForMembers(relationship: string | null, creatorName: string): string | null {
  const text = relationship?.trim();
  if (!text || !creatorName) return null;
  if (SENTENCE.test(text) && !POSSESSIVE.test(text)) return `Lien avec ${creatorName}\u00a0: ${text}`;
  const noun = text.replace(POSSESSIVE, '');
  const of = /^[aeiouyàâéèêëîïôûü]/i.test(creatorName) ? 'd’' : 'de ';
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${of}${creatorName}`;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');

/**
 * Whom the village helps. Created for a close person (mode 2): the names typed in the tunnel. Created for
 * oneself (mode 1): the creator, under their account's name. Null when nothing is known yet.
 */
export function needyPerson(village: Village, villagers: Villager[]): NeedyPerson | null {
  const creator = villagers.find((v) => v.is_creator)?.user;
  const creatorName = fullName(creator?.first_name, creator?.last_name);
  if (village.creation_mode === CREATION_MODE.closePerson) {
    const name = fullName(village.first_name, village.last_name);
    return name ? { name, relationship: village.relationship, relation: relationForMembers(village.relationship, creatorName) } : null;
  }
  return creatorName ? { name: creatorName, relationship: null, relation: null } : null;
}
