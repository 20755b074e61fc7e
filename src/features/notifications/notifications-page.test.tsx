// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { requestReplay } from '../../outbox/page-replayer';
import { buildVillage, ID } from '../../testing/nina-village';
import { actionsPageKey } from '../../domain/actions/actions-query';
import { needsAdded, pagesAsked, stubFeedServer } from '../../testing/feed-server';
import { NotificationsPage } from './notifications-page';
import { UnseenBadge } from '../village-nav/unseen-badge';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(requestReplay).mockClear();
});

async function renderWith(
  screenFn: () => React.ReactNode,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <QueryClientProvider client={queryClient}>{screenFn()}</QueryClientProvider> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return queryClient;
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the village news', () => {
  it('tells the news newest first with who did it, marks what is new and records the check', async () => {
    const feed = needsAdded(3);
    stubFeedServer(feed);
    await buildVillage('claire');
    await db.villagers.update(ID.claire, { last_check_notif_date: feed[1].created_at });
    await renderWith(() => <NotificationsPage villageId={ID.village} />);

    expect(await screen.findByText('Hugo a ajouté le besoin Besoin 1')).toBeTruthy();
    expect(items().map((li) => li.querySelector('.feed-sentence')!.textContent!.replace('Nouveau\u00a0:', '').trim())).toEqual([
      'Hugo a ajouté le besoin Besoin 1',
      'Hugo a ajouté le besoin Besoin 2',
      'Hugo a ajouté le besoin Besoin 3',
    ]);
    // Only what came after the last visit is new.
    expect(items().map((li) => li.classList.contains('is-new'))).toEqual([true, false, false]);
    expect(items()[0].querySelector('time')!.getAttribute('dateTime')).toBe(feed[0].created_at);

    await vi.waitFor(async () => expect((await db.villagers.get(ID.claire))?.last_check_notif_date).toBe(feed[0].created_at));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'check-notifications',
      payload: { village_id: ID.village, villager_id: ID.claire, last_check_notif_date: feed[0].created_at },
    });
    expect(requestReplay).toHaveBeenCalled();
    // The village row's copy (the guards read it) follows too.
    expect((await db.villages.get(ID.village))?.villagers?.find((v) => v.id === ID.claire)?.last_check_notif_date).toBe(feed[0].created_at);
    // Still new on this visit, and written once.
    expect(items()[0].classList.contains('is-new')).toBe(true);
    expect(await db.outbox.count()).toBe(1);
  });

  it('writes nothing when everything was seen already', async () => {
    const feed = needsAdded(2);
    stubFeedServer(feed);
    await buildVillage('hugo');
    await db.villagers.update(ID.hugo, { last_check_notif_date: feed[0].created_at });
    await renderWith(() => <NotificationsPage villageId={ID.village} />);
    await screen.findByText('Hugo a ajouté le besoin Besoin 1');
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.outbox.count()).toBe(0);
  });

  it("never marks the villager's own actions as new, and reads a run of the same edit as one line", async () => {
    const [mine, other] = needsAdded(2);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const update = (id: string, minutesAgo: number) => ({
      id,
      village_id: ID.village,
      villager_id: ID.hugo,
      type: 'village_updated' as const,
      created_at: at(minutesAgo),
      data: { fields: ['infos'] },
    });
    const feed = [
      update('0190a000-0000-7000-8000-0000000000f1', 0.5),
      update('0190a000-0000-7000-8000-0000000000f2', 2),
      update('0190a000-0000-7000-8000-0000000000f3', 4),
      mine,
      { ...other, villager_id: ID.claire },
    ];
    stubFeedServer(feed);
    await buildVillage('hugo');
    await renderWith(() => <NotificationsPage villageId={ID.village} />);
    await screen.findByText('Hugo a mis à jour les informations du village');
    expect(items().map((li) => li.querySelector('.feed-sentence')!.textContent!.trim())).toEqual([
      'Hugo a mis à jour les informations du village',
      'Hugo a ajouté le besoin Besoin 1',
      'Nouveau\u00a0: Claire a ajouté le besoin Besoin 2',
    ]);
    expect(items()[0].querySelector('.feed-meta')!.textContent).toContain(', 3 fois');
    expect(items()[1].querySelector('.feed-meta')!.textContent).not.toContain('fois');
    // Claire's action was news: the check moves to the newest action shown, Hugo's own included.
    await vi.waitFor(async () => expect((await db.villagers.get(ID.hugo))?.last_check_notif_date).toBe(feed[0].created_at));
  });

  it('loads ten more at a time while pages remain, then offers no more', async () => {
    const fetchMock = stubFeedServer(needsAdded(23));
    await buildVillage('olga');
    await renderWith(() => <NotificationsPage villageId={ID.village} />);
    await screen.findByText('Hugo a ajouté le besoin Besoin 10');
    expect(items()).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    await screen.findByText('Hugo a ajouté le besoin Besoin 20');
    fireEvent.click(await screen.findByRole('button', { name: 'Voir plus' }));
    await screen.findByText('Hugo a ajouté le besoin Besoin 23');
    expect(items()).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    expect([...new Set(pagesAsked(fetchMock))]).toEqual([1, 2, 3]);
  });

  it('says when the village has no news yet', async () => {
    stubFeedServer([]);
    await buildVillage('olga');
    await renderWith(() => <NotificationsPage villageId={ID.village} />);
    expect(await screen.findByText('Aucune nouvelle pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it('offline, shows the last known news with a note', async () => {
    const feed = needsAdded(2);
    stubFeedServer(feed, { offline: true });
    await buildVillage('nina');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(actionsPageKey(ID.village, 1), { data: feed, pages: 1 }, { updatedAt: Date.now() - 3_600_000 });
    await renderWith(() => <NotificationsPage villageId={ID.village} />, queryClient);
    expect(await screen.findByText('Hors ligne : dernières nouvelles connues')).toBeTruthy();
    // The names come from the device's tables, read after the cached page shows.
    expect(await screen.findByText('Hugo a ajouté le besoin Besoin 1')).toBeTruthy();
  });

  it('offline with nothing known, says the news will come back with the network', async () => {
    stubFeedServer([], { offline: true });
    await buildVillage('nina');
    await renderWith(() => <NotificationsPage villageId={ID.village} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Hors ligne\u00a0: les nouvelles du village s’afficheront au retour du réseau.',
    );
  });
});

