// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removedFromVillage } from '../../contract/error-messages';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { buildVillage, ID } from '../../testing/nina-village';
import { json, signedInHearingUnauthorized, stubServer } from '../../testing/stub-server';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { LiveVillage } from './live-village';
import { LostAccessWatch } from './lost-access';
import { FakeEventSource as FakeSource } from '../../testing/fake-event-source';

await provideAppMutationKinds();

signedInHearingUnauthorized();
beforeEach(async () => {
  await buildVillage('hugo');
  // A write made here and not sent yet: the village will never take it now.
  await db.outbox.add({
    id: 'entry-1',
    userId: 'user-hugo',
    kind: 'delete-help',
    payload: { village_id: ID.village, help_id: ID.helpHugoTomorrow, villager_id: ID.hugo },
    villageId: ID.village,
    createdAt: '2026-11-21T10:30:00.000Z',
    status: 'pending',
    attempts: 0,
    notBefore: 0,
  });
});
afterEach(() => {
  cleanup();
  FakeSource.all = [];
  for (const toast of toastStore.get()) toastStore.dismiss(toast.id);
});

/** The village's planning open, with the dashboard's watchers, and the villages list to land on. */
async function openVillage(watchers: () => React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    ),
  });
  const planning = createRoute({ getParentRoute: () => root, path: '/dashboard/villages/$id/planning', component: watchers });
  const list = createRoute({ getParentRoute: () => root, path: '/dashboard/villages', component: () => <h1>Mes villages</h1> });
  const router = createRouter({
    routeTree: root.addChildren([planning, list]),
    history: createMemoryHistory({ initialEntries: [`/dashboard/villages/${ID.village}/planning`] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  queryClient.setQueryData(['actions', ID.village, 1], { data: [], pages: 1 });
  return { router, queryClient };
}

async function expectVillageLetGo(router: { state: { location: { pathname: string } } }, queryClient: QueryClient) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/villages'));
  expect(toastStore.get().filter((t) => t.text === removedFromVillage)).toHaveLength(1);
  expect(await db.villages.get(ID.village)).toBeUndefined();
  expect(await db.helps.where('village_id').equals(ID.village).count()).toBe(0);
  expect(await db.villagers.where('village_id').equals(ID.village).count()).toBe(0);
  // Not dropped silently: the write shows in the list of refused changes, with the reason.
  expect((await db.outbox.toArray()).map((e) => [e.id, e.status, e.failure])).toEqual([
    ['entry-1', 'failed', { status: 403, message: removedFromVillage }],
  ]);
  await waitFor(() => expect(queryClient.getQueryData(['actions', ID.village, 1])).toBeUndefined());
}

describe('a village lost to the user', () => {
  it('leaves the device with a French sentence when its pull answers 403', async () => {
    stubServer(() => json({ message: "Vous n'avez pas accès à ce village.", http_code: 403 }, 403));
    const { router, queryClient } = await openVillage(() => <LostAccessWatch villageId={ID.village} />);
    await expectVillageLetGo(router, queryClient);
  });

  it('stays when the server does not know a village whose writes still wait here (created offline, not sent)', async () => {
    stubServer(() => json({ message: 'Ce village est introuvable.', http_code: 404 }, 404));
    const { router } = await openVillage(() => <LostAccessWatch villageId={ID.village} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(`/dashboard/villages/${ID.village}/planning`);
    expect(await db.villages.get(ID.village)).toBeDefined();
    expect((await db.outbox.toArray())[0].status).toBe('pending');
  });

  it('leaves at once when the live stream says the reader was removed', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    stubServer(() => json({ data: { ticket: 't1', expires_at: '2026-11-21T10:31:00.000Z' } }));
    const { router, queryClient } = await openVillage(() => <LiveVillage />);
    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0];
    source.dispatchEvent(new MessageEvent('ready', { data: '' }));
    source.dispatchEvent(new MessageEvent('removed', { data: JSON.stringify({ village_id: ID.village }) }));
    await expectVillageLetGo(router, queryClient);
    expect(source.closed).toBe(true);
  });
});
