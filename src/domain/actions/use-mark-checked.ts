import { useEffect, useRef } from 'react';
import { isActiveVillager, type Action, type Villager } from '../../contract';
import { checkNotificationsAction } from '../villagers/actions';
import { checkDateAfterShowing } from './unseen';

/**
 * Once the feed's first page is shown as settled (fetched, or the last known one offline), records that the
 * villager has seen it: a queued write, so it is kept offline and the badge goes at once.
 */
export function useMarkChecked(villageId: string, me: Villager | null | undefined, shown: readonly Action[] | undefined, settled: boolean) {
  const written = useRef<string | null>(null);
  const lastCheck = me?.last_check_notif_date ?? null;
  useEffect(() => {
    if (!me || !isActiveVillager(me) || !shown || !settled) return;
    const date = checkDateAfterShowing(shown, lastCheck, me.id);
    // Already queued: the local effect has not reached this screen yet.
    if (!date || written.current === date) return;
    written.current = date;
    // A check date not recorded only leaves the badge on: nothing the user must act on (a full disk is shown by the outbox).
    void checkNotificationsAction(villageId, me.id, date).catch(() => undefined);
  }, [villageId, me, lastCheck, shown, settled]);
}
