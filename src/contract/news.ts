import * as v from 'valibot';
import { messages } from './form-messages';
import { isoDateTime, queryCount, text, uuid } from './fields';
import { PublicUser } from './users';

/**
 * A village's news (its journal): posts by the people who organise it and by the person helped, read by
 * every member, answered with a heart or a short comment. Imported by path, not from the contract's index:
 * only the news screens and the server need it.
 */

/** The longest post, in characters once trimmed. */
export const NEWS_BODY_MAX = 5000;
/** The longest comment, in characters once trimmed. */
export const NEWS_COMMENT_MAX = 1000;
/** Photos one post may carry. */
export const NEWS_PHOTOS_MAX = 4;
/** Posts of a page when the reader does not say. */
export const NEWS_PAGE_SIZE = 20;
/** The most posts one page may ask for. */
export const NEWS_PAGE_MAX = 50;
/** The latest comments of each post that a page carries; `comments_count` tells how many there are in all. */
export const NEWS_COMMENTS_SHOWN = 50;

// French answers of the news calls, here rather than in ./error-messages so that only the news screens carry them.
export const newsNotFound = 'Cette nouvelle est introuvable.';
export const newsCommentNotFound = 'Ce commentaire est introuvable.';
export const newsPostForbidden = 'Seules les personnes qui organisent le village et la personne aidée peuvent publier des nouvelles.';
export const newsEditForbidden = 'Seules la personne qui a publié cette nouvelle et celles qui organisent le village peuvent la modifier.';
export const newsCommentForbidden =
  'Seules la personne qui a écrit ce commentaire et celles qui organisent le village peuvent le supprimer.';
export const newsTooManyPhotos = `Une nouvelle peut avoir ${NEWS_PHOTOS_MAX} photos au plus.`;

/** Who wrote a post or a comment: their villager, and what other members see of their account (null once it is deleted). */
const authored = {
  author_id: v.string(),
  author: v.nullable(PublicUser),
};

export const NewsPhoto = v.object({ id: v.string(), original_url: v.string() });
export type NewsPhoto = v.InferOutput<typeof NewsPhoto>;

export const NewsComment = v.object({
  id: v.string(),
  news_id: v.string(),
  ...authored,
  body: v.string(),
  created_at: v.string(),
});
export type NewsComment = v.InferOutput<typeof NewsComment>;

/** One post. Plain text: nothing in it is ever read as HTML. */
export const NewsPost = v.object({
  id: v.string(),
  village_id: v.string(),
  ...authored,
  body: v.string(),
  /** In the order they were added, at most NEWS_PHOTOS_MAX. */
  photos: v.array(NewsPhoto),
  created_at: v.string(),
  updated_at: v.string(),
  /** How many members hearted it (one heart per member). */
  hearts: v.number(),
  /** Whether the caller's villager is one of them. */
  hearted_by_me: v.boolean(),
  /** Its latest comments (at most NEWS_COMMENTS_SHOWN), oldest first. */
  comments: v.array(NewsComment),
  /** How many comments it has in all. */
  comments_count: v.number(),
});
export type NewsPost = v.InferOutput<typeof NewsPost>;

/** A text one writes: its id chosen by the app (so that what is written offline keeps its id once sent), its author, its text. */
const authoredInput = (max: number) => v.strictObject({ id: v.optional(uuid), author_id: uuid, body: text(max) });

export const CreateNewsInput = authoredInput(NEWS_BODY_MAX);
export type CreateNewsInput = v.InferOutput<typeof CreateNewsInput>;

export const UpdateNewsInput = v.strictObject({
  updater_id: uuid,
  body: text(NEWS_BODY_MAX),
});
export type UpdateNewsInput = v.InferOutput<typeof UpdateNewsInput>;

/** `before`: the posts older than this one (its id) or than this instant. */
export const NewsQuery = v.object({
  before: v.optional(v.union([uuid, isoDateTime], messages.wrongType)),
  limit: v.optional(queryCount(NEWS_PAGE_MAX), String(NEWS_PAGE_SIZE)),
});

export const NewsPage = v.object({ data: v.array(NewsPost), has_more: v.boolean() });
export type NewsPage = v.InferOutput<typeof NewsPage>;

export const HeartNewsInput = v.strictObject({ villager_id: uuid });
export type HeartNewsInput = v.InferOutput<typeof HeartNewsInput>;

/** A post's hearts after a heart was given. */
export const NewsHearts = v.object({ news_id: v.string(), hearts: v.number(), hearted_by_me: v.boolean() });
export type NewsHearts = v.InferOutput<typeof NewsHearts>;

export const CreateNewsCommentInput = authoredInput(NEWS_COMMENT_MAX);
export type CreateNewsCommentInput = v.InferOutput<typeof CreateNewsCommentInput>;
