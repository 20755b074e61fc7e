/**
 * Asks the browser not to evict this site's storage under pressure: the outbox holds writes that exist
 * nowhere else. Chromium grants it silently to installed or often-used apps; refusals change nothing.
 */
export async function askForPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
