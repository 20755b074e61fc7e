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

/**
 * What one producer run takes of `items`: whole villages, in their order, up to about `perRun` members (one
 * village at least, however large), and whether any were left. A run is then bounded whatever the number of
 * villages; the next minute's takes the rest (settled-mark.ts).
 */
export function runShare<M extends { villageId: string }>(
  items: readonly M[],
  perRun: number,
  membersOf: (item: M) => number = () => 1,
): { share: M[]; left: boolean } {
  const parts = wholeVillageParts(items, perRun, membersOf);
  const first = parts.next();
  return { share: first.done ? [] : first.value, left: !parts.next().done };
}
