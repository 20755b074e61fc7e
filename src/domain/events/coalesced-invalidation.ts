import type { QueryClient } from '@tanstack/react-query';

/** Long enough to gather a burst of changes (a need and its helps, say) into one refetch. */
export const COALESCE_MS = 300;

/**
 * Refreshes every query of a village (the village itself, its chat, its feed: their keys hold its id),
 * at most once per burst of changes. Shown queries refetch; the others are only marked stale.
 */
export function coalescedInvalidation(queryClient: QueryClient, villageId: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(villageId) });
      }, COALESCE_MS);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
