import { useEffect, useRef } from 'react';
import { isActiveVillager, type Action, type Villager } from '../../contract';
import { enqueue } from '../../outbox/enqueue';
import { requestReplay } from '../../outbox/page-replayer';
import type { CheckNotificationsPayload } from '../villagers/mutations/check-notifications';
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
    const date = checkDateAfterShowing(shown, lastCheck);
    // Already queued: the local effect has not reached this screen yet.
    if (!date || written.current === date) return;
    written.current = date;
    const payload: CheckNotificationsPayload = { village_id: villageId, villager_id: me.id, last_check_notif_date: date };
    enqueue('check-notifications', payload)
      .then(() => requestReplay())
      // A check date not recorded only leaves the badge on: nothing the user must act on (a full disk is shown by the outbox).
      .catch(() => undefined);
  }, [villageId, me, lastCheck, shown, settled]);
}
