import type { LocalMessage } from '../../db/database';

type Counted = Pick<LocalMessage, 'villager_id' | 'created_at' | 'pending'>;

/** Above this the tab says "9+": a count is for glancing at, and the device holds only the newest page. */
export const UNREAD_SHOWN_MAX = 9;

/**
 * Messages the villager has not been shown on this device: written by others after the chat was last shown
 * here, or, never shown here, after the villager joined (what was said before is not news to a newcomer).
 */
export function unreadCount(messages: readonly Counted[], me: { id: string; created_at: string }, readAt: string | null): number {
  const since = Date.parse(readAt ?? me.created_at);
  return messages.filter((m) => m.villager_id !== me.id && !m.pending && Date.parse(m.created_at) > since).length;
}

/** What the tab shows: "3", or "9+" beyond. */
export const unreadShown = (count: number) => (count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(count));

/** What a screen reader hears after "Discussion": ", 3 messages non lus", ", plus de 9 messages non lus". */
export function unreadSpoken(count: number): string {
  if (count > UNREAD_SHOWN_MAX) return `, plus de ${UNREAD_SHOWN_MAX} messages non lus`;
  return count === 1 ? ', 1 message non lu' : `, ${count} messages non lus`;
}

/** The instant to record once messages are shown: the newest shown (the server's clock, not the device's). */
export function newestShown(messages: readonly Counted[]): string | null {
  const confirmed = messages.filter((m) => !m.pending);
  if (!confirmed.length) return null;
  return new Date(Math.max(...confirmed.map((m) => Date.parse(m.created_at)))).toISOString();
}
