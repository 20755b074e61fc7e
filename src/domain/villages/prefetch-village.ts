import type { QueryClient } from '@tanstack/react-query';
import { importChunk } from '../../pwa/lazy-chunk';

/**
 * The village routes' loader (src/routes/_dashboard.dashboard.villages.$id.tsx): starts the village's pull with
 * the app's query client and returns at once. Offline-first: the screen shows what the device holds (the local
 * store), so the navigation never waits on the network, and a pull that fails (no network, a refused call)
 * never fails it; the screen's useVillageSync reads the same query and says how fresh it is. Not
 * `ensureQueryData`: it would skip a pull older than the staleTime and throw when the network is out, where
 * `prefetchQuery` pulls again once stale and never throws. The data layer is imported only when a village
 * route is reached, as is the client: the sign-in screens carry neither (the first screen's size budget). An
 * import is tried twice, and waits when the page is being left (src/pwa/lazy-chunk.ts); if it still fails
 * the screen keeps what the device holds.
 */
export function prefetchVillage(loadQueryClient: () => Promise<QueryClient>, villageId: string): void {
  Promise.all([loadQueryClient(), importChunk(() => import('./village-query'))]).then(
    ([queryClient, { villageQuery }]) => void queryClient.prefetchQuery(villageQuery(villageId)),
    (error: unknown) => console.error('Village: the village could not be refreshed', error),
  );
}
