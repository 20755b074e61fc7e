import { importChunk } from '../../pwa/lazy-chunk';

/**
 * A village route's loader: starts the pull without waiting for it (the screen shows what the device holds
 * at once). Loaders stay in the app's entry chunk, so the data layer is imported only when a village route
 * is reached: the sign-in screens do not carry it. Its import is tried twice, and waits when the page is
 * being left (src/pwa/lazy-chunk.ts); if it still fails the screen keeps what the device holds.
 */
export function prefetchVillage(ctx: { params: { id: string } }) {
  importChunk(() => import('./village-query')).then(
    ({ startVillagePull }) => startVillagePull(ctx.params.id),
    (error: unknown) => console.error('Village: the village could not be refreshed', error),
  );
}
