import { call } from '../../api/client';
import type { ApiFailure } from '../../api/failure';
import { addNewsPhoto } from '../../contract/endpoints/news';
import { db } from '../../db/database';
import { postNews, type PostNewsPayload } from './mutations/post-news';
import { changePost } from './news-rows';

const WAIT_MS = 20_000;
const STEP_MS = 250;

/** Whether the post is still waiting in this device's outbox. */
async function postWaiting(newsId: string) {
  const entries = await db.outbox.where('status').equals('pending').toArray();
  return entries.some((entry) => entry.kind === postNews.name && (entry.payload as PostNewsPayload).id === newsId);
}

/**
 * Adds photos to a post once the server has it (multipart `photo` and `updater_id`, one call each). Not an
 * outbox write, as the village's photo (upload-village-photo.ts): files may weigh megabytes, so they go now or
 * not at all, and the composer offers photos only online. Each answer replaces the post's text and photos on
 * this device; hearts and comments stay as the device has them. Answers the first failure, or null.
 */
export async function uploadNewsPhotos(villageId: string, newsId: string, updaterId: string, files: File[]): Promise<ApiFailure | null> {
  const until = Date.now() + WAIT_MS;
  while (await postWaiting(newsId)) {
    if (Date.now() > until) return { kind: 'offline' };
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
  for (const file of files) {
    const form = new FormData();
    form.append('photo', file);
    form.append('updater_id', updaterId);
    const result = await call(addNewsPhoto, { params: { id: villageId, newsId }, body: form });
    if (!result.ok) return result.failure;
    await changePost(db, newsId, (post) => ({
      ...post,
      photos: result.data.photos,
      body: result.data.body,
      updated_at: result.data.updated_at,
    }));
  }
  return null;
}
