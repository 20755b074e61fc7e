import { commentNews, uncommentNews } from './mutations/comment-news';
import { deleteNews } from './mutations/delete-news';
import { editNews } from './mutations/edit-news';
import { heartNews, unheartNews } from './mutations/heart-news';
import { postNews } from './mutations/post-news';
import { addNewsPhotoKind } from './mutations/add-news-photo';

/** The writes of a village's news, in src/domain/mutation-kinds.ts with the others and applied again over each new page of news. */
export const newsKinds = [postNews, addNewsPhotoKind, editNews, deleteNews, heartNews, unheartNews, commentNews, uncommentNews] as const;
