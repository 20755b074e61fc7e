import { messages, VILLAGE_INCLUDES, type VillageInclude } from '../../src/contract';
import { invalid } from '../http/errors';

/** Parses `include=a,b.c`; asking for a nested relation brings its parents too. */
export function parseVillageIncludes(raw: string | undefined): Set<VillageInclude> {
  const set = new Set<VillageInclude>();
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(VILLAGE_INCLUDES as readonly string[]).includes(part)) {
      throw invalid([{ field: 'include', message: messages.oneOf }]);
    }
    const segments = part.split('.');
    for (let i = 1; i <= segments.length; i++) set.add(segments.slice(0, i).join('.') as VillageInclude);
  }
  return set;
}

export const includeKey = (set: Set<VillageInclude>) => [...set].sort().join(',');
