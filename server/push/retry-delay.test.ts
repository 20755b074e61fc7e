import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/contract/retry';
import { pushRetryDelay } from './retry-delay';

describe('when a push goes again', () => {
  it('waits 30 s, 1, 2 then 4 min after the first four attempts, always the same', () => {
    expect([1, 2, 3, 4].map((attempts) => pushRetryDelay(attempts, null))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it("follows the push service's Retry-After, in seconds or as a date, up to an hour", () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    expect(pushRetryDelay(1, retryAfterMs('120', now))).toBe(120_000);
    expect(pushRetryDelay(3, retryAfterMs('Sat, 01 Jun 2024 12:05:00 GMT', now))).toBe(300_000);
    expect(pushRetryDelay(1, retryAfterMs('86400', now))).toBe(3600_000);
  });

  it('keeps its own pace when Retry-After says nothing usable (zero, a past date, garbage)', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    for (const header of ['0', 'Sat, 01 Jun 2024 11:00:00 GMT', 'bientôt']) {
      expect(pushRetryDelay(2, retryAfterMs(header, now))).toBe(60_000);
    }
  });
});
