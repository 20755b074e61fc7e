import { CHAT_PAGE_SIZE } from '../../contract';
import { listMessages } from '../../contract/endpoints/messages';
import { db } from '../../db/database';
import { quietTransport } from '../../api/client';
import { failureStatus, FetchFailed, send } from '../../api/transport';
import { getToken } from '../../session/token';
import { storeMessages } from './store-messages';

/**
 * Fetches a page of a village's chat (the newest, or the one before a message) into the local table;
 * answers whether older messages remain on the server. Quiet: the chat shows what the device holds
 * meanwhile. A page that did not arrive throws FetchFailed, and the device keeps showing what it has.
 */
export async function fetchMessages(villageId: string, before?: string): Promise<{ hasMore: boolean }> {
  // Signed out: nothing to ask for.
  if (!getToken()) throw new FetchFailed(401);
  // TanStack Query retries the newest page itself; an older page is asked for again by the user.
  const result = await send(
    quietTransport,
    listMessages,
    { params: { id: villageId }, query: { limit: CHAT_PAGE_SIZE, before } },
    { retries: 0 },
  );
  if (!result.ok) throw new FetchFailed(failureStatus(result.failure));
  await storeMessages(db, villageId, result.data.data, { newest: !before });
  return { hasMore: result.data.has_more };
}
