import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { appRouterContext } from './router-context';
import { followNavigations } from './state/first-load';
import { listenForExpiredSession } from './session/session-expiry';

export const router = createRouter({ routeTree, context: appRouterContext, defaultPreload: 'intent', scrollRestoration: true });

// A 401 from any call signs out and goes to login (src/session/session-expiry.ts).
listenForExpiredSession(router);

// Initial load or after a navigation: the spec's two 404s differ (src/state/first-load.ts).
followNavigations(router.history);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
