import { vi } from 'vitest';
import { ACTIONS_PER_PAGE, type Action } from '../contract';
import { ID } from './nina-village';
import { json } from './stub-server';

/** `count` needs added by Hugo, a minute apart, the newest `minutesAgo` minutes ago: a feed, newest first. */
export function needsAdded(count: number, minutesAgo = 1): Action[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `0190a000-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
    village_id: ID.village,
    villager_id: ID.hugo,
    type: 'need_added' as const,
    created_at: new Date(Date.now() - (minutesAgo + i) * 60_000).toISOString(),
    data: { need_id: `need-${i + 1}`, name: `Besoin ${i + 1}` },
  }));
}

/**
 * The server as the feed sees it: the actions route pages `feed` like the real one; any other call (the
 * village pull) answers 503, so screens keep to the test's local tables. `offline` makes every call fail.
 */
export function stubFeedServer(feed: Action[], options: { offline?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (options.offline) throw new TypeError('Failed to fetch');
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/^\/v1\/villages\/[^/]+\/actions$/.test(url.pathname)) {
      const page = Number(url.searchParams.get('page'));
      const data = feed.slice((page - 1) * ACTIONS_PER_PAGE, page * ACTIONS_PER_PAGE);
      return json({ data, pages: Math.ceil(feed.length / ACTIONS_PER_PAGE) });
    }
    return json({ message: 'Indisponible', http_code: 503 }, 503);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The pages of the feed asked for, in order. */
export const pagesAsked = (fetchMock: ReturnType<typeof stubFeedServer>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname.endsWith('/actions'))
    .map((url) => Number(url.searchParams.get('page')));
