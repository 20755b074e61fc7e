import { db } from '../../db/database';
import type { Village, Villager } from '../../contract';
import { TOKEN_KEY } from '../../session/token';
import { appState } from '../../state/app-state';
import { toastStore } from '../../state/toasts';

/** Olga, signed in on this device, and the village of Nina she is about to join with its code. */
export const JOIN = {
  code: 'ABCD2345',
  villageId: '0190a000-0000-7000-8000-000000000010',
  olgaUser: 'user-olga',
  olgaVillager: '0190a000-0000-7000-8000-0000000000b4',
  claireVillager: '0190a000-0000-7000-8000-0000000000b1',
} as const;

const CREATED = '2024-01-01T00:00:00.000Z';

export const olgaVillager: Villager = {
  id: JOIN.olgaVillager,
  village_id: JOIN.villageId,
  user_id: JOIN.olgaUser,
  is_needy: false,
  is_creator: false,
  is_out: false,
  is_ban: false,
  last_check_notif_date: null,
  created_at: CREATED,
};

/** The village as `GET /v1/villages/{id}` answers it once Olga is in. */
export const ninaVillage: Village = {
  id: JOIN.villageId,
  state: 3,
  creation_mode: 2,
  name: null,
  reason: null,
  infos: null,
  home_infos: null,
  phone: null,
  start_date: null,
  end_date: null,
  first_name: 'Nina',
  last_name: 'Martin',
  relationship: null,
  share_code: JOIN.code,
  photo: null,
  created_at: CREATED,
  updated_at: CREATED,
  needs: [],
  helps: [],
  villagers: [{ ...olgaVillager, id: JOIN.claireVillager, user_id: 'user-claire', is_creator: true }, olgaVillager],
};

export async function signInOlga() {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'tok');
  await db.session.put({ key: 'current', token: 'tok', userId: JOIN.olgaUser });
  await db.users.put({ id: JOIN.olgaUser, uuid: 'u', email: 'olga@example.fr', first_name: 'Olga', last_name: 'Petit', phone: null, photo: null, analytics_consent: false });
  appState.set({ initialised: true });
  for (const t of toastStore.get()) toastStore.dismiss(t.id);
}

export const toastTexts = () => toastStore.get().map((t) => `${t.kind}: ${t.text}`);

export const lostConnection = async () => Promise.reject(new TypeError('Failed to fetch'));
