import { queryOptions } from '@tanstack/react-query';
import { db } from '../../db/database';
import { quietTransport } from '../../api/client';
import { failureStatus, FetchFailed } from '../../api/transport';
import { forgetVillage, villageIsLost } from './forget-village';
import { pullVillage } from '../../outbox/pull-village';
import { getToken } from '../../session/token';

/**
 * One village with everything in it, fetched into the local tables (outbox/pull-village.ts). The query's
 * data is only the time of the pull: screens read the tables with live queries, so they show what this
 * device knows at once, offline included. The village routes' loader prefetches it (prefetch-village.ts);
 * components use it for freshness.
 */
export const villageQuery = (villageId: string) =>
  queryOptions({
    queryKey: ['village', villageId],
    queryFn: async () => {
      const session = await db.session.get('current');
      // Signed out: nothing to ask for (a call without a token would not say the session ended either).
      if (!getToken() || !session?.userId) throw new FetchFailed(401);
      // Quiet: a pull runs behind a screen that already shows what the device holds. A refused token is
      // signalled by the transport itself, which ends the session.
      const result = await pullVillage(quietTransport, db, session.userId, villageId);
      if (!result.ok) {
        const status = failureStatus(result.failure);
        // Removed from the village, or the village is gone: what the device kept of it goes too.
        if (typeof status === 'number' && (await villageIsLost(villageId, status))) await forgetVillage(villageId);
        throw new FetchFailed(status);
      }
      return { pulledAt: Date.now() };
    },
  });
