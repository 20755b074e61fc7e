// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiFailure } from '../../api/failure';
import { onApiEvent } from '../../api/client';
import { FetchFailed } from '../../api/transport';
import { clearToken, setToken } from '../../session/token';
import { ID } from '../../testing/nina-village';
import { needsAdded } from '../../testing/feed-server';
import { fetchActionsPage } from './fetch-actions-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(answer: () => Response | Promise<Response>) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input)));
      return answer();
    }),
  );
  return requests;
}

const thrown = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as FetchFailed);

let unauthorized: Mock<(failure: ApiFailure) => void>;
let stopListening: () => void;
beforeEach(() => {
  setToken('tok');
  unauthorized = vi.fn();
  stopListening = onApiEvent('unauthorized', unauthorized);
});
afterEach(() => {
  stopListening();
  clearToken();
  vi.unstubAllGlobals();
});

describe('a page of the feed', () => {
  it('asks for the page newest first and answers it with the number of pages', async () => {
    const actions = needsAdded(2);
    const requests = stubServer(() => json({ data: actions, pages: 4 }));
    expect(await fetchActionsPage(ID.village, 2)).toEqual({ data: actions, pages: 4 });
    expect(requests.map((url) => [url.pathname, url.search])).toEqual([[`/v1/villages/${ID.village}/actions`, '?per_page=10&page=2&sort=-created_at']]);
  });

  it('throws what TanStack Query keeps the last page for: offline, refused, unreadable', async () => {
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await thrown(fetchActionsPage(ID.village, 1)))?.status).toBe('offline');
    stubServer(() => json({ message: 'Accès refusé', http_code: 403 }, 403));
    expect((await thrown(fetchActionsPage(ID.village, 1)))?.status).toBe(403);
    // A body without `pages` cannot be paged.
    stubServer(() => json({ data: [] }));
    const unreadable = await thrown(fetchActionsPage(ID.village, 1));
    expect([unreadable instanceof FetchFailed, unreadable?.status]).toEqual([true, 200]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a refused token by itself, with no other call', async () => {
    const requests = stubServer(() => json({ message: 'Non authentifié', http_code: 401 }, 401));
    expect((await thrown(fetchActionsPage(ID.village, 1)))?.status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });
});
