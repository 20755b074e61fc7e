import { useLiveQuery } from 'dexie-react-hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Dexie from 'dexie';
import { db, type LocalNewsComment, type LocalNewsPost } from '../../db/database';
import { fetchNews } from './fetch-news';

export type { LocalNewsComment, LocalNewsPost };

/**
 * The newest page of the news, pulled when the journal (or the village home's latest news) shows, when the
 * window gets the focus back and now and then while shown. Under the village's key, so whatever refreshes the
 * village refreshes it too. What it brings is kept in Dexie (store-news.ts): the journal reads offline.
 */
export const latestNewsQuery = (villageId: string) =>
  queryOptions({
    queryKey: ['village', villageId, 'news'],
    queryFn: () => fetchNews(villageId),
    refetchOnWindowFocus: 'always',
    refetchInterval: 120_000,
  });

export const useLatestNewsSync = (villageId: string) => useQuery(latestNewsQuery(villageId));

/** The village's posts on this device, newest first (`limit` of them when said); `undefined` while the first read is under way. */
export const useNewsPosts = (villageId: string, limit?: number) =>
  useLiveQuery(() => {
    const posts = db.news.where('[village_id+created_at]').between([villageId, Dexie.minKey], [villageId, Dexie.maxKey]).reverse();
    return limit ? posts.limit(limit).toArray() : posts.toArray();
  }, [villageId, limit]);
