import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { addNewsComment, deleteNewsComment } from '../../../contract/endpoints/news';
import { CreateNewsCommentInput } from '../../../contract/news';
import { defineMutation } from '../../../outbox/mutation-kind';
import { authorOf, changePost } from '../news-rows';

const CommentPayload = v.object({ village_id: uuid, news_id: uuid, id: uuid, input: v.omit(CreateNewsCommentInput, ['id']) });

/** A member comments on a post: shown at once as waiting, sent by the outbox in order. */
export const commentNews = defineMutation({
  name: 'comment-news',
  payload: CommentPayload,
  villageId: (p) => p.village_id,
  target: (p) => `news-comments:${p.id}`,
  async apply(db, p, { createdAt }) {
    const author = await authorOf(db, p.input.author_id);
    await changePost(db, p.news_id, (post) => {
      // Already there (waiting, or confirmed by a page that came back first): applying again adds nothing.
      if (post.comments.some((c) => c.id === p.id)) return null;
      const comment = {
        id: p.id,
        news_id: p.news_id,
        author_id: p.input.author_id,
        author,
        body: p.input.body,
        created_at: createdAt,
        pending: true as const,
      };
      return { ...post, comments: [...post.comments, comment], comments_count: post.comments_count + 1 };
    });
  },
  request: (p) => requestTo(addNewsComment, { params: { id: p.village_id, newsId: p.news_id }, body: { ...p.input, id: p.id } }),
  async settle(db, p, data) {
    await changePost(db, p.news_id, (post) => ({ ...post, comments: post.comments.map((c) => (c.id === data.id ? data : c)) }));
  },
  describe: (p) => `Commentaire\u00a0: «\u00a0${p.input.body.length > 40 ? `${p.input.body.slice(0, 40)}…` : p.input.body}\u00a0»`,
});

const UncommentPayload = v.object({ village_id: uuid, news_id: uuid, comment_id: uuid, villager_id: uuid });

/** Its author or an organiser deletes a comment: gone at once from the device, then from the server. */
export const uncommentNews = defineMutation({
  name: 'uncomment-news',
  payload: UncommentPayload,
  villageId: (p) => p.village_id,
  target: (p) => `news-comments:${p.comment_id}`,
  async apply(db, p) {
    await changePost(db, p.news_id, (post) =>
      post.comments.some((c) => c.id === p.comment_id)
        ? { ...post, comments: post.comments.filter((c) => c.id !== p.comment_id), comments_count: Math.max(0, post.comments_count - 1) }
        : null,
    );
  },
  request: (p) =>
    requestTo(deleteNewsComment, {
      params: { id: p.village_id, newsId: p.news_id, commentId: p.comment_id },
      query: { villager_id: p.villager_id },
    }),
  describe: () => 'Suppression d’un commentaire',
});
