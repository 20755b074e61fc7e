// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NewsPost } from '../../contract/news';
import { db } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { buildVillage, ID } from '../../testing/nina-village';
import { commentNews, uncommentNews } from './mutations/comment-news';
import { heartNews, unheartNews } from './mutations/heart-news';
import { postNews } from './mutations/post-news';
import { storeNews } from './store-news';

const POST = '0190a000-0000-7000-8000-0000000e0001';
const OLD_POST = '0190a000-0000-7000-8000-0000000e0002';
const COMMENT = '0190a000-0000-7000-8000-0000000e0003';
const WRITTEN_OFFLINE = '0190a000-0000-7000-8000-0000000e0004';

const serverPost = (id: string, created_at: string, fields: Partial<NewsPost> = {}): NewsPost => ({
  id,
  village_id: ID.village,
  author_id: ID.claire,
  author: { id: 'u-claire', first_name: 'Claire', last_name: 'Durand', photo: null },
  body: 'Nina va mieux.',
  photos: [],
  created_at,
  updated_at: created_at,
  hearts: 2,
  hearted_by_me: false,
  comments: [],
  comments_count: 0,
  ...fields,
});

beforeEach(async () => {
  await buildVillage('hugo');
});

describe('the news writes, applied on this device', () => {
  it('count a heart and a comment once however often they are applied, and take them back', async () => {
    await db.news.put(serverPost(POST, '2026-01-05T09:00:00.000Z'));
    const heart = { village_id: ID.village, news_id: POST, villager_id: ID.hugo };
    const comment = { village_id: ID.village, news_id: POST, id: COMMENT, input: { author_id: ID.hugo, body: 'Courage !' } };
    for (let i = 0; i < 2; i++) {
      await heartNews.apply(db, heart, { createdAt: '2026-01-05T10:00:00.000Z' });
      await commentNews.apply(db, comment, { createdAt: '2026-01-05T10:00:00.000Z' });
    }
    const after = await db.news.get(POST);
    expect([after?.hearts, after?.hearted_by_me, after?.comments_count]).toEqual([3, true, 1]);
    expect(after?.comments[0]).toMatchObject({ body: 'Courage !', author_id: ID.hugo, pending: true, author: { first_name: 'Hugo' } });

    await unheartNews.apply(db, heart, { createdAt: '2026-01-05T11:00:00.000Z' });
    await uncommentNews.apply(db, { village_id: ID.village, news_id: POST, comment_id: COMMENT, villager_id: ID.hugo }, { createdAt: '' });
    const back = await db.news.get(POST);
    expect([back?.hearts, back?.hearted_by_me, back?.comments_count, back?.comments]).toEqual([2, false, 0, []]);
  });
});

describe('the newest page of news stored on this device', () => {
  it('replaces the posts it covers, keeps older ones, and applies again the news writes still waiting', async () => {
    await db.news.bulkPut([
      serverPost(POST, '2026-01-05T09:00:00.000Z'),
      serverPost(OLD_POST, '2026-01-01T09:00:00.000Z'),
      // Deleted on the server since.
      serverPost('0190a000-0000-7000-8000-0000000e0009', '2026-01-06T09:00:00.000Z'),
    ]);
    await enqueue(heartNews, { village_id: ID.village, news_id: POST, villager_id: ID.hugo });
    await enqueue(postNews, { village_id: ID.village, id: WRITTEN_OFFLINE, input: { author_id: ID.hugo, body: 'Écrit sans réseau' } });

    await storeNews(db, ID.village, [serverPost(POST, '2026-01-05T09:00:00.000Z', { hearts: 5 })], { newest: true, hasMore: true });

    const ids = (await db.news.toArray()).map((p) => p.id).sort();
    expect(ids).toEqual([POST, OLD_POST, WRITTEN_OFFLINE].sort());
    // The server's count, with the heart not yet sent on top of it.
    expect(await db.news.get(POST)).toMatchObject({ hearts: 6, hearted_by_me: true });
    expect(await db.news.get(WRITTEN_OFFLINE)).toMatchObject({ body: 'Écrit sans réseau', pending: true, author: { first_name: 'Hugo' } });
  });

  it('when it is the whole journal, drops every local post it lacks that no write is waiting for', async () => {
    await db.news.put({ ...serverPost(POST, '2026-01-05T09:00:00.000Z'), pending: true });
    await storeNews(db, ID.village, [], { newest: true, hasMore: false });
    expect(await db.news.count()).toBe(0);
  });
});
