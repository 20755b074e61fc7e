import { NEWS_PAGE_SIZE } from '../../contract/news';
import { listNews } from '../../contract/endpoints/news';
import { db } from '../../db/database';
import { quietTransport } from '../../api/client';
import { failureStatus, FetchFailed, send } from '../../api/transport';
import { getToken } from '../../session/token';
import { storeNews } from './store-news';

/**
 * Fetches a page of a village's news (the newest, or the one before a post) into the local table; answers
 * whether older posts remain. Quiet: the journal shows what the device holds meanwhile, offline too.
 */
export async function fetchNews(villageId: string, before?: string): Promise<{ hasMore: boolean }> {
  if (!getToken()) throw new FetchFailed(401);
  const result = await send(
    quietTransport,
    listNews,
    { params: { id: villageId }, query: { limit: NEWS_PAGE_SIZE, before } },
    { retries: 0 },
  );
  if (!result.ok) throw new FetchFailed(failureStatus(result.failure));
  await storeNews(db, villageId, result.data.data, { newest: !before, hasMore: result.data.has_more });
  return { hasMore: result.data.has_more };
}
