import { describe, expect, it } from 'vitest';
import { checkDateAfterShowing, hasUnseen } from './unseen';

const at = (created_at: string, villager_id: string | null = 'bruno') => ({ created_at, villager_id });
const feed = [at('2024-11-10T09:05:00.000Z'), at('2024-11-10T09:00:00.000Z')];

describe('unseen news', () => {
  it('exists when any action is newer than the last check, and always when there was no check yet', () => {
    expect(hasUnseen(feed, '2024-11-10T09:01:00.000Z')).toBe(true);
    expect(hasUnseen(feed, '2024-11-10T09:05:00.000Z')).toBe(false);
    expect(hasUnseen(feed, '2024-11-11T00:00:00.000Z')).toBe(false);
    expect(hasUnseen(feed, null)).toBe(true);
    expect(hasUnseen([], null)).toBe(false);
  });

  it('compares instants, not strings: an offset or missing milliseconds do not fool it', () => {
    expect(hasUnseen([at('2024-11-10T10:05:00+01:00')], '2024-11-10T09:05:00.000Z')).toBe(false);
    expect(hasUnseen([at('2024-11-10T09:05:00.001Z')], '2024-11-10T09:05:00Z')).toBe(true);
  });

  it("never counts the villager's own actions: nobody needs telling what they just did", () => {
    const mine = [at('2024-11-10T09:05:00.000Z', 'alice'), at('2024-11-10T09:00:00.000Z', 'alice')];
    expect(hasUnseen(mine, null, 'alice')).toBe(false);
    expect(hasUnseen(mine, null, 'bruno')).toBe(true);
    expect(hasUnseen([...mine, at('2024-11-10T08:00:00.000Z', 'bruno')], '2024-11-10T08:30:00.000Z', 'alice')).toBe(false);
    // Someone else's, or no one's (the village opening), still is news.
    expect(hasUnseen([...mine, at('2024-11-10T09:01:00.000Z', null)], '2024-11-10T08:30:00.000Z', 'alice')).toBe(true);
    expect(checkDateAfterShowing(mine, null, 'alice')).toBeNull();
    expect(checkDateAfterShowing([...mine, at('2024-11-10T09:01:00.000Z')], null, 'alice')).toBe('2024-11-10T09:05:00.000Z');
  });

  it('records the newest action shown as the check date, and nothing when all was seen', () => {
    expect(checkDateAfterShowing(feed, '2024-11-10T09:01:00.000Z')).toBe('2024-11-10T09:05:00.000Z');
    expect(checkDateAfterShowing(feed, null)).toBe('2024-11-10T09:05:00.000Z');
    expect(checkDateAfterShowing(feed, '2024-11-10T09:05:00.000Z')).toBeNull();
    expect(checkDateAfterShowing([], null)).toBeNull();
  });
});
