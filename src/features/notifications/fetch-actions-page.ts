import * as v from 'valibot';
import { ACTIONS_PER_PAGE, ActionsPage } from '../../contract';
import { apiBaseUrl } from '../../api/base-url';
import { call } from '../../api/client';
import { getToken } from '../../session/token';
import { PullFailed } from '../village-data/village-query';

export type FeedPage = v.InferOutput<typeof ActionsPage>;

/**
 * One page of a village's feed, newest first. Fetched here rather than through the API client because the
 * client answers only the body's `data`, and the feed needs `pages` beside it to know when to stop.
 * Failures are thrown (PullFailed) for TanStack Query to keep the last page it had.
 */
export async function fetchActionsPage(villageId: string, page: number, signal?: AbortSignal): Promise<FeedPage> {
  const url = new URL(`${apiBaseUrl()}/v1/villages/${villageId}/actions`, globalThis.location?.origin ?? 'http://localhost:3333');
  url.search = new URLSearchParams({ per_page: String(ACTIONS_PER_PAGE), page: String(page), sort: '-created_at' }).toString();
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal });
  } catch {
    throw new PullFailed('offline');
  }
  // The ordinary client takes a refused token through the expired-session path.
  if (res.status === 401) void call('GET', '/v1/users/me', { showErrorPage: false });
  if (!res.ok) throw new PullFailed(res.status);
  const parsed = v.safeParse(ActionsPage, await res.json().catch(() => null));
  if (!parsed.success) throw new PullFailed(res.status);
  return parsed.output;
}
