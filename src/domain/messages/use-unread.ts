import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import Dexie from 'dexie';
import { isActiveVillager, type Villager } from '../../contract';
import { db, type LocalMessage } from '../../db/database';
import { useMyVillager } from '../villagers/villager-reads';
import { latestMessagesQuery } from './message-reads';
import { chatReadAt, markChatRead, subscribeChatRead } from './chat-read';
import { newestShown, unreadCount } from './unread';

/** When this device last showed the chat to the villager, kept in step with other tabs. */
const useChatReadAt = (villagerId: string | undefined) =>
  useSyncExternalStore(
    subscribeChatRead,
    () => (villagerId ? chatReadAt(villagerId) : null),
    () => null,
  );

/**
 * How many messages of others this device has not shown the villager in the village's chat. The newest page
 * is pulled for it (and refreshed with the village, by its live events), so the tab tells of new messages
 * without the chat being open.
 */
export function useUnreadCount(villageId: string): number {
  const me = useMyVillager(villageId);
  const member = !!me && isActiveVillager(me);
  useQuery({ ...latestMessagesQuery(villageId), enabled: member });
  const readAt = useChatReadAt(me?.id);
  // As the server writes instants (UTC), to the second: a lower bound of the index's strings.
  const since = readAt ?? me?.created_at;
  const from = since && Number.isFinite(Date.parse(since)) ? new Date(Date.parse(since)).toISOString().slice(0, 19) : null;
  const recent = useLiveQuery(
    (): Promise<LocalMessage[]> =>
      // The index narrows to what may count; unreadCount compares the instants exactly.
      from
        ? db.messages.where('[village_id+created_at]').between([villageId, from], [villageId, Dexie.maxKey]).toArray()
        : Promise.resolve([]),
    [villageId, from],
  );
  return member && recent ? unreadCount(recent, me, readAt) : 0;
}

/** While the chat is shown (its page open and the tab visible), what it shows is read: the tab's count goes. */
export function useMarkChatRead(me: Villager | null | undefined, shown: readonly LocalMessage[] | undefined) {
  useEffect(() => {
    if (!me || !isActiveVillager(me) || !shown) return;
    const mark = () => {
      const newest = newestShown(shown);
      if (newest && document.visibilityState !== 'hidden') markChatRead(me.id, newest);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [me, shown]);
}
