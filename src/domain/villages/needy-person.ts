import { CREATION_MODE, type Village, type Villager } from '../../contract';

export interface NeedyPerson {
  name: string;
  /** Who they are to the village's creator (mode 2 only): "ma mère", "mon voisin"… */
  relationship: string | null;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');

/**
 * Whom the village helps. Created for a close person (mode 2): the names typed in the tunnel. Created for
 * oneself (mode 1): the creator, under their account's name. Null when nothing is known yet.
 */
export function needyPerson(village: Village, villagers: Villager[]): NeedyPerson | null {
  if (village.creation_mode === CREATION_MODE.closePerson) {
    const name = fullName(village.first_name, village.last_name);
    return name ? { name, relationship: village.relationship } : null;
  }
  const creator = villagers.find((v) => v.is_creator)?.user;
  const name = fullName(creator?.first_name, creator?.last_name);
  return name ? { name, relationship: null } : null;
}
