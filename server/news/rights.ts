import { and, eq } from 'drizzle-orm';
import { newsCommentForbidden, newsEditForbidden, newsNotFound, newsPostForbidden } from '../../src/contract/news';
import type { Executor } from '../db/client';
import { newsPosts } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { Membership, VillagerRow } from '../membership';
import { actingAs, isManager } from '../policy';

/** Who posts news: the organisers (the creator, the co-organisers) and the person helped, as the acting villager they name. */
export function canPostNews(m: Membership, actingId: string): VillagerRow {
  const actor = actingAs(m, actingId);
  if (!isManager(actor)) throw forbidden(newsPostForbidden);
  return actor;
}

/** A post of this village, or the 404 of one that is not (another village's post is not found either). */
export async function findPost(db: Executor, villageId: string, newsId: string) {
  const [post] = await db
    .select()
    .from(newsPosts)
    .where(and(eq(newsPosts.id, newsId), eq(newsPosts.villageId, villageId)));
  if (!post) throw notFound(newsNotFound);
  return post;
}

/** A post is changed or deleted (its photos too) by its author and the organisers. */
export function canEditPost(actor: VillagerRow, post: { authorId: string }) {
  if (post.authorId !== actor.id && !isManager(actor)) throw forbidden(newsEditForbidden);
}

/** A comment is deleted by its author and the organisers. */
export function canDeleteComment(actor: VillagerRow, comment: { authorId: string }) {
  if (comment.authorId !== actor.id && !isManager(actor)) throw forbidden(newsCommentForbidden);
}
