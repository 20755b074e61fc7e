import { push } from './open-slots';

/**
 * `items` in parts of at most about `size` members, a village never cut in two (its push names all its nudged
 * members). An item counts for `membersOf` members: one each by default, or a whole village's count when the
 * items are villages.
 */
export function* wholeVillageParts<M extends { villageId: string }>(
  items: readonly M[],
  size: number,
  membersOf: (item: M) => number = () => 1,
): Generator<M[]> {
  const byVillage = new Map<string, M[]>();
  for (const m of items) push(byVillage, m.villageId, m);
  let part: M[] = [];
  let members = 0;
  for (const villageItems of byVillage.values()) {
    const count = villageItems.reduce((sum, item) => sum + membersOf(item), 0);
    if (part.length > 0 && members + count > size) {
      yield part;
      part = [];
      members = 0;
    }
    part.push(...villageItems);
    members += count;
  }
  if (part.length > 0) yield part;
}
