import { endpoint } from '../endpoint';
import { ActingVillager } from '../needs';
import {
  CreateNewsCommentInput,
  CreateNewsInput,
  HeartNewsInput,
  NewsComment,
  NewsHearts,
  NewsPage,
  NewsPost,
  NewsQuery,
  UpdateNewsInput,
} from '../news';

export const listNews = endpoint({
  name: 'listNews',
  method: 'GET',
  path: '/v1/villages/{id}/news',
  summary: 'The village’s news, newest first, a page before a post or an instant (members)',
  query: NewsQuery,
  answer: { body: NewsPage },
});

export const createNews = endpoint({
  name: 'createNews',
  method: 'POST',
  path: '/v1/villages/{id}/news',
  summary: 'Post news (the organisers and the person helped)',
  body: CreateNewsInput,
  answer: { data: NewsPost },
});

export const updateNews = endpoint({
  name: 'updateNews',
  method: 'PUT',
  path: '/v1/villages/{id}/news/{newsId}',
  summary: 'Change a post’s text (its author or an organiser)',
  body: UpdateNewsInput,
  answer: { data: NewsPost },
});

export const deleteNews = endpoint({
  name: 'deleteNews',
  method: 'DELETE',
  path: '/v1/villages/{id}/news/{newsId}',
  summary: 'Delete a post, its photos, hearts and comments (its author or an organiser)',
  query: ActingVillager,
});

export const addNewsPhoto = endpoint({
  name: 'addNewsPhoto',
  method: 'POST',
  path: '/v1/villages/{id}/news/{newsId}/photos',
  summary: 'Add a photo to a post (multipart fields `photo` and `updater_id`; its author or an organiser; 4 at most)',
  body: 'multipart',
  answer: { data: NewsPost },
});

export const deleteNewsPhoto = endpoint({
  name: 'deleteNewsPhoto',
  method: 'DELETE',
  path: '/v1/villages/{id}/news/{newsId}/photos/{photoId}',
  summary: 'Remove a photo from a post (its author or an organiser)',
  query: ActingVillager,
});

export const heartNews = endpoint({
  name: 'heartNews',
  method: 'POST',
  path: '/v1/villages/{id}/news/{newsId}/hearts',
  summary: 'Heart a post (members; a second heart changes nothing)',
  body: HeartNewsInput,
  answer: { data: NewsHearts },
});

export const unheartNews = endpoint({
  name: 'unheartNews',
  method: 'DELETE',
  path: '/v1/villages/{id}/news/{newsId}/hearts/{villagerId}',
  summary: 'Take one’s heart back (one’s own villager; none to take back is no error)',
});

export const addNewsComment = endpoint({
  name: 'addNewsComment',
  method: 'POST',
  path: '/v1/villages/{id}/news/{newsId}/comments',
  summary: 'Comment on a post (members)',
  body: CreateNewsCommentInput,
  answer: { data: NewsComment },
});

export const deleteNewsComment = endpoint({
  name: 'deleteNewsComment',
  method: 'DELETE',
  path: '/v1/villages/{id}/news/{newsId}/comments/{commentId}',
  summary: 'Delete a comment (its author or an organiser)',
  query: ActingVillager,
});
