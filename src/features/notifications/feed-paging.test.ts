import { describe, expect, it } from 'vitest';
import { flattenPages, nextPage } from './feed-paging';

describe('feed paging', () => {
  it('fetches more while the next page is at most the total of pages', () => {
    expect(nextPage(1, 3)).toBe(2);
    expect(nextPage(2, 3)).toBe(3);
    expect(nextPage(3, 3)).toBeNull();
    expect(nextPage(1, 1)).toBeNull();
    // An empty feed answers 0 pages; no answer yet: nothing to ask.
    expect(nextPage(1, 0)).toBeNull();
    expect(nextPage(1, undefined)).toBeNull();
  });

  it('shows each action once in page order, when new actions pushed some onto the next page', () => {
    const a = { id: 'a' },
      b = { id: 'b' },
      c = { id: 'c' },
      d = { id: 'd' };
    expect(flattenPages([[a, b], [b, c], undefined, [d]])).toEqual([a, b, c, d]);
  });
});
