import { DateTime } from 'luxon';
import { db } from '../db/database';
import type { Help, NeedCategory, Villager } from '../contract';
import { aHelp, aNeed, aVillage, aVillager } from './factories';

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

const villager = (member: Member, role: Partial<Villager> = {}): Villager =>
  aVillager({ id: ID[member], village_id: ID.village, user_id: userId(member), user: { first_name: FIRST_NAME[member] }, ...role });

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
  {
    id: ID.care,
    name: 'Déplacements',
    color: '',
    needs: [{ id: ID.catalogueTransport, category_id: ID.care, name: 'Transport', photo: null }],
  },
];

/** A help at a Paris day and hour counted from today, so "today", "upcoming" and "past" hold whenever the test runs. */
export const helpAt = (id: string, helper: Member, daysFromToday: number, hour: number, needId: string = ID.needMeals): Help => {
  const start = DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: daysFromToday }).set({ hour });
  return aHelp({
    id,
    village_id: ID.village,
    village_need_id: needId,
    helper_id: ID[helper],
    start_date: start.toUTC().toISO()!,
    end_date: start.plus({ hours: 2 }).toUTC().toISO()!,
  });
};

export async function buildVillage(signedIn: Member) {
  await Promise.all(db.tables.map((table) => table.clear()));
  const villagers = [villager('claire', { is_creator: true }), villager('nina', { is_needy: true }), villager('hugo'), villager('olga')];
  const village = aVillage({ id: ID.village, name: 'Le village de Nina', share_code: 'ABC123', villagers });
  await db.session.put({ key: 'current', token: 'tok', userId: userId(signedIn) });
  await db.villages.put(village);
  await db.villagers.bulkPut(villagers);
  await db.categories.bulkPut(categories);
  await db.needs.bulkPut([
    aNeed({
      id: ID.needMeals,
      village_id: ID.village,
      name: 'Repas',
      need_id: ID.catalogueMeals,
      category_id: ID.home,
      description: 'Le midi, sans sel.',
    }),
    aNeed({ id: ID.needDog, village_id: ID.village, name: 'Promener le chien' }),
  ]);
  await db.helps.bulkPut([
    helpAt(ID.helpHugoTomorrow, 'hugo', 1, 14),
    helpAt(ID.helpOlgaNextWeek, 'olga', 7, 10),
    helpAt(ID.helpHugoLastWeek, 'hugo', -7, 9),
  ]);
}
