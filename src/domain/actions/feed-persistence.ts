import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import * as v from 'valibot';
import { ActionsPage } from '../../contract';
import { FEED_CACHE_KEY, feedStorage } from '../../state/feed-cache';
import { FEED_MAX_AGE_MS, isFirstFeedPage } from './actions-query';

/** What may be trusted from storage: first pages of feeds whose data still fits the contract. */
function firstPagesOnly(state: DehydratedState): DehydratedState {
  return {
    mutations: [],
    queries: state.queries.filter((q) => isFirstFeedPage(q.queryKey) && v.is(ActionsPage, q.state.data)),
  };
}

/**
 * Keeps each village feed's first page in localStorage (TanStack Query's sync-storage persister), so a cold
 * start offline shows the last known news at once. Only those queries: everything else the app shows lives
 * in Dexie. The restore is synchronous, before any screen asks for the feed. Answers the unsubscribe.
 */
export function persistFeedFirstPages(queryClient: QueryClient, now: () => number = Date.now): () => void {
  const persister = createSyncStoragePersister({ storage: feedStorage(), key: FEED_CACHE_KEY });
  try {
    const saved = persister.restoreClient() as { timestamp?: number; clientState?: DehydratedState } | undefined;
    if (saved?.clientState && typeof saved.timestamp === 'number' && now() - saved.timestamp < FEED_MAX_AGE_MS) {
      // Restored pages stay in memory as long as they are kept, so the next save does not lose them.
      hydrate(queryClient, firstPagesOnly(saved.clientState), { defaultOptions: { queries: { gcTime: FEED_MAX_AGE_MS } } });
      // Shown at once but asked again on first use: a page saved seconds ago may miss news since.
      void queryClient.invalidateQueries({ predicate: (q) => isFirstFeedPage(q.queryKey), refetchType: 'none' });
    }
  } catch {
    // Unreadable (another version, a hand edit): start from the network.
    void persister.removeClient();
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isFirstFeedPage(event.query.queryKey)) return;
    // A new page is kept; a removed one (a village that left the device) leaves the storage too.
    const changed = (event.type === 'updated' && event.action.type === 'success') || event.type === 'removed';
    if (!changed) return;
    void persister.persistClient({
      timestamp: now(),
      buster: '',
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: (q) => isFirstFeedPage(q.queryKey) && q.state.status === 'success' }),
    });
  });
}
