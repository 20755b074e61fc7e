import { describe, expect, it } from 'vitest';
import { checkDateAfterShowing, hasUnseen } from './unseen';

const at = (created_at: string) => ({ created_at });
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

  it('records the newest action shown as the check date, and nothing when all was seen', () => {
    expect(checkDateAfterShowing(feed, '2024-11-10T09:01:00.000Z')).toBe('2024-11-10T09:05:00.000Z');
    expect(checkDateAfterShowing(feed, null)).toBe('2024-11-10T09:05:00.000Z');
    expect(checkDateAfterShowing(feed, '2024-11-10T09:05:00.000Z')).toBeNull();
    expect(checkDateAfterShowing([], null)).toBeNull();
  });
});
