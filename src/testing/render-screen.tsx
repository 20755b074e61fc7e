import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Mounts a one-route router whose root shows `component` at any path, and waits for its first load. */
async function mountInRouter(component: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { view, router };
}

/** Renders a screen inside a one-route router, so its links work without the app's guards and routes. */
export async function renderWithRouter(screen: () => ReactNode) {
  return (await mountInRouter(screen)).view;
}

/**
 * Renders a screen inside a router whose root shows it at any path, so its navigations can be followed, with
 * a query client of its own that does not retry.
 */
export async function renderScreen(screen: () => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const mounted = await mountInRouter(() => <QueryClientProvider client={queryClient}>{screen()}</QueryClientProvider>);
  return { ...mounted, queryClient };
}
