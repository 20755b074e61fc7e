import type { LocalMessage } from '../../domain/messages/message-reads';
import { parisDayKey } from './chat-time';

export interface ChatDay<M extends LocalMessage = LocalMessage> {
  key: string;
  /** The first message's instant, for the day's label. */
  at: string;
  messages: M[];
}

/** Messages (oldest first) cut into Paris days, for the day separators. */
export function groupByDay<M extends LocalMessage>(messages: M[]): ChatDay<M>[] {
  const days: ChatDay<M>[] = [];
  for (const message of messages) {
    const key = parisDayKey(message.created_at);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, at: message.created_at, messages: [message] });
  }
  return days;
}
