import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { createNews, deleteNews, listNews, updateNews } from '../../src/contract/endpoints/news';
import { newsNotFound } from '../../src/contract/news';
import type { Deps } from '../deps';
import { newsPhotos, newsPosts, users, villagers } from '../db/schema';
import { conflict, text } from '../http/errors';
import { beforeCursor } from '../http/keyset-cursor';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { actingAs, canRead, loadMembership, readMembership } from '../policy';
import type { Serializers } from '../serialize';
import { authorColumns, loadPost, withReactions } from './load-posts';
import { canEditPost, canPostNews, findPost } from './rights';

/** The village's news: read a page at a time backwards by its members, written by its organisers and the person helped. */
export function newsRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound };
  const postIds = { id: text.villageNotFound, newsId: newsNotFound };

  route(app, listNews, { ids }, async (c, { user, params: { id: villageId }, query: q }) => {
    const reader = canRead(await readMembership(deps, villageId, user.id));
    const older = q.before
      ? await beforeCursor(
          deps.db,
          { table: newsPosts, id: newsPosts.id, at: newsPosts.createdAt, villageId: newsPosts.villageId },
          villageId,
          q.before,
        )
      : undefined;
    const rows = await deps.db
      .select({ post: newsPosts, author: authorColumns })
      .from(newsPosts)
      .innerJoin(villagers, eq(villagers.id, newsPosts.authorId))
      .leftJoin(users, eq(users.id, villagers.userId))
      .where(and(eq(newsPosts.villageId, villageId), older))
      .orderBy(desc(newsPosts.createdAt), desc(newsPosts.id))
      // One more than asked tells whether older posts remain, without counting them.
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    return c.json({ data: await withReactions(deps.db, serialize, page, reader.id), has_more: rows.length > q.limit });
  });

  route(app, createNews, { ids }, async (c, { user, params: { id: villageId }, body: input }) =>
    write(c, deps, 201, async (tx) => {
      const actor = canPostNews(await loadMembership(tx, villageId, user.id), input.author_id);
      const now = deps.clock.now();
      const [post] = await tx
        .insert(newsPosts)
        .values({
          id: input.id?.toLowerCase() ?? uuidv7(),
          villageId,
          authorId: actor.id,
          body: input.body,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!post) throw conflict(text.idTaken);
      // The feed's "Marie a publié une nouvelle", and a push to the other members (push/compose.ts).
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'news_published', data: { news_id: post.id } }, now, [
        { villageId, kind: 'news', data: { news_id: post.id }, dueAt: now },
      ]);
      return loadPost(tx, serialize, post.id, actor.id);
    }),
  );

  route(app, updateNews, { ids: postIds }, async (c, { user, params: { id: villageId, newsId }, body: input }) =>
    write(c, deps, 200, async (tx) => {
      const actor = actingAs(await loadMembership(tx, villageId, user.id), input.updater_id);
      canEditPost(actor, await findPost(tx, villageId, newsId));
      const now = deps.clock.now();
      await tx.update(newsPosts).set({ body: input.body, updatedAt: now }).where(eq(newsPosts.id, newsId));
      await touchVillage(tx, villageId, now, 'news_changed');
      return loadPost(tx, serialize, newsId, actor.id);
    }),
  );

  route(app, deleteNews, { ids: postIds }, async (c, { user, params: { id: villageId, newsId }, query }) => {
    let keys: string[] = [];
    const response = await write(c, deps, 204, async (tx) => {
      const actor = actingAs(await loadMembership(tx, villageId, user.id), query.villager_id);
      canEditPost(actor, await findPost(tx, villageId, newsId));
      keys = (await tx.select({ key: newsPhotos.key }).from(newsPhotos).where(eq(newsPhotos.newsId, newsId))).map((p) => p.key);
      // Its photos' rows, hearts and comments go with it (cascade); the photos' files once committed.
      await tx.delete(newsPosts).where(eq(newsPosts.id, newsId));
      await touchVillage(tx, villageId, deps.clock.now(), 'news_changed');
    });
    for (const key of keys) await deps.files.remove(key);
    return response;
  });
}
