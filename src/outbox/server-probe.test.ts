import { describe, expect, it } from 'vitest';
import { FAST_PROBES, PROBE_EVERY_MS, probeDelay, SLOWEST_PROBE_MS } from './server-probe';

describe('the probe of a server that does not answer', () => {
  it('asks every 2 s for ten minutes, then less and less often, never less than every 30 s', () => {
    const delays = Array.from({ length: FAST_PROBES + 20 }, (_, n) => probeDelay(n));
    expect(delays.slice(0, FAST_PROBES)).toEqual(Array(FAST_PROBES).fill(PROBE_EVERY_MS));
    expect(delays.slice(0, FAST_PROBES).reduce((a, b) => a + b)).toBe(600_000);
    const later = delays.slice(FAST_PROBES);
    expect(later[0]).toBeGreaterThan(PROBE_EVERY_MS);
    for (let i = 1; i < later.length; i++) expect(later[i]).toBeGreaterThanOrEqual(later[i - 1]);
    expect(Math.max(...later)).toBe(SLOWEST_PROBE_MS);
  });
});
