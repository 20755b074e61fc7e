import type { Listen } from '../db/listen';
import type { Caches } from './caches';

export const VILLAGE_EVENTS_CHANNEL = 'village_events';
export const SESSION_EVENTS_CHANNEL = 'session_events';

/**
 * Keeps this instance's caches true to writes made by any instance on the same database: every write
 * NOTIFYs on commit (see actions/record.ts and auth/revoke.ts), every instance LISTENs here.
 */
export async function keepCachesFresh(listen: Listen, caches: Caches) {
  // Until the LISTEN is up, and whenever it is down, nothing is answered from the caches.
  caches.trust(false);
  await listen(
    {
      [VILLAGE_EVENTS_CHANNEL]: (payload) => {
        const { village_id } = JSON.parse(payload) as { village_id?: string };
        if (village_id) caches.forgetVillage(village_id);
      },
      [SESSION_EVENTS_CHANNEL]: (payload) => {
        const { token_hash, user_id } = JSON.parse(payload) as { token_hash?: string; user_id?: string };
        if (token_hash) caches.forgetSession(token_hash);
        if (user_id) caches.forgetSessionsOf(user_id);
      },
    },
    (healthy) => caches.trust(healthy),
  );
}
