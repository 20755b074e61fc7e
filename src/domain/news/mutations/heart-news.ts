import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { heartNews as heartEndpoint, unheartNews as unheartEndpoint } from '../../../contract/endpoints/news';
import { defineMutation } from '../../../outbox/mutation-kind';
import type { VillageDatabase } from '../../../db/database';
import { changePost } from '../news-rows';

const Payload = v.object({ village_id: uuid, news_id: uuid, villager_id: uuid });
export type HeartPayload = v.InferOutput<typeof Payload>;

/** Sets my heart on a post; setting it as it is changes nothing, so applying it again on a fresh page is harmless. */
const setHeart = (db: VillageDatabase, newsId: string, hearted: boolean) =>
  changePost(db, newsId, (post) =>
    post.hearted_by_me === hearted ? null : { ...post, hearted_by_me: hearted, hearts: Math.max(0, post.hearts + (hearted ? 1 : -1)) },
  );

/** A member hearts a post. Heart and its taking back share a target: the last one made decides what is shown. */
export const heartNews = defineMutation({
  name: 'heart-news',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news-hearts:${p.news_id}`,
  apply: (db, p) => setHeart(db, p.news_id, true),
  request: (p) => requestTo(heartEndpoint, { params: { id: p.village_id, newsId: p.news_id }, body: { villager_id: p.villager_id } }),
  async settle(db, p, data) {
    await changePost(db, p.news_id, (post) => ({ ...post, hearts: data.hearts, hearted_by_me: data.hearted_by_me }));
  },
  describe: () => 'Cœur sur une nouvelle',
});

/** A member takes their heart back. */
export const unheartNews = defineMutation({
  name: 'unheart-news',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news-hearts:${p.news_id}`,
  apply: (db, p) => setHeart(db, p.news_id, false),
  request: (p) => requestTo(unheartEndpoint, { params: { id: p.village_id, newsId: p.news_id, villagerId: p.villager_id } }),
  describe: () => 'Cœur retiré d’une nouvelle',
});
