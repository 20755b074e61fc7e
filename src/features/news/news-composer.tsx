import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../contract';
import { NEWS_BODY_MAX, NEWS_PHOTOS_MAX } from '../../contract/news';
import { postNewsAction } from '../../domain/news/actions';
import { onlineStatus } from '../../pwa/online-status';
import { PHOTO_TYPES, photoProblem } from '../../components/form/photo-rules';
import { FieldFrame } from '../../components/form/field-frame';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';

const KEPT_OFFLINE = 'Nouvelle gardée sur cet appareil\u00a0: elle partira dès que le réseau sera revenu.';
const TOO_MANY = `${NEWS_PHOTOS_MAX} photos au plus.`;

/**
 * Posting news, at the top of the journal for those who may: the text and its photos go through the outbox,
 * offline too, the photos after their post (domain/news/mutations/add-news-photo.ts).
 */
export function NewsComposer({ villageId, authorId }: { villageId: string; authorId: string }) {
  const online = onlineStatus.use();
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const photosId = useId();

  /** A text to fix: said at the field, and the field focused so that a screen reader reads it out. */
  const refuse = (message: string) => {
    setError(message);
    document.getElementById(fieldId)?.focus();
  };

  const choose = (chosen: File[]) => {
    const problem = chosen.length > NEWS_PHOTOS_MAX ? TOO_MANY : (chosen.map(photoProblem).find(Boolean) ?? null);
    setPhotoError(problem);
    setFiles(problem ? [] : chosen);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = draft.trim();
    if (!body || busy) return;
    if (body.length > NEWS_BODY_MAX) return refuse(messages.maxLength(NEWS_BODY_MAX));
    setBusy(true);
    setError(undefined);
    setPhotoError(null);
    try {
      const photos = files;
      const posted = await postNewsAction(villageId, authorId, body, photos);
      if (!posted.ok) return refuse(posted.message);
      setDraft('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      if (posted.photoProblem) setPhotoError(`Les photos n’ont pas pu être gardées\u00a0: ${posted.photoProblem}`);
      if (!online) return setStatus(KEPT_OFFLINE);
      setStatus(
        !photos.length ? 'Nouvelle publiée.' : photos.length > 1 ? 'Nouvelle publiée avec ses photos.' : 'Nouvelle publiée avec sa photo.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="news-composer" onSubmit={(event) => void submit(event)}>
      <FieldFrame label="Votre nouvelle" name="body" id={fieldId} error={error} caution={NO_MEDICAL_DETAILS}>
        {(control) => <textarea {...control} rows={4} value={draft} onChange={(event) => setDraft(event.target.value)} />}
      </FieldFrame>
      {/* The browser's own file button speaks its own language: a French label stands in for it, as for the
          other photos (components/form/photo-upload-form.tsx). */}
      <input
        id={photosId}
        ref={fileInput}
        className="file-input"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        onChange={(event) => choose([...(event.target.files ?? [])])}
      />
      <label htmlFor={photosId} className="file-label">
        Joindre des photos ({NEWS_PHOTOS_MAX} au plus)
      </label>
      {files.length ? <p className="field-hint">{files.map((file) => file.name).join(', ')}</p> : null}
      {photoError ? (
        <p className="form-alert" role="alert">
          {photoError}
        </p>
      ) : null}
      <p role="status" className="news-status">
        {status}
      </p>
      <button type="submit" disabled={busy || draft.trim() === ''}>
        Publier
      </button>
    </form>
  );
}
