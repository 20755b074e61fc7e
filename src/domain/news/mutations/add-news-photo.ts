import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { addNewsPhoto } from '../../../contract/endpoints/news';
import { defineMutation } from '../../../outbox/mutation-kind';
import { changePost } from '../news-rows';

/** A photo not on the server yet: shown as waiting, by its empty address (news-card.tsx). */
export const WAITING_PHOTO_URL = '';

const Payload = v.object({
  village_id: uuid,
  news_id: uuid,
  /** Chosen on the device, so that the waiting photo is found again when its answer comes. */
  photo_id: uuid,
  updater_id: uuid,
  /** The file itself, kept in the outbox (IndexedDB holds files) until the network is back. */
  photo: v.instance(Blob),
  name: v.pipe(v.string(), v.maxLength(255)),
});
export type AddNewsPhotoPayload = v.InferOutput<typeof Payload>;

/**
 * A photo of a post, taken offline or online: it waits on the device with its post and follows it, after it in
 * the outbox (a multipart write is sent alone, never in a batch). The server re-encodes it and answers the post.
 */
export const addNewsPhotoKind = defineMutation({
  name: 'add-news-photo',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news-photo:${p.photo_id}`,
  async apply(db, p) {
    await changePost(db, p.news_id, (post) =>
      post.photos.some((photo) => photo.id === p.photo_id)
        ? null
        : { ...post, photos: [...post.photos, { id: p.photo_id, original_url: WAITING_PHOTO_URL }] },
    );
  },
  request: (p) => {
    const form = new FormData();
    form.append('photo', p.photo, p.name);
    form.append('updater_id', p.updater_id);
    return requestTo(addNewsPhoto, { params: { id: p.village_id, newsId: p.news_id }, body: form });
  },
  async settle(db, p, data) {
    // The server's photos, then those still waiting on this device (another photo of the same post).
    await changePost(db, p.news_id, (post) => ({
      ...post,
      body: data.body,
      updated_at: data.updated_at,
      photos: [...data.photos, ...post.photos.filter((photo) => photo.original_url === WAITING_PHOTO_URL && photo.id !== p.photo_id)],
    }));
  },
  describe: () => 'Photo d’une nouvelle',
});
