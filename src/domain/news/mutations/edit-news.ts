import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateNews } from '../../../contract/endpoints/news';
import { UpdateNewsInput } from '../../../contract/news';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, news_id: uuid, input: UpdateNewsInput });

/**
 * Its author or an organiser changes a post's text: shown changed at once, sent by the outbox in order (after
 * the post itself when both wait). The server's answer brings the text as stored; hearts and comments given on
 * this device since stay until their own answers come, as with a post (post-news.ts).
 */
export const editNews = defineMutation({
  name: 'edit-news',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news:${p.news_id}`,
  async apply(db, p, { createdAt }) {
    await db.news.update(p.news_id, { body: p.input.body, updated_at: createdAt });
  },
  request: (p) => requestTo(updateNews, { params: { id: p.village_id, newsId: p.news_id }, body: p.input }),
  async settle(db, p, data) {
    await db.news.update(p.news_id, { body: data.body, updated_at: data.updated_at });
  },
  describe: (p) =>
    `Modification d’une nouvelle\u00a0: «\u00a0${p.input.body.length > 40 ? `${p.input.body.slice(0, 40)}…` : p.input.body}\u00a0»`,
});
