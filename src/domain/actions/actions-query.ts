import { queryOptions } from '@tanstack/react-query';
import { fetchActionsPage } from './fetch-actions-page';

/** How long the feed's first page stays readable offline (feed-persistence.ts). */
export const FEED_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export const actionsPageKey = (villageId: string, page: number) => ['actions', villageId, page] as const;

/** Whether a query key is a village feed's first page: the one the badge reads and the device keeps. */
export const isFirstFeedPage = (key: readonly unknown[]) => key[0] === 'actions' && key[2] === 1;

/**
 * One page of a village's feed. The first page serves both the nav's unseen badge and the feed; it stays in
 * memory as long as it is persisted, or a save of the cache made meanwhile would drop it.
 */
export const actionsPageQuery = (villageId: string, page: number) =>
  queryOptions({
    queryKey: actionsPageKey(villageId, page),
    queryFn: ({ signal }) => fetchActionsPage(villageId, page, signal),
    ...(page === 1 ? { gcTime: FEED_MAX_AGE_MS } : {}),
  });