describe('the unseen badge', () => {
  it('shows while news is newer than the last check, and goes when the check moves past it', async () => {
    const feed = needsAdded(2);
    stubFeedServer(feed);
    await buildVillage('claire');
    await renderWith(() => <UnseenBadge villageId={ID.village} />);
    expect((await screen.findByTestId('unseen-badge')).textContent).toBe(', nouveautés');
    await db.villagers.update(ID.claire, { last_check_notif_date: feed[0].created_at });
    await vi.waitFor(() => expect(screen.queryByTestId('unseen-badge')).toBeNull());
  });

  it("stays away when the only news is the villager's own", async () => {
    stubFeedServer(needsAdded(3));
    await buildVillage('hugo');
    const queryClient = await renderWith(() => <UnseenBadge villageId={ID.village} />);
    await vi.waitFor(() => expect(queryClient.getQueryData(actionsPageKey(ID.village, 1))).toBeTruthy());
    expect(screen.queryByTestId('unseen-badge')).toBeNull();
  });

  it('stays away for a village with no news', async () => {
    stubFeedServer([]);
    await buildVillage('claire');
    const queryClient = await renderWith(() => <UnseenBadge villageId={ID.village} />);
    await vi.waitFor(() => expect(queryClient.getQueryData(actionsPageKey(ID.village, 1))).toBeTruthy());
    expect(screen.queryByTestId('unseen-badge')).toBeNull();
  });
});
