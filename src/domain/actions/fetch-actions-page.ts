import { ACTIONS_PER_PAGE } from '../../contract';
import type { AnswerOf } from '../../contract/endpoint';
import { listActions } from '../../contract/endpoints/actions';
import { quietTransport } from '../../api/client';
import { failureStatus, FetchFailed, send } from '../../api/transport';

export type FeedPage = AnswerOf<typeof listActions>;

/**
 * One page of a village's feed, newest first, with `pages` beside it to know when to stop (the endpoint
 * answers the whole body). Quiet: the feed shows what it kept while it refreshes. Failures are thrown
 * (FetchFailed) for TanStack Query to keep the last page it had; a refused token is signalled by the
 * transport itself.
 */
export async function fetchActionsPage(villageId: string, page: number, signal?: AbortSignal): Promise<FeedPage> {
  const result = await send(
    quietTransport,
    listActions,
    { params: { id: villageId }, query: { per_page: ACTIONS_PER_PAGE, page, sort: '-created_at' } },
    // TanStack Query retries the query itself.
    { signal, retries: 0 },
  );
  if (!result.ok) throw new FetchFailed(failureStatus(result.failure));
  return result.data;
}
