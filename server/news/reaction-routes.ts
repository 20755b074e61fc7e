import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addNewsComment, deleteNewsComment, heartNews, unheartNews } from '../../src/contract/endpoints/news';
import { newsCommentNotFound, newsNotFound } from '../../src/contract/news';
import type { Deps } from '../deps';
import { newsComments, newsHearts, users } from '../db/schema';
import { conflict, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { touchVillage } from '../actions/record';
import { actingAs, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { authorColumns, commentOf } from './load-posts';
import { canDeleteComment, findPost } from './rights';

/** What members answer a post with: a heart (one each) and short comments. */
export function newsReactionRoutes(app: App, deps: Deps, serialize: Serializers) {
  const postIds = { id: text.villageNotFound, newsId: newsNotFound };

  route(app, heartNews, { ids: postIds }, async (c, { user, params: { id: villageId, newsId }, body: input }) =>
    write(c, deps, 201, async (tx) => {
      const actor = actingAs(await loadMembership(tx, villageId, user.id), input.villager_id);
      await findPost(tx, villageId, newsId);
      const now = deps.clock.now();
      // A second heart (a retry, another device) changes nothing.
      const added = await tx
        .insert(newsHearts)
        .values({ newsId, villagerId: actor.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ newsId: newsHearts.newsId });
      if (added.length > 0) await touchVillage(tx, villageId, now, 'news_changed');
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(newsHearts)
        .where(eq(newsHearts.newsId, newsId));
      return { news_id: newsId, hearts: count, hearted_by_me: true };
    }),
  );

  route(
    app,
    unheartNews,
    { ids: { ...postIds, villagerId: text.villagerNotFound } },
    async (c, { user, params: { id: villageId, newsId, villagerId } }) =>
      write(c, deps, 204, async (tx) => {
        const actor = actingAs(await loadMembership(tx, villageId, user.id), villagerId);
        await findPost(tx, villageId, newsId);
        // No heart to take back is no error: the app may send it twice.
        const removed = await tx
          .delete(newsHearts)
          .where(and(eq(newsHearts.newsId, newsId), eq(newsHearts.villagerId, actor.id)))
          .returning({ newsId: newsHearts.newsId });
        if (removed.length > 0) await touchVillage(tx, villageId, deps.clock.now(), 'news_changed');
      }),
  );

  route(app, addNewsComment, { ids: postIds }, async (c, { user, params: { id: villageId, newsId }, body: input }) =>
    write(c, deps, 201, async (tx) => {
      const actor = actingAs(await loadMembership(tx, villageId, user.id), input.author_id);
      await findPost(tx, villageId, newsId);
      const now = deps.clock.now();
      const [comment] = await tx
        .insert(newsComments)
        .values({ id: input.id?.toLowerCase() ?? uuidv7(), newsId, authorId: actor.id, body: input.body, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!comment) throw conflict(text.idTaken);
      await touchVillage(tx, villageId, now, 'news_changed');
      const [author] = await tx.select(authorColumns).from(users).where(eq(users.id, user.id));
      return commentOf(serialize, comment, author ?? null);
    }),
  );

  route(
    app,
    deleteNewsComment,
    { ids: { ...postIds, commentId: newsCommentNotFound } },
    async (c, { user, params: { id: villageId, newsId, commentId }, query }) =>
      write(c, deps, 204, async (tx) => {
        const actor = actingAs(await loadMembership(tx, villageId, user.id), query.villager_id);
        await findPost(tx, villageId, newsId);
        const [comment] = await tx
          .select()
          .from(newsComments)
          .where(and(eq(newsComments.id, commentId), eq(newsComments.newsId, newsId)));
        if (!comment) throw notFound(newsCommentNotFound);
        canDeleteComment(actor, comment);
        await tx.delete(newsComments).where(eq(newsComments.id, commentId));
        await touchVillage(tx, villageId, deps.clock.now(), 'news_changed');
      }),
  );
}
