import { push } from './open-slots';

/** `members` in parts of at most about `size`, a village never cut in two (its push names all its nudged members). */
export function* wholeVillageParts<M extends { villageId: string }>(members: readonly M[], size: number): Generator<M[]> {
  const byVillage = new Map<string, M[]>();
  for (const m of members) push(byVillage, m.villageId, m);
  let part: M[] = [];
  for (const villageMembers of byVillage.values()) {
    if (part.length > 0 && part.length + villageMembers.length > size) {
      yield part;
      part = [];
    }
    part.push(...villageMembers);
  }
  if (part.length > 0) yield part;
}
