import { unreadShown } from '../../domain/messages/unread';
import './unread-badge.css';

/**
 * The count of messages not shown yet, on the "Discussion" entry ("9+" beyond nine). Seen only: the entry's
 * own name says it to screen readers ("Discussion, 3 messages non lus", `unreadSpoken`). Drawn by CSS from
 * `data-count`, so the entry's visible text stays its label, which its name begins with (WCAG 2.5.3).
 */
export function ChatUnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  return <span className="chat-unread" data-testid="chat-unread" data-count={unreadShown(count)} aria-hidden="true" />;
}
