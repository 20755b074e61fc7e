import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { createNews } from '../../../contract/endpoints/news';
import { CreateNewsInput } from '../../../contract/news';
import { defineMutation } from '../../../outbox/mutation-kind';
import { authorOf } from '../news-rows';
import { WAITING_PHOTO_URL } from './add-news-photo';

const Payload = v.object({ village_id: uuid, id: uuid, input: v.omit(CreateNewsInput, ['id']) });
export type PostNewsPayload = v.InferOutput<typeof Payload>;

/** An organiser or the person helped posts news: shown at once as waiting, sent by the outbox in order. */
export const postNews = defineMutation({
  name: 'post-news',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news:${p.id}`,
  async apply(db, p, { createdAt }) {
    // Already confirmed by the server (a page brought it back before the answer was stored): keep that one.
    const known = await db.news.get(p.id);
    if (known && !known.pending) return;
    await db.news.put({
      id: p.id,
      village_id: p.village_id,
      author_id: p.input.author_id,
      author: await authorOf(db, p.input.author_id),
      body: p.input.body,
      photos: [],
      created_at: createdAt,
      updated_at: createdAt,
      hearts: known?.hearts ?? 0,
      hearted_by_me: known?.hearted_by_me ?? false,
      comments: known?.comments ?? [],
      comments_count: known?.comments_count ?? 0,
      pending: true,
    });
  },
  request: (p) => requestTo(createNews, { params: { id: p.village_id }, body: { ...p.input, id: p.id } }),
  async settle(db, _p, data) {
    // Hearts and comments given on the device since stay until their own answers come.
    const local = await db.news.get(data.id);
    await db.news.put(
      local
        ? {
            ...data,
            hearts: local.hearts,
            hearted_by_me: local.hearted_by_me,
            comments: local.comments,
            comments_count: local.comments_count,
            // Its photos still waiting on this device follow it (add-news-photo.ts).
            photos: [...data.photos, ...local.photos.filter((photo) => photo.original_url === WAITING_PHOTO_URL)],
          }
        : data,
    );
  },
  describe: (p) => `Nouvelle\u00a0: «\u00a0${p.input.body.length > 40 ? `${p.input.body.slice(0, 40)}…` : p.input.body}\u00a0»`,
});
