import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { zoneOffsets } from './zone-offsets';

const from = Date.UTC(2026, 0, 1);
const to = Date.UTC(2027, 11, 31);

describe('the offsets of a zone', () => {
  it.each(['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe'])('are luxon’s at every quarter hour of two years in %s', (zone) => {
    const offsetAt = zoneOffsets(zone);
    const iana = IANAZone.create(zone);
    // One assertion on the list of misses: an `expect` per quarter hour (70,000 of them) took most of the time.
    const misses: string[] = [];
    for (let ms = from; ms < to; ms += 900_000) {
      const [got, want] = [offsetAt(ms), iana.offset(ms) * 60_000];
      if (got !== want) misses.push(`${new Date(ms).toISOString()}: ${got} instead of ${want}`);
    }
    expect(misses).toEqual([]);
  });

  it('are kept once per zone: the page and the server ask again at no cost', () => {
    expect(zoneOffsets('Europe/Paris')).toBe(zoneOffsets('Europe/Paris'));
    expect(zoneOffsets('Europe/Paris')).not.toBe(zoneOffsets('America/New_York'));
  });
});
