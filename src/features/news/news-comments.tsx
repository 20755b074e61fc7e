import { useId, useState, type FormEvent } from 'react';
import { FieldFrame } from '../../components/form/field-frame';
import { messages } from '../../contract';
import { NEWS_COMMENT_MAX } from '../../contract/news';
import { formatMoment } from '../../contract/help-time';
import { commentNewsAction, deleteCommentAction } from '../../domain/news/actions';
import type { LocalNewsPost } from '../../domain/news/news-reads';
import { authorName, commentsText } from '../../components/news/news-names';
import { DeleteWithConfirm } from './delete-with-confirm';

/** A post's comments, oldest first, and the short form to add one. Plain text: React escapes it. */
export function NewsComments({
  post,
  me,
  organiser,
  readOnly,
}: {
  post: LocalNewsPost;
  me: string | null;
  organiser: boolean;
  /** A closed village: its comments are read, not written. */
  readOnly: boolean;
}) {
  const actor = readOnly ? null : me;
  const listId = useId();
  return (
    <section className="news-comments" aria-labelledby={listId}>
      <h3 id={listId} className="news-comments-title">
        {commentsText(post.comments_count)}
      </h3>
      {post.comments.length ? (
        <ul>
          {post.comments.map((comment) => (
            <li key={comment.id} className="news-comment">
              <p className="news-meta">
                <span className="news-author">{comment.author_id === me ? 'Vous' : authorName(comment.author)}</span>{' '}
                <time dateTime={comment.created_at}>{formatMoment(comment.created_at)}</time>
                {comment.pending ? <span className="news-pending"> · en attente d'envoi</span> : null}
              </p>
              <p className="news-comment-body">{comment.body}</p>
              {actor && (comment.author_id === actor || organiser) ? (
                <DeleteWithConfirm
                  label={`Supprimer le commentaire de ${comment.author_id === me ? 'vous' : authorName(comment.author)}`}
                  title="Supprimer ce commentaire&nbsp;?"
                  text="Le commentaire sera supprimé pour tout le village."
                  onDelete={() => deleteCommentAction(post.village_id, post.id, comment.id, actor)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {actor ? <CommentForm villageId={post.village_id} newsId={post.id} me={actor} /> : null}
    </section>
  );
}

function CommentForm({ villageId, newsId, me }: { villageId: string; newsId: string; me: string }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  // Said at the field, and the field focused so that a screen reader reads it out.
  const refuse = (message: string) => {
    setError(message);
    document.getElementById(fieldId)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    if (body.length > NEWS_COMMENT_MAX) return refuse(messages.maxLength(NEWS_COMMENT_MAX));
    const result = await commentNewsAction(villageId, newsId, me, body);
    if (!result.ok) return refuse(result.message);
    setDraft('');
    setError(undefined);
  }

  return (
    <form className="news-comment-form" onSubmit={(event) => void submit(event)}>
      <FieldFrame label="Votre commentaire" name="comment" id={fieldId} error={error}>
        {(control) => <input {...control} type="text" value={draft} onChange={(event) => setDraft(event.target.value)} />}
      </FieldFrame>
      <button type="submit" className="secondary" disabled={draft.trim() === ''}>
        Commenter
      </button>
    </form>
  );
}
