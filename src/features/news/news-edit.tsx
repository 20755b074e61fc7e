import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../contract';
import { NEWS_BODY_MAX } from '../../contract/news';
import { editNewsAction } from '../../domain/news/actions';
import { FieldFrame } from '../../components/form/field-frame';

interface NewsEditProps {
  villageId: string;
  newsId: string;
  body: string;
  me: string;
  /** Whose post it is, for the button's name out of context (« Modifier la nouvelle de Claire »). */
  author: string;
}

/**
 * « Modifier » under a post for its author and the organisers: the text in place, saved to the device at once
 * and sent when it can (domain/news/mutations/edit-news.ts); « Annuler » gives the focus back to the button.
 */
export function NewsEdit({ villageId, newsId, body, me, author }: NewsEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const opener = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  const fieldId = useId();

  // The form went away: the focus returns to « Modifier », once React has put it back.
  useEffect(() => {
    if (draft !== null || !returning.current) return;
    returning.current = false;
    opener.current?.focus();
  }, [draft]);

  const close = () => {
    returning.current = true;
    setDraft(null);
    setError(undefined);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = (draft ?? '').trim();
    if (!text) return setError(messages.required);
    if (text.length > NEWS_BODY_MAX) return setError(messages.maxLength(NEWS_BODY_MAX));
    if (text === body) return close();
    const written = await editNewsAction(villageId, newsId, me, text);
    if (!written.ok) return setError(written.message);
    close();
  }

  if (draft === null) {
    return (
      <button
        ref={opener}
        type="button"
        className="secondary news-edit-open"
        aria-label={`Modifier la nouvelle de ${author === 'Vous' ? 'vous' : author}`}
        onClick={() => setDraft(body)}
      >
        Modifier
      </button>
    );
  }
  return (
    <form className="news-edit" onSubmit={(event) => void save(event)}>
      <FieldFrame label="Texte de la nouvelle" name="body" id={fieldId} error={error}>
        {/* Opened by the person's own tap on « Modifier »: the text is where they go. */}
        {(control) => <textarea {...control} rows={4} autoFocus value={draft} onChange={(event) => setDraft(event.target.value)} />}
      </FieldFrame>
      <div className="news-edit-actions">
        <button type="submit">Enregistrer</button>
        <button type="button" className="secondary" onClick={close}>
          Annuler
        </button>
      </div>
    </form>
  );
}
