import * as v from 'valibot';
import { CHAT_PAGE_SIZE, MessagesPage } from '../../contract';
import { db } from '../../db/database';
import { apiBaseUrl } from '../../api/base-url';
import { send } from '../../outbox/transport';
import { getToken } from '../../session/token';
import { storeMessages } from './store-messages';

/** A page of the chat that did not arrive: the device keeps showing what it has. */
export class MessagesUnavailable extends Error {
  constructor(readonly status: number | 'offline') {
    super(status === 'offline' ? 'offline' : `HTTP ${status}`);
  }
}

/**
 * Fetches a page of a village's chat (the newest, or the one before a message) into the local table;
 * answers whether older messages remain on the server.
 */
export async function fetchMessages(villageId: string, before?: string): Promise<{ hasMore: boolean }> {
  const token = getToken();
  if (!token) throw new MessagesUnavailable(401);
  const query: Record<string, string> = { limit: String(CHAT_PAGE_SIZE) };
  if (before) query.before = before;
  let response: Response;
  try {
    response = await send({ fetch: globalThis.fetch.bind(globalThis), baseUrl: apiBaseUrl() || location.origin }, token, {
      method: 'GET',
      path: `/v1/villages/${villageId}/messages`,
      query,
    });
  } catch {
    throw new MessagesUnavailable('offline');
  }
  if (!response.ok) throw new MessagesUnavailable(response.status);
  const page = v.parse(MessagesPage, await response.json());
  await storeMessages(db, villageId, page.data, { newest: !before });
  return { hasMore: page.has_more };
}
