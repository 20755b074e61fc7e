/**
 * When this device last showed a village's chat to the villager: kept in localStorage per villager (a
 * person has one villager per village), like the feed's check date is kept per villager, so a phone and a
 * laptop each count what they have not shown. Listeners hear changes from this page and from other tabs.
 * Signing out forgets them (src/session/clear-session.ts).
 */
import { CHAT_READ_KEY_PREFIX as KEY_PREFIX } from '../../session/chat-read-key';

const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Disabled storage (strict privacy settings): nothing is kept, every message since joining counts.
    return null;
  }
};

export const chatReadKey = (villagerId: string) => `${KEY_PREFIX}${villagerId}`;

export function chatReadAt(villagerId: string): string | null {
  return storage()?.getItem(chatReadKey(villagerId)) ?? null;
}

/** Records that the chat was shown up to `instant` (never moves back: an older page arriving late changes nothing). */
export function markChatRead(villagerId: string, instant: string): void {
  const before = chatReadAt(villagerId);
  if (before && Date.parse(before) >= Date.parse(instant)) return;
  try {
    storage()?.setItem(chatReadKey(villagerId), instant);
  } catch {
    // A full storage only leaves the count on: nothing the user must act on.
    return;
  }
  for (const listener of listeners) listener();
}

export function subscribeChatRead(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  globalThis.addEventListener?.('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', fromOtherTab);
  };
}
