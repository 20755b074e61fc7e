import { useId } from 'react';
import { formatMoment } from '../../contract/help-time';
import { deleteNewsAction, setHeartAction } from '../../domain/news/actions';
import type { NewsLine } from '../../domain/news/news-reads';
import { authorName, heartsText } from '../../components/news/news-names';
import { DeleteWithConfirm } from './delete-with-confirm';
import { NewsEdit } from './news-edit';
import { NewsComments } from './news-comments';
import { WAITING_PHOTO_URL } from '../../domain/news/mutations/add-news-photo';

/** One post of the journal: who and when, its text and photos, the hearts and the comments. */
export function NewsCard({
  post,
  me,
  organiser,
  readOnly = false,
}: {
  post: NewsLine;
  me: string | null;
  organiser: boolean;
  /** A closed village: its journal is read, not written. */
  readOnly?: boolean;
}) {
  const actor = readOnly ? null : me;
  const headId = useId();
  const heartsId = useId();
  const author = post.author_id === me ? 'Vous' : authorName(post.author);
  return (
    <article className="news-card" aria-labelledby={headId}>
      <h2 id={headId} className="news-meta">
        <span className="news-author">{author}</span>{' '}
        <time dateTime={post.created_at} className="news-date">
          {formatMoment(post.created_at)}
        </time>
        {Date.parse(post.updated_at) - Date.parse(post.created_at) > 60_000 ? <span className="news-edited"> · modifiée</span> : null}
      </h2>
      {post.failure !== undefined ? (
        <p className="news-failed">Non publiée{post.failure ? `\u00a0: ${post.failure}` : ''}</p>
      ) : post.pending ? (
        <p className="news-pending">En attente d'envoi&nbsp;: la nouvelle partira dès que le réseau sera revenu.</p>
      ) : null}
      <p className="news-body">{post.body}</p>
      {post.photos.length ? (
        <ul className="news-photos">
          {post.photos.map((photo, index) => (
            <li key={photo.id}>
              {photo.original_url === WAITING_PHOTO_URL ? (
                // Kept on this device with its post until the network is back (add-news-photo.ts).
                <p className="news-photo-waiting">Photo {index + 1} en attente d'envoi</p>
              ) : (
                <img
                  src={photo.original_url}
                  alt={`Photo ${index + 1} sur ${post.photos.length} de la nouvelle de ${author}`}
                  loading="lazy"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="news-actions">
        {actor ? (
          <button
            type="button"
            className={post.hearted_by_me ? 'news-heart news-heart-on' : 'news-heart'}
            aria-pressed={post.hearted_by_me}
            aria-describedby={heartsId}
            onClick={() => void setHeartAction(post.village_id, post.id, actor, !post.hearted_by_me)}
          >
            <span aria-hidden="true">{post.hearted_by_me ? '♥' : '♡'}</span> J'aime
          </button>
        ) : null}
        <span id={heartsId} className="news-hearts">
          {heartsText(post.hearts)}
        </span>
        {actor && (post.author_id === actor || organiser) ? (
          <NewsEdit villageId={post.village_id} newsId={post.id} body={post.body} me={actor} author={author} />
        ) : null}
        {actor && (post.author_id === actor || organiser) ? (
          <DeleteWithConfirm
            label={`Supprimer la nouvelle de ${author === 'Vous' ? 'vous' : author}`}
            title="Supprimer cette nouvelle&nbsp;?"
            text="La nouvelle, ses photos, ses cœurs et ses commentaires seront supprimés pour tout le village."
            onDelete={() => deleteNewsAction(post.village_id, post.id, actor)}
          />
        ) : null}
      </div>
      <NewsComments post={post} me={me} organiser={organiser} readOnly={readOnly} />
    </article>
  );
}
