/**
 * Where this device keeps when it last showed each village's chat (domain/messages/chat-read.ts), one key per
 * villager. Kept in the session because clearing a session forgets them too.
 */
export const CHAT_READ_KEY_PREFIX = 'village-chat-read:';

/** Signing out: the chats' read marks of that person go with the session. */
export function forgetChatReads(storage: Storage) {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key?.startsWith(CHAT_READ_KEY_PREFIX));
  for (const key of keys) storage.removeItem(key!);
}
