import type { AnyRouter } from '@tanstack/react-router';
import { getToken } from '../session/token';
import { dataLoadedFor } from './bootstrap/data-loaded';

/** A village's area, whose guard reads the village from the local store (src/guards/village-guard.ts). */
const VILLAGE_AREA = /^\/dashboard\/villages\/[^/]+(\/|$)/;

/**
 * A warm start (a session whose data this device already loaded) opens from IndexedDB, and its code came one
 * level after another: the entry, then the root guard's store opening, then the village guard, then the
 * screen's route chunks, then what those import, each level waiting on the one before through the worker
 * (`npm run bench:offline-start` with BENCH_STEPS=resources: five levels from 89 to 216 ms). Here the code
 * every level will import is asked for at once, as the entry runs; the guards and the router then find it
 * loaded or on its way. Failures are left to the imports that need the code (src/pwa/lazy-chunk.ts and the
 * router's own): a chunk asked for early and not obtained is only not preloaded.
 */
export function preloadWarmStart(router: AnyRouter, pathname: string) {
  const token = getToken();
  if (!token || !dataLoadedFor(token)) return;
  const ignore = () => undefined;
  import('./bootstrap/bootstrap').catch(ignore);
  if (VILLAGE_AREA.test(pathname)) import('../guards/village-guard').catch(ignore);
  // Each route's chunk in a task of its own, a moment later: Vite's preload helper adds a <link> for every file a
  // chunk needs, and the four routes' links (some forty) made the entry's evaluation one long task of the page's
  // start, counted by Lighthouse's Total Blocking Time (docs/benchmarks.md, bench:lighthouse).
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) setTimeout(() => router.loadRouteChunk(route)?.catch(ignore));
}
