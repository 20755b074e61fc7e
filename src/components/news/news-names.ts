import type { PublicUser } from '../../contract';

/** How an author is named: their name, or « Ancien membre » once their account is gone. */
export const authorName = (author: PublicUser | null) => (author ? `${author.first_name} ${author.last_name}` : 'Ancien membre');

/** « 1 cœur », « 3 cœurs ». */
export const heartsText = (n: number) => `${n} cœur${n > 1 ? 's' : ''}`;

/** « Aucun commentaire », « 1 commentaire », « 3 commentaires ». */
export const commentsText = (n: number) => (n === 0 ? 'Aucun commentaire' : `${n} commentaire${n > 1 ? 's' : ''}`);
