/**
 * Where the village feeds' first pages are kept between visits (domain/actions/feed-persistence.ts
 * writes them). Here, below the features, because signing out (src/session) must forget them too.
 */
export const FEED_CACHE_KEY = 'village-feed-cache';

/** localStorage, or null where it is disabled (some webviews, strict privacy settings): the feed is then simply not kept. */
export function feedStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Signing out: the feeds kept on this device go with the session. */
export function forgetPersistedFeeds() {
  feedStorage()?.removeItem(FEED_CACHE_KEY);
}
