import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { db } from '../../db/database';
import type { Help, NeedCategory, Village, VillageNeed, Villager } from '../../contract';

/**
 * A village on this device for the needs and helps screens' tests: its creator Claire, the needy person
 * Nina, two helpers Hugo and Olga; a catalogue of two categories; two needs, one from the catalogue and
 * one free; helps to come and past. Each test signs in as one of them, on emptied tables.
 */
export const ID = {
  village: '0190a000-0000-7000-8000-000000000001',
  claire: '0190a000-0000-7000-8000-0000000000c1',
  nina: '0190a000-0000-7000-8000-0000000000c2',
  hugo: '0190a000-0000-7000-8000-0000000000c3',
  olga: '0190a000-0000-7000-8000-0000000000c4',
  home: '0190a000-0000-7000-8000-0000000000d1',
  care: '0190a000-0000-7000-8000-0000000000d2',
  catalogueMeals: '0190a000-0000-7000-8000-0000000000e1',
  catalogueShopping: '0190a000-0000-7000-8000-0000000000e2',
  catalogueTransport: '0190a000-0000-7000-8000-0000000000e3',
  needMeals: '0190a000-0000-7000-8000-0000000000f1',
  needDog: '0190a000-0000-7000-8000-0000000000f2',
  helpHugoTomorrow: '0190a000-0000-7000-8000-0000000000a1',
  helpOlgaNextWeek: '0190a000-0000-7000-8000-0000000000a2',
  helpHugoLastWeek: '0190a000-0000-7000-8000-0000000000a3',
} as const;

export type Member = 'claire' | 'nina' | 'hugo' | 'olga';
const FIRST_NAME: Record<Member, string> = { claire: 'Claire', nina: 'Nina', hugo: 'Hugo', olga: 'Olga' };
const userId = (member: Member) => `user-${member}`;
const CREATED = '2024-01-01T00:00:00.000Z';

const villager = (member: Member, role: Partial<Villager> = {}): Villager => ({
  id: ID[member],
  village_id: ID.village,
  user_id: userId(member),
  is_needy: false,
  is_creator: false,
  is_out: false,
  is_ban: false,
  last_check_notif_date: null,
  created_at: CREATED,
  user: { id: userId(member), first_name: FIRST_NAME[member], last_name: 'Martin', photo: null },
  ...role,
});

const categories: NeedCategory[] = [
  {
    id: ID.home,
    name: 'Maison',
    color: '#e07a5f',
    needs: [
      { id: ID.catalogueMeals, category_id: ID.home, name: 'Repas', photo: { original_url: '/uploads/repas.jpg' } },
      { id: ID.catalogueShopping, category_id: ID.home, name: 'Courses', photo: null },
    ],
  },
  { id: ID.care, name: 'Déplacements', color: '', needs: [{ id: ID.catalogueTransport, category_id: ID.care, name: 'Transport', photo: null }] },
];

const need = (id: string, name: string, fields: Partial<VillageNeed> = {}): VillageNeed => ({
  id,
  village_id: ID.village,
  need_id: null,
  category_id: null,
  name,
  description: null,
  created_at: CREATED,
  updated_at: CREATED,
  ...fields,
});

/** A help at a Paris day and hour counted from today, so "today", "upcoming" and "past" hold whenever the test runs. */
export const helpAt = (id: string, helper: Member, daysFromToday: number, hour: number, needId: string = ID.needMeals): Help => {
  const start = DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: daysFromToday }).set({ hour });
  return {
    id,
    village_id: ID.village,
    village_need_id: needId,
    helper_id: ID[helper],
    start_date: start.toUTC().toISO()!,
    end_date: start.plus({ hours: 2 }).toUTC().toISO()!,
    comment: null,
    created_at: CREATED,
  };
};

export async function buildVillage(signedIn: Member) {
  await Promise.all(db.tables.map((table) => table.clear()));
  const villagers = [villager('claire', { is_creator: true }), villager('nina', { is_needy: true }), villager('hugo'), villager('olga')];
  const village: Village = {
    id: ID.village,
    state: 3,
    creation_mode: 2,
    name: 'Le village de Nina',
    reason: null,
    infos: null,
    home_infos: null,
    phone: null,
    start_date: null,
    end_date: null,
    first_name: 'Nina',
    last_name: 'Martin',
    relationship: null,
    share_code: 'ABC123',
    photo: null,
    created_at: CREATED,
    updated_at: CREATED,
    villagers,
  };
  await db.session.put({ key: 'current', token: 'tok', userId: userId(signedIn) });
  await db.villages.put(village);
  await db.villagers.bulkPut(villagers);
  await db.categories.bulkPut(categories);
  await db.needs.bulkPut([
    need(ID.needMeals, 'Repas', { need_id: ID.catalogueMeals, category_id: ID.home, description: 'Le midi, sans sel.' }),
    need(ID.needDog, 'Promener le chien'),
  ]);
  await db.helps.bulkPut([
    helpAt(ID.helpHugoTomorrow, 'hugo', 1, 14),
    helpAt(ID.helpOlgaNextWeek, 'olga', 7, 10),
    helpAt(ID.helpHugoLastWeek, 'hugo', -7, 9),
  ]);
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
  return { view, router };
}
