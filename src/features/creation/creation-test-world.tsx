import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { db } from '../../db/database';
import type { NeedCategory, User, Village, VillageNeed, Villager } from '../../contract';

/**
 * The creation tunnel's tests: Claire signed in on emptied tables with a catalogue of two categories, and,
 * when a test needs one, a village of hers still in the tunnel.
 */
export const CID = {
  village: '0190b000-0000-7000-8000-000000000001',
  claire: '0190b000-0000-7000-8000-0000000000c1',
  hugo: '0190b000-0000-7000-8000-0000000000c3',
  home: '0190b000-0000-7000-8000-0000000000d1',
  moves: '0190b000-0000-7000-8000-0000000000d2',
  meals: '0190b000-0000-7000-8000-0000000000e1',
  shopping: '0190b000-0000-7000-8000-0000000000e2',
  transport: '0190b000-0000-7000-8000-0000000000e3',
  needMeals: '0190b000-0000-7000-8000-0000000000f1',
  needFree: '0190b000-0000-7000-8000-0000000000f2',
} as const;

export const CLAIRE_USER_ID = 'user-claire';
const CREATED = '2026-01-01T00:00:00.000Z';

const claire: User = {
  id: CLAIRE_USER_ID,
  uuid: 'uuid-claire',
  email: 'claire@example.org',
  first_name: 'Claire',
  last_name: 'Martin',
  phone: null,
  photo: null,
  analytics_consent: true,
};

const categories: NeedCategory[] = [
  {
    id: CID.home,
    name: 'Maison',
    color: '#e07a5f',
    needs: [
      { id: CID.meals, category_id: CID.home, name: 'Repas', photo: null },
      { id: CID.shopping, category_id: CID.home, name: 'Courses', photo: null },
    ],
  },
  { id: CID.moves, name: 'Déplacements', color: '', needs: [{ id: CID.transport, category_id: CID.moves, name: 'Transport', photo: null }] },
];

export async function signInClaire() {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await db.session.put({ key: 'current', token: 'tok', userId: CLAIRE_USER_ID });
  await db.users.put(claire);
  await db.categories.bulkPut(categories);
}

const villager = (id: string, userId: string, role: Partial<Villager> = {}): Villager => ({
  id,
  village_id: CID.village,
  user_id: userId,
  is_needy: false,
  is_creator: false,
  is_out: false,
  is_ban: false,
  last_check_notif_date: null,
  created_at: CREATED,
  ...role,
});

/** Claire's village, as create-village left it (state 1), with the fields and needs a test gives. */
export async function pendingVillage(fields: Partial<Village> = {}, needs: Partial<VillageNeed>[] = []) {
  const mode = fields.creation_mode ?? 2;
  const villagers = [villager(CID.claire, CLAIRE_USER_ID, { is_creator: true, is_needy: mode === 1 }), villager(CID.hugo, 'user-hugo')];
  const village: Village = {
    id: CID.village,
    state: 1,
    creation_mode: mode,
    name: null,
    reason: null,
    infos: null,
    home_infos: null,
    phone: null,
    start_date: null,
    end_date: null,
    first_name: null,
    last_name: null,
    relationship: null,
    share_code: '',
    photo: null,
    created_at: CREATED,
    updated_at: CREATED,
    villagers,
    ...fields,
  };
  await db.villages.put(village);
  await db.villagers.bulkPut(villagers);
  await db.needs.bulkPut(
    needs.map((need, i) => ({
      id: `0190b000-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
      village_id: CID.village,
      need_id: null,
      category_id: null,
      name: 'Besoin',
      description: null,
      created_at: CREATED,
      updated_at: CREATED,
      ...need,
    })),
  );
  return village;
}

export async function signInAs(userId: string) {
  await db.session.put({ key: 'current', token: 'tok', userId });
}

/** Renders a screen inside a router whose root shows it at any path, so its navigations can be followed. */
export async function renderScreen(screen: () => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <QueryClientProvider client={queryClient}>{screen()}</QueryClientProvider> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { view, router, queryClient };
}

export const outboxEntries = () => db.outbox.orderBy('seq').toArray();
