// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './router-context';
import { TOKEN_KEY } from './session/token';
import { appState } from './state/app-state';
import { buildVillage, ID } from './testing/nina-village';
import { provideAppMutationKinds } from './testing/mutation-kinds';

await provideAppMutationKinds();

const village = `/dashboard/villages/${ID.village}`;
const villageKey = ['village', ID.village];

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'tok');
  appState.set({ initialised: true });
  await buildVillage('hugo');
  // The network is out: every call fails as a browser's does offline.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app's routes with a query client of the test's own in the router's context, opened at `href`. */
async function openApp(href: string, loadQueryClient: RouterContext['loadQueryClient']) {
  const router = createRouter({ routeTree, context: { loadQueryClient }, history: createMemoryHistory({ initialEntries: [href] }) });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return router;
}

function aClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, prefetch: vi.spyOn(client, 'prefetchQuery') };
}

describe("a village's screens", () => {
  it("open from the device and start the village's pull with the router's client, which fails offline without failing them", async () => {
    const { client, prefetch } = aClient();
    const router = await openApp(`${village}/infos`, async () => client);

    await screen.findByRole('heading', { level: 1, name: 'Le village de Nina' });
    await waitFor(() => expect(client.getQueryState(villageKey)?.status).toBe('error'));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0][0].queryKey).toEqual(villageKey);
    expect(screen.getByRole('heading', { level: 1, name: 'Le village de Nina' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${village}/infos`);

    // Each of the village's screens starts it again, as each had its own loader: the query decides whether to pull.
    await act(() => router.navigate({ to: '/dashboard/villages/$id/needs', params: { id: ID.village } }));
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(2));
    expect(router.state.location.pathname).toBe(`${village}/needs`);
    expect(screen.queryByText(/Page Not Found/i)).toBeNull();
  });

  it('never wait for the pull to start', async () => {
    const loadQueryClient = vi.fn(() => new Promise<QueryClient>(() => {}));
    await openApp(`${village}/infos`, loadQueryClient);

    await screen.findByRole('heading', { level: 1, name: 'Le village de Nina' });
    expect(loadQueryClient).toHaveBeenCalledTimes(1);
  });
});

describe('no pull starts', () => {
  it("at the village's own address, which has no screen: the 404 an unknown address gives", async () => {
    const loadQueryClient = vi.fn(async () => aClient().client);
    await openApp(village, loadQueryClient);

    await screen.findByRole('heading', { level: 1, name: `Page Not Found ${village}` });
    expect(loadQueryClient).not.toHaveBeenCalled();
  });

  it("for a village the route's guard refuses", async () => {
    const loadQueryClient = vi.fn(async () => aClient().client);
    const unknown = '/dashboard/villages/0190a000-0000-7000-8000-00000000ffff/infos';
    await openApp(unknown, loadQueryClient);

    await screen.findByRole('heading', { level: 1, name: `Page Not Found ${unknown}` });
    expect(loadQueryClient).not.toHaveBeenCalled();
  });
});
