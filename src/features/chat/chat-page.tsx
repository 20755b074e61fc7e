import { useLayoutEffect, useRef, useState } from 'react';
import { isActiveVillager } from '../../contract';
import { useVillageClosed } from '../../domain/villages/village-reads';
import { notMember } from '../../contract/error-messages';
import { useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { sendMessageAction } from '../../domain/messages/actions';
import { useChatMessages, useLatestMessagesSync } from '../../domain/messages/message-reads';
import { fetchMessages } from '../../domain/messages/fetch-messages';
import { groupByDay } from './group-by-day';
import { dayLabel } from './chat-time';
import { MessageItem } from './message-item';
import { ChatComposer } from './chat-composer';
import { useMarkChatRead } from '../../domain/messages/use-unread';
import './chat.css';

const OLDER_FAILED = "Les messages précédents n'ont pas pu être chargés. Réessayez quand le réseau sera revenu.";

/** A village's conversation: the newest messages at the bottom, older ones loaded when scrolling up. */
export function ChatPage({ villageId }: { villageId: string }) {
  const latest = useLatestMessagesSync(villageId);
  const messages = useChatMessages(villageId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  const closed = useVillageClosed(villageId);
  const [older, setOlder] = useState<{ hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const keep = useRef<{ lastId: string | undefined; height: number; top: number } | null>(null);

  useMarkChatRead(me, messages);

  const hasMore = older?.hasMore ?? latest.data?.hasMore ?? false;
  const names = new Map((villagers ?? []).map((v) => [v.id, v.user?.first_name ?? null]));
  const authorOf = (villagerId: string, fallback: string | null | undefined) => names.get(villagerId) ?? fallback ?? 'Ancien membre';

  // New messages at the end bring the view down to them; older ones put above keep the reader where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !messages) return;
    const lastId = messages.at(-1)?.id;
    const before = keep.current;
    if (before && before.lastId === lastId) list.scrollTop = before.top + (list.scrollHeight - before.height);
    else list.scrollTop = list.scrollHeight;
    keep.current = { lastId, height: list.scrollHeight, top: list.scrollTop };
  }, [messages]);

  async function loadOlder() {
    const oldest = messages?.find((m) => !m.pending);
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      setOlder(await fetchMessages(villageId, oldest.id));
    } catch {
      setOlderError(OLDER_FAILED);
    } finally {
      setLoadingOlder(false);
    }
  }

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    if (keep.current) keep.current = { ...keep.current, top: list.scrollTop, height: list.scrollHeight };
    if (list.scrollTop < 40 && hasMore && !olderError) void loadOlder();
  };

  async function send(body: string) {
    if (!me) return { ok: false as const, message: notMember };
    return sendMessageAction(villageId, me.id, body);
  }

  const canWrite = !!me && isActiveVillager(me) && !closed;
  const days = groupByDay(messages ?? []);

  return (
    <section className="chat" aria-labelledby="chat-title">
      <h1 id="chat-title">Discussion</h1>
      <div className="chat-scroll" ref={listRef} onScroll={onScroll} tabIndex={0} role="region" aria-label="Messages du village">
        {hasMore ? (
          <p className="chat-older">
            <button type="button" className="secondary" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {loadingOlder ? 'Chargement…' : 'Messages précédents'}
            </button>
          </p>
        ) : null}
        {olderError ? <p role="alert">{olderError}</p> : null}
        {messages === undefined ? <p role="status">Chargement…</p> : null}
        {messages?.length === 0 ? <p className="chat-empty">Aucun message pour le moment. Écrivez le premier&nbsp;!</p> : null}
        <div role="log" aria-live="polite" aria-relevant="additions">
          {days.map((day) => (
            <section key={day.key} className="chat-day" aria-labelledby={`chat-day-${day.key}`}>
              <h2 id={`chat-day-${day.key}`} className="chat-day-label">
                {dayLabel(day.at)}
              </h2>
              <ol className="chat-messages">
                {day.messages.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    mine={message.villager_id === me?.id}
                    author={authorOf(message.villager_id, message.first_name)}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
      </div>
      {closed ? (
        <p className="chat-closed">Ce village est clôturé&nbsp;: la discussion reste à lire, sans nouveaux messages.</p>
      ) : (
        <ChatComposer onSend={send} disabled={!canWrite} />
      )}
    </section>
  );
}
