import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { NEWS_COMMENTS_SHOWN, type NewsComment, type NewsPost } from '../../src/contract/news';
import type { Executor } from '../db/client';
import { newsComments, newsHearts, newsPhotos, newsPosts, users, villagers } from '../db/schema';
import type { Serializers } from '../serialize';

type UserRow = typeof users.$inferSelect;
type Author = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'photoKey'> | null;

/** The author's public account by their villager (none once their account is deleted). */
export const authorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, photoKey: users.photoKey };

const authorOf = (serialize: Serializers, author: Author) => (author?.id ? serialize.publicUser(author) : null);

/** The wire shape of a comment. */
export function commentOf(
  serialize: Serializers,
  c: { id: string; newsId: string; authorId: string; body: string; createdAt: Date },
  author: Author,
): NewsComment {
  return {
    id: c.id,
    news_id: c.newsId,
    author_id: c.authorId,
    author: authorOf(serialize, author),
    body: c.body,
    created_at: c.createdAt.toISOString(),
  };
}

/**
 * Posts with everything a reader sees of them, in the order of `posts`: their photos, hearts (and whether
 * `readerId` gave one) and latest comments. Four queries whatever the page's size, each bounded by it: at
 * most NEWS_PHOTOS_MAX photos and NEWS_COMMENTS_SHOWN comments per post.
 */
export async function withReactions(
  db: Executor,
  serialize: Serializers,
  posts: Array<{ post: typeof newsPosts.$inferSelect; author: Author }>,
  readerId: string,
): Promise<NewsPost[]> {
  if (posts.length === 0) return [];
  const ids = posts.map((p) => p.post.id);
  const photos = await db
    .select()
    .from(newsPhotos)
    .where(inArray(newsPhotos.newsId, ids))
    .orderBy(asc(newsPhotos.createdAt), asc(newsPhotos.id));
  const hearts = await db
    .select({
      newsId: newsHearts.newsId,
      count: sql<number>`count(*)`.mapWith(Number),
      mine: sql<boolean>`bool_or(${newsHearts.villagerId} = ${readerId})`,
    })
    .from(newsHearts)
    .where(inArray(newsHearts.newsId, ids))
    .groupBy(newsHearts.newsId);
  const ranked = db
    .select({
      id: newsComments.id,
      newsId: newsComments.newsId,
      authorId: newsComments.authorId,
      body: newsComments.body,
      createdAt: newsComments.createdAt,
      rank: sql<number>`row_number() over (partition by ${newsComments.newsId} order by ${newsComments.createdAt} desc, ${newsComments.id} desc)`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${newsComments.newsId})`.as('total'),
    })
    .from(newsComments)
    .where(inArray(newsComments.newsId, ids))
    .as('ranked');
  const comments = await db
    .select({
      comment: {
        id: ranked.id,
        newsId: ranked.newsId,
        authorId: ranked.authorId,
        body: ranked.body,
        createdAt: ranked.createdAt,
        total: ranked.total,
      },
      author: authorColumns,
    })
    .from(ranked)
    .innerJoin(villagers, eq(villagers.id, ranked.authorId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(lte(ranked.rank, NEWS_COMMENTS_SHOWN))
    .orderBy(asc(ranked.createdAt), asc(ranked.id));

  return posts.map(({ post, author }) => {
    const heart = hearts.find((h) => h.newsId === post.id);
    const own = comments.filter((c) => c.comment.newsId === post.id);
    return {
      id: post.id,
      village_id: post.villageId,
      author_id: post.authorId,
      author: authorOf(serialize, author),
      body: post.body,
      photos: photos.filter((p) => p.newsId === post.id).map((p) => ({ id: p.id, original_url: serialize.photo(p.key)!.original_url })),
      created_at: post.createdAt.toISOString(),
      updated_at: post.updatedAt.toISOString(),
      hearts: heart?.count ?? 0,
      hearted_by_me: heart?.mine === true,
      comments: own.map((c) => commentOf(serialize, { ...c.comment, createdAt: new Date(c.comment.createdAt) }, c.author)),
      comments_count: own.length === 0 ? 0 : Number(own[0].comment.total),
    };
  });
}

/** One post with its author, read afresh (after a write). */
export async function loadPost(db: Executor, serialize: Serializers, newsId: string, readerId: string): Promise<NewsPost> {
  const rows = await db
    .select({ post: newsPosts, author: authorColumns })
    .from(newsPosts)
    .innerJoin(villagers, eq(villagers.id, newsPosts.authorId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(eq(newsPosts.id, newsId));
  const [post] = await withReactions(db, serialize, rows, readerId);
  return post;
}
