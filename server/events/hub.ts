import { VILLAGE_EVENTS_CHANNEL } from '../cache/notifications';
import type { Listen } from '../db/listen';

/** What a stream is told: the kind of change (an action type, or 'changed', or 'resync') and its village. */
export interface VillageChange {
  type: string;
  village_id: string;
}

type Subscriber = (change: VillageChange) => void;

/**
 * One LISTEN per server instance, fanned out to the event streams open on it: a LISTEN per stream would
 * take a database connection each. Streams subscribe by village.
 */
export function createEventHub() {
  const byVillage = new Map<string, Set<Subscriber>>();
  const all = new Set<Subscriber>();
  let missedSome = false;

  function publish(change: VillageChange) {
    for (const subscriber of byVillage.get(change.village_id) ?? []) subscriber(change);
  }

  return {
    /** Starts the instance's LISTEN; without one (tests that want none) streams hear nothing. */
    listen(listen: Listen) {
      return listen(
        {
          [VILLAGE_EVENTS_CHANNEL]: (payload) => {
            const { village_id, type } = JSON.parse(payload) as Partial<VillageChange>;
            if (village_id) publish({ village_id, type: type ?? 'changed' });
          },
        },
        (healthy) => {
          if (!healthy) missedSome = true;
          else if (missedSome) {
            missedSome = false;
            // Notifications may have been lost while the LISTEN was down: every stream is told to refresh.
            for (const subscriber of all) subscriber({ type: 'resync', village_id: '' });
          }
        },
      );
    },
    publish,
    subscribe(villageId: string, subscriber: Subscriber) {
      const set = byVillage.get(villageId) ?? new Set();
      byVillage.set(villageId, set);
      set.add(subscriber);
      all.add(subscriber);
      return () => {
        set.delete(subscriber);
        all.delete(subscriber);
        if (!set.size) byVillage.delete(villageId);
      };
    },
    /** Open streams, for tests and the bench. */
    get size() {
      return all.size;
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
