import type { QueryClient } from '@tanstack/react-query';
import { importChunk } from './pwa/lazy-chunk';

/**
 * What every route's `beforeLoad` and `loader` receive from the router (src/routes/__root.tsx). The query client
 * is given as a way to load the app's one client (src/state/query-client.ts), not as the client: TanStack
 * Query's code would then come with the entry, which the sign-in screens load too (`npm run bench:size`:
 * 118.25 KB gzip, 125.36 KB with the client itself, over the 120 KB budget). Only signed-in routes ask for it.
 */
export interface RouterContext {
  loadQueryClient: () => Promise<QueryClient>;
}

export const appRouterContext: RouterContext = {
  loadQueryClient: () => importChunk(() => import('./state/query-client')).then((module) => module.queryClient),
};
