import { v7 as uuidv7 } from 'uuid';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { commentNews, uncommentNews } from './mutations/comment-news';
import { deleteNews } from './mutations/delete-news';
import { editNews } from './mutations/edit-news';
import { heartNews, unheartNews } from './mutations/heart-news';
import { postNews } from './mutations/post-news';
import { addNewsPhotoKind } from './mutations/add-news-photo';

/** How the journal writes: each shows at once on this device and waits in the outbox for the network. */

/**
 * Posts news with its photos: the text, then each photo, wait in the outbox in that order (offline too) and are
 * sent when the network is back. Answers the post's id.
 */
export async function postNewsAction(
  villageId: string,
  authorId: string,
  body: string,
  photos: readonly File[] = [],
): Promise<LocalWrite & { id: string; photoProblem?: string }> {
  const id = uuidv7();
  const posted = await writeLocally(postNews, { village_id: villageId, id, input: { author_id: authorId, body } });
  if (!posted.ok) return { ...posted, id };
  for (const photo of photos) {
    const kept = await writeLocally(addNewsPhotoKind, {
      village_id: villageId,
      news_id: id,
      photo_id: uuidv7(),
      updater_id: authorId,
      photo,
      name: photo.name.slice(0, 255),
    });
    // The text is kept: only the photos that did not fit are said to be lost.
    if (!kept.ok) return { ok: true, id, photoProblem: kept.message };
  }
  return { ok: true, id };
}

/** Changes a post's text (its author or an organiser), shown at once, sent when the device can. */
export const editNewsAction = (villageId: string, newsId: string, updaterId: string, body: string) =>
  writeLocally(editNews, { village_id: villageId, news_id: newsId, input: { updater_id: updaterId, body } });

export const deleteNewsAction = (villageId: string, newsId: string, villagerId: string) =>
  writeLocally(deleteNews, { village_id: villageId, news_id: newsId, villager_id: villagerId });

export const setHeartAction = (villageId: string, newsId: string, villagerId: string, hearted: boolean) =>
  writeLocally(hearted ? heartNews : unheartNews, { village_id: villageId, news_id: newsId, villager_id: villagerId });

export const commentNewsAction = (villageId: string, newsId: string, authorId: string, body: string) =>
  writeLocally(commentNews, { village_id: villageId, news_id: newsId, id: uuidv7(), input: { author_id: authorId, body } });

export const deleteCommentAction = (villageId: string, newsId: string, commentId: string, villagerId: string) =>
  writeLocally(uncommentNews, { village_id: villageId, news_id: newsId, comment_id: commentId, villager_id: villagerId });
