import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiResult } from '../../api/failure';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { PHOTO_TYPES, photoProblem } from './photo-rules';
import { failureText } from '../../domain/failure-text';
import { SubmitButton } from './submit-button';

export const PHOTO_OFFLINE =
  'Pas de connexion\u00a0: la photo ne peut pas être envoyée pour le moment. Réessayez quand le réseau sera revenu.';

interface PhotoUploadFormProps {
  title: string;
  /** Whether a photo is already saved: the hint under the image says so. */
  hasPhoto: boolean;
  /** The image shown: the chosen file's preview when there is one, else the saved photo. */
  renderImage: (previewUrl: string | null) => ReactNode;
  upload: (file: File) => Promise<ApiResult<unknown>>;
}

/**
 * A photo to choose and send (the user's, a village's): the chosen file shows at once and is sent only when
 * confirmed. It needs the network (photos do not wait in the outbox); offline, the choice is kept so that
 * one tap sends it later.
 */
export function PhotoUploadForm({ title, hasPhoto, renderImage, upload }: PhotoUploadFormProps) {
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The preview's object URL holds the file in memory: it is let go when replaced or when the page closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    const problem = photoProblem(chosen);
    if (problem) {
      setFile(null);
      setPreview(null);
      return setError(problem);
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) return fail('Choisissez d’abord une photo.');
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return fail(PHOTO_OFFLINE);
    setBusy(true);
    const result = await upload(file);
    setBusy(false);
    if (!result.ok) {
      if (result.failure.kind === 'offline') return fail(PHOTO_OFFLINE);
      const fieldMessage = result.failure.kind === 'invalid' ? result.failure.errors.find((e) => e.field === 'photo')?.message : undefined;
      return fail(fieldMessage ?? failureText(result.failure));
    }
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
    toast.success(TOAST_TEXT.updated);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="photo-form">
      <h2 id={titleId}>{title}</h2>
      <div className="photo-preview">
        {renderImage(preview)}
        <p className="field-hint">
          {preview ? 'Aperçu de la nouvelle photo, pas encore enregistrée.' : hasPhoto ? 'Photo actuelle.' : 'Pas encore de photo.'}
        </p>
      </div>
      {/* The browser's own file button speaks its own language: a French label stands in for it, the input
          stays focusable (visually hidden) and its focus shows on the label. */}
      <input
        ref={inputRef}
        id={inputId}
        className="file-input"
        name="photo"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => choose(e.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={inputId} className="file-label">
        Choisir une photo
      </label>
      {file ? <p className="field-hint">{file.name}</p> : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <SubmitButton busy={busy}>Enregistrer la photo</SubmitButton>
    </form>
  );
}
