import { v7 as uuidv7 } from 'uuid';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { commentNews, uncommentNews } from './mutations/comment-news';
import { deleteNews } from './mutations/delete-news';
import { heartNews, unheartNews } from './mutations/heart-news';
import { postNews } from './mutations/post-news';

/** How the journal writes: each shows at once on this device and waits in the outbox for the network. */

/** Posts news; answers the post's id (chosen here, so that photos can follow it once it is on the server). */
export async function postNewsAction(villageId: string, authorId: string, body: string): Promise<LocalWrite & { id: string }> {
  const id = uuidv7();
  return { ...(await writeLocally(postNews, { village_id: villageId, id, input: { author_id: authorId, body } })), id };
}

export const deleteNewsAction = (villageId: string, newsId: string, villagerId: string) =>
  writeLocally(deleteNews, { village_id: villageId, news_id: newsId, villager_id: villagerId });

export const setHeartAction = (villageId: string, newsId: string, villagerId: string, hearted: boolean) =>
  writeLocally(hearted ? heartNews : unheartNews, { village_id: villageId, news_id: newsId, villager_id: villagerId });

export const commentNewsAction = (villageId: string, newsId: string, authorId: string, body: string) =>
  writeLocally(commentNews, { village_id: villageId, news_id: newsId, id: uuidv7(), input: { author_id: authorId, body } });

export const deleteCommentAction = (villageId: string, newsId: string, commentId: string, villagerId: string) =>
  writeLocally(uncommentNews, { village_id: villageId, news_id: newsId, comment_id: commentId, villager_id: villagerId });
