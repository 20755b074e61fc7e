/**
 * Runs `fn` only when no other replayer holds the lock: page tabs and the service worker share a Web Lock
 * (navigator.locks); where there is none (Node in unit tests), a lock per process does the same.
 * Answers null when someone else is replaying.
 */
const held = new Set<string>();

export async function withExclusiveLock<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) {
    return locks.request(name, { ifAvailable: true }, async (lock: Lock | null) => (lock ? fn() : null));
  }
  if (held.has(name)) return null;
  held.add(name);
  try {
    return await fn();
  } finally {
    held.delete(name);
  }
}
