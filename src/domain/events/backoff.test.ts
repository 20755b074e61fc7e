import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff';

const lowest = () => 0;
const highest = () => 0.999999;

describe('the stream reconnection delay', () => {
  it('doubles from 1 s, each wait drawn within its last quarter', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, lowest))).toEqual([750, 1500, 3000, 6000]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, highest))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits more than 30 s, however many attempts failed', () => {
    expect(reconnectDelay(5, highest)).toBe(30_000);
    expect(reconnectDelay(40, highest)).toBe(30_000);
    expect(reconnectDelay(40, lowest)).toBe(22_500);
  });
});
