import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LostStore } from '../../contract/devices';
import { db } from '../../db/database';
import { checkIn } from './check-in';

/** A drain sends writes one batch after another: the check-in waits for the count to settle. */
const SETTLE_MS = 1_000;
/**
 * While the page is in view, the last contact is refreshed this often even when nothing changes: it is the
 * date the notice names after a wipe ("after 18 h 05"), so it should be close to when the server was last
 * reachable, not to the last write.
 */
const REFRESH_MS = 5 * 60_000;

/**
 * Checks this device in when the signed-in layout shows (after a sign-in or a start) and whenever what waits
 * in its queue changes (a write queued, a drain that reached the server), and answers the wiped store the
 * server found, until the person dismisses it; and every few minutes while in view, so that the last contact,
 * the moment after which the server knows nothing of this store, which the notice after a wipe names, is recent.
 */
export function useEvictionNotice(): { lost: LostStore | null; dismiss(): void } {
  const [lost, setLost] = useState<LostStore | null>(null);
  // A check-in answered before the server had the dismissal must not show it again.
  const dismissed = useRef<string | null>(null);
  const queue = useLiveQuery(async () => {
    const userId = (await db.session.get('current'))?.userId ?? null;
    const waiting = userId ? await db.outbox.filter((e) => e.userId === userId && e.status === 'pending').toArray() : [];
    return { userId, state: `${waiting.length}:${waiting.map((e) => e.id).join(',')}` };
  }, []);
  const userId = queue?.userId ?? null;
  const state = queue?.state;
  const [round, setRound] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setRound((r) => r + 1);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!userId || state === undefined) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void checkIn(db, userId).then((found) => {
        // undefined: the server was not reached; what was shown stays.
        if (!cancelled && found !== undefined) setLost(found?.last_contact_at === dismissed.current ? null : found);
      });
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, state, round]);

  const dismiss = useCallback(() => {
    dismissed.current = lost?.last_contact_at ?? null;
    setLost(null);
    // Told to the server, which forgets it; unreached, the notice comes back at the next start, not lost.
    if (userId) void checkIn(db, userId, { acknowledgeLost: true });
  }, [userId, lost]);

  return { lost, dismiss };
}
