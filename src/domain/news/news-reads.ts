import { useLiveQuery } from 'dexie-react-hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Dexie from 'dexie';
import { db, type LocalNewsComment, type LocalNewsPost } from '../../db/database';
import { fetchNews } from './fetch-news';
import { postNews, type PostNewsPayload } from './mutations/post-news';

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

/** A post as the journal shows it: refused by the server (`failure`, its French message) until the next page takes it away. */
export type NewsLine = LocalNewsPost & { failure?: string };

/** The village's posts on this device, newest first (`limit` of them when said); `undefined` while the first read is under way. */
export const useNewsPosts = (villageId: string, limit?: number) =>
  useLiveQuery(async (): Promise<NewsLine[]> => {
    const newest = db.news.where('[village_id+created_at]').between([villageId, Dexie.minKey], [villageId, Dexie.maxKey]).reverse();
    const [posts, refused] = await Promise.all([
      limit ? newest.limit(limit).toArray() : newest.toArray(),
      db.outbox
        .where('villageId')
        .equals(villageId)
        .filter((entry) => entry.kind === postNews.name && entry.status === 'failed')
        .toArray(),
    ]);
    if (!refused.length) return posts;
    const failures = new Map(refused.map((entry) => [(entry.payload as PostNewsPayload).id, entry.failure?.message ?? '']));
    return posts.map((post) => (post.pending && failures.has(post.id) ? { ...post, failure: failures.get(post.id) } : post));
  }, [villageId, limit]);
