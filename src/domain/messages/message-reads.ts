import { useLiveQuery } from 'dexie-react-hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Dexie from 'dexie';
import { db, type LocalMessage } from '../../db/database';
import { fetchMessages } from './fetch-messages';
import { sendMessage, type SendMessagePayload } from './mutations/send-message';

/**
 * New messages arrive through the village's event stream (src/domain/events); this slow poll only covers a
 * stream that is down (only while visible).
 */
const POLL_MS = 120_000;

/**
 * The newest page of the chat, pulled when the screen opens, when the window gets the focus back and now
 * and then while it is shown. Under the village's key, so whatever refreshes the village refreshes it too.
 */
export const latestMessagesQuery = (villageId: string) =>
  queryOptions({
    queryKey: ['village', villageId, 'messages'],
    queryFn: () => fetchMessages(villageId),
    refetchOnWindowFocus: 'always',
    refetchInterval: POLL_MS,
  });

export const useLatestMessagesSync = (villageId: string) => useQuery(latestMessagesQuery(villageId));

/** A message as the chat shows it: refused by the server (`failure`, its French message) until a pull takes it away. */
/** A message as stored here: `pending` until the server has it. */
export type { LocalMessage };

export type ChatLine = LocalMessage & { failure?: string };

/** The village's messages on this device, oldest first; `undefined` while the first read is under way. */
export const useChatMessages = (villageId: string) =>
  useLiveQuery(async (): Promise<ChatLine[]> => {
    const [messages, refused] = await Promise.all([
      db.messages.where('[village_id+created_at]').between([villageId, Dexie.minKey], [villageId, Dexie.maxKey]).toArray(),
      db.outbox
        .where('villageId')
        .equals(villageId)
        .filter((entry) => entry.kind === sendMessage.name && entry.status === 'failed')
        .toArray(),
    ]);
    if (!refused.length) return messages;
    const failures = new Map(refused.map((entry) => [(entry.payload as SendMessagePayload).id, entry.failure?.message ?? '']));
    return messages.map((m) => (m.pending && failures.has(m.id) ? { ...m, failure: failures.get(m.id) } : m));
  }, [villageId]);
