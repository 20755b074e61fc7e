import { queryOptions } from '@tanstack/react-query';
import { db } from '../../db/database';
import { apiBaseUrl } from '../../api/base-url';
import { call } from '../../api/client';
import { queryClient } from './query-client';
import { forgetVillage } from './forget-village';
import { pullVillage } from '../../outbox/pull-village';
import { getToken } from '../../session/token';

/** A pull that did not reach the server, or that it refused. */
export class PullFailed extends Error {
  constructor(readonly status: number | 'offline') {
    super(status === 'offline' ? 'offline' : `HTTP ${status}`);
  }
}

/**
 * One village with everything in it, fetched into the local tables (outbox/pull-village.ts). The query's
 * data is only the time of the pull: screens read the tables with live queries, so they show what this
 * device knows at once, offline included. Route loaders prefetch it; components use it for freshness.
 */
export const villageQuery = (villageId: string) =>
  queryOptions({
    queryKey: ['village', villageId],
    queryFn: async () => {
      const token = getToken();
      const session = await db.session.get('current');
      if (!token || !session?.userId) throw new PullFailed(401);
      const result = await pullVillage(
        { db, fetch: globalThis.fetch.bind(globalThis), baseUrl: apiBaseUrl() || location.origin },
        token,
        session.userId,
        villageId,
      );
      if (!result.ok) {
        // The ordinary client takes a refused token through the expired-session path.
        if (result.status === 401) void call('GET', '/v1/users/me', { showErrorPage: false });
        // Removed from the village, or the village is gone: what the device kept of it goes too.
        if (result.status === 403 || result.status === 404) await forgetVillage(villageId);
        throw new PullFailed(result.status);
      }
      return { pulledAt: Date.now() };
    },
  });

/**
 * A village route's loader: starts the pull (or a preload on hover) without waiting for it, since the
 * screen shows what the device holds at once; the component's useVillageSync shares the same query.
 */
export function prefetchVillage({ params }: { params: { id: string } }) {
  void queryClient.prefetchQuery(villageQuery(params.id));
}
