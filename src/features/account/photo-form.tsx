import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '../../contract';
import { failureText } from '../../components/form/failure-text';
import { SubmitButton } from '../../components/form/submit-button';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { UserAvatar } from './user-avatar';
import { PHOTO_TYPES, photoProblem, uploadPhoto } from './upload-photo';

/** Choosing a photo shows it at once; it is sent only when the user confirms what they see. */
export function PhotoForm({ user }: { user: User }) {
  const inputId = useId();
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setError('Choisissez d’abord une photo.');
      return inputRef.current?.focus();
    }
    setBusy(true);
    const result = await uploadPhoto(user.id, file);
    setBusy(false);
    if (!result.ok) {
      const fieldMessage = result.failure.kind === 'invalid' ? result.failure.errors.find((e) => e.field === 'photo')?.message : undefined;
      setError(fieldMessage ?? failureText(result.failure));
      return inputRef.current?.focus();
    }
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
    toast.success(TOAST_TEXT.updated);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="photo-title" className="photo-form">
      <h2 id="photo-title">Ma photo</h2>
      <div className="photo-preview">
        <UserAvatar user={user} size={96} src={preview ?? undefined} />
        <p className="field-hint">{preview ? 'Aperçu de la nouvelle photo, pas encore enregistrée.' : user.photo ? 'Photo actuelle.' : 'Pas encore de photo.'}</p>
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
