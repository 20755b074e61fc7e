import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { UpdaterInput } from '../../src/contract';
import { addNewsPhoto, deleteNewsPhoto } from '../../src/contract/endpoints/news';
import { NEWS_PHOTOS_MAX, newsNotFound, newsTooManyPhotos } from '../../src/contract/news';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { newsPhotos } from '../db/schema';
import { invalid, notFound, text } from '../http/errors';
import { parse } from '../http/validate';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { touchVillage } from '../actions/record';
import { actingAs, loadMembership } from '../policy';
import { processPhoto, readPhotoForm } from '../photos/process-photo';
import { replacePhoto } from '../photos/replace-photo';
import type { Serializers } from '../serialize';
import { loadPost } from './load-posts';
import { canEditPost, findPost } from './rights';

const photoNotFound = 'Cette photo est introuvable.';

/** The author (or an organiser) of a post of this village, acting as `actingId`: who adds and removes its photos. */
async function postEditor(db: Executor, villageId: string, newsId: string, userId: string, actingId: string) {
  const actor = actingAs(await loadMembership(db, villageId, userId), actingId);
  canEditPost(actor, await findPost(db, villageId, newsId));
  return actor;
}

/** Refuses a fifth photo: checked before the costly re-encoding, and again in the write that adds it. */
async function roomForPhoto(db: Executor, newsId: string) {
  const [{ n }] = await db.select({ n: count() }).from(newsPhotos).where(eq(newsPhotos.newsId, newsId));
  if (n >= NEWS_PHOTOS_MAX) throw invalid([{ field: 'photo', message: newsTooManyPhotos }], newsTooManyPhotos);
}

/** A post's photos: multipart `photo` and `updater_id`, re-encoded like every photo (photos/process-photo.ts). */
export function newsPhotoRoutes(app: App, deps: Deps, serialize: Serializers) {
  const postIds = { id: text.villageNotFound, newsId: newsNotFound };

  route(app, addNewsPhoto, { ids: postIds }, async (c, { user, params: { id: villageId, newsId } }) => {
    const { photo, fields } = await readPhotoForm(c);
    const { updater_id } = parse(UpdaterInput, fields);
    await postEditor(deps.db, villageId, newsId, user.id, updater_id);
    await roomForPhoto(deps.db, newsId);
    const processed = await processPhoto(photo);
    return replacePhoto(deps.files, processed, (stored) =>
      write(c, deps, 201, async (tx) => {
        const actor = await postEditor(tx, villageId, newsId, user.id, updater_id);
        await roomForPhoto(tx, newsId);
        const now = deps.clock.now();
        await tx.insert(newsPhotos).values({ id: uuidv7(), newsId, key: processed.key, createdAt: now });
        await touchVillage(tx, villageId, now, 'news_changed');
        // Kept: the new file is the post's now (none replaced).
        stored(null);
        return loadPost(tx, serialize, newsId, actor.id);
      }),
    );
  });

  route(
    app,
    deleteNewsPhoto,
    { ids: { ...postIds, photoId: photoNotFound } },
    async (c, { user, params: { id: villageId, newsId, photoId }, query }) => {
      let removedKey: string | null = null;
      const response = await write(c, deps, 204, async (tx) => {
        await postEditor(tx, villageId, newsId, user.id, query.villager_id);
        const [removed] = await tx
          .delete(newsPhotos)
          .where(and(eq(newsPhotos.id, photoId), eq(newsPhotos.newsId, newsId)))
          .returning({ key: newsPhotos.key });
        if (!removed) throw notFound(photoNotFound);
        await touchVillage(tx, villageId, deps.clock.now(), 'news_changed');
        removedKey = removed.key;
      });
      if (removedKey) await deps.files.remove(removedKey);
      return response;
    },
  );
}
