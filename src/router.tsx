import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { markNavigated } from './state/first-load';

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

let first = true;
router.subscribe('onResolved', () => {
  if (first) first = false;
  else markNavigated();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
