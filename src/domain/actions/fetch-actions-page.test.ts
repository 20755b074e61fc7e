// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FetchFailed } from '../../api/transport';
import { ID } from '../../testing/nina-village';
import { needsAdded } from '../../testing/feed-server';
import { json, signedInHearingUnauthorized, stubServer, thrown } from '../../testing/stub-server';
import { fetchActionsPage } from './fetch-actions-page';

const unauthorized = signedInHearingUnauthorized();

describe('a page of the feed', () => {
  it('asks for the page newest first and answers it with the number of pages', async () => {
    const actions = needsAdded(2);
    const requests = stubServer(() => json({ data: actions, pages: 4 }));
    expect(await fetchActionsPage(ID.village, 2)).toEqual({ data: actions, pages: 4 });
    expect(requests.map(({ url }) => [url.pathname, url.search])).toEqual([
      [`/v1/villages/${ID.village}/actions`, '?per_page=10&page=2&sort=-created_at'],
    ]);
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
