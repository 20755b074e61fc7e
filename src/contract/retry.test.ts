import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs, type Backoff } from './retry';

const equalJitter: Backoff = { baseMs: 1_000, maxMs: 10_000, jitter: 0.5 };
const lowest = () => 0;
const highest = () => 1;

describe('the backoff', () => {
  it('doubles from the base at each attempt, up to the ceiling', () => {
    const noJitter: Backoff = { ...equalJitter, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 30].map((attempt) => backoffDelay(noJitter, attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
  });

  it('draws the jittered part of each wait at random, within its bounds', () => {
    expect([0, 1, 2].map((attempt) => backoffDelay(equalJitter, attempt, { random: lowest }))).toEqual([500, 1_000, 2_000]);
    expect([0, 1, 2].map((attempt) => backoffDelay(equalJitter, attempt, { random: highest }))).toEqual([1_000, 2_000, 4_000]);
    expect(backoffDelay(equalJitter, 1, { random: () => 0.5 })).toBe(1_500);
    const full: Backoff = { ...equalJitter, jitter: 1 };
    expect(backoffDelay(full, 3, { random: lowest })).toBe(0);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(equalJitter, 2);
      expect(delay).toBeGreaterThanOrEqual(2_000);
      expect(delay).toBeLessThanOrEqual(4_000);
    }
  });

  it('treats a negative attempt as the first', () => {
    expect(backoffDelay(equalJitter, -3, { random: highest })).toBe(1_000);
  });

  it('follows the server’s Retry-After instead, capped at the ceiling', () => {
    expect(backoffDelay(equalJitter, 4, { retryAfterMs: 1_500, random: lowest })).toBe(1_500);
    expect(backoffDelay(equalJitter, 0, { retryAfterMs: 0 })).toBe(0);
    expect(backoffDelay(equalJitter, 0, { retryAfterMs: 60_000 })).toBe(10_000);
    // No Retry-After: the backoff again.
    expect(backoffDelay(equalJitter, 0, { retryAfterMs: null, random: lowest })).toBe(500);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-03-02T10:00:00Z');

  it('reads a number of seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 3 ', now)).toBe(3_000);
    expect(retryAfterMs('0', now)).toBe(0);
  });

  it('reads an HTTP date, measured on the given clock, and never below zero', () => {
    expect(retryAfterMs('Mon, 02 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 02 Mar 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('ignores what is absent or cannot be read', () => {
    const unreadable = [null, undefined, '', '   ', 'soon', '-5', '1.5', 'Mon, 99 Foo 2026'];
    expect(unreadable.map((header) => retryAfterMs(header, now))).toEqual(unreadable.map(() => null));
  });
});
