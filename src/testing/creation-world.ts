import { db } from '../db/database';
import type { NeedCategory, Village, VillageNeed } from '../contract';
import { aNeed, aUser, aVillage, aVillager } from './factories';

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

const claire = aUser({
  id: CLAIRE_USER_ID,
  uuid: 'uuid-claire',
  email: 'claire@example.org',
  first_name: 'Claire',
  analytics_consent: true,
});

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
  {
    id: CID.moves,
    name: 'Déplacements',
    color: '',
    needs: [{ id: CID.transport, category_id: CID.moves, name: 'Transport', photo: null }],
  },
];

export async function signInClaire() {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await db.session.put({ key: 'current', token: 'tok', userId: CLAIRE_USER_ID });
  await db.users.put(claire);
  await db.categories.bulkPut(categories);
}

/** Claire's village, as create-village left it (state 1), with the fields and needs a test gives. */
export async function pendingVillage(fields: Partial<Village> = {}, needs: Partial<VillageNeed>[] = []) {
  const mode = fields.creation_mode ?? 2;
  const villagers = [
    aVillager({ id: CID.claire, village_id: CID.village, user_id: CLAIRE_USER_ID, is_creator: true, is_needy: mode === 1 }),
    aVillager({ id: CID.hugo, village_id: CID.village, user_id: 'user-hugo' }),
  ];
  const village = aVillage({
    id: CID.village,
    state: 1,
    creation_mode: mode,
    first_name: null,
    last_name: null,
    share_code: '',
    villagers,
    ...fields,
  });
  await db.villages.put(village);
  await db.villagers.bulkPut(villagers);
  await db.needs.bulkPut(
    needs.map((need, i) =>
      aNeed({ id: `0190b000-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`, village_id: CID.village, name: 'Besoin', ...need }),
    ),
  );
  return village;
}

export async function signInAs(userId: string) {
  await db.session.put({ key: 'current', token: 'tok', userId });
}

export const outboxEntries = () => db.outbox.orderBy('seq').toArray();
