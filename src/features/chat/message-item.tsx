import { messageTime } from './chat-time';
import type { ChatLine } from '../../domain/messages/message-reads';

/** One message: its author and time, then its text as plain text (React escapes it, nothing is read as HTML). */
export function MessageItem({ message, author, mine }: { message: ChatLine; author: string; mine: boolean }) {
  return (
    <li className={mine ? 'chat-message chat-message-mine' : 'chat-message'}>
      <p className="chat-message-meta">
        <span className="chat-message-author">{mine ? 'Vous' : author}</span>{' '}
        <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
      </p>
      <p className="chat-message-body">{message.body}</p>
      {message.failure !== undefined ? (
        <p className="chat-message-failed">Non envoyé{message.failure ? `\u00a0: ${message.failure}` : ''}</p>
      ) : message.pending ? (
        <p className="chat-message-pending">En attente d'envoi</p>
      ) : null}
    </li>
  );
}
