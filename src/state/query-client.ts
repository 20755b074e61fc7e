import { QueryClient } from '@tanstack/react-query';

/**
 * Drives fetching (staleness, refetch on reconnect and focus, dedup). Queries of data kept in Dexie only
 * refresh the local tables; screens read the tables. `offlineFirst`: a query runs once even offline, so a
 * lost connection ends in a failure the screen can mention instead of a query paused forever.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { networkMode: 'offlineFirst', staleTime: 30_000, retry: 1 },
  },
});
