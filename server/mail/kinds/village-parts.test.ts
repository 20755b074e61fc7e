import { describe, expect, it } from 'vitest';
import { runShare, wholeVillageParts } from './village-parts';

const members = (village: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ villageId: village, id: `${village}-${i}` }));

describe('the parts a run is written in', () => {
  it('keep each village whole, stay within the size where villages allow it, and hold every member once', () => {
    const all = [...members('a', 4), ...members('b', 3), ...members('c', 5), ...members('d', 1)];
    // Members come in any order: a village's members still land in one part.
    const shuffled = [...all].reverse();
    const parts = [...wholeVillageParts(shuffled, 6)];
    expect(
      parts
        .flat()
        .map((m) => m.id)
        .sort(),
    ).toEqual(all.map((m) => m.id).sort());
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(6);
    const partOf = new Map(parts.flatMap((part, i) => part.map((m) => [m.villageId, i] as const)));
    for (const m of all) expect(parts[partOf.get(m.villageId)!].some((other) => other.id === m.id)).toBe(true);
    expect(parts.length).toBe(3);
  });

  it('give a village larger than the size a part of its own, and nothing for no members', () => {
    const parts = [...wholeVillageParts([...members('a', 2), ...members('big', 9), ...members('c', 2)], 4)];
    expect(parts.map((part) => part.length)).toEqual([2, 9, 2]);
    expect([...wholeVillageParts([], 4)]).toEqual([]);
  });

  it('count an item as the members it stands for: villages with their counts make parts of about the size in members', () => {
    const villages = [
      { villageId: 'a', members: 3 },
      { villageId: 'b', members: 4 },
      { villageId: 'c', members: 9 },
      { villageId: 'd', members: 1 },
    ];
    const parts = [...wholeVillageParts(villages, 8, (v) => v.members)];
    expect(parts.map((part) => part.map((v) => v.villageId))).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('take one run’s share of whole villages in their order, and say whether some were left', () => {
    const villages = [
      { villageId: 'a', members: 3 },
      { villageId: 'b', members: 4 },
      { villageId: 'c', members: 2 },
    ];
    const byMembers = (v: { members: number }) => v.members;
    expect(runShare(villages, 7, byMembers)).toEqual({ share: villages.slice(0, 2), left: true });
    expect(runShare(villages, 9, byMembers)).toEqual({ share: villages, left: false });
    // A village larger than the share is still taken whole, alone.
    expect(runShare([{ villageId: 'big', members: 30 }, ...villages], 7, byMembers)).toEqual({
      share: [{ villageId: 'big', members: 30 }],
      left: true,
    });
    expect(runShare([], 7, byMembers)).toEqual({ share: [], left: false });
  });
});
