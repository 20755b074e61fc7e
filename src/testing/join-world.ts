import { db } from '../db/database';
import { TOKEN_KEY } from '../session/token';
import { appState } from '../state/app-state';
import { toastStore } from '../state/toasts';
import { aUser, aVillage, aVillager } from './factories';

/** Olga, signed in on this device, and the village of Nina she is about to join with its code. */
export const JOIN = {
  code: 'ABCD2345',
  villageId: '0190a000-0000-7000-8000-000000000010',
  olgaUser: 'user-olga',
  olgaVillager: '0190a000-0000-7000-8000-0000000000b4',
  claireVillager: '0190a000-0000-7000-8000-0000000000b1',
} as const;

export const olgaVillager = aVillager({ id: JOIN.olgaVillager, village_id: JOIN.villageId, user_id: JOIN.olgaUser });

/** The village as `GET /v1/villages/{id}` answers it once Olga is in. */
export const ninaVillage = aVillage({
  id: JOIN.villageId,
  share_code: JOIN.code,
  needs: [],
  helps: [],
  villagers: [aVillager({ id: JOIN.claireVillager, village_id: JOIN.villageId, user_id: 'user-claire', is_creator: true }), olgaVillager],
});

export async function signInOlga() {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'tok');
  await db.session.put({ key: 'current', token: 'tok', userId: JOIN.olgaUser });
  await db.users.put(
    aUser({ id: JOIN.olgaUser, email: 'olga@example.fr', first_name: 'Olga', last_name: 'Petit', analytics_consent: false }),
  );
  appState.set({ initialised: true });
  for (const t of toastStore.get()) toastStore.dismiss(t.id);
}

export const toastTexts = () => toastStore.get().map((t) => `${t.kind}: ${t.text}`);

export const lostConnection = async () => Promise.reject(new TypeError('Failed to fetch'));
