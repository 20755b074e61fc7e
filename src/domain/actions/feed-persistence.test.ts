// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsPageKey, FEED_MAX_AGE_MS } from './actions-query';
import { needsAdded } from '../../testing/feed-server';
import { FEED_CACHE_KEY, forgetPersistedFeeds } from '../../state/feed-cache';
import { persistFeedFirstPages } from './feed-persistence';

const VILLAGE = '0190a000-0000-7000-8000-000000000001';
const page = { data: needsAdded(2), pages: 3 };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A device's session: a query client with the feed kept, and what it held once its save went out. */
function session(now = () => Date.now()) {
  const client = new QueryClient();
  const stop = persistFeedFirstPages(client, now);
  return { client, stop };
}

describe('the feed kept on the device', () => {
  it("keeps each village's first page, and a cold start shows it without the network", async () => {
    vi.useFakeTimers();
    const first = session();
    first.client.setQueryData(actionsPageKey(VILLAGE, 1), page);
    first.client.setQueryData(actionsPageKey(VILLAGE, 2), page);
    first.client.setQueryData(['village', VILLAGE], { pulledAt: 1 });
    await vi.advanceTimersByTimeAsync(1_500);
    first.stop();

    const kept = JSON.parse(localStorage.getItem(FEED_CACHE_KEY)!);
    expect(kept.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['actions', VILLAGE, 1]]);

    const next = session();
    expect(next.client.getQueryData(actionsPageKey(VILLAGE, 1))).toEqual(page);
    // Shown at once, yet asked again when a screen uses it: news may have come since the save.
    expect(next.client.getQueryState(actionsPageKey(VILLAGE, 1))?.isInvalidated).toBe(true);
    expect(next.client.getQueryData(actionsPageKey(VILLAGE, 2))).toBeUndefined();
    next.stop();
  });

  it('forgets what is too old, does not fit the contract, or cannot be read, and what signing out removes', async () => {
    const save = (timestamp: number, data: unknown) =>
      localStorage.setItem(
        FEED_CACHE_KEY,
        JSON.stringify({
          timestamp,
          buster: '',
          clientState: {
            mutations: [],
            queries: [
              {
                queryKey: actionsPageKey(VILLAGE, 1),
                queryHash: JSON.stringify(actionsPageKey(VILLAGE, 1)),
                state: { data, status: 'success', dataUpdatedAt: timestamp },
              },
            ],
          },
        }),
      );
    const restored = () => {
      const s = session();
      s.stop();
      return s.client.getQueryData(actionsPageKey(VILLAGE, 1));
    };
    save(Date.now() - FEED_MAX_AGE_MS - 1, page);
    expect(restored()).toBeUndefined();
    save(Date.now(), { data: [{ id: 1 }], pages: 'x' });
    expect(restored()).toBeUndefined();
    localStorage.setItem(FEED_CACHE_KEY, '{not json');
    expect(restored()).toBeUndefined();
    expect(localStorage.getItem(FEED_CACHE_KEY)).toBeNull();
    save(Date.now(), page);
    expect(restored()).toEqual(page);
    forgetPersistedFeeds();
    expect(localStorage.getItem(FEED_CACHE_KEY)).toBeNull();
  });
});
